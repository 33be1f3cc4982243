/*
 * Template: Hemera's round pieces (spec 2-3), written once over a lane
 * vector V that holds one state word of V_LANES independent lanes; the
 * single permutation and the batch kernels are its instances (Plonky3's
 * way: the scalar permutation is the one-lane case). Convention:
 * docs/internals.md.
 *
 * Parameters: one Goldilocks lane layer, included first:
 * goldilocks/gl_lane1.h (V = uint64_t, scalar code), gl_avx2.h or
 * gl_avx512.h (V, V_LANES, V_<OP>). Optional V_ADD_1C_CT (the constant-time
 * addition of a constant; the vector layers are branch-free, so it
 * defaults to V_ADD_1C).
 *
 * Defines:
 *   hr_m4(y, x)          M4 lane-wise on four V (values small enough not
 *                        to wrap: 32-bit halves)
 *   hr_mat_ext(s, stride, addc)   M_E on the words s[i * stride] (any u64
 *                        in and out), + addc[i] (< p) when not NULL; layout
 *                        hooks HR_* below (natural order by default)
 *   hr_sbox_layer(x, n, c, cstep, ct)  x^7 of n words, + c[j * cstep]
 *                        first when c is not NULL
 * Every piece is branch-free: both the fast and the constant-time
 * permutations use them.
 */
#ifndef ZKPRIM_HEMERA_ROUNDS_TMPL_H
#define ZKPRIM_HEMERA_ROUNDS_TMPL_H

#include "core/util.h"
#include "core/verify.h"
#include "goldilocks/gl.h"

#if !defined(V_ADD_1C_CT)
#define V_ADD_1C_CT V_ADD_1C
#endif

/* y = M4 x, the addition-only schedule of spec 2.1 (the coefficients of
 * one output sum to 7: inputs < B give outputs < 7B). y may be x. */
ZKP_INLINE void hr_m4(V y[4], const V x[4]) {
    V x0 = x[0], x1 = x[1], x2 = x[2], x3 = x[3];
    V s01 = V_ADD64(x0, x1), s23 = V_ADD64(x2, x3);
    V t = V_ADD64(s01, s23);
    V u = V_ADD64(t, x1), w = V_ADD64(t, x3);
    y[0] = V_ADD64(u, s01);
    y[1] = V_ADD64(u, V_ADD64(x2, x2));
    y[2] = V_ADD64(w, s23);
    y[3] = V_ADD64(w, V_ADD64(x0, x0));
}

/* The layout hooks of hr_mat_ext. Default: the 16 words in natural order,
 * state block c = words 4c .. 4c + 3. A file that holds the state
 * transposed (the vector single permutations) defines them all first:
 *   HR_WORDS           V per state
 *   HR_COLS            distinct column sums (words i and i + HR_COLS share
 *                      one); HR_WORDS in a transposed layout
 *   HR_M4_ALL(x)       M4 of every state block, in place, on HR_WORDS V
 *   HR_COLSUM(y, k)    column sum t of word k: the sum over the four blocks
 *                      of the M4 outputs in k's row, in every lane of k */
#if !defined(HR_WORDS)
#define HR_WORDS 16
#define HR_COLS 4
#define HR_M4_ALL(x) hr_m4_blocks(x)
#define HR_COLSUM(y, k) V_ADD64(V_ADD64((y)[k], (y)[4 + (k)]), V_ADD64((y)[8 + (k)], (y)[12 + (k)]))
#endif

ZKP_INLINE void hr_m4_blocks(V x[16]) {
    for (unsigned c = 0; c < 4; c++) hr_m4(x + 4 * c, x + 4 * c);
}

/* s <- M_E s (diagonal blocks 2 M4, off-diagonal M4), + addc when not NULL
 * (natural layout only), on the HR_WORDS words s[i * stride]. Each word is
 * split into 32-bit halves and the matrix applied to both with plain 64-bit
 * adds: by linearity the column sums t_k = sum_c (M4 x_c)[k], and out_i =
 * (M4 x_c)[k] + t_k has coefficients summing to 35, so with one constant
 * half a half sum stays below 36 * 2^32; then out = L + H * 2^32 mod p
 * (V_RECOMBINE). */
ZKP_INLINE void hr_mat_ext(V *s, unsigned stride, const uint64_t *addc) {
    V lo[HR_WORDS], hi[HR_WORDS];
    ZKP_UNROLL
    for (unsigned i = 0; i < HR_WORDS; i++) {
        lo[i] = V_LO32(s[i * stride]);
        hi[i] = V_HI32(s[i * stride]);
    }
    HR_M4_ALL(lo);
    HR_M4_ALL(hi);
    ZKP_UNROLL
    for (unsigned k = 0; k < HR_COLS; k++) {
        V tl = HR_COLSUM(lo, k), th = HR_COLSUM(hi, k);
        ZKP_UNROLL
        for (unsigned i = k; i < HR_WORDS; i += HR_COLS) {
            V ol = V_ADD64(lo[i], tl), oh = V_ADD64(hi[i], th);
            if (addc) {
                ol = V_ADD64(ol, V_SET1(addc[i] & GL_E));
                oh = V_ADD64(oh, V_SET1(addc[i] >> 32));
            }
            ZKP_VERIFY_CHECK(V_VERIFY_LE(ol, 36 * GL_E) && V_VERIFY_LE(oh, 36 * GL_E),
                             "hr_mat_ext (" V_ISA ") half sums <= 36 (2^32 - 1)");
            s[i * stride] = V_RECOMBINE(ol, oh);
        }
    }
}

/* x[j] <- (x[j] + c[j * cstep])^7 for j < n (no addition when c is NULL;
 * constants < p). Written stage by stage across the words (all adds, all
 * x^2, all x^3, ...) rather than word by word: a full round ends in M_E, so
 * it is latency-bound, and issuing the independent first steps of every
 * word early lets the multiply chains overlap (about 1.6x faster full
 * rounds than the word-by-word order in the scalar single permutation).
 * ct: the constant-time addition (a constant after inlining). */
ZKP_INLINE void hr_sbox_layer(V *x, unsigned n, const V *c, unsigned cstep, const int ct) {
    V a[16], b[16];
    if (c) {
        ZKP_UNROLL
        for (unsigned j = 0; j < n; j++) x[j] = ct ? V_ADD_1C_CT(x[j], c[j * cstep]) : V_ADD_1C(x[j], c[j * cstep]);
    }
    ZKP_UNROLL
    for (unsigned j = 0; j < n; j++) a[j] = V_SQR(x[j]);
    ZKP_UNROLL
    for (unsigned j = 0; j < n; j++) b[j] = V_MUL(a[j], x[j]);
    ZKP_UNROLL
    for (unsigned j = 0; j < n; j++) a[j] = V_SQR(a[j]);
    ZKP_UNROLL
    for (unsigned j = 0; j < n; j++) x[j] = V_MUL(a[j], b[j]);
}

#endif
