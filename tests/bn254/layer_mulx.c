/* Test hooks: the MULX/ADX layer of the BN254 field (tests/bn254/layers.h),
 * built with the BMI2 kernel flags. */
#include "bn254/layers.h"

#include "zkprim_build_config.h"

#if ZKP_HAVE_BMI2
#include "bn254/fr_mulx.h"
#endif

#if ZKP_HAVE_BMI2 && ZKPI_BN254_HAVE_MULX
int tb_mulx_built(void) { return 1; }
void tb_mulx_mul512(uint64_t T[8], const uint64_t a[4], const uint64_t b[4]) { zkpi_bn254_mul512_mulx(T, a, b); }
void tb_mulx_sqr512(uint64_t T[8], const uint64_t a[4]) { zkpi_bn254_sqr512_mulx(T, a); }
void tb_mulx_mac512(uint64_t T[8], const uint64_t a[4], const uint64_t b[4]) { zkpi_bn254_mac512_mulx(T, a, b); }
void tb_mulx_redc8(uint64_t T[8]) { zkpi_bn254_redc8_mulx(T); }
void tb_mulx_montmul(uint64_t T[8], const uint64_t a[4], const uint64_t b[4]) { zkpi_bn254_montmul_mulx(T, a, b); }
void tb_mulx_dot(uint64_t T[8], const uint64_t a[][4], const uint64_t b[][4], unsigned n) {
    zkpi_bn254_fr x[4], y[4];
    for (unsigned k = 0; k < n; k++)
        for (int i = 0; i < 4; i++) x[k].v[i] = a[k][i], y[k].v[i] = b[k][i];
    if (n == 2) zkpi_bn254_dot2_mulx(T, x, y);
    else if (n == 3) zkpi_bn254_dot3_mulx(T, x, y);
    else zkpi_bn254_dot4_mulx(T, x, y);
}
void tb_mulx_dotx3(uint64_t T[8], const uint64_t a[4][4], const uint64_t b[2][4]) {
    zkpi_bn254_fr x[4], y[2];
    for (int i = 0; i < 4; i++) {
        for (int k = 0; k < 4; k++) x[k].v[i] = a[k][i];
        for (int k = 0; k < 2; k++) y[k].v[i] = b[k][i];
    }
    zkpi_bn254_dotx3_mulx(T, x, y);
}
void tb_mulx_montmul_pre(uint64_t T[8], const uint64_t a[4], const uint64_t b[4]) {
    zkpi_bn254_fr x, y;
    for (int i = 0; i < 4; i++) x.v[i] = a[i], y.v[i] = b[i];
    zkpi_bn254_montmul_pre_mulx(T, &x, &y);
}
void tb_mulx_add512(uint64_t T[8], const uint64_t Y[8]) { zkpi_bn254_add512_mulx(T, Y); }
#else
int tb_mulx_built(void) { return 0; }
void tb_mulx_mul512(uint64_t T[8], const uint64_t a[4], const uint64_t b[4]) { (void)T, (void)a, (void)b; }
void tb_mulx_sqr512(uint64_t T[8], const uint64_t a[4]) { (void)T, (void)a; }
void tb_mulx_mac512(uint64_t T[8], const uint64_t a[4], const uint64_t b[4]) { (void)T, (void)a, (void)b; }
void tb_mulx_redc8(uint64_t T[8]) { (void)T; }
void tb_mulx_montmul(uint64_t T[8], const uint64_t a[4], const uint64_t b[4]) { (void)T, (void)a, (void)b; }
void tb_mulx_dot(uint64_t T[8], const uint64_t a[][4], const uint64_t b[][4], unsigned n) {
    (void)T, (void)a, (void)b, (void)n;
}
void tb_mulx_dotx3(uint64_t T[8], const uint64_t a[4][4], const uint64_t b[2][4]) { (void)T, (void)a, (void)b; }
void tb_mulx_montmul_pre(uint64_t T[8], const uint64_t a[4], const uint64_t b[4]) { (void)T, (void)a, (void)b; }
void tb_mulx_add512(uint64_t T[8], const uint64_t Y[8]) { (void)T, (void)Y; }
#endif
