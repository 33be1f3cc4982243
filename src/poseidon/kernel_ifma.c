/*
 * AVX-512 IFMA kernel: `hash_many` on eight independent states at once, one
 * state per 64-bit lane of a zmm register, over the radix-2^52 layer of the
 * BN254 field (bn254/fr52_ifma.h: five 52-bit limbs, one zmm per limb,
 * VPMADD52LUQ / VPMADD52HUQ, Montgomery form with R' = 2^260 -- not the
 * scalar kernels' R = 2^256). The constants come from
 * constants_ifma.inc (the same sparse and rescaled tables, generated in R'
 * form); states
 * enter and leave in the scalar R form through one product each with
 * 2^264 mod p and 2^256 mod p.
 *
 * Lazy reduction (e = p / 2^260 < 0.011815): a Montgomery reduction of an
 * accumulator T returns (T + m p) / 2^260 < T / 2^260 + p, and a constant c
 * added into T's high half (c 2^260) comes out as + c. With every element
 * below B = 2.6p between steps (constants below p), no step needs a
 * conditional subtraction:
 *  - S-box: x^2 < B^2 e p + p < 1.08p, x^4 < 1.0138p, x^4 x < 2.64p^2;
 *    x^5 + c < (2.64e + 2)p < 2.04p;
 *  - full-round rows (t terms below 2.04p and constants): < (17 2.04 e +
 *    1)p < 1.41p;
 *  - partial rounds (rescaled form, v_partial_round): the new s0 reduces
 *    Y + chat 2^260 + sum_k what_k s_k, Y = x^4 s0 unreduced, so it is below
 *    ((1.0138 + t - 1) B e + 2)p <= (17.014 2.6 e + 2)p < 2.53p; a new s_k
 *    reduces Y + chat 2^260 + beta_k s_k: < ((1.0138 + 1) B e + 2)p < 2.07p;
 *    the final scales (one product per lane) leave < (B e + 1)p < 1.04p.
 *    So B = 2.6p holds for every width through all R_P rounds;
 *  - state elements stay normalised 52-bit limbs (values < 2^256), as the
 *    multipliers need.
 * Column accumulators (64-bit lanes): a product adds at most ten terms
 * < 2^52 to a column (five low halves, five high halves), the reduction ten
 * more and carries < 2^12; the widest sum is the new s0 of t = 17, 17
 * products + chat + the reduction: < 190 2^52 < 2^60, far from 2^64.
 * Only lane 0 leaves (hash output): one product with 2^256 mod p, < 1.03p,
 * then one scalar conditional subtraction makes it canonical.
 *
 * One state (`hash`, `permute`, from t = 3): the full rounds run with the
 * state's elements in the lanes (t S-boxes at once; the matrix product as
 * t broadcast-element x column products), the partial rounds -- a chain of
 * dependent products on lane 0 -- in the base scalar kernel, with one
 * conversion each way around them. Field operations (mul, sqr, dot) and
 * t = 2 are the base scalar kernel's (bmi2 when built, else portable).
 */
#include <string.h>

#include "bn254/fr52_ifma.h"
#include "poseidon/internal.h"

/* Short local names for the layer's types and helpers. */
typedef zkpi_bn254_fr52 zkpi_fr52; /* the generated tables' element type */
typedef zkpi_bn254_v8 v8;
typedef zkpi_bn254_v52 vfr;
#define V_UNROLL ZKPI_BN254_UNROLL
#define LANES ZKPI_BN254_LANES
#define V_CHECK_LT(x, k100, what) ZKP_VERIFY_CHECK(zkpi_bn254_v52_verify_lt((x), (k100), 100), what)

#include "poseidon/constants_ifma.inc"

/* The base scalar kernel (single hashes, partial rounds, field ops). */
#if ZKP_HAVE_BMI2
#define BASE zkpi_poseidon_ops_bmi2
#define BASE_PARTIAL zkpi_poseidon_partial_bmi2
#else
#define BASE zkpi_poseidon_ops_portable
#define BASE_PARTIAL zkpi_poseidon_partial_portable
#endif

/* T = x^4 * x, unreduced: the S-box before its constant and reduction. */
ZKP_INLINE void v_pow5_acc(v8 T[10], const vfr *x) {
    vfr x2, x4;
    V_CHECK_LT(x, 260, "ifma S-box input < 2.6p");
    zkpi_bn254_v52_sqr(T, x);
    zkpi_bn254_v52_redc(&x2, T);
    V_CHECK_LT(&x2, 108, "ifma S-box x^2 < 1.08p");
    zkpi_bn254_v52_sqr(T, &x2);
    zkpi_bn254_v52_redc(&x4, T);
    ZKP_VERIFY_CHECK(zkpi_bn254_v52_verify_lt(&x4, 10138, 10000), "ifma S-box x^4 < 1.0138p");
    zkpi_bn254_v52_zero(T);
    zkpi_bn254_v52_mac(T, &x4, x);
}

/* x^5 (+ c when c is not NULL), x < 2.6p: < 2.04p (header comment). */
ZKP_INLINE void v_pow5(vfr *r, const vfr *x, const zkpi_fr52 *c) {
    v8 T[10];
    v_pow5_acc(T, x);
    if (c) zkpi_bn254_v52_addhi_c(T, c);
    zkpi_bn254_v52_redc(r, T);
    V_CHECK_LT(r, 204, "ifma x^5 + c < 2.04p");
}

/* Row i of a t x t constant matrix (column table Mv, see zkpi_bn254_v52_mac_cs) times
 * the state, one reduction. */
ZKP_INLINE void v_dot(vfr *r, const uint64_t *Mv, const unsigned i, const vfr *s, const unsigned T_) {
    const unsigned G = (T_ + 7) / 8;
    v8 T[10];
    zkpi_bn254_v52_zero(T);
    for (unsigned j = 0; j < T_; j++) zkpi_bn254_v52_mac_cs(T, Mv + (j * G + i / 8) * 40 + i % 8, 8, &s[j]);
    zkpi_bn254_v52_redc(r, T);
    V_CHECK_LT(r, 141, "ifma full-round row < 1.41p");
}

/* NS groups of eight states (s[h * T_ + i]) could advance in lockstep to
 * overlap one group's chain of dependent products with the other's; measured,
 * NS = 2 gained only ~5% (the kernel is close to multiply-add throughput
 * bound) for twice the code, so the kernel uses NS = 1. */
ZKP_INLINE void v_full_round(const unsigned T_, const unsigned NS, vfr *s, const zkpi_fr52 *c, const uint64_t *Mv,
                             const int lane0_only) {
    for (unsigned i = 0; i < T_; i++)
        for (unsigned h = 0; h < NS; h++) v_pow5(&s[h * T_ + i], &s[h * T_ + i], c ? &c[i] : NULL);
    vfr n[2 * ZKP_POSEIDON_TMAX];
    const unsigned rows = lane0_only ? 1 : T_;
    for (unsigned i = 0; i < rows; i++)
        for (unsigned h = 0; h < NS; h++) v_dot(&n[h * T_ + i], Mv, i, &s[h * T_], T_);
    for (unsigned h = 0; h < NS; h++)
        for (unsigned i = 0; i < rows; i++) s[h * T_ + i] = n[h * T_ + i];
}

/* One partial round on the rescaled state (perm_tmpl.h k_partial_round; Z
 * = the round's [chat, what_1..what_(t-1), beta_1..beta_(t-1)] of the sz
 * tables): Y = x^4 s0 + chat 2^260 stays one unreduced accumulator, and
 *   s0' = REDC(Y + sum_k what_k s_k),  s_k' = REDC(Y + beta_k s_k),
 * t reductions and no conditional subtraction (bounds in the file comment:
 * elements < 2.6p in, s0' < 2.53p, s_k' < 2.07p out). The products with
 * the old s_k do not wait for the S-box: they are summed first, and Y (ten
 * column additions) joins each sum right before its reduction. */
ZKP_INLINE void v_partial_round(const unsigned T_, vfr *s, const zkpi_fr52 *Z) {
    v8 Y[10], A[10];
    for (unsigned k = 0; k < T_; k++) V_CHECK_LT(&s[k], 260, "ifma partial round: state in < 2.6p");
    v_pow5_acc(Y, &s[0]);
    zkpi_bn254_v52_addhi_c(Y, &Z[0]);
    zkpi_bn254_v52_zero(A);
    for (unsigned k = 1; k < T_; k++) zkpi_bn254_v52_mac_c(A, &Z[k], &s[k]);
    zkpi_bn254_v52_add_acc(A, Y);
    zkpi_bn254_v52_redc(&s[0], A);
    V_CHECK_LT(&s[0], 253, "ifma partial round: new s0 < 2.53p");
    for (unsigned k = 1; k < T_; k++) {
        zkpi_bn254_v52_zero(A);
        zkpi_bn254_v52_mac_c(A, &Z[T_ - 1 + k], &s[k]);
        zkpi_bn254_v52_add_acc(A, Y);
        zkpi_bn254_v52_redc(&s[k], A);
        V_CHECK_LT(&s[k], 207, "ifma partial round: new s_k < 2.07p");
    }
}

/* After the R_P rounds: s_i *= D_i (the final scales [e, D_1..D_(t-1)]),
 * < 2.6p in, < 1.04p out. */
ZKP_INLINE void v_unscale(const unsigned T_, vfr *s, const zkpi_fr52 *D) {
    for (unsigned i = 0; i < T_; i++) {
        v8 A[10];
        V_CHECK_LT(&s[i], 260, "ifma final scales: state in < 2.6p");
        zkpi_bn254_v52_zero(A);
        zkpi_bn254_v52_mac_c(A, &D[i], &s[i]);
        zkpi_bn254_v52_redc(&s[i], A);
        V_CHECK_LT(&s[i], 104, "ifma final scales: output < 1.04p");
    }
}

ZKP_INLINE void v_partial_rounds(const unsigned T_, vfr *s) {
    const zkpi_fr52 *Z = ifma_sz[T_];
    const unsigned rp = zkpi_poseidon_rp[T_];
    for (unsigned r = 0; r < rp; r++, Z += 2 * T_ - 1) v_partial_round(T_, s, Z);
    v_unscale(T_, s, Z);
}

/* The sparse schedule of perm_tmpl.h, hash form (last round lane 0 only).
 * ifma_sc holds the entry constants and the seven full rounds' (8t). */
ZKP_INLINE void v_hash(const unsigned T_, const unsigned NS, vfr *s) {
    const zkpi_fr52 *C = ifma_sc[T_] + T_; /* the first T_ were added on entry */
    for (unsigned f = 0; f < ZKP_POSEIDON_RF; f++) {
        const int last = f == ZKP_POSEIDON_RF - 1;
        v_full_round(T_, NS, s, last ? NULL : C, f == 3 ? ifma_spv[T_] : ifma_mdsv[T_], last);
        C += T_;
        if (f == 3)
            for (unsigned h = 0; h < NS; h++) v_partial_rounds(T_, &s[h * T_]);
    }
}

/* ---- lanes <-> scalar states ------------------------------------------------ */

/* x (R' form) back to R form, its limb rows stored into b. */
ZKP_INLINE void v_to_r_rows(uint64_t b[5][LANES], const vfr *x) {
    v8 A[10];
    zkpi_bn254_v52_zero(A);
    zkpi_bn254_v52_mac_c(A, &ifma_k_out, x);
    vfr y;
    zkpi_bn254_v52_redc(&y, A);
    V_CHECK_LT(&y, 103, "ifma back to R form < 1.03p");
    V_UNROLL
    for (int k = 0; k < 5; k++) _mm512_store_si512((void *)b[k], y.l[k]);
}

/* A = the split rows b (one element per lane, R form) times the entry
 * constant: the accumulator of the move to R' form, before any constant is
 * added to its high half and before zkpi_bn254_v52_redc. */
ZKP_INLINE void v_entry_acc(v8 A[10], const uint64_t (*b)[LANES]) {
    vfr x;
    V_UNROLL
    for (int k = 0; k < 5; k++) x.l[k] = _mm512_load_si512((const void *)b[k]);
    zkpi_bn254_v52_zero(A);
    zkpi_bn254_v52_mac_c(A, &ifma_k_in, &x);
}

/* Lane j of element i = state j's element i (R form, < p), moved to R' form
 * with the entry constant (the first round constants folded in). */
ZKP_INLINE void v_load(const unsigned T_, vfr *s, const zkpi_fr *in, size_t count) {
    for (unsigned i = 0; i < T_; i++) {
        uint64_t b[5][LANES] __attribute__((aligned(64)));
        for (unsigned j = 0; j < LANES; j++) zkpi_bn254_r52_split(b, j, j < count ? in[j * T_ + i].v : NULL);
        v8 A[10];
        v_entry_acc(A, b);
        zkpi_bn254_v52_addhi_c(A, &ifma_sc[T_][i]);
        zkpi_bn254_v52_redc(&s[i], A);
        V_CHECK_LT(&s[i], 260, "ifma entry: state < 2.6p");
    }
}

/* Lane 0 of each state back to R form, canonical. */
ZKP_INLINE void v_store0(const unsigned T_, const vfr *s, zkpi_fr *out, size_t count) {
    uint64_t b[5][LANES] __attribute__((aligned(64)));
    v_to_r_rows(b, &s[0]);
    for (unsigned j = 0; j < LANES && j < count; j++) zkpi_bn254_r52_join_canonical(out[j * T_].v, b, j);
}

/* ---- one state in vector lanes: the full rounds --------------------------- */

/* Lane l of group g holds state element 8g + l (zero past t). The full
 * rounds (t S-boxes, a t x t matrix) run here, the partial rounds (one
 * S-box, 2t - 1 products in a dependent chain) in the base scalar kernel. */
#define VG(T_) (((T_) + 7) / 8)

/* Elements 0..T_-1 (R form, < 2p) into R' form, plus the per-lane constant
 * vectors cv ([G][5][8]) when not NULL. */
ZKP_INLINE void v1_load(const unsigned T_, vfr *s, const zkpi_fr *in, const uint64_t *cv) {
    for (unsigned g = 0; g < VG(T_); g++) {
        uint64_t b[5][LANES] __attribute__((aligned(64)));
        for (unsigned l = 0; l < LANES; l++) zkpi_bn254_r52_split(b, l, 8 * g + l < T_ ? in[8 * g + l].v : NULL);
        v8 A[10];
        v_entry_acc(A, b);
        if (cv)
            V_UNROLL
            for (int k = 0; k < 5; k++)
                A[5 + k] = _mm512_add_epi64(A[5 + k], _mm512_loadu_si512((const void *)(cv + (g * 5 + k) * 8)));
        zkpi_bn254_v52_redc(&s[g], A);
        V_CHECK_LT(&s[g], 260, "ifma one-state entry: state < 2.6p");
    }
}

/* Elements 0..n-1 back to R form, canonical. */
ZKP_INLINE void v1_store(const unsigned T_, const vfr *s, zkpi_fr *out, const unsigned n) {
    for (unsigned g = 0; g < VG(T_) && 8 * g < n; g++) {
        uint64_t b[5][LANES] __attribute__((aligned(64)));
        v_to_r_rows(b, &s[g]);
        for (unsigned l = 0; l < LANES && 8 * g + l < n; l++) zkpi_bn254_r52_join_canonical(out[8 * g + l].v, b, l);
    }
}

/* x^5 + cv (per-lane constants, NULL: none). */
ZKP_INLINE void v_pow5v(vfr *r, const vfr *x, const uint64_t *cv) {
    v8 T[10];
    v_pow5_acc(T, x);
    if (cv)
        V_UNROLL
        for (int k = 0; k < 5; k++) T[5 + k] = _mm512_add_epi64(T[5 + k], _mm512_loadu_si512((const void *)(cv + k * 8)));
    zkpi_bn254_v52_redc(r, T);
    V_CHECK_LT(r, 204, "ifma x^5 + c < 2.04p");
}

/* s = M (s^5 + c): Mv holds the columns, [j][G][5][8] (lane l of group g =
 * M[8g + l][j]); element j is broadcast to every lane and multiplied by its
 * column. lane0_only: only group 0. */
ZKP_INLINE void v1_full_round(const unsigned T_, vfr *s, const uint64_t *cv, const uint64_t *Mv, const int lane0_only) {
    const unsigned G = VG(T_);
    for (unsigned g = 0; g < G; g++) v_pow5v(&s[g], &s[g], cv ? cv + g * 40 : NULL);
    vfr b[ZKP_POSEIDON_TMAX];
    for (unsigned j = 0; j < T_; j++) {
        const v8 idx = _mm512_set1_epi64((long long)(j % 8));
        V_UNROLL
        for (int k = 0; k < 5; k++) b[j].l[k] = _mm512_permutexvar_epi64(idx, s[j / 8].l[k]);
    }
    const unsigned rows = lane0_only ? 1 : G;
    vfr n[3];
    for (unsigned g = 0; g < rows; g++) {
        v8 A[10];
        zkpi_bn254_v52_zero(A);
        for (unsigned j = 0; j < T_; j++) {
            vfr col;
            const uint64_t *c = Mv + (j * G + g) * 40;
            V_UNROLL
            for (int k = 0; k < 5; k++) col.l[k] = _mm512_loadu_si512((const void *)(c + k * 8));
            zkpi_bn254_v52_mac(A, &col, &b[j]);
        }
        zkpi_bn254_v52_redc(&n[g], A);
        V_CHECK_LT(&n[g], 141, "ifma full-round row < 1.41p");
    }
    for (unsigned g = 0; g < rows; g++) s[g] = n[g];
}

/* The whole permutation of one canonical R-form state (lane0_only: hash
 * form, only s[0] is meaningful after). */
ZKP_INLINE void v1_perm(const unsigned T_, zkpi_fr *st, const int lane0_only) {
    const unsigned G = VG(T_);
    const uint64_t *cv = ifma_scv[T_]; /* [8][G][5][8]: entry, f = 0..3, f = 4..6 */
    vfr s[3];
    v1_load(T_, s, st, cv);
    for (unsigned f = 0; f < 4; f++)
        v1_full_round(T_, s, cv + (1 + f) * G * 40, f == 3 ? ifma_spv[T_] : ifma_mdsv[T_], 0);
    v1_store(T_, s, st, T_);
    BASE_PARTIAL(T_, st);
    v1_load(T_, s, st, NULL);
    for (unsigned f = 4; f < 8; f++)
        v1_full_round(T_, s, f < 7 ? cv + (1 + f) * G * 40 : NULL, ifma_mdsv[T_], f == 7 && lane0_only);
    v1_store(T_, s, st, lane0_only ? 1 : T_);
}

#define K_WIDTH(T)                                                                               \
    static void many8_t##T(zkpi_fr *st, size_t count) {                                           \
        vfr s[T];                                                                                \
        v_load(T, s, st, count);                                                                 \
        v_hash(T, 1, s);                                                                         \
        v_store0(T, s, st, count);                                                               \
    }                                                                                            \
    static void one_t##T(zkpi_fr *st, int lane0_only) { v1_perm(T, st, lane0_only); }
K_WIDTH(2) K_WIDTH(3) K_WIDTH(4) K_WIDTH(5) K_WIDTH(6) K_WIDTH(7) K_WIDTH(8) K_WIDTH(9)
K_WIDTH(10) K_WIDTH(11) K_WIDTH(12) K_WIDTH(13) K_WIDTH(14) K_WIDTH(15) K_WIDTH(16) K_WIDTH(17)
#undef K_WIDTH

typedef void (*one_fn)(zkpi_fr *st, int lane0_only);
static const one_fn one_tab[18] = {
    NULL, NULL, one_t2, one_t3, one_t4, one_t5, one_t6, one_t7, one_t8,
    one_t9, one_t10, one_t11, one_t12, one_t13, one_t14, one_t15, one_t16, one_t17};
typedef void (*many8_fn)(zkpi_fr *st, size_t count);

static const many8_fn many8_tab[18] = {
    NULL, NULL, many8_t2, many8_t3, many8_t4, many8_t5, many8_t6, many8_t7, many8_t8,
    many8_t9, many8_t10, many8_t11, many8_t12, many8_t13, many8_t14, many8_t15, many8_t16, many8_t17};


/* One state: full rounds in vector lanes from width IFMA_ONE_MIN_T on
 * (narrower states have too few lanes to beat the scalar full rounds). */
#ifndef IFMA_ONE_MIN_T
#define IFMA_ONE_MIN_T 3
#endif
static void ifma_permute(unsigned t, zkpi_fr *s) {
    if (t >= IFMA_ONE_MIN_T) one_tab[t](s, 0);
    else BASE.permute(t, s);
}
static void ifma_hash(unsigned t, zkpi_fr *s) {
    if (t >= IFMA_ONE_MIN_T) one_tab[t](s, 1);
    else BASE.hash(t, s);
}

#ifndef IFMA_MIN_LANES
#define IFMA_MIN_LANES 2
#endif

/* Groups of eight; a short last group runs with zero padding lanes (one
 * vector pass costs less than two scalar hashes). */
static void ifma_hash_many(unsigned t, zkpi_fr *s, size_t count) {
    for (size_t i = 0; i < count; i += LANES) {
        const size_t m = count - i < LANES ? count - i : LANES;
        if (m < IFMA_MIN_LANES) { /* a padded vector pass costs about 1.6 scalar hashes */
            for (; i < count; i++) ifma_hash(t, s + i * t);
            return;
        }
        many8_tab[t](s + i * t, m);
    }
}


static void ifma_mul(zkpi_fr *r, const zkpi_fr *a, const zkpi_fr *b) { BASE.mul(r, a, b); }
static void ifma_sqr(zkpi_fr *r, const zkpi_fr *a) { BASE.sqr(r, a); }
static void ifma_dot(zkpi_fr *r, const zkpi_fr *a, const zkpi_fr *b, unsigned n) { BASE.dot(r, a, b, n); }

const zkpi_poseidon_ops zkpi_poseidon_ops_ifma = {
    ifma_mul, ifma_sqr, ifma_dot, ifma_permute, ifma_hash, ifma_hash_many, LANES,
};

/* Test hook (tests/test_poseidon.c): one field routine on eight lanes, R'
 * form, radix-2^52 limbs as x[k][j] = limb k of lane j. op 0: Montgomery
 * product a b / 2^260; 1: the dedicated square of a. */
void zkpi_poseidon_ifma_field8(int op, uint64_t r[5][8], const uint64_t a[5][8], const uint64_t b[5][8]) {
    vfr x, y, z;
    v8 T[10];
    for (int k = 0; k < 5; k++) {
        x.l[k] = _mm512_loadu_si512((const void *)a[k]);
        y.l[k] = _mm512_loadu_si512((const void *)b[k]);
    }
    if (op == 0) {
        zkpi_bn254_v52_zero(T);
        zkpi_bn254_v52_mac(T, &x, &y);
    } else {
        zkpi_bn254_v52_sqr(T, &x);
    }
    zkpi_bn254_v52_redc(&z, T);
    for (int k = 0; k < 5; k++) _mm512_storeu_si512((void *)r[k], z.l[k]);
}

/* Test hook: partial round r (r < R_P) of width t, or the final scales (r =
 * R_P), on eight states in R' form (s[i][k][j] = limb k of element i of lane
 * j), inputs inside the invariant. Returns that invariant in tenths of p
 * (26: below 2.6p), or -1 for t outside 2..17. One copy with a run-time
 * width (the per-width copies in many8_t* differ only in loop counts). */
int zkpi_poseidon_ifma_partial_round8(unsigned t, uint64_t s[][5][8], unsigned r) {
    if (t < 2 || t > ZKP_POSEIDON_TMAX) return -1;
    vfr x[ZKP_POSEIDON_TMAX];
    for (unsigned i = 0; i < t; i++)
        for (int k = 0; k < 5; k++) x[i].l[k] = _mm512_loadu_si512((const void *)s[i][k]);
    const zkpi_fr52 *Z = ifma_sz[t] + (size_t)r * (2 * t - 1);
    if (r < zkpi_poseidon_rp[t]) v_partial_round(t, x, Z);
    else v_unscale(t, x, Z);
    for (unsigned i = 0; i < t; i++)
        for (int k = 0; k < 5; k++) _mm512_storeu_si512((void *)s[i][k], x[i].l[k]);
    return 26;
}
