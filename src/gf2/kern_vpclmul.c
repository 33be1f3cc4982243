/*
 * VPCLMULQDQ gf2 kernel on ymm: each ymm holds the limb pair of two
 * elements (one per 128-bit lane), and every instruction of the template
 * is lane-wise, so one VPCLMULQDQ does the same product for two elements.
 * Built with -mvpclmulqdq -mpclmul -mavx2 only.
 */
#include <immintrin.h>

#include "gf2/gf2_internal.h"

typedef __m256i V;

#define V_LANES 2
/* fold with carry-less products by the modulus (see gf2_tmpl.h) */
#define TMPL_RED_CLMUL_GHASH128 1
#define TMPL_RED_CLMUL_B127 1
#define TMPL_RED_CLMUL_B256 1
#define TMPL_CHAINS 4
#define TMPL_SUFFIX vpclmul
#define V_ZERO() _mm256_setzero_si256()
#define V_XOR(a, b) _mm256_xor_si256((a), (b))
#define V_AND(a, b) _mm256_and_si256((a), (b))
#define V_CLMUL(a, b, imm) _mm256_clmulepi64_epi128((a), (b), (imm))
#define V_SLL(a, k) _mm256_slli_epi64((a), (k))
#define V_SRL(a, k) _mm256_srli_epi64((a), (k))
#define V_UP(a) _mm256_bslli_epi128((a), 8)
#define V_DOWN(a) _mm256_bsrli_epi128((a), 8)
#define V_ALIGN(h, l) _mm256_alignr_epi8((h), (l), 8)
#define V_UNPLO(a, b) _mm256_unpacklo_epi64((a), (b))
#define V_UNPHI(a, b) _mm256_unpackhi_epi64((a), (b))
#define V_CONST(l0, l1) _mm256_set_epi64x((long long)(l1), (long long)(l0), (long long)(l1), (long long)(l0))
/* 0 - a.hi in both limbs: all ones when the hi limb is 1 (sect193 limb 3 is 0 or 1) */
#define V_MASK1(a) _mm256_sub_epi64(_mm256_setzero_si256(), _mm256_unpackhi_epi64((a), (a)))
#define XL(p) _mm_loadu_si128((const __m128i *)(const void *)(p))
#define XL1(p) _mm_loadl_epi64((const __m128i *)(const void *)(p))
#define V_LD2(P, o) _mm256_inserti128_si256(_mm256_castsi128_si256(XL((P)[0] + (o))), XL((P)[1] + (o)), 1)
#define V_LD1(P, o) _mm256_inserti128_si256(_mm256_castsi128_si256(XL1((P)[0] + (o))), XL1((P)[1] + (o)), 1)
#define V_ST2(P, o, v)                                                                             \
    (_mm_storeu_si128((__m128i *)(void *)((P)[0] + (o)), _mm256_castsi256_si128(v)),               \
     _mm_storeu_si128((__m128i *)(void *)((P)[1] + (o)), _mm256_extracti128_si256((v), 1)))
#define V_ST1(P, o, v)                                                                             \
    (_mm_storel_epi64((__m128i *)(void *)((P)[0] + (o)), _mm256_castsi256_si128(v)),               \
     _mm_storel_epi64((__m128i *)(void *)((P)[1] + (o)), _mm256_extracti128_si256((v), 1)))

/* Two consecutive elements: whole-element loads and 128-bit inserts
 * (memory-operand inserts do not use the shuffle port). */
#define TMPL_HAVE_CONTIG 1
ZKP_INLINE void gf2_loadc(V *v, unsigned nl, const uint64_t *b) {
    if (nl == 2) {
        v[0] = _mm256_loadu_si256((const __m256i *)(const void *)b);
    } else if (nl == 4) {
        v[0] = _mm256_inserti128_si256(_mm256_castsi128_si256(XL(b)), XL(b + 4), 1);
        v[1] = _mm256_inserti128_si256(_mm256_castsi128_si256(XL(b + 2)), XL(b + 6), 1);
    } else {
        v[0] = _mm256_inserti128_si256(_mm256_castsi128_si256(XL(b)), XL(b + 3), 1);
        v[1] = _mm256_inserti128_si256(_mm256_castsi128_si256(XL(b + 2)), XL1(b + 5), 1);
    }
}
ZKP_INLINE void gf2_storec(uint64_t *b, unsigned nl, const V *v) {
    if (nl == 2) {
        _mm256_storeu_si256((__m256i *)(void *)b, v[0]);
    } else if (nl == 4) {
        /* 128-bit stores of each half (an extract to memory is a store, no shuffle) */
        _mm_storeu_si128((__m128i *)(void *)b, _mm256_castsi256_si128(v[0]));
        _mm_storeu_si128((__m128i *)(void *)(b + 2), _mm256_castsi256_si128(v[1]));
        _mm_storeu_si128((__m128i *)(void *)(b + 4), _mm256_extracti128_si256(v[0], 1));
        _mm_storeu_si128((__m128i *)(void *)(b + 6), _mm256_extracti128_si256(v[1], 1));
    } else {
        /* element k: limbs 0,1 from v0 lane k, limb 2 from v1 lane k (its hi limb is junk) */
        __m128i e1 = _mm256_extracti128_si256(v[0], 1), f1 = _mm256_extracti128_si256(v[1], 1);
        _mm_storeu_si128((__m128i *)(void *)b, _mm256_castsi256_si128(v[0]));
        _mm_storel_epi64((__m128i *)(void *)(b + 2), _mm256_castsi256_si128(v[1]));
        _mm_storeu_si128((__m128i *)(void *)(b + 3), e1);
        _mm_storel_epi64((__m128i *)(void *)(b + 5), f1);
    }
}

#include "gf2/gf2_tmpl.h"
