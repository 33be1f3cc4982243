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
 */
#ifndef ZKPRIM_CORE_MERGE_STACK_H
#define ZKPRIM_CORE_MERGE_STACK_H

#include <stdint.h>

#include "core/subtree.h"

#define ZKPI_STACK_MAX 64

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
