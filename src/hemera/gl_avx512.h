/*
 * Goldilocks arithmetic on 8 lanes of __m512i (AVX-512F), for Hemera
 * kernels built with the AVX512 flags only (include from *_avx512.c).
 *
 * Same representation rule as gl.h (any u64 lane, outputs any u64 unless
 * stated); branch-free and constant time. Unlike AVX2, AVX-512 has unsigned
 * compares into mask registers and masked add/sub, so each carry or borrow
 * correction is one compare plus one masked op.
 */
#ifndef ZKPRIM_HEMERA_GL_AVX512_H
#define ZKPRIM_HEMERA_GL_AVX512_H

#include <immintrin.h>
#include <stdint.h>

#include "core/verify.h"

#define GL8_INLINE static inline __attribute__((always_inline))

/* Verification build (core/verify.h): every lane of v is <= max. */
ZKP_VERIFY_HELPER int gl8_verify_le(__m512i v, uint64_t max) {
    return _mm512_cmpgt_epu64_mask(v, _mm512_set1_epi64((long long)max)) == 0;
}

GL8_INLINE __m512i gl8_e(void) { return _mm512_set1_epi64(0xFFFFFFFFll); }

/* a + b, b <= p (as gl_add_1c): one carry correction. */
GL8_INLINE __m512i gl8_add_1c(__m512i a, __m512i b) {
    ZKP_VERIFY_CHECK(gl8_verify_le(b, 0xFFFFFFFF00000001ull), "gl8_add_1c addend b <= p");
    __m512i s = _mm512_add_epi64(a, b);
    return _mm512_mask_add_epi64(s, _mm512_cmplt_epu64_mask(s, b), s, gl8_e());
}

/* hi*2^64 + lo mod p, as gl_reduce128: lo + (hi<<32) - (hh + hl), +E on the
 * carry, -E on the borrow (neither wraps again). */
GL8_INLINE __m512i gl8_reduce128(__m512i lo, __m512i hi) {
    const __m512i e = gl8_e();
    __m512i B = _mm512_slli_epi64(hi, 32);
    __m512i C = _mm512_add_epi64(_mm512_srli_epi64(hi, 32), _mm512_and_si512(hi, e));
    __m512i s = _mm512_add_epi64(lo, B);
    __mmask8 c1 = _mm512_cmplt_epu64_mask(s, lo);
    __mmask8 b2 = _mm512_cmplt_epu64_mask(s, C);
    __m512i r = _mm512_sub_epi64(s, C);
    r = _mm512_mask_add_epi64(r, c1, r, e);
    return _mm512_mask_sub_epi64(r, b2, r, e);
}

/* a*b as hi:lo from four 32x32 products (as gl4_mul_wide). */
GL8_INLINE void gl8_mul_wide(__m512i a, __m512i b, __m512i *lo, __m512i *hi) {
    const __m512i e = gl8_e();
    __m512i ah = _mm512_srli_epi64(a, 32), bh = _mm512_srli_epi64(b, 32);
    __m512i ll = _mm512_mul_epu32(a, b), lh = _mm512_mul_epu32(a, bh);
    __m512i hl = _mm512_mul_epu32(ah, b), hh = _mm512_mul_epu32(ah, bh);
    __m512i t = _mm512_add_epi64(lh, _mm512_srli_epi64(ll, 32));
    __m512i t2 = _mm512_add_epi64(hl, _mm512_and_si512(t, e));
    *lo = _mm512_mask_blend_epi32(0xAAAA, ll, _mm512_slli_epi64(t2, 32));
    *hi = _mm512_add_epi64(_mm512_add_epi64(hh, _mm512_srli_epi64(t, 32)), _mm512_srli_epi64(t2, 32));
}

GL8_INLINE __m512i gl8_mul(__m512i a, __m512i b) {
    __m512i lo, hi;
    gl8_mul_wide(a, b, &lo, &hi);
    return gl8_reduce128(lo, hi);
}

GL8_INLINE __m512i gl8_sqr(__m512i a) {
    const __m512i e = gl8_e();
    __m512i ah = _mm512_srli_epi64(a, 32);
    __m512i ll = _mm512_mul_epu32(a, a), lh = _mm512_mul_epu32(a, ah), hh = _mm512_mul_epu32(ah, ah);
    __m512i t = _mm512_add_epi64(lh, _mm512_srli_epi64(ll, 32));
    __m512i t2 = _mm512_add_epi64(lh, _mm512_and_si512(t, e));
    __m512i lo = _mm512_mask_blend_epi32(0xAAAA, ll, _mm512_slli_epi64(t2, 32));
    __m512i hi = _mm512_add_epi64(_mm512_add_epi64(hh, _mm512_srli_epi64(t, 32)), _mm512_srli_epi64(t2, 32));
    return gl8_reduce128(lo, hi);
}

/* Transposed state in two vectors: Z0 = [w0 | w1], Z1 = [w2 | w3] (256-bit
 * halves) with w_k = {st[k], st[4+k], st[8+k], st[12+k]}. The same index
 * vectors map the natural layout to this one and back. */
GL8_INLINE void gl8_load_t(__m512i z[2], const uint64_t s[16]) {
    const __m512i i0 = _mm512_set_epi64(13, 9, 5, 1, 12, 8, 4, 0);
    const __m512i i1 = _mm512_set_epi64(15, 11, 7, 3, 14, 10, 6, 2);
    __m512i a = _mm512_loadu_si512((const void *)s), b = _mm512_loadu_si512((const void *)(s + 8));
    z[0] = _mm512_permutex2var_epi64(a, i0, b);
    z[1] = _mm512_permutex2var_epi64(a, i1, b);
}

GL8_INLINE void gl8_store_t(uint64_t s[16], const __m512i z[2]) {
    const __m512i i0 = _mm512_set_epi64(13, 9, 5, 1, 12, 8, 4, 0);
    const __m512i i1 = _mm512_set_epi64(15, 11, 7, 3, 14, 10, 6, 2);
    _mm512_storeu_si512((void *)s, _mm512_permutex2var_epi64(z[0], i0, z[1]));
    _mm512_storeu_si512((void *)(s + 8), _mm512_permutex2var_epi64(z[0], i1, z[1]));
}

/* M4 lane-wise on the transposed pair (values small enough not to wrap):
 *   [y0|y1] = 2A + swap(A) + (B + swap(B)) + 2[w1|w2]
 *   [y2|y3] = 2B + swap(B) + (A + swap(A)) + 2[w3|w0]
 * with A = [w0|w1], B = [w2|w3]. */
GL8_INLINE void gl8_m4_t(__m512i *A, __m512i *B) {
    __m512i a = *A, b = *B;
    __m512i as = _mm512_shuffle_i64x2(a, a, 0x4E), bs = _mm512_shuffle_i64x2(b, b, 0x4E);
    __m512i x = _mm512_shuffle_i64x2(a, b, 0x4E);  /* [w1 | w2] */
    __m512i xb = _mm512_shuffle_i64x2(b, a, 0x4E); /* [w3 | w0] */
    __m512i ta = _mm512_add_epi64(a, as), tb = _mm512_add_epi64(b, bs);
    *A = _mm512_add_epi64(_mm512_add_epi64(_mm512_add_epi64(a, a), as),
                          _mm512_add_epi64(tb, _mm512_add_epi64(x, x)));
    *B = _mm512_add_epi64(_mm512_add_epi64(_mm512_add_epi64(b, b), bs),
                          _mm512_add_epi64(ta, _mm512_add_epi64(xb, xb)));
}

/* each 256-bit half: every lane <- the sum of that half's four lanes */
GL8_INLINE __m512i gl8_hsum4_bcast(__m512i v) {
    v = _mm512_add_epi64(v, _mm512_shuffle_i64x2(v, v, 0xB1));
    return _mm512_add_epi64(v, _mm512_shuffle_epi32(v, (_MM_PERM_ENUM)0x4E));
}

/* M_E on the transposed pair: 32-bit halves, lane adds, recombination
 * L + (H<<32) + (H>>32)*E with one carry correction (as gl4_mat_ext_t). */
GL8_INLINE void gl8_mat_ext_t(__m512i z[2]) {
    const __m512i e = gl8_e();
    __m512i L0 = _mm512_and_si512(z[0], e), L1 = _mm512_and_si512(z[1], e);
    __m512i H0 = _mm512_srli_epi64(z[0], 32), H1 = _mm512_srli_epi64(z[1], 32);
    gl8_m4_t(&L0, &L1);
    gl8_m4_t(&H0, &H1);
    __m512i L[2] = {L0, L1}, H[2] = {H0, H1};
    for (int k = 0; k < 2; k++) {
        __m512i l = _mm512_add_epi64(L[k], gl8_hsum4_bcast(L[k]));
        __m512i h = _mm512_add_epi64(H[k], gl8_hsum4_bcast(H[k]));
        ZKP_VERIFY_CHECK(gl8_verify_le(l, 35 * 0xFFFFFFFFull) && gl8_verify_le(h, 35 * 0xFFFFFFFFull),
                         "gl8_mat_ext_t half sums <= 35 (2^32 - 1)");
        __m512i hh = _mm512_srli_epi64(h, 32);
        __m512i b = _mm512_add_epi64(l, _mm512_sub_epi64(_mm512_slli_epi64(hh, 32), hh)); /* < 2^39 */
        ZKP_VERIFY_CHECK(gl8_verify_le(b, ((uint64_t)1 << 39) - 1), "gl8_mat_ext_t recombination b < 2^39");
        __m512i o = _mm512_add_epi64(_mm512_slli_epi64(h, 32), b);
        z[k] = _mm512_mask_add_epi64(o, _mm512_cmplt_epu64_mask(o, b), o, e);
    }
}

#endif
