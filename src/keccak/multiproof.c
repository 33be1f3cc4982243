/*
 * Many openings of one Keccak tree at once, and multiproofs (keccak.h):
 * the level-by-level engine of core/multiproof.c with Keccak's pieces. A
 * level's pairs are 64-byte inputs back to back, so one strided batch
 * (hash_batch's path: eight lanes on AVX-512) hashes the whole level.
 */
#include "core/multiproof.h"

#include "core/util.h"
#include "keccak/many_internal.h"
#include "zkprim/keccak.h"

#define NODE 32

typedef struct kmp_ctx {
    keccak_params p;
    const uint8_t *leaves;
} kmp_ctx;

static zkp_status kmp_hash_pairs(void *ctx, const uint8_t (*pairs)[2 * NODE], size_t n, int is_top,
                                 uint8_t (*out)[NODE]) {
    (void)is_top;
    kmp_ctx *c = ctx;
    zkpi_keccak_many_stride(&c->p, pairs[0], 2 * NODE, 2 * NODE, n, out[0], NODE);
    return ZKP_OK;
}

static zkp_status kmp_hash_halves(void *ctx, const uint8_t *const *left, const uint8_t *const *right, size_t n,
                                  int is_top, uint8_t (*out)[NODE]) {
    (void)is_top;
    kmp_ctx *c = ctx;
    zkpi_keccak_many_halves(&c->p, left, right, n, out);
    return ZKP_OK;
}

static zkp_status kmp_leaves(void *ctx, size_t first, size_t n, uint8_t (*out)[NODE]) {
    kmp_ctx *c = ctx;
    memcpy(out, c->leaves + first * NODE, n * NODE);
    return ZKP_OK;
}

/* The checks both verifiers share, in the header's order; the proof is
 * proof_count * proof_per nodes. */
static zkp_status kmp_setup(zkp_keccak_alg alg, const uint8_t *root, const uint8_t *leaves, const uint64_t *indices,
                            size_t k, const uint8_t *proof, size_t proof_count, size_t proof_per, size_t depth,
                            zkpi_mp_shape *s, kmp_ctx *c) {
    if (alg != ZKP_KECCAK_256 && alg != ZKP_SHA3_256) return ZKP_ERR_PARAM;
    if (!keccak_params_of(alg, &c->p)) return ZKP_ERR_PARAM;
    if (!root || (k && (!leaves || !indices)) || (!proof && proof_count && proof_per)) return ZKP_ERR_NULL;
    if (k == 0) return ZKP_ERR_COUNT;
    if (depth > 64) return ZKP_ERR_PROOF_SHAPE;
    if (!zkpi_array_ok(k, NODE) || !zkpi_array_ok(proof_count, proof_per)) return ZKP_ERR_LENGTH;
    *s = (zkpi_mp_shape){(unsigned)depth, 0};
    c->leaves = leaves;
    return zkpi_mp_check_indices(s, indices, k);
}

zkp_status zkp_keccak_tree_verify_batch(zkp_keccak_alg alg, const uint8_t root[32], const uint8_t *leaves,
                                        const uint64_t *indices, size_t k, const uint8_t *proofs, size_t depth,
                                        unsigned threads) {
    zkpi_mp_shape s;
    kmp_ctx c;
    zkp_status st = kmp_setup(alg, root, leaves, indices, k, proofs, k, NODE * depth, depth, &s, &c);
    if (st != ZKP_OK) return st;
    zkpi_mp_family f = {kmp_hash_pairs, kmp_leaves, &c, zkpi_keccak_many_has_halves(&c.p) ? kmp_hash_halves : NULL};
    /* depth 0 has no siblings: any non-NULL base marks the openings form */
    zkpi_mp_input in = {.indices = indices, .k = k, .proof_base = proofs ? proofs : root, .proof_stride = NODE * depth};
    return zkpi_mp_verify(&f, &s, &in, root, threads);
}

zkp_status zkp_keccak_tree_multi_proof_size(const uint64_t *indices, size_t k, size_t depth, size_t *size) {
    size_t count;
    zkp_status st = zkpi_mp_full_count(indices, k, depth, size ? &count : NULL);
    if (st == ZKP_OK) *size = count * NODE; /* checked: count nodes fit an object */
    return st;
}

zkp_status zkp_keccak_tree_multi_proof(const uint8_t *nodes, size_t n, const uint64_t *indices, size_t k,
                                       uint8_t *proof, size_t cap, size_t *proof_len) {
    size_t count = 0;
    if (!proof_len) return ZKP_ERR_NULL;
    zkp_status st = zkpi_mp_full_proof(nodes, n, indices, k, proof, cap / NODE, &count);
    if (st == ZKP_OK || (st == ZKP_ERR_LENGTH && count)) *proof_len = count * NODE;
    return st;
}

zkp_status zkp_keccak_tree_multi_verify(zkp_keccak_alg alg, const uint8_t root[32], const uint8_t *leaves,
                                        const uint64_t *indices, size_t k, const uint8_t *proof, size_t proof_len,
                                        size_t depth, unsigned threads) {
    zkpi_mp_shape s;
    kmp_ctx c;
    zkp_status st = kmp_setup(alg, root, leaves, indices, k, proof, proof_len, 1, depth, &s, &c);
    if (st != ZKP_OK) return st;
    uint64_t count = zkpi_mp_siblings(&s, indices, k, NULL, NULL, NULL);
    if (count > SIZE_MAX / NODE || proof_len != (size_t)count * NODE) return ZKP_ERR_PROOF_SHAPE;
    zkpi_mp_family f = {kmp_hash_pairs, kmp_leaves, &c, zkpi_keccak_many_has_halves(&c.p) ? kmp_hash_halves : NULL};
    zkpi_mp_input in = {.indices = indices, .k = k, .stream = proof, .stream_nodes = (size_t)count};
    return zkpi_mp_verify(&f, &s, &in, root, threads);
}
