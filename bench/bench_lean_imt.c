/* LeanIMT over Poseidon (lean_imt.h): a Semaphore group built in one
 * insert_batch (the package's insertMany) of 2^10, 2^14 and 2^20 members,
 * the same 2^14 members inserted one by one, an update and a proof check in
 * a 2^14 group; and @zk-kit/lean-imt 2.2.5 with poseidon-lite 0.3.0 under
 * node as anchor rows of the same run (one op = one whole insertMany). A
 * node insertMany of 2^20 members takes minutes, too long for a bench
 * batch: `node tests/js/lean_imt_bench.js --once 1048576` times it once. */
#include <stdlib.h>
#include <string.h>

#include "bench.h"
#include "node_anchor.h"
#include "zkprim/lean_imt.h"
#include "zkprim/poseidon.h"

#define B ZKP_LEAN_IMT_BYTES

typedef struct {
    size_t n;
    uint8_t *leaves;
    zkp_lean_imt tree; /* built by setup, for update and verify */
    zkp_lean_imt_proof proof;
    uint64_t next;
} li_ctx;

static void li_fresh(void *ctx, uint64_t seed) {
    li_ctx *c = ctx;
    bench_fill(c->leaves, c->n * B, seed);
    for (size_t i = 0; i < c->n; i++) c->leaves[i * B] &= 0x1f; /* < 2^253 < p */
}

static void *li_setup(size_t n) {
    li_ctx *c = calloc(1, sizeof *c);
    if (!c) return bench_unavailable("out of memory");
    c->n = n;
    c->leaves = malloc(n * B);
    if (!c->leaves) {
        free(c);
        return bench_unavailable("out of memory");
    }
    li_fresh(c, 1);
    zkp_lean_imt_init(&c->tree);
    BENCH_CHECK(zkp_lean_imt_insert_batch(&c->tree, c->leaves, n));
    BENCH_CHECK(zkp_lean_imt_tree_proof(&c->tree, n / 3, &c->proof));
    return c;
}

static void li_teardown(void *ctx) {
    li_ctx *c = ctx;
    zkp_lean_imt_free(&c->tree);
    free(c->leaves);
    free(c);
}

static void *li_setup_10(void) { return li_setup((size_t)1 << 10); }
static void *li_setup_14(void) { return li_setup((size_t)1 << 14); }
static void *li_setup_20(void) { return li_setup((size_t)1 << 20); }

/* One op: a fresh group of n members, in one insert_batch or member by
 * member (the package's insert). */
static void build_group(const li_ctx *c, uint64_t iters, int each) {
    for (uint64_t i = 0; i < iters; i++) {
        zkp_lean_imt t;
        uint8_t root[B];
        zkp_lean_imt_init(&t);
        if (each)
            for (size_t k = 0; k < c->n; k++) BENCH_CHECK(zkp_lean_imt_insert(&t, c->leaves + k * B));
        else BENCH_CHECK(zkp_lean_imt_insert_batch(&t, c->leaves, c->n));
        BENCH_CHECK(zkp_lean_imt_tree_root(&t, root));
        bench_sink(root, B);
        zkp_lean_imt_free(&t);
    }
}
static void run_insert_batch(void *ctx, uint64_t iters) { build_group(ctx, iters, 0); }
static void run_insert_each(void *ctx, uint64_t iters) { build_group(ctx, iters, 1); }

/* One op: one member updated (its path rehashed, depth scalar hashes). */
static void run_update(void *ctx, uint64_t iters) {
    li_ctx *c = ctx;
    for (uint64_t i = 0; i < iters; i++) {
        c->next = (c->next + 7919) % c->n;
        BENCH_CHECK(zkp_lean_imt_update(&c->tree, c->next, c->leaves + ((c->next * 31) % c->n) * B));
    }
    uint8_t root[B];
    BENCH_CHECK(zkp_lean_imt_tree_root(&c->tree, root));
    bench_sink(root, B);
}

/* One op: one proof checked (the package's static verifyProof). */
static void run_verify(void *ctx, uint64_t iters) {
    li_ctx *c = ctx;
    for (uint64_t i = 0; i < iters; i++) BENCH_CHECK(zkp_lean_imt_tree_verify(&c->proof));
}

static const char *kname_active(void) { return zkp_poseidon_implementation(); }

/* ---- anchor: @zk-kit/lean-imt + poseidon-lite through node ---------------------------- */

static const node_anchor_spec k_zk_kit = {"lean_imt_bench.js", "@zk-kit/lean-imt", NULL};
static void *anchor_setup_10(void) { return node_anchor_start(&k_zk_kit, "1024"); }
static void *anchor_setup_14(void) { return node_anchor_start(&k_zk_kit, "16384"); }
static const char *kname_zk_kit(void) { return "zk-kit+poseidon-lite"; }

static const bench_case k_cases[] = {
    {"lean-imt/insert-batch/2^10", "tree", 0, li_setup_10, li_fresh, run_insert_batch, li_teardown, kname_active},
    {"lean-imt/insert-batch/2^14", "tree", 0, li_setup_14, li_fresh, run_insert_batch, li_teardown, kname_active},
    {"lean-imt/insert-batch/2^20", "tree", 0, li_setup_20, li_fresh, run_insert_batch, li_teardown, kname_active},
    {"lean-imt/insert-each/2^14", "tree", 0, li_setup_14, li_fresh, run_insert_each, li_teardown, kname_active},
    {"lean-imt/update/2^14", "tree", 0, li_setup_14, NULL, run_update, li_teardown, kname_active},
    {"lean-imt/verify/2^14", "tree", 0, li_setup_14, NULL, run_verify, li_teardown, kname_active},
    {"lean-imt/anchor-zk-kit-poseidon-lite/2^10", "anchor", 0, anchor_setup_10, NULL, node_anchor_run,
     node_anchor_teardown, kname_zk_kit},
    {"lean-imt/anchor-zk-kit-poseidon-lite/2^14", "anchor", 0, anchor_setup_14, NULL, node_anchor_run,
     node_anchor_teardown, kname_zk_kit},
};

const bench_module bench_module_lean_imt = {"lean-imt", k_cases, sizeof k_cases / sizeof k_cases[0]};
