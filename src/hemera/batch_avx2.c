/*
 * AVX2 batched Hemera permutation: 4 lanes per ymm; groups of 4..64
 * states. The algorithm is batch_simd_tmpl.h; the arithmetic is the 4-lane
 * Goldilocks layer (goldilocks/gl_avx2.h).
 */
#include "goldilocks/gl_avx2.h"

#define TMPL_SUFFIX avx2
#include "hemera/batch_simd_tmpl.h"
