/* Bit-serial oracles (see gf2_ref.h). Slow on purpose: one bit at a time. */
#include "gf2_ref.h"

#include <string.h>

static const int k_b127[] = {127, 1, 0, -1};
static const int k_ghash128[] = {128, 7, 2, 1, 0, -1};
static const int k_b163[] = {163, 7, 6, 3, 0, -1};
static const int k_b191[] = {191, 9, 0, -1};
static const int k_sect193[] = {193, 15, 0, -1};
static const int k_b256[] = {256, 10, 5, 2, 0, -1};

/* Field ids as in zkprim/gf2.h: b127, ghash128, b163, b191, sect193, ghash2, b256. */
const int *ref_gf2_modulus(int field) {
    switch (field) {
    case 0: return k_b127;
    case 1: return k_ghash128;
    case 2: return k_b163;
    case 3: return k_b191;
    case 4: return k_sect193;
    case 6: return k_b256;
    default: return NULL;
    }
}

static int getbit(const uint64_t *p, int i) { return (int)((p[i / 64] >> (i % 64)) & 1); }
static void flipbit(uint64_t *p, int i) { p[i / 64] ^= (uint64_t)1 << (i % 64); }

/* r = a * b mod f, elements of degree < n = f[0] in ceil(n/64) limbs.
 * Shift-and-add: for each set bit i of a, add b * x^i; then clear the bits
 * at and above n from the top down, each time adding x^(i-n) * f. */
static void mulmod(const int *f, uint64_t *r, const uint64_t *a, const uint64_t *b) {
    int n = f[0], nl = (n + 63) / 64;
    uint64_t c[2 * REF_MAXL + 1] = {0}, sb[2 * REF_MAXL + 1] = {0};
    memcpy(sb, b, (size_t)nl * 8);                   /* sb = b * x^i as i advances */
    for (int i = 0; i < n; i++) {
        if (getbit(a, i))
            for (int w = 0; w < 2 * nl; w++) c[w] ^= sb[w];
        for (int w = 2 * nl; w > 0; w--) sb[w] = (sb[w] << 1) | (sb[w - 1] >> 63);
        sb[0] <<= 1;
    }
    for (int i = 2 * n - 2; i >= n; i--) {
        if (!getbit(c, i)) continue;
        for (int t = 0; f[t] >= 0; t++) flipbit(c, i - n + f[t]);  /* t = 0 clears bit i */
    }
    memcpy(r, c, (size_t)nl * 8);
}

void ref_gf2_mul(int field, uint64_t *r, const uint64_t *a, const uint64_t *b) {
    if (field != 5) {
        mulmod(ref_gf2_modulus(field), r, a, b);
        return;
    }
    /* ghash2: (a0 + a1 v)(b0 + b1 v) with v^2 = v + x^121, schoolbook in K. */
    uint64_t m00[2], m01[2], m10[2], m11[2], bm[2], beta[2] = {0, (uint64_t)1 << 57};
    mulmod(k_ghash128, m00, a, b);
    mulmod(k_ghash128, m01, a, b + 2);
    mulmod(k_ghash128, m10, a + 2, b);
    mulmod(k_ghash128, m11, a + 2, b + 2);
    mulmod(k_ghash128, bm, m11, beta);
    uint64_t out[4] = {m00[0] ^ bm[0], m00[1] ^ bm[1], m01[0] ^ m10[0] ^ m11[0], m01[1] ^ m10[1] ^ m11[1]};
    memcpy(r, out, sizeof out);
}

void ref_gf2_pow(int field, uint64_t *r, const uint64_t *a, const uint64_t *e, size_t e_limbs) {
    uint64_t acc[4] = {1, 0, 0, 0}, base[4] = {0};
    unsigned nl = (field == 2 || field == 3) ? 3 : (field <= 1 ? 2 : 4);
    memcpy(base, a, nl * 8);
    for (size_t i = 0; i < e_limbs * 64; i++) {
        if ((e[i / 64] >> (i % 64)) & 1) ref_gf2_mul(field, acc, acc, base);
        ref_gf2_mul(field, base, base, base);
    }
    memcpy(r, acc, nl * 8);
}

int ref_poly_deg(const uint64_t *p, unsigned nl) {
    for (int i = (int)nl * 64 - 1; i >= 0; i--)
        if (getbit(p, i)) return i;
    return -1;
}

/* Euclid with bitwise long division. */
void ref_poly_gcd(uint64_t *g, const uint64_t *a, const uint64_t *b, unsigned nl) {
    uint64_t x[REF_MAXL] = {0}, y[REF_MAXL] = {0};
    memcpy(x, a, nl * 8);
    memcpy(y, b, nl * 8);
    for (;;) {
        int dy = ref_poly_deg(y, nl);
        if (dy < 0) break;
        int dx;
        while ((dx = ref_poly_deg(x, nl)) >= dy)   /* x = x mod y */
            for (int i = 0; i <= dy; i++)
                if (getbit(y, i)) flipbit(x, i + dx - dy);
        uint64_t t[REF_MAXL];
        memcpy(t, x, sizeof t);
        memcpy(x, y, sizeof t);
        memcpy(y, t, sizeof t);
    }
    memcpy(g, x, nl * 8);
}
