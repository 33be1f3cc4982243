/*
 * 4x4 transpose of 64-bit lanes in four __m256i (its own inverse): shared by
 * the AVX2 single permutation (state chunks <-> the transposed layout of
 * its vector rounds) and the AVX2 batch kernel (SoA words <-> witness rows).
 */
#ifndef ZKPRIM_HEMERA_TRANSPOSE_AVX2_H
#define ZKPRIM_HEMERA_TRANSPOSE_AVX2_H

#include <immintrin.h>

#include "core/util.h"

ZKP_INLINE void hemera_transpose4x4_avx2(__m256i v[4]) {
    __m256i t0 = _mm256_unpacklo_epi64(v[0], v[1]), t1 = _mm256_unpackhi_epi64(v[0], v[1]);
    __m256i t2 = _mm256_unpacklo_epi64(v[2], v[3]), t3 = _mm256_unpackhi_epi64(v[2], v[3]);
    v[0] = _mm256_permute2x128_si256(t0, t2, 0x20);
    v[1] = _mm256_permute2x128_si256(t1, t3, 0x20);
    v[2] = _mm256_permute2x128_si256(t0, t2, 0x31);
    v[3] = _mm256_permute2x128_si256(t1, t3, 0x31);
}

#endif
