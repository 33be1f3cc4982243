/*
 * PCLMULQDQ gf2 kernel: one element per xmm register pair, 64x64 carry-less
 * products with PCLMULQDQ, reductions with SSE shifts and byte shuffles.
 * Built with -mpclmul -msse4.1 only.
 */
#include <immintrin.h>

#include "gf2/gf2_internal.h"

typedef __m128i V;

#define V_LANES 1
/* fold with carry-less products by the modulus (see gf2_tmpl.h) */
#define TMPL_RED_CLMUL_GHASH128 1
#define TMPL_RED_CLMUL_B127 1
#define TMPL_RED_CLMUL_B256 1
#define TMPL_CHAINS 4
#define TMPL_SUFFIX pclmul
#define V_ZERO() _mm_setzero_si128()
#define V_XOR(a, b) _mm_xor_si128((a), (b))
#define V_AND(a, b) _mm_and_si128((a), (b))
#define V_CLMUL(a, b, imm) _mm_clmulepi64_si128((a), (b), (imm))
#define V_SLL(a, k) _mm_slli_epi64((a), (k))
#define V_SRL(a, k) _mm_srli_epi64((a), (k))
#define V_UP(a) _mm_slli_si128((a), 8)
#define V_DOWN(a) _mm_srli_si128((a), 8)
#define V_ALIGN(h, l) _mm_alignr_epi8((h), (l), 8)
#define V_UNPLO(a, b) _mm_unpacklo_epi64((a), (b))
#define V_UNPHI(a, b) _mm_unpackhi_epi64((a), (b))
#define V_CONST(l0, l1) _mm_set_epi64x((long long)(l1), (long long)(l0))
/* bit 0 of the hi limb -> all ones: move dword 2 everywhere, shift it to the sign, spread */
/* 0 - a.hi in both limbs: all ones when the hi limb is 1 (sect193 limb 3 is 0 or 1) */
#define V_MASK1(a) _mm_sub_epi64(_mm_setzero_si128(), _mm_unpackhi_epi64((a), (a)))
#define V_LD2(P, o) _mm_loadu_si128((const __m128i *)(const void *)((P)[0] + (o)))
#define V_LD1(P, o) _mm_loadl_epi64((const __m128i *)(const void *)((P)[0] + (o)))
#define V_ST2(P, o, v) _mm_storeu_si128((__m128i *)(void *)((P)[0] + (o)), (v))
#define V_ST1(P, o, v) _mm_storel_epi64((__m128i *)(void *)((P)[0] + (o)), (v))

#include "gf2/gf2_tmpl.h"
