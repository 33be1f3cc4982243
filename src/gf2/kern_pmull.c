/*
 * PMULL gf2 kernel (aarch64): one element per 128-bit NEON register pair,
 * 64x64 carry-less products with PMULL / PMULL2. Built with
 * -march=armv8-a+crypto only.
 */
#include <arm_neon.h>

#include "gf2/gf2_internal.h"

typedef uint64x2_t V;

static inline V pmull_sel(V a, V b, int sa, int sb) {
    poly64_t x = (poly64_t)(sa ? vgetq_lane_u64(a, 1) : vgetq_lane_u64(a, 0));
    poly64_t y = (poly64_t)(sb ? vgetq_lane_u64(b, 1) : vgetq_lane_u64(b, 0));
    return vreinterpretq_u64_p128(vmull_p64(x, y));
}
static inline V pmull_hh(V a, V b) {
    return vreinterpretq_u64_p128(vmull_high_p64(vreinterpretq_p64_u64(a), vreinterpretq_p64_u64(b)));
}
static inline V v_const(uint64_t l0, uint64_t l1) { return vcombine_u64(vcreate_u64(l0), vcreate_u64(l1)); }
static inline V v_mask1(V a) {
    int64x2_t t = vreinterpretq_s64_u64(vshlq_n_u64(vdupq_laneq_u64(a, 1), 63));
    return vreinterpretq_u64_s64(vshrq_n_s64(t, 63));
}

#define V_LANES 1
/* fold with carry-less products by the modulus (see gf2_tmpl.h) */
#define TMPL_RED_CLMUL_GHASH128 1
#define TMPL_RED_CLMUL_B127 1
#define TMPL_RED_CLMUL_B256 1
#define TMPL_CHAINS 4
#define TMPL_SUFFIX pmull
#define V_ZERO() vdupq_n_u64(0)
#define V_XOR(a, b) veorq_u64((a), (b))
#define V_AND(a, b) vandq_u64((a), (b))
#define V_CLMUL(a, b, imm) ((imm) == 0x11 ? pmull_hh((a), (b)) : pmull_sel((a), (b), (imm) & 1, ((imm) >> 4) & 1))
#define V_SLL(a, k) vshlq_n_u64((a), (k))
#define V_SRL(a, k) vshrq_n_u64((a), (k))
#define V_UP(a) vextq_u64(vdupq_n_u64(0), (a), 1)
#define V_DOWN(a) vextq_u64((a), vdupq_n_u64(0), 1)
#define V_ALIGN(h, l) vextq_u64((l), (h), 1)
#define V_UNPLO(a, b) vzip1q_u64((a), (b))
#define V_UNPHI(a, b) vzip2q_u64((a), (b))
#define V_CONST(l0, l1) v_const((l0), (l1))
#define V_MASK1(a) v_mask1(a)
#define V_LD2(P, o) vld1q_u64((P)[0] + (o))
#define V_LD1(P, o) vcombine_u64(vld1_u64((P)[0] + (o)), vcreate_u64(0))
#define V_ST2(P, o, v) vst1q_u64((P)[0] + (o), (v))
#define V_ST1(P, o, v) vst1_u64((P)[0] + (o), vget_low_u64(v))

#include "gf2/gf2_tmpl.h"
