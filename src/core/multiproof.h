/*
 * The level-by-level engine behind every family's batched multi-opening
 * verifier and multiproof (src/keccak/multiproof.c, src/hemera/multiproof.c,
 * src/poseidon/multiproof.c). The families differ only in how a leaf and a
 * pair of 32-byte nodes are hashed and in the tree's shape; this file knows
 * neither hash.
 *
 * Shape. Level 0 holds the leaves; level l + 1 pairs nodes (2j, 2j + 1) of
 * level l; `levels` levels lead to the root. A tree of `n_leaves` leaves
 * (Hemera's left-balanced tree) has w_l = ceil(n / 2^l) nodes at level l, and
 * when w_l is odd its last node has no sibling and is carried up unchanged:
 * that is exactly the left-balanced shape. n_leaves == 0 means the full tree
 * of 2^levels leaves (Keccak, Poseidon; levels may be 64), nothing carried.
 *
 * The leaf set is sorted and distinct (the callers check). At each level the
 * distinct nodes on the paths are known; a node whose sibling is also known
 * is paired with it, any other takes its sibling from the input (the single
 * proofs of the openings, or the multiproof stream), and all pairs of the
 * level go to ONE batch hash call. Every supplied sibling that the batch
 * also computes (or that several openings supply) must agree: the
 * comparison is accumulated without an early exit, so no branch depends on a
 * node value (the Keccak and Poseidon verifiers are ZKP_CT); branches depend
 * on indices only.
 *
 * Threads: the sorted leaf set is cut into segments at positions whose
 * neighbouring indices meet only high in the tree; below that level the
 * segments share no node and no sibling, so each runs on its own thread
 * (leaf hashing included), then the calling thread merges them and finishes.
 */
#ifndef ZKPRIM_CORE_MULTIPROOF_H
#define ZKPRIM_CORE_MULTIPROOF_H

#include <stddef.h>
#include <stdint.h>

#include "zkprim/zkprim.h"

#define ZKPI_MP_NODE 32

typedef struct zkpi_mp_family {
    /* out[i] = hash of the 64-byte pairs[i]; is_top: these make the root. */
    zkp_status (*hash_pairs)(void *ctx, const uint8_t (*pairs)[2 * ZKPI_MP_NODE], size_t n, int is_top,
                             uint8_t (*out)[ZKPI_MP_NODE]);
    /* out[i] = level-0 node of leaf number first + i of the sorted set
     * (a copy of the leaf digest, or the hash of a chunk). */
    zkp_status (*leaves)(void *ctx, size_t first, size_t n, uint8_t (*out)[ZKPI_MP_NODE]);
    void *ctx;
    /* Optional (NULL: hash_pairs): out[i] = hash of the 32 bytes at left[i]
     * then the 32 at right[i], the nodes hashed where they lie instead of
     * copied into pairs. out[i] may be an input of pair i or of an earlier
     * one, never of a later one: the family reads each group of inputs
     * before writing its outputs, and runs the groups in order. */
    zkp_status (*hash_halves)(void *ctx, const uint8_t *const *left, const uint8_t *const *right, size_t n, int is_top,
                              uint8_t (*out)[ZKPI_MP_NODE]);
} zkpi_mp_family;

typedef struct zkpi_mp_shape {
    unsigned levels;     /* 0..64 */
    uint64_t n_leaves;   /* 0: full tree of 2^levels leaves */
} zkpi_mp_shape;

/* Where the siblings come from. Openings (proofs or proof_base set):
 * opening i's single proof has one sibling per level at which its path node
 * is not carried, bottom first, 32 bytes each, at proofs[i] (or at
 * proof_base + i * proof_stride). Multiproof (neither set): stream[0 ..
 * count) in level-then-index order. */
typedef struct zkpi_mp_input {
    const uint64_t *indices;          /* k, strictly increasing, < the leaf count */
    size_t k;
    const uint8_t *const *proofs;     /* openings form, one pointer per opening */
    const uint8_t *proof_base;        /* openings form, proofs back to back */
    size_t proof_stride;
    const uint8_t *stream;            /* multiproof form */
    size_t stream_nodes;
} zkpi_mp_input;

/* Sibling nodes a multiproof of the sorted set carries at `level`
 * (no allocation; O(k)). Here and in zkpi_mp_siblings the indices must
 * have passed zkpi_mp_check_indices: the count of a full tree is computed
 * from neighbouring indices, not walked, and assumes them increasing. */
uint64_t zkpi_mp_level_count(const zkpi_mp_shape *s, const uint64_t *indices, size_t k, unsigned level);
/* The siblings of the whole multiproof, level by level: calls
 * fn(ctx, level, node) in stream order when fn is not NULL; returns the count. */
uint64_t zkpi_mp_siblings(const zkpi_mp_shape *s, const uint64_t *indices, size_t k,
                          zkp_status (*fn)(void *ctx, unsigned level, uint64_t node, uint64_t pos), void *ctx,
                          zkp_status *st);
/* Number of siblings on the path of leaf `index` (levels minus the carried
 * ones): the length of its single proof in nodes. */
unsigned zkpi_mp_path_len(const zkpi_mp_shape *s, uint64_t index);

/* Checks indices: ZKP_ERR_COUNT for k == 0, ZKP_ERR_PROOF_SHAPE for an
 * index not above the one before it, ZKP_ERR_RANGE for an index >= the leaf
 * count (the first failing index decides). */
zkp_status zkpi_mp_check_indices(const zkpi_mp_shape *s, const uint64_t *indices, size_t k);

/* Full trees of 2^depth leaves kept as a node array in tree_build's layout
 * (Keccak, Poseidon): the multiproof's node count for a leaf set, with the
 * headers' checks (ZKP_ERR_NULL, ZKP_ERR_LENGTH for k, ZKP_ERR_PROOF_SHAPE
 * for depth > 64, the index checks); and the multiproof copied out of the
 * array of n = 2^depth leaves into proof[0 .. cap nodes) (ZKP_ERR_LENGTH
 * when it does not fit, *count set either way). */
zkp_status zkpi_mp_full_count(const uint64_t *indices, size_t k, size_t depth, size_t *count);
zkp_status zkpi_mp_full_proof(const uint8_t *nodes, size_t n, const uint64_t *indices, size_t k, uint8_t *proof,
                              size_t cap, size_t *count);

/* Runs the verification: ZKP_OK when every path leads to root and every
 * supplied sibling agrees with what the batch computed; ZKP_ERR_VERIFY
 * otherwise; ZKP_ERR_NOMEM; or a status of the family's callbacks.
 * Shapes are checked by the caller (indices, proof lengths, stream length). */
zkp_status zkpi_mp_verify(const zkpi_mp_family *f, const zkpi_mp_shape *s, const zkpi_mp_input *in,
                          const uint8_t root[ZKPI_MP_NODE], unsigned threads);

#endif
