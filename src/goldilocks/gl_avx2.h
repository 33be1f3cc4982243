/*
 * Goldilocks vector layer for AVX2: 4 lanes of __m256i (the type gl4_t,
 * generic name V), for files built with the AVX2 flags only (*_avx2.c, and
 * tests built with them). This file defines the primitives of
 * gl_vec_tmpl.h, which then defines the field operations (glv_*, V_<OP>)
 * once for every vector layer; gl_avx512.h is the 8-lane one. A file
 * includes one vector layer and defines no V of its own.
 *
 * AVX2 has no unsigned 64-bit compare and no carry flag: carries are found
 * with a signed compare (vpcmpgtq) of sign-flipped values (x ^ 2^63 orders
 * like x unsigned), the "biased" form of gl_vec_tmpl.h, and corrections
 * are added through and-masks. The 64x64 product is built from four 32x32
 * vpmuludq (three for a square).
 */
#ifndef ZKPRIM_GOLDILOCKS_GL_AVX2_H
#define ZKPRIM_GOLDILOCKS_GL_AVX2_H

#include <immintrin.h>
#include <stdint.h>

#include "core/verify.h"

typedef __m256i gl4_t;
typedef __m256i gl4_mask; /* per lane all ones or all zeros */
typedef gl4_t V;
typedef gl4_mask V_MASK;
#define V_LANES 4
#define V_ISA "avx2"

/* Verification build (core/verify.h): every lane of v is <= max. */
ZKP_VERIFY_HELPER int V_VERIFY_LE(__m256i v, uint64_t max) {
    uint64_t l[4];
    _mm256_storeu_si256((__m256i *)(void *)l, v);
    return l[0] <= max && l[1] <= max && l[2] <= max && l[3] <= max;
}

#define V_SET1(x) _mm256_set1_epi64x((long long)(x))
#define V_ZERO() _mm256_setzero_si256()
#define V_LOAD(p) _mm256_load_si256((const __m256i *)(const void *)(p))
#define V_STORE(p, v) _mm256_store_si256((__m256i *)(void *)(p), (v))
#define V_LOADU(p) _mm256_loadu_si256((const __m256i *)(const void *)(p))
#define V_STOREU(p, v) _mm256_storeu_si256((__m256i *)(void *)(p), (v))
#define V_ADD64(a, b) _mm256_add_epi64((a), (b))
#define V_SUB64(a, b) _mm256_sub_epi64((a), (b))
#define V_LO32(a) _mm256_and_si256((a), V_SET1(GL_E))
#define V_HI32(a) _mm256_srli_epi64((a), 32)
#define V_HI32_SHUF(a) V_HI32(a) /* no zero-masking shuffle on AVX2 */
/* a port-5 shuffle instead of a shift (vpmuludq reads the low dword only) */
#define V_HI32_MULOP(a) _mm256_castps_si256(_mm256_movehdup_ps(_mm256_castsi256_ps(a)))
#define V_SHL32(a) _mm256_slli_epi64((a), 32)
#define V_MUL32(a, b) _mm256_mul_epu32((a), (b))
#define V_LO_MERGE(a, b) _mm256_blend_epi32((a), _mm256_castps_si256(_mm256_moveldup_ps(_mm256_castsi256_ps(b))), 0xAA)

/* carries: sign-flipped values compare like unsigned ones under vpcmpgtq */
#define V_BIAS(x) _mm256_xor_si256((x), V_SET1(0x8000000000000000ull))
#define V_UNBIAS(x) V_BIAS(x)
#define V_CARRY(a, b, s) _mm256_cmpgt_epi64(V_BIAS(b), V_BIAS(s))        /* s < b */
#define V_CARRY_IN(m, a, b, s) _mm256_and_si256((m), V_CARRY(a, b, s))
#define V_CARRY_B(a, b, s) _mm256_cmpgt_epi64((a), (s))                   /* s < a, biased */
#define V_BORROW_B(a, b, d) _mm256_cmpgt_epi64((d), (a))                  /* d > a, biased */
#define V_ADD_IF(x, m, y) _mm256_add_epi64((x), _mm256_and_si256((m), (y)))
#define V_SUB_IF(x, m, y) _mm256_sub_epi64((x), _mm256_and_si256((m), (y)))
#define V_INC_IF(x, m) _mm256_sub_epi64((x), (m)) /* minus all-ones = +1 */
#define V_SUB_P_GE(x) \
    _mm256_sub_epi64((x), _mm256_andnot_si256(_mm256_cmpgt_epi64(V_BIAS(V_SET1(GL_P)), V_BIAS(x)), V_SET1(GL_P)))
#define V_EQ0(x) _mm256_cmpeq_epi64((x), _mm256_setzero_si256())
#define V_ONE_IF(x, m) _mm256_blendv_epi8((x), V_SET1(1), (m))
#define V_ZERO_IF(x, m) _mm256_andnot_si256((m), (x))

#include "goldilocks/gl_vec_tmpl.h"

#endif
