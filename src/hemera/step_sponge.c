/*
 * Step-wise sponge (hemera.h): the sponges of sponge.c and the tree node of
 * tree.c driven one permutation at a time, so a prover can log the input,
 * output and trace of every permutation a digest needs.
 *
 * A sponge runs phases. PH_ABSORB absorbs the stream prefix || msg (the
 * key of a keyed hash is its 32-byte prefix, counted in the length, as
 * zkp_hemera_hasher_init_keyed does): one step per whole 56-byte block,
 * then one final step (pad 0x01, length assigned to state[10]). A
 * derive-key sponge then runs PH_SEED (the context digest as four limbs,
 * tag 3, one permutation) and absorbs the material. PH_SINGLE is one
 * prepared permutation (the tree node). The digest is D(state) after the
 * last step. Which bytes are read and how many steps remain depend only on
 * lengths, so the glue is constant time like sponge.c's.
 */
#include "hemera/modes.h"

#define SS_MAGIC 0x53530000u /* "SS" */
#define SS_MAGIC_MASK 0xffff0000u
#define SS_CLASS_CT 1u

/* PH_CONTEXT: the derive-key context, absorbed like PH_ABSORB, then PH_SEED. */
enum { PH_ABSORB = 1, PH_CONTEXT, PH_SEED, PH_SINGLE, PH_DONE };

static int ss_valid(const zkp_hemera_step_sponge *sp) {
    if ((sp->flags & SS_MAGIC_MASK) != SS_MAGIC || (sp->flags & ~(SS_MAGIC | SS_CLASS_CT)) != 0) return 0;
    if (sp->phase < PH_ABSORB || sp->phase > PH_DONE || sp->prefix_len > ZKP_HEMERA_KEY_BYTES) return 0;
    if (!zkpi_bytes_ok(sp->len) || (!sp->msg && sp->len)) return 0;
    return sp->pos <= sp->prefix_len + sp->len;
}

static void ss_start(zkp_hemera_step_sponge *sp, uint64_t tag, uint32_t flags, const uint8_t *msg, size_t len) {
    memset(sp->state, 0, sizeof sp->state);
    sp->state[HM_DOMAIN] = tag;
    sp->msg = msg;
    sp->len = len;
    sp->pos = 0;
    sp->prefix_len = 0;
    sp->phase = PH_ABSORB;
    sp->flags = SS_MAGIC | flags;
}

zkp_status zkp_hemera_step_sponge_init_hash(zkp_hemera_step_sponge *sp, const uint8_t *msg, size_t len) {
    if (!sp || (!msg && len)) return ZKP_ERR_NULL;
    if (!zkpi_bytes_ok(len)) return ZKP_ERR_LENGTH;
    sp->material = NULL;
    sp->material_len = 0;
    ss_start(sp, HM_TAG_HASH, 0, msg, len);
    return ZKP_OK;
}

zkp_status zkp_hemera_step_sponge_init_keyed(zkp_hemera_step_sponge *sp, const uint8_t key[ZKP_HEMERA_KEY_BYTES],
                                             const uint8_t *msg, size_t len) {
    if (!sp || !key || (!msg && len)) return ZKP_ERR_NULL;
    if (!zkpi_bytes_ok(len)) return ZKP_ERR_LENGTH;
    sp->material = NULL;
    sp->material_len = 0;
    ss_start(sp, HM_TAG_KEYED, SS_CLASS_CT, msg, len);
    memcpy(sp->prefix, key, ZKP_HEMERA_KEY_BYTES);
    sp->prefix_len = ZKP_HEMERA_KEY_BYTES;
    return ZKP_OK;
}

zkp_status zkp_hemera_step_sponge_init_derive_key(zkp_hemera_step_sponge *sp, const uint8_t *context, size_t context_len,
                                                  const uint8_t *material, size_t material_len) {
    if (!sp || (!context && context_len) || (!material && material_len)) return ZKP_ERR_NULL;
    if (!zkpi_bytes_ok(context_len) || !zkpi_bytes_ok(material_len)) return ZKP_ERR_LENGTH;
    sp->material = material;
    sp->material_len = material_len;
    ss_start(sp, HM_TAG_DERIVE_CONTEXT, SS_CLASS_CT, context, context_len);
    sp->phase = PH_CONTEXT;
    return ZKP_OK;
}

zkp_status zkp_hemera_step_sponge_init_node(zkp_hemera_step_sponge *sp, const uint8_t left[ZKP_HEMERA_DIGEST_BYTES],
                                            const uint8_t right[ZKP_HEMERA_DIGEST_BYTES], int is_root) {
    if (!sp || !left || !right) return ZKP_ERR_NULL;
    sp->material = NULL;
    sp->material_len = 0;
    ss_start(sp, 0, 0, NULL, 0);
    /* the state of tree.c's node: both digests as limbs, the parent flag */
    hm_get_limbs(sp->state, left);
    hm_get_limbs(sp->state + 4, right);
    sp->state[HM_FLAGS] = HM_FLAG_PARENT | (is_root ? HM_FLAG_ROOT : 0);
    sp->phase = PH_SINGLE;
    return ZKP_OK;
}

/* Permutations of one absorb phase over `bytes` stream bytes. */
static uint64_t ss_absorb_steps(uint64_t bytes) { return bytes / ZKP_HEMERA_RATE_BYTES + 1; }

uint64_t zkp_hemera_step_sponge_remaining(const zkp_hemera_step_sponge *sp) {
    if (!sp || !ss_valid(sp)) return 0;
    uint64_t material = 1 + ss_absorb_steps(sp->material_len); /* seed + material */
    uint64_t absorb = ((uint64_t)sp->prefix_len + sp->len - sp->pos) / ZKP_HEMERA_RATE_BYTES + 1;
    switch (sp->phase) {
    case PH_ABSORB: return absorb;
    case PH_CONTEXT: return absorb + material;
    case PH_SEED: return material;
    case PH_SINGLE: return 1;
    default: return 0;
    }
}

/* Copies stream bytes [off, off + n) of prefix || msg into out. */
static void ss_read(const zkp_hemera_step_sponge *sp, size_t off, size_t n, uint8_t *out) {
    size_t k = 0;
    for (; k < n && off + k < sp->prefix_len; k++) out[k] = sp->prefix[off + k];
    if (k < n) memcpy(out + k, sp->msg + (off + k - sp->prefix_len), n - k);
}

/* Prepares the input of the next permutation in sp->state and says whether
 * it is the last of its phase. */
static int ss_prepare(zkp_hemera_step_sponge *sp) {
    if (sp->phase != PH_ABSORB && sp->phase != PH_CONTEXT) return 1;
    uint8_t block[ZKP_HEMERA_RATE_BYTES];
    size_t total = sp->prefix_len + sp->len, left = total - sp->pos;
    int last = left < ZKP_HEMERA_RATE_BYTES;
    size_t take = last ? left : ZKP_HEMERA_RATE_BYTES;
    ss_read(sp, sp->pos, take, block);
    if (last) {
        block[take] = 0x01;
        memset(block + take + 1, 0, ZKP_HEMERA_RATE_BYTES - 1 - take);
    }
    hm_absorb_block(sp->state, block);
    if (last) sp->state[HM_LENGTH] = (uint64_t)total; /* assignment (spec 6.2) */
    sp->pos += take;
    if (sp->flags & SS_CLASS_CT) hm_wipe(block, sizeof block);
    return last;
}

/* After the last permutation of a phase: the next phase, or done. */
static void ss_next_phase(zkp_hemera_step_sponge *sp) {
    if (sp->phase == PH_CONTEXT) {
        /* the context digest seeds the material sponge (spec 6.6) */
        uint64_t ck[4];
        memcpy(ck, sp->state, sizeof ck);
        memset(sp->state, 0, sizeof sp->state);
        memcpy(sp->state, ck, sizeof ck);
        sp->state[HM_DOMAIN] = HM_TAG_DERIVE_MATERIAL;
        hm_wipe(ck, sizeof ck);
        sp->phase = PH_SEED;
    } else if (sp->phase == PH_SEED) {
        /* the seeded state absorbs the material; the tag is not rewritten */
        sp->msg = sp->material;
        sp->len = sp->material_len;
        sp->pos = 0;
        sp->phase = PH_ABSORB;
    } else {
        sp->phase = PH_DONE;
    }
}

static void ss_permute(const zkp_hemera_step_sponge *sp, uint64_t st[ZKP_HEMERA_WIDTH],
                       uint64_t (*trace)[ZKP_HEMERA_WIDTH]) {
    int ct = (sp->flags & SS_CLASS_CT) != 0; /* public: how the sponge was made */
    if (trace) {
        if (ct) zkp_hemera_permute_traced_ct(st, trace);
        else zkp_hemera_permute_traced(st, trace);
    } else if (ct) {
        zkp_hemera_permute_ct(st);
    } else {
        zkp_hemera_permute(st);
    }
}

static void ss_step(zkp_hemera_step_sponge *sp, uint64_t *before, uint64_t *after,
                    uint64_t (*trace)[ZKP_HEMERA_WIDTH]) {
    int last = ss_prepare(sp);
    if (before) memcpy(before, sp->state, sizeof sp->state);
    ss_permute(sp, sp->state, trace);
    if (after) memcpy(after, sp->state, sizeof sp->state);
    if (last) ss_next_phase(sp);
}

zkp_status zkp_hemera_step_sponge_step(zkp_hemera_step_sponge *sp, uint64_t before[ZKP_HEMERA_WIDTH],
                                       uint64_t after[ZKP_HEMERA_WIDTH],
                                       uint64_t trace[ZKP_HEMERA_TRACE_ROWS][ZKP_HEMERA_WIDTH]) {
    if (!sp || !before || !after) return ZKP_ERR_NULL;
    if (!ss_valid(sp) || sp->phase == PH_DONE) return ZKP_ERR_STATE;
    ss_step(sp, before, after, trace);
    return ZKP_OK;
}

zkp_status zkp_hemera_step_sponge_finish(zkp_hemera_step_sponge *sp, uint8_t out[ZKP_HEMERA_DIGEST_BYTES]) {
    if (!sp || !out) return ZKP_ERR_NULL;
    if (!ss_valid(sp)) return ZKP_ERR_STATE;
    while (sp->phase != PH_DONE) ss_step(sp, NULL, NULL, NULL);
    hm_put_digest(out, sp->state);
    return ZKP_OK;
}
