/*
 * AVX-512 batched Hemera permutation: 8 lanes per zmm; groups of 8..64
 * states. The algorithm is batch_simd_tmpl.h; the arithmetic is the 8-lane
 * Goldilocks layer (goldilocks/gl_avx512.h).
 */
#include "goldilocks/gl_avx512.h"

#define TMPL_SUFFIX avx512
#include "hemera/batch_simd_tmpl.h"
