/*
 * Goldilocks vector layer for AVX-512F: 8 lanes of __m512i (the type
 * gl8_t, generic name V), for files built with the AVX512 flags only
 * (*_avx512.c, and tests built with them). This file defines the
 * primitives of gl_vec_tmpl.h, which then defines the field operations
 * (glv_*, V_<OP>) once for every vector layer; gl_avx2.h is the 4-lane one.
 * A file includes one vector layer and defines no V of its own.
 *
 * Unlike AVX2, AVX-512 has unsigned compares into mask registers and masked
 * add/sub, so each carry or borrow correction is one compare plus one
 * masked op, and the "biased" form of gl_vec_tmpl.h is the value itself.
 */
#ifndef ZKPRIM_GOLDILOCKS_GL_AVX512_H
#define ZKPRIM_GOLDILOCKS_GL_AVX512_H

#include <immintrin.h>
#include <stdint.h>

#include "core/verify.h"

typedef __m512i gl8_t;
typedef __mmask8 gl8_mask; /* one bit per lane */
typedef gl8_t V;
typedef gl8_mask V_MASK;
#define V_LANES 8
#define V_ISA "avx512"

/* Verification build (core/verify.h): every lane of v is <= max. */
ZKP_VERIFY_HELPER int V_VERIFY_LE(__m512i v, uint64_t max) {
    return _mm512_cmpgt_epu64_mask(v, _mm512_set1_epi64((long long)max)) == 0;
}

#define V_SET1(x) _mm512_set1_epi64((long long)(x))
#define V_ZERO() _mm512_setzero_si512()
#define V_LOAD(p) _mm512_load_si512((const void *)(p))
#define V_STORE(p, v) _mm512_store_si512((void *)(p), (v))
#define V_LOADU(p) _mm512_loadu_si512((const void *)(p))
#define V_STOREU(p, v) _mm512_storeu_si512((void *)(p), (v))
#define V_ADD64(a, b) _mm512_add_epi64((a), (b))
#define V_SUB64(a, b) _mm512_sub_epi64((a), (b))
#define V_LO32(a) _mm512_and_si512((a), V_SET1(GL_E))
#define V_HI32(a) _mm512_srli_epi64((a), 32)
/* a >> 32 as a shuffle with zero-masking: port 5 instead of port 0 */
#define V_HI32_SHUF(a) _mm512_castps_si512(_mm512_maskz_movehdup_ps(0x5555, _mm512_castsi512_ps(a)))
#define V_HI32_MULOP(a) _mm512_castps_si512(_mm512_movehdup_ps(_mm512_castsi512_ps(a)))
#define V_SHL32(a) _mm512_slli_epi64((a), 32)
#define V_MUL32(a, b) _mm512_mul_epu32((a), (b))
#define V_LO_MERGE(a, b) \
    _mm512_castps_si512(_mm512_mask_moveldup_ps(_mm512_castsi512_ps(a), 0xAAAA, _mm512_castsi512_ps(b)))

/* carries: unsigned compares into mask registers, no bias */
#define V_BIAS(x) (x)
#define V_UNBIAS(x) (x)
#define V_CARRY(a, b, s) _mm512_cmplt_epu64_mask((s), (b))
#define V_CARRY_IN(m, a, b, s) _mm512_mask_cmplt_epu64_mask((m), (s), (b))
#define V_CARRY_B(a, b, s) _mm512_cmplt_epu64_mask((s), (b))
#define V_BORROW_B(a, b, d) _mm512_cmplt_epu64_mask((a), (b))
#define V_ADD_IF(x, m, y) _mm512_mask_add_epi64((x), (m), (x), (y))
#define V_SUB_IF(x, m, y) _mm512_mask_sub_epi64((x), (m), (x), (y))
#define V_INC_IF(x, m) _mm512_mask_add_epi64((x), (m), (x), V_SET1(1))
#define V_SUB_P_GE(x) _mm512_mask_sub_epi64((x), _mm512_cmpge_epu64_mask((x), V_SET1(GL_P)), (x), V_SET1(GL_P))
#define V_EQ0(x) _mm512_cmpeq_epu64_mask((x), _mm512_setzero_si512())
#define V_ONE_IF(x, m) _mm512_mask_mov_epi64((x), (m), V_SET1(1))
#define V_ZERO_IF(x, m) _mm512_maskz_mov_epi64((__mmask8)~(m), (x))

#include "goldilocks/gl_vec_tmpl.h"

#endif
