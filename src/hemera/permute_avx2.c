/* AVX2 single-permutation kernels: M_E and the full rounds on four __m256i
 * holding the state transposed (lane c of vector k is state[4c + k], so M4
 * is lane-wise across the vectors and the column sums are horizontal adds);
 * the partial rounds are the scalar code of permute_tmpl.h (built with BMI2
 * here: mulx, tzcnt, the asm binary-GCD loop). The M_I side updates stay
 * scalar: on vectors they measured slower with AVX2 (docs/hemera.md). */
#include <immintrin.h>

#include "goldilocks/gl_avx2.h"

/* every lane <- the sum of the four lanes */
ZKP_INLINE V hk_hsum_t(V v) {
    v = V_ADD64(v, _mm256_permute4x64_epi64(v, 0x4E));
    return V_ADD64(v, _mm256_shuffle_epi32(v, 0x4E));
}

/* M_E of rounds_tmpl.h on the transposed state: M4 across the four vectors
 * is hr_m4 itself, the column sums are horizontal */
#define HR_WORDS 4
#define HR_COLS 4
#define HR_M4_ALL(x) hr_m4((x), (x))
#define HR_COLSUM(y, k) hk_hsum_t((y)[k])
#include "hemera/rounds_tmpl.h"

#include "hemera/transpose_avx2.h"

/* 4x4 transpose of 64-bit lanes (its own inverse): rows r_c = state chunk
 * c <-> columns w_k = {st[k], st[4+k], st[8+k], st[12+k]}. */
ZKP_INLINE void avx2_transpose(V v[4]) { hemera_transpose4x4_avx2(v); }

ZKP_INLINE void hk_load_t(V w[4], const uint64_t s[16]) {
    for (int c = 0; c < 4; c++) w[c] = V_LOADU(s + 4 * c);
    avx2_transpose(w);
}

ZKP_INLINE void hk_store_t(uint64_t s[16], const V w[4]) {
    V r[4] = {w[0], w[1], w[2], w[3]};
    avx2_transpose(r);
    for (int c = 0; c < 4; c++) V_STOREU(s + 4 * c, r[c]);
}

/* lane c of vector k is rc[4c + k] */
ZKP_INLINE V hk_rc_t(const uint64_t *rc, int k) {
    return _mm256_set_epi64x((long long)rc[12 + k], (long long)rc[8 + k], (long long)rc[4 + k], (long long)rc[k]);
}

#define TMPL_SUFFIX avx2
#define TMPL_HAVE_VEC 1
#include "hemera/permute_tmpl.h"
