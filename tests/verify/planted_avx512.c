/* Planted case for the AVX-512 Goldilocks code (goldilocks/gl_avx512.h): built with the
 * AVX-512 flags (tests/verify.cmake), so only called when the CPU has AVX-512F. */
#include "verify/planted.h"
#include "zkprim/zkprim.h"
#include "zkprim_build_config.h"

#if ZKP_HAVE_AVX512
#include <stdio.h>

#include "goldilocks/gl_avx512.h"

int verify_planted_gl_avx512(void) {
    if (!(zkp_cpu_active() & ZKP_CPU_AVX512F)) return 77;
    /* lane 2's addend is 2^64 - 1 > p: for a large enough a its carry plus
     * E wraps again, which the single correction of glv_add_1c misses */
    volatile uint64_t big = ~(uint64_t)0;
    __m512i r = glv_add_1c(_mm512_set1_epi64(5), _mm512_set_epi64(0, 0, 0, 0, 0, (long long)big, 1, 2));
    uint64_t out[8];
    _mm512_storeu_si512((void *)out, r);
    printf("%llu\n", (unsigned long long)out[1]);
    return 0;
}
#else
int verify_planted_gl_avx512(void) { return 77; }
#endif
