/*
 * Many openings of one Poseidon2 tree at once (poseidon2.h): the
 * level-by-level engine of core/multiproof.c with this module's leaf and
 * pair hashes (tree_internal.h). A pair of 32-byte nodes is 64 bytes, so a
 * level's pairs are one batch of width-16 states for the 31-bit fields.
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

/* The checks of the header, in its order, then the engine. */
static zkp_status p2mp_verify(const p2mp_ctx *c, const uint8_t *root, const uint64_t *indices, size_t k,
                              const uint8_t *proofs, size_t depth, unsigned threads, int canonical) {
    zkpi_mp_shape s = {(unsigned)depth, 0};
    zkp_status st = zkpi_mp_check_indices(&s, indices, k);
    if (st != ZKP_OK) return st;
    if (!canonical) return ZKP_ERR_RANGE;
    /* depth 0 has no siblings: any non-NULL base marks the openings form */
    zkpi_mp_input in = {.indices = indices, .k = k, .proof_base = depth ? proofs : root,
                        .proof_stride = NODE * depth};
    zkpi_mp_family f = {p2mp_hash_pairs, p2mp_leaves, (void *)c};
    return zkpi_mp_verify(&f, &s, &in, root, threads);
}

static int canonical31(const uint32_t *x, size_t n, uint32_t p) {
    uint32_t bad = 0;
    for (size_t i = 0; i < n; i++) bad |= (uint32_t)(x[i] >= p);
    return bad == 0;
}

static zkp_status t31_verify_batch(zkpi_p2t_field f, const uint32_t root[8], const uint32_t *rows, size_t row_len,
                                   const uint64_t *indices, size_t k, const uint32_t *proofs, size_t depth,
                                   unsigned threads) {
    if (!root || (k && (!rows || !indices)) || (k && depth && !proofs)) return ZKP_ERR_NULL;
    if (k == 0 || row_len == 0) return ZKP_ERR_COUNT;
    if (depth > 64) return ZKP_ERR_PROOF_SHAPE;
    if (row_len > ZKP_MAX_BYTES / sizeof(uint32_t) || !zkpi_array_ok(k, row_len * sizeof(uint32_t)) ||
        !zkpi_array_ok(k, NODE * depth))
        return ZKP_ERR_LENGTH;
    int ok = canonical31(root, 8, f->p) & canonical31(rows, k * row_len, f->p) &
             canonical31(proofs, k * depth * 8, f->p);
    p2mp_ctx c = {f, (const uint8_t *)rows, row_len};
    return p2mp_verify(&c, (const uint8_t *)root, indices, k, (const uint8_t *)proofs, depth, threads, ok);
}

zkp_status zkp_poseidon2_babybear_tree_verify_batch(const uint32_t root[8], const uint32_t *rows, size_t row_len,
                                                    const uint64_t *indices, size_t k, const uint32_t *proofs,
                                                    size_t depth, unsigned threads) {
    return t31_verify_batch(&zkpi_p2_babybear16, root, rows, row_len, indices, k, proofs, depth, threads);
}

zkp_status zkp_poseidon2_koalabear_tree_verify_batch(const uint32_t root[8], const uint32_t *rows, size_t row_len,
                                                     const uint64_t *indices, size_t k, const uint32_t *proofs,
                                                     size_t depth, unsigned threads) {
    return t31_verify_batch(&zkpi_p2_koalabear16, root, rows, row_len, indices, k, proofs, depth, threads);
}

zkp_status zkp_poseidon2_bn254_tree_verify_batch(const zkp_poseidon_fr *root, const zkp_poseidon_fr *leaves,
                                                 const uint64_t *indices, size_t k, const zkp_poseidon_fr *proofs,
                                                 size_t depth, unsigned threads) {
    if (!root || (k && (!leaves || !indices)) || (k && depth && !proofs)) return ZKP_ERR_NULL;
    if (k == 0) return ZKP_ERR_COUNT;
    if (depth > 64) return ZKP_ERR_PROOF_SHAPE;
    if (!zkpi_array_ok(k, NODE) || !zkpi_array_ok(k, NODE * depth)) return ZKP_ERR_LENGTH;
    int ok = zkpi_bn254_is_canonical(root->limb);
    for (size_t i = 0; i < k; i++) ok &= zkpi_bn254_is_canonical(leaves[i].limb);
    for (size_t i = 0; i < k * depth; i++) ok &= zkpi_bn254_is_canonical(proofs[i].limb);
    p2mp_ctx c = {NULL, (const uint8_t *)leaves, 1};
    return p2mp_verify(&c, (const uint8_t *)root, indices, k, (const uint8_t *)proofs, depth, threads, ok);
}
