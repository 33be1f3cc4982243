/* The portable single Hemera permutation with the Goldilocks product from
 * 32x32 products (ni.h, W32_BUILD). */
#define W32_BUILD
#include "no_int128/ni.h"

#include "hemera/permute_portable.c"
