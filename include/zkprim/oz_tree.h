/*
 * OpenZeppelin Merkle trees: byte-exact with the npm package
 * @openzeppelin/merkle-tree 1.0.8 (SimpleMerkleTree, StandardMerkleTree) and
 * the Solidity MerkleProof library that verifies its proofs on chain.
 *
 *   node  = Keccak-256(min(a, b) || max(a, b))    (the pair sorted as 256-bit
 *                                                   big-endian numbers)
 *   leaf  = Keccak-256(Keccak-256(abi.encode(values)))   (StandardMerkleTree)
 *         = the bytes32 value itself                       (SimpleMerkleTree)
 *
 * The tree is the package's array: 2n - 1 nodes, node i has children 2i + 1
 * and 2i + 2, the root is node 0, and the leaves, sorted ascending (a stable
 * sort: equal leaves keep their input order), fill the array from its end:
 * sorted leaf r is node 2n - 2 - r. A leaf's "tree index" is its place in
 * that array (the package's treeIndex).
 *
 * Trees, values and proofs are public data: every function here is
 * ZKP_VARTIME (the sort and the sorted pairs branch on node values).
 * Errors: ZKP_ERR_NULL for a NULL where data is needed; ZKP_ERR_COUNT for an
 * empty tree or a node count that is not 2n - 1; ZKP_ERR_LENGTH for an
 * output buffer too small or an extent above PTRDIFF_MAX; ZKP_ERR_RANGE for
 * a tree index that is not a leaf, or an ABI value outside its type;
 * ZKP_ERR_PARAM for an unknown ABI type name or a repeated multiproof index;
 * ZKP_ERR_PROOF_SHAPE for a multiproof whose counts do not add up;
 * ZKP_ERR_VERIFY for a proof that does not lead to the root.
 *
 * Path to the hot loop: src/keccak/oz_tree.c (sort, levels of sorted pairs)
 * -> zkp_keccak_hash_batch's multi-lane kernels; src/keccak/oz_abi.c (ABI
 * encoding, leaf hashes through the batch path).
 */
#ifndef ZKPRIM_OZ_TREE_H
#define ZKPRIM_OZ_TREE_H

/* Freestanding builds (-DZKP_FREESTANDING=ON, docs/zkvm.md): the zkp_oz_tree_*
 * functions are left out (they allocate); zkp_oz_abi_* remain. */
#include <stddef.h>
#include <stdint.h>

#include "zkprim/zkprim.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ---- ABI values (StandardMerkleTree leaf encodings) ------------------------ */

typedef enum zkp_oz_abi_kind {
    ZKP_OZ_ABI_ADDRESS = 1,
    ZKP_OZ_ABI_UINT = 2,        /* uintN, bits = N in 8..256, a multiple of 8 */
    ZKP_OZ_ABI_INT = 3,         /* intN */
    ZKP_OZ_ABI_BOOL = 4,
    ZKP_OZ_ABI_FIXED_BYTES = 5, /* bytesN, bytes = N in 1..32 */
    ZKP_OZ_ABI_BYTES = 6,       /* dynamic bytes */
    ZKP_OZ_ABI_STRING = 7       /* dynamic string (its UTF-8 bytes) */
} zkp_oz_abi_kind;

typedef struct zkp_oz_abi_type {
    uint16_t kind;  /* a zkp_oz_abi_kind */
    uint16_t size;  /* bits for UINT/INT, bytes for FIXED_BYTES, else 0 */
} zkp_oz_abi_type;

/* One value. The static types (address, uintN, intN, bool, bytesN) take
 * exactly their 32-byte ABI word: an address right-aligned, integers
 * big-endian two's complement, bool 0 or 1, bytesN left-aligned. bytes and
 * string take their raw bytes (data may be NULL when len is 0). */
typedef struct zkp_oz_abi_value {
    const uint8_t *data;
    size_t len;
} zkp_oz_abi_value;

/* Parses a Solidity type name as the package's ABI coder reads it: address,
 * bool, bytes, string, uint / int (= 256), uintN / intN (N in 8..256, a
 * multiple of 8, leading zeros allowed), bytesN (one or two digits, 1..32).
 * Anything else (tuples, arrays, "uint7", "Uint8"): ZKP_ERR_PARAM. */
ZKP_MUST_USE ZKP_API ZKP_VARTIME zkp_status zkp_oz_abi_type_parse(const char *name, size_t len, zkp_oz_abi_type *type);

/* abi.encode(values) of n values of the given types (the head/tail tuple
 * encoding: dynamic values as offsets in the head, length + zero-padded
 * data in the tail) into out[0..cap). *outlen always receives the encoded
 * length when the inputs are valid; cap below it (out may then be NULL):
 * ZKP_ERR_LENGTH, nothing written. A static value whose len is not 32:
 * ZKP_ERR_LENGTH; a word that is not canonical for its type (high bytes of
 * an address or uintN, an intN not sign-extended, a bool other than 0 or 1,
 * bytesN with bytes past N): ZKP_ERR_RANGE; an unknown kind or size:
 * ZKP_ERR_PARAM. */
ZKP_MUST_USE ZKP_API ZKP_VARTIME zkp_status zkp_oz_abi_encode(const zkp_oz_abi_type *types,
                                                          const zkp_oz_abi_value *values, size_t n, uint8_t *out,
                                                          size_t cap, size_t *outlen);

/* StandardMerkleTree leaf hashes: out[i] = Keccak-256(Keccak-256(encoded[i]))
 * for n encodings (lens[i] bytes each), both rounds on the multi-lane batch
 * path. */
ZKP_MUST_USE ZKP_API ZKP_VARTIME zkp_status zkp_oz_leaf_hash_batch(const uint8_t *const *encoded, const size_t *lens,
                                                               size_t n, uint8_t *out);

/* StandardMerkleTree.of's leaves in one call (abi.encode + leafHash of
 * every value, what zkp_oz_abi_encode + zkp_oz_leaf_hash_batch do for one
 * encoding at a time): leaf i is the tuple values[n_types*i ..
 * n_types*(i+1)) of the given types, out[32i .. 32i+32) its leaf hash. The
 * encodings are sized and checked for all n leaves before anything is
 * hashed; a value that zkp_oz_abi_encode refuses returns its status
 * (ZKP_ERR_RANGE, ZKP_ERR_LENGTH, ZKP_ERR_PARAM, ZKP_ERR_NULL) with *bad =
 * its index in values (leaf *bad / n_types, item *bad % n_types); any other
 * outcome leaves *bad = SIZE_MAX. bad may be NULL. n = 0 does nothing;
 * n_types = 0 hashes the empty encoding. Allocates the encodings (about
 * their total size; ZKP_ERR_NOMEM). Left out of freestanding builds. */
ZKP_MUST_USE ZKP_API ZKP_VARTIME ZKP_ALLOCATES zkp_status zkp_oz_leaf_hash_values(const zkp_oz_abi_type *types,
                                                                                size_t n_types,
                                                                                const zkp_oz_abi_value *values,
                                                                                size_t n, uint8_t *out, size_t *bad);

/* ---- trees -------------------------------------------------------------------- */

/* Builds the tree of n >= 1 leaves (32 bytes each, in input order): sorts
 * them, writes all 2n - 1 nodes to nodes (32*(2n-1) bytes, not overlapping
 * leaves; node 0 is the root) and, when tree_index is not NULL, the tree
 * index of input leaf i to tree_index[i]. Levels are hashed in batches.
 * Allocates the sort's scratch (about 16n bytes). */
ZKP_MUST_USE ZKP_API ZKP_VARTIME ZKP_ALLOCATES zkp_status zkp_oz_tree_build(const uint8_t *leaves, size_t n,
                                                                          uint8_t *nodes, uint64_t *tree_index);

/* The package's load() check of a tree read back (isValidMerkleTree):
 * ZKP_OK when every inner node k of the n_nodes nodes is the node hash of
 * its children 2k + 1 and 2k + 2; else ZKP_ERR_VERIFY with *bad = the
 * highest-numbered such k (the deepest). n_nodes even (0 included):
 * ZKP_ERR_COUNT. bad may be NULL; *bad = SIZE_MAX unless VERIFY. */
ZKP_MUST_USE ZKP_API ZKP_VARTIME zkp_status zkp_oz_tree_check(const uint8_t *nodes, size_t n_nodes, size_t *bad);

/* The package's getProof: the siblings of the leaf at tree index `index`,
 * bottom first, into proof (room for cap nodes of 32 bytes); *depth gets
 * their number (floor(log2(index + 1)); 0 for a one-leaf tree, where proof
 * may be NULL). n_nodes must be 2n - 1 (odd); index must be a leaf's
 * (n - 1 <= index < n_nodes), else ZKP_ERR_RANGE; cap < depth:
 * ZKP_ERR_LENGTH. */
ZKP_MUST_USE ZKP_API ZKP_VARTIME zkp_status zkp_oz_tree_proof(const uint8_t *nodes, size_t n_nodes, uint64_t index,
                                                          uint8_t *proof, size_t cap, size_t *depth);

/* ZKP_OK when folding leaf with the depth proof nodes (sorted pairs) gives
 * root, else ZKP_ERR_VERIFY. Needs no index: the pairs are sorted. proof
 * may be NULL only when depth is 0; 32*depth above PTRDIFF_MAX:
 * ZKP_ERR_LENGTH. */
ZKP_MUST_USE ZKP_API ZKP_VARTIME zkp_status zkp_oz_tree_verify(const uint8_t root[32], const uint8_t leaf[32],
                                                           const uint8_t *proof, size_t depth);

/* The package's getMultiProof for the k leaves at the given tree indices
 * (any order, no repeats: a repeat is ZKP_ERR_PARAM; a non-leaf index
 * ZKP_ERR_RANGE): leaf_indices[0..k) gets the indices in the order the
 * proof consumes them (descending), proof the *proof_n sibling nodes (room
 * for proof_cap), flags the *flags_n flags (1: hash two known nodes, 0:
 * take the next proof node; room for flags_cap). k = 0 gives the root as
 * the one proof node. Both caps = n_nodes always suffice; a smaller cap
 * that is exceeded: ZKP_ERR_LENGTH. Allocates k indices of scratch. */
ZKP_MUST_USE ZKP_API ZKP_VARTIME ZKP_ALLOCATES zkp_status zkp_oz_tree_multi_proof(
    const uint8_t *nodes, size_t n_nodes, const uint64_t *indices, size_t k, uint64_t *leaf_indices, uint8_t *proof,
    size_t proof_cap, size_t *proof_n, uint8_t *flags, size_t flags_cap, size_t *flags_n);

/* processMultiProof (Solidity MerkleProof / the package) then a compare
 * with root: n_leaves leaf hashes, n_proof proof nodes, n_flags flags (any
 * non-zero byte is true). ZKP_ERR_PROOF_SHAPE, before any hashing, unless
 * n_leaves + n_proof == n_flags + 1 and the false flags are at most
 * n_proof; and during it when a flag needs a node that is not there yet, or
 * when nodes are left over at the end (the package's invariants). Then
 * ZKP_OK or ZKP_ERR_VERIFY. Allocates n_flags nodes of scratch. */
ZKP_MUST_USE ZKP_API ZKP_VARTIME ZKP_ALLOCATES zkp_status zkp_oz_tree_multi_verify(
    const uint8_t root[32], const uint8_t *leaves, size_t n_leaves, const uint8_t *proof, size_t n_proof,
    const uint8_t *flags, size_t n_flags);

#ifdef __cplusplus
}
#endif
#endif
