/* core/wide.h and the Goldilocks scalar layer without __int128 (ni.h). */
#define NI_BUILD
#include "no_int128/ni.h"

#include "goldilocks/gl.h"

#if ZKP_HAVE_U128
#error "ZKP_TEST_NO_INT128 did not select the no-__int128 path"
#endif

uint64_t ni_mul64_wide(uint64_t a, uint64_t b, uint64_t *hi) { return zkpi_mul64_wide(a, b, hi); }
uint64_t ni_mac64_wide(uint64_t a, uint64_t b, uint64_t c, uint64_t d, uint64_t *hi) {
    return zkpi_mac64_wide(a, b, c, d, hi);
}
uint64_t ni_adc64(uint64_t a, uint64_t b, uint64_t cin, uint64_t *cout) { return zkpi_adc64(a, b, cin, cout); }
uint64_t ni_sbb64(uint64_t a, uint64_t b, uint64_t bin, uint64_t *bout) { return zkpi_sbb64(a, b, bin, bout); }
uint64_t ni_gl_reduce128(uint64_t lo, uint64_t hi) { return gl_reduce128(lo, hi); }
uint64_t ni_gl_mul(uint64_t a, uint64_t b) { return gl_mul(a, b); }
uint64_t ni_gl_muladd(uint64_t a, uint64_t b, uint64_t c) { return gl_muladd(a, b, c); }
uint64_t ni_gl_inv_vartime(uint64_t a) { return gl_inv_vartime(a); }
