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
    if (!zkp_bytes_ok(len)) return ZKP_ERR_LENGTH;
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

/* ---- left-balanced merge ------------------------------------------------- */

void zkpi_hm_stack_push(hm_stack *s, const uint8_t cv[ZKP_HEMERA_DIGEST_BYTES], int more_follow) {
    uint8_t cur[ZKP_HEMERA_DIGEST_BYTES];
    memcpy(cur, cv, sizeof cur);
    uint64_t n = ++s->leaves;
    if (more_follow) {
        /* Each trailing zero bit of the leaf count closes one aligned perfect
         * subtree; it is final because another leaf follows it. */
        while ((n & 1) == 0 && s->depth > 0) {
            zkpi_hm_node(s->cv[--s->depth], cur, 0, cur);
            n >>= 1;
        }
    }
    memcpy(s->cv[s->depth++], cur, sizeof cur);
}

void zkpi_hm_stack_finish(hm_stack *s, int is_root, uint8_t out[ZKP_HEMERA_DIGEST_BYTES]) {
    uint8_t cur[ZKP_HEMERA_DIGEST_BYTES];
    memcpy(cur, s->cv[--s->depth], sizeof cur);
    while (s->depth > 0) {
        --s->depth;
        zkpi_hm_node(s->cv[s->depth], cur, is_root && s->depth == 0, cur);
    }
    memcpy(out, cur, sizeof cur);
}

/* ---- fixed 4 KiB-chunk tree ------------------------------------------------ */

uint64_t zkp_hemera_tree_chunk_count(uint64_t total_len) {
    if (total_len == 0) return 1;
    return (total_len - 1) / ZKP_HEMERA_CHUNK_BYTES + 1;
}

/* Leaves are hashed LEAF_GROUP at a time through the lane-parallel batch
 * path (the same digests as zkpi_hm_leaf, several times the throughput), into a
 * stack buffer: the fixed root stays heap-free. A lone leaf takes the
 * single-state path, which has the lower latency. */
#define LEAF_GROUP 64

zkp_status zkpi_hm_fixed_range(const uint8_t *data, size_t len, uint64_t first, uint64_t count, int is_root,
                          uint8_t out[ZKP_HEMERA_DIGEST_BYTES]) {
    if (count == 1) {
        /* A single-leaf (sub)tree is the leaf itself: the root flag goes on
         * the leaf (spec 7.5, n = 1). data is NULL only for empty input. */
        size_t off = (size_t)(first * ZKP_HEMERA_CHUNK_BYTES);
        size_t clen = len - off < ZKP_HEMERA_CHUNK_BYTES ? len - off : ZKP_HEMERA_CHUNK_BYTES;
        return zkpi_hm_leaf(data ? data + off : data, clen, first, is_root, out);
    }
    hm_stack s;
    hm_stack_init(&s);
    const uint8_t *ptr[LEAF_GROUP];
    size_t lens[LEAF_GROUP];
    uint64_t ctr[LEAF_GROUP];
    uint8_t cv[LEAF_GROUP][ZKP_HEMERA_DIGEST_BYTES];
    const uint64_t end = first + count;
    for (uint64_t a = first; a < end; a += LEAF_GROUP) {
        unsigned m = end - a < LEAF_GROUP ? (unsigned)(end - a) : LEAF_GROUP;
        for (unsigned l = 0; l < m; l++) {
            size_t off = (size_t)((a + l) * ZKP_HEMERA_CHUNK_BYTES);
            ptr[l] = data + off; /* count > 1: data is not NULL */
            lens[l] = len - off < ZKP_HEMERA_CHUNK_BYTES ? len - off : ZKP_HEMERA_CHUNK_BYTES;
            ctr[l] = a + l;
        }
        zkp_status st = zkp_hemera_hash_leaf_batch(ptr, lens, ctr, m, 0, cv);
        if (st != ZKP_OK) return st;
        for (unsigned l = 0; l < m; l++) zkpi_hm_stack_push(&s, cv[l], a + l + 1 < end);
    }
    zkpi_hm_stack_finish(&s, is_root, out);
    return ZKP_OK;
}

zkp_status zkp_hemera_tree_root_fixed(const uint8_t *data, size_t len, unsigned threads,
                                      uint8_t out[ZKP_HEMERA_DIGEST_BYTES]) {
    if ((!data && len) || !out) return ZKP_ERR_NULL;
    if (!zkp_bytes_ok(len)) return ZKP_ERR_LENGTH;
    /* the calling thread alone: the streaming core (tree_stream.c), heap-free */
#if ZKP_FREESTANDING
    (void)threads;  /* no threads: batch_tree.c is left out */
#else
    if (threads > 1) return zkpi_hb_tree_root_levels(data, len, threads, out);
#endif
    return zkpi_hm_tree_root_stream(data, len, out);
}
