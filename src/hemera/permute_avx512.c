/* AVX-512 single-permutation kernels: full rounds and M_E on two __m512i
 * (transposed state, see gl_avx512.h), partial rounds the scalar code of
 * permute_impl.h (BMI2: mulx, shrx, the asm binary-GCD loop). Vector code
 * has no branches, so the constant-time kernel shares the full rounds. */
#include <immintrin.h>

#include "hemera/gl.h"
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
    avx512_full_rounds(z, zkpi_hemera_rc);
    gl8_store_t(s, z);
}

static void hk_second_half(uint64_t s[16]) {
    __m512i z[2];
    gl8_load_t(z, s);
    avx512_full_rounds(z, zkpi_hemera_rc + HEMERA_RF_HALF * 16);
    gl8_store_t(s, z);
}

#define hk_first_half_ct hk_first_half
#define hk_second_half_ct hk_second_half

/* The fifteen M_I updates per partial round on two vectors (lane 0 of the
 * first held at zero): they run on the vector units while the scalar
 * inverse keeps the integer ports busy. Branch-free: shared by both kernels. */
#define HK_HAVE_SIDE 1
typedef struct {
    __m512i v0, v1; /* state[0..8] with lane 0 = 0, state[8..16] */
} hk_side_t;

/* sum of all lanes mod p (any u64 lanes): 32-bit halves summed exactly */
static inline __attribute__((always_inline)) uint64_t avx512_sum_lanes(__m512i v0, __m512i v1) {
    const __m512i e = gl8_e();
    __m512i L = _mm512_add_epi64(_mm512_and_si512(v0, e), _mm512_and_si512(v1, e));
    __m512i H = _mm512_add_epi64(_mm512_srli_epi64(v0, 32), _mm512_srli_epi64(v1, 32));
    uint64_t l = (uint64_t)_mm512_reduce_add_epi64(L); /* < 2^37 */
    uint64_t h = (uint64_t)_mm512_reduce_add_epi64(H); /* < 2^37 */
    ZKP_VERIFY_CHECK(l >> 37 == 0 && h >> 37 == 0, "avx512_sum_lanes half sums < 2^37");
    gl_w w = {h << 32, h >> 32};                       /* h * 2^32 */
    return gl_w_reduce_small(gl_w_add64(w, l));
}

static inline __attribute__((always_inline)) uint64_t hk_side_init(hk_side_t *sd, uint64_t s[16]) {
    sd->v0 = _mm512_maskz_loadu_epi64(0xFE, s);
    sd->v1 = _mm512_loadu_si512((const void *)(s + 8));
    return avx512_sum_lanes(sd->v0, sd->v1);
}

/* d*s + c for any u64 lanes (d*s + c < 2^128: the carry into hi cannot wrap) */
static inline __attribute__((always_inline)) __m512i avx512_muladd(__m512i d, __m512i s, __m512i c) {
    __m512i lo, hi;
    gl8_mul_wide(d, s, &lo, &hi);
    __m512i lo2 = _mm512_add_epi64(lo, c);
    hi = _mm512_mask_add_epi64(hi, _mm512_cmplt_epu64_mask(lo2, c), hi, _mm512_set1_epi64(1));
    return gl8_reduce128(lo2, hi);
}

static inline __attribute__((always_inline)) uint64_t hk_side_update(hk_side_t *sd, uint64_t sum) {
    const __m512i d0 = _mm512_maskz_loadu_epi64(0xFE, zkpi_hemera_diag);
    const __m512i d1 = _mm512_loadu_si512((const void *)(zkpi_hemera_diag + 8));
    const __m512i c = _mm512_set1_epi64((long long)sum);
    sd->v0 = _mm512_maskz_mov_epi64(0xFE, avx512_muladd(d0, sd->v0, c));
    sd->v1 = avx512_muladd(d1, sd->v1, c);
    return avx512_sum_lanes(sd->v0, sd->v1);
}
#define hk_side_update_ct hk_side_update

static inline __attribute__((always_inline)) void hk_side_store(const hk_side_t *sd, uint64_t s[16]) {
    _mm512_mask_storeu_epi64(s, 0xFE, sd->v0);
    _mm512_storeu_si512((void *)(s + 8), sd->v1);
}

#define HEMERA_KERNEL_SUFFIX avx512
#include "hemera/permute_impl.h"
