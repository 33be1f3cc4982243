/*
 * AVX2 kernel: `hash_many` on four independent states at once, one state per
 * 64-bit lane of a ymm register, over the radix-2^29 layer of the BN254
 * field (bn254/fr_avx2.h: nine 29-bit limbs, one ymm per limb, VPMULUDQ,
 * Montgomery form with R'' = 2^261 -- not the scalar kernels' R = 2^256).
 * This is the AVX2 level's batch (a Zen 3 or a laptop without AVX-512): the
 * scalar MULX kernel is bound by its one 64 x 64 multiplier, while VPMULUDQ
 * issues twice per cycle there, and a product here costs 81 + 72 of them for
 * four lanes (docs/poseidon.md has the counts and the measurements).
 *
 * Widths 2..5 (1..4 inputs). Wider states go to the base kernel's hash_many:
 * a full-round row of t products adds 9t terms below 2^58 to a column, and
 * with the reduction's nine that stays within the layer's 63 only up to
 * t = 6 (t = 5 here: its new s0 of the partial round is 4 products, Y, chat
 * and the reduction, 55 terms).
 *
 * Constants: the sparse and rescaled tables of constants_sparse.c (R form)
 * moved to R'' form (five doublings mod p) and split into 29-bit limbs, once
 * per width on first use (tables_ready). States enter and leave in the
 * scalar R form through one product each with 2^266 mod p and 2^256 mod p.
 *
 * Lazy reduction (e = p / 2^261 < 0.0059073): a reduction of T returns
 * (T + m p) / 2^261 < T / 2^261 + p and a constant c added as c 2^261 comes
 * out as + c. With every element below B = 2.6p between steps (constants
 * below p), no step needs a conditional subtraction:
 *  - S-box: x^2 < B^2 e p + p < 1.04p, x^4 < 1.0064p; x^5 + c < (2.6 1.0064 e
 *    + 2)p < 2.016p;
 *  - full-round rows, t <= 5 terms below 2.016p times constants: < (5 2.016 e
 *    + 1)p < 1.06p;
 *  - partial rounds (rescaled form): the new s0 reduces Y + chat 2^261 +
 *    sum_k what_k s_k, Y = x^4 s0 unreduced: < ((1.0064 + 4) 2.6 e + 2)p <
 *    2.08p; a new s_k (Y + chat 2^261 + beta_k s_k) < 2.04p; the final
 *    scales < (2.6 e + 1)p < 1.016p. So B = 2.6p holds through all R_P rounds;
 *  - entry: x (R form, < p) times 2^266 mod p plus the first constants:
 *    < (e + 2)p; exit: s_0 times 2^256 mod p, < 1.016p, then one scalar
 *    conditional subtraction makes it canonical.
 * The ZKP_VERIFY build checks each of these bounds where the value is made.
 */
#include <string.h>

#include "bn254/fr_avx2.h"
#include "core/once.h"
#include "poseidon/internal.h"

typedef zkpi_bn254_v4 v4;
typedef zkpi_bn254_v29 vfr;
typedef zkpi_bn254_fr29 fr29;
#define LANES 4
#define COLS ZKPI_BN254_V29_COLS
#define NL ZKPI_BN254_V29_LIMBS
#define AVX2_TMAX 5
#define V_CHECK_LT(x, k100, what) ZKP_VERIFY_CHECK(zkpi_bn254_v29_verify_lt((x), (k100), 100), what)

/* The base scalar kernel (single hashes, field ops, t > 5). */
#if ZKP_HAVE_BMI2
#define BASE zkpi_poseidon_ops_bmi2
#else
#define BASE zkpi_poseidon_ops_portable
#endif

/* ---- constants in R'' form, built once per width ----------------------------- */

typedef struct {
    fr29 k_in, k_out;                       /* 2^266, 2^256 mod p */
    fr29 sc[8 * AVX2_TMAX];                 /* [entry t][f = 0..3: 4t][f = 4..6: 3t] */
    fr29 mds[AVX2_TMAX * AVX2_TMAX], sp[AVX2_TMAX * AVX2_TMAX];
    fr29 *sz;                               /* as zkpi_poseidon_sz: into k_sz */
} avx2_tables;

/* The rescaled partial rounds, (2t - 1) R_P + t per width, for the R_P of
 * constants_table.c (56, 57, 56, 60); build_tables checks them. */
#define SZ_LEN(t, rp) ((2 * (t) - 1) * (rp) + (t))
static const unsigned k_sz_rp[AVX2_TMAX + 1] = {0, 0, 56, 57, 56, 60};
static const unsigned k_sz_off[AVX2_TMAX + 1] = {0, 0, 0, SZ_LEN(2, 56), SZ_LEN(2, 56) + SZ_LEN(3, 57),
                                                 SZ_LEN(2, 56) + SZ_LEN(3, 57) + SZ_LEN(4, 56)};
static fr29 k_sz[SZ_LEN(2, 56) + SZ_LEN(3, 57) + SZ_LEN(4, 56) + SZ_LEN(5, 60)];

static avx2_tables k_tab[AVX2_TMAX + 1];
/* core/once.h's states; 3 (failed): R_P not the one k_sz was laid out for. */
static _Atomic int k_state[AVX2_TMAX + 1];

/* x = 2x mod p, x < p. */
static void dbl_mod_p(uint64_t x[4]) {
    uint64_t d[4];
    d[3] = x[3] << 1 | x[2] >> 63;
    d[2] = x[2] << 1 | x[1] >> 63;
    d[1] = x[1] << 1 | x[0] >> 63;
    d[0] = x[0] << 1;
    zkpi_bn254_condsub(x, d, zkpi_bn254_p);
}

/* out = x 2^n mod p in 29-bit limbs (x < p). */
static void to_fr29(fr29 *out, const uint64_t x[4], unsigned n) {
    uint64_t v[4] = {x[0], x[1], x[2], x[3]};
    while (n--) dbl_mod_p(v);
    zkpi_bn254_r29_split(out->l, v);
}

static int build_tables(unsigned t) {
    avx2_tables *k = &k_tab[t];
    if (zkpi_poseidon_rp[t] != k_sz_rp[t]) return 0;
    k->sz = &k_sz[k_sz_off[t]];
    const uint64_t one[4] = {1, 0, 0, 0};
    const unsigned rp = zkpi_poseidon_rp[t];
    to_fr29(&k->k_in, one, 266);
    to_fr29(&k->k_out, one, 256);
    /* R form c 2^256 -> R'' form c 2^261 */
    const zkpi_fr *sc = zkpi_poseidon_sc[t]; /* [entry][f = 0..3][R_P partial][f = 4..6] */
    for (unsigned i = 0; i < 5 * t; i++) to_fr29(&k->sc[i], sc[i].v, 5);
    for (unsigned i = 0; i < 3 * t; i++) to_fr29(&k->sc[5 * t + i], sc[5 * t + rp + i].v, 5);
    for (unsigned i = 0; i < (2 * t - 1) * rp + t; i++) to_fr29(&k->sz[i], zkpi_poseidon_sz[t][i].v, 5);
    for (unsigned i = 0; i < t * t; i++) {
        to_fr29(&k->mds[i], zkpi_poseidon_mds[t][i].v, 5);
        to_fr29(&k->sp[i], zkpi_poseidon_sp[t][i].v, 5);
    }
    return 1;
}

/* Width t's tables, built on first use. A thread that finds another one
 * building them gets NULL and runs the scalar kernel meanwhile (no waiting). */
static const avx2_tables *tables_ready(unsigned t) {
    switch (zkpi_once_claim(&k_state[t])) {
    case ZKPI_ONCE_READY:
        return &k_tab[t];
    case ZKPI_ONCE_MINE: {
        const int ok = build_tables(t);
        zkpi_once_publish(&k_state[t], ok);
        return ok ? &k_tab[t] : NULL;
    }
    default:
        return NULL;
    }
}

/* ---- the rounds on four states ----------------------------------------------- */

/* Each product below is one pass over its eighteen columns (bn254/fr_avx2.h,
 * "products fused with the reduction"): column k of the terms is summed and
 * handed to the reduction, which is why the loops run over k outside and
 * over the terms inside. */

/* r = c a (+ d, as d 2^261, when d is not NULL), c a constant. */
ZKP_INLINE void v_mul_c(vfr *r, const fr29 *c, const vfr *a, const fr29 *d) {
    zkpi_bn254_v29_redc st;
    vfr o;
    ZKPI_V29_UNROLL
    for (int k = 0; k < COLS; k++) {
        v4 col = zkpi_bn254_v29_col_mul_c(_mm256_setzero_si256(), c, a, k);
        if (d) col = zkpi_bn254_v29_col_hi_c(col, d, k);
        zkpi_bn254_v29_redc_col(&st, &o, col, k);
    }
    *r = o;
}

/* x^5 (+ c when c is not NULL), x < 2.6p: < 2.016p. */
ZKP_INLINE void v_pow5(vfr *r, const vfr *x, const fr29 *c) {
    vfr x2, x4, o;
    zkpi_bn254_v29_redc st;
    V_CHECK_LT(x, 260, "avx2 S-box input < 2.6p");
    zkpi_bn254_v29_mont_sqr(&x2, x);
    V_CHECK_LT(&x2, 104, "avx2 S-box x^2 < 1.04p");
    zkpi_bn254_v29_mont_sqr(&x4, &x2);
    ZKP_VERIFY_CHECK(zkpi_bn254_v29_verify_lt(&x4, 10064, 10000), "avx2 S-box x^4 < 1.0064p");
    ZKPI_V29_UNROLL
    for (int k = 0; k < COLS; k++) {
        v4 col = zkpi_bn254_v29_col_mul(_mm256_setzero_si256(), &x4, x, k);
        if (c) col = zkpi_bn254_v29_col_hi_c(col, c, k);
        zkpi_bn254_v29_redc_col(&st, &o, col, k);
    }
    *r = o;
    ZKP_VERIFY_CHECK(zkpi_bn254_v29_verify_lt(r, 2016, 1000), "avx2 x^5 + c < 2.016p");
}

/* Row i of the t x t matrix M (row-major) times the state, one reduction. */
ZKP_INLINE void v_dot(vfr *r, const fr29 *M, const unsigned i, const vfr *s, const unsigned T_) {
    zkpi_bn254_v29_redc st;
    ZKPI_V29_UNROLL
    for (int k = 0; k < COLS; k++) {
        v4 col = _mm256_setzero_si256();
        for (unsigned j = 0; j < T_; j++) col = zkpi_bn254_v29_col_mul_c(col, &M[i * T_ + j], &s[j], k);
        zkpi_bn254_v29_redc_col(&st, r, col, k);
    }
    V_CHECK_LT(r, 106, "avx2 full-round row < 1.06p");
}

ZKP_INLINE void v_full_round(const unsigned T_, vfr *s, const fr29 *c, const fr29 *M, const int lane0_only) {
    for (unsigned i = 0; i < T_; i++) v_pow5(&s[i], &s[i], c ? &c[i] : NULL);
    vfr n[AVX2_TMAX];
    const unsigned rows = lane0_only ? 1 : T_;
    for (unsigned i = 0; i < rows; i++) v_dot(&n[i], M, i, s, T_);
    for (unsigned i = 0; i < rows; i++) s[i] = n[i];
}

/* One partial round on the rescaled state (perm_tmpl.h k_partial_round; Z
 * = the round's [chat, what_1..what_(t-1), beta_1..beta_(t-1)]): with Y =
 * x^4 s0 + chat 2^261 unreduced,
 *   s0' = REDC(Y + sum_k what_k s_k),  s_k' = REDC(Y + beta_k s_k).
 * The new s0 is the S-box chain's last product: its columns of Y are kept
 * for the s_k', and each column adds the sum off the chain (the what_k s_k)
 * before Y's. */
ZKP_INLINE void v_partial_round(const unsigned T_, vfr *s, const fr29 *Z) {
    vfr x2, x4, n0;
    v4 Y[COLS];
    zkpi_bn254_v29_redc st;
    for (unsigned k = 0; k < T_; k++) V_CHECK_LT(&s[k], 260, "avx2 partial round: state in < 2.6p");
    zkpi_bn254_v29_mont_sqr(&x2, &s[0]);
    V_CHECK_LT(&x2, 104, "avx2 S-box x^2 < 1.04p");
    zkpi_bn254_v29_mont_sqr(&x4, &x2);
    ZKP_VERIFY_CHECK(zkpi_bn254_v29_verify_lt(&x4, 10064, 10000), "avx2 S-box x^4 < 1.0064p");
    ZKPI_V29_UNROLL
    for (int k = 0; k < COLS; k++) {
        v4 col = _mm256_setzero_si256();
        for (unsigned j = 1; j < T_; j++) col = zkpi_bn254_v29_col_mul_c(col, &Z[j], &s[j], k);
        Y[k] = zkpi_bn254_v29_col_mul(zkpi_bn254_v29_col_hi_c(_mm256_setzero_si256(), &Z[0], k), &x4, &s[0], k);
        zkpi_bn254_v29_redc_col(&st, &n0, _mm256_add_epi64(col, Y[k]), k);
    }
    V_CHECK_LT(&n0, 208, "avx2 partial round: new s0 < 2.08p");
    for (unsigned j = 1; j < T_; j++) {
        vfr n;
        ZKPI_V29_UNROLL
        for (int k = 0; k < COLS; k++)
            zkpi_bn254_v29_redc_col(&st, &n, zkpi_bn254_v29_col_mul_c(Y[k], &Z[T_ - 1 + j], &s[j], k), k);
        V_CHECK_LT(&n, 204, "avx2 partial round: new s_k < 2.04p");
        s[j] = n;
    }
    s[0] = n0;
}

/* After the R_P rounds: s_i *= D_i (the final scales), < 1.016p out. */
ZKP_INLINE void v_unscale(const unsigned T_, vfr *s, const fr29 *D) {
    for (unsigned i = 0; i < T_; i++) {
        v_mul_c(&s[i], &D[i], &s[i], NULL);
        ZKP_VERIFY_CHECK(zkpi_bn254_v29_verify_lt(&s[i], 1016, 1000), "avx2 final scales < 1.016p");
    }
}

/* The sparse schedule of perm_tmpl.h, hash form (last round lane 0 only). */
ZKP_INLINE void v_hash(const unsigned T_, const avx2_tables *k, vfr *s) {
    const fr29 *C = k->sc + T_; /* the first T_ were added on entry */
    for (unsigned f = 0; f < ZKP_POSEIDON_RF; f++) {
        const int last = f == ZKP_POSEIDON_RF - 1;
        v_full_round(T_, s, last ? NULL : C, f == 3 ? k->sp : k->mds, last);
        C += T_;
        if (f != 3) continue;
        const fr29 *Z = k->sz;
        for (unsigned r = 0; r < zkpi_poseidon_rp[T_]; r++, Z += 2 * T_ - 1) v_partial_round(T_, s, Z);
        v_unscale(T_, s, Z);
    }
}

/* ---- lanes <-> scalar states ---------------------------------------------------- */

/* Lane j of element i = state j's element i (R form, < p; zero past count),
 * moved to R'' form with the first round constants added. */
ZKP_INLINE void v_load(const unsigned T_, const avx2_tables *k, vfr *s, const zkpi_fr *in, size_t count) {
    for (unsigned i = 0; i < T_; i++) {
        uint64_t b[NL][LANES] __attribute__((aligned(32)));
        for (unsigned j = 0; j < LANES; j++) {
            uint32_t l[NL] = {0};
            if (j < count) zkpi_bn254_r29_split(l, in[j * T_ + i].v);
            for (int q = 0; q < NL; q++) b[q][j] = l[q];
        }
        vfr x;
        for (int q = 0; q < NL; q++) x.l[q] = _mm256_load_si256((const __m256i *)b[q]);
        v_mul_c(&s[i], &k->k_in, &x, &k->sc[i]);
        V_CHECK_LT(&s[i], 201, "avx2 entry: state < 2.01p");
    }
}

/* Lane 0 of each state back to R form, canonical. */
ZKP_INLINE void v_store0(const avx2_tables *k, const unsigned T_, const vfr *s, zkpi_fr *out, size_t count) {
    vfr y;
    v_mul_c(&y, &k->k_out, &s[0], NULL);
    ZKP_VERIFY_CHECK(zkpi_bn254_v29_verify_lt(&y, 1016, 1000), "avx2 back to R form < 1.016p");
    uint64_t b[NL][LANES] __attribute__((aligned(32)));
    for (int q = 0; q < NL; q++) _mm256_store_si256((__m256i *)b[q], y.l[q]);
    for (unsigned j = 0; j < LANES && j < count; j++) {
        uint64_t l[NL], v[4];
        for (int q = 0; q < NL; q++) l[q] = b[q][j];
        zkpi_bn254_r29_join(v, l);
        zkpi_bn254_condsub(out[j * T_].v, v, zkpi_bn254_p);
    }
}

#define K_WIDTH(T)                                                                         \
    static void many4_t##T(const avx2_tables *k, zkpi_fr *st, size_t count) {               \
        vfr s[T];                                                                          \
        v_load(T, k, s, st, count);                                                        \
        v_hash(T, k, s);                                                                   \
        v_store0(k, T, s, st, count);                                                      \
    }
K_WIDTH(2) K_WIDTH(3) K_WIDTH(4) K_WIDTH(5)
#undef K_WIDTH

typedef void (*many4_fn)(const avx2_tables *k, zkpi_fr *st, size_t count);
static const many4_fn many4_tab[AVX2_TMAX + 1] = {NULL, NULL, many4_t2, many4_t3, many4_t4, many4_t5};

/* A group of fewer lanes than this runs scalar hashes instead of a padded
 * vector pass: a pass costs about 2.9 scalar hashes at t = 3 and 2.6 at
 * t = 5 (Zen 4), so two states are cheaper scalar and three about even. */
#ifndef AVX2_MIN_LANES
#define AVX2_MIN_LANES 3
#endif

static void avx2_hash_many(unsigned t, zkpi_fr *s, size_t count) {
    const avx2_tables *k = t <= AVX2_TMAX && ZKPI_POSEIDON_HAS_T(t) ? tables_ready(t) : NULL;
    if (!k) {
        BASE.hash_many(t, s, count);
        return;
    }
    for (size_t i = 0; i < count; i += LANES) {
        const size_t m = count - i < LANES ? count - i : LANES;
        if (m < AVX2_MIN_LANES) {
            BASE.hash_many(t, s + i * t, m);
            return;
        }
        many4_tab[t](k, s + i * t, m);
    }
}

static void avx2_mul(zkpi_fr *r, const zkpi_fr *a, const zkpi_fr *b) { BASE.mul(r, a, b); }
static void avx2_sqr(zkpi_fr *r, const zkpi_fr *a) { BASE.sqr(r, a); }
static void avx2_dot(zkpi_fr *r, const zkpi_fr *a, const zkpi_fr *b, unsigned n) { BASE.dot(r, a, b, n); }
static void avx2_permute(unsigned t, zkpi_fr *s) { BASE.permute(t, s); }
static void avx2_hash(unsigned t, zkpi_fr *s) { BASE.hash(t, s); }

/* Everything but hash_many is the base kernel's. */
const zkpi_poseidon_ops zkpi_poseidon_ops_avx2 = {
    avx2_mul, avx2_sqr, avx2_dot, avx2_permute, avx2_hash, avx2_hash_many, LANES,
};

/* Test hook (tests/test_poseidon.c): one field routine of the layer on four
 * lanes, R'' form, x[k][j] = 29-bit limb k of lane j. op 0: the Montgomery
 * product a b / 2^261; 1: the square of a. */
void zkpi_poseidon_avx2_field4(int op, uint64_t r[9][4], const uint64_t a[9][4], const uint64_t b[9][4]) {
    vfr x, y, z;
    for (int k = 0; k < NL; k++) {
        x.l[k] = _mm256_loadu_si256((const __m256i *)a[k]);
        y.l[k] = _mm256_loadu_si256((const __m256i *)b[k]);
    }
    if (op == 0)
        zkpi_bn254_v29_mont_mul(&z, &x, &y);
    else
        zkpi_bn254_v29_mont_sqr(&z, &x);
    for (int k = 0; k < NL; k++) _mm256_storeu_si256((__m256i *)r[k], z.l[k]);
}
