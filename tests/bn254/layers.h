/*
 * Test hooks of tests/test_bn254.c: out-of-line copies of the BN254 field
 * layers (src/bn254/), one file per instruction set, each compiled with only
 * that set's flags (tests/bn254.cmake). A layer that this build or compiler
 * leaves out reports 0 from its *_built() function.
 */
#ifndef ZKPRIM_TESTS_BN254_LAYERS_H
#define ZKPRIM_TESTS_BN254_LAYERS_H

#include <stdint.h>

/* MULX/ADX layer (bn254/fr_mulx.h), elements as 4 limbs, accumulators 8. */
int tb_mulx_built(void);
void tb_mulx_mul512(uint64_t T[8], const uint64_t a[4], const uint64_t b[4]);
void tb_mulx_sqr512(uint64_t T[8], const uint64_t a[4]);
void tb_mulx_mac512(uint64_t T[8], const uint64_t a[4], const uint64_t b[4]);
void tb_mulx_redc8(uint64_t T[8]);
void tb_mulx_montmul(uint64_t T[8], const uint64_t a[4], const uint64_t b[4]);
/* n = 2..4 terms: T[4..7] = (sum a[k] b[k] + M p) / 2^256 */
void tb_mulx_dot(uint64_t T[8], const uint64_t a[][4], const uint64_t b[][4], unsigned n);
/* T[4..7] = (a0 a1 + a2 b0 + a3 b1 + M p) / 2^256 */
void tb_mulx_dotx3(uint64_t T[8], const uint64_t a[4][4], const uint64_t b[2][4]);
/* T[4..7] = (T[0..3] + a b + M p) / 2^256 */
void tb_mulx_montmul_pre(uint64_t T[8], const uint64_t a[4], const uint64_t b[4]);
void tb_mulx_add512(uint64_t T[8], const uint64_t Y[8]); /* T += Y, sum < 2^512 */

/* AVX-512 IFMA layer (bn254/fr52_ifma.h): eight lanes, each element given
 * and returned as 4 limbs (radix 2^64; split to and joined from radix 2^52
 * by the layer's own conversions). r[j] = (sum_k a[k][j] b[k][j] + c 2^260
 * + M p) / 2^260 for n terms (n = 1..17; sqr: a[0][j]^2 by the dedicated
 * square, n = 1), c a constant < 2^256 (NULL: none). */
int tb_ifma_built(void);
void tb_ifma_dot(uint64_t r[8][4], const uint64_t (*a)[8][4], const uint64_t (*b)[8][4], unsigned n,
                 const uint64_t c[4], int sqr);
/* r[j] = the canonical form of x[j] (< 2p) through split + join. */
void tb_ifma_roundtrip(uint64_t r[8][4], const uint64_t x[8][4]);

#endif
