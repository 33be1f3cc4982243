/*
 * Many openings of one Poseidon2 tree at once, and multiproofs
 * (poseidon2.h): the level-by-level engine of core/multiproof.c with this
 * module's leaf and pair hashes (tree_internal.h). A pair of 32-byte nodes
 * is 64 bytes, so a level's pairs are one batch of width-16 states for the
 * 31-bit fields. Every node of every tree is 32 bytes, so the multiproof
 * size and copy are the engine's full-tree ones for all three fields.
 * Every element is range-checked once, up front. Left out of freestanding
 * builds (the engine allocates).
 */
#include <string.h>

#include "bn254/fr.h"
#include "core/multiproof.h"
#include "core/util.h"
#include "poseidon2/tree_internal.h"
#include "zkprim/poseidon2.h"

#define NODE ZKPI_MP_NODE

typedef struct p2mp_ctx {
    zkpi_p2t_field f;     /* NULL: BN254 */
    const uint8_t *rows;  /* the k opened rows (31-bit) or leaves (BN254), in index order */
    size_t row_len;       /* elements of a row (31-bit) */
} p2mp_ctx;

static zkp_status p2mp_hash_pairs(void *ctx, const uint8_t (*pairs)[2 * NODE], size_t n, int is_top,
                                  uint8_t (*out)[NODE]) {
    (void)is_top;
    zkpi_p2t_pairs(((const p2mp_ctx *)ctx)->f, &pairs[0][0], n, &out[0][0]);
    return ZKP_OK;
}

static zkp_status p2mp_leaves(void *ctx, size_t first, size_t n, uint8_t (*out)[NODE]) {
    const p2mp_ctx *c = ctx;
    if (c->f) zkpi_p2t_rows(c->f, c->rows + first * c->row_len * sizeof(uint32_t), c->row_len, n, &out[0][0]);
    else memcpy(out, c->rows + first * NODE, n * NODE);
    return ZKP_OK;
}

/* What the siblings are: k single proofs of `depth` nodes back to back
 * (openings), or a multiproof of proof_n nodes (stream). */
typedef struct p2mp_sibs {
    const uint8_t *base;
    size_t proof_n;
    int stream;
} p2mp_sibs;

/* The header's checks after the sizes, in its order, then the engine:
 * the indices; a multiproof's length; the range (canonical: every element
 * of root, the openings and the siblings below p). */
static zkp_status p2mp_verify(const p2mp_ctx *c, const uint8_t *root, const uint64_t *indices, size_t k,
                              p2mp_sibs sib, size_t depth, unsigned threads, int canonical) {
    zkpi_mp_shape s = {(unsigned)depth, 0};
    zkp_status st = zkpi_mp_check_indices(&s, indices, k);
    if (st != ZKP_OK) return st;
    if (sib.stream && zkpi_mp_siblings(&s, indices, k, NULL, NULL, NULL) != (uint64_t)sib.proof_n)
        return ZKP_ERR_PROOF_SHAPE;
    if (!canonical) return ZKP_ERR_RANGE;
    zkpi_mp_input in = {.indices = indices, .k = k};
    if (sib.stream) {
        in.stream = sib.base;
        in.stream_nodes = sib.proof_n;
    } else {
        /* depth 0 has no siblings: any non-NULL base marks the openings form */
        in.proof_base = depth ? sib.base : root;
        in.proof_stride = NODE * depth;
    }
    zkpi_mp_family f = {p2mp_hash_pairs, p2mp_leaves, (void *)c, NULL};
    return zkpi_mp_verify(&f, &s, &in, root, threads);
}

/* nsib siblings: k * depth (openings) or proof_n (a multiproof). */
static zkp_status t31_verify(zkpi_p2t_field f, const uint32_t root[8], const uint32_t *rows, size_t row_len,
                             const uint64_t *indices, size_t k, const uint32_t *proof, size_t nsib, p2mp_sibs sib,
                             size_t depth, unsigned threads) {
    if (!root || (k && (!rows || !indices)) || (nsib && !proof)) return ZKP_ERR_NULL;
    if (k == 0 || row_len == 0) return ZKP_ERR_COUNT;
    if (depth > 64) return ZKP_ERR_PROOF_SHAPE;
    if (row_len > ZKP_MAX_BYTES / sizeof(uint32_t) || !zkpi_array_ok(k, row_len * sizeof(uint32_t)) ||
        !zkpi_array_ok(k, NODE * depth) || !zkpi_array_ok(sib.proof_n, NODE))
        return ZKP_ERR_LENGTH;
    int ok = zkpi_f31_all_canonical(root, 8, f->p) & zkpi_f31_all_canonical(rows, k * row_len, f->p) & zkpi_f31_all_canonical(proof, nsib * 8, f->p);
    p2mp_ctx c = {f, (const uint8_t *)rows, row_len};
    sib.base = (const uint8_t *)proof;
    return p2mp_verify(&c, (const uint8_t *)root, indices, k, sib, depth, threads, ok);
}

static zkp_status bn_verify(const zkp_poseidon_fr *root, const zkp_poseidon_fr *leaves, const uint64_t *indices,
                            size_t k, const zkp_poseidon_fr *proof, size_t nsib, p2mp_sibs sib, size_t depth,
                            unsigned threads) {
    if (!root || (k && (!leaves || !indices)) || (nsib && !proof)) return ZKP_ERR_NULL;
    if (k == 0) return ZKP_ERR_COUNT;
    if (depth > 64) return ZKP_ERR_PROOF_SHAPE;
    if (!zkpi_array_ok(k, NODE) || !zkpi_array_ok(k, NODE * depth) || !zkpi_array_ok(sib.proof_n, NODE))
        return ZKP_ERR_LENGTH;
    int ok = zkpi_p2t_bn_canonical(root, 1) & zkpi_p2t_bn_canonical(leaves, k) & zkpi_p2t_bn_canonical(proof, nsib);
    p2mp_ctx c = {NULL, (const uint8_t *)leaves, 1};
    sib.base = (const uint8_t *)proof;
    return p2mp_verify(&c, (const uint8_t *)root, indices, k, sib, depth, threads, ok);
}

/* k * depth siblings of the openings form; a count too large for an object
 * is caught by the size checks (the product is then not used). */
static size_t openings_nsib(size_t k, size_t depth) { return zkpi_array_ok(k, NODE * depth) ? k * depth : 0; }

static const p2mp_sibs k_openings = {NULL, 0, 0};

static p2mp_sibs stream_of(size_t proof_n) { return (p2mp_sibs){NULL, proof_n, 1}; }

/* ---- verify_batch: k single proofs -------------------------------------------- */

zkp_status zkp_poseidon2_babybear_tree_verify_batch(const uint32_t root[8], const uint32_t *rows, size_t row_len,
                                                    const uint64_t *indices, size_t k, const uint32_t *proofs,
                                                    size_t depth, unsigned threads) {
    return t31_verify(&zkpi_p2_babybear16, root, rows, row_len, indices, k, proofs, openings_nsib(k, depth),
                      k_openings, depth, threads);
}

zkp_status zkp_poseidon2_koalabear_tree_verify_batch(const uint32_t root[8], const uint32_t *rows, size_t row_len,
                                                     const uint64_t *indices, size_t k, const uint32_t *proofs,
                                                     size_t depth, unsigned threads) {
    return t31_verify(&zkpi_p2_koalabear16, root, rows, row_len, indices, k, proofs, openings_nsib(k, depth),
                      k_openings, depth, threads);
}

zkp_status zkp_poseidon2_bn254_tree_verify_batch(const zkp_poseidon_fr *root, const zkp_poseidon_fr *leaves,
                                                 const uint64_t *indices, size_t k, const zkp_poseidon_fr *proofs,
                                                 size_t depth, unsigned threads) {
    return bn_verify(root, leaves, indices, k, proofs, openings_nsib(k, depth), k_openings, depth, threads);
}

/* ---- multiproofs ------------------------------------------------------------------ */

zkp_status zkp_poseidon2_tree_multi_proof_size(const uint64_t *indices, size_t k, size_t depth, size_t *size) {
    return zkpi_mp_full_count(indices, k, depth, size);
}

/* Any field: a node is 32 bytes of the node array, copied. */
static zkp_status p2mp_proof(const void *nodes, size_t n_leaves, const uint64_t *indices, size_t k, void *proof,
                             size_t cap, size_t *proof_n) {
    if (!proof_n) return ZKP_ERR_NULL;
    return zkpi_mp_full_proof(nodes, n_leaves, indices, k, proof, cap, proof_n);
}

zkp_status zkp_poseidon2_babybear_tree_multi_proof(const uint32_t *nodes, size_t n_leaves, const uint64_t *indices,
                                                   size_t k, uint32_t *proof, size_t cap, size_t *proof_n) {
    return p2mp_proof(nodes, n_leaves, indices, k, proof, cap, proof_n);
}

zkp_status zkp_poseidon2_koalabear_tree_multi_proof(const uint32_t *nodes, size_t n_leaves, const uint64_t *indices,
                                                    size_t k, uint32_t *proof, size_t cap, size_t *proof_n) {
    return p2mp_proof(nodes, n_leaves, indices, k, proof, cap, proof_n);
}

zkp_status zkp_poseidon2_bn254_tree_multi_proof(const zkp_poseidon_fr *nodes, size_t n_leaves,
                                                const uint64_t *indices, size_t k, zkp_poseidon_fr *proof,
                                                size_t cap, size_t *proof_n) {
    return p2mp_proof(nodes, n_leaves, indices, k, proof, cap, proof_n);
}

zkp_status zkp_poseidon2_babybear_tree_multi_verify(const uint32_t root[8], const uint32_t *rows, size_t row_len,
                                                    const uint64_t *indices, size_t k, const uint32_t *proof,
                                                    size_t proof_n, size_t depth, unsigned threads) {
    return t31_verify(&zkpi_p2_babybear16, root, rows, row_len, indices, k, proof, proof_n, stream_of(proof_n),
                      depth, threads);
}

zkp_status zkp_poseidon2_koalabear_tree_multi_verify(const uint32_t root[8], const uint32_t *rows, size_t row_len,
                                                     const uint64_t *indices, size_t k, const uint32_t *proof,
                                                     size_t proof_n, size_t depth, unsigned threads) {
    return t31_verify(&zkpi_p2_koalabear16, root, rows, row_len, indices, k, proof, proof_n, stream_of(proof_n),
                      depth, threads);
}

zkp_status zkp_poseidon2_bn254_tree_multi_verify(const zkp_poseidon_fr *root, const zkp_poseidon_fr *leaves,
                                                 const uint64_t *indices, size_t k, const zkp_poseidon_fr *proof,
                                                 size_t proof_n, size_t depth, unsigned threads) {
    return bn_verify(root, leaves, indices, k, proof, proof_n, stream_of(proof_n), depth, threads);
}
