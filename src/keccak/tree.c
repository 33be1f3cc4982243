/*
 * Merkle trees over 32-byte nodes, parent = H(left || right), each level
 * hashed with hash_batch's strided path (64-byte inputs, contiguous: the
 * two children of parent i are nodes 2i and 2i+1 of the level below, so a
 * level is one strided batch). With threads, the tree is cut into T = 2^t
 * subtrees built concurrently (core/parallel.h); the calling thread then
 * hashes the top t levels. The root-only forms are the merge stack's
 * (core/merge_stack.h): the streaming hasher given all the data, or, over
 * leaf digests, aligned parts on the threads merged on a stack.
 */
#include <string.h>

#include "core/parallel.h"
#include "keccak/many_internal.h"
#include "keccak/tree_internal.h"

/* -DZKP_FREESTANDING=ON: no threads (every job runs on the caller); the
 * root-only forms are left out. */

#define NODE 32

static int tree_params(zkp_keccak_alg alg, keccak_params *p) {
    if (alg != ZKP_KECCAK_256 && alg != ZKP_SHA3_256) return 0;
    return keccak_params_of(alg, p);
}

/* Largest power of two <= min(threads, n / 2), at least 1. Subtrees below
 * 2^12 leaves are not worth a thread. */
static size_t thread_count(unsigned threads, size_t n) {
    size_t t = 1;
    while (t * 2 <= threads && t * 2 <= n / 2 && n / (t * 2) >= 4096) t *= 2;
    return t;
}

typedef struct job {
    const keccak_params *p;
    /* the full node array: level 0 slice at nodes + 32*first, count leaves */
    uint8_t *nodes;
    size_t n, first, count;
} job;

/* Every level of the subtree of `count` leaves starting at `first`. */
static void build_slice(const job *j) {
    size_t level = 0, width = j->n, first = j->first, count = j->count;
    uint8_t *lvl = j->nodes;
    while (count > 1) {
        uint8_t *next = lvl + NODE * width;
        zkpi_keccak_many_stride(j->p, lvl + NODE * first, 2 * NODE, 2 * NODE, count / 2, next + NODE * (first / 2), NODE);
        lvl = next;
        width /= 2, first /= 2, count /= 2, level++;
    }
}

static void build_task(void *jobs, size_t i) { build_slice((const job *)jobs + i); }

/* n leaves: ZKP_ERR_COUNT unless a power of two; ZKP_ERR_LENGTH when the
 * node array (2n - 1 nodes) could not be an object. */
static zkp_status check_leaves(size_t n) {
    if (!zkpi_is_pow2(n)) return ZKP_ERR_COUNT;
    if (!zkpi_array_ok(n, 2 * NODE)) return ZKP_ERR_LENGTH;
    return ZKP_OK;
}

zkp_status zkp_keccak_tree_build(zkp_keccak_alg alg, const uint8_t *leaves, size_t n, unsigned threads,
                                 uint8_t *nodes) {
    keccak_params p;
    if (!tree_params(alg, &p)) return ZKP_ERR_PARAM;
    if (!leaves || !nodes) return ZKP_ERR_NULL;
    zkp_status st = check_leaves(n);
    if (st != ZKP_OK) return st;
    if (nodes != leaves) memmove(nodes, leaves, NODE * n);
    size_t t = thread_count(zkpi_threads_clamp(threads), n);
    job jobs[ZKPI_MAX_THREADS];
    for (size_t i = 0; i < t; i++) jobs[i] = (job){.p = &p, .nodes = nodes, .n = n, .first = i * (n / t), .count = n / t};
    zkpi_parallel_run(t, (unsigned)t, build_task, jobs);
    /* top levels above the t subtree roots */
    uint8_t *lvl = nodes;
    size_t width = n;
    while (width > t) lvl += NODE * width, width /= 2;
    for (; width > 1; width /= 2) {
        zkpi_keccak_many_stride(&p, lvl, 2 * NODE, 2 * NODE, width / 2, lvl + NODE * width, NODE);
        lvl += NODE * width;
    }
    return ZKP_OK;
}

#if !ZKP_FREESTANDING
/* One-shot roots: the merge stack's engine (core/merge_stack.h) given all
 * the leaves, cut into thread_count aligned parts. */
zkp_status zkp_keccak_tree_root(zkp_keccak_alg alg, const uint8_t *leaves, size_t n, unsigned threads,
                                uint8_t root[32]) {
    keccak_params p;
    if (!tree_params(alg, &p)) return ZKP_ERR_PARAM;
    if (!leaves || !root) return ZKP_ERR_NULL;
    zkp_status st = check_leaves(n);
    if (st != ZKP_OK) return st;
    (void)p;
    zkpi_tree_shape t = zkpi_keccak_shape(alg, NODE, 1);
    return zkpi_stack_root_perfect(&t, leaves, n, thread_count(zkpi_threads_clamp(threads), n), threads, root);
}

zkp_status zkp_keccak_tree_root_data(zkp_keccak_alg alg, const uint8_t *data, size_t leaf_size, size_t n,
                                     unsigned threads, uint8_t root[32]) {
    keccak_params p;
    if (!tree_params(alg, &p)) return ZKP_ERR_PARAM;
    if (!root || (!data && leaf_size)) return ZKP_ERR_NULL;
    zkp_status st = check_leaves(n);
    if (st != ZKP_OK) return st;
    if (!zkpi_array_ok(n, leaf_size)) return ZKP_ERR_LENGTH;
    (void)p;
    if (leaf_size == 0) { /* n empty leaves: each level is one node repeated */
        st = zkp_keccak_hash(alg, NULL, 0, root, NODE);
        zkpi_node_fn node = zkpi_keccak_shape(alg, 1, 0).node;
        for (size_t m = n; st == ZKP_OK && m > 1; m /= 2) node(root, root, 0, root);
        return st;
    }
    /* the streaming hasher given all the input */
    zkp_keccak_tree_hasher h;
    st = zkp_keccak_tree_hasher_init_threads(&h, alg, leaf_size, threads);
    if (st == ZKP_OK) st = zkp_keccak_tree_hasher_update(&h, data, n * leaf_size);
    if (st == ZKP_OK) st = zkp_keccak_tree_hasher_finalize(&h, root);
    return st;
}

#endif /* !ZKP_FREESTANDING */

zkp_status zkp_keccak_tree_build_data(zkp_keccak_alg alg, const uint8_t *data, size_t len, size_t leaf_size,
                                      unsigned threads, uint8_t *nodes, size_t n) {
    keccak_params p;
    if (!tree_params(alg, &p)) return ZKP_ERR_PARAM;
    if (!nodes || (!data && len)) return ZKP_ERR_NULL;
    if (leaf_size == 0 || !zkpi_bytes_ok(len)) return ZKP_ERR_LENGTH;
    uint64_t leaves = zkpi_units_of(len, leaf_size);
    zkp_status st = check_leaves(n);
    if (st != ZKP_OK) return st;
    if (zkpi_pow2_ceil(leaves) != n) return ZKP_ERR_COUNT;
    size_t whole = len / leaf_size, tail = len - whole * leaf_size;
    zkpi_keccak_many_stride(&p, data, leaf_size, leaf_size, whole, nodes, NODE);
    if (tail || len == 0) st = zkp_keccak_hash(alg, len ? data + whole * leaf_size : NULL, tail, nodes + NODE * whole, NODE);
    if (st != ZKP_OK) return st;
    memset(nodes + NODE * leaves, 0, NODE * (n - (size_t)leaves)); /* the zero-node padding */
    return zkp_keccak_tree_build(alg, nodes, n, threads, nodes);
}

zkp_status zkp_keccak_tree_proof(const uint8_t *nodes, size_t n, uint64_t index, uint8_t *proof) {
    if (!nodes) return ZKP_ERR_NULL;
    zkp_status st = check_leaves(n);
    if (st != ZKP_OK) return st;
    if (index >= n) return ZKP_ERR_RANGE;
    if (n > 1 && !proof) return ZKP_ERR_NULL;
    const uint8_t *lvl = nodes;
    size_t i = (size_t)index;
    for (size_t width = n, d = 0; width > 1; width /= 2, d++, i /= 2) {
        memcpy(proof + NODE * d, lvl + NODE * (i ^ 1), NODE);
        lvl += NODE * width;
    }
    return ZKP_OK;
}

zkp_status zkp_keccak_tree_verify(zkp_keccak_alg alg, const uint8_t root[32], const uint8_t leaf[32], uint64_t index,
                                  const uint8_t *proof, size_t depth) {
    if (alg != ZKP_KECCAK_256 && alg != ZKP_SHA3_256) return ZKP_ERR_PARAM;
    if (!root || !leaf || (depth && !proof)) return ZKP_ERR_NULL;
    if (depth > 64) return ZKP_ERR_PROOF_SHAPE;  /* more siblings than a 64-bit index can address */
    if (depth < 64 && index >> depth) return ZKP_ERR_RANGE;
    void (*h)(const uint8_t *, const uint8_t *, uint8_t *) =
        alg == ZKP_KECCAK_256 ? zkp_keccak256_pair : zkp_sha3_256_pair;
    uint8_t cur[NODE];
    memcpy(cur, leaf, NODE);
    for (size_t d = 0; d < depth; d++, index >>= 1) {
        if (index & 1) h(proof + NODE * d, cur, cur);
        else h(cur, proof + NODE * d, cur);
    }
    unsigned diff = 0;
    for (int i = 0; i < NODE; i++) diff |= cur[i] ^ root[i];
    return diff ? ZKP_ERR_VERIFY : ZKP_OK;
}
