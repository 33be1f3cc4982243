/*
 * Template: Goldilocks arithmetic on a vector of u64 lanes, written once for
 * every instruction set and instantiated by the vector layers gl_avx2.h (4
 * lanes of __m256i) and gl_avx512.h (8 lanes of __m512i), which define the
 * primitives below and then include this file. A file uses one vector layer
 * (it is built with that instruction set's flags); the layer's type and
 * operations have the same names in every instruction set, so a kernel
 * template (hemera/permute_tmpl.h, hemera/batch_simd_tmpl.h) is written
 * once against them. Convention: docs/internals.md.
 *
 * Same representation rule as gl.h: a lane is any u64 standing for its
 * residue mod p; outputs are any u64 unless stated. Everything is
 * branch-free, so constant time: carries and borrows are lane masks.
 *
 * Parameters (the primitives), defined by the vector layer:
 *   V, V_MASK          the vector type and its per-lane predicate type
 *   V_LANES            u64 lanes per V (usable in #if)
 *   V_ISA              its name as a string literal (verification messages)
 *   V_SET1(x) V_ZERO() all lanes x / 0
 *   V_LOAD(p) V_STORE(p, v)    aligned (V_LANES * 8 bytes); V_LOADU,
 *                      V_STOREU unaligned
 *   V_ADD64(a, b) V_SUB64(a, b)  lane-wise mod 2^64
 *   V_LO32(a) V_HI32(a)  a mod 2^32, a >> 32 (as lanes < 2^32)
 *   V_HI32_SHUF(a)     a >> 32 on the shuffle unit where the instruction set
 *                      has a zero-masking shuffle (beside the multiplies,
 *                      which share ports with the shifts), else V_HI32
 *   V_HI32_MULOP(a)    the high dword of each lane in its low dword, the
 *                      upper dword unspecified: only a V_MUL32 operand
 *   V_SHL32(a)         a << 32
 *   V_MUL32(a, b)      low dword of a times low dword of b, 64-bit products
 *   V_LO_MERGE(a, b)   low dword from a, high dword = low dword of b
 *   V_BIAS(x), V_UNBIAS(x)  the representation the carry tests below compare
 *                      in (AVX2: x ^ 2^63, where signed compares order like
 *                      unsigned ones; AVX-512: x itself)
 *   V_CARRY(a, b, s)   lanes where s = a + b wrapped (all unbiased)
 *   V_CARRY_IN(m, a, b, s)  the same, restricted to the lanes of m
 *   V_CARRY_B(a, b, s) the same with a and s biased, b not
 *   V_BORROW_B(a, b, d)  lanes where d = a - b wrapped (a, d biased, b not)
 *   V_ADD_IF(x, m, y) V_SUB_IF(x, m, y)  x + y / x - y in the lanes of m
 *   V_INC_IF(x, m)     x + 1 in the lanes of m
 *   V_SUB_P_GE(x)      x - p in the lanes where x >= p
 *   V_EQ0(x)           lanes where x == 0
 *   V_ONE_IF(x, m) V_ZERO_IF(x, m)  1 / 0 in the lanes of m, x elsewhere
 *   V_VERIFY_LE(v, max)  (a function) every lane of v <= max, for
 *                      ZKP_VERIFY_CHECK
 * Optional:
 *   V_MUL_E(x)         the low dword of each lane times E (default V_MUL32
 *                      by a splat E)
 *   V_HAVE_MUL_WIDE    the layer defines glv_mul_wide and glv_sqr_wide
 *                      itself, after including this file (same contract
 *                      as below, from glv_combine; SIMD128's products want
 *                      another operand order, gl_wasm_simd128.h)
 *
 * Defined here, as static inline functions glv_<op> with the same bounds
 * as the scalar gl_<op> of gl.h, and under the names V_<OP>:
 *   V_ADD_1C(a, b)     a + b, b <= p
 *   V_ADD(a, b)        a + b, any lanes
 *   V_CANON(x)         canonical form
 *   V_MUL_WIDE(a, b, bh, &lo, &hi), V_SQR_WIDE(a, &lo, &hi)   128-bit products
 *   V_REDUCE128(lo, hi)   hi*2^64 + lo mod p
 *   V_MUL(a, b) V_SQR(a) V_POW7(x)
 *   V_MULADD(a, b, bh, c) a*b + c
 *   V_RECOMBINE(L, H)  L + H*2^32, L, H < 2^40
 */
#ifndef ZKPRIM_GOLDILOCKS_GL_VEC_TMPL_H
#define ZKPRIM_GOLDILOCKS_GL_VEC_TMPL_H

#include <stdint.h>

#include "core/util.h"
#include "core/verify.h"
#include "goldilocks/gl.h"

/* ---- add / canonical form ---------------------------------------------------- */

/* a + b, b <= p (as gl_add_1c): one carry correction (+E). Output any u64. */
ZKP_INLINE V glv_add_1c(V a, V b) {
    ZKP_VERIFY_CHECK(V_VERIFY_LE(b, GL_P), "glv_add_1c (" V_ISA ") addend b <= p");
    V s = V_ADD64(a, b);
    return V_ADD_IF(s, V_CARRY(a, b, s), V_SET1(GL_E));
}

/* a + b mod p for any u64 lanes (as gl_add_ct): the first carry adds E; the
 * second one (both inputs near 2^64) needs the first and a wrapped result
 * below E, and adds E again. Output any u64. */
ZKP_INLINE V glv_add(V a, V b) {
    const V e = V_SET1(GL_E);
    V s = V_ADD64(a, b);
    V_MASK c = V_CARRY(b, a, s);
    V s1 = V_ADD_IF(s, c, e);
    return V_ADD_IF(s1, V_CARRY_IN(c, s, e, s1), e);
}

/* Any u64 lanes -> [0, p). */
ZKP_INLINE V glv_canon(V x) {
    V r = V_SUB_P_GE(x);
    ZKP_VERIFY_CHECK(V_VERIFY_LE(r, GL_P - 1), "glv_canon (" V_ISA ") output < p");
    return r;
}

/* ---- multiplication ------------------------------------------------------------- */

#if !defined(V_MUL_E)
#define V_MUL_E(x) V_MUL32((x), V_SET1(GL_E))
#endif

/* hi:lo = ll + (lh + hl) 2^32 + hh 2^64 from the four 32x32 partial
 * products of a*b (a square passes its cross product twice). No
 * intermediate sum overflows: t0 = hl + (ll >> 32) and t1 = lh + low32(t0)
 * are <= (2^32 - 1)^2 + 2 (2^32 - 1) < 2^64. */
ZKP_INLINE void glv_combine(V ll, V lh, V hl, V hh, V *lo, V *hi) {
    V t0 = V_ADD64(hl, V_HI32_SHUF(ll));
    V t1 = V_ADD64(lh, V_LO32(t0));
    *hi = V_ADD64(V_ADD64(hh, V_HI32_SHUF(t0)), V_HI32_SHUF(t1));
    *lo = V_LO_MERGE(ll, t1);
}

#if defined(V_HAVE_MUL_WIDE)
/* defined by the layer after this file, from glv_combine */
ZKP_INLINE void glv_mul_wide(V a, V b, V bh, V *lo, V *hi);
ZKP_INLINE void glv_sqr_wide(V a, V *lo, V *hi);
#else
/* The full products a*b as hi:lo from four 32x32 V_MUL32. bh holds the
 * high dword of each lane of b in its low dword (V_HI32_MULOP(b), or a
 * broadcast b >> 32 for a constant). */
ZKP_INLINE void glv_mul_wide(V a, V b, V bh, V *lo, V *hi) {
    V ah = V_HI32_MULOP(a);
    glv_combine(V_MUL32(a, b), V_MUL32(a, bh), V_MUL32(ah, b), V_MUL32(ah, bh), lo, hi);
}

/* a^2 as hi:lo: the two cross products are equal, one V_MUL32 fewer. */
ZKP_INLINE void glv_sqr_wide(V a, V *lo, V *hi) {
    V ah = V_HI32_MULOP(a);
    V lh = V_MUL32(a, ah);
    glv_combine(V_MUL32(a, a), lh, lh, V_MUL32(ah, ah), lo, hi);
}
#endif

/* hi*2^64 + lo mod p for any 128-bit lanes. Output any u64.
 * With hi = hh*2^32 + hl the value is lo - hh + hl*E (2^64 = E, 2^96 = -1):
 *   t = lo - hh; on a borrow the wrapped t is 2^64 = E too large, and then
 *     t >= 2^64 - 2^32 (hh < 2^32), so t - E cannot wrap again;
 *   r = t + hl*E (hl*E = V_MUL32(hi, E) <= 2^64 - 2^33 + 1); on a carry the
 *     wrapped r < hl*E, so r + E cannot wrap again.
 * This is not the scalar gl_reduce128 sequence (lo + (hi << 32) - (hh + hl),
 * two borrow masks): on vectors the one V_MUL32 replaces a shift, a mask and
 * an add and saves a compare, which measured faster in the batch kernels
 * (throughput) and no slower in the single permutation (latency); the
 * scalar form has the shorter latency with sbb masks. Both compute the same
 * residue. t and r are kept biased (V_BIAS) between the two tests.
 * (hl*E is V_MUL_E(hi): a shift and a subtraction where a product costs
 * more than that, SIMD128.) */
ZKP_INLINE V glv_reduce128(V lo, V hi) {
    const V e = V_SET1(GL_E);
    V hh = V_HI32_SHUF(hi);
    V lo_b = V_BIAS(lo);
    V t_b = V_SUB64(lo_b, hh);
    t_b = V_SUB_IF(t_b, V_BORROW_B(lo_b, hh, t_b), e);
    V m = V_MUL_E(hi);
    V r_b = V_ADD64(t_b, m);
    return V_UNBIAS(V_ADD_IF(r_b, V_CARRY_B(t_b, m, r_b), e));
}

ZKP_INLINE V glv_mul(V a, V b) {
    V lo, hi;
    glv_mul_wide(a, b, V_HI32_MULOP(b), &lo, &hi);
    return glv_reduce128(lo, hi);
}

ZKP_INLINE V glv_sqr(V a) {
    V lo, hi;
    glv_sqr_wide(a, &lo, &hi);
    return glv_reduce128(lo, hi);
}

/* x^7 = x^3 * x^4 (multiplicative depth 3). */
ZKP_INLINE V glv_pow7(V x) {
    V x2 = glv_sqr(x);
    return glv_mul(glv_mul(x2, x), glv_sqr(x2));
}

/* a*b + c mod p for any u64 lanes (bh as in glv_mul_wide): a*b <=
 * (2^64 - 1)^2 has a high word <= 2^64 - 2, so the carry of lo + c goes
 * into it without wrapping. Output any u64. */
ZKP_INLINE V glv_muladd(V a, V b, V bh, V c) {
    V lo, hi;
    glv_mul_wide(a, b, bh, &lo, &hi);
    ZKP_VERIFY_CHECK(V_VERIFY_LE(hi, ~(uint64_t)1), "glv_muladd (" V_ISA ") product high word <= 2^64 - 2");
    V l = V_ADD64(lo, c);
    return glv_reduce128(l, V_INC_IF(hi, V_CARRY(lo, c, l)));
}

/* L + H*2^32 mod p for lanes L, H < 2^40, as gl_recombine: u = L +
 * (H >> 32)*E < 2^41, r = (H << 32) + u carries at most once, and then the
 * wrapped r < u, so +E cannot carry again. Output any u64. */
ZKP_INLINE V glv_recombine(V L, V H) {
    ZKP_VERIFY_CHECK(V_VERIFY_LE(L, ((uint64_t)1 << 40) - 1) && V_VERIFY_LE(H, ((uint64_t)1 << 40) - 1),
                     "glv_recombine (" V_ISA ") halves L, H < 2^40");
    V hh = V_HI32(H);
    V u = V_ADD64(L, V_SUB64(V_SHL32(hh), hh));
    ZKP_VERIFY_CHECK(V_VERIFY_LE(u, ((uint64_t)1 << 41) - 1), "glv_recombine (" V_ISA ") u = L + (H >> 32) E < 2^41");
    V hs = V_SHL32(H);
    V r = V_ADD64(hs, u);
    return V_ADD_IF(r, V_CARRY(hs, u, r), V_SET1(GL_E));
}

#define V_ADD_1C glv_add_1c
#define V_ADD glv_add
#define V_CANON glv_canon
#define V_MUL_WIDE glv_mul_wide
#define V_SQR_WIDE glv_sqr_wide
#define V_REDUCE128 glv_reduce128
#define V_MUL glv_mul
#define V_SQR glv_sqr
#define V_POW7 glv_pow7
#define V_MULADD glv_muladd
#define V_RECOMBINE glv_recombine

#endif
