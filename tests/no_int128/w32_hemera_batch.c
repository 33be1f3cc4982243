/* The portable batched Hemera permutation with the Goldilocks product from
 * 32x32 products (ni.h, W32_BUILD). */
#define W32_BUILD
#include "no_int128/ni.h"

#include "hemera/batch_portable.c"
