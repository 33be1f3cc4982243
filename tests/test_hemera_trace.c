/*
 * Hemera for provers (hemera.h, "prover traces"):
 *  - the traced permutation of every kernel (fast and constant-time) and
 *    of the public entries at every CPU level against the permutation_trace
 *    vectors, and row by row against the definitional oracle's trace
 *    (tests/ref/hemera_oracle.c) on random, edge, non-canonical and
 *    zero-S-box-input states; the last row equals zkp_hemera_permute;
 *  - the witness matrix of every batch kernel, both layouts, for every
 *    n <= 64, lane by lane against the single traced permutation and the
 *    oracle's S-box columns; the public zkp_hemera_trace_batch at every CPU
 *    level, and above the size written with non-temporal stores (aligned
 *    and misaligned matrices); its statuses;
 *  - the step-wise sponge against the sponge_trace vector, and against the
 *    one-shot digests for lengths 0..300 in random steps, every mode, with
 *    each logged step checked (after = permute(before), trace ends in
 *    after, remaining counts down to 0).
 */
#include <stdlib.h>
#include <string.h>

#include "harness.h"
#include "hemera/batch_internal.h"
#include "hemera/kernels.h"
#include "hemera/params.h"
#include "hemera_batch_ref.h"
#include "hemera_oracle.h"
#include "json.h"
#include "zkprim/hemera.h"

#define ROWS ZKP_HEMERA_TRACE_ROWS
#define COLS ZKP_HEMERA_TRACE_COLS

static json *g_vec;

static void load_limbs(const json *arr, uint64_t *st, size_t n) {
    for (size_t i = 0; i < n; i++) {
        const json *e = json_at(arr, i);
        st[i] = e && e->str ? strtoull(e->str, NULL, 16) : 0xdeadbeefdeadbeefull;
    }
}

/* A random input state: edge limbs, non-canonical limbs (>= p), all-p,
 * all-zero, uniform, or a state whose partial round j has S-box input 0. */
static void rand_state(uint64_t st[16], uint64_t t) {
    static const uint64_t edges[] = {0, 1, 2, 0xFFFFFFFFull, 0x100000000ull, ORACLE_P - 1, ORACLE_P, ORACLE_P + 1,
                                     0xFFFFFFFFFFFFFFFFull, 0x8000000000000000ull, 0xFFFFFFFF00000000ull};
    uint64_t kind = t < 3 ? t : th_rand_below(7);
    for (int i = 0; i < 16; i++) {
        switch (kind) {
        case 0: st[i] = 0; break;
        case 1: st[i] = ORACLE_P; break;
        case 2: st[i] = edges[th_rand_below(sizeof edges / sizeof edges[0])]; break;
        case 3: st[i] = ORACLE_P + th_rand_below(0xFFFFFFFFull); break;
        case 4: st[i] = th_rand_edge64(ORACLE_P); break;
        default: st[i] = th_rand64(); break;
        }
    }
    if (kind == 6) {
        uint64_t fill[16];
        for (int i = 0; i < 16; i++) fill[i] = th_rand64() % ORACLE_P;
        ref_input_for_zero_partial(st, (unsigned)th_rand_below(HEMERA_RP), fill, &zkpi_hemera_profile_default);
    }
}

/* The oracle's witness row: 25 states, then the S-box inputs and outputs. */
static void oracle_row(const uint64_t in[16], uint64_t row[COLS]) {
    uint64_t st[16], tr[ROWS][16];
    memcpy(st, in, sizeof st);
    hemera_oracle_permute_trace(st, tr);
    memcpy(row, tr, sizeof tr);
    for (int j = 0; j < HEMERA_RP; j++) {
        uint64_t x = oracle_add(tr[HEMERA_RF_HALF + j][0], zkpi_hemera_rc[2 * HEMERA_RF_HALF * 16 + j]);
        row[HB_TR_SBOX_IN(j)] = x;
        row[HB_TR_SBOX_OUT(j)] = oracle_inv(x);
    }
}

/* ---- traced permutation ---------------------------------------------------- */

typedef void (*traced_fn)(uint64_t st[16], uint64_t tr[ROWS][16]);

static void check_traced_vector(traced_fn f, const char *what) {
    const json *v = json_get(g_vec, "permutation_trace");
    const json *steps = json_get(v, "steps");
    CHECK(steps && steps->n == ROWS);
    if (!steps || steps->n != ROWS) return;
    uint64_t st[16], tr[ROWS][16];
    load_limbs(json_get(v, "input"), st, 16);
    f(st, tr);
    for (size_t t = 0; t < ROWS; t++) {
        uint64_t want[16];
        load_limbs(json_get(json_at(steps, t), "state"), want, 16);
        CHECK_MSG(!memcmp(tr[t], want, sizeof want), "%s at level %s: row %zu (%s)", what, th_level(), t,
                  json_str(json_at(steps, t), "after"));
    }
    CHECK_MSG(!memcmp(st, tr[ROWS - 1], sizeof st), "%s: state != last row", what);
}

static void each_level_vectors(void *ctx) {
    (void)ctx;
    check_traced_vector(zkp_hemera_permute_traced, "zkp_hemera_permute_traced");
    check_traced_vector(zkp_hemera_permute_traced_ct, "zkp_hemera_permute_traced_ct");
}

static void test_traced_vectors(void) {
    th_section("permutation_trace vectors: every kernel, every level");
    for (unsigned k = 0; k < zkpi_hemera_perm_kernel_count; k++) { /* fixed set */
        const hemera_perm_kernel *K = &zkpi_hemera_perm_kernels[k];
        if (!zkpi_kernel_usable(&K->info)) continue;
        check_traced_vector(K->permute_traced, K->info.name);
        check_traced_vector(K->permute_traced_ct, K->info.name);
    }
    th_for_each_cpu_level(each_level_vectors, NULL);
}

/* Every usable kernel, fast and constant-time, against the oracle's rows on
 * n states; 25 rows each (40,000 states: 10^6 rows by default). */
static void test_traced_oracle(void) {
    th_section("traced permutation == oracle, row by row");
    uint64_t n = th_count(40000);
    for (uint64_t t = 0; t < n; t++) {
        uint64_t in[16], want[COLS];
        rand_state(in, t);
        oracle_row(in, want);
        for (unsigned k = 0; k < zkpi_hemera_perm_kernel_count; k++) {
            const hemera_perm_kernel *K = &zkpi_hemera_perm_kernels[k];
            if (!zkpi_kernel_usable(&K->info)) continue;
            uint64_t st[16], st2[16], plain[16], tr[ROWS][16], tr2[ROWS][16];
            memcpy(st, in, sizeof st);
            memcpy(st2, in, sizeof st);
            memcpy(plain, in, sizeof st);
            K->permute_traced(st, tr);
            K->permute_traced_ct(st2, tr2);
            K->permute(plain);
            int ok = !memcmp(tr, want, sizeof tr) && !memcmp(tr2, want, sizeof tr2);
            ok = ok && !memcmp(st, plain, sizeof st) && !memcmp(st2, plain, sizeof st) &&
                 !memcmp(tr[ROWS - 1], plain, sizeof plain);
            CHECK_MSG(ok, "kernel %s: traced rows != oracle (state %llu, first limb 0x%016llx)", K->info.name,
                      (unsigned long long)t, (unsigned long long)in[0]);
            if (!ok) return;
        }
    }
    uint64_t st[16] = {0};
    zkp_hemera_permute_traced(NULL, NULL); /* ignored */
    zkp_hemera_permute_traced(st, NULL);
    zkp_hemera_permute_traced_ct(st, NULL);
    CHECK_MSG(st[0] == 0 && st[15] == 0, "a NULL trace leaves the state alone");
}

/* ---- witness matrices ------------------------------------------------------- */

typedef struct {
    uint64_t (*in)[16];
    uint64_t (*rows)[COLS];
} pool;

static void check_matrix(const pool *p, size_t n, const uint64_t *m, int layout, const char *what) {
    for (size_t l = 0; l < n; l++) {
        int ok = 1;
        for (size_t c = 0; c < COLS && ok; c++) {
            uint64_t got = layout == ZKP_HEMERA_TRACE_ROW_MAJOR ? m[l * COLS + c] : m[c * n + l];
            ok = got == p->rows[l][c];
            if (!ok)
                CHECK_MSG(0, "%s n=%zu layout %d: lane %zu column %zu: 0x%016llx want 0x%016llx", what, n, layout, l,
                          c, (unsigned long long)got, (unsigned long long)p->rows[l][c]);
        }
        if (ok) th_pass();
    }
}

static void each_level_batch(void *ctx) {
    const pool *p = ctx;
    uint64_t *m = malloc(64 * COLS * sizeof *m);
    for (unsigned k = 0; k < zkpi_hb_kernel_count; k++) { /* fixed set */
        const hb_kernel *K = &zkpi_hb_kernels[k];
        if (!zkpi_kernel_usable(&K->info)) continue;
        for (size_t n = 1; n <= 64; n++) /* fixed set */
            for (int layout = 0; layout < 2; layout++) { /* fixed set */
                memset(m, 0xA5, n * COLS * sizeof *m);
                zkpi_hb_trace_with(K, (const uint64_t(*)[16])p->in, n, layout, m);
                check_matrix(p, n, m, layout, K->info.name);
            }
    }
    /* the public entry at this level (the dispatched kernel) */
    for (int layout = 0; layout < 2; layout++) { /* fixed set */
        CHECK_STATUS(zkp_hemera_trace_batch((const uint64_t(*)[16])p->in, 64, (zkp_hemera_trace_layout)layout, m),
                     ZKP_OK);
        check_matrix(p, 64, m, layout, "zkp_hemera_trace_batch");
    }
    free(m);
}

static void test_batch(void) {
    th_section("witness matrices == single traces + oracle S-box columns, n <= 64, every kernel and level");
    pool p;
    p.in = malloc(64 * sizeof *p.in);
    p.rows = malloc(64 * sizeof *p.rows);
    uint64_t rounds = th_count(3);
    if (rounds > 8) rounds = 8; /* each round is 2 x 2080 lanes per kernel and level */
    for (uint64_t r = 0; r < rounds; r++) {
        for (size_t l = 0; l < 64; l++) { /* fixed set */
            rand_state(p.in[l], r == 0 ? l : 3 + l);
            uint64_t st[16], tr[ROWS][16];
            memcpy(st, p.in[l], sizeof st);
            zkp_hemera_permute_traced(st, tr); /* itself checked against the oracle above */
            oracle_row(p.in[l], p.rows[l]);
            CHECK_MSG(!memcmp(tr, p.rows[l], sizeof tr), "single trace != oracle, lane %zu", l);
        }
        th_for_each_cpu_level(each_level_batch, &p);
    }
    uint64_t m[COLS];
    CHECK_STATUS(zkp_hemera_trace_batch(NULL, 0, ZKP_HEMERA_TRACE_ROW_MAJOR, NULL), ZKP_OK);
    CHECK_STATUS(zkp_hemera_trace_batch(NULL, 1, ZKP_HEMERA_TRACE_ROW_MAJOR, m), ZKP_ERR_NULL);
    CHECK_STATUS(zkp_hemera_trace_batch((const uint64_t(*)[16])p.in, 1, ZKP_HEMERA_TRACE_COL_MAJOR, NULL), ZKP_ERR_NULL);
    CHECK_STATUS(zkp_hemera_trace_batch((const uint64_t(*)[16])p.in, 1, (zkp_hemera_trace_layout)2, m), ZKP_ERR_PARAM);
    CHECK_STATUS(zkp_hemera_trace_batch((const uint64_t(*)[16])p.in, SIZE_MAX / 64, ZKP_HEMERA_TRACE_ROW_MAJOR, m),
                 ZKP_ERR_LENGTH);
    free(p.in);
    free(p.rows);
}

/* Matrices of 2 MiB and more are written with non-temporal stores where
 * whole vectors are aligned (batch_internal.h): n above that, a 64-byte
 * aligned matrix and one a word off, both layouts, at every level. */
typedef struct {
    size_t n;
    uint64_t (*in)[16];
    uint64_t *want; /* row-major */
} big;

static void each_level_big(void *ctx) {
    const big *b = ctx;
    size_t words = b->n * COLS;
    uint64_t *buf = aligned_alloc(64, (words + 8) * sizeof *buf);
    for (int off = 0; off < 2; off++) /* fixed set: aligned, one word off */
        for (int layout = 0; layout < 2; layout++) { /* fixed set */
            uint64_t *m = buf + off;
            memset(m, 0x5A, words * sizeof *m);
            CHECK_STATUS(zkp_hemera_trace_batch((const uint64_t(*)[16])b->in, b->n, (zkp_hemera_trace_layout)layout, m),
                         ZKP_OK);
            size_t bad = 0;
            for (size_t l = 0; l < b->n; l++)
                for (size_t c = 0; c < COLS; c++) {
                    uint64_t got = layout == ZKP_HEMERA_TRACE_ROW_MAJOR ? m[l * COLS + c] : m[c * b->n + l];
                    bad += got != b->want[l * COLS + c];
                }
            CHECK_MSG(bad == 0, "large matrix n=%zu layout %d offset %d: %zu wrong entries", b->n, layout, off, bad);
        }
    free(buf);
}

static void test_batch_large(void) {
    th_section("witness matrices above the streaming size, every level");
    big b;
    b.n = 2 * 1024 * 1024 / (COLS * 8) + 1 + (size_t)th_rand_below(100);
    b.in = malloc(b.n * sizeof *b.in);
    b.want = malloc(b.n * COLS * sizeof *b.want);
    for (size_t l = 0; l < b.n; l++) {
        rand_state(b.in[l], 3 + l);
        uint64_t st[16];
        memcpy(st, b.in[l], sizeof st);
        uint64_t *row = b.want + l * COLS;
        zkp_hemera_permute_traced(st, (uint64_t(*)[16])row); /* checked against the oracle above */
        for (int j = 0; j < HEMERA_RP; j++) {
            uint64_t x = oracle_add(row[16 * (HEMERA_RF_HALF + j)], zkpi_hemera_rc[2 * HEMERA_RF_HALF * 16 + j]);
            row[HB_TR_SBOX_IN(j)] = x;
            row[HB_TR_SBOX_OUT(j)] = oracle_inv(x);
        }
    }
    th_for_each_cpu_level(each_level_big, &b);
    free(b.in);
    free(b.want);
}

/* ---- step-wise sponge ------------------------------------------------------- */

static void test_sponge_vector(void) {
    th_section("step sponge: sponge_trace vector");
    const json *v = json_get(g_vec, "sponge_trace");
    CHECK(v != NULL);
    if (!v) return;
    const char *msg = json_str(v, "input_utf8");
    uint64_t want_before[16], want_after[16], before[16], after[16], tr[ROWS][16];
    load_limbs(json_get(v, "state_before"), want_before, 16);
    load_limbs(json_get(v, "state_after"), want_after, 16);
    zkp_hemera_step_sponge sp;
    CHECK_STATUS(zkp_hemera_step_sponge_init_hash(&sp, (const uint8_t *)msg, strlen(msg)), ZKP_OK);
    CHECK_EQ_U64(zkp_hemera_step_sponge_remaining(&sp), 1);
    CHECK_STATUS(zkp_hemera_step_sponge_step(&sp, before, after, tr), ZKP_OK);
    CHECK_EQ_BYTES(before, want_before, sizeof before);
    CHECK_EQ_BYTES(after, want_after, sizeof after);
    CHECK_EQ_BYTES(tr[ROWS - 1], want_after, sizeof after);
    CHECK_EQ_U64(zkp_hemera_step_sponge_remaining(&sp), 0);
    CHECK_STATUS(zkp_hemera_step_sponge_step(&sp, before, after, NULL), ZKP_ERR_STATE);
    uint8_t out[32], want[32];
    CHECK_STATUS(zkp_hemera_step_sponge_finish(&sp, out), ZKP_OK);
    th_unhex(json_str(v, "digest"), want, 32);
    CHECK_EQ_BYTES(out, want, 32);
}

enum { M_HASH, M_KEYED, M_DERIVE, M_NODE, M_COUNT };

/* Steps a sponge a random number of times (every step checked), then
 * finishes it; returns the finish status. */
static zkp_status drive(zkp_hemera_step_sponge *sp, int ct, uint8_t out[32], const char *what, size_t len) {
    uint64_t left = zkp_hemera_step_sponge_remaining(sp);
    uint64_t steps = th_rand_below(left + 2); /* sometimes all, sometimes none */
    for (uint64_t k = 0; k < steps && k < left; k++) {
        uint64_t before[16], after[16], tr[ROWS][16], again[16];
        int traced = (int)th_rand_below(2);
        zkp_status s = zkp_hemera_step_sponge_step(sp, before, after, traced ? tr : NULL);
        CHECK_MSG(s == ZKP_OK, "%s len %zu: step %llu: %s", what, len, (unsigned long long)k, zkp_status_name(s));
        memcpy(again, before, sizeof again);
        if (ct) zkp_hemera_permute_ct(again);
        else zkp_hemera_permute(again);
        CHECK_MSG(!memcmp(again, after, sizeof again), "%s len %zu: after != permute(before)", what, len);
        if (traced) CHECK_MSG(!memcmp(tr[ROWS - 1], after, sizeof after), "%s: trace does not end in after", what);
        CHECK_MSG(zkp_hemera_step_sponge_remaining(sp) == left - k - 1, "%s len %zu: remaining", what, len);
    }
    return zkp_hemera_step_sponge_finish(sp, out);
}

static void test_sponge_oneshot(void) {
    th_section("step sponge == one-shot, lengths 0..300 in random steps, every mode");
    static uint8_t a[300], b[300];
    uint64_t reps = th_count(2);
    if (reps > 8) reps = 8; /* 1204 sponges each */
    for (uint64_t r = 0; r < reps; r++)
        for (size_t len = 0; len <= 300; len++) /* fixed set: every length */
            for (int mode = 0; mode < M_COUNT; mode++) { /* fixed set */
                th_rand_bytes(a, sizeof a);
                th_rand_bytes(b, sizeof b);
                size_t len2 = (size_t)th_rand_below(301);
                zkp_hemera_step_sponge sp;
                uint8_t want[32], got[32];
                int is_root = (int)(len & 1);
                zkp_status s0 = ZKP_OK;
                switch (mode) {
                case M_HASH:
                    CHECK_STATUS(zkp_hemera_hash(a, len, want), ZKP_OK);
                    s0 = zkp_hemera_step_sponge_init_hash(&sp, a, len);
                    break;
                case M_KEYED:
                    CHECK_STATUS(zkp_hemera_keyed_hash(b, a, len, want), ZKP_OK);
                    s0 = zkp_hemera_step_sponge_init_keyed(&sp, b, a, len);
                    break;
                case M_DERIVE: /* context of this length, material random, and the swap */
                    if (r & 1) {
                        CHECK_STATUS(zkp_hemera_derive_key(b, len2, a, len, want), ZKP_OK);
                        s0 = zkp_hemera_step_sponge_init_derive_key(&sp, b, len2, a, len);
                    } else {
                        CHECK_STATUS(zkp_hemera_derive_key(a, len, b, len2, want), ZKP_OK);
                        s0 = zkp_hemera_step_sponge_init_derive_key(&sp, a, len, b, len2);
                    }
                    break;
                default:
                    zkp_hemera_hash_node(a, b, is_root, want);
                    s0 = zkp_hemera_step_sponge_init_node(&sp, a, b, is_root);
                    break;
                }
                CHECK_STATUS(s0, ZKP_OK);
                uint64_t total = zkp_hemera_step_sponge_remaining(&sp);
                uint64_t expect = mode == M_NODE     ? 1
                                  : mode == M_KEYED  ? (len + 32) / 56 + 1
                                  : mode == M_HASH   ? len / 56 + 1
                                  : (r & 1)          ? len2 / 56 + 1 + 1 + len / 56 + 1
                                                     : len / 56 + 1 + 1 + len2 / 56 + 1;
                CHECK_MSG(total == expect, "mode %d len %zu: %llu steps, want %llu", mode, len,
                          (unsigned long long)total, (unsigned long long)expect);
                CHECK_STATUS(drive(&sp, mode == M_KEYED || mode == M_DERIVE, got, "step sponge", len), ZKP_OK);
                CHECK_MSG(!memcmp(got, want, 32), "mode %d len %zu: step sponge digest != one-shot", mode, len);
                CHECK_EQ_U64(zkp_hemera_step_sponge_remaining(&sp), 0);
                /* finishing again gives the same digest */
                CHECK_STATUS(zkp_hemera_step_sponge_finish(&sp, got), ZKP_OK);
                CHECK(!memcmp(got, want, 32));
            }
}

static void test_sponge_misuse(void) {
    th_section("step sponge: NULL, lengths, corrupted state");
    zkp_hemera_step_sponge sp;
    uint8_t k[32] = {0}, out[32];
    uint64_t st[16];
    CHECK_STATUS(zkp_hemera_step_sponge_init_hash(NULL, k, 1), ZKP_ERR_NULL);
    CHECK_STATUS(zkp_hemera_step_sponge_init_hash(&sp, NULL, 1), ZKP_ERR_NULL);
    CHECK_STATUS(zkp_hemera_step_sponge_init_hash(&sp, NULL, 0), ZKP_OK);
    CHECK_STATUS(zkp_hemera_step_sponge_init_hash(&sp, k, SIZE_MAX), ZKP_ERR_LENGTH);
    CHECK_STATUS(zkp_hemera_step_sponge_init_keyed(&sp, NULL, k, 1), ZKP_ERR_NULL);
    CHECK_STATUS(zkp_hemera_step_sponge_init_derive_key(&sp, k, SIZE_MAX, k, 1), ZKP_ERR_LENGTH);
    CHECK_STATUS(zkp_hemera_step_sponge_init_derive_key(&sp, k, 1, NULL, 1), ZKP_ERR_NULL);
    CHECK_STATUS(zkp_hemera_step_sponge_init_node(&sp, k, NULL, 0), ZKP_ERR_NULL);
    CHECK_STATUS(zkp_hemera_step_sponge_init_hash(&sp, k, 32), ZKP_OK);
    CHECK_STATUS(zkp_hemera_step_sponge_step(&sp, NULL, st, NULL), ZKP_ERR_NULL);
    CHECK_STATUS(zkp_hemera_step_sponge_finish(&sp, NULL), ZKP_ERR_NULL);
    zkp_hemera_step_sponge bad = sp;
    bad.flags ^= 0x10000u;
    CHECK_STATUS(zkp_hemera_step_sponge_step(&bad, st, st, NULL), ZKP_ERR_STATE);
    CHECK_EQ_U64(zkp_hemera_step_sponge_remaining(&bad), 0);
    bad = sp;
    bad.pos = 1000;
    CHECK_STATUS(zkp_hemera_step_sponge_finish(&bad, out), ZKP_ERR_STATE);
    bad = sp;
    bad.phase = 77;
    CHECK_STATUS(zkp_hemera_step_sponge_finish(&bad, out), ZKP_ERR_STATE);
    memset(&bad, 0, sizeof bad);
    CHECK_STATUS(zkp_hemera_step_sponge_finish(&bad, out), ZKP_ERR_STATE);
}

int main(void) {
    th_init("hemera_trace");
    char *text = th_read_file(th_vector_path("hemera.json"), NULL);
    g_vec = text ? json_parse(text) : NULL;
    CHECK(g_vec != NULL);
    if (g_vec) {
        test_traced_vectors();
        test_sponge_vector();
    }
    test_traced_oracle();
    test_batch();
    test_batch_large();
    test_sponge_oneshot();
    test_sponge_misuse();
    json_free(g_vec);
    free(text);
    return th_finish();
}
