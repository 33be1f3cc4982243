/*
 * Hemera sponge modes (spec section 6): hash, hash_secret, keyed_hash,
 * derive_key, the streaming hasher and the XOF reader.
 *
 * Execution class: a hasher is created either "fast" (zkp_hemera_hasher_init,
 * public data, zkp_hemera_permute) or "constant time" (every other init:
 * secret, keyed, derive-key context and material; zkp_hemera_permute_ct).
 * The class is a bit of `flags` fixed at init and copied into XOF readers
 * made from the hasher. The glue around the permutation is the same for
 * both classes and is constant time by construction: which bytes are
 * copied where, the padding position and the block count depend only on
 * lengths; absorption is branch-free field addition.
 */
#include "hemera/modes.h"

/* flags: a magic value in the top half marks an initialised object (so a
 * zeroed or foreign struct is rejected with ZKP_ERR_STATE), bit 0 the
 * constant-time class. */
#define HM_MAGIC_HASHER 0x484d0000u /* "HM" */
#define HM_MAGIC_XOF 0x58460000u    /* "XF" */
#define HM_MAGIC_MASK 0xffff0000u
#define HM_CLASS_CT 1u

static int hasher_valid(const zkp_hemera_hasher *h) {
    return (h->flags & ~HM_CLASS_CT) == HM_MAGIC_HASHER && h->buflen < ZKP_HEMERA_RATE_BYTES;
}

static int xof_valid(const zkp_hemera_xof *x) {
    return (x->flags & ~HM_CLASS_CT) == HM_MAGIC_XOF && x->pos <= ZKP_HEMERA_DIGEST_BYTES;
}

/* The class bit is public (it says how the object was created), so this
 * branch reveals nothing about the data. */
static inline void hm_permute(uint32_t flags, uint64_t st[ZKP_HEMERA_WIDTH]) {
    if (flags & HM_CLASS_CT) zkp_hemera_permute_ct(st);
    else zkp_hemera_permute(st);
}

static void hasher_start(zkp_hemera_hasher *h, uint64_t tag, uint32_t ct) {
    memset(h->state, 0, sizeof h->state);
    h->state[HM_DOMAIN] = tag;  /* only in the fresh state (spec 6.2) */
    memset(h->buf, 0, sizeof h->buf);
    h->total = 0;
    h->buflen = 0;
    h->flags = HM_MAGIC_HASHER | (ct ? HM_CLASS_CT : 0);
}

/* The constructors cannot fail on valid pointers, so they return nothing
 * (hemera.h: pointers must be valid). A NULL hasher is ignored; a NULL key
 * or context key leaves the hasher unusable (flags 0), so its next use is
 * ZKP_ERR_STATE instead of a hash of garbage. */

void zkp_hemera_hasher_init(zkp_hemera_hasher *h) {
    if (h) hasher_start(h, HM_TAG_HASH, 0);
}

void zkp_hemera_hasher_init_secret(zkp_hemera_hasher *h) {
    if (h) hasher_start(h, HM_TAG_HASH, 1);
}

void zkp_hemera_hasher_init_keyed(zkp_hemera_hasher *h, const uint8_t key[ZKP_HEMERA_KEY_BYTES]) {
    if (!h) return;
    hasher_start(h, HM_TAG_KEYED, 1);
    /* The key is absorbed as the first 32 message bytes (spec 6.5): it is
     * 7-byte encoded and counted in the length field. On a fresh state with
     * a key this cannot fail. */
    if (!key || zkp_hemera_hasher_update(h, key, ZKP_HEMERA_KEY_BYTES) != ZKP_OK) h->flags = 0;
}

void zkp_hemera_hasher_init_derive_key_context(zkp_hemera_hasher *h) {
    if (h) hasher_start(h, HM_TAG_DERIVE_CONTEXT, 1);
}

void zkp_hemera_hasher_init_derive_key_material(zkp_hemera_hasher *h, const uint8_t context_key[ZKP_HEMERA_DIGEST_BYTES]) {
    if (!h) return;
    hasher_start(h, HM_TAG_DERIVE_MATERIAL, 1);
    if (!context_key) {
        h->flags = 0;
        return;
    }
    /* Seed (spec 6.6): the context digest as four 8-byte limbs, tag 3, one
     * permutation; the tag is not written again afterwards. */
    hm_get_limbs(h->state, context_key);
    zkp_hemera_permute_ct(h->state);
}

zkp_status zkp_hemera_hasher_update(zkp_hemera_hasher *h, const uint8_t *data, size_t len) {
    if (!h || (!data && len)) return ZKP_ERR_NULL;
    if (!hasher_valid(h)) return ZKP_ERR_STATE;
    if (!zkpi_bytes_ok(len)) return ZKP_ERR_LENGTH;
    if (len == 0) return ZKP_OK;
    h->total += (uint64_t)len;
    size_t have = h->buflen;
    if (have) {
        size_t take = ZKP_HEMERA_RATE_BYTES - have;
        if (take > len) take = len;
        memcpy(h->buf + have, data, take);
        have += take;
        data += take;
        len -= take;
        if (have < ZKP_HEMERA_RATE_BYTES) {
            h->buflen = (uint32_t)have;
            return ZKP_OK;
        }
        /* A full block is absorbed as soon as it is complete (spec 6.2). */
        hm_absorb_block(h->state, h->buf);
        hm_permute(h->flags, h->state);
    }
    /* Whole blocks straight from the caller's buffer (the hot loop of a
     * long hash: one 7-byte decode of 8 groups and one permutation). */
    while (len >= ZKP_HEMERA_RATE_BYTES) {
        hm_absorb_block(h->state, data);
        hm_permute(h->flags, h->state);
        data += ZKP_HEMERA_RATE_BYTES;
        len -= ZKP_HEMERA_RATE_BYTES;
    }
    if (len) memcpy(h->buf, data, len);
    h->buflen = (uint32_t)len;
    return ZKP_OK;
}

/* The finalised state F of spec 6.2 (pad 0x01 || zeros, length assigned to
 * state[10], one permutation), computed on a copy: the hasher is unchanged. */
static void hasher_final_state(const zkp_hemera_hasher *h, uint64_t st[ZKP_HEMERA_WIDTH]) {
    uint8_t block[ZKP_HEMERA_RATE_BYTES];
    memcpy(st, h->state, sizeof h->state);
    memcpy(block, h->buf, h->buflen);
    block[h->buflen] = 0x01;
    memset(block + h->buflen + 1, 0, ZKP_HEMERA_RATE_BYTES - 1 - h->buflen);
    hm_absorb_block(st, block);
    st[HM_LENGTH] = h->total;  /* assignment, not addition (spec 6.2) */
    hm_permute(h->flags, st);
    if (h->flags & HM_CLASS_CT) hm_wipe(block, sizeof block);
}

zkp_status zkp_hemera_hasher_finalize(const zkp_hemera_hasher *h, uint8_t out[ZKP_HEMERA_DIGEST_BYTES]) {
    if (!h || !out) return ZKP_ERR_NULL;
    if (!hasher_valid(h)) return ZKP_ERR_STATE;
    uint64_t st[ZKP_HEMERA_WIDTH];
    hasher_final_state(h, st);
    hm_put_digest(out, st);
    if (h->flags & HM_CLASS_CT) hm_wipe(st, sizeof st);
    return ZKP_OK;
}

zkp_status zkp_hemera_hasher_finalize_xof(const zkp_hemera_hasher *h, zkp_hemera_xof *xof) {
    if (!h || !xof) return ZKP_ERR_NULL;
    if (!hasher_valid(h)) {
        xof->flags = 0;
        return ZKP_ERR_STATE;
    }
    hasher_final_state(h, xof->state);
    hm_put_digest(xof->block, xof->state);
    xof->pos = 0;
    xof->flags = HM_MAGIC_XOF | (h->flags & HM_CLASS_CT);
    return ZKP_OK;
}

zkp_status zkp_hemera_xof_fill(zkp_hemera_xof *xof, uint8_t *out, size_t len) {
    if (!xof || (!out && len)) return ZKP_ERR_NULL;
    if (!xof_valid(xof)) return ZKP_ERR_STATE;
    if (!zkpi_bytes_ok(len)) return ZKP_ERR_LENGTH;
    while (len) {
        if (xof->pos == ZKP_HEMERA_DIGEST_BYTES) {
            /* Next output block: D(pi^k(F)) (spec 6.7). */
            hm_permute(xof->flags, xof->state);
            hm_put_digest(xof->block, xof->state);
            xof->pos = 0;
        }
        size_t n = ZKP_HEMERA_DIGEST_BYTES - xof->pos;
        if (n > len) n = len;
        memcpy(out, xof->block + xof->pos, n);
        xof->pos += (uint32_t)n;
        out += n;
        len -= n;
    }
    return ZKP_OK;
}

/* ---- one-shot forms ---------------------------------------------------- */

static zkp_status oneshot(zkp_hemera_hasher *h, const uint8_t *msg, size_t len, uint8_t *out) {
    zkp_status st = zkp_hemera_hasher_update(h, msg, len);
    if (st == ZKP_OK) st = zkp_hemera_hasher_finalize(h, out);
    return st;
}

zkp_status zkp_hemera_hash(const uint8_t *msg, size_t len, uint8_t out[ZKP_HEMERA_DIGEST_BYTES]) {
    if ((!msg && len) || !out) return ZKP_ERR_NULL;
    zkp_hemera_hasher h;
    hasher_start(&h, HM_TAG_HASH, 0);
    return oneshot(&h, msg, len, out);
}

zkp_status zkp_hemera_hash_secret(const uint8_t *msg, size_t len, uint8_t out[ZKP_HEMERA_DIGEST_BYTES]) {
    if ((!msg && len) || !out) return ZKP_ERR_NULL;
    zkp_hemera_hasher h;
    hasher_start(&h, HM_TAG_HASH, 1);
    zkp_status st = oneshot(&h, msg, len, out);
    hm_wipe(&h, sizeof h);
    return st;
}

zkp_status zkp_hemera_keyed_hash(const uint8_t key[ZKP_HEMERA_KEY_BYTES], const uint8_t *msg, size_t len,
                                 uint8_t out[ZKP_HEMERA_DIGEST_BYTES]) {
    if (!key || (!msg && len) || !out) return ZKP_ERR_NULL;
    zkp_hemera_hasher h;
    zkp_hemera_hasher_init_keyed(&h, key);
    zkp_status st = oneshot(&h, msg, len, out);
    hm_wipe(&h, sizeof h);
    return st;
}

zkp_status zkp_hemera_derive_key(const uint8_t *context, size_t context_len, const uint8_t *material,
                                 size_t material_len, uint8_t out[ZKP_HEMERA_DIGEST_BYTES]) {
    if ((!context && context_len) || (!material && material_len) || !out) return ZKP_ERR_NULL;
    if (!zkpi_bytes_ok(context_len) || !zkpi_bytes_ok(material_len)) return ZKP_ERR_LENGTH;
    zkp_hemera_hasher h;
    uint8_t ck[ZKP_HEMERA_DIGEST_BYTES];
    /* Phase 1: tag-2 sponge over the context. Phase 2: tag-3 sponge seeded
     * with that digest, over the material (spec 6.6). */
    zkp_hemera_hasher_init_derive_key_context(&h);
    zkp_status st = oneshot(&h, context, context_len, ck);
    if (st == ZKP_OK) {
        zkp_hemera_hasher_init_derive_key_material(&h, ck);
        st = oneshot(&h, material, material_len, out);
    }
    hm_wipe(&h, sizeof h);
    hm_wipe(ck, sizeof ck);
    return st;
}
