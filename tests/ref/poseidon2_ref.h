/*
 * Definitional Poseidon2 oracle (the paper's permutation, written for
 * clarity and sharing nothing with src/): explicit t x t matrices M_E and
 * M_I, the S-box as a power, plain modular arithmetic (u64 % p for the
 * 31-bit fields, the schoolbook bigint of poseidon_bigint.c for BN254).
 * Constants are canonical integers.
 */
#ifndef ZKPRIM_TESTS_POSEIDON2_REF_H
#define ZKPRIM_TESTS_POSEIDON2_REF_H

#include <stdint.h>

#include "poseidon_bigint.h"

/* M4 choices: Plonky3's circ(2, 3, 1, 1) or the paper's / barretenberg's
 * [[5,7,1,3],[4,6,1,1],[1,3,5,7],[1,1,4,6]]. */
typedef enum { P2REF_M4_CIRC2311 = 0, P2REF_M4_HL = 1 } p2ref_m4;

/* state[0..t) canonical in and out; rc: R_F t + R_P constants in round
 * order (t per full round, one per partial round); diag: D of M_I. */
void p2ref_permute31(uint32_t p, unsigned t, unsigned rf, unsigned rp, unsigned alpha, const uint32_t *rc,
                     const uint32_t *diag, uint32_t *state);

/* out[i] = mont[i] / 2^32 mod p, i < n: a Montgomery-form constant (the
 * library's storage) as the canonical integer this oracle takes. */
void p2ref_from_montgomery31(uint32_t p, const uint32_t *mont, unsigned n, uint32_t *out);

void p2ref_permute_bn254(rb state[4], unsigned rf, unsigned rp, const rb *rc, const rb diag[4]);

#endif
