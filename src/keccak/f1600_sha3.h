/*
 * The Keccak-f[1600] round body on the ARMv8.2 SHA3 instructions, shared by
 * the 1-state and 2-state kernels (f1600_sha3.c, f1600x2_sha3.c). Include
 * only from files built with the SHA3 flags.
 *
 * The four instructions cover a round almost exactly:
 *   EOR3 a^b^c          theta parities: two per column
 *   RAX1 a ^ rotl(b,1)  theta's D: one per column
 *   XAR  rotr(a^b, k)   theta's XOR and rho's rotation fused: one per lane
 *   BCAX a ^ (b & ~c)   chi: one per lane
 * so a round is 10 + 5 + 25 + 25 + 1 = 66 instructions for two states.
 */
#ifndef ZKPRIM_KECCAK_F1600_SHA3_H
#define ZKPRIM_KECCAK_F1600_SHA3_H

#include <arm_neon.h>

#include "keccak/f1600.h"

typedef uint64x2_t V;
#define V_XOR(a, b) veorq_u64((a), (b))
#define V_XOR5(a, b, c, d, e) veor3q_u64(veor3q_u64((a), (b), (c)), (d), (e))
#define V_THETA_D(cl, cr) vrax1q_u64((cl), (cr))
/* XAR rotates right; rotl by r is rotr by (64 - r) mod 64 (r = 0 -> 0). */
#define V_XROT(a, d, r) vxarq_u64((a), (d), (64 - (r)) & 63)
#define V_CHI(a, b, c) vbcaxq_u64((a), (c), (b))
#include "keccak/f1600_vec_round_tmpl.h"

/* 24 rounds over A (E is scratch), two rounds per iteration. */
static inline void kv_sha3_permute(uint64x2_t A[25]) {
    uint64x2_t E[25];
    for (int r = 0; r < 24; r += 2) {
        KECCAK_VEC_ROUND(A, E, vdupq_n_u64(zkpi_keccak_rc[r]));
        KECCAK_VEC_ROUND(E, A, vdupq_n_u64(zkpi_keccak_rc[r + 1]));
    }
}

#endif
