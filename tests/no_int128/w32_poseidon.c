/* The portable Poseidon BN254 kernel on 32-bit limbs (ni.h, W32_BUILD). */
#define W32_BUILD
#include "no_int128/ni.h"

#include "poseidon/kernel_portable.c"

#if !ZKPI_BN254_W32
#error "ZKP_TEST_WASM_ARITH did not select bn254/fr32.h"
#endif
