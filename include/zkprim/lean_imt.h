/*
 * LeanIMT: Semaphore's group tree (the lean incremental Merkle tree of
 * @zk-kit/lean-imt 2.2.5) with circom's Poseidon over BN254 as the node
 * hash, node = Poseidon(left, right) (poseidon.h, width 3), the hash
 * poseidon-lite's poseidon2 computes. Roots and proofs are byte-exact with
 * `new LeanIMT((a, b) => poseidon2([a, b]))`.
 *
 * The tree: level 0 holds the leaves in insertion order; a node of level
 * l + 1 is the hash of its two children of level l, or, when the left child
 * has no right sibling (the last node of an odd-sized level), that child
 * itself, carried up unchanged: there are no zero hashes. The depth is the
 * smallest d with 2^d >= size (0 for 0 or 1 leaves); the root is the only
 * node of level `depth` (one leaf is its own root; an empty tree has none).
 *
 * Elements (leaves, nodes, roots, siblings) are BN254 field elements as 32
 * bytes big-endian, the order zkp_poseidon_hash_be takes; a value >= p is
 * rejected with ZKP_ERR_RANGE, never reduced (poseidon-lite reduces it).
 *
 * The tree object allocates as it grows (ZKP_ALLOCATES on the inserts); the
 * other functions work in the tree's memory and the caller's. A tree is not
 * shared between threads without the caller's locking. Every function is
 * constant time in the element values (ZKP_CT): sizes and indices are
 * public, and a status reveals only what it names.
 *
 * Path from this header to the hot loop: src/poseidon/lean_imt.c (levels,
 * proofs) -> zkp_poseidon_hash_batch level by level (the inserts) or
 * zkp_poseidon_hash (update, verify) -> the Poseidon kernels.
 */
#ifndef ZKPRIM_LEAN_IMT_H
#define ZKPRIM_LEAN_IMT_H

/* Left out of freestanding builds (-DZKP_FREESTANDING=ON): it allocates. */
#include <stddef.h>
#include <stdint.h>

#include "zkprim/zkprim.h"

#ifdef __cplusplus
extern "C" {
#endif

#define ZKP_LEAN_IMT_BYTES 32
/* At most 64 siblings: a proof's index is a uint64_t with one bit per
 * sibling, and no tree of at most 2^64 leaves is deeper. */
#define ZKP_LEAN_IMT_MAX_DEPTH 64
/* index_of's answer for a leaf the tree does not hold (the package's -1). */
#define ZKP_LEAN_IMT_NOT_FOUND UINT64_MAX

/* A tree. Fields are private; a struct never passed to zkp_lean_imt_init,
 * or whose fields were overwritten, is ZKP_ERR_STATE at every use. */
typedef struct zkp_lean_imt {
    void *body;
    uint64_t check;
} zkp_lean_imt;

/* An inclusion proof in the package's LeanIMTMerkleProof shape: siblings
 * bottom first, only for the levels where the path's node has a sibling
 * (a carried node adds none), and the package's compressed index: bit k is
 * 1 when siblings[k] is the left input of hash k (the path's node was a
 * right child there). So index < 2^n_siblings, and it equals the leaf's
 * position only when no level was skipped. */
typedef struct zkp_lean_imt_proof {
    uint8_t root[ZKP_LEAN_IMT_BYTES];
    uint8_t leaf[ZKP_LEAN_IMT_BYTES];
    uint64_t index;
    size_t n_siblings;
    uint8_t siblings[ZKP_LEAN_IMT_MAX_DEPTH][ZKP_LEAN_IMT_BYTES];
} zkp_lean_imt_proof;

/* An empty tree (no allocation; cannot fail; a NULL t is ignored). */
ZKP_API ZKP_CT void zkp_lean_imt_init(zkp_lean_imt *t);
/* Frees the tree's memory; t is then as never initialised (init it again to
 * reuse it). NULL, an already freed tree and a corrupted one (whose memory
 * cannot be found) are left alone. */
ZKP_API ZKP_CT void zkp_lean_imt_free(zkp_lean_imt *t);

/* Appends one leaf (the package's insert). ZKP_ERR_RANGE if leaf >= p,
 * ZKP_ERR_NOMEM, ZKP_ERR_STATE for a tree not initialised; the tree is
 * unchanged on any error. */
ZKP_MUST_USE ZKP_API ZKP_CT ZKP_ALLOCATES zkp_status zkp_lean_imt_insert(zkp_lean_imt *t,
                                                                     const uint8_t leaf[ZKP_LEAN_IMT_BYTES]);
/* Appends n leaves, 32 * n bytes back to back (the package's insertMany):
 * the new nodes are hashed level by level through zkp_poseidon_hash_batch.
 * Same tree as n inserts. Checks in this order, the tree unchanged on any
 * error: ZKP_ERR_COUNT for n = 0 (the package throws "There are no leaves to
 * add"); ZKP_ERR_NULL; ZKP_ERR_STATE; ZKP_ERR_LENGTH when 32 * n bytes,
 * or the tree's node arrays for size + n leaves, could not be an object;
 * ZKP_ERR_RANGE if a leaf is >= p (before anything is hashed); ZKP_ERR_NOMEM. */
ZKP_MUST_USE ZKP_API ZKP_CT ZKP_ALLOCATES zkp_status zkp_lean_imt_insert_batch(zkp_lean_imt *t, const uint8_t *leaves,
                                                                           size_t n);
/* Replaces the leaf at index and rehashes its path (the package's update;
 * Semaphore removes a member by updating it to 0). ZKP_ERR_RANGE for index
 * >= size (the package does not check) or leaf >= p; ZKP_ERR_STATE. */
ZKP_MUST_USE ZKP_API ZKP_CT zkp_status zkp_lean_imt_update(zkp_lean_imt *t, uint64_t index,
                                                       const uint8_t leaf[ZKP_LEAN_IMT_BYTES]);

/* Number of leaves, and the depth (see above); 0 for NULL or a tree not
 * initialised. */
ZKP_API ZKP_CT size_t zkp_lean_imt_size(const zkp_lean_imt *t);
ZKP_API ZKP_CT size_t zkp_lean_imt_depth(const zkp_lean_imt *t);

/* The root. ZKP_ERR_COUNT for an empty tree (it has none; the package
 * returns undefined), ZKP_ERR_STATE, ZKP_ERR_NULL. */
ZKP_MUST_USE ZKP_API ZKP_CT zkp_status zkp_lean_imt_tree_root(const zkp_lean_imt *t,
                                                          uint8_t root[ZKP_LEAN_IMT_BYTES]);
/* Position of the first leaf equal to `leaf` (the package's indexOf; its
 * has(leaf) is index != ZKP_LEAN_IMT_NOT_FOUND), or ZKP_LEAN_IMT_NOT_FOUND.
 * Scans every leaf whatever it finds. ZKP_ERR_RANGE for leaf >= p (no leaf
 * can equal it), ZKP_ERR_STATE, ZKP_ERR_NULL. */
ZKP_MUST_USE ZKP_API ZKP_CT zkp_status zkp_lean_imt_index_of(const zkp_lean_imt *t,
                                                         const uint8_t leaf[ZKP_LEAN_IMT_BYTES], uint64_t *index);

/* The proof for the leaf at index (the package's generateProof).
 * ZKP_ERR_COUNT for an empty tree, ZKP_ERR_RANGE for index >= size,
 * ZKP_ERR_STATE, ZKP_ERR_NULL. Unused sibling slots are zeroed. */
ZKP_MUST_USE ZKP_API ZKP_CT zkp_status zkp_lean_imt_tree_proof(const zkp_lean_imt *t, uint64_t index,
                                                           zkp_lean_imt_proof *proof);
/* Checks a proof on its own (the package's static verifyProof): hashes the
 * leaf with each sibling, on the side bit k of index says, and compares
 * with root. ZKP_OK or ZKP_ERR_VERIFY. Malformed proofs, checked first:
 * ZKP_ERR_NULL; ZKP_ERR_PROOF_SHAPE for n_siblings > 64; ZKP_ERR_RANGE for
 * index >= 2^n_siblings or an element (root, leaf, a sibling) >= p. The
 * package accepts both of the latter (it ignores the index's high bits and
 * its Poseidon reduces mod p); no proof it generates has either. */
ZKP_MUST_USE ZKP_API ZKP_CT zkp_status zkp_lean_imt_tree_verify(const zkp_lean_imt_proof *proof);

#ifdef __cplusplus
}
#endif
#endif
