/*
 * Internal: the BN254 scalar-field element type and the generated circom
 * parameter tables (gen/poseidon_constants.py writes constants_*.c).
 * Every table element is in Montgomery form (x * 2^256 mod p), little-endian
 * 64-bit limbs. Index the per-width arrays by t = 2..17 (0 and 1 are NULL).
 */
#ifndef ZKPRIM_POSEIDON_PARAMS_H
#define ZKPRIM_POSEIDON_PARAMS_H

#include <stddef.h>
#include <stdint.h>

#include "bn254/elem.h"

/* A BN254 Fr element, Montgomery form (bn254/elem.h). */
typedef zkpi_bn254_fr zkpi_fr;

#define ZKP_POSEIDON_TMIN 2
#define ZKP_POSEIDON_TMAX 17
#define ZKP_POSEIDON_RF 8

/* Width knob: a build compiled with -DZKP_POSEIDON_ONLY_T=t (2..17) carries
 * only width t's tables and permutation (the per-arity WebAssembly modules,
 * docs/js.md); every other width is refused with ZKP_ERR_COUNT by the public
 * functions. 0, the default: every width. */
#ifndef ZKP_POSEIDON_ONLY_T
#define ZKP_POSEIDON_ONLY_T 0
#endif
#if ZKP_POSEIDON_ONLY_T != 0 && (ZKP_POSEIDON_ONLY_T < ZKP_POSEIDON_TMIN || ZKP_POSEIDON_ONLY_T > ZKP_POSEIDON_TMAX)
#error "ZKP_POSEIDON_ONLY_T must be 0 or a width 2..17"
#endif
#define ZKPI_POSEIDON_HAS_T(t) (ZKP_POSEIDON_ONLY_T == 0 || ZKP_POSEIDON_ONLY_T == (t))

/* Dense form: rc[r*t + i] is added to lane i at the start of round r
 * (8 + R_P rounds); mds[i*t + j]: new[i] = sum_j mds[i*t+j] * s[j].
 * zkpi_poseidon_rc is test code (tests/ref/poseidon_constants_dense.c): only
 * the plain permutation in tests/test_poseidon.c uses it. */
extern const zkpi_fr *const zkpi_poseidon_rc[18];
extern const zkpi_fr *const zkpi_poseidon_mds[18];
/* Sparse form (circomlibjs' "opt" schedule, see docs/poseidon.md):
 * sc: 8t + R_P folded constants; ss: (2t - 1) * R_P partial-round vectors
 * (row (a_0..a_(t-1)), column (b_1..b_(t-1)) per round; test code, like rc);
 * sz: the same partial rounds on a rescaled state, (2t - 1) per round
 * (chat, what_1.., beta_1..) and t final scales (e, D_1..), see
 * gen/poseidon_constants.py scaled_partial(); sp: the t x t pre-sparse
 * matrix, row-major. */
extern const zkpi_fr *const zkpi_poseidon_sc[18];
extern const zkpi_fr *const zkpi_poseidon_ss[18];
extern const zkpi_fr *const zkpi_poseidon_sz[18];
extern const zkpi_fr *const zkpi_poseidon_sp[18];
/* Partial rounds per width. */
extern const unsigned char zkpi_poseidon_rp[18];

#endif
