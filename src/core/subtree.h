/*
 * The one subtree split/merge rule of the streamed trees (Hemera's fixed
 * 4 KiB-chunk tree, the Keccak leaf-data tree; docs/streaming.md): parts of
 * the input hashed apart, then merged into the root of the whole.
 *
 * Part i is the bytes [offsets[i], offsets[i+1]), c units (leaves) from
 * unit f = offsets[i] / unit; it starts on a unit boundary, and c is a
 * power of two with f a multiple of c, or it is the last part and f is a
 * multiple of the smallest power of two >= c. Such a part is a node of
 * both tree shapes: in the tree padded with zero nodes it is the aligned
 * block of pow2_ceil(c) leaves; the left-balanced tree is the same tree
 * with each node whose right half lies past the end replaced by its left
 * child, and the last part is the right spine's node over its leaves.
 */
#ifndef ZKPRIM_CORE_SUBTREE_H
#define ZKPRIM_CORE_SUBTREE_H

#include <stddef.h>
#include <stdint.h>

#include "zkprim/zkprim.h"

#define ZKPI_NODE_BYTES 32

/* Parent of two 32-byte nodes; is_root is set on the top node only (Hemera
 * flags it, Keccak ignores it). */
typedef void (*zkpi_node_fn)(const uint8_t l[ZKPI_NODE_BYTES], const uint8_t r[ZKPI_NODE_BYTES], int is_root,
                             uint8_t out[ZKPI_NODE_BYTES]);

/* ZKP_ERR_RANGE unless offsets[0..n_parts] (n_parts >= 1) bound legal
 * parts: from 0, increasing (an empty part only as the one part of an
 * empty input), each meeting the rule above. */
ZKP_MUST_USE zkp_status zkpi_parts_check(const uint64_t *offsets, size_t n_parts, uint64_t unit);

/* Root of the whole from the roots cvs[i] of legal parts: zero_padded, the
 * leaf count padded up to a power of two with zero nodes (a missing right
 * sibling is the root of an all-zero subtree); otherwise left-balanced. */
ZKP_MUST_USE zkp_status zkpi_parts_merge(const uint8_t (*cvs)[ZKPI_NODE_BYTES], const uint64_t *offsets, size_t n_parts,
                                         uint64_t unit, int zero_padded, zkpi_node_fn node,
                                         uint8_t out[ZKPI_NODE_BYTES]);

/* Equal aligned power-of-two parts, as few as fit in max_parts (>= 1), the
 * last one shorter: writes offsets[0..*n_parts]. */
void zkpi_parts_split(uint64_t total_len, uint64_t unit, size_t max_parts, uint64_t *offsets, size_t *n_parts);

#endif
