/*
 * The one merge stack of the streamed trees (BLAKE3's chaining-value
 * stack): Hemera's fixed-chunk and CDC roots, one-shot and streamed, its
 * proofs' subtree ranges, and the Keccak leaf-data tree.
 *
 * The stack is an array of 32-byte subtree roots plus the count of leaves
 * they cover: entry i is the root of an aligned perfect subtree, larger
 * ones deeper, one per set bit of the count. An aligned block of 2^j leaves
 * is a node of both tree shapes once a leaf follows it (left-balanced) or
 * at once (padded with zero nodes), so a root is pushed as soon as that is
 * known, merging the siblings it completes; the right edge is folded at the
 * end, in the shape's own way.
 *
 * The table (zkpi_tree_shape) names the tree: its leaf-batch and
 * node-batch hash functions, its shape and its leaf size. Leaves go through
 * leaf_batch in groups, and every run of completed sibling pairs at a level
 * through one node_batch call (zkpi_stack_push_run), so the levels are
 * hashed lane-parallel as a level-by-level tree would be, in bounded memory.
 */
#ifndef ZKPRIM_CORE_MERGE_STACK_H
#define ZKPRIM_CORE_MERGE_STACK_H

#include <stdint.h>

#include "core/subtree.h"
#include "zkprim/zkprim.h"

#define ZKPI_STACK_MAX 64
#define ZKPI_LEAF_GROUP 64  /* leaves per leaf_batch call */
#define ZKPI_RUN_LEAVES 256 /* leaf roots merged per push_run (8 KiB on the C stack) */
#define ZKPI_MAX_PARTS 1024 /* parts of one zkpi_stack_part_roots call */

typedef struct zkpi_tree_shape {
    /* Roots of the m (1..ZKPI_LEAF_GROUP) leaves at p[0..len): leaf_size
     * bytes each but the last, which may be shorter; first is the index of
     * the first one in the tree. */
    zkp_status (*leaf_batch)(const struct zkpi_tree_shape *t, const uint8_t *p, size_t len, uint64_t first, size_t m,
                             uint8_t (*out)[ZKPI_NODE_BYTES]);
    /* cv[i] = node(cv[2i], cv[2i+1]) for i < n, in place, never a root. */
    zkp_status (*node_batch)(const struct zkpi_tree_shape *t, uint8_t (*cv)[ZKPI_NODE_BYTES], size_t n);
    zkpi_node_fn node;  /* one parent (the stack's merges and folds) */
    uint64_t leaf_size; /* >= 1 */
    int zero_padded;    /* padded with zero nodes to a power of two; else left-balanced */
    int alg;            /* the hash functions' own parameter (Keccak's algorithm) */
} zkpi_tree_shape;

/* Entries of a stack over `count` leaves: one per set bit (the hashers
 * check their depth against it). */
static inline int zkpi_stack_depth_of(uint64_t count) {
    int c = 0;
    for (; count; count &= count - 1) c++;
    return c;
}

/* Pushes the root of 2^level leaves that follow the *count already merged
 * (*count a multiple of 2^level), merging the aligned siblings it completes. */
void zkpi_stack_push(uint8_t (*stack)[ZKPI_NODE_BYTES], uint32_t *depth, uint64_t *count,
                     const uint8_t cv[ZKPI_NODE_BYTES], unsigned level, zkpi_node_fn node);

/* Pushes the m roots cv[0..m) of 2^level leaves each that follow the
 * *count already merged, hashing each run of complete sibling pairs with
 * one node_batch call (cv is scratch). The caller knows data follows them. */
ZKP_MUST_USE zkp_status zkpi_stack_push_run(uint8_t (*stack)[ZKPI_NODE_BYTES], uint32_t *depth, uint64_t *count,
                                            uint8_t (*cv)[ZKPI_NODE_BYTES], size_t m, unsigned level,
                                            const zkpi_tree_shape *t);

/* Hashes the m whole leaves at p (indices *count..) and pushes them: the
 * caller knows data follows them. */
ZKP_MUST_USE zkp_status zkpi_stack_push_leaves(uint8_t (*stack)[ZKPI_NODE_BYTES], uint32_t *depth, uint64_t *count,
                                               const uint8_t *p, size_t m, const zkpi_tree_shape *t);

/* The root of a tree whose merged part is (stack, depth, count) and whose
 * remaining leaves are p[0..len) (the last one may be short; len >= 1, or
 * 0 for the one empty leaf of an empty tree): pushes all of them but the
 * last and folds it in the shape's way, is_root on the top node
 * (left-balanced only: a lone leaf is returned as it is). */
ZKP_MUST_USE zkp_status zkpi_stack_finish(uint8_t (*stack)[ZKPI_NODE_BYTES], uint32_t depth, uint64_t count,
                                          const uint8_t *p, size_t len, int is_root, const zkpi_tree_shape *t,
                                          uint8_t out[ZKPI_NODE_BYTES]);

/* Roots cv[0..parts) of `parts` (<= ZKPI_MAX_PARTS) consecutive parts of
 * `per` whole leaves each at p, the first at leaf index `first` (a multiple
 * of per, a power of two), on up to `threads` threads: each part is an
 * aligned subtree that data follows. */
ZKP_MUST_USE zkp_status zkpi_stack_part_roots(const zkpi_tree_shape *t, const uint8_t *p, uint64_t first, size_t per,
                                              size_t parts, unsigned threads, uint8_t (*cv)[ZKPI_NODE_BYTES]);

/* The root of a perfect tree: the n leaves at p (n a power of two) cut
 * into `parts` (a power of two <= ZKPI_MAX_THREADS dividing n) aligned
 * parts rooted on up to `threads` threads, their roots merged on a stack. */
ZKP_MUST_USE zkp_status zkpi_stack_root_perfect(const zkpi_tree_shape *t, const uint8_t *p, size_t n, size_t parts,
                                                unsigned threads, uint8_t out[ZKPI_NODE_BYTES]);

/* Left-balanced: folds the stack right to left onto `last`, the final node;
 * is_root goes on the top node. With an empty stack the result is `last`. */
void zkpi_stack_fold(const uint8_t (*stack)[ZKPI_NODE_BYTES], uint32_t depth, const uint8_t last[ZKPI_NODE_BYTES],
                     int is_root, zkpi_node_fn node, uint8_t out[ZKPI_NODE_BYTES]);

/* Padded with zero nodes: the root of the `count` >= 1 leaves on the stack,
 * the leaf count padded up to a power of two, a missing right sibling being
 * the root of an all-zero subtree of its level. */
void zkpi_stack_fold_padded(const uint8_t (*stack)[ZKPI_NODE_BYTES], uint32_t depth, uint64_t count,
                            zkpi_node_fn node, uint8_t out[ZKPI_NODE_BYTES]);

#endif
