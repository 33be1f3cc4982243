/* Test-only oracle for the OpenZeppelin trees: the package's algorithms
 * (@openzeppelin/merkle-tree 1.0.8, dist/core.js and merkletree.js)
 * transcribed as plainly as possible: an insertion sort, a recursive tree,
 * arrays shifted like JS arrays, the reference Keccak. Slow on purpose. */
#ifndef ZKPRIM_TESTS_OZ_TREE_ORACLE_H
#define ZKPRIM_TESTS_OZ_TREE_ORACLE_H

#include <stddef.h>
#include <stdint.h>

#include "zkprim/zkprim.h"

/* StandardMerkleTree.prepare + makeMerkleTree: nodes (2n-1) and treeIndex. */
void oracle_oz_tree(const uint8_t *leaves, size_t n, uint8_t *nodes, uint64_t *tree_index);
/* getProof. */
void oracle_oz_proof(const uint8_t *nodes, size_t total, uint64_t index, uint8_t *proof, size_t *depth);
/* getMultiProof (indices distinct leaves). */
void oracle_oz_multi_proof(const uint8_t *nodes, size_t total, const uint64_t *indices, size_t k, uint64_t *order,
                           uint8_t *proof, size_t *np, uint8_t *flags, size_t *nf);
/* processMultiProof + compare: ZKP_OK, ZKP_ERR_VERIFY, or ZKP_ERR_PROOF_SHAPE
 * where the package throws. */
zkp_status oracle_oz_multi_verify(const uint8_t root[32], const uint8_t *leaves, size_t nl, const uint8_t *proof,
                                  size_t np, const uint8_t *flags, size_t nf);

#endif
