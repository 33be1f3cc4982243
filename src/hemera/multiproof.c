/*
 * Many openings of one fixed 4 KiB-chunk tree at once, and multiproofs
 * (hemera.h): the level-by-level engine of core/multiproof.c with Hemera's
 * pieces. The left-balanced tree of n chunks is, level by level, the tree
 * that pairs nodes (2j, 2j + 1) and carries an odd level's last node up
 * unchanged (the engine's n_leaves shape); only the top node gets the root
 * flag (the leaf itself when n == 1). The opened chunks are hashed with
 * zkp_hemera_hash_leaf_batch, each level's pairs with
 * zkp_hemera_hash_node_batch.
 */
#include "core/multiproof.h"
#include "hemera/modes.h"

#define NODE ZKP_HEMERA_DIGEST_BYTES
_Static_assert(NODE == ZKPI_MP_NODE, "a chaining value is one 32-byte node");

typedef struct hmp_ctx {
    const uint8_t *const *chunks;
    const size_t *lens;
    const uint64_t *indices;
    uint64_t n;
} hmp_ctx;

static zkp_status hmp_hash_pairs(void *ctx, const uint8_t (*pairs)[2 * NODE], size_t n, int is_top,
                                 uint8_t (*out)[NODE]) {
    (void)ctx;
    return zkp_hemera_hash_node_batch(pairs, n, is_top, out);
}

static zkp_status hmp_leaves(void *ctx, size_t first, size_t n, uint8_t (*out)[NODE]) {
    const hmp_ctx *c = ctx;
    return zkp_hemera_hash_leaf_batch(c->chunks + first, c->lens + first, c->indices + first, n, c->n == 1, out);
}

static zkpi_mp_shape hmp_shape(uint64_t total_len) {
    uint64_t n = zkp_hemera_tree_chunk_count(total_len);
    unsigned levels = 0;
    while ((n - 1) >> levels) levels++;
    return (zkpi_mp_shape){levels, n};
}

/* Checks both verifiers share, in the header's order, up to the proof
 * shape; then every chunk must have the length its index gives
 * (ZKP_ERR_VERIFY otherwise, like zkp_hemera_tree_verify). */
static zkp_status hmp_setup(const uint8_t *root, const uint8_t *const *chunks, const size_t *lens,
                            const uint64_t *indices, size_t k, uint64_t total_len, zkpi_mp_shape *s, hmp_ctx *c) {
    if (!root || (k && (!chunks || !lens || !indices))) return ZKP_ERR_NULL;
    if (k == 0) return ZKP_ERR_COUNT;
    if (!zkpi_array_ok(k, sizeof(uint64_t) + 2 * NODE)) return ZKP_ERR_LENGTH;
    for (size_t i = 0; i < k; i++) {
        if (!chunks[i] && lens[i]) return ZKP_ERR_NULL;
        if (!zkpi_bytes_ok(lens[i])) return ZKP_ERR_LENGTH;
    }
    *s = hmp_shape(total_len);
    *c = (hmp_ctx){chunks, lens, indices, s->n_leaves};
    return zkpi_mp_check_indices(s, indices, k);
}

static zkp_status hmp_chunk_lengths(const hmp_ctx *c, size_t k, uint64_t total_len) {
    for (size_t i = 0; i < k; i++) {
        uint64_t want = c->indices[i] + 1 < c->n ? ZKP_HEMERA_CHUNK_BYTES
                                                 : total_len - (c->n - 1) * ZKP_HEMERA_CHUNK_BYTES;
        if ((uint64_t)c->lens[i] != want) return ZKP_ERR_VERIFY;
    }
    return ZKP_OK;
}

zkp_status zkp_hemera_tree_verify_batch(const uint8_t root[ZKP_HEMERA_DIGEST_BYTES], const uint8_t *const *chunks,
                                        const size_t *chunk_lens, const uint64_t *indices, size_t k,
                                        uint64_t total_len, const uint8_t *const *proofs, const size_t *proof_lens,
                                        unsigned threads) {
    zkpi_mp_shape s;
    hmp_ctx c;
    if (root && k && (!proofs || !proof_lens)) return ZKP_ERR_NULL;
    zkp_status st = hmp_setup(root, chunks, chunk_lens, indices, k, total_len, &s, &c);
    for (size_t i = 0; st == ZKP_OK && i < k; i++) {
        if (!proofs[i] && proof_lens[i]) return ZKP_ERR_NULL;
        if (!zkpi_bytes_ok(proof_lens[i])) return ZKP_ERR_LENGTH;
        if (proof_lens[i] != (size_t)zkpi_mp_path_len(&s, indices[i]) * NODE) return ZKP_ERR_PROOF_SHAPE;
    }
    if (st == ZKP_OK) st = hmp_chunk_lengths(&c, k, total_len);
    if (st != ZKP_OK) return st;
    zkpi_mp_family f = {hmp_hash_pairs, hmp_leaves, &c, NULL};
    /* a proof may be NULL when empty (n == 1): the engine never reads it */
    zkpi_mp_input in = {.indices = indices, .k = k, .proofs = proofs};
    return zkpi_mp_verify(&f, &s, &in, root, threads);
}

zkp_status zkp_hemera_tree_multi_proof_size(uint64_t total_len, const uint64_t *indices, size_t k, size_t *size) {
    if (!size || (k && !indices)) return ZKP_ERR_NULL;
    if (!zkpi_array_ok(k, sizeof *indices)) return ZKP_ERR_LENGTH;
    zkpi_mp_shape s = hmp_shape(total_len);
    zkp_status st = zkpi_mp_check_indices(&s, indices, k);
    if (st != ZKP_OK) return st;
    uint64_t count = zkpi_mp_siblings(&s, indices, k, NULL, NULL, NULL);
    /* count < the chunk count, so count * 32 < total_len + 32: no wrap */
    if (!zkpi_array_ok((size_t)count, NODE)) return ZKP_ERR_LENGTH;
    *size = (size_t)count * NODE;
    return ZKP_OK;
}

typedef struct hmp_writer {
    const uint8_t *data;
    size_t len;
    uint64_t n;
    uint8_t *proof;
} hmp_writer;

/* Node j of level l is the subtree of chunks [j 2^l, min((j + 1) 2^l, n)). */
static zkp_status hmp_write(void *ctx, unsigned level, uint64_t node, uint64_t pos) {
    hmp_writer *w = ctx;
    uint64_t lo = node << level, count = w->n - lo < ((uint64_t)1 << level) ? w->n - lo : (uint64_t)1 << level;
    return zkpi_hm_fixed_range(w->data, w->len, lo, count, 0, w->proof + (size_t)pos * NODE);
}

zkp_status zkp_hemera_tree_multi_proof(const uint8_t *data, size_t len, const uint64_t *indices, size_t k,
                                       uint8_t *proof, size_t cap, size_t *proof_len) {
    if ((!data && len) || !proof_len || (k && !indices) || (!proof && cap)) return ZKP_ERR_NULL;
    if (!zkpi_bytes_ok(len) || !zkpi_bytes_ok(cap)) return ZKP_ERR_LENGTH;
    size_t need;
    zkp_status st = zkp_hemera_tree_multi_proof_size(len, indices, k, &need);
    if (st != ZKP_OK) return st;
    *proof_len = need;
    if (cap < need) return ZKP_ERR_LENGTH;
    zkpi_mp_shape s = hmp_shape(len);
    hmp_writer w = {data, len, s.n_leaves, proof};
    (void)zkpi_mp_siblings(&s, indices, k, hmp_write, &w, &st);
    return st;
}

zkp_status zkp_hemera_tree_multi_verify(const uint8_t root[ZKP_HEMERA_DIGEST_BYTES], const uint8_t *const *chunks,
                                        const size_t *chunk_lens, const uint64_t *indices, size_t k,
                                        uint64_t total_len, const uint8_t *proof, size_t proof_len,
                                        unsigned threads) {
    zkpi_mp_shape s;
    hmp_ctx c;
    if (root && !proof && proof_len) return ZKP_ERR_NULL;
    zkp_status st = hmp_setup(root, chunks, chunk_lens, indices, k, total_len, &s, &c);
    if (st == ZKP_OK && !zkpi_bytes_ok(proof_len)) st = ZKP_ERR_LENGTH;
    if (st != ZKP_OK) return st;
    uint64_t count = zkpi_mp_siblings(&s, indices, k, NULL, NULL, NULL);
    if (proof_len % NODE || proof_len / NODE != count) return ZKP_ERR_PROOF_SHAPE;
    st = hmp_chunk_lengths(&c, k, total_len);
    if (st != ZKP_OK) return st;
    zkpi_mp_family f = {hmp_hash_pairs, hmp_leaves, &c, NULL};
    zkpi_mp_input in = {.indices = indices, .k = k, .stream = proof, .stream_nodes = (size_t)count};
    return zkpi_mp_verify(&f, &s, &in, root, threads);
}
