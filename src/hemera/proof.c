/*
 * Inclusion proofs for the fixed 4 KiB-chunk tree (the tree of
 * zkp_hemera_tree_root_fixed). A proof is the list of sibling digests from the
 * leaf up to the root, 32 bytes each, bottom-up; no header. Its length is
 * determined by (chunk count, index) because the left-balanced shape
 * (spec 7.4) is: so a verifier knows the exact size to expect and rejects
 * anything else as ZKP_ERR_PROOF_SHAPE.
 *
 * Path of leaf `index` among n leaves, top-down: at a subtree [lo, hi) with
 * more than one leaf, k = largest power of two below hi - lo; the leaf is
 * in the left part [lo, lo + k) (sibling: the right part) or in the right
 * part [lo + k, hi) (sibling: the left part).
 */
#include "hemera/modes.h"

#define HM_MAX_DEPTH 64

typedef struct hm_path {
    unsigned depth;
    uint8_t is_right[HM_MAX_DEPTH];  /* top-down: the path node is a right child */
    uint64_t sib_lo[HM_MAX_DEPTH];   /* top-down: the sibling subtree's leaves */
    uint64_t sib_n[HM_MAX_DEPTH];
} hm_path;

static void path_of(uint64_t n, uint64_t index, hm_path *p) {
    uint64_t lo = 0, hi = n;
    p->depth = 0;
    while (hi - lo > 1) {
        uint64_t k = hm_left_size(hi - lo);
        unsigned d = p->depth++;
        if (index < lo + k) {
            p->is_right[d] = 0;
            p->sib_lo[d] = lo + k;
            p->sib_n[d] = hi - lo - k;
            hi = lo + k;
        } else {
            p->is_right[d] = 1;
            p->sib_lo[d] = lo;
            p->sib_n[d] = k;
            lo += k;
        }
    }
}

zkp_status zkp_hemera_tree_proof_size(uint64_t total_len, uint64_t index, size_t *size) {
    if (!size) return ZKP_ERR_NULL;
    uint64_t n = zkp_hemera_tree_chunk_count(total_len);
    if (index >= n) return ZKP_ERR_RANGE;
    hm_path p;
    path_of(n, index, &p);
    *size = (size_t)p.depth * ZKP_HEMERA_DIGEST_BYTES;
    return ZKP_OK;
}

zkp_status zkp_hemera_tree_proof(const uint8_t *data, size_t len, uint64_t index, uint8_t *proof, size_t cap,
                                   size_t *proof_len) {
    if ((!data && len) || !proof_len || (!proof && cap)) return ZKP_ERR_NULL;
    if (!zkpi_bytes_ok(len) || !zkpi_bytes_ok(cap)) return ZKP_ERR_LENGTH;
    uint64_t n = zkp_hemera_tree_chunk_count(len);
    if (index >= n) return ZKP_ERR_RANGE;
    hm_path p;
    path_of(n, index, &p);
    size_t need = (size_t)p.depth * ZKP_HEMERA_DIGEST_BYTES;
    *proof_len = need;
    if (cap < need) return ZKP_ERR_LENGTH;
    /* Siblings are non-root subtrees; store them bottom-up. */
    for (unsigned d = 0; d < p.depth; d++) {
        zkp_status st = zkpi_hm_fixed_range(data, len, p.sib_lo[d], p.sib_n[d], 0,
                                       proof + (size_t)(p.depth - 1 - d) * ZKP_HEMERA_DIGEST_BYTES);
        if (st != ZKP_OK) return st;
    }
    return ZKP_OK;
}

zkp_status zkp_hemera_tree_verify(const uint8_t root[ZKP_HEMERA_DIGEST_BYTES], const uint8_t *chunk,
                                   size_t chunk_len, uint64_t index, uint64_t total_len, const uint8_t *proof,
                                   size_t proof_len) {
    if (!root || (!chunk && chunk_len) || (!proof && proof_len)) return ZKP_ERR_NULL;
    if (!zkpi_bytes_ok(chunk_len) || !zkpi_bytes_ok(proof_len)) return ZKP_ERR_LENGTH;
    uint64_t n = zkp_hemera_tree_chunk_count(total_len);
    if (index >= n) return ZKP_ERR_RANGE;
    hm_path p;
    path_of(n, index, &p);
    if (proof_len != (size_t)p.depth * ZKP_HEMERA_DIGEST_BYTES) return ZKP_ERR_PROOF_SHAPE;
    /* Every chunk but the last is full; the last holds the remainder. */
    uint64_t want_len = index + 1 < n ? ZKP_HEMERA_CHUNK_BYTES : total_len - (n - 1) * ZKP_HEMERA_CHUNK_BYTES;
    if ((uint64_t)chunk_len != want_len) return ZKP_ERR_VERIFY;

    uint8_t cur[ZKP_HEMERA_DIGEST_BYTES];
    zkp_status st = zkpi_hm_leaf(chunk, chunk_len, index, n == 1, cur);
    if (st != ZKP_OK) return st;
    for (unsigned j = 0; j < p.depth; j++) {
        unsigned d = p.depth - 1 - j;  /* bottom-up */
        const uint8_t *sib = proof + (size_t)j * ZKP_HEMERA_DIGEST_BYTES;
        if (p.is_right[d]) zkpi_hm_node(sib, cur, d == 0, cur);
        else zkpi_hm_node(cur, sib, d == 0, cur);
    }
    /* Compare without an early exit (the values are public, but there is no
     * reason to leak where they differ). */
    uint8_t diff = 0;
    for (int i = 0; i < ZKP_HEMERA_DIGEST_BYTES; i++) diff |= (uint8_t)(cur[i] ^ root[i]);
    return diff == 0 ? ZKP_OK : ZKP_ERR_VERIFY;
}
