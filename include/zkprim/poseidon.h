/*
 * Poseidon over the BN254 scalar field with circom's parameters (x^5 S-box,
 * 8 full rounds, partial rounds per width as circomlib), bit-exact with
 * circomlibjs 0.1.7 (1..16 inputs) and with the Rust crate light-poseidon
 * 0.4 (1..12 inputs, including its byte API and its error cases).
 *
 * p = 21888242871839275222246405745257275088548364400416034343698204186575808495617
 *   = 0x30644e72e131a029b85045b68181585d2833e84879b9709143e1f593f0000001.
 * Width t = n_inputs + 1; lane 0 is the capacity element (0 unless a domain
 * tag is given), lanes 1..n_inputs hold the inputs; the hash is lane 0
 * after the permutation. n_inputs is the arity of one hash; n the number of
 * hashes of a batch.
 *
 * Field elements enter as canonical integers (limbs or 32-byte encodings);
 * a value >= p is rejected with ZKP_ERR_RANGE, never reduced. Nothing here
 * allocates memory. Every function is constant time in the values (ZKP_CT;
 * the inputs are usually public anyway) except the ZKP_QUERY ones: the
 * checks only reveal, through the status, which input was out of range.
 *
 * Path from this header to the hot loop: src/poseidon/poseidon.c (checks,
 * Montgomery conversion, trees, light-poseidon API) -> the kernel table in
 * poseidon.c -> kernel_<name>.c, each an instance of perm_impl.h.
 */
#ifndef ZKPRIM_POSEIDON_H
#define ZKPRIM_POSEIDON_H

#include <stddef.h>
#include <stdint.h>

#include "zkprim/zkprim.h"

#ifdef __cplusplus
extern "C" {
#endif

#define ZKP_POSEIDON_MAX_INPUTS 16   /* circom: t = 2..17 */
#define ZKP_POSEIDON_MIN_WIDTH 2
#define ZKP_POSEIDON_MAX_WIDTH 17
#define ZKP_POSEIDON_LP_MAX_INPUTS 12 /* light-poseidon 0.4: t = 2..13 */
#define ZKP_POSEIDON_BYTES 32

/* A field element as a canonical integer, 64-bit limbs, least significant
 * first (limb[0] holds bits 0..63). Not Montgomery form. */
typedef struct zkp_poseidon_fr {
    uint64_t limb[4];
} zkp_poseidon_fr;

/* Which kernel the functions below use now ("avx512ifma", "bmi2" or
 * "portable"). */
ZKP_API ZKP_QUERY const char *zkp_poseidon_implementation(void);

/* ---- hashing field elements (circomlibjs poseidon(inputs)) ---------------- */

/* Hash of n_inputs = 1..16 elements. ZKP_ERR_COUNT for n_inputs outside
 * 1..16, ZKP_ERR_NULL for NULL pointers, ZKP_ERR_RANGE if an input is >= p.
 * out may alias inputs. */
ZKP_MUST_USE ZKP_API ZKP_CT zkp_status zkp_poseidon_hash(const zkp_poseidon_fr *inputs, size_t n_inputs,
                                                zkp_poseidon_fr *out);
/* The same with n_inputs 32-byte encodings back to back (32 * n_inputs
 * bytes), big- or little-endian; the output is the hash in the same byte
 * order. */
ZKP_MUST_USE ZKP_API ZKP_CT zkp_status zkp_poseidon_hash_be(const uint8_t *inputs, size_t n_inputs, uint8_t out[32]);
ZKP_MUST_USE ZKP_API ZKP_CT zkp_status zkp_poseidon_hash_le(const uint8_t *inputs, size_t n_inputs, uint8_t out[32]);
/* Hash with an explicit initial capacity element (light-poseidon's domain
 * tag, circomlibjs' initState); capacity NULL means 0. */
ZKP_MUST_USE ZKP_API ZKP_CT zkp_status zkp_poseidon_hash_tagged(const zkp_poseidon_fr *capacity,
                                                       const zkp_poseidon_fr *inputs, size_t n_inputs,
                                                       zkp_poseidon_fr *out);

/* The permutation of t = 2..17 lanes in place; state[0] is the capacity
 * element. ZKP_ERR_COUNT for another width t; ZKP_ERR_RANGE (state
 * unchanged) if a lane is >= p. */
ZKP_MUST_USE ZKP_API ZKP_CT zkp_status zkp_poseidon_permute(zkp_poseidon_fr *state, size_t t);

/* n independent hashes of n_inputs inputs each: outs[i] = hash(inputs[i *
 * n_inputs .. (i + 1) * n_inputs)). Interleaved for instruction-level
 * parallelism (eight states per pass on avx512ifma); same results as n
 * calls of zkp_poseidon_hash. On an error nothing is written. ZKP_ERR_COUNT
 * for n_inputs outside 1..16; ZKP_ERR_LENGTH when the input size
 * 32 * n_inputs * n bytes wraps or exceeds PTRDIFF_MAX (checked before any
 * input is read). n = 0 does nothing. outs may alias inputs. */
ZKP_MUST_USE ZKP_API ZKP_CT zkp_status zkp_poseidon_hash_batch(const zkp_poseidon_fr *inputs, size_t n_inputs, size_t n,
                                                      zkp_poseidon_fr *outs);

/* ---- Merkle trees of 2-to-1 nodes (circom style) ----------------------------- *
 *
 * node = hash(left, right) (width 3, capacity 0); leaves are field elements
 * (>= p: ZKP_ERR_RANGE); one leaf is its own root. The full node array holds
 * 2n - 1 elements level by level: nodes[0 .. n) the leaves, then each level
 * up, nodes[2n - 2] the root. Errors common to all of them: n_leaves not a
 * power of two (or 0): ZKP_ERR_COUNT; the leaf array, or the 2n - 1 nodes,
 * larger than PTRDIFF_MAX bytes: ZKP_ERR_LENGTH. A leaf index is a uint64_t;
 * an index >= n_leaves (or >= 2^depth) is ZKP_ERR_RANGE, a proof of more
 * than 64 siblings ZKP_ERR_PROOF_SHAPE.
 *
 * Leaf counts: root, build, proof and proof_from_leaves take the same ones,
 * powers of two, and refuse every other count alike (ZKP_ERR_COUNT): the
 * fixed-depth complete tree that circom's Merkle inclusion circuits check.
 * None pads: padding is the caller's choice (zero leaves up to 2^depth, as
 * `zkprim tree -a poseidon --pad` adds, or zk-kit's IMT zero values);
 * the unpadded tree of any size is LeanIMT (lean_imt.h). */

/* Root only, with O(log n) stack memory. */
ZKP_MUST_USE ZKP_API ZKP_CT zkp_status zkp_poseidon_tree_root(const zkp_poseidon_fr *leaves, size_t n_leaves,
                                                     zkp_poseidon_fr *root);
/* Every node (2 * n_leaves - 1 elements); nodes may equal leaves. */
ZKP_MUST_USE ZKP_API ZKP_CT zkp_status zkp_poseidon_tree_build(const zkp_poseidon_fr *leaves, size_t n_leaves,
                                                      zkp_poseidon_fr *nodes);
/* Inclusion proof of leaf `index` from a full node array (tree_build):
 * log2 n_leaves sibling elements, bottom first, into proof (may be NULL
 * when n_leaves == 1). Copies: the nodes are not range-checked here. */
ZKP_MUST_USE ZKP_API ZKP_CT zkp_status zkp_poseidon_tree_proof(const zkp_poseidon_fr *nodes, size_t n_leaves,
                                                      uint64_t index, zkp_poseidon_fr *proof);
/* Inclusion proof of leaf `index` straight from the leaves (no node array,
 * O(log n) memory; about one tree_root of hashing): log2 n_leaves siblings,
 * bottom first, into proof (may be NULL when n_leaves == 1; must not
 * overlap leaves), and the root into *root unless root is NULL. The same
 * counts and errors as tree_root (every leaf is range-checked), plus
 * index >= n_leaves: ZKP_ERR_RANGE. */
ZKP_MUST_USE ZKP_API ZKP_CT zkp_status zkp_poseidon_tree_proof_from_leaves(const zkp_poseidon_fr *leaves,
                                                                   size_t n_leaves, uint64_t index,
                                                                   zkp_poseidon_fr *proof, zkp_poseidon_fr *root);
/* Root implied by a leaf, its index and `depth` siblings from the bottom up
 * (bit k of index says whether the node at level k is a right child). */
ZKP_MUST_USE ZKP_API ZKP_CT zkp_status zkp_poseidon_tree_proof_root(const zkp_poseidon_fr *leaf, uint64_t index,
                                                           const zkp_poseidon_fr *proof, size_t depth,
                                                           zkp_poseidon_fr *root);
/* ZKP_OK when leaf at index with proof (depth siblings, bottom first)
 * hashes to root; ZKP_ERR_VERIFY when not (wrong leaf, index or sibling);
 * ZKP_ERR_RANGE for index >= 2^depth or an element (root included) >= p;
 * ZKP_ERR_PROOF_SHAPE for depth > 64; ZKP_ERR_NULL for NULL pointers. */
ZKP_MUST_USE ZKP_API ZKP_CT zkp_status zkp_poseidon_tree_verify(const zkp_poseidon_fr *root, const zkp_poseidon_fr *leaf,
                                                       uint64_t index, const zkp_poseidon_fr *proof, size_t depth);

/* Many openings of one tree, and multiproofs (docs/poseidon.md). k
 * openings: leaves[i] at indices[i] with its ordinary proof (depth
 * elements, bottom first, proofs[depth*i ..]), against one root; indices
 * strictly increasing. Walked level by level: a level's distinct nodes go
 * through one hash_batch (arity 2), a node shared by several paths once,
 * and every supplied sibling the walk also computes must agree. Checks,
 * first failure wins: NULL (ZKP_ERR_NULL); k == 0 (ZKP_ERR_COUNT); depth >
 * 64 (ZKP_ERR_PROOF_SHAPE); sizes (ZKP_ERR_LENGTH); index by index: not
 * above the previous one (ZKP_ERR_PROOF_SHAPE), >= 2^depth (ZKP_ERR_RANGE);
 * the root or a leaf >= p (ZKP_ERR_RANGE); [multi_verify: proof_n not the
 * multiproof's size (ZKP_ERR_PROOF_SHAPE)]; a sibling >= p
 * (ZKP_ERR_RANGE); then ZKP_ERR_VERIFY unless every path leads to root.
 * threads > 1 cuts the sorted set where paths meet high in the tree and
 * creates threads. Allocates about 112 bytes per opening (ZKP_ERR_NOMEM). */
/* verify_batch and the multiproof functions: left out of freestanding builds
 * (they allocate; docs/zkvm.md), as is all of Poseidon on 32-bit targets. */
ZKP_MUST_USE ZKP_API ZKP_CT ZKP_ALLOCATES zkp_status zkp_poseidon_tree_verify_batch(const zkp_poseidon_fr *root,
                                                                           const zkp_poseidon_fr *leaves,
                                                                           const uint64_t *indices, size_t k,
                                                                           const zkp_poseidon_fr *proofs, size_t depth,
                                                                           unsigned threads);
/* A multiproof: the sibling elements the verifier cannot compute, level by
 * level from the leaves up, by index within a level. Its size, in
 * ELEMENTS, depends on (indices, depth) only. */
ZKP_MUST_USE ZKP_API ZKP_QUERY zkp_status zkp_poseidon_tree_multi_proof_size(const uint64_t *indices, size_t k, size_t depth,
                                                                    size_t *size);
/* Writes it from a full node array (tree_build) into proof[0..cap)
 * elements, the count into *proof_n; cap too small: ZKP_ERR_LENGTH with
 * *proof_n set. */
ZKP_MUST_USE ZKP_API ZKP_CT zkp_status zkp_poseidon_tree_multi_proof(const zkp_poseidon_fr *nodes, size_t n_leaves,
                                                            const uint64_t *indices, size_t k, zkp_poseidon_fr *proof,
                                                            size_t cap, size_t *proof_n);
ZKP_MUST_USE ZKP_API ZKP_CT ZKP_ALLOCATES zkp_status zkp_poseidon_tree_multi_verify(const zkp_poseidon_fr *root,
                                                                           const zkp_poseidon_fr *leaves,
                                                                           const uint64_t *indices, size_t k,
                                                                           const zkp_poseidon_fr *proof, size_t proof_n,
                                                                           size_t depth, unsigned threads);

/* ---- light-poseidon 0.4 compatible API ------------------------------------ */

/* light-poseidon's PoseidonError variants that the BN254 circom path can
 * produce, plus NULL pointers and invalid configurations (not Rust cases).
 * Each has one zkp_status, following the library-wide table (docs/api.md):
 *   EMPTY_INPUT              -> ZKP_ERR_EMPTY_INPUT
 *   INVALID_INPUT_LENGTH     -> ZKP_ERR_LENGTH
 *   INPUT_LARGER_THAN_MODULUS-> ZKP_ERR_RANGE
 *   INVALID_NUMBER_OF_INPUTS -> ZKP_ERR_COUNT
 *   INVALID_WIDTH_CIRCOM     -> ZKP_ERR_COUNT (a number of inputs outside 1..12)
 *   NULL_POINTER             -> ZKP_ERR_NULL
 *   INVALID_HASHER           -> ZKP_ERR_STATE (a zkp_poseidon_circom never
 *                               constructed, or its fields overwritten:
 *                               checked at every use) */
typedef enum zkp_poseidon_lp_error {
    ZKP_POSEIDON_LP_OK = 0,
    ZKP_POSEIDON_LP_EMPTY_INPUT = 1,
    ZKP_POSEIDON_LP_INVALID_INPUT_LENGTH = 2,
    ZKP_POSEIDON_LP_INPUT_LARGER_THAN_MODULUS = 3,
    ZKP_POSEIDON_LP_INVALID_NUMBER_OF_INPUTS = 4,
    ZKP_POSEIDON_LP_INVALID_WIDTH_CIRCOM = 5,
    ZKP_POSEIDON_LP_NULL_POINTER = 6,
    ZKP_POSEIDON_LP_INVALID_HASHER = 7
} zkp_poseidon_lp_error;

/* The fields of the Rust error, for the variant in `error` (others 0). */
typedef struct zkp_poseidon_lp_detail {
    zkp_poseidon_lp_error error;
    size_t index;              /* which input (EMPTY_INPUT, INVALID_INPUT_LENGTH, INPUT_LARGER_...) */
    size_t len;                /* InvalidInputLength { len, .. } */
    size_t modulus_bytes_len;  /* InvalidInputLength { .., modulus_bytes_len: 32 } */
    size_t inputs;             /* InvalidNumberOfInputs { inputs, .. } */
    size_t max_limit;          /* InvalidNumberOfInputs { max_limit } / InvalidWidthCircom { max_limit: 13 } */
    size_t width;              /* InvalidNumberOfInputs { width } / InvalidWidthCircom { width } */
} zkp_poseidon_lp_detail;

/* "EmptyInput", "InvalidInputLength", ... (the Rust variant names); never NULL. */
ZKP_API ZKP_QUERY const char *zkp_poseidon_lp_error_name(zkp_poseidon_lp_error e);

/* A light-poseidon configuration, the crate's Poseidon<Fr> object:
 * Poseidon::<Fr>::new_circom(n) or with_domain_tag_circom(n, tag). Plain
 * data, no streaming state; fields are private. */
typedef struct zkp_poseidon_circom {
    uint32_t n_inputs;
    uint32_t valid;
    zkp_poseidon_fr domain_tag;
} zkp_poseidon_circom;

/* The two constructors keep light-poseidon's names. n_inputs = 1..12, else
 * INVALID_WIDTH_CIRCOM { width: n_inputs + 1, max_limit: 13 }
 * (ZKP_ERR_COUNT; the width saturates at SIZE_MAX). `detail` may be NULL everywhere. */
ZKP_MUST_USE ZKP_API ZKP_CT zkp_status zkp_poseidon_new_circom(zkp_poseidon_circom *h, size_t n_inputs,
                                                      zkp_poseidon_lp_detail *detail);
/* As new_circom with lane 0 = tag (tag >= p: ZKP_ERR_RANGE). */
ZKP_MUST_USE ZKP_API ZKP_CT zkp_status zkp_poseidon_with_domain_tag_circom(zkp_poseidon_circom *h, size_t n_inputs,
                                                                  const zkp_poseidon_fr *tag,
                                                                  zkp_poseidon_lp_detail *detail);
/* hash(&[Fr]): the count is checked first (INVALID_NUMBER_OF_INPUTS), then
 * every input must be < p (Rust's Fr always is; here INPUT_LARGER_THAN_MODULUS). */
ZKP_MUST_USE ZKP_API ZKP_CT zkp_status zkp_poseidon_circom_hash(const zkp_poseidon_circom *h, const zkp_poseidon_fr *inputs,
                                                       size_t n_inputs, zkp_poseidon_fr *out,
                                                       zkp_poseidon_lp_detail *detail);
/* hash_bytes_be / hash_bytes_le: inputs[i] points to lens[i] bytes. Checks in
 * light-poseidon 0.4's order, first failure wins:
 *   1. each input in order: empty -> EMPTY_INPUT; length != 32 ->
 *      INVALID_INPUT_LENGTH { len, modulus_bytes_len: 32 };
 *   2. each input in order: value >= p -> INPUT_LARGER_THAN_MODULUS;
 *   3. n_inputs != the configuration's count -> INVALID_NUMBER_OF_INPUTS
 *      { inputs: n_inputs, max_limit: count, width: count + 1 }. A count too
 *      large for any array of lens (n_inputs * sizeof(size_t) above
 *      PTRDIFF_MAX) fails with this error first, before the per-input
 *      checks would walk off the arrays.
 * A configuration never constructed or with overwritten fields:
 * INVALID_HASHER (ZKP_ERR_STATE), for zkp_poseidon_circom_hash too.
 * out: the hash, 32 bytes in the same byte order as the inputs. */
ZKP_MUST_USE ZKP_API ZKP_CT zkp_status zkp_poseidon_circom_hash_bytes_be(const zkp_poseidon_circom *h,
                                                                const uint8_t *const *inputs, const size_t *lens,
                                                                size_t n_inputs, uint8_t out[32],
                                                                zkp_poseidon_lp_detail *detail);
ZKP_MUST_USE ZKP_API ZKP_CT zkp_status zkp_poseidon_circom_hash_bytes_le(const zkp_poseidon_circom *h,
                                                                const uint8_t *const *inputs, const size_t *lens,
                                                                size_t n_inputs, uint8_t out[32],
                                                                zkp_poseidon_lp_detail *detail);
/* One-shot form: checks 1 and 2 as above, then the count must be 1..12
 * (else INVALID_NUMBER_OF_INPUTS { inputs: n_inputs, max_limit: 12, width:
 * n_inputs + 1 }), then hashes as new_circom(n_inputs).hash_bytes_*(inputs). */
ZKP_MUST_USE ZKP_API ZKP_CT zkp_status zkp_poseidon_hash_bytes_be(const uint8_t *const *inputs, const size_t *lens,
                                                         size_t n_inputs, uint8_t out[32],
                                                         zkp_poseidon_lp_detail *detail);
ZKP_MUST_USE ZKP_API ZKP_CT zkp_status zkp_poseidon_hash_bytes_le(const uint8_t *const *inputs, const size_t *lens,
                                                         size_t n_inputs, uint8_t out[32],
                                                         zkp_poseidon_lp_detail *detail);

/* ---- conversions -------------------------------------------------------------- */

/* 32 bytes (big- or little-endian) <-> element, result first; from:
 * ZKP_ERR_RANGE if >= p. to: cannot fail, pointers must be valid. */
ZKP_MUST_USE ZKP_API ZKP_CT zkp_status zkp_poseidon_fr_from_be(zkp_poseidon_fr *out, const uint8_t in[32]);
ZKP_MUST_USE ZKP_API ZKP_CT zkp_status zkp_poseidon_fr_from_le(zkp_poseidon_fr *out, const uint8_t in[32]);
ZKP_API ZKP_CT void zkp_poseidon_fr_to_be(uint8_t out[32], const zkp_poseidon_fr *in);
ZKP_API ZKP_CT void zkp_poseidon_fr_to_le(uint8_t out[32], const zkp_poseidon_fr *in);

#ifdef __cplusplus
}
#endif
#endif
