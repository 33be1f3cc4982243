/*
 * Hemera for provers: the traced permutation against the plain one (single
 * state, fast and constant-time) and the batched witness matrix against the
 * batched permutation, per permutation, in the same run. Batch rows use
 * 1024 states per call: the matrix (3456 bytes a permutation, 3.5 MB) then
 * leaves the caches like a prover's trace would; the throughput column of
 * the traced rows is the bandwidth of the matrix written.
 */
#include <stdlib.h>

#include "bench.h"
#include "zkprim/hemera.h"

#define NB 1024
#define ROW_BYTES (ZKP_HEMERA_TRACE_COLS * 8.0)

typedef struct tctx {
    uint64_t st[NB][16];
    uint64_t tr[ZKP_HEMERA_TRACE_ROWS][16];
    uint64_t *matrix;
} tctx;

static void *setup(void) {
    tctx *c = calloc(1, sizeof *c);
    if (!c) return NULL;
    c->matrix = malloc((size_t)NB * ZKP_HEMERA_TRACE_COLS * sizeof *c->matrix);
    if (!c->matrix) {
        free(c);
        return NULL;
    }
    return c;
}
static void fresh(void *ctx, uint64_t seed) { bench_fill(((tctx *)ctx)->st, sizeof((tctx *)ctx)->st, seed); }
static void teardown(void *ctx) {
    tctx *c = ctx;
    free(c->matrix);
    free(c);
}
static const char *k_single(void) { return zkp_hemera_permute_implementation(); }
static const char *k_batch(void) { return zkp_hemera_permute_batch_implementation(); }

/* ---- single state: a dependent chain, as in hemera/permute ---------------- */

static void run_permute(void *ctx, uint64_t iters) {
    tctx *c = ctx;
    for (uint64_t i = 0; i < iters; i++) zkp_hemera_permute(c->st[0]);
    bench_sink(c->st[0], 128);
}
static void run_traced(void *ctx, uint64_t iters) {
    tctx *c = ctx;
    for (uint64_t i = 0; i < iters; i++) zkp_hemera_permute_traced(c->st[0], c->tr);
    bench_sink(c->tr, sizeof c->tr);
}
static void run_permute_ct(void *ctx, uint64_t iters) {
    tctx *c = ctx;
    for (uint64_t i = 0; i < iters; i++) zkp_hemera_permute_ct(c->st[0]);
    bench_sink(c->st[0], 128);
}
static void run_traced_ct(void *ctx, uint64_t iters) {
    tctx *c = ctx;
    for (uint64_t i = 0; i < iters; i++) zkp_hemera_permute_traced_ct(c->st[0], c->tr);
    bench_sink(c->tr, sizeof c->tr);
}

/* ---- batches of NB: ops = permutations ------------------------------------- */

#define CHUNK(iters, i) ((size_t)((iters) - (i) < NB ? (iters) - (i) : NB))

static void run_batch(void *ctx, uint64_t iters) {
    tctx *c = ctx;
    for (uint64_t i = 0; i < iters; i += NB) BENCH_CHECK(zkp_hemera_permute_batch(c->st, CHUNK(iters, i)));
    bench_sink(c->st, sizeof c->st);
}

static void run_trace_layout(tctx *c, uint64_t iters, zkp_hemera_trace_layout layout) {
    for (uint64_t i = 0; i < iters; i += NB)
        BENCH_CHECK(zkp_hemera_trace_batch((const uint64_t(*)[16])c->st, CHUNK(iters, i), layout, c->matrix));
    bench_sink(c->matrix, 64);
}
static void run_trace_rows(void *ctx, uint64_t iters) { run_trace_layout(ctx, iters, ZKP_HEMERA_TRACE_ROW_MAJOR); }
static void run_trace_cols(void *ctx, uint64_t iters) { run_trace_layout(ctx, iters, ZKP_HEMERA_TRACE_COL_MAJOR); }

/* The same witness one traced single call per permutation (what the batch
 * path replaces): row-major rows of 25 states, no S-box columns. */
static void run_trace_singles(void *ctx, uint64_t iters) {
    tctx *c = ctx;
    for (uint64_t i = 0; i < iters; i++) {
        uint64_t st[16];
        for (int k = 0; k < 16; k++) st[k] = c->st[i % NB][k];
        zkp_hemera_permute_traced(st, (uint64_t(*)[16])(c->matrix + (i % NB) * ZKP_HEMERA_TRACE_COLS));
    }
    bench_sink(c->matrix, 64);
}

static const bench_case k_cases[] = {
    {"hemera/trace/single/permute", "single", 0, setup, fresh, run_permute, teardown, k_single},
    {"hemera/trace/single/permute_traced", "single", 0, setup, fresh, run_traced, teardown, k_single},
    {"hemera/trace/single/permute_ct", "single", 0, setup, fresh, run_permute_ct, teardown, k_single},
    {"hemera/trace/single/permute_traced_ct", "single", 0, setup, fresh, run_traced_ct, teardown, k_single},
    {"hemera/trace/batch/permute_batch", "batch", 0, setup, fresh, run_batch, teardown, k_batch},
    {"hemera/trace/batch/trace_batch/row-major", "batch", ROW_BYTES, setup, fresh, run_trace_rows, teardown, k_batch},
    {"hemera/trace/batch/trace_batch/col-major", "batch", ROW_BYTES, setup, fresh, run_trace_cols, teardown, k_batch},
    {"hemera/trace/batch/anchor/single-traced-calls", "anchor", 25 * 128.0, setup, fresh, run_trace_singles, teardown,
     k_single},
};

const bench_module bench_module_hemera_trace = {"hemera_trace", k_cases, sizeof k_cases / sizeof k_cases[0]};
