/* Poseidon (BN254, circom) benchmarks: the Montgomery product and square of
 * each kernel (throughput: four independent chains; "-call" through the
 * kernel's function pointer, "-inline" inlined in the kernel's loop), the hash per width
 * through the public API, hash_many of width 3, a Merkle root, and
 * circomlibjs 0.1.7 (WASM, node) and poseidon-lite 0.3.0 (BigInt, node) as
 * anchor rows of the same run. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench.h"
#include "node_anchor.h"
#include "poseidon/internal.h"
#include "zkprim/poseidon.h"

static void make_canonical(zkp_poseidon_fr *x, size_t n, uint64_t seed) {
    bench_fill(x, n * sizeof *x, seed);
    for (size_t i = 0; i < n; i++) x[i].limb[3] &= 0x0fffffffffffffffull; /* < 2^252 < p */
}

/* ---- field products, per kernel --------------------------------------------- */

typedef struct {
    const zkpi_poseidon_ops *ops;
    const char *name;
    zkpi_fr a[4], b;
} fr_ctx;

/* A kernel that cannot run here gives an unavailable row (the bmi2 rows
 * used to time portable under the bmi2 name). */
static void *fr_setup_kernel(const char *want) {
    const zkpi_poseidon_kernel *k = NULL;
    for (size_t i = 0; i < zkpi_poseidon_kernel_count; i++)
        if (strcmp(zkpi_poseidon_kernels[i].info.name, want) == 0) k = &zkpi_poseidon_kernels[i];
    if (!bench_need_kernel(k ? &k->info : NULL)) return BENCH_SKIP;
    fr_ctx *c = calloc(1, sizeof *c);
    c->ops = k->ops;
    c->name = k->info.name;
    return c;
}
static void *fr_setup_portable(void) { return fr_setup_kernel("portable"); }
static void *fr_setup_bmi2(void) { return fr_setup_kernel("bmi2"); }
static const char *kname_portable(void) { return "portable"; }
static const char *kname_bmi2(void) { return "bmi2"; }

static void fr_fresh(void *ctx, uint64_t seed) {
    fr_ctx *c = ctx;
    zkp_poseidon_fr x[5];
    make_canonical(x, 5, seed);
    for (int i = 0; i < 4; i++) memcpy(c->a[i].v, x[i].limb, 32);
    memcpy(c->b.v, x[4].limb, 32);
}

/* One op = one product; four independent chains so the number is throughput. */
static void run_mul(void *ctx, uint64_t iters) {
    fr_ctx *c = ctx;
    for (uint64_t i = 0; i < iters; i += 4) {
        c->ops->mul(&c->a[0], &c->a[0], &c->b);
        c->ops->mul(&c->a[1], &c->a[1], &c->b);
        c->ops->mul(&c->a[2], &c->a[2], &c->b);
        c->ops->mul(&c->a[3], &c->a[3], &c->b);
    }
    bench_sink(c->a, sizeof c->a);
}
static void run_sqr(void *ctx, uint64_t iters) {
    fr_ctx *c = ctx;
    for (uint64_t i = 0; i < iters; i += 4) {
        c->ops->sqr(&c->a[0], &c->a[0]);
        c->ops->sqr(&c->a[1], &c->a[1]);
        c->ops->sqr(&c->a[2], &c->a[2]);
        c->ops->sqr(&c->a[3], &c->a[3]);
    }
    bench_sink(c->a, sizeof c->a);
}

/* The same with the product inlined in the kernel's loop (no call per
 * product): the Montgomery product's own throughput. */
static void run_mul_inline(void *ctx, uint64_t iters) {
    fr_ctx *c = ctx;
#if ZKP_HAVE_BMI2
    if (strcmp(c->name, "bmi2") == 0) zkpi_poseidon_mul_chains_bmi2(c->a, &c->b, iters, 0);
    else
#endif
        zkpi_poseidon_mul_chains_portable(c->a, &c->b, iters, 0);
    bench_sink(c->a, sizeof c->a);
}
static void run_sqr_inline(void *ctx, uint64_t iters) {
    fr_ctx *c = ctx;
#if ZKP_HAVE_BMI2
    if (strcmp(c->name, "bmi2") == 0) zkpi_poseidon_mul_chains_bmi2(c->a, &c->b, iters, 1);
    else
#endif
        zkpi_poseidon_mul_chains_portable(c->a, &c->b, iters, 1);
    bench_sink(c->a, sizeof c->a);
}

/* ---- hashes ----------------------------------------------------------------- */

#define MANY 64

typedef struct {
    size_t n;
    zkp_poseidon_fr in[MANY * 16], out[MANY];
} hash_ctx;

static void *hash_setup(size_t n) {
    hash_ctx *c = calloc(1, sizeof *c);
    c->n = n;
    return c;
}
static void hash_fresh(void *ctx, uint64_t seed) {
    hash_ctx *c = ctx;
    make_canonical(c->in, MANY * c->n, seed);
}
static void run_hash(void *ctx, uint64_t iters) {
    hash_ctx *c = ctx;
    for (uint64_t i = 0; i < iters; i++) {
        BENCH_CHECK(zkp_poseidon_hash(c->in, c->n, &c->out[0]));
        c->in[0] = c->out[0]; /* chain: every hash sees new inputs */
    }
    bench_sink(c->out, sizeof c->out[0]);
}
/* One op = one hash, in groups of up to MANY through hash_many (exactly
 * `iters` hashes: rounding up to whole groups overstated the time per hash
 * by up to 23% for slow widths, whose batches hold few hundred hashes). */
static void run_many(void *ctx, uint64_t iters) {
    hash_ctx *c = ctx;
    for (uint64_t i = 0; i < iters; i += MANY) {
        const size_t m = iters - i < MANY ? (size_t)(iters - i) : MANY;
        BENCH_CHECK(zkp_poseidon_hash_batch(c->in, c->n, m, c->out));
        c->in[0] = c->out[m - 1];
    }
    bench_sink(c->out, sizeof c->out);
}
/* One op = one 2-to-1 node (a 64-leaf tree has 63). */
static void run_merkle(void *ctx, uint64_t iters) {
    hash_ctx *c = ctx;
    zkp_poseidon_fr root;
    /* Exactly iters node hashes: whole 64-leaf trees (63 nodes each), then
     * the remainder as smaller trees (2^k leaves, 2^k - 1 nodes; the
     * 2-leaf tree is one node, so any remainder is reached). */
    for (uint64_t left = iters; left > 0;) {
        size_t leaves = 64;
        while ((uint64_t)leaves - 1 > left) leaves /= 2;
        BENCH_CHECK(zkp_poseidon_tree_root(c->in, leaves, &root));
        c->in[0] = root;
        left -= leaves - 1;
    }
    bench_sink(&root, sizeof root);
}

#define HASH_SETUP(N) \
    static void *hash_setup_##N(void) { return hash_setup(N); }
HASH_SETUP(1) HASH_SETUP(2) HASH_SETUP(4) HASH_SETUP(12) HASH_SETUP(16)

static const char *kname_active(void) { return zkp_poseidon_implementation(); }

/* ---- anchors through node (node_anchor.h): circomlibjs' WASM kernel, and
 * poseidon-lite's BigInt code (the hash @zk-kit/lean-imt users pass, run by
 * the LeanIMT helper) -------------------------------------------------------- */

static const node_anchor_spec k_circomlibjs = {"poseidon_bench.js", "circomlibjs", "ZKPRIM_CIRCOMLIBJS_HELPER"};
static const node_anchor_spec k_poseidon_lite = {"lean_imt_bench.js", "poseidon-lite", NULL};

static const char *kname_node(void) { return "circomlibjs"; }
static const char *kname_lite(void) { return "poseidon-lite"; }

#define NODE_SETUP(N) \
    static void *node_setup_##N(void) { return node_anchor_start(&k_circomlibjs, #N); }
NODE_SETUP(1) NODE_SETUP(2) NODE_SETUP(4) NODE_SETUP(12) NODE_SETUP(16)
static void *lite_setup_t3(void) { return node_anchor_start(&k_poseidon_lite, "t3"); }

static const bench_case k_cases[] = {
    {"poseidon/fr-mul-call/portable", "field", 0, fr_setup_portable, fr_fresh, run_mul, free, kname_portable},
    {"poseidon/fr-mul-call/bmi2", "field", 0, fr_setup_bmi2, fr_fresh, run_mul, free, kname_bmi2},
    {"poseidon/fr-mul-inline/portable", "field", 0, fr_setup_portable, fr_fresh, run_mul_inline, free, kname_portable},
    {"poseidon/fr-mul-inline/bmi2", "field", 0, fr_setup_bmi2, fr_fresh, run_mul_inline, free, kname_bmi2},
    {"poseidon/fr-sqr-call/portable", "field", 0, fr_setup_portable, fr_fresh, run_sqr, free, kname_portable},
    {"poseidon/fr-sqr-call/bmi2", "field", 0, fr_setup_bmi2, fr_fresh, run_sqr, free, kname_bmi2},
    {"poseidon/fr-sqr-inline/portable", "field", 0, fr_setup_portable, fr_fresh, run_sqr_inline, free, kname_portable},
    {"poseidon/fr-sqr-inline/bmi2", "field", 0, fr_setup_bmi2, fr_fresh, run_sqr_inline, free, kname_bmi2},
    {"poseidon/hash/t2", "hash", 0, hash_setup_1, hash_fresh, run_hash, free, kname_active},
    {"poseidon/hash/t3", "hash", 0, hash_setup_2, hash_fresh, run_hash, free, kname_active},
    {"poseidon/hash/t5", "hash", 0, hash_setup_4, hash_fresh, run_hash, free, kname_active},
    {"poseidon/hash/t13", "hash", 0, hash_setup_12, hash_fresh, run_hash, free, kname_active},
    {"poseidon/hash/t17", "hash", 0, hash_setup_16, hash_fresh, run_hash, free, kname_active},
    {"poseidon/hash-many/t3", "hash", 0, hash_setup_2, hash_fresh, run_many, free, kname_active},
    {"poseidon/hash-many/t13", "hash", 0, hash_setup_12, hash_fresh, run_many, free, kname_active},
    {"poseidon/merkle-node/64-leaves", "hash", 0, hash_setup_2, hash_fresh, run_merkle, free, kname_active},
    {"poseidon/anchor-circomlibjs-wasm/t2", "anchor", 0, node_setup_1, NULL, node_anchor_run, node_anchor_teardown, kname_node},
    {"poseidon/anchor-circomlibjs-wasm/t3", "anchor", 0, node_setup_2, NULL, node_anchor_run, node_anchor_teardown, kname_node},
    {"poseidon/anchor-poseidon-lite/t3", "anchor", 0, lite_setup_t3, NULL, node_anchor_run, node_anchor_teardown, kname_lite},
    {"poseidon/anchor-circomlibjs-wasm/t5", "anchor", 0, node_setup_4, NULL, node_anchor_run, node_anchor_teardown, kname_node},
    {"poseidon/anchor-circomlibjs-wasm/t13", "anchor", 0, node_setup_12, NULL, node_anchor_run, node_anchor_teardown, kname_node},
    {"poseidon/anchor-circomlibjs-wasm/t17", "anchor", 0, node_setup_16, NULL, node_anchor_run, node_anchor_teardown, kname_node},
};

const bench_module bench_module_poseidon = {"poseidon", k_cases, sizeof k_cases / sizeof k_cases[0]};
