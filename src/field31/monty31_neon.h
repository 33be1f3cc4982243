/*
 * 31-bit Montgomery fields, NEON (AArch64 ASIMD) primitives: 4 lanes of 32
 * bits per uint32x4_t (NEON kernel files only). The operations are
 * monty31_vec.h's; the even-lane product narrows each 64-bit lane to its
 * low half (XTN) and multiplies the two pairs with UMULL.
 */
#ifndef ZKPRIM_FIELD31_MONTY31_NEON_H
#define ZKPRIM_FIELD31_MONTY31_NEON_H

#include <arm_neon.h>
#include <stdint.h>

#include "core/util.h"

#define V uint32x4_t
#define V_LANES 4
#define V_SET1(x) vdupq_n_u32((uint32_t)(x))
#define V_LOADU(ptr) vld1q_u32((const uint32_t *)(const void *)(ptr))
#define V_STOREU(ptr, v) vst1q_u32((uint32_t *)(void *)(ptr), (v))
#define V_ADD32(a, b) vaddq_u32((a), (b))
#define V_SUB32(a, b) vsubq_u32((a), (b))
#define V_MIN32(a, b) vminq_u32((a), (b))
#define V_AND(a, b) vandq_u32((a), (b))
/* USHL by a register count (negative shifts right), so a count known only
 * after inlining compiles at -O0 too */
#define V_SRL32(a, k) vshlq_u32((a), vdupq_n_s32(-(int32_t)(k)))
#define V_SLL32(a, k) vshlq_u32((a), vdupq_n_s32((int32_t)(k)))
#define V_MULEVEN(a, b)                                                                          \
    vreinterpretq_u32_u64(vmull_u32(vmovn_u64(vreinterpretq_u64_u32(a)), vmovn_u64(vreinterpretq_u64_u32(b))))
#define V_MULEVEN_S(a, b)                                                                        \
    vreinterpretq_u32_s64(vmull_s32(vreinterpret_s32_u32(vmovn_u64(vreinterpretq_u64_u32(a))),    \
                                    vreinterpret_s32_u32(vmovn_u64(vreinterpretq_u64_u32(b)))))
#define V_SUB64(a, b) vreinterpretq_u32_u64(vsubq_u64(vreinterpretq_u64_u32(a), vreinterpretq_u64_u32(b)))
#define V_SHR64_32(a) vreinterpretq_u32_u64(vshrq_n_u64(vreinterpretq_u64_u32(a), 32))
/* even lanes of a, odd lanes of b: TRN1 of a with b shifted up one lane
 * would need a shift; a bit select is one instruction */
#define V_BLEND_ODD(a, b) vbslq_u32(vreinterpretq_u32_u64(vdupq_n_u64(0xffffffff00000000u)), (b), (a))
/* the high halves of the even and odd lanes' products: TRN2 takes lanes
 * 1 and 3 of each, one instruction */
#define V_HI32_PAIR(even, odd) vtrn2q_u32((even), (odd))

#include "field31/monty31_vec.h"

#endif
