/* Portable Keccak-f[1600]: the reference kernel and test oracle for every
 * other kernel. Not fully unrolled (see f1600_scalar_tmpl.h). */
#define TMPL_SUFFIX portable
/* WebAssembly has no and-not: the lane-complementing round there (or on
 * any host with ZKP_TEST_WASM_ARITH, the native tests of the wasm shape;
 * ZKP_NO_WASM_ARITH keeps the plain round, as for bn254/fr32.h). */
#if (defined(__wasm__) || defined(ZKP_TEST_WASM_ARITH)) && !defined(ZKP_NO_WASM_ARITH)
#define TMPL_LANE_COMPLEMENT 1
/* and one round per loop iteration (f1600_scalar_tmpl.h): about 15% faster
 * under V8 than two (docs/js.md) */
#ifndef ZKP_KECCAK_ROUNDS_PER_ITER
#define ZKP_KECCAK_ROUNDS_PER_ITER 1
#endif
#endif
#include "keccak/f1600_scalar_tmpl.h"

/* FIPS 202 iota constants, computed by gen/keccak_round.py. */
const uint64_t zkpi_keccak_rc[24] = KECCAK_RC_TABLE;
