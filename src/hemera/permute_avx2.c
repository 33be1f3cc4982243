/* AVX2 single-permutation kernels: the full rounds and M_E run on four
 * __m256i (state transposed so M4 is lane-wise; see gl_avx2.h), the partial
 * rounds are the scalar code of permute_impl.h (built with BMI2 here, so
 * mulx / tzcnt / the asm binary-GCD loop). Vector code has no branches, so
 * the constant-time kernel shares the full rounds. */
#include <immintrin.h>

#include "hemera/gl_avx2.h"
#include "hemera/params.h"

#define HK_HAVE_FULL_ROUNDS 1

static inline __attribute__((always_inline)) void avx2_load_t(__m256i w[4], const uint64_t s[16]) {
    for (int c = 0; c < 4; c++) w[c] = _mm256_loadu_si256((const __m256i *)(const void *)(s + 4 * c));
    gl4_transpose(w);
}

static inline __attribute__((always_inline)) void avx2_store_t(uint64_t s[16], __m256i w[4]) {
    gl4_transpose(w);
    for (int c = 0; c < 4; c++) _mm256_storeu_si256((__m256i *)(void *)(s + 4 * c), w[c]);
}

/* One full round on the transposed state. Written stage by stage over the
 * four vectors (all adds, all x^2, all x^3, ...) so the four independent
 * multiply chains overlap; a vector multiply has ~24 cycles of latency. */
static inline __attribute__((always_inline)) void avx2_full_rounds(__m256i w[4], const uint64_t *rc) {
    for (int r = 0; r < HEMERA_RF_HALF; r++, rc += 16) {
        /* lane c of w[k] is state[4c + k] */
        __m256i x0 = gl4_add_1c(w[0], _mm256_set_epi64x((long long)rc[12], (long long)rc[8], (long long)rc[4],
                                                        (long long)rc[0]));
        __m256i x1 = gl4_add_1c(w[1], _mm256_set_epi64x((long long)rc[13], (long long)rc[9], (long long)rc[5],
                                                        (long long)rc[1]));
        __m256i x2 = gl4_add_1c(w[2], _mm256_set_epi64x((long long)rc[14], (long long)rc[10], (long long)rc[6],
                                                        (long long)rc[2]));
        __m256i x3 = gl4_add_1c(w[3], _mm256_set_epi64x((long long)rc[15], (long long)rc[11], (long long)rc[7],
                                                        (long long)rc[3]));
        __m256i a0 = gl4_sqr(x0), a1 = gl4_sqr(x1), a2 = gl4_sqr(x2), a3 = gl4_sqr(x3);
        __m256i b0 = gl4_mul(a0, x0), b1 = gl4_mul(a1, x1), b2 = gl4_mul(a2, x2), b3 = gl4_mul(a3, x3);
        a0 = gl4_sqr(a0);
        a1 = gl4_sqr(a1);
        a2 = gl4_sqr(a2);
        a3 = gl4_sqr(a3);
        w[0] = gl4_mul(a0, b0);
        w[1] = gl4_mul(a1, b1);
        w[2] = gl4_mul(a2, b2);
        w[3] = gl4_mul(a3, b3);
        gl4_mat_ext_t(w);
    }
}

static void hk_first_half(uint64_t s[16]) {
    __m256i w[4];
    avx2_load_t(w, s);
    gl4_mat_ext_t(w);
    avx2_full_rounds(w, zkpi_hemera_rc);
    avx2_store_t(s, w);
}

static void hk_second_half(uint64_t s[16]) {
    __m256i w[4];
    avx2_load_t(w, s);
    avx2_full_rounds(w, zkpi_hemera_rc + HEMERA_RF_HALF * 16);
    avx2_store_t(s, w);
}

#define hk_first_half_ct hk_first_half
#define hk_second_half_ct hk_second_half

#define HEMERA_KERNEL_SUFFIX avx2
#include "hemera/permute_impl.h"
