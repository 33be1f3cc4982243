/*
 * Batch tree forms (spec 7.7): hash_node_batch and hash_leaf_batch, with
 * results identical to the single calls (spec 7.1, 7.2), computed through
 * the batched permutation in groups of up to HB_MAX_LANES states.
 *
 * hash_leaf_batch runs the sponge of spec 6.2 lane-parallel: lane i needs
 * floor(len_i / 56) + 1 sponge permutations and one more for the leaf
 * step. Within a group the lanes are ordered by that count (longest
 * first), so at every step the lanes still running are a prefix of the
 * group and one batched call permutes exactly them: equal lengths cost no
 * more than one lane's schedule, unequal lengths need no fallback.
 */
#include <string.h>

#include "hemera/batch_internal.h"
#include "hemera/modes.h"
#include "zkprim/hemera.h"

zkp_status zkp_hemera_hash_node_batch(const uint8_t (*pairs)[2 * ZKP_HEMERA_DIGEST_BYTES], size_t n, int is_root,
                                      uint8_t (*out)[ZKP_HEMERA_DIGEST_BYTES]) {
    if (n == 0) return ZKP_OK;
    if (!pairs || !out) return ZKP_ERR_NULL;
    if (!zkpi_array_ok(n, sizeof *pairs)) return ZKP_ERR_LENGTH;  /* out is half as long */
    const hb_kernel *k = zkpi_hb_kernel_active();
    const uint64_t flags = HM_FLAG_PARENT | (is_root ? HM_FLAG_ROOT : 0);
    uint64_t st[HB_MAX_LANES][16];
    while (n) {
        unsigned g = n >= HB_MAX_LANES ? HB_MAX_LANES : (unsigned)n;
        /* all inputs are read before any output is written, so out may
         * alias pairs the way an in-place tree level does (out[i] over
         * pairs[i / 2]) */
        for (unsigned l = 0; l < g; l++) {
            memset(st[l], 0, sizeof st[l]);
            for (unsigned j = 0; j < 8; j++) st[l][j] = zkpi_load64_le(pairs[l] + 8 * j);
            st[l][HM_FLAGS] = flags;
        }
        k->permute(st, g, &zkpi_hemera_profile_default);
        for (unsigned l = 0; l < g; l++) hm_put_digest(out[l], st[l]); /* permutation output is canonical */
        pairs += g;
        out += g;
        n -= g;
    }
    return ZKP_OK;
}

/* The final block: r < 56 remaining bytes, 0x01, zeros; then the length. */
static void absorb_last(uint64_t st[16], const uint8_t *p, size_t off, size_t r, uint64_t total) {
    uint8_t blk[ZKP_HEMERA_RATE_BYTES] = {0};
    if (r) memcpy(blk, p + off, r); /* p may be NULL when the message is empty */
    blk[r] = 0x01;
    hm_absorb_block(st, blk);
    st[HM_LENGTH] = total; /* assignment (spec 6.2); taken mod p by the permutation */
}

typedef struct leaf_lane {
    const uint8_t *p;
    uint64_t len;
    uint64_t counter;
    size_t blocks; /* full blocks absorbed before the final one */
    size_t idx;    /* position in the caller's arrays */
} leaf_lane;

/* One group of g <= HB_MAX_LANES leaves. */
static void leaf_group(const hb_kernel *k, leaf_lane *ln, unsigned g, int is_root,
                       uint8_t (*out)[ZKP_HEMERA_DIGEST_BYTES]) {
    /* order by block count, longest first (insertion sort, g <= 64) */
    for (unsigned a = 1; a < g; a++) {
        leaf_lane t = ln[a];
        unsigned b = a;
        while (b > 0 && ln[b - 1].blocks < t.blocks) {
            ln[b] = ln[b - 1];
            b--;
        }
        ln[b] = t;
    }
    uint64_t st[HB_MAX_LANES][16];
    memset(st, 0, g * sizeof st[0]); /* tag 0 (plain hash) */
    size_t steps = ln[0].blocks + 1;   /* sponge permutations of the longest lane */
    unsigned active = g;
    for (size_t s = 0; s < steps; s++) {
        while (active > 0 && ln[active - 1].blocks + 1 <= s) active--;
        for (unsigned l = 0; l < active; l++) {
            if (s < ln[l].blocks) hm_absorb_block(st[l], ln[l].p + 56 * s);
            else absorb_last(st[l], ln[l].p, 56 * s, (size_t)(ln[l].len - 56 * s), ln[l].len);
        }
        k->permute(st, active, &zkpi_hemera_profile_default);
    }
    /* the leaf step (spec 7.1): digest limbs, counter, CHUNK (| ROOT) */
    const uint64_t flags = HM_FLAG_CHUNK | (is_root ? HM_FLAG_ROOT : 0);
    for (unsigned l = 0; l < g; l++) {
        uint64_t h[4];
        memcpy(h, st[l], sizeof h);
        memset(st[l], 0, sizeof st[l]);
        memcpy(st[l], h, sizeof h);
        st[l][HM_COUNTER] = ln[l].counter;
        st[l][HM_FLAGS] = flags;
    }
    k->permute(st, g, &zkpi_hemera_profile_default);
    for (unsigned l = 0; l < g; l++) hm_put_digest(out[ln[l].idx], st[l]);
}

zkp_status zkpi_hb_hash_leaf_batch_with(const hb_kernel *k, const uint8_t *const *chunks, const size_t *lens,
                                   const uint64_t *counters, size_t n, int is_root,
                                   uint8_t (*out)[ZKP_HEMERA_DIGEST_BYTES]) {
    if (n == 0) return ZKP_OK;
    if (!chunks || !lens || !counters || !out) return ZKP_ERR_NULL;
    if (!zkpi_array_ok(n, sizeof *out)) return ZKP_ERR_LENGTH;  /* the widest of the four arrays */
    for (size_t i = 0; i < n; i++) {
        if (!chunks[i] && lens[i]) return ZKP_ERR_NULL;
        if (!zkpi_bytes_ok(lens[i])) return ZKP_ERR_LENGTH;
    }
    leaf_lane ln[HB_MAX_LANES];
    for (size_t base = 0; base < n; base += HB_MAX_LANES) {
        unsigned g = n - base >= HB_MAX_LANES ? HB_MAX_LANES : (unsigned)(n - base);
        for (unsigned l = 0; l < g; l++) {
            size_t i = base + l;
            ln[l].p = chunks[i];
            ln[l].len = lens[i];
            ln[l].counter = counters[i];
            ln[l].blocks = lens[i] / ZKP_HEMERA_RATE_BYTES;
            ln[l].idx = l;
        }
        leaf_group(k, ln, g, is_root, out + base);
    }
    return ZKP_OK;
}

zkp_status zkp_hemera_hash_leaf_batch(const uint8_t *const *chunks, const size_t *lens, const uint64_t *counters,
                                      size_t n, int is_root, uint8_t (*out)[ZKP_HEMERA_DIGEST_BYTES]) {
    return zkpi_hb_hash_leaf_batch_with(zkpi_hb_kernel_active(), chunks, lens, counters, n, is_root, out);
}
