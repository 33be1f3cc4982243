/*
 * Poseidon's round constants and MDS matrix for circom's parameters, computed
 * the way gen/poseidon_constants.py computes them (the Poseidon authors'
 * generate_parameters_grain.sage): an 80-bit Grain LFSR seeded with (prime
 * field, x^5, 254 bits, t, R_F = 8, R_P), 160 warm-up clocks, self-shrinking
 * output; each constant a 254-bit big-endian draw, redrawn while >= p; then
 * 2t draws reduced mod p for the Cauchy matrix M[i][j] = 1 / (x_i + y_j).
 * About a hundred bytes of WebAssembly instead of t (R_F + R_P + t) 32-byte
 * constants that gzip cannot shrink.
 */
#include "poseidon_gen.h"

#include "fr_small.h"

typedef struct {
    unsigned char b[80]; /* the register, b[(h + i) % 80] = bit i */
    unsigned h;
} grain;

static unsigned grain_clock(grain *g) {
    unsigned char *b = g->b;
#define G(i) b[(g->h + (i)) % 80]
    unsigned nb = G(62) ^ G(51) ^ G(38) ^ G(23) ^ G(13) ^ G(0);
#undef G
    b[g->h] = (unsigned char)nb;
    g->h = (g->h + 1) % 80;
    return nb;
}

static unsigned grain_bit(grain *g) {
    for (;;) {
        unsigned keep = grain_clock(g);
        unsigned out = grain_clock(g);
        if (keep) return out;
    }
}

/* A 254-bit big-endian draw into eight little-endian limbs. */
static void grain_draw(grain *g, uint32_t *v) {
    for (int i = 0; i < FS_N; i++) v[i] = 0;
    for (int k = 253; k >= 0; k--) v[k >> 5] |= (uint32_t)grain_bit(g) << (k & 31);
}

static void grain_init(grain *g, unsigned t) {
    /* field 1 (2 bits), S-box 0 (4), n = 254 (12), t (12), R_F (10), R_P (10), 30 ones */
    const unsigned val[7] = {1, 0, 254, t, ZKPI_JSP_RF, ZKPI_JSP_RP(t), (1u << 30) - 1};
    const unsigned width[7] = {2, 4, 12, 12, 10, 10, 30};
    unsigned n = 0;
    for (int f = 0; f < 7; f++)
        for (int i = (int)width[f] - 1; i >= 0; i--) g->b[n++] = (unsigned char)((val[f] >> i) & 1);
    g->h = 0;
    for (int i = 0; i < 160; i++) grain_clock(g);
}

void zkpi_jsp_gen(unsigned t, uint32_t *rc, uint32_t *mds) {
    grain g;
    uint32_t v[FS_N], x[17][FS_N], e[FS_N];
    grain_init(&g, t);
    for (unsigned k = 0; k < (ZKPI_JSP_RF + ZKPI_JSP_RP(t)) * t; k++) {
        do grain_draw(&g, v);
        while (!fs_lt_p(v));
        fs_mul(rc + FS_N * k, v, fs_r2);
    }
    /* x_0..x_(t-1) then y_0..y_(t-1), reduced (a draw < 2^254 < 2p) */
    for (unsigned k = 0; k < 2 * t; k++) {
        grain_draw(&g, v);
        fs_reduce_once(k < t ? x[k] : v, v, 0);
        if (k < t) continue;
        for (unsigned i = 0; i < t; i++) {
            uint32_t *m = mds + FS_N * (i * t + (k - t));
            fs_add(e, x[i], v);
            fs_mul(e, e, fs_r2);
            /* e^(p - 2) = e^-1 (Montgomery form in, Montgomery form out) */
            fs_mul(m, fs_r2, (const uint32_t[FS_N]){1}); /* 2^256 mod p: one */
            for (int bit = 253; bit >= 0; bit--) {
                fs_mul(m, m, m);
                uint32_t pm2 = fs_p[bit >> 5] - (bit < 32 ? 2u : 0u);
                if ((pm2 >> (bit & 31)) & 1) fs_mul(m, m, e);
            }
        }
    }
}
