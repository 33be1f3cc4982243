/*
 * Internal Goldilocks arithmetic (p = 2^64 - 2^32 + 1) for every Hemera
 * kernel. Header-only, static inline.
 *
 * Representation: an element is any u64; it stands for its residue mod p.
 * Values in [p, 2^64) ("non-canonical") are allowed everywhere unless a
 * function says otherwise; only gl_canon* produces the canonical form [0, p).
 * Useful identities: 2^64 = E (mod p) with E = 2^32 - 1, 2^96 = -1 (mod p).
 *
 * Two forms of each operation:
 *   gl_*       fast, variable time: may take a branch that fires with
 *              probability about 2^-32 on random inputs (the rare second
 *              carry / borrow). Public data only.
 *   gl_*_ct    constant time: carries and borrows become masks behind a
 *              value barrier; no branch or memory address depends on a value.
 * Every function states its input bounds and output range.
 */
#ifndef ZKPRIM_HEMERA_GL_H
#define ZKPRIM_HEMERA_GL_H

#include <stdint.h>

#include "core/util.h"

#if !defined(__SIZEOF_INT128__)
#error "the Goldilocks code needs unsigned __int128 (GCC or Clang on a 64-bit target)"
#endif

typedef unsigned __int128 gl_u128;

#define GL_P 0xFFFFFFFF00000001ull
#define GL_E 0x00000000FFFFFFFFull /* 2^64 mod p */

/* 2^-k mod p for k = 0..128 (generated into constants.c). */
extern const uint64_t zkp_gl_inv_pow2[129];

/* ---- small helpers --------------------------------------------------------- */

/* E if c == 1, 0 if c == 0 (c in {0,1}). One `sbb r32,r32`-style mask. */
ZKP_INLINE uint64_t gl_emask(uint64_t c) { return (uint64_t)(uint32_t)(0u - (uint32_t)c); }

/* a + b where the true sum is < 2^65 - E: the wrapped sum plus E on carry
 * cannot carry again. Holds when b <= 2^64 - 2^33 + 1 (e.g. b = hl*E, or
 * b < p). Inputs: a any u64, b as stated. Output: any u64. Branch-free. */
ZKP_INLINE uint64_t gl_add_1c(uint64_t a, uint64_t b) {
    uint64_t s;
    uint64_t c = (uint64_t)__builtin_add_overflow(a, b, &s);
    return s + gl_emask(c);
}

ZKP_INLINE uint64_t gl_add_1c_ct(uint64_t a, uint64_t b) {
    uint64_t s;
    uint64_t c = (uint64_t)__builtin_add_overflow(a, b, &s);
    return s + (zkp_value_barrier_u64(0 - c) & GL_E);
}

/* ---- canonical form ----------------------------------------------------------*/

/* Any u64 -> [0, p). x >= p iff x + E carries, and then x + E = x - p. */
ZKP_INLINE uint64_t gl_canon(uint64_t x) { return x >= GL_P ? x - GL_P : x; }

ZKP_INLINE uint64_t gl_canon_ct(uint64_t x) {
    uint64_t t;
    uint64_t c = (uint64_t)__builtin_add_overflow(x, GL_E, &t);
    uint64_t m = zkp_value_barrier_u64(0 - c);
    return (t & m) | (x & ~m);
}

/* ---- add / sub / neg ------------------------------------------------------- */

/* a + b mod p. Inputs: any u64. Output: any u64 (not canonical).
 * The first carry is folded with a mask (it fires half the time); the
 * second one needs a + b >= 2^65 - E, i.e. both inputs near 2^64. */
ZKP_INLINE uint64_t gl_add(uint64_t a, uint64_t b) {
    uint64_t s;
    uint64_t c = (uint64_t)__builtin_add_overflow(a, b, &s);
    uint64_t s2;
    if (ZKP_UNLIKELY(__builtin_add_overflow(s, gl_emask(c), &s2))) s2 += GL_E;
    return s2;
}

ZKP_INLINE uint64_t gl_add_ct(uint64_t a, uint64_t b) {
    uint64_t s, s2;
    uint64_t c = (uint64_t)__builtin_add_overflow(a, b, &s);
    uint64_t c2 = (uint64_t)__builtin_add_overflow(s, zkp_value_barrier_u64(0 - c) & GL_E, &s2);
    return s2 + (zkp_value_barrier_u64(0 - c2) & GL_E);
}

/* a - b mod p. Inputs: any u64. Output: any u64. A borrow means the wrapped
 * difference is 2^64 = E too large; the second borrow needs b - a > p. */
ZKP_INLINE uint64_t gl_sub(uint64_t a, uint64_t b) {
    uint64_t d;
    uint64_t c = (uint64_t)__builtin_sub_overflow(a, b, &d);
    uint64_t d2;
    if (ZKP_UNLIKELY(__builtin_sub_overflow(d, gl_emask(c), &d2))) d2 -= GL_E;
    return d2;
}

ZKP_INLINE uint64_t gl_sub_ct(uint64_t a, uint64_t b) {
    uint64_t d, d2;
    uint64_t c = (uint64_t)__builtin_sub_overflow(a, b, &d);
    uint64_t c2 = (uint64_t)__builtin_sub_overflow(d, zkp_value_barrier_u64(0 - c) & GL_E, &d2);
    return d2 - (zkp_value_barrier_u64(0 - c2) & GL_E);
}

/* -a mod p. Input: any u64. Output: canonical. */
ZKP_INLINE uint64_t gl_neg_ct(uint64_t a) {
    a = gl_canon_ct(a);
    /* p - 0 = p must become 0: mask by a != 0. */
    return (GL_P - a) & zkp_ct_mask_nonzero(a);
}

/* ---- multiplication --------------------------------------------------------- */

/* hi*2^64 + lo mod p for any 128-bit value. Output: any u64.
 * With hi = hh*2^32 + hl: value = lo - hh + hl*E (2^96 = -1, 2^64 = E).
 * The borrow of lo - hh fires with probability ~2^-32 (fast: a branch);
 * hl*E <= 2^64 - 2^33 + 1, so the final add needs one correction only. */
ZKP_INLINE uint64_t gl_reduce128(uint64_t lo, uint64_t hi) {
    uint64_t hh = hi >> 32, hl = hi & GL_E;
    uint64_t t0;
    if (ZKP_UNLIKELY(__builtin_sub_overflow(lo, hh, &t0))) t0 -= GL_E;
    uint64_t t1 = hl * GL_E;
    return gl_add_1c(t0, t1);
}

ZKP_INLINE uint64_t gl_reduce128_ct(uint64_t lo, uint64_t hi) {
    uint64_t hh = hi >> 32, hl = hi & GL_E;
    uint64_t t0;
    uint64_t b = (uint64_t)__builtin_sub_overflow(lo, hh, &t0);
    t0 -= zkp_value_barrier_u64(0 - b) & GL_E;
    uint64_t t1 = hl * GL_E;
    return gl_add_1c_ct(t0, t1);
}

/* lo + hi*2^64 mod p for hi < 2^32 (lazy sums of a few dozen u64 terms).
 * Output: any u64. Branch-free (this is also the constant-time form):
 * hi*E < 2^64 - 2^33 + 2, so one carry correction suffices. */
ZKP_INLINE uint64_t gl_reduce_small(uint64_t lo, uint64_t hi) { return gl_add_1c_ct(lo, hi * GL_E); }

ZKP_INLINE uint64_t gl_reduce_u128_small(gl_u128 v) {
    return gl_reduce_small((uint64_t)v, (uint64_t)(v >> 64));
}

/* a*b mod p. Inputs: any u64. Output: any u64. */
ZKP_INLINE uint64_t gl_mul(uint64_t a, uint64_t b) {
    gl_u128 t = (gl_u128)a * b;
    return gl_reduce128((uint64_t)t, (uint64_t)(t >> 64));
}

ZKP_INLINE uint64_t gl_mul_ct(uint64_t a, uint64_t b) {
    gl_u128 t = (gl_u128)a * b;
    return gl_reduce128_ct((uint64_t)t, (uint64_t)(t >> 64));
}

ZKP_INLINE uint64_t gl_sqr(uint64_t a) { return gl_mul(a, a); }
ZKP_INLINE uint64_t gl_sqr_ct(uint64_t a) { return gl_mul_ct(a, a); }

/* a*b + c mod p (c any u64: a*b + c < 2^128). Output: any u64. */
ZKP_INLINE uint64_t gl_muladd(uint64_t a, uint64_t b, uint64_t c) {
    gl_u128 t = (gl_u128)a * b + c;
    return gl_reduce128((uint64_t)t, (uint64_t)(t >> 64));
}

ZKP_INLINE uint64_t gl_muladd_ct(uint64_t a, uint64_t b, uint64_t c) {
    gl_u128 t = (gl_u128)a * b + c;
    return gl_reduce128_ct((uint64_t)t, (uint64_t)(t >> 64));
}

/* x^7 = x^3 * x^4 (multiplicative depth 3). Input any u64, output any u64. */
ZKP_INLINE uint64_t gl_pow7(uint64_t x) {
    uint64_t x2 = gl_sqr(x);
    uint64_t x3 = gl_mul(x2, x);
    uint64_t x4 = gl_sqr(x2);
    return gl_mul(x3, x4);
}

ZKP_INLINE uint64_t gl_pow7_ct(uint64_t x) {
    uint64_t x2 = gl_sqr_ct(x);
    uint64_t x3 = gl_mul_ct(x2, x);
    uint64_t x4 = gl_sqr_ct(x2);
    return gl_mul_ct(x3, x4);
}

/* ---- inverse ---------------------------------------------------------------- */

/* x^(p-2) by the addition chain a_k = x^(2^k-1), a_(j+k) = a_j^(2^k) * a_k,
 * x^(p-2) = a_31^(2^33) * a_32 (p-2 = (2^31-1)*2^33 + 2^32-1), multiplicative
 * depth 69. 0 (or p) maps to 0 by itself: no test needed, so the _ct form is
 * constant time with no masking. Input any u64, output any u64. */
#define GL_DEFINE_INV_CHAIN(name, MUL, SQR)                                              \
    ZKP_INLINE uint64_t name##_sqn(uint64_t x, unsigned n) {                             \
        for (unsigned i = 0; i < n; i++) x = SQR(x);                                     \
        return x;                                                                        \
    }                                                                                    \
    ZKP_INLINE uint64_t name(uint64_t x) {                                               \
        uint64_t a2 = MUL(SQR(x), x);                          /* depth 2 */             \
        uint64_t a4 = MUL(name##_sqn(a2, 2), a2);              /* 5 */                   \
        uint64_t a3 = MUL(SQR(a2), x);                         /* 4 */                   \
        uint64_t a8 = MUL(name##_sqn(a4, 4), a4);              /* 10 */                  \
        uint64_t a7 = MUL(name##_sqn(a4, 3), a3);              /* 9 */                   \
        uint64_t a16 = MUL(name##_sqn(a8, 8), a8);             /* 19 */                  \
        uint64_t a15 = MUL(name##_sqn(a8, 7), a7);             /* 18 */                  \
        uint64_t a32 = MUL(name##_sqn(a16, 16), a16);          /* 36 */                  \
        uint64_t a31 = MUL(name##_sqn(a16, 15), a15);          /* 35 */                  \
        return MUL(name##_sqn(a31, 33), a32);                  /* 69 */                  \
    }

GL_DEFINE_INV_CHAIN(gl_inv_chain, gl_mul, gl_sqr)
GL_DEFINE_INV_CHAIN(gl_inv_chain_ct, gl_mul_ct, gl_sqr_ct)

/* Variable-time inverse (0 -> 0) by a binary GCD that strips all trailing
 * zeros at once (count-trailing-zeros), with Kaliski-style coefficients that
 * only grow by addition and shifting, so they stay integers <= p with no
 * modular reduction in the loop; the accumulated 2^k is removed at the end
 * by one multiplication with 2^-k from a table.
 *
 * Invariants (a, b odd; k = shifts so far; s = +1 or -1):
 *   x*ca = s*a*2^k,  x*cb = -s*b*2^k  (mod p),   ca*b + cb*a = p.
 * Step: with L = max(a,b), S = min(a,b), t = (L - S) >> z (z = ctz(L - S)):
 *   (a, ca, s) <- (t, ca + cb, sign of L);  (b, cb) <- (S, c_S << z); k += z.
 * The loop body is branch-free (selects); only the exit depends on the
 * value, after about 45 iterations for random x (at most 128 shifts in all,
 * since a*b starts below 2^128 and at least halves per step).
 * Input any u64; output canonical. Public data only. */
ZKP_INLINE uint64_t gl_inv_vartime(uint64_t x) {
    x = gl_canon(x);
    if (x == 0) return 0;
    unsigned k = (unsigned)__builtin_ctzll(x);
    uint64_t a = GL_P, ca = 0;          /* x*0 = -p*2^k: s = -1 */
    uint64_t b = x >> k, cb = 1;        /* x*1 = x = b*2^k        */
    uint64_t neg = 1;                   /* 1: s = -1 */
    while (a != b) {
        uint64_t d = a - b;
        int lt = a < b;
        uint64_t t = lt ? b - a : d;
        unsigned z = (unsigned)__builtin_ctzll(d); /* ctz(-d) = ctz(d) */
        uint64_t S = lt ? a : b;
        uint64_t cS = lt ? ca : cb;
        neg ^= (uint64_t)lt;            /* L was b: its sign is -s */
        ca = ca + cb;
        cb = cS << z;
        a = t >> z;
        b = S;
        k += z;
    }
    /* a = b = 1: x*ca = s*2^k, so x^-1 = s*ca*2^-k. */
    uint64_t r = gl_canon(gl_mul(ca, zkp_gl_inv_pow2[k]));
    return neg ? (r ? GL_P - r : 0) : r;
}

/* ---- linear layers -----------------------------------------------------------
 * All take any u64 inputs and produce any-u64 outputs (reduced from lazy
 * 128-bit sums). Additions are exact in 128 bits: every M_E output is a
 * combination with coefficients summing to 35 (< 2^6), so the high word
 * stays below 2^6 and gl_reduce_small applies. Branch-free, hence also
 * constant time. */

/* y = M4 x on 128-bit lazy values (coefficients of one output sum to 7). */
ZKP_INLINE void gl_m4_wide(gl_u128 y[4], const uint64_t x[4]) {
    gl_u128 s01 = (gl_u128)x[0] + x[1];
    gl_u128 s23 = (gl_u128)x[2] + x[3];
    gl_u128 s = s01 + s23;
    gl_u128 u = s + x[1];
    gl_u128 v = s + x[3];
    y[0] = u + s01;
    y[1] = u + ((gl_u128)x[2] << 1);
    y[2] = v + s23;
    y[3] = v + ((gl_u128)x[0] << 1);
}

/* M4 on one 4-lane block, reduced. */
ZKP_INLINE void gl_m4(uint64_t x[4]) {
    gl_u128 y[4];
    gl_m4_wide(y, x);
    for (int k = 0; k < 4; k++) x[k] = gl_reduce_u128_small(y[k]);
}

/* External matrix M_E (diagonal blocks 2*M4, off-diagonal M4) on 16 lanes. */
ZKP_INLINE void gl_mat_ext(uint64_t st[16]) {
    gl_u128 y[4][4];
    for (int c = 0; c < 4; c++) gl_m4_wide(y[c], st + 4 * c);
    for (int k = 0; k < 4; k++) {
        gl_u128 t = y[0][k] + y[1][k] + y[2][k] + y[3][k];
        for (int c = 0; c < 4; c++) st[4 * c + k] = gl_reduce_u128_small(y[c][k] + t);
    }
}

/* Internal matrix M_I = J + diag(d): st[i] <- d[i]*st[i] + sum(st).
 * fast (gl_reduce128 inside) and constant-time forms. */
ZKP_INLINE void gl_mat_int(uint64_t st[16], const uint64_t d[16]) {
    gl_u128 acc = 0;
    for (int i = 0; i < 16; i++) acc += st[i];
    uint64_t sum = gl_reduce_u128_small(acc);
    for (int i = 0; i < 16; i++) st[i] = gl_muladd(d[i], st[i], sum);
}

ZKP_INLINE void gl_mat_int_ct(uint64_t st[16], const uint64_t d[16]) {
    gl_u128 acc = 0;
    for (int i = 0; i < 16; i++) acc += st[i];
    uint64_t sum = gl_reduce_u128_small(acc);
    for (int i = 0; i < 16; i++) st[i] = gl_muladd_ct(d[i], st[i], sum);
}

#endif
