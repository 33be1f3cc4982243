/*
 * 31-bit Montgomery fields, AVX2 primitives: 8 lanes of 32 bits per __m256i
 * (AVX2 kernel files only). The operations are monty31_vec.h's.
 */
#ifndef ZKPRIM_FIELD31_MONTY31_AVX2_H
#define ZKPRIM_FIELD31_MONTY31_AVX2_H

#include <immintrin.h>
#include <stdint.h>

#include "core/util.h"

#define V __m256i
#define V_LANES 8
#define V_SET1(x) _mm256_set1_epi32((int)(x))
#define V_LOADU(ptr) _mm256_loadu_si256((const __m256i *)(const void *)(ptr))
#define V_STOREU(ptr, v) _mm256_storeu_si256((__m256i *)(void *)(ptr), (v))
#define V_ADD32(a, b) _mm256_add_epi32((a), (b))
#define V_SUB32(a, b) _mm256_sub_epi32((a), (b))
#define V_MIN32(a, b) _mm256_min_epu32((a), (b))
#define V_AND(a, b) _mm256_and_si256((a), (b))
/* shift counts as registers so a count known only after inlining compiles at -O0 too */
#define V_SRL32(a, k) _mm256_srl_epi32((a), _mm_cvtsi32_si128((int)(k)))
#define V_SLL32(a, k) _mm256_sll_epi32((a), _mm_cvtsi32_si128((int)(k)))
#define V_MULEVEN(a, b) _mm256_mul_epu32((a), (b))
#define V_MULEVEN_S(a, b) _mm256_mul_epi32((a), (b))
#define V_SUB64(a, b) _mm256_sub_epi64((a), (b))
#define V_SHR64_32(a) _mm256_srli_epi64((a), 32)
#define V_BLEND_ODD(a, b) _mm256_blend_epi32((a), (b), 0xAA)

#include "field31/monty31_vec.h"

#endif
