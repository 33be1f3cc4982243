/*
 * Goldilocks arithmetic on 4 lanes of __m256i (AVX2), for Hemera kernels
 * built with the AVX2 flags only (include from *_avx2.c files).
 *
 * Same representation rule as gl.h: a lane is any u64 standing for its
 * residue mod p; outputs are any u64 unless stated. Everything here is
 * branch-free, so constant time: comparisons produce lane masks.
 * AVX2 has no unsigned 64-bit compare and no carry flag, so carries are
 * found with a signed compare of sign-flipped values, and the 64x64
 * product is built from four 32x32 vpmuludq products.
 */
#ifndef ZKPRIM_HEMERA_GL_AVX2_H
#define ZKPRIM_HEMERA_GL_AVX2_H

#include <immintrin.h>
#include <stdint.h>

#include "core/verify.h"

#define GL4_INLINE static inline __attribute__((always_inline))

/* Verification build (core/verify.h): every lane of v is <= max. */
ZKP_VERIFY_HELPER int gl4_verify_le(__m256i v, uint64_t max) {
    uint64_t l[4];
    _mm256_storeu_si256((__m256i *)(void *)l, v);
    return l[0] <= max && l[1] <= max && l[2] <= max && l[3] <= max;
}

GL4_INLINE __m256i gl4_e(void) { return _mm256_set1_epi64x(0xFFFFFFFFll); }
GL4_INLINE __m256i gl4_sign(void) { return _mm256_set1_epi64x(INT64_MIN); }

/* all-ones lanes where a < b (unsigned) */
GL4_INLINE __m256i gl4_ltu(__m256i a, __m256i b) {
    return _mm256_cmpgt_epi64(_mm256_xor_si256(b, gl4_sign()), _mm256_xor_si256(a, gl4_sign()));
}

/* a + b, b <= p (as gl_add_1c): one carry correction (+E). */
GL4_INLINE __m256i gl4_add_1c(__m256i a, __m256i b) {
    ZKP_VERIFY_CHECK(gl4_verify_le(b, 0xFFFFFFFF00000001ull), "gl4_add_1c addend b <= p");
    __m256i s = _mm256_add_epi64(a, b);
    return _mm256_add_epi64(s, _mm256_srli_epi64(gl4_ltu(s, b), 32));
}

/* hi*2^64 + lo mod p: the reduction of gl.h (lo + (hi<<32) - (hh + hl),
 * carry +E, borrow -E; neither correction can wrap again). */
GL4_INLINE __m256i gl4_reduce128(__m256i lo, __m256i hi) {
    const __m256i sign = gl4_sign();
    __m256i B = _mm256_slli_epi64(hi, 32);
    __m256i C = _mm256_add_epi64(_mm256_srli_epi64(hi, 32), _mm256_and_si256(hi, gl4_e()));
    __m256i s = _mm256_add_epi64(lo, B);
    __m256i sS = _mm256_xor_si256(s, sign);
    __m256i c1 = _mm256_cmpgt_epi64(_mm256_xor_si256(lo, sign), sS); /* s < lo: carry */
    __m256i s2 = _mm256_sub_epi64(s, C);
    __m256i b2 = _mm256_cmpgt_epi64(_mm256_xor_si256(C, sign), sS); /* s < C: borrow */
    return _mm256_sub_epi64(_mm256_add_epi64(s2, _mm256_srli_epi64(c1, 32)), _mm256_srli_epi64(b2, 32));
}

/* a*b as hi:lo from four 32x32 products (no intermediate sum overflows:
 * lh + (ll >> 32) < 2^64 and hl + low32(t) < 2^64). */
GL4_INLINE void gl4_mul_wide(__m256i a, __m256i b, __m256i *lo, __m256i *hi) {
    __m256i ah = _mm256_srli_epi64(a, 32), bh = _mm256_srli_epi64(b, 32);
    __m256i ll = _mm256_mul_epu32(a, b), lh = _mm256_mul_epu32(a, bh);
    __m256i hl = _mm256_mul_epu32(ah, b), hh = _mm256_mul_epu32(ah, bh);
    __m256i t = _mm256_add_epi64(lh, _mm256_srli_epi64(ll, 32));
    __m256i t2 = _mm256_add_epi64(hl, _mm256_and_si256(t, gl4_e()));
    *lo = _mm256_blend_epi32(ll, _mm256_slli_epi64(t2, 32), 0xAA);
    *hi = _mm256_add_epi64(_mm256_add_epi64(hh, _mm256_srli_epi64(t, 32)), _mm256_srli_epi64(t2, 32));
}

GL4_INLINE __m256i gl4_mul(__m256i a, __m256i b) {
    __m256i lo, hi;
    gl4_mul_wide(a, b, &lo, &hi);
    return gl4_reduce128(lo, hi);
}

/* a^2: the two cross products are equal, one vpmuludq fewer. */
GL4_INLINE __m256i gl4_sqr(__m256i a) {
    __m256i ah = _mm256_srli_epi64(a, 32);
    __m256i ll = _mm256_mul_epu32(a, a), lh = _mm256_mul_epu32(a, ah), hh = _mm256_mul_epu32(ah, ah);
    __m256i t = _mm256_add_epi64(lh, _mm256_srli_epi64(ll, 32));
    __m256i t2 = _mm256_add_epi64(lh, _mm256_and_si256(t, gl4_e()));
    __m256i lo = _mm256_blend_epi32(ll, _mm256_slli_epi64(t2, 32), 0xAA);
    __m256i hi = _mm256_add_epi64(_mm256_add_epi64(hh, _mm256_srli_epi64(t, 32)), _mm256_srli_epi64(t2, 32));
    return gl4_reduce128(lo, hi);
}

GL4_INLINE __m256i gl4_pow7(__m256i x) {
    __m256i x2 = gl4_sqr(x);
    __m256i x3 = gl4_mul(x2, x);
    __m256i x4 = gl4_sqr(x2);
    return gl4_mul(x3, x4);
}

/* 4x4 transpose of 64-bit lanes (its own inverse): rows r_c = state chunk
 * c <-> columns w_k = {st[k], st[4+k], st[8+k], st[12+k]}. */
GL4_INLINE void gl4_transpose(__m256i v[4]) {
    __m256i t0 = _mm256_unpacklo_epi64(v[0], v[1]), t1 = _mm256_unpackhi_epi64(v[0], v[1]);
    __m256i t2 = _mm256_unpacklo_epi64(v[2], v[3]), t3 = _mm256_unpackhi_epi64(v[2], v[3]);
    v[0] = _mm256_permute2x128_si256(t0, t2, 0x20);
    v[1] = _mm256_permute2x128_si256(t1, t3, 0x20);
    v[2] = _mm256_permute2x128_si256(t0, t2, 0x31);
    v[3] = _mm256_permute2x128_si256(t1, t3, 0x31);
}

/* M4 across four vectors (lane-wise), on values small enough not to wrap. */
GL4_INLINE void gl4_m4_vertical(__m256i x[4]) {
    __m256i s01 = _mm256_add_epi64(x[0], x[1]), s23 = _mm256_add_epi64(x[2], x[3]);
    __m256i s = _mm256_add_epi64(s01, s23);
    __m256i u = _mm256_add_epi64(s, x[1]), v = _mm256_add_epi64(s, x[3]);
    __m256i y0 = _mm256_add_epi64(u, s01);
    __m256i y1 = _mm256_add_epi64(u, _mm256_add_epi64(x[2], x[2]));
    __m256i y2 = _mm256_add_epi64(v, s23);
    __m256i y3 = _mm256_add_epi64(v, _mm256_add_epi64(x[0], x[0]));
    x[0] = y0; x[1] = y1; x[2] = y2; x[3] = y3;
}

/* every lane <- the sum of the four lanes */
GL4_INLINE __m256i gl4_hsum_bcast(__m256i v) {
    v = _mm256_add_epi64(v, _mm256_permute4x64_epi64(v, 0x4E));
    return _mm256_add_epi64(v, _mm256_shuffle_epi32(v, 0x4E));
}

/* M_E on the transposed state w[k] (lane c = state[4c + k]). Inputs any
 * u64. Each input is split into 32-bit halves and the matrix is applied to
 * both halves with plain 64-bit adds (coefficients of an output sum to 35,
 * so half-sums stay below 35*2^32 < 2^38); then
 *   out = L + H*2^32 = L + (H<<32 mod 2^64) + (H>>32)*E   (2^64 = E mod p),
 * with one carry correction. Output any u64. */
GL4_INLINE void gl4_mat_ext_t(__m256i w[4]) {
    const __m256i e = gl4_e();
    __m256i L[4], H[4];
    for (int k = 0; k < 4; k++) {
        L[k] = _mm256_and_si256(w[k], e);
        H[k] = _mm256_srli_epi64(w[k], 32);
    }
    gl4_m4_vertical(L);
    gl4_m4_vertical(H);
    for (int k = 0; k < 4; k++) {
        __m256i l = _mm256_add_epi64(L[k], gl4_hsum_bcast(L[k]));
        __m256i h = _mm256_add_epi64(H[k], gl4_hsum_bcast(H[k]));
        ZKP_VERIFY_CHECK(gl4_verify_le(l, 35 * 0xFFFFFFFFull) && gl4_verify_le(h, 35 * 0xFFFFFFFFull),
                         "gl4_mat_ext_t half sums <= 35 (2^32 - 1)");
        __m256i hh = _mm256_srli_epi64(h, 32);
        __m256i b = _mm256_add_epi64(l, _mm256_sub_epi64(_mm256_slli_epi64(hh, 32), hh)); /* < 2^39 */
        ZKP_VERIFY_CHECK(gl4_verify_le(b, ((uint64_t)1 << 39) - 1), "gl4_mat_ext_t recombination b < 2^39");
        __m256i o = _mm256_add_epi64(_mm256_slli_epi64(h, 32), b);
        w[k] = _mm256_add_epi64(o, _mm256_srli_epi64(gl4_ltu(o, b), 32));
    }
}

#endif
