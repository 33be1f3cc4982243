/*
 * Hemera batch benchmarks: batched permutation (per permutation, per
 * kernel), the per-phase split, the alternative-profile costing case,
 * hash_node_batch (per node), hash_leaf_batch of 144-byte leaves (per leaf)
 * and the fixed-4K root of 1 MiB with one and two threads.
 */
#include <stdlib.h>
#include <string.h>

#include "bench.h"
#include "hemera/batch_internal.h"
#include "hemera/modes.h"
#include "hemera_profile_x7.h"
#include "zkprim/hemera.h"

#define NSTATES 64
/* exactly `iters` operations: full calls of `per`, then the remainder */
#define CHUNK_OF(iters, i, per) ((size_t)((iters) - (i) < (per) ? (iters) - (i) : (per)))

typedef struct pctx {
    uint64_t st[NSTATES][16];
    hb_profile_storage alt;
} pctx;

static void *setup_perm(void) {
    pctx *c = calloc(1, sizeof *c);
    if (c) hb_profile_x7_placeholder(&c->alt);
    return c;
}
static void fresh_perm(void *ctx, uint64_t seed) {
    pctx *c = ctx;
    bench_fill(c->st, sizeof c->st, seed);
}
static void teardown(void *ctx) { free(ctx); }

/* ops = permutations; groups of 16 (the batch width every kernel takes). */
static void run_public(void *ctx, uint64_t iters) {
    pctx *c = ctx;
    for (uint64_t i = 0; i < iters; i += NSTATES)
        BENCH_CHECK(zkp_hemera_permute_batch(c->st, CHUNK_OF(iters, i, NSTATES)));
    bench_sink(c->st, sizeof c->st);
}

/* In-run anchor: the same permutations one at a time through the
 * single-state kernel (the Rust crate is not available here). */
static void run_single(void *ctx, uint64_t iters) {
    pctx *c = ctx;
    for (uint64_t i = 0; i < iters; i++) zkp_hemera_permute(c->st[i % NSTATES]);
    bench_sink(c->st, sizeof c->st);
}
static const char *k_single(void) { return zkp_hemera_permute_implementation(); }

/* The batch kernel of that name, or NULL when the build has none. */
static const hb_kernel *kernel_named(const char *name) {
    for (unsigned i = 0; i < zkpi_hb_kernel_count; i++)
        if (!strcmp(zkpi_hb_kernels[i].info.name, name)) return &zkpi_hb_kernels[i];
    return NULL;
}

#define KERNEL_CASE(tag)                                                                         \
    static void run_k_##tag(void *ctx, uint64_t iters) {                                         \
        pctx *c = ctx;                                                                           \
        const hb_kernel *k = kernel_named(#tag);                                                 \
        for (uint64_t i = 0; i < iters; i += NSTATES)                                            \
            zkpi_hb_permute_with(k, c->st, CHUNK_OF(iters, i, NSTATES), &zkpi_hemera_profile_default);   \
        bench_sink(c->st, sizeof c->st);                                                         \
    }                                                                                            \
    /* a kernel that cannot run here gives an unavailable row, not portable's time */          \
    static void *setup_k_##tag(void) {                                                           \
        const hb_kernel *k = kernel_named(#tag);                                                 \
        return bench_need_kernel(k ? &k->info : NULL) ? setup_perm() : BENCH_SKIP;               \
    }                                                                                            \
    static const char *name_k_##tag(void) { return #tag; }
KERNEL_CASE(portable)
KERNEL_CASE(avx2)
KERNEL_CASE(avx512)

static void run_alt(void *ctx, uint64_t iters) {
    pctx *c = ctx;
    for (uint64_t i = 0; i < iters; i += NSTATES)
        zkpi_hb_permute_with(zkpi_hb_kernel_active(), c->st, CHUNK_OF(iters, i, NSTATES), &c->alt.pr);
    bench_sink(c->st, sizeof c->st);
}

/* Per-phase split (the active kernel, 16 lanes, per permutation): the
 * full-round S-boxes, the partial rounds (S-box + M_I), the M_E layers. */
#define PHASE_CASE(w)                                                                            \
    static void run_phase_##w(void *ctx, uint64_t iters) {                                       \
        pctx *c = ctx;                                                                           \
        for (uint64_t i = 0; i < iters; i += 16) zkpi_hb_kernel_active()->phase(&c->st[0][0], w, &zkpi_hemera_profile_default); \
        bench_sink(c->st, sizeof c->st);                                                         \
    }
PHASE_CASE(0)
PHASE_CASE(1)
PHASE_CASE(2)

/* hash_node_batch: ops = nodes (a level of 256 pairs per call). */
#define NODES 256
typedef struct nctx {
    uint8_t pairs[NODES][64];
    uint8_t out[NODES][32];
} nctx;
static void *setup_node(void) { return calloc(1, sizeof(nctx)); }
static void fresh_node(void *ctx, uint64_t seed) {
    nctx *c = ctx;
    bench_fill(c->pairs, sizeof c->pairs, seed);
}
static void run_node(void *ctx, uint64_t iters) {
    nctx *c = ctx;
    for (uint64_t i = 0; i < iters; i += NODES)
        BENCH_CHECK(zkp_hemera_hash_node_batch((const uint8_t(*)[64])c->pairs, CHUNK_OF(iters, i, NODES), 0, c->out));
    bench_sink(c->out, sizeof c->out);
}

/* hash_leaf_batch of 144-byte leaves: ops = leaves (64 per call). */
#define LEAVES 64
typedef struct lctx {
    uint8_t data[LEAVES][144];
    const uint8_t *ptr[LEAVES];
    size_t lens[LEAVES];
    uint64_t ctr[LEAVES];
    uint8_t out[LEAVES][32];
} lctx;
static void *setup_leaf(void) {
    lctx *c = calloc(1, sizeof *c);
    if (!c) return NULL;
    for (unsigned i = 0; i < LEAVES; i++) {
        c->ptr[i] = c->data[i];
        c->lens[i] = 144;
        c->ctr[i] = i;
    }
    return c;
}
static void fresh_leaf(void *ctx, uint64_t seed) {
    lctx *c = ctx;
    bench_fill(c->data, sizeof c->data, seed);
}
static void run_leaf(void *ctx, uint64_t iters) {
    lctx *c = ctx;
    for (uint64_t i = 0; i < iters; i += LEAVES)
        BENCH_CHECK(zkp_hemera_hash_leaf_batch(c->ptr, c->lens, c->ctr, CHUNK_OF(iters, i, LEAVES), 0, c->out));
    bench_sink(c->out, sizeof c->out);
}

/* fixed-4K root of 1 MiB through zkp_hemera_tree_root_fixed with 1 and 2
 * threads (the merge stack; with 2, aligned parts on the threads; the rows
 * kept their names from the level-by-level path they replaced, so bench
 * compare pairs them): ops = roots (throughput in MB/s). */
#define TREE_BYTES (1u << 20)
static void *setup_tree(void) { return malloc(TREE_BYTES); }
static void fresh_tree(void *ctx, uint64_t seed) { bench_fill(ctx, TREE_BYTES, seed); }
static void run_tree_n(void *ctx, uint64_t iters, unsigned threads) {
    uint8_t out[32];
    for (uint64_t i = 0; i < iters; i++) {
        BENCH_CHECK(zkp_hemera_tree_root_fixed(ctx, TREE_BYTES, threads, out));
        bench_sink(out, 32);
    }
}
static void run_tree1(void *ctx, uint64_t iters) { run_tree_n(ctx, iters, 1); }
static void run_tree2(void *ctx, uint64_t iters) { run_tree_n(ctx, iters, 2); }

static const char *k_public(void) { return zkp_hemera_permute_batch_implementation(); }

static const bench_case k_cases[] = {
    {"hemera/batch/permute", "batch", 0, setup_perm, fresh_perm, run_public, teardown, k_public},
    {"hemera/batch/anchor/single-permute", "anchor", 0, setup_perm, fresh_perm, run_single, teardown, k_single},
    {"hemera/batch/permute/kernel-portable", "kernel", 0, setup_k_portable, fresh_perm, run_k_portable, teardown, name_k_portable},
    {"hemera/batch/permute/kernel-avx2", "kernel", 0, setup_k_avx2, fresh_perm, run_k_avx2, teardown, name_k_avx2},
    {"hemera/batch/permute/kernel-avx512", "kernel", 0, setup_k_avx512, fresh_perm, run_k_avx512, teardown, name_k_avx512},
    {"hemera/batch/phase/full-sbox", "phase", 0, setup_perm, fresh_perm, run_phase_0, teardown, k_public},
    {"hemera/batch/phase/partial-rounds", "phase", 0, setup_perm, fresh_perm, run_phase_1, teardown, k_public},
    {"hemera/batch/phase/linear-M_E", "phase", 0, setup_perm, fresh_perm, run_phase_2, teardown, k_public},
    {"hemera/batch/hash_node_batch", "batch", 0, setup_node, fresh_node, run_node, teardown, k_public},
    {"hemera/batch/hash_leaf_batch/144", "batch", 0, setup_leaf, fresh_leaf, run_leaf, teardown, k_public},
    {"hemera/batch/root_fixed/1MiB/threads-1", "tree", TREE_BYTES, setup_tree, fresh_tree, run_tree1, teardown, k_public},
    {"hemera/batch/root_fixed/1MiB/threads-2", "tree", TREE_BYTES, setup_tree, fresh_tree, run_tree2, teardown, k_public},
    {"hemera/batch/profile-x7-6+6-48 (placeholder constants, cost only)", "profile", 0, setup_perm, fresh_perm, run_alt,
     teardown, k_public},
};

const bench_module bench_module_hemera_batch = {"hemera_batch", k_cases, sizeof k_cases / sizeof k_cases[0]};
