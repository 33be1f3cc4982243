/*
 * AVX-512 batched Hemera permutation: 8 lanes per zmm; groups of 8..64
 * states. The round code is batch_simd.inc; this file supplies the
 * Goldilocks arithmetic on zmm registers:
 *  - 64x64 -> 128-bit products from four vpmuludq (three for squares);
 *  - reduction (hi, lo) -> lo - hh + hl * E (E = 2^32 - 1 = 2^64 mod p,
 *    hh = hi >> 32, hl = hi mod 2^32, 2^96 = -1), corrections through
 *    mask registers;
 *  - lazy M_E on 32-bit halves (see batch_simd.inc).
 */
#include <immintrin.h>

#include "hemera/batch_internal.h"
#include "hemera/gl.h"
#include "hemera/gl_avx512.h" /* gl8_verify_le for the verification build */

typedef __m512i VT;
typedef __mmask8 VMASK;
#define VL 8

ZKP_INLINE VT v_set1(uint64_t x) { return _mm512_set1_epi64((long long)x); }
ZKP_INLINE VT v_load(const uint64_t *p) { return _mm512_load_si512((const void *)p); }
ZKP_INLINE void v_store(uint64_t *p, VT v) { _mm512_store_si512((void *)p, v); }
ZKP_INLINE VT v_add(VT a, VT b) { return _mm512_add_epi64(a, b); }
ZKP_INLINE VT v_sub(VT a, VT b) { return _mm512_sub_epi64(a, b); }
ZKP_INLINE VT v_and(VT a, VT b) { return _mm512_and_si512(a, b); }
ZKP_INLINE VT v_shr32(VT a) { return _mm512_srli_epi64(a, 32); }
ZKP_INLINE VT v_shl32(VT a) { return _mm512_slli_epi64(a, 32); }

#define VE v_set1(HB_E)
#define VM32 v_set1(0xFFFFFFFFull)

/* High dword of each lane into the low position (port 5 shuffles instead
 * of port-0 shifts; vpmuludq ignores the upper dword). */
ZKP_INLINE VT hi_dw(VT a) { return _mm512_castps_si512(_mm512_movehdup_ps(_mm512_castsi512_ps(a))); }
/* a >> 32 with the upper dword cleared (a shuffle with zero-masking). */
ZKP_INLINE VT shr32z(VT a) { return _mm512_castps_si512(_mm512_maskz_movehdup_ps(0x5555, _mm512_castsi512_ps(a))); }
/* lo dword from a, hi dword = low dword of b */
ZKP_INLINE VT lo_merge(VT a, VT b) {
    return _mm512_castps_si512(_mm512_mask_moveldup_ps(_mm512_castsi512_ps(a), 0xAAAA, _mm512_castsi512_ps(b)));
}

ZKP_INLINE void f_mul128(VT a, VT b, VT bh, VT *hi, VT *lo) {
    VT ah = hi_dw(a);
    VT ll = _mm512_mul_epu32(a, b);
    VT lh = _mm512_mul_epu32(a, bh);
    VT hl = _mm512_mul_epu32(ah, b);
    VT hh = _mm512_mul_epu32(ah, bh);
    /* no overflow: (2^32-1)^2 + 2 (2^32-1) < 2^64 */
    VT t0 = v_add(hl, shr32z(ll));
    VT t1 = v_add(lh, v_and(t0, VM32));
    *hi = v_add(v_add(hh, shr32z(t0)), shr32z(t1));
    *lo = lo_merge(ll, t1);
}

ZKP_INLINE void f_sqr128(VT a, VT *hi, VT *lo) {
    VT ah = hi_dw(a);
    VT ll = _mm512_mul_epu32(a, a);
    VT lh = _mm512_mul_epu32(a, ah);
    VT hh = _mm512_mul_epu32(ah, ah);
    VT t0 = v_add(lh, shr32z(ll));
    VT t1 = v_add(lh, v_and(t0, VM32));
    *hi = v_add(v_add(hh, shr32z(t0)), shr32z(t1));
    *lo = lo_merge(ll, t1);
}

/* (hi*2^64 + lo) mod p = lo - hh + hl*E; hl*E by one vpmuludq. */
ZKP_INLINE VT f_reduce(VT hi, VT lo) {
    VT hh = shr32z(hi);
    __mmask8 borrow = _mm512_cmplt_epu64_mask(lo, hh);
    VT t = v_sub(lo, hh);
    t = _mm512_mask_sub_epi64(t, borrow, t, VE); /* t >= 2^64 - 2^32 on borrow */
    VT m = _mm512_mul_epu32(hi, VE);              /* hl * E < 2^64 */
    VT r = v_add(t, m);
    __mmask8 carry = _mm512_cmplt_epu64_mask(r, m);
    return _mm512_mask_add_epi64(r, carry, r, VE); /* wrapped r < m: no second wrap */
}

ZKP_INLINE VT f_add(VT a, VT b) {
    VT s = v_add(a, b);
    __mmask8 c = _mm512_cmplt_epu64_mask(s, a);
    s = _mm512_mask_add_epi64(s, c, s, VE);
    __mmask8 c2 = _mm512_mask_cmplt_epu64_mask(c, s, VE); /* second wrap (both inputs huge) */
    return _mm512_mask_add_epi64(s, c2, s, VE);
}

ZKP_INLINE void f_add_carry1(VT hi, VT lo, VT c, VT *ho, VT *lout) {
    ZKP_VERIFY_CHECK(gl8_verify_le(hi, ~(uint64_t)1), "f_add_carry1 product high word <= 2^64 - 2");
    VT l = v_add(lo, c);
    __mmask8 carry = _mm512_cmplt_epu64_mask(l, c);
    *lout = l;
    *ho = _mm512_mask_add_epi64(hi, carry, hi, v_set1(1)); /* hi <= 2^64 - 2 for a product */
}

ZKP_INLINE VT f_recombine(VT L, VT H) {
    ZKP_VERIFY_CHECK(gl8_verify_le(L, ((uint64_t)1 << 40) - 1) && gl8_verify_le(H, ((uint64_t)1 << 40) - 1),
                     "f_recombine halves L, H < 2^40");
    VT hh = v_shr32(H);
    VT u = v_add(L, v_sub(v_shl32(hh), hh)); /* L + (H >> 32) * E < 2^41 */
    ZKP_VERIFY_CHECK(gl8_verify_le(u, ((uint64_t)1 << 41) - 1), "f_recombine u = L + (H >> 32) E < 2^41");
    VT r = v_add(v_shl32(H), u);
    __mmask8 c = _mm512_cmplt_epu64_mask(r, u);
    return _mm512_mask_add_epi64(r, c, r, VE); /* wrapped r < u: no second wrap */
}

ZKP_INLINE VT f_canon(VT x) {
    const VT P = v_set1(HB_P);
    VT r = _mm512_mask_sub_epi64(x, _mm512_cmpge_epu64_mask(x, P), x, P);
    ZKP_VERIFY_CHECK(gl8_verify_le(r, HB_P - 1), "f_canon output < p");
    return r;
}

ZKP_INLINE VMASK v_zero_mask(VT c) { return _mm512_cmpeq_epu64_mask(c, _mm512_setzero_si512()); }
ZKP_INLINE VT v_one_if(VT x, VMASK m) { return _mm512_mask_mov_epi64(x, m, v_set1(1)); }
ZKP_INLINE VT v_zero_if(VT x, VMASK m) { return _mm512_maskz_mov_epi64((__mmask8)~m, x); }

#define HB_SIMD_PERMUTE zkpi_hb_permute_avx512
#define HB_SIMD_PHASE zkpi_hb_phase_avx512
#include "hemera/batch_simd.inc"
