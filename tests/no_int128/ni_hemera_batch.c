/* The portable batched Hemera permutation without __int128 (ni.h). */
#define NI_BUILD
#include "no_int128/ni.h"

#include "hemera/batch_portable.c"
