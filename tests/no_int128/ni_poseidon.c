/* The portable Poseidon BN254 kernel without __int128 (ni.h). */
#define NI_BUILD
#include "no_int128/ni.h"

#include "poseidon/kernel_portable.c"
