/*
 * VPCLMULQDQ gf2 kernel on zmm: each zmm holds the limb pair of four
 * elements (one per 128-bit lane); the template's operations are all
 * lane-wise, so one VPCLMULQDQ does a product for four elements. Built
 * with the AVX512 and VPCLMUL kernel flags (see sources.cmake); the
 * dispatcher requires the CPU to report both.
 */
#include <immintrin.h>

#include "gf2/gf2_internal.h"

typedef __m512i V;

#define V_LANES 4
/* fold with carry-less products by the modulus (see gf2_tmpl.h) */
#define TMPL_RED_CLMUL_GHASH128 1
#define TMPL_RED_CLMUL_B127 1
#define TMPL_RED_CLMUL_B256 1
#define TMPL_CHAINS 4
#define TMPL_SUFFIX avx512
#define V_ZERO() _mm512_setzero_si512()
#define V_XOR(a, b) _mm512_xor_si512((a), (b))
#define V_AND(a, b) _mm512_and_si512((a), (b))
#define V_CLMUL(a, b, imm) _mm512_clmulepi64_epi128((a), (b), (imm))
#define V_SLL(a, k) _mm512_slli_epi64((a), (k))
#define V_SRL(a, k) _mm512_srli_epi64((a), (k))
#define V_UP(a) _mm512_bslli_epi128((a), 8)
#define V_DOWN(a) _mm512_bsrli_epi128((a), 8)
#define V_ALIGN(h, l) _mm512_alignr_epi8((h), (l), 8)
#define V_UNPLO(a, b) _mm512_unpacklo_epi64((a), (b))
#define V_UNPHI(a, b) _mm512_unpackhi_epi64((a), (b))
#define V_CONST(l0, l1)                                                                            \
    _mm512_set_epi64((long long)(l1), (long long)(l0), (long long)(l1), (long long)(l0),           \
                     (long long)(l1), (long long)(l0), (long long)(l1), (long long)(l0))
/* 0 - a.hi in both limbs: all ones when the hi limb is 1 (sect193 limb 3 is 0 or 1) */
#define V_MASK1(a) _mm512_sub_epi64(_mm512_setzero_si512(), _mm512_unpackhi_epi64((a), (a)))
#define XL(p) _mm_loadu_si128((const __m128i *)(const void *)(p))
#define XL1(p) _mm_loadl_epi64((const __m128i *)(const void *)(p))
static inline V v_ld4(__m128i a, __m128i b, __m128i c, __m128i d) {
    __m256i lo = _mm256_inserti128_si256(_mm256_castsi128_si256(a), b, 1);
    __m256i hi = _mm256_inserti128_si256(_mm256_castsi128_si256(c), d, 1);
    return _mm512_inserti64x4(_mm512_castsi256_si512(lo), hi, 1);
}
/* Lane k of v to p[k] + o with STORE: both limbs (v_st4, _mm_storeu_si128)
 * or the low one (v_st4l, _mm_storel_epi64). */
#define GF2_DEFINE_ST4(name, STORE)                                                                \
    static inline void name(uint64_t *const *p, unsigned o, V v) {                                 \
        __m256i lo = _mm512_castsi512_si256(v), hi = _mm512_extracti64x4_epi64(v, 1);              \
        STORE((__m128i *)(void *)(p[0] + o), _mm256_castsi256_si128(lo));                          \
        STORE((__m128i *)(void *)(p[1] + o), _mm256_extracti128_si256(lo, 1));                     \
        STORE((__m128i *)(void *)(p[2] + o), _mm256_castsi256_si128(hi));                          \
        STORE((__m128i *)(void *)(p[3] + o), _mm256_extracti128_si256(hi, 1));                     \
    }
GF2_DEFINE_ST4(v_st4, _mm_storeu_si128)
GF2_DEFINE_ST4(v_st4l, _mm_storel_epi64)

/* Four consecutive elements: full-width loads, then one two-source permute
 * per register (masked loads/stores never touch bytes past the group). */
#define TMPL_HAVE_CONTIG 1
ZKP_INLINE void gf2_loadc(V *v, unsigned nl, const uint64_t *b) {
    if (nl == 2) {
        v[0] = _mm512_loadu_si512((const void *)b);
    } else if (nl == 4) {
        V x = _mm512_loadu_si512((const void *)b), y = _mm512_loadu_si512((const void *)(b + 8));
        v[0] = _mm512_shuffle_i64x2(x, y, 0x88);
        v[1] = _mm512_shuffle_i64x2(x, y, 0xDD);
    } else {   /* nl == 3: 12 limbs */
        V x = _mm512_loadu_si512((const void *)b), y = _mm512_maskz_loadu_epi64(0x0F, (const void *)(b + 8));
        v[0] = _mm512_permutex2var_epi64(x, _mm512_set_epi64(10, 9, 7, 6, 4, 3, 1, 0), y);
        v[1] = _mm512_permutex2var_epi64(x, _mm512_set_epi64(11, 11, 8, 8, 5, 5, 2, 2), y);
    }
}
ZKP_INLINE void gf2_storec(uint64_t *b, unsigned nl, const V *v) {
    if (nl == 2) {
        _mm512_storeu_si512((void *)b, v[0]);
    } else if (nl == 4) {
        _mm512_storeu_si512((void *)b, _mm512_permutex2var_epi64(v[0], _mm512_set_epi64(11, 10, 3, 2, 9, 8, 1, 0), v[1]));
        _mm512_storeu_si512((void *)(b + 8),
                            _mm512_permutex2var_epi64(v[0], _mm512_set_epi64(15, 14, 7, 6, 13, 12, 5, 4), v[1]));
    } else {
        _mm512_storeu_si512((void *)b, _mm512_permutex2var_epi64(v[0], _mm512_set_epi64(5, 4, 10, 3, 2, 8, 1, 0), v[1]));
        _mm512_mask_storeu_epi64((void *)(b + 8), 0x0F,
                                 _mm512_permutex2var_epi64(v[0], _mm512_set_epi64(0, 0, 0, 0, 14, 7, 6, 12), v[1]));
    }
}

#define V_LD2(P, o) v_ld4(XL((P)[0] + (o)), XL((P)[1] + (o)), XL((P)[2] + (o)), XL((P)[3] + (o)))
#define V_LD1(P, o) v_ld4(XL1((P)[0] + (o)), XL1((P)[1] + (o)), XL1((P)[2] + (o)), XL1((P)[3] + (o)))
#define V_ST2(P, o, v) v_st4((P), (o), (v))
#define V_ST1(P, o, v) v_st4l((P), (o), (v))

#include "gf2/gf2_tmpl.h"
