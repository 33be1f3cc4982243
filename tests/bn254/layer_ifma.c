/* Test hooks: the AVX-512 IFMA radix-2^52 layer of the BN254 field
 * (tests/bn254/layers.h), built with the AVX512IFMA kernel flags. */
#include "bn254/layers.h"

#include "zkprim_build_config.h"

#if ZKP_HAVE_AVX512IFMA
#include "bn254/fr52_ifma.h"

int tb_ifma_built(void) { return 1; }

static void load(zkpi_bn254_v52 *x, const uint64_t v[8][4]) {
    uint64_t b[5][8] __attribute__((aligned(64)));
    for (unsigned j = 0; j < 8; j++) zkpi_bn254_r52_split(b, j, v[j]);
    for (int k = 0; k < 5; k++) x->l[k] = _mm512_load_si512((const void *)b[k]);
}

/* Radix 2^52 -> 2^64 without reduction (the value may be up to 2^256). */
static void store_raw(uint64_t r[8][4], const zkpi_bn254_v52 *x) {
    uint64_t b[5][8] __attribute__((aligned(64)));
    for (int k = 0; k < 5; k++) _mm512_store_si512((void *)b[k], x->l[k]);
    for (unsigned j = 0; j < 8; j++) {
        r[j][0] = b[0][j] | (b[1][j] << 52);
        r[j][1] = (b[1][j] >> 12) | (b[2][j] << 40);
        r[j][2] = (b[2][j] >> 24) | (b[3][j] << 28);
        r[j][3] = (b[3][j] >> 36) | (b[4][j] << 16);
    }
}

void tb_ifma_dot(uint64_t r[8][4], const uint64_t (*a)[8][4], const uint64_t (*b)[8][4], unsigned n,
                 const uint64_t c[4], int sqr) {
    zkpi_bn254_v8 T[10];
    zkpi_bn254_v52 x, y, z;
    if (sqr) {
        load(&x, a[0]);
        zkpi_bn254_v52_sqr(T, &x);
    } else {
        zkpi_bn254_v52_zero(T);
        for (unsigned k = 0; k < n; k++) {
            load(&x, a[k]);
            load(&y, b[k]);
            zkpi_bn254_v52_mac(T, &x, &y);
        }
    }
    if (c) {
        uint64_t rows[5][8];
        zkpi_bn254_fr52 c52;
        zkpi_bn254_r52_split(rows, 0, c);
        for (int k = 0; k < 5; k++) c52.l[k] = rows[k][0];
        zkpi_bn254_v52_addhi_c(T, &c52);
    }
    zkpi_bn254_v52_redc(&z, T);
    store_raw(r, &z);
}

void tb_ifma_roundtrip(uint64_t r[8][4], const uint64_t x[8][4]) {
    uint64_t b[5][8];
    for (unsigned j = 0; j < 8; j++) zkpi_bn254_r52_split(b, j, x[j]);
    for (unsigned j = 0; j < 8; j++) zkpi_bn254_r52_join_canonical(r[j], b, j);
}
#else
int tb_ifma_built(void) { return 0; }
void tb_ifma_dot(uint64_t r[8][4], const uint64_t (*a)[8][4], const uint64_t (*b)[8][4], unsigned n,
                 const uint64_t c[4], int sqr) {
    (void)r, (void)a, (void)b, (void)n, (void)c, (void)sqr;
}
void tb_ifma_roundtrip(uint64_t r[8][4], const uint64_t x[8][4]) { (void)r, (void)x; }
#endif
