/*
 * 31-bit Montgomery fields, packed layer, written once over the primitives
 * of an instruction set: monty31_avx2.h (8 lanes of 32 bits, __m256i),
 * monty31_avx512.h (16 lanes, __m512i) and monty31_neon.h (4 lanes,
 * uint32x4_t) define
 *   V, V_LANES, V_SET1(x), V_LOADU(p), V_STOREU(p, v),
 *   V_ADD32, V_SUB32, V_MIN32 (unsigned), V_MULEVEN (32x32 -> 64 products
 *   of the even lanes), V_SHR64_32 (each 64-bit lane shifted right 32),
 *   V_BLEND_ODD(a, b) (even lanes of a, odd lanes of b), V_AND, and
 *   V_SRL32(a, k) / V_SLL32(a, k) (each 32-bit lane shifted by k < 32)
 * and include this header, which defines f31v_add, f31v_sub, f31v_mul with
 * the bounds of monty31.h (canonical in, canonical out), lane by lane.
 *
 * Reductions use the unsigned minimum: for s = a + b < 2p, min(s, s - p)
 * is s - p exactly when s >= p (otherwise s - p wraps above s); for a
 * difference d = a - b, min(d, d + p) picks d + p exactly when d wrapped.
 */
#ifndef ZKPRIM_FIELD31_MONTY31_VEC_H
#define ZKPRIM_FIELD31_MONTY31_VEC_H

/* The high halves of the 64-bit products of the even lanes (even) and of
 * the odd lanes (odd), back in their 32-bit lanes; a layer may define a
 * one-instruction form (NEON's TRN2). */
#ifndef V_HI32_PAIR
#define V_HI32_PAIR(even, odd) V_BLEND_ODD(V_SHR64_32(even), (odd))
#endif

typedef struct f31v_field {
    V p, pinv;
} f31v_field;

static inline f31v_field f31v_field_of(uint32_t p, uint32_t pinv) {
    f31v_field f = {V_SET1(p), V_SET1(pinv)};
    return f;
}

ZKP_INLINE V f31v_add(V a, V b, const f31v_field *f) {
    V s = V_ADD32(a, b);
    return V_MIN32(s, V_SUB32(s, f->p));
}

ZKP_INLINE V f31v_sub(V a, V b, const f31v_field *f) {
    V d = V_SUB32(a, b);
    return V_MIN32(d, V_ADD32(d, f->p));
}

/* Montgomery product, as zkpi_f31_mul: even and odd lanes separately as
 * 64-bit products, the high halves of t and q p gathered back into 32-bit
 * lanes, their difference corrected by p where it went negative. */
ZKP_INLINE V f31v_mul(V a, V b, const f31v_field *f) {
    V a_odd = V_SHR64_32(a), b_odd = V_SHR64_32(b);
    V t_even = V_MULEVEN(a, b), t_odd = V_MULEVEN(a_odd, b_odd);
    V q_even = V_MULEVEN(t_even, f->pinv), q_odd = V_MULEVEN(t_odd, f->pinv);
    V qp_even = V_MULEVEN(q_even, f->p), qp_odd = V_MULEVEN(q_odd, f->p);
    V t_hi = V_HI32_PAIR(t_even, t_odd);
    V qp_hi = V_HI32_PAIR(qp_even, qp_odd);
    V d = V_SUB32(t_hi, qp_hi);
    return V_MIN32(d, V_ADD32(d, f->p));
}

#endif
