/*
 * 31-bit Montgomery fields, AVX-512 primitives: 16 lanes of 32 bits per
 * __m512i (AVX-512 kernel files only). The operations are monty31_vec.h's.
 */
#ifndef ZKPRIM_FIELD31_MONTY31_AVX512_H
#define ZKPRIM_FIELD31_MONTY31_AVX512_H

#include <immintrin.h>
#include <stdint.h>

#include "core/util.h"

#define V __m512i
#define V_LANES 16
#define V_SET1(x) _mm512_set1_epi32((int)(x))
#define V_LOADU(ptr) _mm512_loadu_si512((const void *)(ptr))
#define V_STOREU(ptr, v) _mm512_storeu_si512((void *)(ptr), (v))
#define V_ADD32(a, b) _mm512_add_epi32((a), (b))
#define V_SUB32(a, b) _mm512_sub_epi32((a), (b))
#define V_MIN32(a, b) _mm512_min_epu32((a), (b))
#define V_AND(a, b) _mm512_and_si512((a), (b))
/* shift counts as registers so a count known only after inlining compiles at -O0 too */
#define V_SRL32(a, k) _mm512_srl_epi32((a), _mm_cvtsi32_si128((int)(k)))
#define V_SLL32(a, k) _mm512_sll_epi32((a), _mm_cvtsi32_si128((int)(k)))
#define V_MULEVEN(a, b) _mm512_mul_epu32((a), (b))
#define V_MULEVEN_S(a, b) _mm512_mul_epi32((a), (b))
#define V_SUB64(a, b) _mm512_sub_epi64((a), (b))
#define V_SHR64_32(a) _mm512_srli_epi64((a), 32)
#define V_BLEND_ODD(a, b) _mm512_mask_blend_epi32((__mmask16)0xAAAA, (a), (b))
/* the high halves of the even and odd lanes' products in one instruction:
 * the even lanes take their neighbour above (a masked VPSHUFD), the odd
 * lanes keep odd's */
#define V_HI32_PAIR(even, odd) _mm512_mask_shuffle_epi32((odd), (__mmask16)0x5555, (even), _MM_PERM_DDBB)

#include "field31/monty31_vec.h"

#endif
