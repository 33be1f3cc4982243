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

/* The register as an 80-bit integer, bit i = the i-th oldest bit: lo holds
 * bits 0..63, hi bits 64..79; a clock shifts right and enters the new bit
 * at 79 (no per-bit indexing: the constants of poseidon16 take about 1.7
 * million clocks). */
typedef struct {
    uint64_t lo;
    uint32_t hi;
} grain;

__attribute__((noinline)) static unsigned grain_clock(grain *g) {
    const uint64_t s = g->lo;
    unsigned nb = (unsigned)((s >> 62) ^ (s >> 51) ^ (s >> 38) ^ (s >> 23) ^ (s >> 13) ^ s) & 1;
    g->lo = (s >> 1) | (uint64_t)(g->hi & 1) << 63;
    g->hi = (g->hi >> 1) | nb << 15;
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
    g->lo = 0;
    g->hi = 0;
    for (int f = 0; f < 7; f++)
        for (int i = (int)width[f] - 1; i >= 0; i--, n++) {
            const uint64_t bit = (val[f] >> i) & 1;
            if (n < 64) g->lo |= bit << n;
            else g->hi |= (uint32_t)bit << (n - 64);
        }
    for (int i = 0; i < 160; i++) grain_clock(g);
}

/* r = e^(p - 2) = e^-1 (Montgomery form in and out; e != 0). */
static void fs_inv(uint32_t *r, const uint32_t *e) {
    uint32_t a[FS_N];
    fs_mul(a, fs_r2, (const uint32_t[FS_N]){1}); /* 2^256 mod p: one */
    for (int bit = 253; bit >= 0; bit--) {
        fs_mul(a, a, a);
        uint32_t pm2 = fs_p[bit >> 5] - (bit < 32 ? 2u : 0u);
        if ((pm2 >> (bit & 31)) & 1) fs_mul(a, a, e);
    }
    for (int i = 0; i < FS_N; i++) r[i] = a[i];
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
            fs_inv(m, e);
        }
    }
}

/* ---- the sparse-MDS form (gen/poseidon_constants.py's sparse_params) ---- */

#define E(base, i) ((base) + FS_N * (i))

FS_FN void fs_sub(uint32_t *r, const uint32_t *a, const uint32_t *b) {
    uint32_t n[FS_N];
    uint64_t c = 0;
    for (int i = 0; i < FS_N; i++) {
        uint64_t x = (uint64_t)fs_p[i] - b[i] - c;
        n[i] = (uint32_t)x;
        c = (x >> 32) & 1;
    }
    fs_add(r, a, n); /* a + (p - b), p - b in (0, p] */
}

static int fs_is_zero(const uint32_t *a) {
    uint32_t o = 0;
    for (int i = 0; i < FS_N; i++) o |= a[i];
    return o == 0;
}

/* out = the inverse of the n x n matrix a (row stride sa elements), by
 * Gauss-Jordan on [a | I] in aug (2 n^2 elements). Public data: the
 * pivot search branches. */
static void mat_inv(unsigned n, const uint32_t *a, unsigned sa, uint32_t *out, uint32_t *aug) {
    const unsigned w = 2 * n;
    uint32_t f[FS_N], one[FS_N];
    fs_mul(one, fs_r2, (const uint32_t[FS_N]){1});
    for (unsigned r = 0; r < n; r++)
        for (unsigned c = 0; c < w; c++)
            for (int i = 0; i < FS_N; i++)
                E(aug, r * w + c)[i] = c < n ? E(a, r * sa + c)[i] : c - n == r ? one[i] : 0;
    for (unsigned col = 0; col < n; col++) {
        unsigned piv = col;
        while (fs_is_zero(E(aug, piv * w + col))) piv++;
        for (unsigned c = 0; c < w; c++)
            for (int i = 0; i < FS_N; i++) {
                uint32_t tmp = E(aug, piv * w + c)[i];
                E(aug, piv * w + c)[i] = E(aug, col * w + c)[i];
                E(aug, col * w + c)[i] = tmp;
            }
        fs_inv(f, E(aug, col * w + col));
        for (unsigned c = 0; c < w; c++) fs_mul(E(aug, col * w + c), E(aug, col * w + c), f);
        for (unsigned r = 0; r < n; r++) {
            if (r == col) continue;
            for (int i = 0; i < FS_N; i++) f[i] = E(aug, r * w + col)[i];
            for (unsigned c = 0; c < w; c++) {
                uint32_t pr[FS_N];
                fs_mul(pr, f, E(aug, col * w + c));
                fs_sub(E(aug, r * w + c), E(aug, r * w + c), pr);
            }
        }
    }
    for (unsigned r = 0; r < n; r++)
        for (unsigned c = 0; c < n; c++)
            for (int i = 0; i < FS_N; i++) E(out, r * n + c)[i] = E(aug, r * w + n + c)[i];
}

/* r = sum_j a[j * sa] b[j * sb], j < n */
static void dot_strided(uint32_t *r, const uint32_t *a, unsigned sa, const uint32_t *b, unsigned sb, unsigned n) {
    uint32_t acc[FS_N] = {0}, pr[FS_N];
    for (unsigned j = 0; j < n; j++) {
        fs_mul(pr, E(a, j * sa), E(b, j * sb));
        fs_add(acc, acc, pr);
    }
    for (int i = 0; i < FS_N; i++) r[i] = acc[i];
}

void zkpi_jsp_sparse(unsigned t, const uint32_t *rc, const uint32_t *mds, uint32_t *sc, uint32_t *ss,
                     uint32_t *pm, uint32_t *work) {
    const unsigned rp = ZKPI_JSP_RP(t), nr = ZKPI_JSP_RF + rp, fp = ZKPI_JSP_RF / 2;
    uint32_t *minv = work, *aug = E(minv, t * t), *a = E(aug, 2 * t * t), *ai = E(a, t * t),
             *k = E(ai, t * t), *tmp = E(k, (nr - 1) * t);
    mat_inv(t, mds, t, minv, aug);
    /* k_i = M^-1 c_(i+1) */
    for (unsigned i = 0; i + 1 < nr; i++)
        for (unsigned r = 0; r < t; r++) dot_strided(E(k, i * t + r), E(minv, r * t), 1, E(rc, (i + 1) * t), 1, t);
    /* partial rounds keep lane 0 of k_i; the rest moves one round back */
    for (unsigned i = fp + rp - 1; i >= fp; i--) {
        for (unsigned r = 0; r < t; r++) {
            dot_strided(E(tmp, r), E(minv, r * t + 1), 1, E(k, i * t + 1), 1, t - 1);
            fs_add(E(k, (i - 1) * t + r), E(k, (i - 1) * t + r), E(tmp, r));
        }
        for (unsigned r = 1; r < t; r++)
            for (int x = 0; x < FS_N; x++) E(k, i * t + r)[x] = 0;
    }
    /* sc = c_0, k_0..k_(fp-1), lane 0 of each partial round's k, k_(fp+rp)..k_(nr-2) */
    unsigned n = 0;
#define PUT(src) for (int x = 0; x < FS_N; x++) E(sc, n)[x] = (src)[x]; n++
    for (unsigned r = 0; r < t; r++) { PUT(E(rc, r)); }
    for (unsigned r = 0; r < fp * t; r++) { PUT(E(k, r)); }
    for (unsigned r = 0; r < rp; r++) { PUT(E(k, (fp + r) * t)); }
    for (unsigned r = (fp + rp) * t; r < (nr - 1) * t; r++) { PUT(E(k, r)); }
#undef PUT
    /* Partial round r's sparse matrix [a00, v, w] comes from A_r = diag(1, A^_(r+1)) M
     * (A_(R_P - 1) = M): with M^ = M[1..][1..], A^_r = M^^(R_P - r), so
     * a00 = M[0][0], v_r = (M^^-T)^(R_P - r) M[0][1..] and
     * w_r = M^^(R_P - 1 - r) M[1..][0]: one inverse, then a matrix-vector
     * product a round. The pre-sparse P = diag(1, M^^R_P) M. */
    uint32_t *v = a, *w = E(a, t - 1), *nv = E(a, 2 * t - 2);
    mat_inv(t - 1, E(mds, t + 1), t, ai, aug);
    for (unsigned j = 0; j + 1 < t; j++)
        for (int x = 0; x < FS_N; x++) {
            E(v, j)[x] = E(mds, 1 + j)[x];
            E(w, j)[x] = E(mds, (1 + j) * t)[x];
        }
    for (unsigned r = rp; r-- > 0;) {
        uint32_t *row = E(ss, r * (2 * t - 1));
        for (unsigned j = 0; j + 1 < t; j++) dot_strided(E(nv, j), E(ai, j), t - 1, v, 1, t - 1);
        for (int x = 0; x < FS_N; x++) row[x] = E(mds, 0)[x];
        for (unsigned j = 0; j + 1 < t; j++)
            for (int x = 0; x < FS_N; x++) {
                E(row, 1 + j)[x] = E(v, j)[x] = E(nv, j)[x];
                E(row, t + j)[x] = E(w, j)[x];
            }
        for (unsigned j = 0; j + 1 < t; j++) dot_strided(E(nv, j), E(mds, (1 + j) * t + 1), 1, w, 1, t - 1);
        for (unsigned j = 0; j + 1 < t; j++)
            for (int x = 0; x < FS_N; x++) E(w, j)[x] = E(nv, j)[x];
    }
    /* X = M^^R_P by squaring and multiplying (X, Y in aug, ai as scratch) */
    const unsigned n1 = t - 1, nn = n1 * n1;
    uint32_t *X = aug, *Y = E(aug, nn);
    for (unsigned i = 0; i < nn; i++)
        for (int x = 0; x < FS_N; x++) E(X, i)[x] = E(Y, i)[x] = E(mds, (1 + i / n1) * t + 1 + i % n1)[x];
    int bit = 6;
    while (!(rp >> bit)) bit--;
    while (bit-- > 0) /* X = M^ for rp's top bit; then X^2, and X M^ where rp has a 1 */
        for (unsigned mul = 0; mul < 1 + ((rp >> bit) & 1); mul++) {
            for (unsigned i = 0; i < nn; i++)
                dot_strided(E(ai, i), E(X, (i / n1) * n1), 1, E(mul ? Y : X, i % n1), n1, n1);
            for (unsigned i = 0; i < nn; i++)
                for (int x = 0; x < FS_N; x++) E(X, i)[x] = E(ai, i)[x];
        }
    for (unsigned i = 0; i < t; i++) /* P[0] = M[0], P[1..][j] = X M[1..][j] */
        for (unsigned j = 0; j < t; j++)
            if (i) dot_strided(E(pm, i * t + j), E(X, (i - 1) * n1), 1, E(mds, t + j), t, n1);
            else for (int x = 0; x < FS_N; x++) E(pm, j)[x] = E(mds, j)[x];
}
