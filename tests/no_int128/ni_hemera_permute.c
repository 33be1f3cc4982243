/* The portable single Hemera permutation without __int128 (ni.h). */
#define NI_BUILD
#include "no_int128/ni.h"

#include "hemera/permute_portable.c"
