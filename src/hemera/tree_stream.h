/*
 * Internal interface of the streaming tree roots and the subtree API
 * (tree_stream.c, cdc_stream.c, subtree.c). Variable time: tree inputs are
 * public (spec section 10).
 *
 * The merge stack is core/merge_stack.h's with zkpi_hm_node: an aligned
 * perfect subtree is a node of the left-balanced tree as soon as one more
 * leaf follows it, so a root is pushed only once the caller knows more
 * data follows; the last leaf is folded in at the end (zkpi_stack_fold).
 */
#ifndef ZKPRIM_HEMERA_TREE_STREAM_H
#define ZKPRIM_HEMERA_TREE_STREAM_H

#include <stdint.h>

#include "core/merge_stack.h"
#include "hemera/modes.h"

/* Appends up to cap - *fill bytes of data to buf (the hashers' tails);
 * returns how many it took and counts them in *fill and *total. */
static inline size_t hm_buffer_take(uint8_t *buf, uint32_t *fill, uint64_t *total, size_t cap, const uint8_t *data,
                                    size_t len) {
    size_t take = cap - *fill < len ? cap - *fill : len;
    memcpy(buf + *fill, data, take);
    *fill += (uint32_t)take;
    *total += take;
    return take;
}

/* Root of the ceil(len / 4096) >= 1 chunks of p[0..len), chunk i hashed
 * with counter first + i (first a multiple of pow2_ceil of the chunk
 * count: an aligned part), through the merge stack; is_root on the top node
 * (a lone chunk is returned as its leaf without the flag: callers flag a
 * one-chunk tree on the leaf themselves). */
ZKP_MUST_USE zkp_status zkpi_hm_chunks_root(const uint8_t *p, size_t len, uint64_t first, int is_root,
                                         uint8_t out[ZKP_HEMERA_DIGEST_BYTES]);

/* The fixed-chunk tree's table for the merge stack (core/merge_stack.h):
 * 4 KiB chunks through hash_leaf_batch (counter = chunk index), nodes
 * through hash_node_batch, left-balanced. */
extern const zkpi_tree_shape zkpi_hm_shape;

/* zkp_hemera_tree_root_fixed with its arguments checked: the streaming
 * core given the whole input, its aligned parts on up to `threads` threads. */
ZKP_MUST_USE zkp_status zkpi_hm_tree_root(const uint8_t *data, size_t len, unsigned threads,
                                          uint8_t out[ZKP_HEMERA_DIGEST_BYTES]);

/* End (exclusive) of the CDC chunk that starts at s in d[0..n) (cdc.c). */
size_t zkpi_hm_cdc_next(const uint8_t *d, size_t n, size_t s);

#endif
