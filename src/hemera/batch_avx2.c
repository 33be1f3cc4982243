/*
 * AVX2 batched Hemera permutation: 4 lanes per ymm; groups of 4..64
 * states. The algorithm is batch_simd_tmpl.h; the arithmetic is the 4-lane
 * Goldilocks layer (goldilocks/gl_avx2.h).
 */
#include "goldilocks/gl_avx2.h"
#include "hemera/transpose_avx2.h"

/* Witness rows (batch_trace_tmpl.h): r[k] = word k of 4 lanes becomes
 * r[l] = words 0..3 of lane l; a 4x4 transpose of 64-bit elements. */
#define HB_HAVE_TRANSPOSE 1
#define HB_STREAM(p, v) _mm256_stream_si256((__m256i *)(void *)(p), (v))
ZKP_INLINE void hb_transpose(V r[4]) { hemera_transpose4x4_avx2(r); }

#define TMPL_SUFFIX avx2
#include "hemera/batch_simd_tmpl.h"
