/*
 * Hemera part 1, permutation layer: the generated round constants against
 * the vectors, the Goldilocks operations (internal gl.h and public
 * goldilocks.h) against a __int128 oracle with every carry/borrow edge limb,
 * the permutation and trace vectors, and a differential test of every
 * permutation kernel (fast and constant-time) at every CPU level against the
 * definitional oracle on random, non-canonical and edge states.
 */
#include <stdlib.h>
#include <string.h>

#include "harness.h"
#include "hemera/gl.h"
#include "hemera/kernels.h"
#include "hemera/params.h"
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
        for (size_t i = 0; i < 16; i++) CHECK_EQ_U64(zkp_hemera_rc[16 * r + i], hex64(json_at(json_at(full, r), i)->str));
    for (size_t j = 0; j < 16; j++) CHECK_EQ_U64(zkp_hemera_rc[128 + j], hex64(json_at(part, j)->str));
    for (size_t i = 0; i < 16; i++) CHECK_EQ_U64(zkp_hemera_diag[i], hex64(json_at(diag, i)->str));
    const json *pin = json_path(g_vec, "bootstrap_pinned.first_four_constants");
    for (size_t i = 0; i < 4; i++) CHECK_EQ_U64(zkp_hemera_rc[i], hex64(pin ? json_at(pin, i)->str : NULL));
    for (size_t i = 0; i < 144; i++) CHECK(zkp_hemera_rc[i] < P);
    /* the profile points at the same tables */
    const hemera_profile *pr = &zkp_hemera_profile_default;
    CHECK(pr->rf_half == 4 && pr->rp == 16 && pr->partial_inverse == 1);
    CHECK(pr->rc_full == zkp_hemera_rc && pr->rc_partial == zkp_hemera_rc + 128 && pr->diag == zkp_hemera_diag);
    for (int k = 0; k <= 128; k++) CHECK_EQ_U64(oracle_mul(zkp_gl_inv_pow2[k], oracle_pow(2, (uint64_t)k)), 1);
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

static uint64_t g_diff_n;

static void diff_level(void *ctx) {
    (void)ctx;
    for (unsigned k = 0; k < zkp_hemera_perm_kernel_count; k++) {
        const hemera_perm_kernel *K = &zkp_hemera_perm_kernels[k];
        if (!zkp_kernel_usable(&K->info)) continue;
        for (uint64_t n = 0; n < g_diff_n; n++) {
            uint64_t in[16], want[16], a[16], b[16];
            fill_state(in, n < 2 ? n : 2 + th_rand_below(6));
            memcpy(want, in, sizeof in);
            hemera_oracle_permute(want);
            memcpy(a, in, sizeof in);
            memcpy(b, in, sizeof in);
            K->permute(a);
            K->permute_ct(b);
            CHECK_MSG(memcmp(a, want, sizeof a) == 0, "kernel %s permute differs from oracle (level %s, case %llu)",
                      K->info.name, th_level(), (unsigned long long)n);
            CHECK_MSG(memcmp(b, want, sizeof b) == 0,
                      "kernel %s permute_ct differs from oracle (level %s, case %llu)", K->info.name, th_level(),
                      (unsigned long long)n);
        }
    }
    /* the public entry points at this level */
    check_vectors_with(zkp_hemera_permute, "zkp_hemera_permute");
    check_vectors_with(zkp_hemera_permute_ct, "zkp_hemera_permute_ct");
    for (uint64_t n = 0; n < 4; n++) {
        uint64_t in[16], want[16], a[16];
        fill_state(in, 5);
        memcpy(want, in, sizeof in);
        hemera_oracle_permute(want);
        memcpy(a, in, sizeof in);
        zkp_hemera_permute(a);
        CHECK(memcmp(a, want, sizeof a) == 0);
        memcpy(a, in, sizeof in);
        zkp_hemera_permute_ct(a);
        CHECK(memcmp(a, want, sizeof a) == 0);
    }
    CHECK(zkp_hemera_permute_implementation() != NULL);
}

static void test_differential(void) {
    th_section("permutation differential");
    g_diff_n = th_count(300);
    th_for_each_cpu_level(diff_level, NULL);
}

int main(void) {
    th_init("test_hemera");
    char *text = th_read_file(th_vector_path("hemera.json"), NULL);
    g_vec = text ? json_parse(text) : NULL;
    CHECK(g_vec != NULL);
    if (g_vec) {
        test_constants();
        test_trace();
        test_differential();
    }
    json_free(g_vec);
    free(text);
    return th_finish();
}
