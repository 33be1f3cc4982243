/*
 * OpenZeppelin Merkle trees: a StandardMerkleTree of 2^k (address, uint256)
 * leaves built from scratch (ABI encoding, double Keccak leaf hashes, sort,
 * the sorted-pair levels) plus 1000 getProof-style proofs, per iteration;
 * and the same work by @openzeppelin/merkle-tree 1.0.8 under node as anchor
 * rows of the same run (tests/js/oz_bench.js via node_anchor.c).
 * zkprim starts from binary values (20-byte addresses, 32-byte amounts), the
 * package from the hex / decimal strings its users pass: each as its API
 * takes them.
 */
#include <stdlib.h>
#include <string.h>

#include "bench.h"
#include "node_anchor.h"
#include "zkprim/keccak.h"
#include "zkprim/oz_tree.h"

#define NODE 32
#define PROOFS 1000

typedef struct {
    size_t n;
    uint8_t *addr, *amount, *enc, *leaves, *nodes, *proof;
    const uint8_t **ptrs;
    size_t *lens;
    uint64_t *tidx;
    zkp_oz_abi_type types[2];
} oz_ctx;

static void oz_teardown(void *p) {
    oz_ctx *c = p;
    if (!c) return;
    free(c->addr), free(c->amount), free(c->enc), free(c->leaves), free(c->nodes), free(c->proof);
    free(c->ptrs), free(c->lens), free(c->tidx);
    free(c);
}

static void *oz_setup(size_t log2n) {
    oz_ctx *c = calloc(1, sizeof *c);
    if (!c) return bench_unavailable("out of memory");
    size_t n = c->n = (size_t)1 << log2n;
    c->addr = malloc(20 * n), c->amount = malloc(NODE * n), c->enc = malloc(2 * NODE * n);
    c->leaves = malloc(NODE * n), c->nodes = malloc(NODE * (2 * n - 1)), c->proof = malloc(NODE * 64);
    c->ptrs = malloc(n * sizeof *c->ptrs), c->lens = malloc(n * sizeof *c->lens), c->tidx = malloc(n * sizeof *c->tidx);
    if (!c->addr || !c->amount || !c->enc || !c->leaves || !c->nodes || !c->proof || !c->ptrs || !c->lens || !c->tidx) {
        oz_teardown(c);
        return bench_unavailable("out of memory");
    }
    BENCH_CHECK(zkp_oz_abi_type_parse("address", 7, &c->types[0]));
    BENCH_CHECK(zkp_oz_abi_type_parse("uint256", 7, &c->types[1]));
    return c;
}

static void *oz_setup_14(void) { return oz_setup(14); }
static void *oz_setup_16(void) { return oz_setup(16); }
static void *oz_setup_20(void) { return oz_setup(20); }

static void oz_fresh(void *p, uint64_t seed) {
    oz_ctx *c = p;
    bench_fill(c->addr, 20 * c->n, seed);
    bench_fill(c->amount, NODE * c->n, seed ^ 0x5bd1e995);
}

/* Leaves and the whole tree: what StandardMerkleTree.of does. */
static void build(oz_ctx *c) {
    uint8_t word[NODE] = {0};
    for (size_t i = 0; i < c->n; i++) {
        memcpy(word + 12, c->addr + 20 * i, 20);
        zkp_oz_abi_value v[2] = {{word, NODE}, {c->amount + NODE * i, NODE}};
        size_t len;
        BENCH_CHECK(zkp_oz_abi_encode(c->types, v, 2, c->enc + 2 * NODE * i, 2 * NODE, &len));
        c->ptrs[i] = c->enc + 2 * NODE * i, c->lens[i] = len;
    }
    BENCH_CHECK(zkp_oz_leaf_hash_batch(c->ptrs, c->lens, c->n, c->leaves));
    BENCH_CHECK(zkp_oz_tree_build(c->leaves, c->n, c->nodes, c->tidx));
}

static void run_tree_proofs(void *p, uint64_t iters) {
    oz_ctx *c = p;
    for (uint64_t it = 0; it < iters; it++) {
        build(c);
        for (size_t k = 0; k < PROOFS; k++) {
            size_t depth;
            BENCH_CHECK(zkp_oz_tree_proof(c->nodes, 2 * c->n - 1, c->tidx[(k * 7919) % c->n], c->proof, 64, &depth));
            bench_sink(c->proof, NODE);
        }
        bench_sink(c->nodes, NODE);
        c->amount[(it % c->n) * NODE] ^= 1; /* a different tree each time, as the anchor does */
    }
}

/* The tree alone from ready leaf hashes (sort + levels). */
static void run_tree_only(void *p, uint64_t iters) {
    oz_ctx *c = p;
    for (uint64_t it = 0; it < iters; it++) {
        c->leaves[(it % c->n) * NODE] ^= 1;
        BENCH_CHECK(zkp_oz_tree_build(c->leaves, c->n, c->nodes, c->tidx));
        bench_sink(c->nodes, NODE);
    }
}

static void *leaves_setup_20(void) {
    oz_ctx *c = oz_setup(20);
    if (c == BENCH_SKIP || !c) return c;
    bench_fill(c->leaves, NODE * c->n, 7);
    return c;
}

/* The package needs about 18 s for 2^16 leaves here, so a 2^20 anchor row
 * (at least five timed iterations of several minutes each) is not in the
 * table: docs/oz-tree.md gives a one-off timing of `oz_bench.js 20`. */
static const node_anchor_spec k_oz_js = {"oz_bench.js", "@openzeppelin/merkle-tree", NULL};
static void *anchor_14(void) { return node_anchor_start(&k_oz_js, "14"); }
static void *anchor_16(void) { return node_anchor_start(&k_oz_js, "16"); }

static const char *kname_zkprim(void) { return zkp_keccak_batch_implementation(); }
static const char *kname_oz(void) { return "@openzeppelin/merkle-tree"; }

static const bench_case k_cases[] = {
    {"oz/standard-tree+1000-proofs/2^14", "tree", 0, oz_setup_14, oz_fresh, run_tree_proofs, oz_teardown, kname_zkprim},
    {"oz/standard-tree+1000-proofs/2^16", "tree", 0, oz_setup_16, oz_fresh, run_tree_proofs, oz_teardown, kname_zkprim},
    {"oz/standard-tree+1000-proofs/2^20", "tree", 0, oz_setup_20, oz_fresh, run_tree_proofs, oz_teardown, kname_zkprim},
    {"oz/tree-build-from-leaves/2^20", "tree", 0, leaves_setup_20, NULL, run_tree_only, oz_teardown, kname_zkprim},
    {"oz/anchor-openzeppelin-js/standard-tree+1000-proofs/2^14", "anchor", 0, anchor_14, NULL, node_anchor_run,
     node_anchor_teardown, kname_oz},
    {"oz/anchor-openzeppelin-js/standard-tree+1000-proofs/2^16", "anchor", 0, anchor_16, NULL, node_anchor_run,
     node_anchor_teardown, kname_oz},
};

const bench_module bench_module_oz_tree = {"oz", k_cases, sizeof k_cases / sizeof k_cases[0]};
