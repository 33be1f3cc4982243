#include "gf2iso_oracle.h"

#include <string.h>

/* r = r * x mod (x^256 + x^10 + x^5 + x^2 + 1) */
static void b256_mulx(uint64_t r[4]) {
    uint64_t top = r[3] >> 63;
    r[3] = (r[3] << 1) | (r[2] >> 63);
    r[2] = (r[2] << 1) | (r[1] >> 63);
    r[1] = (r[1] << 1) | (r[0] >> 63);
    r[0] <<= 1;
    if (top) r[0] ^= (1u << 10) | (1u << 5) | (1u << 2) | 1u;
}

void ref_b256_mul(uint64_t r[4], const uint64_t a[4], const uint64_t b[4]) {
    uint64_t acc[4] = {0, 0, 0, 0};
    for (int i = 255; i >= 0; i--) {  /* Horner over the bits of b, top first */
        b256_mulx(acc);
        if ((b[i / 64] >> (i % 64)) & 1)
            for (int k = 0; k < 4; k++) acc[k] ^= a[k];
    }
    memcpy(r, acc, sizeof acc);
}

static void g128_mulx(uint64_t r[2]) {
    uint64_t top = r[1] >> 63;
    r[1] = (r[1] << 1) | (r[0] >> 63);
    r[0] <<= 1;
    if (top) r[0] ^= 0x87;  /* y^7 + y^2 + y + 1 */
}

void ref_ghash128_mul(uint64_t r[2], const uint64_t a[2], const uint64_t b[2]) {
    uint64_t acc[2] = {0, 0};
    for (int i = 127; i >= 0; i--) {
        g128_mulx(acc);
        if ((b[i / 64] >> (i % 64)) & 1) {
            acc[0] ^= a[0];
            acc[1] ^= a[1];
        }
    }
    r[0] = acc[0];
    r[1] = acc[1];
}

void ref_ghash2_mul(uint64_t r[4], const uint64_t a[4], const uint64_t b[4]) {
    static const uint64_t w[2] = {0, 1ull << 57};  /* y^121 */
    uint64_t p00[2], p01[2], p10[2], p11[2], p11w[2];
    ref_ghash128_mul(p00, a, b);
    ref_ghash128_mul(p01, a, b + 2);
    ref_ghash128_mul(p10, a + 2, b);
    ref_ghash128_mul(p11, a + 2, b + 2);
    ref_ghash128_mul(p11w, p11, w);
    /* (a0 + a1 v)(b0 + b1 v) = a0b0 + (a0b1 + a1b0) v + a1b1 (v + y^121) */
    r[0] = p00[0] ^ p11w[0];
    r[1] = p00[1] ^ p11w[1];
    r[2] = p01[0] ^ p10[0] ^ p11[0];
    r[3] = p01[1] ^ p10[1] ^ p11[1];
}
