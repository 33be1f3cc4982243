/*
 * Hemera modes: sponge hash (short and long), keyed hash, a 4 KiB leaf, a
 * node, and whole-tree roots of 1 MiB. Everything runs through the public
 * API with the permutation kernel the dispatcher picks now. A sponge is one
 * serial chain of permutations, so these track zkp_hemera_permute latency:
 * hash of n bytes = floor(n/56) + 1 permutations; a 4 KiB leaf 75; a node 1;
 * a 1 MiB fixed root 256 leaves + 255 nodes.
 */
#include <stdlib.h>

#include "bench.h"
#include "zkprim/hemera.h"

#define BIG (1u << 20)

typedef struct {
    uint8_t *data;   /* BIG bytes */
    uint8_t key[32];
    uint8_t l[32], r[32];
    uint8_t out[32];
} mctx;

static void *setup(void) {
    mctx *m = calloc(1, sizeof *m);
    if (m) m->data = malloc(BIG);
    return m;
}

static void teardown(void *c) {
    mctx *m = c;
    free(m->data);
    free(m);
}

static void fresh(void *c, uint64_t seed) {
    mctx *m = c;
    bench_fill(m->data, BIG, seed);
    bench_fill(m->key, 32, seed + 1);
    bench_fill(m->l, 32, seed + 2);
    bench_fill(m->r, 32, seed + 3);
}

/* Each iteration hashes different bytes (a sliding window) and the result
 * feeds the next input, so nothing is hoisted or overlapped. */
static void run_hash64(void *c, uint64_t iters) {
    mctx *m = c;
    for (uint64_t i = 0; i < iters; i++) {
        uint8_t *p = m->data + (i & 4095) * 64;
        p[0] ^= m->out[0];
        BENCH_CHECK(zkp_hemera_hash(p, 64, m->out));
    }
    bench_sink(m->out, 32);
}

static void run_secret64(void *c, uint64_t iters) {
    mctx *m = c;
    for (uint64_t i = 0; i < iters; i++) {
        uint8_t *p = m->data + (i & 4095) * 64;
        p[0] ^= m->out[0];
        BENCH_CHECK(zkp_hemera_hash_secret(p, 64, m->out));
    }
    bench_sink(m->out, 32);
}

static void run_keyed64(void *c, uint64_t iters) {
    mctx *m = c;
    for (uint64_t i = 0; i < iters; i++) {
        uint8_t *p = m->data + (i & 4095) * 64;
        p[0] ^= m->out[0];
        BENCH_CHECK(zkp_hemera_keyed_hash(m->key, p, 64, m->out));
    }
    bench_sink(m->out, 32);
}

static void run_hash_big(void *c, uint64_t iters) {
    mctx *m = c;
    for (uint64_t i = 0; i < iters; i++) {
        m->data[i & (BIG - 1)] ^= m->out[0];
        BENCH_CHECK(zkp_hemera_hash(m->data, BIG, m->out));
    }
    bench_sink(m->out, 32);
}

/* 64 KiB: the same long-message rate as 1 MiB, in a batch short enough
 * (about 3 ms) to fit between preemptions on a shared machine. */
static void run_hash_64k(void *c, uint64_t iters) {
    mctx *m = c;
    for (uint64_t i = 0; i < iters; i++) {
        uint8_t *p = m->data + (i & 15) * 65536;
        p[0] ^= m->out[0];
        BENCH_CHECK(zkp_hemera_hash(p, 65536, m->out));
    }
    bench_sink(m->out, 32);
}

static void run_root_fixed_64k(void *c, uint64_t iters) {
    mctx *m = c;
    for (uint64_t i = 0; i < iters; i++) {
        uint8_t *p = m->data + (i & 15) * 65536;
        p[0] ^= m->out[0];
        BENCH_CHECK(zkp_hemera_tree_root_fixed(p, 65536, 1, m->out));
    }
    bench_sink(m->out, 32);
}

static void run_leaf4k(void *c, uint64_t iters) {
    mctx *m = c;
    for (uint64_t i = 0; i < iters; i++) {
        uint8_t *p = m->data + (i & 255) * 4096;
        p[0] ^= m->out[0];
        BENCH_CHECK(zkp_hemera_hash_leaf(p, 4096, i, 0, m->out));
    }
    bench_sink(m->out, 32);
}

static void run_node(void *c, uint64_t iters) {
    mctx *m = c;
    for (uint64_t i = 0; i < iters; i++) zkp_hemera_hash_node(m->out, m->r, 0, m->out);
    bench_sink(m->out, 32);
}

static void run_root_fixed(void *c, uint64_t iters) {
    mctx *m = c;
    for (uint64_t i = 0; i < iters; i++) {
        m->data[i & (BIG - 1)] ^= m->out[0];
        BENCH_CHECK(zkp_hemera_tree_root_fixed(m->data, BIG, 1, m->out));
    }
    bench_sink(m->out, 32);
}

static void run_root_cdc(void *c, uint64_t iters) {
    mctx *m = c;
    for (uint64_t i = 0; i < iters; i++) {
        m->data[i & (BIG - 1)] ^= m->out[0];
        BENCH_CHECK(zkp_hemera_tree_root_cdc(m->data, BIG, m->out));
    }
    bench_sink(m->out, 32);
}

#define K zkp_hemera_permute_implementation
static const bench_case k_cases[] = {
    {"hemera/hash/64", "modes", 64, setup, fresh, run_hash64, teardown, K},
    {"hemera/hash/64KiB", "modes", 65536, setup, fresh, run_hash_64k, teardown, K},
    {"hemera/hash/1MiB", "modes", BIG, setup, fresh, run_hash_big, teardown, K},
    {"hemera/hash_secret/64", "modes", 64, setup, fresh, run_secret64, teardown, K},
    {"hemera/keyed_hash/64", "modes", 64, setup, fresh, run_keyed64, teardown, K},
    {"hemera/hash_leaf/4KiB", "tree", 4096, setup, fresh, run_leaf4k, teardown, K},
    {"hemera/hash_node", "tree", 64, setup, fresh, run_node, teardown, K},
    {"hemera/root_fixed/64KiB", "tree", 65536, setup, fresh, run_root_fixed_64k, teardown, K},
    {"hemera/root_fixed/1MiB", "tree", BIG, setup, fresh, run_root_fixed, teardown, K},
    {"hemera/root_cdc/1MiB", "tree", BIG, setup, fresh, run_root_cdc, teardown, K},
};
#undef K

const bench_module bench_module_hemera_modes = {"hemera-modes", k_cases, sizeof k_cases / sizeof k_cases[0]};
