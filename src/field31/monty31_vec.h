/*
 * 31-bit Montgomery fields, packed layer, written once over the primitives
 * of an instruction set: monty31_avx2.h (8 lanes of 32 bits, __m256i),
 * monty31_avx512.h (16 lanes, __m512i) and monty31_neon.h (4 lanes,
 * uint32x4_t) define
 *   V, V_LANES, V_SET1(x), V_LOADU(p), V_STOREU(p, v),
 *   V_ADD32, V_SUB32, V_MIN32 (unsigned), V_MULEVEN (32x32 -> 64 products
 *   of the even lanes) and V_MULEVEN_S (the same, signed), V_SUB64 (64-bit
 *   lanes), V_SHR64_32 (each 64-bit lane shifted right 32),
 *   V_BLEND_ODD(a, b) (even lanes of a, odd lanes of b), V_AND, and
 *   V_SRL32(a, k) / V_SLL32(a, k) (each 32-bit lane shifted by k < 32)
 * and include this header, which defines f31v_add, f31v_sub, f31v_mul with
 * the bounds of monty31.h (canonical in, canonical out), lane by lane, and
 * the lazy product f31v_mul_lazy / f31v_canon (signed lanes, below).
 *
 * Reductions use the unsigned minimum: for s = a + b < 2p, min(s, s - p)
 * is s - p exactly when s >= p (otherwise s - p wraps above s); for a
 * difference d = a - b, min(d, d + p) picks d + p exactly when d wrapped.
 */
#ifndef ZKPRIM_FIELD31_MONTY31_VEC_H
#define ZKPRIM_FIELD31_MONTY31_VEC_H

#include "core/verify.h"

/* The high halves of the 64-bit products of the even lanes (even) and of
 * the odd lanes (odd), back in their 32-bit lanes; a layer may define a
 * one-instruction form (NEON's TRN2). */
#ifndef V_HI32_PAIR
#define V_HI32_PAIR(even, odd) V_BLEND_ODD(V_SHR64_32(even), (odd))
#endif

/* For ZKP_VERIFY checks: 1 when every lane of x, taken signed, is within
 * the bound p (the lanes of pv hold p), |x| < p if strict, else |x| <= p.
 * Referenced only inside ZKP_VERIFY_CHECK (core/verify.h), so it is never
 * called without ZKP_VERIFY. */
static __attribute__((noinline, unused)) int f31v_verify_abs(V x, V pv, int strict) {
    uint32_t l[V_LANES], b[V_LANES];
    V_STOREU(l, x);
    V_STOREU(b, pv);
    for (unsigned i = 0; i < V_LANES; i++) {
        int64_t v = (int32_t)l[i], m = v < 0 ? -v : v;
        if (strict ? m >= b[0] : m > b[0]) return 0;
    }
    return 1;
}

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

/* Lazy Montgomery product, for chains of products (the S-box): a and b as
 * signed 32-bit lanes with |a b| < 2^31 p (|a|, |b| <= p is enough, as
 * p < 2^31), result d = a b / 2^32 mod p as a signed lane in (-p, p), not
 * corrected. Per lane pair: t = a b (signed 64-bit), q = t p^-1 mod 2^32
 * taken signed, so t - q p is a multiple of 2^32 (its low halves cancel:
 * the 64-bit difference needs no borrow) and |t - q p| <= |t| + 2^31 p
 * < 2^32 p: d = (t - q p) / 2^32 is the high half of the difference. Signed
 * products (V_MULEVEN_S) so an operand may be a lazy value of either sign;
 * on canonical operands the result is congruent to zkpi_f31_mul's. */
ZKP_INLINE V f31v_mul_lazy(V a, V b, const f31v_field *f) {
    ZKP_VERIFY_CHECK(f31v_verify_abs(a, f->p, 0), "f31v_mul_lazy a in [-p, p] (each lane)");
    ZKP_VERIFY_CHECK(f31v_verify_abs(b, f->p, 0), "f31v_mul_lazy b in [-p, p] (each lane)");
    V a_odd = V_SHR64_32(a), b_odd = V_SHR64_32(b);
    V t_even = V_MULEVEN_S(a, b), t_odd = V_MULEVEN_S(a_odd, b_odd);
    V q_even = V_MULEVEN(t_even, f->pinv), q_odd = V_MULEVEN(t_odd, f->pinv);
    V d_even = V_SUB64(t_even, V_MULEVEN_S(q_even, f->p));
    V d_odd = V_SUB64(t_odd, V_MULEVEN_S(q_odd, f->p));
    V d = V_HI32_PAIR(d_even, d_odd);
    ZKP_VERIFY_CHECK(f31v_verify_abs(d, f->p, 1), "f31v_mul_lazy result in (-p, p) (each lane)");
    return d;
}

/* A signed lane in (-p, p) to [0, p): d + p where d < 0 (the unsigned
 * minimum, as in f31v_sub). */
ZKP_INLINE V f31v_canon(V d, const f31v_field *f) { return V_MIN32(d, V_ADD32(d, f->p)); }

/* Montgomery product of canonical lanes, canonical out (zkpi_f31_mul). */
ZKP_INLINE V f31v_mul(V a, V b, const f31v_field *f) { return f31v_canon(f31v_mul_lazy(a, b, f), f); }

#endif
