/*
 * Deep run, Hemera family (deep.h).
 *
 *   permute  every single-state kernel's permute and permute_ct, every batch
 *            kernel (groups of 1..64 states, the lane tails) and the public
 *            batch call against the portable permute; oracle:
 *            hemera_oracle.c (definitional, u128 remainders, inverse by
 *            square-and-multiply). Inputs include non-canonical limbs and
 *            states whose partial-round S-box input is 0.
 *   sponge   hash, hash_secret (CT), keyed_hash, derive_key, the streaming
 *            hasher (random splits) and its XOF, at every CPU level, against
 *            the portable level; message lengths around every 56-byte block
 *            boundary, misaligned buffers; oracle: hemera_modes_ref.c.
 *   tree     hash_leaf batches through every batch kernel and the public
 *            batch forms (1..64 leaves, chunk lengths 0..4096), node batches,
 *            root_fixed, against the single calls at the portable level;
 *            oracle: hemera_modes_ref.c.
 */
#include <stdlib.h>
#include <string.h>

#include "core/cpu_internal.h"
#include "deep.h"
#include "hemera/batch_internal.h"
#include "hemera/kernels.h"
#include "hemera/params.h"
#include "hemera_batch_ref.h"
#include "hemera_modes_ref.h"
#include "hemera_oracle.h"
#include "zkprim/hemera.h"

#define P ORACLE_P

/* The kernels the current level runs: single permutation / batch. */
static void impl_single(char *buf, size_t cap) { snprintf(buf, cap, "%s", zkp_hemera_permute_implementation()); }
static void impl_both(char *buf, size_t cap) {
    snprintf(buf, cap, "%s/batch-%s", zkp_hemera_permute_implementation(), zkp_hemera_permute_batch_implementation());
}

static const uint64_t k_edges[] = {0, 1, 2, P - 2, P - 1, P, P + 1, ~0ull, 0xFFFFFFFFull, 0x100000000ull,
                                   0x8000000000000000ull};
#define NEDGES (sizeof k_edges / sizeof k_edges[0])

static void make_state(uint64_t s[16], uint64_t i) {
    if (i % 97 == 0) { /* a zero partial S-box input in round j (0 -> 0 of x^-1) */
        uint64_t fill[16];
        for (int k = 0; k < 16; k++) fill[k] = th_rand_below(P);
        ref_input_for_zero_partial(s, (unsigned)th_rand_below(HEMERA_RP), fill, &zkpi_hemera_profile_default);
        return;
    }
    switch (th_rand_below(6)) {
    case 0:
        for (int k = 0; k < 16; k++) s[k] = k_edges[th_rand_below(NEDGES)];
        break;
    case 1:
        for (int k = 0; k < 16; k++) s[k] = deep_edge_u64(k_edges, NEDGES);
        break;
    case 2:
        for (int k = 0; k < 16; k++) s[k] = th_rand_below(P);
        break;
    default:
        for (int k = 0; k < 16; k++) s[k] = th_rand64();
    }
}

static void suite_permute(void) {
    deep_suite S;
    if (!deep_begin(&S, "hemera", "permute")) return;
    uint64_t (*in)[16] = malloc(64 * sizeof *in), (*want)[16] = malloc(64 * sizeof *want);
    uint64_t (*grp)[16] = malloc(64 * sizeof *grp), st[16];
    char what[64];
    for (unsigned k = 0; k < zkpi_hemera_perm_kernel_count; k++)
        if (zkpi_kernel_usable(&zkpi_hemera_perm_kernels[k].info)) deep_kernel(&S, zkpi_hemera_perm_kernels[k].info.name);
    for (unsigned k = 0; k < zkpi_hb_kernel_count; k++)
        if (zkpi_kernel_usable(&zkpi_hb_kernels[k].info)) {
            snprintf(what, sizeof what, "batch-%s", zkpi_hb_kernels[k].info.name);
            deep_kernel(&S, what);
        }
    for (uint64_t i = 0, g = 0; i < g_deep.n; g++) {
        const unsigned n = 1 + (unsigned)(g % 64);
        for (unsigned j = 0; j < n; j++) {
            make_state(in[j], i + j);
            memcpy(want[j], in[j], sizeof st);
            zkpi_hemera_permute_portable(want[j]);
            if (deep_oracle_pick(&S, i + j)) {
                memcpy(st, in[j], sizeof st);
                hemera_oracle_permute(st);
                deep_eq(&S, "portable vs hemera_oracle", want[j], st, sizeof st, in[j], sizeof st);
            }
            for (unsigned k = 0; k < zkpi_hemera_perm_kernel_count; k++) {
                const hemera_perm_kernel *K = &zkpi_hemera_perm_kernels[k];
                if (!zkpi_kernel_usable(&K->info)) continue;
                if (K->permute != zkpi_hemera_permute_portable) {
                    memcpy(st, in[j], sizeof st);
                    K->permute(st);
                    snprintf(what, sizeof what, "%s permute vs portable", K->info.name);
                    deep_eq(&S, what, st, want[j], sizeof st, in[j], sizeof st);
                }
                memcpy(st, in[j], sizeof st);
                K->permute_ct(st);
                snprintf(what, sizeof what, "%s permute_ct vs portable", K->info.name);
                deep_eq(&S, what, st, want[j], sizeof st, in[j], sizeof st);
            }
        }
        for (unsigned k = 0; k < zkpi_hb_kernel_count; k++) {
            if (!zkpi_kernel_usable(&zkpi_hb_kernels[k].info)) continue;
            memcpy(grp, in, n * sizeof st);
            zkpi_hb_permute_with(&zkpi_hb_kernels[k], grp, n, &zkpi_hemera_profile_default);
            snprintf(what, sizeof what, "batch %s (%u states) vs portable", zkpi_hb_kernels[k].info.name, n);
            for (unsigned j = 0; j < n; j++) deep_eq(&S, what, grp[j], want[j], sizeof st, in[j], sizeof st);
        }
        memcpy(grp, in, n * sizeof st);
        deep_ok(&S, "permute_batch status", zkp_hemera_permute_batch(grp, n) == ZKP_OK, NULL, 0);
        for (unsigned j = 0; j < n; j++)
            deep_eq(&S, "zkp_hemera_permute_batch vs portable", grp[j], want[j], sizeof st, in[j], sizeof st);
        i += n;
        S.inputs += n;
    }
    free(in);
    free(want);
    free(grp);
    deep_end(&S);
}

/* ---- sponge ----------------------------------------------------------------------- */

#define RATE 56
#define MAXMSG (64 * RATE + 8)
#define XOFLEN 200

static size_t edge_len(void) {
    if (th_rand64() & 1) {
        size_t k = th_rand_below(5), d = th_rand_below(3);
        return k * RATE + d >= 1 ? k * RATE + d - 1 : 0;
    }
    return th_rand_below(8) == 0 ? th_rand_below(64 * RATE + 1) : th_rand_below(8 * RATE + 1);
}

typedef struct {
    size_t len, clen, ioff, ooff, xlen;
    uint8_t in[MAXMSG + 8], key[32], ctx[64];
} hmsg;

/* Every output of one message at the current level: hash, hash_secret,
 * keyed, derive, streamed hash, streamed XOF (out: 4*32 + XOFLEN bytes). */
#define OUTLEN (5 * 32 + XOFLEN)
static void outputs(const hmsg *m, uint8_t *result) {
    const uint8_t *in = m->in + m->ioff;
    uint8_t buf[OUTLEN + 8], *out = buf + m->ooff; /* misaligned outputs */
    zkp_status s = zkp_hemera_hash(in, m->len, out);
    if (s == ZKP_OK) s = zkp_hemera_hash_secret(in, m->len, out + 32);
    if (s == ZKP_OK) s = zkp_hemera_keyed_hash(m->key, in, m->len, out + 64);
    if (s == ZKP_OK) s = zkp_hemera_derive_key(m->ctx, m->clen, in, m->len, out + 96);
    zkp_hemera_hasher h;
    zkp_hemera_hasher_init(&h);
    size_t pos = 0;
    for (int piece = 0; piece < 3 && s == ZKP_OK; piece++) {
        size_t k = th_rand_below(m->len - pos + 1);
        s = zkp_hemera_hasher_update(&h, in + pos, k);
        pos += k;
    }
    if (s == ZKP_OK) s = zkp_hemera_hasher_update(&h, in + pos, m->len - pos);
    if (s == ZKP_OK) s = zkp_hemera_hasher_finalize(&h, out + 128);
    zkp_hemera_xof x;
    if (s == ZKP_OK) s = zkp_hemera_hasher_finalize_xof(&h, &x);
    size_t first = th_rand_below(m->xlen + 1);
    if (s == ZKP_OK) s = zkp_hemera_xof_fill(&x, out + 160, first);
    if (s == ZKP_OK) s = zkp_hemera_xof_fill(&x, out + 160 + first, m->xlen - first);
    memset(out + 160 + m->xlen, 0, XOFLEN - m->xlen);
    if (s != ZKP_OK) memset(out, 0xEE, OUTLEN);
    memcpy(result, out, OUTLEN);
}

static const char *const k_out_names[] = {"hash", "hash_secret", "keyed_hash", "derive_key", "hasher", "xof"};

static void suite_sponge(void) {
    deep_suite S;
    if (!deep_begin(&S, "hemera", "sponge")) return;
    enum { B = 16 };
    static hmsg ms[B];
    static uint8_t want[B][OUTLEN], got[OUTLEN], ref[XOFLEN];
    char what[96];
    for (uint64_t i = 0; i < g_deep.n; i += B) {
        deep_force("portable");
        for (int j = 0; j < B; j++) {
            hmsg *m = &ms[j];
            m->len = edge_len();
            m->clen = th_rand_below(64);
            m->ioff = th_rand_below(8);
            m->ooff = th_rand_below(8);
            m->xlen = th_rand_below(4) ? th_rand_below(XOFLEN + 1) : (size_t[]){31, 32, 33, 63, 64, 65}[th_rand_below(6)];
            th_rand_bytes(m->in, sizeof m->in);
            th_rand_bytes(m->key, sizeof m->key);
            th_rand_bytes(m->ctx, sizeof m->ctx);
            if (th_rand_below(8) == 0) memset(m->in, th_rand_below(2) ? 0xFF : 0, sizeof m->in);
            outputs(m, want[j]);
            deep_eq(&S, "hash_secret vs hash", want[j] + 32, want[j], 32, m->in + m->ioff, m->len);
            deep_eq(&S, "streamed hasher vs hash", want[j] + 128, want[j], 32, m->in + m->ioff, m->len);
            deep_eq(&S, "xof first 32 bytes vs hash", want[j] + 160, want[j], m->xlen < 32 ? m->xlen : 32,
                    m->in + m->ioff, m->len);
            if (deep_oracle_pick(&S, i + (uint64_t)j)) {
                const uint8_t *in = m->in + m->ioff;
                uint8_t o[32];
                uint64_t fin[16];
                hmref_hash(in, m->len, o);
                deep_eq(&S, "hash vs hemera_modes_ref oracle", want[j], o, 32, in, m->len);
                hmref_keyed(m->key, in, m->len, o);
                deep_eq(&S, "keyed_hash vs oracle", want[j] + 64, o, 32, in, m->len);
                hmref_derive(m->ctx, m->clen, in, m->len, o);
                deep_eq(&S, "derive_key vs oracle", want[j] + 96, o, 32, in, m->len);
                hmref_final_state(0, NULL, NULL, 0, in, m->len, fin);
                hmref_xof(fin, ref, m->xlen);
                deep_eq(&S, "xof vs oracle", want[j] + 160, ref, m->xlen, in, m->len);
            }
        }
        deep_level_iter it = {0};
        while (deep_next_level(&it, impl_single)) {
            deep_kernel(&S, it.impl);
            if (it.nseen == 1) continue; /* portable: the reference */
            for (int j = 0; j < B; j++) {
                outputs(&ms[j], got);
                for (int o = 0; o < 6; o++) {
                    snprintf(what, sizeof what, "%s at level %s (%s) vs portable", k_out_names[o], it.level, it.impl);
                    deep_eq(&S, what, got + 32 * o, want[j] + 32 * o, o < 5 ? 32 : XOFLEN, ms[j].in + ms[j].ioff,
                            ms[j].len);
                }
            }
        }
        S.inputs += B;
    }
    deep_kernel(&S, "portable");
    deep_end(&S);
}

/* ---- tree ------------------------------------------------------------------------- */

static size_t chunk_len(void) {
    switch (th_rand_below(4)) {
    case 0: return ZKP_HEMERA_CHUNK_BYTES;
    case 1: { size_t k = th_rand_below(74), d = th_rand_below(3); size_t l = k * RATE + d; l = l ? l - 1 : 0;
              return l > ZKP_HEMERA_CHUNK_BYTES ? ZKP_HEMERA_CHUNK_BYTES : l; }
    default: return th_rand_below(ZKP_HEMERA_CHUNK_BYTES + 1);
    }
}

static void suite_tree(void) {
    deep_suite S;
    if (!deep_begin(&S, "hemera", "tree")) return;
    enum { MAXN = 64 };
    uint8_t *data = malloc(MAXN * (ZKP_HEMERA_CHUNK_BYTES + 8));
    const uint8_t *chunks[MAXN];
    size_t lens[MAXN];
    uint64_t counters[MAXN];
    uint8_t(*want)[32] = malloc(MAXN * 32), (*got)[32] = malloc(MAXN * 32), (*nw)[32] = malloc(MAXN * 32);
    uint8_t(*pairs)[64] = malloc(MAXN * 64), o[32], rw[32];
    char what[96];
    static const uint64_t cedges[] = {0, 1, 2, ~0ull, ~0ull - 1, 0x100000000ull};
    for (unsigned k = 0; k < zkpi_hb_kernel_count; k++)
        if (zkpi_kernel_usable(&zkpi_hb_kernels[k].info)) {
            snprintf(what, sizeof what, "batch-%s", zkpi_hb_kernels[k].info.name);
            deep_kernel(&S, what);
        }
    for (uint64_t i = 0, g = 0; i < g_deep.n; g++) {
        const size_t n = 1 + g % MAXN;
        const int is_root = th_rand_below(4) == 0;
        th_rand_bytes(data, n * (ZKP_HEMERA_CHUNK_BYTES + 8));
        th_rand_bytes(pairs, n * 64);
        for (size_t j = 0; j < n; j++) {
            chunks[j] = data + j * (ZKP_HEMERA_CHUNK_BYTES + 8) + th_rand_below(8);
            lens[j] = chunk_len();
            counters[j] = deep_edge_u64(cedges, 6);
        }
        deep_force("portable");
        for (size_t j = 0; j < n; j++) {
            zkp_status s = zkp_hemera_hash_leaf(chunks[j], lens[j], counters[j], is_root, want[j]);
            zkp_hemera_hash_node(pairs[j], pairs[j] + 32, is_root, nw[j]);
            deep_ok(&S, "hash_leaf/hash_node status", s == ZKP_OK, NULL, 0);
            if (deep_oracle_pick(&S, i + j)) {
                hmref_leaf(chunks[j], lens[j], counters[j], is_root, o);
                deep_eq(&S, "hash_leaf vs hemera_modes_ref oracle", want[j], o, 32, chunks[j], lens[j]);
                hmref_node(pairs[j], pairs[j] + 32, is_root, o);
                deep_eq(&S, "hash_node vs oracle", nw[j], o, 32, pairs[j], 64);
            }
        }
        for (unsigned k = 0; k < zkpi_hb_kernel_count; k++) {
            if (!zkpi_kernel_usable(&zkpi_hb_kernels[k].info)) continue;
            zkp_status s = zkpi_hb_hash_leaf_batch_with(&zkpi_hb_kernels[k], chunks, lens, counters, n, is_root, got);
            deep_ok(&S, "leaf batch status", s == ZKP_OK, NULL, 0);
            snprintf(what, sizeof what, "leaf batch %s (%zu leaves) vs hash_leaf", zkpi_hb_kernels[k].info.name, n);
            for (size_t j = 0; j < n; j++) deep_eq(&S, what, got[j], want[j], 32, chunks[j], lens[j]);
        }
        deep_level_iter it = {0};
        while (deep_next_level(&it, impl_both)) {
            zkp_status s = zkp_hemera_hash_leaf_batch(chunks, lens, counters, n, is_root, got);
            deep_ok(&S, "hash_leaf_batch status", s == ZKP_OK, NULL, 0);
            snprintf(what, sizeof what, "hash_leaf_batch level %s (%s) vs hash_leaf", it.level, it.impl);
            for (size_t j = 0; j < n; j++) deep_eq(&S, what, got[j], want[j], 32, chunks[j], lens[j]);
            s = zkp_hemera_hash_node_batch((const uint8_t(*)[64])pairs, n, is_root, got);
            deep_ok(&S, "hash_node_batch status", s == ZKP_OK, NULL, 0);
            snprintf(what, sizeof what, "hash_node_batch level %s (%s) vs hash_node", it.level, it.impl);
            for (size_t j = 0; j < n; j++) deep_eq(&S, what, got[j], nw[j], 32, pairs[j], 64);
        }
        if (g % 16 == 0) { /* a whole fixed tree over up to 5 chunks */
            const size_t len = th_rand_below(5 * ZKP_HEMERA_CHUNK_BYTES + 1);
            deep_force("portable");
            zkp_status s = zkp_hemera_tree_root_fixed(data, len, 1, rw);
            deep_level_iter rl = {0};
            while (s == ZKP_OK && deep_next_level(&rl, impl_both)) {
                s = zkp_hemera_tree_root_fixed(data, len, 1, o);
                snprintf(what, sizeof what, "root_fixed level %s (%s) vs portable", rl.level, rl.impl);
                deep_eq(&S, what, o, rw, 32, data, len);
            }
            deep_ok(&S, "root_fixed status", s == ZKP_OK, NULL, 0);
            if (deep_oracle_pick(&S, g)) {
                hmref_root_fixed(data, len, o);
                deep_eq(&S, "root_fixed vs oracle", rw, o, 32, data, len);
            }
        }
        i += n;
        S.inputs += 2 * n;
    }
    free(data);
    free(want);
    free(got);
    free(nw);
    free(pairs);
    deep_end(&S);
}

int deep_hemera(void) {
    suite_permute();
    suite_sponge();
    suite_tree();
    return 0;
}
