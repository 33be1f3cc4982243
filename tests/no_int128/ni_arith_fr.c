/* The BN254 limb arithmetic of bn254/fr.h without __int128 (ni.h). */
#define NI_BUILD
#include "no_int128/ni.h"

#include "bn254/fr.h"

#if ZKP_HAVE_U128 || ZKPI_BN254_ASM
#error "ni_arith_fr.c must build the C forms without __int128"
#endif

void ni_fr_mul512(uint64_t T[8], const uint64_t a[4], const uint64_t b[4]) { zkpi_bn254_mul512_c(T, a, b); }
void ni_fr_sqr512(uint64_t T[8], const uint64_t a[4]) { zkpi_bn254_sqr512_c(T, a); }
void ni_fr_mac512(uint64_t T[8], const uint64_t a[4], const uint64_t b[4]) { zkpi_bn254_mac512_c(T, a, b); }
void ni_fr_redc8(uint64_t T[8]) { zkpi_bn254_redc8_c(T); }
void ni_fr_add(uint64_t r[4], const uint64_t a[4], const uint64_t b[4]) {
    zkpi_bn254_fr x, y, z;
    memcpy(x.v, a, 32), memcpy(y.v, b, 32);
    zkpi_bn254_add(&z, &x, &y);
    memcpy(r, z.v, 32);
}
void ni_fr_sub(uint64_t r[4], const uint64_t a[4], const uint64_t b[4]) {
    zkpi_bn254_fr x, y, z;
    memcpy(x.v, a, 32), memcpy(y.v, b, 32);
    zkpi_bn254_sub(&z, &x, &y);
    memcpy(r, z.v, 32);
}
void ni_fr_add_raw(uint64_t x[4], const uint64_t y[4]) { zkpi_bn254_add_raw(x, y); }
void ni_fr_condsub(uint64_t r[4], const uint64_t x[4], const uint64_t m[4]) { zkpi_bn254_condsub(r, x, m); }
int ni_fr_is_canonical(const uint64_t x[4]) { return zkpi_bn254_is_canonical(x); }
void ni_verify_mul_small(uint64_t *r, const uint64_t *x, unsigned n, uint64_t k) { zkpi_verify_mul_small(r, x, n, k); }
