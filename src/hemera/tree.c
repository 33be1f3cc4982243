/*
 * Hemera tree hashing (spec section 7): hash_leaf, hash_node, the
 * namespace node, the left-balanced merge and the fixed 4 KiB-chunk root.
 * Variable time: tree inputs are public (spec section 10).
 */
#include "hemera/modes.h"
#include "hemera/tree_stream.h"

zkp_status zkpi_hm_leaf(const uint8_t *chunk, size_t len, uint64_t counter, int is_root, uint8_t out[ZKP_HEMERA_DIGEST_BYTES]) {
    uint8_t h[ZKP_HEMERA_DIGEST_BYTES];
    zkp_status s = zkp_hemera_hash(chunk, len, h);  /* plain tag-0 sponge with its own length */
    if (s != ZKP_OK) return s;
    uint64_t st[ZKP_HEMERA_WIDTH] = {0};
    hm_get_limbs(st, h);
    st[HM_COUNTER] = counter;
    st[HM_FLAGS] = HM_FLAG_CHUNK | (is_root ? HM_FLAG_ROOT : 0);
    zkp_hemera_permute(st);
    hm_put_digest(out, st);
    return ZKP_OK;
}

static void node_state(uint64_t st[ZKP_HEMERA_WIDTH], const uint8_t *left, const uint8_t *right, int is_root) {
    memset(st, 0, ZKP_HEMERA_WIDTH * sizeof st[0]);
    hm_get_limbs(st, left);
    hm_get_limbs(st + 4, right);
    st[HM_FLAGS] = HM_FLAG_PARENT | (is_root ? HM_FLAG_ROOT : 0);
}

void zkpi_hm_node(const uint8_t left[ZKP_HEMERA_DIGEST_BYTES], const uint8_t right[ZKP_HEMERA_DIGEST_BYTES], int is_root,
             uint8_t out[ZKP_HEMERA_DIGEST_BYTES]) {
    uint64_t st[ZKP_HEMERA_WIDTH];
    node_state(st, left, right, is_root);
    zkp_hemera_permute(st);
    hm_put_digest(out, st);
}

zkp_status zkp_hemera_hash_leaf(const uint8_t *chunk, size_t len, uint64_t counter, int is_root,
                                uint8_t out[ZKP_HEMERA_DIGEST_BYTES]) {
    if ((!chunk && len) || !out) return ZKP_ERR_NULL;
    if (!zkpi_bytes_ok(len)) return ZKP_ERR_LENGTH;
    return zkpi_hm_leaf(chunk, len, counter, is_root, out);
}

/* The node functions cannot fail on valid pointers, so they return nothing
 * (hemera.h: pointers must be valid); a NULL pointer is ignored. */
void zkp_hemera_hash_node(const uint8_t left[ZKP_HEMERA_DIGEST_BYTES], const uint8_t right[ZKP_HEMERA_DIGEST_BYTES],
                          int is_root, uint8_t out[ZKP_HEMERA_DIGEST_BYTES]) {
    if (!left || !right || !out) return;
    zkpi_hm_node(left, right, is_root, out);
}

void zkp_hemera_hash_node_nmt(const uint8_t left[ZKP_HEMERA_DIGEST_BYTES], const uint8_t right[ZKP_HEMERA_DIGEST_BYTES],
                              uint64_t ns_min, uint64_t ns_max, int is_root, uint8_t out[ZKP_HEMERA_DIGEST_BYTES]) {
    if (!left || !right || !out) return;
    uint64_t st[ZKP_HEMERA_WIDTH];
    node_state(st, left, right, is_root);
    /* Bounds are u64 limbs taken mod p like every other limb input; with
     * both 0 the node equals hash_node (spec 7.3). */
    st[HM_NS_MIN] = ns_min;
    st[HM_NS_MAX] = ns_max;
    zkp_hemera_permute(st);
    hm_put_digest(out, st);
}

/* ---- fixed 4 KiB-chunk tree ------------------------------------------------ */

uint64_t zkp_hemera_tree_chunk_count(uint64_t total_len) {
    if (total_len == 0) return 1;
    return (total_len - 1) / ZKP_HEMERA_CHUNK_BYTES + 1;
}

zkp_status zkpi_hm_fixed_range(const uint8_t *data, size_t len, uint64_t first, uint64_t count, int is_root,
                          uint8_t out[ZKP_HEMERA_DIGEST_BYTES]) {
    size_t off = (size_t)(first * ZKP_HEMERA_CHUNK_BYTES);
    size_t end = count <= (len - off) / ZKP_HEMERA_CHUNK_BYTES ? off + (size_t)count * ZKP_HEMERA_CHUNK_BYTES : len;
    if (count == 1) /* a single-leaf (sub)tree is the leaf itself, flagged (spec 7.5, n = 1) */
        return zkpi_hm_leaf(data ? data + off : data, end - off, first, is_root, out);
    /* the streaming core over the range: a node of the tree is aligned, so
     * merging from its start is the global merge (core/subtree.h) */
    return zkpi_hm_chunks_root(data + off, end - off, first, is_root, out);
}

zkp_status zkp_hemera_tree_root_fixed(const uint8_t *data, size_t len, unsigned threads,
                                      uint8_t out[ZKP_HEMERA_DIGEST_BYTES]) {
    if ((!data && len) || !out) return ZKP_ERR_NULL;
    if (!zkpi_bytes_ok(len)) return ZKP_ERR_LENGTH;
    return zkpi_hm_tree_root(data, len, threads, out);
}
