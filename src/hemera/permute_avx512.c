/* AVX-512 single-permutation kernels: full rounds and M_E on two __m512i
 * (transposed state, see gl_avx512.h), partial rounds the scalar code of
 * permute_impl.h (BMI2: mulx, shrx, the asm binary-GCD loop). Vector code
 * has no branches, so the constant-time kernel shares the full rounds. */
#include <immintrin.h>

#include "hemera/gl_avx512.h"
#include "hemera/params.h"

#define HK_HAVE_FULL_ROUNDS 1

/* Round constants in the transposed order of the two vectors. */
static inline __attribute__((always_inline)) __m512i avx512_rc(const uint64_t *rc, int k0) {
    return _mm512_set_epi64((long long)rc[12 + k0 + 1], (long long)rc[8 + k0 + 1], (long long)rc[4 + k0 + 1],
                            (long long)rc[k0 + 1], (long long)rc[12 + k0], (long long)rc[8 + k0],
                            (long long)rc[4 + k0], (long long)rc[k0]);
}

static inline __attribute__((always_inline)) void avx512_full_rounds(__m512i z[2], const uint64_t *rc) {
    for (int r = 0; r < HEMERA_RF_HALF; r++, rc += 16) {
        __m512i x0 = gl8_add_1c(z[0], avx512_rc(rc, 0));
        __m512i x1 = gl8_add_1c(z[1], avx512_rc(rc, 2));
        __m512i a0 = gl8_sqr(x0), a1 = gl8_sqr(x1);
        __m512i b0 = gl8_mul(a0, x0), b1 = gl8_mul(a1, x1);
        a0 = gl8_sqr(a0);
        a1 = gl8_sqr(a1);
        z[0] = gl8_mul(a0, b0);
        z[1] = gl8_mul(a1, b1);
        gl8_mat_ext_t(z);
    }
}

static void hk_first_half(uint64_t s[16]) {
    __m512i z[2];
    gl8_load_t(z, s);
    gl8_mat_ext_t(z);
    avx512_full_rounds(z, zkp_hemera_rc);
    gl8_store_t(s, z);
}

static void hk_second_half(uint64_t s[16]) {
    __m512i z[2];
    gl8_load_t(z, s);
    avx512_full_rounds(z, zkp_hemera_rc + HEMERA_RF_HALF * 16);
    gl8_store_t(s, z);
}

#define hk_first_half_ct hk_first_half
#define hk_second_half_ct hk_second_half

#define HEMERA_KERNEL_SUFFIX avx512
#include "hemera/permute_impl.h"
