/*
 * Many openings of one Poseidon tree at once, and multiproofs
 * (poseidon.h): the level-by-level engine of core/multiproof.c with
 * Poseidon's pieces. An element is 32 bytes of limbs, so a pair of nodes is
 * two consecutive elements and a level's pairs are exactly the input of
 * one zkp_poseidon_hash_batch of arity 2 (eight states per pass on
 * avx512ifma). Every element is range-checked once, up front.
 */
#include <string.h>

#include "core/multiproof.h"
#include "bn254/fr.h"
#include "zkprim/poseidon.h"

#define NODE ZKPI_MP_NODE
_Static_assert(sizeof(zkp_poseidon_fr) == NODE, "an element is one 32-byte node");

static zkp_status pmp_hash_pairs(void *ctx, const uint8_t (*pairs)[2 * NODE], size_t n, int is_top,
                                 uint8_t (*out)[NODE]) {
    (void)ctx;
    (void)is_top;
    return zkp_poseidon_hash_batch((const zkp_poseidon_fr *)(const void *)pairs, 2, n,
                                   (zkp_poseidon_fr *)(void *)out);
}

static zkp_status pmp_leaves(void *ctx, size_t first, size_t n, uint8_t (*out)[NODE]) {
    const zkp_poseidon_fr *leaves = ctx;
    memcpy(out, leaves + first, n * NODE);
    return ZKP_OK;
}

static zkp_status pmp_range(const zkp_poseidon_fr *v, size_t n) {
    uint64_t bad = 0;
    for (size_t i = 0; i < n; i++) bad |= (uint64_t)!zkpi_bn254_is_canonical(v[i].limb);
    return bad ? ZKP_ERR_RANGE : ZKP_OK;
}

/* The checks both verifiers share, in the header's order; the proof is
 * proof_count * proof_per elements. */
static zkp_status pmp_setup(const zkp_poseidon_fr *root, const zkp_poseidon_fr *leaves, const uint64_t *indices,
                            size_t k, const zkp_poseidon_fr *proof, size_t proof_count, size_t proof_per, size_t depth,
                            zkpi_mp_shape *s) {
    if (!root || (k && (!leaves || !indices)) || (!proof && proof_count && proof_per)) return ZKP_ERR_NULL;
    if (k == 0) return ZKP_ERR_COUNT;
    if (depth > 64) return ZKP_ERR_PROOF_SHAPE;
    if (!zkpi_array_ok(k, NODE) || !zkpi_array_ok(proof_count, NODE * proof_per)) return ZKP_ERR_LENGTH;
    *s = (zkpi_mp_shape){(unsigned)depth, 0};
    zkp_status st = zkpi_mp_check_indices(s, indices, k);
    if (st == ZKP_OK) st = pmp_range(root, 1);
    if (st == ZKP_OK) st = pmp_range(leaves, k);
    return st;
}

zkp_status zkp_poseidon_tree_verify_batch(const zkp_poseidon_fr *root, const zkp_poseidon_fr *leaves,
                                          const uint64_t *indices, size_t k, const zkp_poseidon_fr *proofs,
                                          size_t depth, unsigned threads) {
    zkpi_mp_shape s;
    zkp_status st = pmp_setup(root, leaves, indices, k, proofs, k, depth, depth, &s);
    if (st == ZKP_OK && depth) st = pmp_range(proofs, k * depth);
    if (st != ZKP_OK) return st;
    uint8_t root_bytes[NODE];
    memcpy(root_bytes, root, NODE);
    zkpi_mp_family f = {pmp_hash_pairs, pmp_leaves, (void *)leaves, NULL};
    /* depth 0 has no siblings: any non-NULL base marks the openings form */
    zkpi_mp_input in = {.indices = indices, .k = k,
                        .proof_base = depth ? (const uint8_t *)(const void *)proofs : root_bytes,
                        .proof_stride = NODE * depth};
    return zkpi_mp_verify(&f, &s, &in, root_bytes, threads);
}

zkp_status zkp_poseidon_tree_multi_proof_size(const uint64_t *indices, size_t k, size_t depth, size_t *size) {
    return zkpi_mp_full_count(indices, k, depth, size);
}

zkp_status zkp_poseidon_tree_multi_proof(const zkp_poseidon_fr *nodes, size_t n_leaves, const uint64_t *indices,
                                         size_t k, zkp_poseidon_fr *proof, size_t cap, size_t *proof_n) {
    if (!proof_n) return ZKP_ERR_NULL;
    return zkpi_mp_full_proof((const uint8_t *)(const void *)nodes, n_leaves, indices, k, (uint8_t *)(void *)proof, cap,
                              proof_n);
}

zkp_status zkp_poseidon_tree_multi_verify(const zkp_poseidon_fr *root, const zkp_poseidon_fr *leaves,
                                          const uint64_t *indices, size_t k, const zkp_poseidon_fr *proof,
                                          size_t proof_n, size_t depth, unsigned threads) {
    zkpi_mp_shape s;
    zkp_status st = pmp_setup(root, leaves, indices, k, proof, proof_n, 1, depth, &s);
    if (st != ZKP_OK) return st;
    uint64_t count = zkpi_mp_siblings(&s, indices, k, NULL, NULL, NULL);
    if (count != (uint64_t)proof_n) return ZKP_ERR_PROOF_SHAPE;
    st = pmp_range(proof, proof_n);
    if (st != ZKP_OK) return st;
    uint8_t root_bytes[NODE];
    memcpy(root_bytes, root, NODE);
    zkpi_mp_family f = {pmp_hash_pairs, pmp_leaves, (void *)leaves, NULL};
    zkpi_mp_input in = {.indices = indices, .k = k, .stream = (const uint8_t *)(const void *)proof,
                        .stream_nodes = proof_n};
    return zkpi_mp_verify(&f, &s, &in, root_bytes, threads);
}
