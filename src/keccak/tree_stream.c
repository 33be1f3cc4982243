/*
 * Streaming leaf-data trees (keccak.h, docs/streaming.md): the
 * zkp_keccak_tree_hasher and the subtree merge.
 *
 * The tree is perfect after padding with zero nodes, so an aligned block of
 * 2^k leaves is a node whatever follows: leaf roots are merged as soon as a
 * sibling completes (a binary counter of subtree roots, one per set bit of
 * the leaf count), and only the fold at the end pads the right edge with
 * the roots of all-zero subtrees. Leaves are hashed lane-parallel with
 * hash_batch: straight from the caller's memory for long updates, from the
 * 4 KiB buffer for short ones (leaves of at most 4 KiB), or one at a time
 * through a streaming sponge for leaves longer than the buffer.
 *
 * With threads (zkp_keccak_tree_hasher_init_threads), long updates are
 * hashed in rounds: each task roots an aligned block of BLOCK_BYTES or more
 * (a node of the tree whatever follows), the tasks of a round run on the
 * threads (core/parallel.h), and the calling thread pushes their roots in
 * order. Only the leaves before an update's first block boundary and after
 * its last one are hashed on the calling thread alone.
 *
 * Any leaf size >= 1 is taken: no stream reaches 2^64 bytes, so a leaf size
 * above the data's length is one leaf (the root is H(data)).
 */
#include <string.h>

#include "core/parallel.h"
#include "core/util.h"
#include "keccak/tree_internal.h"

#define NODE 32
#define BUF ZKP_KECCAK_TREE_HASHER_BUF
#define GROUP 64          /* leaves per hash_batch call */
#define KT_MAGIC 0x4b540000u /* "KT" */
#define BLOCK_BYTES ((uint64_t)256 << 10) /* a task's block: at least this, and at least GROUP leaves */
#define ROUND_TASKS 4                     /* tasks per thread in a round */

static void keccak256_node(const uint8_t l[32], const uint8_t r[32], int is_root, uint8_t out[32]) {
    (void)is_root;
    zkp_keccak256_pair(l, r, out);
}

static void sha3_256_node(const uint8_t l[32], const uint8_t r[32], int is_root, uint8_t out[32]) {
    (void)is_root;
    zkp_sha3_256_pair(l, r, out);
}

static zkpi_node_fn node_of(uint32_t alg) { return alg == ZKP_KECCAK_256 ? keccak256_node : sha3_256_node; }

/* Bytes of whole leaves the buffer takes before they are hashed (0: leaves
 * longer than the buffer go through the streaming sponge). */
static size_t buf_cap(uint64_t leaf_size) { return leaf_size <= BUF ? (size_t)(BUF / leaf_size * leaf_size) : 0; }

static int kt_valid(const zkp_keccak_tree_hasher *h) {
    if (h->flags != KT_MAGIC || (h->alg != ZKP_KECCAK_256 && h->alg != ZKP_SHA3_256)) return 0;
    if (h->leaf_size == 0 || h->threads > ZKPI_MAX_THREADS || h->depth > 64 ||
        (int)h->depth != zkpi_stack_depth_of(h->leaves))
        return 0;
    size_t cap = buf_cap(h->leaf_size);
    if (cap ? h->fill >= cap : h->fill >= h->leaf_size) return 0;
    return h->total >= h->fill && h->leaves == (h->total - h->fill) / h->leaf_size &&
           (h->total - h->fill) % h->leaf_size == 0;
}

zkp_status zkp_keccak_tree_hasher_init_threads(zkp_keccak_tree_hasher *h, zkp_keccak_alg alg, size_t leaf_size,
                                               unsigned threads) {
    if (!h) return ZKP_ERR_NULL;
    h->flags = 0;
    if (alg != ZKP_KECCAK_256 && alg != ZKP_SHA3_256) return ZKP_ERR_PARAM;
    if (leaf_size == 0) return ZKP_ERR_LENGTH;
    h->leaves = 0;
    h->leaf_size = leaf_size;
    h->total = 0;
    h->fill = 0;
    h->depth = 0;
    h->threads = zkpi_threads_clamp(threads);
    h->alg = (uint32_t)alg;
    h->flags = KT_MAGIC;
    return ZKP_OK;
}

zkp_status zkp_keccak_tree_hasher_init(zkp_keccak_tree_hasher *h, zkp_keccak_alg alg, size_t leaf_size) {
    return zkp_keccak_tree_hasher_init_threads(h, alg, leaf_size, 1);
}

/* ---- the table of the merge stack (core/merge_stack.h) ------------------- */

static zkp_status leaf_batch(const zkpi_tree_shape *t, const uint8_t *p, size_t len, uint64_t first, size_t m,
                             uint8_t (*out)[NODE]) {
    (void)first;
    const size_t ls = (size_t)t->leaf_size, whole = len / ls < m ? len / ls : m;
    zkp_status st = zkp_keccak_hash_batch((zkp_keccak_alg)t->alg, p, ls, ls, whole, &out[0][0], NODE);
    if (st == ZKP_OK && whole < m) /* a short last leaf */
        st = zkp_keccak_hash((zkp_keccak_alg)t->alg, p + whole * ls, len - whole * ls, out[whole], NODE);
    return st;
}

/* The leaves are the tree's level 0 already (zkp_keccak_tree_root). */
static zkp_status leaf_copy(const zkpi_tree_shape *t, const uint8_t *p, size_t len, uint64_t first, size_t m,
                            uint8_t (*out)[NODE]) {
    (void)t, (void)len, (void)first;
    memcpy(out, p, m * NODE);
    return ZKP_OK;
}

static zkp_status node_batch(const zkpi_tree_shape *t, uint8_t (*cv)[NODE], size_t n) {
    return zkp_keccak_hash_batch((zkp_keccak_alg)t->alg, &cv[0][0], 2 * NODE, 2 * NODE, n, &cv[0][0], NODE);
}

/* The Keccak tree: zero-padded, any leaf size >= 1. */
zkpi_tree_shape zkpi_keccak_shape(zkp_keccak_alg alg, uint64_t leaf_size, int hashed_leaves) {
    zkpi_tree_shape t = {hashed_leaves ? leaf_copy : leaf_batch, node_batch, node_of((uint32_t)alg), leaf_size, 1,
                         (int)alg};
    return t;
}

static zkp_status push_leaves(uint8_t (*stack)[NODE], uint32_t *depth, uint64_t *leaves, uint32_t alg,
                              size_t leaf_size, const uint8_t *p, size_t m) {
    zkpi_tree_shape t = zkpi_keccak_shape((zkp_keccak_alg)alg, leaf_size, 0);
    return zkpi_stack_push_leaves(stack, depth, leaves, p, m, &t);
}

/* ---- threaded rounds ------------------------------------------------------- */

/* Leaves of a task's block: a power of two >= GROUP (an aligned group
 * hashes level by level in place) covering BLOCK_BYTES, at most 2^20. */
static uint64_t block_leaves(uint64_t leaf_size) {
    uint64_t b = GROUP;
    while (b < ((uint64_t)1 << 20) && leaf_size < BLOCK_BYTES / b) b *= 2;
    return b;
}

/* m whole leaves at p: on the hasher's threads in rounds of aligned blocks,
 * the rest on the calling thread. */
static zkp_status consume(zkp_keccak_tree_hasher *h, const uint8_t *p, size_t m) {
    const size_t ls = (size_t)h->leaf_size;
    const uint64_t b = block_leaves(h->leaf_size);
    while (h->threads > 1 && m >= 2 * b) {
        size_t to_aligned = (size_t)((b - (h->leaves & (b - 1))) & (b - 1));
        if (to_aligned) { /* on this thread up to the next block boundary */
            zkp_status st = push_leaves(h->stack, &h->depth, &h->leaves, h->alg, ls, p, to_aligned);
            if (st != ZKP_OK) return st;
            p += to_aligned * ls;
            m -= to_aligned;
            continue;
        }
        size_t u = (size_t)(m / b), cap = (size_t)h->threads * ROUND_TASKS;
        if (u > cap) u = cap;
        uint8_t cv[ZKPI_MAX_THREADS * ROUND_TASKS][NODE];
        zkpi_tree_shape t = zkpi_keccak_shape((zkp_keccak_alg)h->alg, ls, 0);
        zkp_status st = zkpi_stack_part_roots(&t, p, h->leaves, (size_t)b, u, h->threads, cv);
        unsigned level = 0;
        while (((uint64_t)1 << level) < b) level++;
        for (size_t i = 0; st == ZKP_OK && i < u; i++) zkpi_stack_push(h->stack, &h->depth, &h->leaves, cv[i], level, t.node);
        if (st != ZKP_OK) return st;
        p += u * b * ls;
        m -= u * (size_t)b;
    }
    return push_leaves(h->stack, &h->depth, &h->leaves, h->alg, ls, p, m);
}

zkp_status zkp_keccak_tree_hasher_update(zkp_keccak_tree_hasher *h, const uint8_t *data, size_t len) {
    if (!h || (!data && len)) return ZKP_ERR_NULL;
    if (!zkpi_bytes_ok(len)) return ZKP_ERR_LENGTH;
    if (!kt_valid(h)) return ZKP_ERR_STATE;
    if (len > UINT64_MAX - h->total) return ZKP_ERR_LENGTH;
    const size_t ls = (size_t)h->leaf_size, cap = buf_cap(h->leaf_size);
    h->total += len;
    zkp_status st = ZKP_OK;
    while (len > 0 && st == ZKP_OK) {
        if (h->fill == 0 && len >= (cap ? cap : ls)) { /* whole leaves straight from the caller */
            size_t m = len / ls;
            st = consume(h, data, m);
            data += m * ls;
            len -= m * ls;
        } else if (cap) { /* short leaves: gather whole leaves in the buffer */
            size_t take = cap - h->fill < len ? cap - h->fill : len;
            memcpy(h->buf + h->fill, data, take);
            h->fill += take;
            data += take;
            len -= take;
            if (h->fill == cap) {
                st = push_leaves(h->stack, &h->depth, &h->leaves, h->alg, ls, h->buf, cap / ls);
                h->fill = 0;
            }
        } else { /* a long leaf: one sponge, fed as the bytes come */
            if (h->fill == 0) st = zkp_keccak_init(&h->leaf, (zkp_keccak_alg)h->alg);
            size_t take = ls - h->fill < len ? ls - h->fill : len;
            if (st == ZKP_OK) st = zkp_keccak_update(&h->leaf, data, take);
            h->fill += take;
            data += take;
            len -= take;
            if (st == ZKP_OK && h->fill == ls) {
                uint8_t cv[NODE];
                st = zkp_keccak_final(&h->leaf, cv, NODE);
                if (st == ZKP_OK) zkpi_stack_push(h->stack, &h->depth, &h->leaves, cv, 0, node_of(h->alg));
                h->fill = 0;
            }
        }
    }
    if (st != ZKP_OK) h->flags = 0; /* cannot happen on a valid state; never leave it half-updated */
    return st;
}

zkp_status zkp_keccak_tree_hasher_finalize(const zkp_keccak_tree_hasher *h, uint8_t root[32]) {
    if (!h || !root) return ZKP_ERR_NULL;
    if (!kt_valid(h)) return ZKP_ERR_STATE;
    uint8_t stack[64][NODE];
    memcpy(stack, h->stack, (size_t)h->depth * NODE);
    uint32_t depth = h->depth;
    uint64_t leaves = h->leaves;
    const size_t ls = (size_t)h->leaf_size;
    zkp_status st = ZKP_OK;
    uint8_t cv[NODE];
    if (buf_cap(h->leaf_size)) {
        if (h->fill || h->total == 0) { /* the buffered leaves, the last one maybe short */
            zkpi_tree_shape t = zkpi_keccak_shape((zkp_keccak_alg)h->alg, ls, 0);
            return zkpi_stack_finish(stack, depth, leaves, h->buf, h->fill, 0, &t, root);
        }
    } else if (h->fill || h->total == 0) {
        zkp_keccak_state s = h->leaf;
        st = h->fill ? zkp_keccak_final(&s, cv, NODE) : zkp_keccak_hash((zkp_keccak_alg)h->alg, NULL, 0, cv, NODE);
        if (st == ZKP_OK) zkpi_stack_push(stack, &depth, &leaves, cv, 0, node_of(h->alg));
    }
    if (st != ZKP_OK) return st;
    zkpi_stack_fold_padded((const uint8_t(*)[NODE])stack, depth, leaves, node_of(h->alg), root);
    return ZKP_OK;
}

/* ---- subtrees (the split rule is core/subtree.h's) ------------------------- */

zkp_status zkp_keccak_subtree_merge_parts(zkp_keccak_alg alg, const uint8_t (*cvs)[32], const uint64_t *offsets,
                                          size_t n_parts, size_t leaf_size, uint8_t root[32]) {
    if (alg != ZKP_KECCAK_256 && alg != ZKP_SHA3_256) return ZKP_ERR_PARAM;
    if (!cvs || !offsets || !root) return ZKP_ERR_NULL;
    if (leaf_size == 0 || !zkpi_array_ok(n_parts, NODE) || n_parts == SIZE_MAX)
        return ZKP_ERR_LENGTH;
    if (n_parts == 0) return ZKP_ERR_COUNT;
    zkp_status st = zkpi_parts_check(offsets, n_parts, leaf_size);
    if (st != ZKP_OK) return st;
    return zkpi_parts_merge(cvs, offsets, n_parts, leaf_size, 1,
                            node_of((uint32_t)alg), root);
}

zkp_status zkp_keccak_subtree_split(uint64_t total_len, size_t leaf_size, size_t max_parts, uint64_t *offsets,
                                   size_t *n_parts) {
    if (!offsets || !n_parts) return ZKP_ERR_NULL;
    if (max_parts == 0) return ZKP_ERR_COUNT;
    if (leaf_size == 0 || max_parts >= SIZE_MAX ||
        !zkpi_array_ok(max_parts + 1, sizeof *offsets))
        return ZKP_ERR_LENGTH;
    zkpi_parts_split(total_len, leaf_size, max_parts, offsets, n_parts);
    return ZKP_OK;
}
