/*
 * AVX2 batched Hemera permutation: 4 lanes per ymm; groups of 4..64
 * states. The algorithm is batch_simd_tmpl.h; the arithmetic is the 4-lane
 * Goldilocks layer (goldilocks/gl_avx2.h).
 */
#include "goldilocks/gl_avx2.h"

/* Witness rows (batch_trace_tmpl.h): r[k] = word k of 4 lanes becomes
 * r[l] = words 0..3 of lane l; a 4x4 transpose of 64-bit elements. */
#define HB_HAVE_TRANSPOSE 1
#define HB_STREAM(p, v) _mm256_stream_si256((__m256i *)(void *)(p), (v))
ZKP_INLINE void hb_transpose(V r[4]) {
    V t0 = _mm256_unpacklo_epi64(r[0], r[1]), t1 = _mm256_unpackhi_epi64(r[0], r[1]);
    V t2 = _mm256_unpacklo_epi64(r[2], r[3]), t3 = _mm256_unpackhi_epi64(r[2], r[3]);
    r[0] = _mm256_permute2x128_si256(t0, t2, 0x20);
    r[1] = _mm256_permute2x128_si256(t1, t3, 0x20);
    r[2] = _mm256_permute2x128_si256(t0, t2, 0x31);
    r[3] = _mm256_permute2x128_si256(t1, t3, 0x31);
}

#define TMPL_SUFFIX avx2
#include "hemera/batch_simd_tmpl.h"
