/*
 * Internal interface of the streaming tree roots and the subtree API
 * (tree_stream.c, cdc_stream.c, subtree.c). Variable time: tree inputs are
 * public (spec section 10).
 *
 * The merge stack of a streamed tree is a plain array of subtree roots plus
 * the count of leaves they cover: entry i is the root of an aligned
 * perfect subtree, larger ones deeper, one per set bit of the count. Such
 * a subtree is a node of the left-balanced tree as soon as one more leaf
 * follows it (modes.h, hm_stack), so a root is pushed only once the caller
 * knows more data follows; the last leaf is folded in at the end.
 */
#ifndef ZKPRIM_HEMERA_TREE_STREAM_H
#define ZKPRIM_HEMERA_TREE_STREAM_H

#include <stdint.h>

#include "hemera/modes.h"

#define HM_STACK_MAX 64

/* Set bits of x: the merge stack holds one entry per set bit of its count. */
static inline int hm_popcount64(uint64_t x) {
    int c = 0;
    for (; x; x &= x - 1) c++;
    return c;
}

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

/* Pushes the root of 2^level leaves that follow the *count already merged
 * (*count a multiple of 2^level), merging the aligned siblings it completes. */
void zkpi_hm_cv_push(uint8_t (*stack)[ZKP_HEMERA_DIGEST_BYTES], uint32_t *depth, uint64_t *count,
                     const uint8_t cv[ZKP_HEMERA_DIGEST_BYTES], unsigned level);
/* Folds the stack right to left onto `last`, the final node; is_root goes
 * on the top node. With an empty stack the result is `last` unchanged. */
void zkpi_hm_cv_fold(const uint8_t (*stack)[ZKP_HEMERA_DIGEST_BYTES], uint32_t depth,
                     const uint8_t last[ZKP_HEMERA_DIGEST_BYTES], int is_root, uint8_t out[ZKP_HEMERA_DIGEST_BYTES]);

/* Root (without the root flag) of the ceil(len / 4096) >= 1 chunks of
 * p[0..len), chunk i hashed with counter first + i, through the batch path. */
ZKP_MUST_USE zkp_status zkpi_hm_chunks_root(const uint8_t *p, size_t len, uint64_t first,
                                         uint8_t out[ZKP_HEMERA_DIGEST_BYTES]);

/* Leaf roots of the m whole chunks at p (counters first..), pushed at level
 * 0 in groups through the batch path: the chunks are known not to be last. */
ZKP_MUST_USE zkp_status zkpi_hm_push_chunks(uint8_t (*stack)[ZKP_HEMERA_DIGEST_BYTES], uint32_t *depth, uint64_t *count,
                                         const uint8_t *p, size_t m);

/* zkp_hemera_tree_root_fixed on the calling thread: the hasher's core fed
 * the whole input at once, without the copy into its buffer. */
ZKP_MUST_USE zkp_status zkpi_hm_tree_root_stream(const uint8_t *data, size_t len, uint8_t out[ZKP_HEMERA_DIGEST_BYTES]);

/* End (exclusive) of the CDC chunk that starts at s in d[0..n) (cdc.c). */
size_t zkpi_hm_cdc_next(const uint8_t *d, size_t n, size_t s);

#endif
