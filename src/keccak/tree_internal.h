/*
 * The Keccak tree's table for the merge stack (core/merge_stack.h), shared
 * by the streaming hasher (tree_stream.c) and the one-shot roots (tree.c).
 */
#ifndef ZKPRIM_KECCAK_TREE_INTERNAL_H
#define ZKPRIM_KECCAK_TREE_INTERNAL_H

#include "core/merge_stack.h"
#include "zkprim/keccak.h"

/* alg (KECCAK_256 or SHA3_256), zero-padded: leaves of leaf_size >= 1
 * bytes hashed with hash_batch, or with hashed_leaves the leaves are 32-byte
 * digests taken as they are (leaf_size 32). */
zkpi_tree_shape zkpi_keccak_shape(zkp_keccak_alg alg, uint64_t leaf_size, int hashed_leaves);

#endif
