/*
 * Keccak-f[1600] on 2 independent states with NEON (ASIMD): one 128-bit
 * register per lane holds that lane of both states (st[lane * 2 + i]).
 *
 * Plain ARMv8.0 ASIMD has no vector rotate, so rotl(x, n) is SHL then SRI
 * (shift right and insert: two instructions, no OR), and chi's ~b & c is a
 * single BIC. The 25 state registers plus theta's 10 temporaries slightly
 * exceed the 32 vector registers, so the compiler spills a few per round.
 */
#include <arm_neon.h>

#include "keccak/f1600.h"
#include "keccak/f1600_extra_round.h"

#define KX_VEC uint64x2_t
#define KX_ROTL(x, n) vsriq_n_u64(vshlq_n_u64((x), (n)), (x), 64 - (n))
#define KX_XOR(a, b) veorq_u64((a), (b))
#define KX_XOR5(a, b, c, d, e) veorq_u64(veorq_u64(veorq_u64((a), (b)), veorq_u64((c), (d))), (e))
#define KX_THETA_D(cl, cr) veorq_u64((cl), KX_ROTL((cr), 1))
static inline uint64x2_t kx_xrot0(uint64x2_t a, uint64x2_t d) { return veorq_u64(a, d); }
/* r is a literal; lane 0 (r = 0) must not go through SHL #0 / SRI #64. */
#define KX_XROT(a, d, r) ((r) == 0 ? kx_xrot0((a), (d)) : KX_ROTL(veorq_u64((a), (d)), (r) == 0 ? 1 : (r)))
#define KX_CHI(a, b, c) veorq_u64((a), vbicq_u64((c), (b)))

void zkp_keccakf1600x2_neon(uint64_t *st) {
    uint64x2_t A[25], E[25];
    #pragma GCC unroll 25
    for (int i = 0; i < 25; i++) A[i] = vld1q_u64(st + 2 * i);
    for (int r = 0; r < 24; r += 2) {
        KX_ROUND(A, E, vdupq_n_u64(zkp_keccak_rc[r]));
        KX_ROUND(E, A, vdupq_n_u64(zkp_keccak_rc[r + 1]));
    }
    #pragma GCC unroll 25
    for (int i = 0; i < 25; i++) vst1q_u64(st + 2 * i, A[i]);
}
