/* Planted case for the AVX2 Goldilocks code (goldilocks/gl_avx2.h): built with the
 * AVX2 flags (tests/verify.cmake), so only called when the CPU has AVX2. */
#include "verify/planted.h"
#include "zkprim/zkprim.h"
#include "zkprim_build_config.h"

#if ZKP_HAVE_AVX2
#include <stdio.h>

#include "goldilocks/gl_avx2.h"

int verify_planted_gl_avx2(void) {
    if (!(zkp_cpu_active() & ZKP_CPU_AVX2)) return 77;
    /* lane 2's addend is 2^64 - 1 > p: for a large enough a its carry plus
     * E wraps again, which the single correction of glv_add_1c misses */
    volatile uint64_t big = ~(uint64_t)0;
    __m256i r = glv_add_1c(_mm256_set1_epi64x(5), _mm256_set_epi64x(0, (long long)big, 1, 2));
    uint64_t out[4];
    _mm256_storeu_si256((__m256i *)(void *)out, r);
    printf("%llu\n", (unsigned long long)out[1]);
    return 0;
}
#else
int verify_planted_gl_avx2(void) { return 77; }
#endif
