/*
 * Poseidon2 (eprint 2023/323) in the instances the proof systems ship:
 *
 *  - BabyBear (p = 2^31 - 2^27 + 1 = 2013265921, x^7) and KoalaBear
 *    (p = 2^31 - 2^24 + 1 = 2130706433, x^3) at widths 16 and 24, with
 *    Plonky3's default constants and round numbers (R_F = 8; R_P = 13 / 21
 *    for BabyBear, 20 / 23 for KoalaBear), bit-exact with Plonky3's
 *    default_{babybear,koalabear}_poseidon2_{16,24}() (commit 5dc50e5);
 *    the hash is Plonky3's PaddingFreeSponge<width 16, rate 8, 8 out> and
 *    the compression its TruncatedPermutation<2 to 1, 8 elements, width 16>.
 *  - BN254 width 4 as barretenberg and Noir's standard library use it
 *    (x^5, R_F = 8, R_P = 56), and Noir's poseidon2 hash (its sponge: rate
 *    3, capacity element n * 2^64).
 *
 * Elements enter and leave as canonical integers (uint32_t for the 31-bit
 * fields, zkp_poseidon_fr limbs for BN254), never Montgomery form; a value
 * >= p is rejected with ZKP_ERR_RANGE and nothing is written. Nothing here
 * allocates. Every function is constant time in the element values (ZKP_CT:
 * only the status reveals which input was out of range).
 *
 * Path to the hot loop: src/poseidon2/poseidon2.c (checks, sponge) ->
 * the 31-bit batch kernel table (batch31_{avx512,avx2,neon,portable}.c, one
 * template perm31_tmpl.h over the field layers of src/field31/) or
 * the BN254 kernel table (bn254_{bmi2,portable}.c, template bn254_tmpl.h
 * over src/bn254/; batches in bn254_ifma.c's vector lanes). docs/poseidon2.md.
 */
#ifndef ZKPRIM_POSEIDON2_H
#define ZKPRIM_POSEIDON2_H

#include <stddef.h>
#include <stdint.h>

#include "zkprim/poseidon.h"
#include "zkprim/zkprim.h"

#ifdef __cplusplus
extern "C" {
#endif

#define ZKP_POSEIDON2_BABYBEAR_P 2013265921u
#define ZKP_POSEIDON2_KOALABEAR_P 2130706433u
#define ZKP_POSEIDON2_31_DIGEST 8 /* elements of a 31-bit hash / compression output */
#define ZKP_POSEIDON2_BN254_WIDTH 4

/* Which kernel the 31-bit batch functions use now ("avx512", "avx2",
 * "neon" or "portable"). */
ZKP_API ZKP_QUERY const char *zkp_poseidon2_implementation(void);

/* ---- BabyBear ------------------------------------------------------------ */

/* The permutation of width = 16 or 24 lanes in place. ZKP_ERR_NULL for a
 * NULL state, ZKP_ERR_COUNT for another width, ZKP_ERR_RANGE (state
 * unchanged) if a lane is >= p. */
ZKP_MUST_USE ZKP_API ZKP_CT zkp_status zkp_poseidon2_babybear_permute(uint32_t *state, size_t width);
/* n independent permutations of width lanes each, states back to back
 * (n * width elements), in place; the same results as n single calls, many
 * states per pass on the vector kernels. n = 0 does nothing (states may then
 * be NULL). ZKP_ERR_LENGTH when n * width * 4 bytes would exceed
 * PTRDIFF_MAX; on an error nothing is written. */
ZKP_MUST_USE ZKP_API ZKP_CT zkp_status zkp_poseidon2_babybear_permute_batch(uint32_t *states, size_t width,
                                                                   size_t n);
/* Plonky3's hash of n elements (width 16, rate 8, overwrite mode, no
 * padding: for fixed-length inputs only; n = 0 gives eight zeros). in may
 * be NULL when n = 0; out may alias in. ZKP_ERR_LENGTH when 4 n bytes would
 * exceed PTRDIFF_MAX. */
ZKP_MUST_USE ZKP_API ZKP_CT zkp_status zkp_poseidon2_babybear_hash(const uint32_t *in, size_t n,
                                                          uint32_t out[ZKP_POSEIDON2_31_DIGEST]);
/* 2-to-1 compression of Merkle nodes: the first 8 lanes of the width-16
 * permutation of left || right. out may alias left or right. */
ZKP_MUST_USE ZKP_API ZKP_CT zkp_status zkp_poseidon2_babybear_compress(const uint32_t left[ZKP_POSEIDON2_31_DIGEST],
                                                              const uint32_t right[ZKP_POSEIDON2_31_DIGEST],
                                                              uint32_t out[ZKP_POSEIDON2_31_DIGEST]);

/* ---- KoalaBear (the same contracts) -------------------------------------- */

ZKP_MUST_USE ZKP_API ZKP_CT zkp_status zkp_poseidon2_koalabear_permute(uint32_t *state, size_t width);
ZKP_MUST_USE ZKP_API ZKP_CT zkp_status zkp_poseidon2_koalabear_permute_batch(uint32_t *states, size_t width,
                                                                    size_t n);
ZKP_MUST_USE ZKP_API ZKP_CT zkp_status zkp_poseidon2_koalabear_hash(const uint32_t *in, size_t n,
                                                           uint32_t out[ZKP_POSEIDON2_31_DIGEST]);
ZKP_MUST_USE ZKP_API ZKP_CT zkp_status zkp_poseidon2_koalabear_compress(const uint32_t left[ZKP_POSEIDON2_31_DIGEST],
                                                               const uint32_t right[ZKP_POSEIDON2_31_DIGEST],
                                                               uint32_t out[ZKP_POSEIDON2_31_DIGEST]);

/* ---- BN254, width 4 ------------------------------------------------------- */

/* The permutation of four lanes in place (Noir's poseidon2_permutation).
 * ZKP_ERR_NULL, ZKP_ERR_RANGE (state unchanged) if a lane is >= p. */
ZKP_MUST_USE ZKP_API ZKP_CT zkp_status zkp_poseidon2_bn254_permute(zkp_poseidon_fr state[ZKP_POSEIDON2_BN254_WIDTH]);
/* n independent states of four lanes (state i at states + 4 i), each
 * permuted in place as by zkp_poseidon2_bn254_permute; eight at a time in
 * AVX-512 IFMA lanes where the CPU has them. n = 0 is ZKP_OK (states may be
 * NULL); ZKP_ERR_NULL; ZKP_ERR_LENGTH when 128 n bytes would exceed
 * PTRDIFF_MAX; ZKP_ERR_RANGE (every state unchanged) if any lane is >= p. */
ZKP_MUST_USE ZKP_API ZKP_CT zkp_status zkp_poseidon2_bn254_permute_batch(zkp_poseidon_fr *states, size_t n);
/* Noir's poseidon2 hash of n elements (fixed length: Poseidon2::hash(in, n)
 * with n the array length): state (0, 0, 0, n * 2^64), each block of up to
 * three elements added to lanes 0..2 (the last zero-padded) and permuted,
 * at least one permutation; the hash is lane 0. in may be NULL when n = 0;
 * out may alias in. ZKP_ERR_LENGTH when 32 n bytes would exceed
 * PTRDIFF_MAX. */
ZKP_MUST_USE ZKP_API ZKP_CT zkp_status zkp_poseidon2_bn254_hash(const zkp_poseidon_fr *in, size_t n,
                                                       zkp_poseidon_fr *out);

/* ---- Merkle trees (docs/poseidon2.md) ------------------------------------ *
 *
 * Through the library's one tree engine (core/merge_stack.c for roots,
 * core/multiproof.c for batched openings). A tree has n_leaves = 2^depth
 * leaves (ZKP_ERR_COUNT otherwise); nodes are 8 elements (31-bit) or one
 * element (BN254).
 *  - BabyBear / KoalaBear: Plonky3's MerkleTreeMmcs over one matrix of
 *    n_leaves rows of row_len (>= 1) elements: leaf i = hash(row i) (the
 *    sponge above), node = compress(left, right) (TruncatedPermutation).
 *  - BN254: the leaves are field elements as given; node = Noir's
 *    poseidon2 hash of [left, right] (barretenberg's Poseidon2
 *    hash_pair, the node hash of Aztec's trees).
 * tree_build writes all 2 n - 1 nodes, level 0 (the leaf digests) first,
 * then each level up, the root last (the layout of every zkprim tree_build);
 * tree_proof copies leaf index's depth siblings out of it, bottom first;
 * tree_verify recomputes the root from the opened row / leaf. Errors: NULL
 * (ZKP_ERR_NULL), an element >= p (ZKP_ERR_RANGE, nothing written), index
 * >= n (ZKP_ERR_RANGE), depth > 64 (ZKP_ERR_PROOF_SHAPE), a proof that does
 * not lead to root (ZKP_ERR_VERIFY). verify_batch checks k openings of
 * one tree (indices strictly increasing, ZKP_ERR_PROOF_SHAPE otherwise;
 * rows / leaves in index order, proofs back to back, depth siblings each)
 * with one batched hash per level; threads as for the other trees
 * (0 or 1: the caller's). verify_batch allocates and is left out of
 * freestanding builds.
 *
 * Multiproofs (the format of the other trees' multiproofs, docs/poseidon2.md):
 * the sibling nodes a verifier of the leaves at indices[0..k) cannot
 * compute, level by level from the leaves up, by index within a level; a
 * node shared by several paths appears once. Its size, in NODES (8
 * elements each for the 31-bit fields, one element for BN254), depends on
 * (indices, depth) only: tree_multi_proof_size, for all three trees.
 * tree_multi_proof copies it out of tree_build's node array into
 * proof[0 .. cap nodes) and sets *proof_n (cap too small: ZKP_ERR_LENGTH
 * with *proof_n set). tree_multi_verify checks the opened rows / leaves (in
 * index order) against root with one batched hash per level, threads as
 * verify_batch. Checks, first failure wins: NULL (ZKP_ERR_NULL; proof may be
 * NULL when proof_n is 0); k == 0 or row_len == 0 (ZKP_ERR_COUNT); depth >
 * 64 (ZKP_ERR_PROOF_SHAPE); sizes (ZKP_ERR_LENGTH); index by index: not
 * above the previous one (ZKP_ERR_PROOF_SHAPE: sort the openings and drop
 * repeats first), >= 2^depth (ZKP_ERR_RANGE); [multi_proof: n_leaves not a
 * power of two (ZKP_ERR_COUNT, checked before the indices), cap];
 * [multi_verify: proof_n not the multiproof's size (ZKP_ERR_PROOF_SHAPE);
 * an element of root, rows / leaves or proof >= p (ZKP_ERR_RANGE); then
 * ZKP_ERR_VERIFY unless every path leads to root]. multi_verify allocates
 * (about 112 bytes per opening, ZKP_ERR_NOMEM); it and multi_proof are left
 * out of freestanding builds. */
ZKP_MUST_USE ZKP_API ZKP_CT zkp_status zkp_poseidon2_babybear_tree_root(const uint32_t *rows, size_t n_leaves,
                                                                   size_t row_len,
                                                                   uint32_t root[ZKP_POSEIDON2_31_DIGEST]);
ZKP_MUST_USE ZKP_API ZKP_CT zkp_status zkp_poseidon2_babybear_tree_build(const uint32_t *rows, size_t n_leaves,
                                                                    size_t row_len, uint32_t *nodes);
ZKP_MUST_USE ZKP_API ZKP_CT zkp_status zkp_poseidon2_babybear_tree_proof(const uint32_t *nodes, size_t n_leaves,
                                                                    uint64_t index, uint32_t *proof);
ZKP_MUST_USE ZKP_API ZKP_CT zkp_status zkp_poseidon2_babybear_tree_verify(const uint32_t root[ZKP_POSEIDON2_31_DIGEST],
                                                                     const uint32_t *row, size_t row_len,
                                                                     uint64_t index, const uint32_t *proof,
                                                                     size_t depth);
ZKP_MUST_USE ZKP_API ZKP_CT ZKP_ALLOCATES zkp_status zkp_poseidon2_babybear_tree_verify_batch(
    const uint32_t root[ZKP_POSEIDON2_31_DIGEST], const uint32_t *rows, size_t row_len, const uint64_t *indices,
    size_t k, const uint32_t *proofs, size_t depth, unsigned threads);
ZKP_MUST_USE ZKP_API ZKP_CT zkp_status zkp_poseidon2_koalabear_tree_root(const uint32_t *rows, size_t n_leaves,
                                                                    size_t row_len,
                                                                    uint32_t root[ZKP_POSEIDON2_31_DIGEST]);
ZKP_MUST_USE ZKP_API ZKP_CT zkp_status zkp_poseidon2_koalabear_tree_build(const uint32_t *rows, size_t n_leaves,
                                                                     size_t row_len, uint32_t *nodes);
ZKP_MUST_USE ZKP_API ZKP_CT zkp_status zkp_poseidon2_koalabear_tree_proof(const uint32_t *nodes, size_t n_leaves,
                                                                     uint64_t index, uint32_t *proof);
ZKP_MUST_USE ZKP_API ZKP_CT zkp_status zkp_poseidon2_koalabear_tree_verify(const uint32_t root[ZKP_POSEIDON2_31_DIGEST],
                                                                      const uint32_t *row, size_t row_len,
                                                                      uint64_t index, const uint32_t *proof,
                                                                      size_t depth);
ZKP_MUST_USE ZKP_API ZKP_CT ZKP_ALLOCATES zkp_status zkp_poseidon2_koalabear_tree_verify_batch(
    const uint32_t root[ZKP_POSEIDON2_31_DIGEST], const uint32_t *rows, size_t row_len, const uint64_t *indices,
    size_t k, const uint32_t *proofs, size_t depth, unsigned threads);
ZKP_MUST_USE ZKP_API ZKP_CT zkp_status zkp_poseidon2_bn254_tree_root(const zkp_poseidon_fr *leaves, size_t n_leaves,
                                                                zkp_poseidon_fr *root);
ZKP_MUST_USE ZKP_API ZKP_CT zkp_status zkp_poseidon2_bn254_tree_build(const zkp_poseidon_fr *leaves, size_t n_leaves,
                                                                 zkp_poseidon_fr *nodes);
ZKP_MUST_USE ZKP_API ZKP_CT zkp_status zkp_poseidon2_bn254_tree_proof(const zkp_poseidon_fr *nodes, size_t n_leaves,
                                                                 uint64_t index, zkp_poseidon_fr *proof);
ZKP_MUST_USE ZKP_API ZKP_CT zkp_status zkp_poseidon2_bn254_tree_verify(const zkp_poseidon_fr *root,
                                                                  const zkp_poseidon_fr *leaf, uint64_t index,
                                                                  const zkp_poseidon_fr *proof, size_t depth);
ZKP_MUST_USE ZKP_API ZKP_CT ZKP_ALLOCATES zkp_status zkp_poseidon2_bn254_tree_verify_batch(
    const zkp_poseidon_fr *root, const zkp_poseidon_fr *leaves, const uint64_t *indices, size_t k,
    const zkp_poseidon_fr *proofs, size_t depth, unsigned threads);
ZKP_MUST_USE ZKP_API ZKP_QUERY zkp_status zkp_poseidon2_tree_multi_proof_size(const uint64_t *indices, size_t k,
                                                                         size_t depth, size_t *size);
ZKP_MUST_USE ZKP_API ZKP_CT zkp_status zkp_poseidon2_babybear_tree_multi_proof(const uint32_t *nodes, size_t n_leaves,
                                                                          const uint64_t *indices, size_t k,
                                                                          uint32_t *proof, size_t cap, size_t *proof_n);
ZKP_MUST_USE ZKP_API ZKP_CT ZKP_ALLOCATES zkp_status zkp_poseidon2_babybear_tree_multi_verify(
    const uint32_t root[ZKP_POSEIDON2_31_DIGEST], const uint32_t *rows, size_t row_len, const uint64_t *indices,
    size_t k, const uint32_t *proof, size_t proof_n, size_t depth, unsigned threads);
ZKP_MUST_USE ZKP_API ZKP_CT zkp_status zkp_poseidon2_koalabear_tree_multi_proof(const uint32_t *nodes, size_t n_leaves,
                                                                           const uint64_t *indices, size_t k,
                                                                           uint32_t *proof, size_t cap, size_t *proof_n);
ZKP_MUST_USE ZKP_API ZKP_CT ZKP_ALLOCATES zkp_status zkp_poseidon2_koalabear_tree_multi_verify(
    const uint32_t root[ZKP_POSEIDON2_31_DIGEST], const uint32_t *rows, size_t row_len, const uint64_t *indices,
    size_t k, const uint32_t *proof, size_t proof_n, size_t depth, unsigned threads);
ZKP_MUST_USE ZKP_API ZKP_CT zkp_status zkp_poseidon2_bn254_tree_multi_proof(const zkp_poseidon_fr *nodes, size_t n_leaves,
                                                                       const uint64_t *indices, size_t k,
                                                                       zkp_poseidon_fr *proof, size_t cap,
                                                                       size_t *proof_n);
ZKP_MUST_USE ZKP_API ZKP_CT ZKP_ALLOCATES zkp_status zkp_poseidon2_bn254_tree_multi_verify(
    const zkp_poseidon_fr *root, const zkp_poseidon_fr *leaves, const uint64_t *indices, size_t k,
    const zkp_poseidon_fr *proof, size_t proof_n, size_t depth, unsigned threads);

/* ---- Plonky3's MerkleTreeMmcs: several matrices, one tree (docs/poseidon2.md)
 *
 * The commitment Plonky3 and SP1 make of traces and FRI layers (p3-merkle-tree
 * MerkleTreeMmcs<_, _, PaddingFreeSponge<16, 8, 8>, TruncatedPermutation<2,
 * 8, 16>, 2, 8>, cap height 0), bit-exact. Matrices are row-major, height
 * rows of width canonical elements. With H the tallest height and
 * d = ceil(log2 H):
 *  - every height must be ceil(H / 2^k) for some k (Plonky3's ladder:
 *    heights {7, 4, 2, 1} go with 7, but not 3); a matrix of height
 *    ceil(H / 2^k) enters the tree k levels above the leaves;
 *  - level 0: digest i = hash of row i of every matrix of height H,
 *    concatenated in the order given (one sponge input); level k: node i =
 *    compress(left, right) of the level below, then, where matrices enter
 *    at level k, compress(that node, hash of their rows i concatenated);
 *  - a level of odd length n > 1 gets a zero digest (eight zeros) appended,
 *    so level k holds ceil(H / 2^k) digests rounded up to even, the root
 *    level one. With one matrix of 2^d rows this is tree_build's tree.
 * Widths may be 0 (an empty row; values may then be NULL); heights >= 1.
 *
 * mmcs_size: for the shapes (values not read), the node count of the tree
 * (n_nodes), the siblings of an opening (proof_n = d) and the elements of
 * an opening's rows (row_n = the sum of the widths); each output may be
 * NULL. mmcs_commit writes all levels into nodes[0 .. n_nodes) (8 elements
 * a node), level 0 first, the root last. mmcs_open copies, for leaf index
 * < H, each matrix's row index >> (d - ceil(log2 height)) into rows (in the
 * order given, row_n elements) and the d siblings from the leaves up into
 * proof (Plonky3's open_batch). mmcs_verify checks such an opening against
 * root for shapes dims (only width and height read; Plonky3's verify_batch).
 * Checks, first failure wins: NULL (ZKP_ERR_NULL; rows, proof and a matrix's
 * values may be NULL where their size is 0); no matrix, a height 0 or off
 * the ladder (ZKP_ERR_COUNT); sizes above PTRDIFF_MAX bytes (ZKP_ERR_LENGTH);
 * [commit, open: n_nodes not the tree's (ZKP_ERR_LENGTH), open: rows_n or
 * proof_n not the opening's (ZKP_ERR_LENGTH)]; [verify: rows_n or proof_n
 * not the opening's (ZKP_ERR_PROOF_SHAPE)]; index >= H (ZKP_ERR_RANGE); an
 * element >= p (ZKP_ERR_RANGE, nothing written; open checks the rows and
 * siblings it copies); then ZKP_ERR_VERIFY unless the opening leads to root.
 * Nothing here allocates. */
typedef struct zkp_poseidon2_matrix {
    const uint32_t *values; /* height * width elements, row by row */
    size_t width;
    size_t height;
} zkp_poseidon2_matrix;

ZKP_MUST_USE ZKP_API ZKP_CT zkp_status zkp_poseidon2_mmcs_size(const zkp_poseidon2_matrix *mats, size_t n_mats,
                                                             size_t *n_nodes, size_t *proof_n, size_t *row_n);
ZKP_MUST_USE ZKP_API ZKP_CT zkp_status zkp_poseidon2_babybear_mmcs_commit(const zkp_poseidon2_matrix *mats,
                                                                     size_t n_mats, uint32_t *nodes,
                                                                     size_t n_nodes);
ZKP_MUST_USE ZKP_API ZKP_CT zkp_status zkp_poseidon2_babybear_mmcs_open(const zkp_poseidon2_matrix *mats,
                                                                   size_t n_mats, const uint32_t *nodes,
                                                                   size_t n_nodes, uint64_t index, uint32_t *rows,
                                                                   size_t rows_n, uint32_t *proof, size_t proof_n);
ZKP_MUST_USE ZKP_API ZKP_CT zkp_status zkp_poseidon2_babybear_mmcs_verify(
    const uint32_t root[ZKP_POSEIDON2_31_DIGEST], const zkp_poseidon2_matrix *dims, size_t n_mats, uint64_t index,
    const uint32_t *rows, size_t rows_n, const uint32_t *proof, size_t proof_n);
ZKP_MUST_USE ZKP_API ZKP_CT zkp_status zkp_poseidon2_koalabear_mmcs_commit(const zkp_poseidon2_matrix *mats,
                                                                      size_t n_mats, uint32_t *nodes,
                                                                      size_t n_nodes);
ZKP_MUST_USE ZKP_API ZKP_CT zkp_status zkp_poseidon2_koalabear_mmcs_open(const zkp_poseidon2_matrix *mats,
                                                                    size_t n_mats, const uint32_t *nodes,
                                                                    size_t n_nodes, uint64_t index, uint32_t *rows,
                                                                    size_t rows_n, uint32_t *proof, size_t proof_n);
ZKP_MUST_USE ZKP_API ZKP_CT zkp_status zkp_poseidon2_koalabear_mmcs_verify(
    const uint32_t root[ZKP_POSEIDON2_31_DIGEST], const zkp_poseidon2_matrix *dims, size_t n_mats, uint64_t index,
    const uint32_t *rows, size_t rows_n, const uint32_t *proof, size_t proof_n);

/* ---- HorizenLabs reference instances (docs/poseidon2.md) ----------------- *
 *
 * The permutations of the Poseidon2 authors' reference implementation
 * (github.com/HorizenLabs/poseidon2, plain_implementations, commit 055bde3),
 * bit-exact with its test vectors, for interoperating with code built on it.
 * Not Plonky3's or barretenberg's instances: another 4x4 matrix
 * ([[5,7,1,3],[4,6,1,1],[1,3,5,7],[1,1,4,6]]), random internal diagonals,
 * and for BabyBear x^7 with the same round numbers but other outputs.
 *
 *   function suffix      field (p)                  widths        alpha  R_F  R_P
 *   babybear_permute     BabyBear 2013265921        16, 24        7      8    13, 21
 *   goldilocks_permute   Goldilocks 2^64 - 2^32 + 1 8, 12, 16, 20 7      8    22
 *   bn254_permute        BN254 Fr                   3             5      8    56
 *   bls12_381_permute    BLS12-381 Fr               2, 3, 4, 8    5      8    56 (57 at 8)
 *   pallas_permute       Pallas Fp (= Vesta Fr)     3, 4, 8       5      8    56 (57 at 8)
 *   vesta_permute        Vesta Fp (= Pallas Fr)     3             5      8    56
 *
 * Each permutes width canonical elements in place (uint32_t, uint64_t, or
 * zkp_poseidon_fr limbs for the 255-bit fields, never Montgomery form).
 * ZKP_ERR_COUNT for a width the reference does not define, ZKP_ERR_NULL for
 * a NULL state, ZKP_ERR_RANGE (state unchanged) if an element is >= p.
 * Portable C, one state per call, except for BabyBear, which runs the same
 * vector kernels as zkp_poseidon2_babybear_permute (in the reference's
 * matrices) and has a batched form. */
ZKP_MUST_USE ZKP_API ZKP_CT zkp_status zkp_poseidon2_horizen_babybear_permute(uint32_t *state, size_t width);
/* n independent BabyBear states of width (16 or 24) elements, back to back,
 * each permuted in place as by zkp_poseidon2_horizen_babybear_permute, many
 * per pass on the vector kernels. The contract of
 * zkp_poseidon2_babybear_permute_batch: ZKP_ERR_COUNT for another width;
 * n = 0 is ZKP_OK (states may be NULL); ZKP_ERR_NULL; ZKP_ERR_LENGTH when
 * n * width * 4 bytes would exceed PTRDIFF_MAX; ZKP_ERR_RANGE (every state
 * unchanged) if any element is >= p. */
ZKP_MUST_USE ZKP_API ZKP_CT zkp_status zkp_poseidon2_horizen_babybear_permute_batch(uint32_t *states, size_t width,
                                                                                   size_t n);
ZKP_MUST_USE ZKP_API ZKP_CT zkp_status zkp_poseidon2_horizen_goldilocks_permute(uint64_t *state, size_t width);
ZKP_MUST_USE ZKP_API ZKP_CT zkp_status zkp_poseidon2_horizen_bn254_permute(zkp_poseidon_fr *state, size_t width);
ZKP_MUST_USE ZKP_API ZKP_CT zkp_status zkp_poseidon2_horizen_bls12_381_permute(zkp_poseidon_fr *state,
                                                                              size_t width);
ZKP_MUST_USE ZKP_API ZKP_CT zkp_status zkp_poseidon2_horizen_pallas_permute(zkp_poseidon_fr *state, size_t width);
ZKP_MUST_USE ZKP_API ZKP_CT zkp_status zkp_poseidon2_horizen_vesta_permute(zkp_poseidon_fr *state, size_t width);

#ifdef __cplusplus
}
#endif

#endif
