/*
 * Hemera permutation layer: the generated round constants against
 * the vectors, the Goldilocks operations (internal gl.h and public
 * goldilocks.h) against a __int128 oracle with every carry/borrow edge limb,
 * the permutation and trace vectors, and a differential test of every
 * permutation kernel (fast and constant-time) at every CPU level against the
 * definitional oracle on random, non-canonical and edge states.
 */
#include <stdlib.h>
#include <string.h>

#include "harness.h"
#include "goldilocks/gl.h"
#include "goldilocks/gl_lane1.h"
#include "hemera/kernels.h"
#include "hemera/linear.h"
#include "hemera/params.h"
#include "hemera/rounds_tmpl.h"
#include "hemera_oracle.h"
#include "json.h"
#include "zkprim/goldilocks.h"
#include "zkprim/hemera.h"

#define P ORACLE_P

static json *g_vec;

static uint64_t hex64(const char *s) { return s ? strtoull(s, NULL, 16) : 0xdeadbeefdeadbeefull; }

static void load_state(const json *arr, uint64_t st[16]) {
    for (size_t i = 0; i < 16; i++) {
        const json *e = json_at(arr, i);
        st[i] = hex64(e ? e->str : NULL);
    }
}

/* Limbs where carries and borrows of the reduction change. */
static const uint64_t k_edges[] = {
    0, 1, 2, 0xFFFFFFFFull, 0x100000000ull, 0x100000001ull, 0xFFFFFFFEull, P - 2, P - 1, P, P + 1, P + 2,
    0xFFFFFFFFFFFFFFFFull, 0xFFFFFFFFFFFFFFFEull, 0x8000000000000000ull, 0x7FFFFFFFFFFFFFFFull,
    0xFFFFFFFF00000000ull, 0x00000000FFFFFFFFull << 16, 0xFFFFFFFF80000000ull, 0x0000000100000000ull - 1 + P,
};
#define N_EDGES (sizeof k_edges / sizeof k_edges[0])

/* A limb: half the time an edge value (incl. [p, 2^64)), else random. */
static uint64_t rand_limb(void) {
    uint64_t r = th_rand64();
    switch (r & 7) {
    case 0: case 1: case 2: return k_edges[th_rand_below(N_EDGES)];
    case 3: return th_rand_edge64(P);
    case 4: return P + th_rand_below(0xFFFFFFFFull); /* [p, 2^64) */
    default: return th_rand64();
    }
}


/* ---- Goldilocks arithmetic vs a __int128 oracle ------------------------------ */

typedef unsigned __int128 u128;
static uint64_t ref_mod(u128 v) { return (uint64_t)(v % P); }

/* One operand pair through every internal and public operation. */
static void check_ops(uint64_t a, uint64_t b) {
    uint64_t want_add = ref_mod((u128)a + b);
    uint64_t want_sub = ref_mod((u128)(a % P) + P - (b % P));
    uint64_t want_mul = ref_mod((u128)a * b);
    uint64_t want_sqr = ref_mod((u128)a * a);
    int ok = 1;
    ok &= gl_canon(gl_add(a, b)) == want_add;
    ok &= gl_canon_ct(gl_add_ct(a, b)) == want_add;
    ok &= gl_canon(gl_sub(a, b)) == want_sub;
    ok &= gl_canon_ct(gl_sub_ct(a, b)) == want_sub;
    ok &= gl_canon(gl_mul(a, b)) == want_mul;
    ok &= gl_canon_ct(gl_mul_ct(a, b)) == want_mul;
    ok &= gl_canon(gl_sqr(a)) == want_sqr;
    ok &= gl_canon_ct(gl_sqr_ct(a)) == want_sqr;
    /* the 128-bit reduction on (lo, hi) = (a, b) directly */
    ok &= gl_canon(gl_reduce128(a, b)) == ref_mod(((u128)b << 64) | a);
    ok &= gl_canon(gl_reduce128_ct(b, a)) == ref_mod(((u128)a << 64) | b);
    /* a*b + c with c = b */
    ok &= gl_canon(gl_muladd(a, b, b)) == ref_mod((u128)a * b + b);
    ok &= gl_canon_ct(gl_muladd_ct(a, b, a)) == ref_mod((u128)a * b + a);
    /* one-correction add: valid when the second operand is < p */
    uint64_t bc = b % P;
    ok &= gl_canon(gl_add_1c(a, bc)) == ref_mod((u128)a + bc);
    ok &= gl_canon_ct(gl_add_1c_ct(a, bc)) == ref_mod((u128)a + bc);
    /* small-high reduction: hi < 2^32 */
    ok &= gl_canon(gl_reduce_small(a, b >> 32)) == ref_mod(((u128)(b >> 32) << 64) | a);
    ok &= gl_canon_ct(a) == a % P && gl_canon(a) == a % P;
    ok &= gl_neg_ct(a) == (a % P ? P - a % P : 0);
    /* public API: canonical outputs */
    ok &= zkp_goldilocks_add(a, b) == want_add;
    ok &= zkp_goldilocks_sub(a, b) == want_sub;
    ok &= zkp_goldilocks_mul(a, b) == want_mul;
    ok &= zkp_goldilocks_square(a) == want_sqr;
    ok &= zkp_goldilocks_neg(a) == gl_neg_ct(a);
    ok &= zkp_goldilocks_reduce(a) == a % P;
    ok &= zkp_goldilocks_reduce128(a, b) == ref_mod(((u128)b << 64) | a);
    CHECK_MSG(ok, "field ops on a=0x%016llx b=0x%016llx", (unsigned long long)a, (unsigned long long)b);
}

static void check_inverse(uint64_t a) {
    uint64_t want = oracle_inv(a); /* square-and-multiply, 0 -> 0 */
    int ok = 1;
    ok &= gl_inv_vartime(a) == want;
    ok &= gl_canon(gl_inv_chain(a)) == want;
    ok &= gl_canon_ct(gl_inv_chain_ct(a)) == want;
    /* the public inverses: r = 0 and ZKP_ERR_RANGE exactly for a = 0 mod p */
    zkp_status want_st = a % P ? ZKP_OK : ZKP_ERR_RANGE;
    uint64_t r = 1, rv = 1;
    ok &= zkp_goldilocks_inv(&r, a) == want_st && r == want;
    ok &= zkp_goldilocks_inv_vartime(&rv, a) == want_st && rv == want;
    ok &= zkp_goldilocks_pow(a, P - 2) == want;
    if (a % P) ok &= oracle_mul(want, a) == 1;
    CHECK_MSG(ok, "inverse of 0x%016llx", (unsigned long long)a);
}

static void test_field(void) {
    th_section("goldilocks");
    /* every pair of carry/borrow edge limbs */
    for (size_t i = 0; i < N_EDGES; i++)
        for (size_t j = 0; j < N_EDGES; j++) check_ops(k_edges[i], k_edges[j]);
    /* products whose high word hits the reduction's corners: hi with
     * hl in {0, 1, E}, hh in {0, E}, lo around hh and 2^64 - (hi << 32) */
    static const uint64_t his[] = {0, 1, 0xFFFFFFFFull, 0x100000000ull, 0xFFFFFFFF00000000ull, 0xFFFFFFFF00000001ull,
                                   0xFFFFFFFFFFFFFFFFull, 0x00000001FFFFFFFFull, 0xFFFFFFFE00000000ull};
    for (size_t i = 0; i < sizeof his / sizeof his[0]; i++) {
        uint64_t hi = his[i], hh = hi >> 32, hl = hi & 0xFFFFFFFFull;
        uint64_t los[] = {0, 1, hh, hh - 1, hh + 1, hh + hl, hh + hl - 1, 0 - (hi << 32), 0 - (hi << 32) - 1,
                          0 - (hi << 32) + 1, ~0ull, P, P - 1};
        for (size_t j = 0; j < sizeof los / sizeof los[0]; j++) {
            uint64_t lo = los[j];
            CHECK_EQ_U64(gl_canon(gl_reduce128(lo, hi)), ref_mod(((u128)hi << 64) | lo));
            CHECK_EQ_U64(zkp_goldilocks_reduce128(lo, hi), ref_mod(((u128)hi << 64) | lo));
        }
    }
    uint64_t n = th_count(200000);
    for (uint64_t k = 0; k < n; k++) check_ops(rand_limb(), rand_limb());
    for (size_t i = 0; i < N_EDGES; i++) check_inverse(k_edges[i]);
    /* powers of two stress the GCD's shift accounting (2^-k table ends) */
    for (int e = 0; e < 64; e++) check_inverse((uint64_t)1 << e), check_inverse(P - ((uint64_t)1 << e));
    uint64_t ni = th_count(3000);
    for (uint64_t k = 0; k < ni; k++) check_inverse(rand_limb());
    /* the inverse of zero (both representatives): r = 0 and ZKP_ERR_RANGE;
     * no r: ZKP_ERR_NULL */
    uint64_t r = 7;
    CHECK_STATUS(zkp_goldilocks_inv(&r, 0), ZKP_ERR_RANGE);
    CHECK_EQ_U64(r, 0);
    r = 7;
    CHECK_STATUS(zkp_goldilocks_inv(&r, P), ZKP_ERR_RANGE);
    CHECK_EQ_U64(r, 0);
    r = 7;
    CHECK_STATUS(zkp_goldilocks_inv_vartime(&r, P), ZKP_ERR_RANGE);
    CHECK_EQ_U64(r, 0);
    CHECK_STATUS(zkp_goldilocks_inv(&r, 1), ZKP_OK);
    CHECK_EQ_U64(r, 1);
    CHECK_STATUS(zkp_goldilocks_inv(NULL, 2), ZKP_ERR_NULL);
    CHECK_STATUS(zkp_goldilocks_inv_vartime(NULL, 2), ZKP_ERR_NULL);
    /* pow: exponent bits and the 0^0 = 1 convention */
    CHECK_EQ_U64(zkp_goldilocks_pow(0, 0), 1);
    CHECK_EQ_U64(zkp_goldilocks_pow(P, 0), 1);
    CHECK_EQ_U64(zkp_goldilocks_pow(0, 5), 0);
    uint64_t npow = th_count(200);
    for (uint64_t k = 0; k < npow; k++) {
        uint64_t a = rand_limb(), e = th_rand64();
        CHECK_EQ_U64(zkp_goldilocks_pow(a, e), oracle_pow(a, e));
    }
}

/* The field code each kernel inlines (compiled with the kernel's flags,
 * e.g. the BMI2 asm GCD loop) through the op_chain hook, vs the oracle, for
 * every kernel usable on this machine (kernels do not depend on the level). */
static void test_kernel_ops(void) {
    th_section("kernel field ops");
    const uint64_t c = 0x9E3779B97F4A7C15ull;
    for (unsigned k = 0; k < zkpi_hemera_perm_kernel_count; k++) {
        const hemera_perm_kernel *K = &zkpi_hemera_perm_kernels[k];
        if (!zkpi_kernel_usable(&K->info)) continue;
        uint64_t n = th_count(200);
        for (uint64_t t = 0; t < n; t++) {
            uint64_t x = rand_limb(), steps = 1 + th_rand_below(4);
            uint64_t want = x, wmul = x;
            for (uint64_t i = 0; i < steps; i++) want = oracle_add(oracle_inv(want), 1);
            for (uint64_t i = 0; i < steps; i++) wmul = oracle_mul(wmul, c);
            CHECK_EQ_U64(gl_canon(K->op_chain(HEMERA_OP_INV_VARTIME, x, steps)), want);
            CHECK_EQ_U64(K->op_chain(HEMERA_OP_INV_CHAIN, x, steps), want);
            CHECK_EQ_U64(K->op_chain(HEMERA_OP_INV_CHAIN_CT, x, steps), want);
            CHECK_EQ_U64(K->op_chain(HEMERA_OP_INV_CT, x, steps), want);
            CHECK_EQ_U64(K->op_chain(HEMERA_OP_MUL, x, steps), wmul);
            CHECK_EQ_U64(K->op_chain(HEMERA_OP_MUL_CT, x, steps), wmul);
        }
        CHECK_EQ_U64(K->op_chain(HEMERA_OP_COUNT, 5, 1), 0); /* unknown op */
        /* throughput form: 8 chains x + k, n/8 steps each, XOR of results */
        uint64_t x = rand_limb(), want = 0;
        for (int l = 0; l < 8; l++) {
            uint64_t v = x + (uint64_t)l;
            for (int i = 0; i < 3; i++) v = oracle_mul(v, c);
            want ^= v;
        }
        CHECK_EQ_U64(K->op_chain(HEMERA_OP_MUL_TPUT, x, 24), want);
    }
}


/* The round pieces of hemera/rounds_tmpl.h in their one-lane (scalar) form
 * (every kernel shares them) and linear.h's M_E of the scalar single
 * permutation, vs a straightforward matrix product and power with the
 * oracle's arithmetic: M4 on 32-bit values, M_E with and without the folded
 * constants, and the S-box layer with and without them (the fast and the
 * constant-time additions). Edge lanes: all 2^64 - 1 (the largest half
 * sums), p, p - 1. */
static void test_round_pieces(void) {
    th_section("round pieces");
    static const int M4[4][4] = {{2, 3, 1, 1}, {1, 2, 3, 1}, {1, 1, 2, 3}, {3, 1, 1, 2}};
    const uint64_t *rc = zkpi_hemera_rc; /* constants < p, as the kernels add them */
    uint64_t n = th_count(2000);
    for (uint64_t t = 0; t < n; t++) {
        uint64_t x[16], want[16], got[16];
        for (int i = 0; i < 16; i++) {
            x[i] = rand_limb();
            if (t == 0) x[i] = 0xFFFFFFFFFFFFFFFFull;
            if (t == 1) x[i] = i & 1 ? ORACLE_P : ORACLE_P - 1;
        }
        /* M4 on the first block's 32-bit halves (exact integers) */
        uint64_t h[4];
        for (int c = 0; c < 4; c++) h[c] = x[c] >> 32;
        hr_m4(got, h);
        for (int r = 0; r < 4; r++) {
            uint64_t acc = 0;
            for (int c = 0; c < 4; c++) acc += (uint64_t)M4[r][c] * h[c];
            CHECK_EQ_U64(got[r], acc);
        }
        /* M_E: diagonal blocks 2*M4, off-diagonal blocks M4; then + rc */
        for (int r = 0; r < 16; r++) {
            uint64_t acc = 0;
            for (int c = 0; c < 16; c++) {
                uint64_t coef = (uint64_t)M4[r % 4][c % 4] * (r / 4 == c / 4 ? 2 : 1);
                acc = oracle_add(acc, oracle_mul(coef, x[c]));
            }
            want[r] = acc;
        }
        for (int with_c = 0; with_c < 2; with_c++) {
            memcpy(got, x, sizeof got);
            hr_mat_ext(got, 1, with_c ? rc : NULL);
            for (int i = 0; i < 16; i++) CHECK_EQ_U64(gl_canon(got[i]), with_c ? oracle_add(want[i], rc[i]) : want[i]);
        }
        /* the scalar single permutation's own M_E (linear.h) */
        memcpy(got, x, sizeof got);
        hemera_mat_ext(got);
        for (int i = 0; i < 16; i++) CHECK_EQ_U64(gl_canon(got[i]), want[i]);
        /* S-box layer: (x + c)^7 */
        for (int mode = 0; mode < 3; mode++) { /* no constants, fast, constant time */
            memcpy(got, x, sizeof got);
            hr_sbox_layer(got, 16, mode ? rc : NULL, 1, mode == 2);
            for (int i = 0; i < 16; i++)
                CHECK_EQ_U64(gl_canon(got[i]), oracle_pow(mode ? oracle_add(x[i], rc[i]) : x[i], 7));
        }
    }
}

/* ---- constants ------------------------------------------------------------- */

static void test_constants(void) {
    th_section("constants");
    const json *c = json_get(g_vec, "constants");
    CHECK(c != NULL);
    if (!c) return;
    const json *full = json_get(c, "full"), *part = json_get(c, "partial"), *diag = json_get(c, "diag");
    CHECK(full && full->n == 8 && part && part->n == 16 && diag && diag->n == 16);
    if (!full || full->n != 8 || !part || !diag) return;
    for (size_t r = 0; r < 8; r++)
        for (size_t i = 0; i < 16; i++) CHECK_EQ_U64(zkpi_hemera_rc[16 * r + i], hex64(json_at(json_at(full, r), i)->str));
    for (size_t j = 0; j < 16; j++) CHECK_EQ_U64(zkpi_hemera_rc[128 + j], hex64(json_at(part, j)->str));
    for (size_t i = 0; i < 16; i++) CHECK_EQ_U64(zkpi_hemera_diag[i], hex64(json_at(diag, i)->str));
    const json *pin = json_path(g_vec, "bootstrap_pinned.first_four_constants");
    for (size_t i = 0; i < 4; i++) CHECK_EQ_U64(zkpi_hemera_rc[i], hex64(pin ? json_at(pin, i)->str : NULL));
    for (size_t i = 0; i < 144; i++) CHECK(zkpi_hemera_rc[i] < P);
    /* the profile points at the same tables */
    const hemera_profile *pr = &zkpi_hemera_profile_default;
    CHECK(pr->rf_half == 4 && pr->rp == 16 && pr->partial_inverse == 1);
    CHECK(pr->rc_full == zkpi_hemera_rc && pr->rc_partial == zkpi_hemera_rc + 128 && pr->diag == zkpi_hemera_diag);
    for (int k = 0; k <= 128; k++) CHECK_EQ_U64(oracle_mul(zkpi_gl_inv_pow2[k], oracle_pow(2, (uint64_t)k)), 1);
}

/* ---- permutation vectors ---------------------------------------------------- */

typedef void (*perm_fn)(uint64_t *);

static void check_vectors_with(perm_fn f, const char *what) {
    const json *perm = json_get(g_vec, "permutation");
    CHECK(perm && perm->n >= 7);
    for (size_t k = 0; perm && k < perm->n; k++) {
        uint64_t st[16], want[16];
        load_state(json_get(json_at(perm, k), "input"), st);
        load_state(json_get(json_at(perm, k), "output"), want);
        f(st);
        CHECK_MSG(memcmp(st, want, sizeof st) == 0, "%s: permutation vector %s at level %s", what,
                  json_str(json_at(perm, k), "name"), th_level());
    }
    const json *tr = json_get(g_vec, "permutation_trace");
    const json *steps = json_get(tr, "steps");
    CHECK(steps && steps->n == 25);
    if (steps && steps->n == 25) {
        uint64_t st[16], want[16];
        load_state(json_get(tr, "input"), st);
        f(st);
        load_state(json_get(json_at(steps, 24), "state"), want);
        CHECK_MSG(memcmp(st, want, sizeof st) == 0, "%s: trace output at level %s", what, th_level());
    }
}

static void test_trace(void) {
    th_section("permutation_trace");
    const json *tr = json_get(g_vec, "permutation_trace");
    const json *steps = json_get(tr, "steps");
    CHECK(steps && steps->n == 25);
    if (!steps || steps->n != 25) return;
    uint64_t st[16], trace[25][16];
    load_state(json_get(tr, "input"), st);
    hemera_oracle_permute_trace(st, trace);
    for (size_t t = 0; t < 25; t++) {
        uint64_t want[16];
        load_state(json_get(json_at(steps, t), "state"), want);
        CHECK_MSG(memcmp(trace[t], want, sizeof want) == 0, "oracle trace step %s",
                  json_str(json_at(steps, t), "after"));
    }
    /* the oracle itself on the permutation vectors */
    check_vectors_with(hemera_oracle_permute, "oracle");
}

/* ---- differential: every kernel vs the oracle -------------------------------- */

static void fill_state(uint64_t st[16], uint64_t mode) {
    switch (mode) {
    case 0: memset(st, 0, 128); break;
    case 1: for (int i = 0; i < 16; i++) st[i] = P; break;
    case 2: for (int i = 0; i < 16; i++) st[i] = k_edges[th_rand_below(N_EDGES)]; break;
    case 3: for (int i = 0; i < 16; i++) st[i] = th_rand64(); break;
    case 4: for (int i = 0; i < 16; i++) st[i] = P + th_rand_below(0xFFFFFFFFull); break;
    default: for (int i = 0; i < 16; i++) st[i] = rand_limb(); break;
    }
}

/* Every kernel of the table usable on this machine, fast and constant-time,
 * against the oracle (kernels do not depend on the forced level; the
 * dispatching entry points do, and are checked per level below). */
static void test_differential(void) {
    th_section("permutation differential");
    uint64_t n = th_count(300);
    for (uint64_t t = 0; t < n; t++) {
        uint64_t in[16], want[16], a[16];
        fill_state(in, t < 2 ? t : 2 + th_rand_below(6));
        memcpy(want, in, sizeof in);
        hemera_oracle_permute(want);
        for (unsigned k = 0; k < zkpi_hemera_perm_kernel_count; k++) {
            const hemera_perm_kernel *K = &zkpi_hemera_perm_kernels[k];
            if (!zkpi_kernel_usable(&K->info)) continue;
            memcpy(a, in, sizeof in);
            K->permute(a);
            CHECK_MSG(memcmp(a, want, sizeof a) == 0, "kernel %s permute differs from the oracle (case %llu)",
                      K->info.name, (unsigned long long)t);
            memcpy(a, in, sizeof in);
            K->permute_ct(a);
            CHECK_MSG(memcmp(a, want, sizeof a) == 0, "kernel %s permute_ct differs from the oracle (case %llu)",
                      K->info.name, (unsigned long long)t);
        }
    }
}

/* The public entry points at every CPU level: vectors, random states, and
 * that the dispatcher picked a kernel this level allows. */
static void api_level(void *ctx) {
    (void)ctx;
    check_vectors_with(zkp_hemera_permute, "zkp_hemera_permute");
    check_vectors_with(zkp_hemera_permute_ct, "zkp_hemera_permute_ct");
    /* the two fixed states (kinds 0 and 1), then random ones */
    const uint64_t nstates = 2 + th_count(6);
    for (uint64_t n = 0; n < nstates; n++) {
        uint64_t in[16], want[16], a[16];
        fill_state(in, n < 2 ? n : 5);
        memcpy(want, in, sizeof in);
        hemera_oracle_permute(want);
        memcpy(a, in, sizeof in);
        zkp_hemera_permute(a);
        CHECK(memcmp(a, want, sizeof a) == 0);
        memcpy(a, in, sizeof in);
        zkp_hemera_permute_ct(a);
        CHECK(memcmp(a, want, sizeof a) == 0);
    }
    /* and every kernel this level allows (a few states: the kernels
     * themselves are covered in depth by test_differential) */
    for (unsigned k = 0; k < zkpi_hemera_perm_kernel_count; k++) {
        const hemera_perm_kernel *K = &zkpi_hemera_perm_kernels[k];
        if (!zkpi_kernel_usable(&K->info)) continue;
        const uint64_t nk = th_count(4);
        for (uint64_t n = 0; n < nk; n++) {
            uint64_t in[16], want[16], a[16];
            fill_state(in, 5);
            memcpy(want, in, sizeof in);
            hemera_oracle_permute(want);
            memcpy(a, in, sizeof in);
            K->permute(a);
            CHECK_MSG(memcmp(a, want, sizeof a) == 0, "kernel %s at level %s", K->info.name, th_level());
            memcpy(a, in, sizeof in);
            K->permute_ct(a);
            CHECK_MSG(memcmp(a, want, sizeof a) == 0, "kernel %s (ct) at level %s", K->info.name, th_level());
        }
    }
    const char *name = zkp_hemera_permute_implementation();
    const hemera_perm_kernel *K = zkpi_hemera_perm_kernel_active();
    CHECK(name != NULL && strcmp(name, K->info.name) == 0 && zkpi_kernel_usable(&K->info));
    if (strcmp(th_level(), "portable") == 0) CHECK(strcmp(name, "portable") == 0);
}

static void test_api_levels(void) {
    th_section("permutation entry points per CPU level");
    th_for_each_cpu_level(api_level, NULL);
}

int main(void) {
    th_init("test_hemera");
    char *text = th_read_file(th_vector_path("hemera.json"), NULL);
    g_vec = text ? json_parse(text) : NULL;
    CHECK(g_vec != NULL);
    if (g_vec) {
        test_field();
        test_kernel_ops();
        test_round_pieces();
        test_constants();
        test_trace();
        test_differential();
        test_api_levels();
    }
    json_free(g_vec);
    free(text);
    return th_finish();
}
