/*
 * AVX2 batched Hemera permutation: 4 lanes per ymm; groups of 4..64
 * states. The round code is batch_simd.inc; this file supplies the
 * Goldilocks arithmetic on ymm registers (same algorithms as
 * batch_avx512.c). AVX2 has no unsigned 64-bit compare: carries and
 * borrows come from a signed compare after flipping the sign bits, and
 * corrections are added through and-masks.
 */
#include <immintrin.h>

#include "hemera/batch_internal.h"
#include "hemera/gl.h"
#include "hemera/gl_avx2.h" /* gl4_verify_le for the verification build */

typedef __m256i VT;
typedef __m256i VMASK;
#define VL 4

ZKP_INLINE VT v_set1(uint64_t x) { return _mm256_set1_epi64x((long long)x); }
ZKP_INLINE VT v_load(const uint64_t *p) { return _mm256_load_si256((const VT *)p); }
ZKP_INLINE void v_store(uint64_t *p, VT v) { _mm256_store_si256((VT *)p, v); }
ZKP_INLINE VT v_add(VT a, VT b) { return _mm256_add_epi64(a, b); }
ZKP_INLINE VT v_sub(VT a, VT b) { return _mm256_sub_epi64(a, b); }
ZKP_INLINE VT v_and(VT a, VT b) { return _mm256_and_si256(a, b); }
ZKP_INLINE VT v_shr32(VT a) { return _mm256_srli_epi64(a, 32); }
ZKP_INLINE VT v_shl32(VT a) { return _mm256_slli_epi64(a, 32); }

#define VE v_set1(HB_E)
#define VM32 v_set1(0xFFFFFFFFull)

/* all-ones where a < b (unsigned) */
ZKP_INLINE VT ltu(VT a, VT b) {
    const VT sign = v_set1(0x8000000000000000ull);
    return _mm256_cmpgt_epi64(_mm256_xor_si256(b, sign), _mm256_xor_si256(a, sign));
}

/* High dword of each lane into the low position (vpmuludq ignores the
 * upper dword): a port-5 shuffle instead of a shift. */
ZKP_INLINE VT hi_dw(VT a) { return _mm256_castps_si256(_mm256_movehdup_ps(_mm256_castsi256_ps(a))); }
ZKP_INLINE VT lo_merge(VT a, VT b) {
    return _mm256_blend_epi32(a, _mm256_castps_si256(_mm256_moveldup_ps(_mm256_castsi256_ps(b))), 0xAA);
}

ZKP_INLINE void f_mul128(VT a, VT b, VT bh, VT *hi, VT *lo) {
    VT ah = hi_dw(a);
    VT ll = _mm256_mul_epu32(a, b);
    VT lh = _mm256_mul_epu32(a, bh);
    VT hl = _mm256_mul_epu32(ah, b);
    VT hh = _mm256_mul_epu32(ah, bh);
    VT t0 = v_add(hl, v_shr32(ll));
    VT t1 = v_add(lh, v_and(t0, VM32));
    *hi = v_add(v_add(hh, v_shr32(t0)), v_shr32(t1));
    *lo = lo_merge(ll, t1);
}

ZKP_INLINE void f_sqr128(VT a, VT *hi, VT *lo) {
    VT ah = hi_dw(a);
    VT ll = _mm256_mul_epu32(a, a);
    VT lh = _mm256_mul_epu32(a, ah);
    VT hh = _mm256_mul_epu32(ah, ah);
    VT t0 = v_add(lh, v_shr32(ll));
    VT t1 = v_add(lh, v_and(t0, VM32));
    *hi = v_add(v_add(hh, v_shr32(t0)), v_shr32(t1));
    *lo = lo_merge(ll, t1);
}

/* lo - hh + hl*E; hl*E by one vpmuludq. The two carry tests run on
 * sign-flipped values (x ^ 2^63), where the signed compare vpcmpgtq orders
 * like unsigned: flip lo once, flip the result back once, instead of two
 * flips per compare. */
ZKP_INLINE VT f_reduce(VT hi, VT lo) {
    const VT sign = v_set1(0x8000000000000000ull);
    VT hh = v_shr32(hi);
    VT lo_s = _mm256_xor_si256(lo, sign);
    VT t_s = v_sub(lo_s, hh);
    VT borrow = _mm256_cmpgt_epi64(t_s, lo_s); /* lo - hh wrapped */
    t_s = v_sub(t_s, v_and(borrow, VE));
    VT m = _mm256_mul_epu32(hi, VE);
    VT r_s = v_add(t_s, m);
    VT carry = _mm256_cmpgt_epi64(t_s, r_s);   /* t + m wrapped */
    return _mm256_xor_si256(v_add(r_s, v_and(carry, VE)), sign);
}

ZKP_INLINE VT f_add(VT a, VT b) {
    VT s = v_add(a, b);
    VT c = ltu(s, a);
    s = v_add(s, v_and(c, VE));
    VT c2 = v_and(c, ltu(s, VE));
    return v_add(s, v_and(c2, VE));
}

ZKP_INLINE void f_add_carry1(VT hi, VT lo, VT c, VT *ho, VT *lout) {
    ZKP_VERIFY_CHECK(gl4_verify_le(hi, ~(uint64_t)1), "f_add_carry1 product high word <= 2^64 - 2");
    VT l = v_add(lo, c);
    *lout = l;
    *ho = v_sub(hi, ltu(l, c)); /* minus all-ones = +1 */
}

ZKP_INLINE VT f_recombine(VT L, VT H) {
    ZKP_VERIFY_CHECK(gl4_verify_le(L, ((uint64_t)1 << 40) - 1) && gl4_verify_le(H, ((uint64_t)1 << 40) - 1),
                     "f_recombine halves L, H < 2^40");
    VT hh = v_shr32(H);
    VT u = v_add(L, v_sub(v_shl32(hh), hh));
    ZKP_VERIFY_CHECK(gl4_verify_le(u, ((uint64_t)1 << 41) - 1), "f_recombine u = L + (H >> 32) E < 2^41");
    VT r = v_add(v_shl32(H), u);
    return v_add(r, v_and(ltu(r, u), VE));
}

ZKP_INLINE VT f_canon(VT x) {
    const VT P = v_set1(HB_P);
    VT r = v_sub(x, _mm256_andnot_si256(ltu(x, P), P));
    ZKP_VERIFY_CHECK(gl4_verify_le(r, HB_P - 1), "f_canon output < p");
    return r;
}

ZKP_INLINE VMASK v_zero_mask(VT c) { return _mm256_cmpeq_epi64(c, _mm256_setzero_si256()); }
ZKP_INLINE VT v_one_if(VT x, VMASK m) { return _mm256_blendv_epi8(x, v_set1(1), m); }
ZKP_INLINE VT v_zero_if(VT x, VMASK m) { return _mm256_andnot_si256(m, x); }

#define HB_SIMD_PERMUTE zkpi_hb_permute_avx2
#define HB_SIMD_PHASE zkpi_hb_phase_avx2
#include "hemera/batch_simd.inc"
