/*
 * VPCLMULQDQ gf2 kernel on ymm: each ymm holds the limb pair of two
 * elements (one per 128-bit lane), and every instruction of the template
 * is lane-wise, so one VPCLMULQDQ does the same product for two elements.
 * Built with -mvpclmulqdq -mpclmul -mavx2 only.
 */
#include <immintrin.h>

#include "gf2/gf2_internal.h"

typedef __m256i V;

#define GF2_L 2
#define GF2_U 2
#define GF2_SUFFIX vpclmul
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
#define V_MASK1(a) _mm256_srai_epi32(_mm256_slli_epi32(_mm256_shuffle_epi32((a), 0xAA), 31), 31)
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

#include "gf2/gf2_tmpl.h"
