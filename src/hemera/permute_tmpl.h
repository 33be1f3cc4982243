/*
 * Template: the single Hemera permutation, fast (zkp_hemera_permute) and
 * constant time (zkp_hemera_permute_ct), written once and instantiated by
 * one small file per instruction set (permute_portable.c, permute_bmi2.c,
 * permute_avx2.c, permute_avx512.c); each file's own compiler flags decide
 * the scalar code (mulx / shrx / tzcnt and the asm binary-GCD loop with
 * BMI2, umulh on aarch64, ...). Convention: docs/internals.md.
 *
 * Parameters, defined by the including file:
 *   TMPL_SUFFIX        kernel name suffix (required). Defines
 *                      zkpi_hemera_permute_<suffix>, zkpi_hemera_permute_ct_<suffix>,
 *                      their traced forms zkpi_hemera_permute_traced_<suffix> and
 *                      zkpi_hemera_permute_traced_ct_<suffix>, and
 *                      zkpi_hemera_op_chain_<suffix> (kernels.h).
 *   TMPL_HAVE_VEC      1: M_E and the full rounds run on the Goldilocks vector
 *                      layer, with the state transposed so that M4 is
 *                      lane-wise. The file has included one Goldilocks
 *                      vector layer (goldilocks/gl_avx2.h or gl_avx512.h:
 *                      V, V_LANES, V_<OP>) and defines the layout hooks, on
 *                      HK_NV = 16 / V_LANES vectors:
 *                        hk_load_t(V v[HK_NV], const uint64_t s[16])   to the layout
 *                        hk_store_t(uint64_t s[16], const V v[HK_NV])  back
 *                        hk_rc_t(const uint64_t rc[16], int j)  vector j of 16
 *                                            round constants in the layout
 *                      and, before rounds_tmpl.h is included, its layout
 *                      hooks for hr_mat_ext (HR_WORDS = HK_NV, HR_COLS,
 *                      HR_M4_ALL: M4 lane-wise, HR_COLSUM: the sum of the
 *                      lanes holding the same M4 row)
 *                      0 or undefined: scalar rounds, the S-box layer of
 *                      rounds_tmpl.h in its one-lane case (goldilocks/
 *                      gl_lane1.h, V = uint64_t) and linear.h's M_E.
 *   TMPL_HAVE_SIDE     1: the file defines the M_I side updates below
 *                      (hk_side_t, hk_side_init, hk_side_update, hk_side_store,
 *                      and hk_side_store_canon: lanes 1..15 canonical, for traces);
 *                      0 or undefined: the scalar ones, in place.
 *
 * Structure (spec section 3): M_E; 4 full rounds; 16 partial rounds; 4 full
 * rounds; canonicalise. The partial rounds are fused: only lane 0 is on the
 * critical path, so the kernel carries x = (next S-box input) and
 * S1 = sum(state[1..16]) and computes
 *     y = inverse(x),   x' = (d0 + 1)*y + (S1 + RC[next])
 * (one multiply after each inverse), while the fifteen updates
 * state[i] = d[i]*state[i] + (y + S1) run beside the next inverse.
 * The fast and the constant-time permutation are one function with a
 * constant `ct` argument: they differ in the inverse (binary GCD / addition
 * chain), the additions (gl_add_1c / gl_add_1c_ct, ...) and the final
 * canonicalisation; vector code has no branches and serves both.
 *
 * Traced forms (docs/hemera.md, "Traces"): the same code with a trace
 * pointer that is NULL in the untraced entries (a constant after inlining,
 * so they compile as before); trace rows are canonicalised copies taken at
 * the round boundaries, off the critical path of the partial rounds.
 */
#include "core/tmpl.h"
#include "goldilocks/gl.h"
#include "hemera/kernels.h"
#include "hemera/params.h"

#if !defined(TMPL_HAVE_VEC)
#define TMPL_HAVE_VEC 0
#endif
#if !TMPL_HAVE_VEC
#include "goldilocks/gl_lane1.h" /* the one-lane case of the round pieces */
#include "hemera/linear.h"
#endif
#include "hemera/rounds_tmpl.h"
#if !defined(TMPL_HAVE_SIDE)
#define TMPL_HAVE_SIDE 0
#endif

/* ---- full rounds ----------------------------------------------------------- */

#if TMPL_HAVE_VEC
#define HK_NV (16 / V_LANES)

/* The full rounds of one half on the transposed state: the S-box layer of
 * rounds_tmpl.h (stage by stage, which matters more here: a vector multiply
 * has a long latency), then M_E. */
ZKP_INLINE void hk_vec_full_rounds_n(V w[HK_NV], const uint64_t *rc, int rounds) {
    for (int r = 0; r < rounds; r++, rc += 16) {
        V c[HK_NV];
        ZKP_UNROLL
        for (int j = 0; j < HK_NV; j++) c[j] = hk_rc_t(rc, j);
        hr_sbox_layer(w, HK_NV, c, 1, 0);
        hr_mat_ext(w, 1, NULL);
    }
}

ZKP_INLINE void hk_vec_full_rounds(V w[HK_NV], const uint64_t *rc) { hk_vec_full_rounds_n(w, rc, HEMERA_RF_HALF); }

/* A trace row from the transposed state: canonical, natural order. */
ZKP_INLINE void hk_vec_trace_row(uint64_t row[16], const V w[HK_NV]) {
    V c[HK_NV];
    ZKP_UNROLL
    for (int j = 0; j < HK_NV; j++) c[j] = V_CANON(w[j]);
    hk_store_t(row, c);
}

/* M_E (first half only) and the full rounds of half 0 or 1; with a trace,
 * the rows after M_E (half 0) and after each round. */
ZKP_INLINE void hk_full_half_body(uint64_t s[16], int half, uint64_t (*tr)[16]) {
    V w[HK_NV];
    const uint64_t *rc = zkpi_hemera_rc + half * HEMERA_RF_HALF * 16;
    hk_load_t(w, s);
    if (half == 0) {
        hr_mat_ext(w, 1, NULL);
        if (tr) hk_vec_trace_row(*tr++, w);
    }
    if (!tr) {
        hk_vec_full_rounds(w, rc);
    } else {
        for (int r = 0; r < HEMERA_RF_HALF; r++, rc += 16) {
            hk_vec_full_rounds_n(w, rc, 1);
            hk_vec_trace_row(tr[r], w);
        }
    }
    hk_store_t(s, w);
}

/* Out of line: two calls per permutation, and the vector code is large. */
static void hk_full_half(uint64_t s[16], int half, int ct) {
    (void)ct;
    hk_full_half_body(s, half, NULL);
}

static void hk_full_half_tr(uint64_t s[16], int half, int ct, uint64_t (*tr)[16]) {
    (void)ct;
    hk_full_half_body(s, half, tr);
}
#else
/* The scalar rounds on the state in natural order: the S-box layer of
 * rounds_tmpl.h on one lane; M_E on 128-bit lazy sums (linear.h says why it
 * is not hr_mat_ext here). */
ZKP_INLINE void hk_trace_row(uint64_t row[16], const uint64_t s[16], const int ct) {
    for (int i = 0; i < 16; i++) row[i] = ct ? gl_canon_ct(s[i]) : gl_canon(s[i]);
}

ZKP_INLINE void hk_full_half_tr(uint64_t s[16], int half, const int ct, uint64_t (*tr)[16]) {
    const uint64_t *rc = zkpi_hemera_rc + half * HEMERA_RF_HALF * 16;
    if (half == 0) {
        hemera_mat_ext(s);
        if (tr) hk_trace_row(*tr++, s, ct);
    }
    for (int r = 0; r < HEMERA_RF_HALF; r++, rc += 16) {
        hr_sbox_layer(s, 16, rc, 1, ct);
        hemera_mat_ext(s);
        if (tr) hk_trace_row(tr[r], s, ct);
    }
}

ZKP_INLINE void hk_full_half(uint64_t s[16], int half, const int ct) { hk_full_half_tr(s, half, ct, NULL); }
#endif

/* ---- M_I updates of lanes 1..15 beside the inverse ------------------------
 * hk_side_init loads state[1..16] and returns S1 = their sum;
 * hk_side_update sets state[i] = d[i]*state[i] + sum for i >= 1 and returns
 * the new S1; hk_side_store writes state[1..16] back. S1 any u64. All
 * branch-free: the same code serves both permutations. */
#if !TMPL_HAVE_SIDE
/* Scalar: works in place on the kernel's state array (a copy costs 10%:
 * GCC then reloads the diagonal after every store). */
typedef struct {
    uint64_t *s;
} hk_side_t;

ZKP_INLINE uint64_t hk_side_init(hk_side_t *sd, uint64_t s[16]) {
    sd->s = s;
    gl_w acc = gl_w_from(s[1]);
    for (int i = 2; i < 16; i++) acc = gl_w_add64(acc, s[i]);
    return gl_w_reduce_small(acc);
}

ZKP_INLINE uint64_t hk_side_update(hk_side_t *sd, uint64_t sum) {
    const uint64_t *d = zkpi_hemera_diag;
    gl_w acc = gl_w_from(0);
    for (int i = 1; i < 16; i++) {
        sd->s[i] = gl_muladd(d[i], sd->s[i], sum);
        acc = gl_w_add64(acc, sd->s[i]);
    }
    return gl_w_reduce_small(acc);
}

ZKP_INLINE void hk_side_store(const hk_side_t *sd, uint64_t s[16]) {
    (void)sd;
    (void)s;
}
#endif

/* Trace row after a partial round: lane 0 is s0, lanes 1..15 the side
 * state (canonical with the vector side, raw with the scalar one). */
ZKP_INLINE void hk_partial_row(uint64_t row[16], const hk_side_t *sd, const uint64_t s[16], uint64_t s0,
                               const int ct) {
#if TMPL_HAVE_SIDE
    (void)s;
    hk_side_store_canon(sd, row); /* in the side's registers: no reload of a wide store */
    row[0] = ct ? gl_canon_ct(s0) : gl_canon(s0);
#else
    /* raw copies here; hk_canon_raw_rows makes them canonical after the
     * permutation, in one loop off the partial rounds */
    (void)sd;
    (void)ct;
    for (int i = 1; i < 16; i++) row[i] = s[i];
    row[0] = s0;
#endif
}

ZKP_INLINE void hk_canon_rows(uint64_t (*rows)[16], int n, const int ct) {
    uint64_t *r = rows[0];
    if (ct)
        for (int i = 0; i < 16 * n; i++) r[i] = gl_canon_ct(r[i]);
    else
        for (int i = 0; i < 16 * n; i++) r[i] = gl_canon(r[i]);
}

/* The rows left raw: the partial rounds' with the scalar side updates
 * (measured: canonicalising them in the loop costs 3-6% more there; the
 * full rounds' rows are cheaper canonicalised as they are written). */
ZKP_INLINE void hk_canon_raw_rows(uint64_t (*tr)[16], const int ct) {
#if !TMPL_HAVE_SIDE
    hk_canon_rows(tr + 1 + HEMERA_RF_HALF, HEMERA_RP, ct);
#else
    (void)tr, (void)ct;
#endif
}

/* ---- the permutation --------------------------------------------------------*/

/* tr: NULL, or 25 rows (after M_E, after each of the 24 rounds). */
ZKP_INLINE void hk_permute(uint64_t st[16], const int ct, uint64_t (*tr)[16]) {
    ZKPI_HEMERA_TABLES();
    uint64_t s[16];
    for (int i = 0; i < 16; i++) s[i] = st[i];
    if (tr) hk_full_half_tr(s, 0, ct, tr);
    else hk_full_half(s, 0, ct);

    const uint64_t *rcp = zkpi_hemera_rc + 2 * HEMERA_RF_HALF * 16;
    const uint64_t d0p1 = zkpi_hemera_diag[0] + 1; /* d0 < p - 1, so d0 + 1 < p */
    hk_side_t sd;
    uint64_t S1 = hk_side_init(&sd, s);
    uint64_t x = ct ? gl_add_1c_ct(s[0], rcp[0]) : gl_add_1c(s[0], rcp[0]);
    for (int j = 0; j < HEMERA_RP; j++) {
        /* fast: the binary GCD (canonical out); ct: the addition chain, which
         * maps 0 (and p) to 0 with no test (any u64 out) */
        uint64_t y = ct ? gl_inv_chain_ct(x) : gl_inv_vartime(x);
        uint64_t w = S1;
        if (j + 1 < HEMERA_RP) w = ct ? gl_add_1c_ct(S1, rcp[j + 1]) : gl_add_1c(S1, rcp[j + 1]);
        /* critical path: the next S-box input (state[0] after M_I, plus RC) */
        x = gl_muladd(d0p1, y, w);
        /* the trace's state[0]: x without the next constant */
        uint64_t s0 = 0;
        if (tr) s0 = j + 1 < HEMERA_RP ? (ct ? gl_sub_ct(x, rcp[j + 1]) : gl_sub(x, rcp[j + 1])) : x;
        /* y + S1: y is canonical in the fast form (one carry correction
         * suffices), any u64 in the constant-time one */
        S1 = hk_side_update(&sd, ct ? gl_add_ct(S1, y) : gl_add_1c(S1, y));
        if (tr) hk_partial_row(tr[1 + HEMERA_RF_HALF + j], &sd, s, s0, ct);
    }
    hk_side_store(&sd, s);
    s[0] = x; /* after the last partial round x carries no constant */

    if (tr) hk_full_half_tr(s, 1, ct, tr + 1 + HEMERA_RF_HALF + HEMERA_RP);
    else hk_full_half(s, 1, ct);
    for (int i = 0; i < 16; i++) st[i] = ct ? gl_canon_ct(s[i]) : gl_canon(s[i]);
    if (tr) hk_canon_raw_rows(tr, ct);
}

void TMPL_NAME(zkpi_hemera_permute)(uint64_t st[16]) { hk_permute(st, 0, NULL); }
void TMPL_NAME(zkpi_hemera_permute_ct)(uint64_t st[16]) { hk_permute(st, 1, NULL); }
/* The trace is never NULL here (dispatch.c checks): telling the compiler
 * so drops the tests at the round boundaries. */
#if defined(__GNUC__)
#define HK_UNREACHABLE() __builtin_unreachable()
#else
#define HK_UNREACHABLE() ((void)0)
#endif
void TMPL_NAME(zkpi_hemera_permute_traced)(uint64_t st[16], uint64_t tr[25][16]) {
    if (!tr) HK_UNREACHABLE();
    hk_permute(st, 0, tr);
}
void TMPL_NAME(zkpi_hemera_permute_traced_ct)(uint64_t st[16], uint64_t tr[25][16]) {
    if (!tr) HK_UNREACHABLE();
    hk_permute(st, 1, tr);
}

/* ---- micro-benchmark / test hook (see kernels.h) ------------------------- */

uint64_t TMPL_NAME(zkpi_hemera_op_chain)(int op, uint64_t x, uint64_t n) {
    const uint64_t c = 0x9E3779B97F4A7C15ull;
    switch (op) {
    case HEMERA_OP_MUL:
        for (uint64_t i = 0; i < n; i++) x = gl_mul(x, c);
        return gl_canon(x);
    case HEMERA_OP_MUL_CT:
        for (uint64_t i = 0; i < n; i++) x = gl_mul_ct(x, c);
        return gl_canon_ct(x);
    case HEMERA_OP_MUL_TPUT: {
        uint64_t v[8];
        for (int k = 0; k < 8; k++) v[k] = x + (uint64_t)k;
        for (uint64_t i = 0; i < n / 8; i++)
            for (int k = 0; k < 8; k++) v[k] = gl_mul(v[k], c);
        uint64_t r = 0;
        for (int k = 0; k < 8; k++) r ^= gl_canon(v[k]);
        return r;
    }
    case HEMERA_OP_INV_CHAIN:
        for (uint64_t i = 0; i < n; i++) x = gl_inv_chain(x) + 1;
        return gl_canon(x);
    case HEMERA_OP_INV_CHAIN_CT:
        for (uint64_t i = 0; i < n; i++) x = gl_inv_chain_ct(x) + 1;
        return gl_canon_ct(x);
    case HEMERA_OP_INV_VARTIME:
        for (uint64_t i = 0; i < n; i++) x = gl_inv_vartime(x) + 1;
        return x;
    case HEMERA_OP_INV_CT:
        for (uint64_t i = 0; i < n; i++) x = gl_inv_chain_ct(x) + 1;
        return gl_canon_ct(x);
    default:
        return 0;
    }
}
