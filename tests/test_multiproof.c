/*
 * Many openings of one tree and multiproofs, for the three families'
 * trees (Keccak-256 / SHA3-256 trees of leaf digests, the Hemera fixed
 * 4 KiB-chunk tree, the Poseidon BN254 tree), at every CPU level:
 *
 *  - verify_batch against the single-proof verifier: on every random set
 *    (k = 1..k_max, random indices with the first and last leaf, adjacent
 *    siblings, every leaf), the batch accepts iff each opening verified
 *    alone does, with 1, 2 and 3 threads (a tampered set: one of them);
 *  - tampering: every supplied hash of a set (or 12 random ones of a kind
 *    with more than 40): each sibling, leaf or chunk, the root flipped gives
 *    ZKP_ERR_VERIFY from the batch, as the single verifier of that opening
 *    says; an index moved, an index order broken, a duplicate, an index
 *    out of range, an empty set, a wrong proof length: the named statuses;
 *  - multiproofs: size and content against the definitional oracle
 *    (ref/multiproof_oracle.c: the set of needed siblings, and the root
 *    implied, hashed one pair at a time with the family's single hash),
 *    create -> verify round trip (1, 2, 3 threads), every stream node and
 *    leaf flipped -> ZKP_ERR_VERIFY, the count changed -> rejected; the
 *    oracle's root from the multiproof equals the tree's root, which the
 *    separate proofs verify against.
 */
#include <stdlib.h>
#include <string.h>

#include "harness.h"
#include "multiproof_oracle.h"
#include "zkprim/hemera.h"
#include "zkprim/keccak.h"
#include "zkprim/poseidon.h"

#define MAX_K 80
#define MAX_LEAF 4096

/* One opened set of one tree, family-neutral: everything a tamper touches
 * is bytes here. */
typedef struct opened {
    uint64_t n;                     /* leaves (chunks) */
    unsigned levels;                /* levels above the leaves */
    size_t k;
    uint64_t idx[MAX_K];
    uint8_t leaf[MAX_K][MAX_LEAF];  /* leaf digests / elements, or chunks */
    size_t leaf_len[MAX_K];
    uint8_t proof[MAX_K][64 * 32];
    size_t proof_len[MAX_K];        /* bytes */
    uint8_t multi[MAX_K * 64 * 32];
    size_t multi_len;               /* bytes */
    uint8_t root[32];
} opened;

typedef struct family {
    const char *name;
    uint64_t n_max;
    int full;                       /* power-of-two trees only */
    void (*build)(uint64_t n);      /* a random tree of n leaves (kept in statics) */
    void (*open)(opened *o);        /* leaves, proofs, multiproof and root for o->idx */
    zkp_status (*single)(const opened *o, size_t i);
    zkp_status (*batch)(const opened *o, unsigned threads);
    zkp_status (*multi)(const opened *o, unsigned threads);
    void (*leaf_node)(const opened *o, size_t i, uint8_t out[32]);
    void (*pair)(const uint8_t *l, const uint8_t *r, int is_top, uint8_t *out);
} family;

static mpo_shape shape_of(const family *f, const opened *o) { return (mpo_shape){o->levels, f->full ? 0 : o->n}; }

/* ---- Keccak-256 ----------------------------------------------------------- */

static uint8_t *g_knodes;
static uint64_t g_kn;

static void k_build(uint64_t n) {
    free(g_knodes);
    g_knodes = malloc(32 * (2 * n - 1));
    th_rand_bytes(g_knodes, 32 * n);
    g_kn = n;
    CHECK_STATUS(zkp_keccak_tree_build(ZKP_KECCAK_256, g_knodes, n, 1, g_knodes), ZKP_OK);
}

static unsigned log2u(uint64_t n) {
    unsigned d = 0;
    while (((uint64_t)1 << d) < n) d++;
    return d;
}

static void k_open(opened *o) {
    o->n = g_kn;
    o->levels = log2u(g_kn);
    memcpy(o->root, g_knodes + 32 * (2 * g_kn - 2), 32);
    for (size_t i = 0; i < o->k; i++) {
        memcpy(o->leaf[i], g_knodes + 32 * o->idx[i], 32);
        o->leaf_len[i] = 32;
        CHECK_STATUS(zkp_keccak_tree_proof(g_knodes, g_kn, o->idx[i], o->proof[i]), ZKP_OK);
        o->proof_len[i] = 32 * o->levels;
    }
    CHECK_STATUS(zkp_keccak_tree_multi_proof(g_knodes, g_kn, o->idx, o->k, o->multi, sizeof o->multi, &o->multi_len),
                 ZKP_OK);
}

/* leaves and proofs back to back, as the batch takes them */
static void pack(const opened *o, uint8_t *leaves, size_t leaf_bytes, uint8_t *proofs, size_t proof_bytes) {
    for (size_t i = 0; i < o->k; i++) {
        memcpy(leaves + i * leaf_bytes, o->leaf[i], leaf_bytes);
        memcpy(proofs + i * proof_bytes, o->proof[i], proof_bytes);
    }
}

static zkp_status k_single(const opened *o, size_t i) {
    return zkp_keccak_tree_verify(ZKP_KECCAK_256, o->root, o->leaf[i], o->idx[i], o->proof[i], o->levels);
}

static zkp_status k_batch(const opened *o, unsigned threads) {
    static uint8_t leaves[MAX_K * 32], proofs[MAX_K * 64 * 32];
    pack(o, leaves, 32, proofs, 32 * o->levels);
    return zkp_keccak_tree_verify_batch(ZKP_KECCAK_256, o->root, leaves, o->idx, o->k, proofs, o->levels, threads);
}

static zkp_status k_multi(const opened *o, unsigned threads) {
    static uint8_t leaves[MAX_K * 32], unused[1];
    pack(o, leaves, 32, unused, 0);
    return zkp_keccak_tree_multi_verify(ZKP_KECCAK_256, o->root, leaves, o->idx, o->k, o->multi, o->multi_len,
                                        o->levels, threads);
}

static void copy_leaf(const opened *o, size_t i, uint8_t out[32]) { memcpy(out, o->leaf[i], 32); }

static void k_pair(const uint8_t *l, const uint8_t *r, int is_top, uint8_t *out) {
    (void)is_top;
    zkp_keccak256_pair(l, r, out);
}

/* ---- Hemera fixed tree ---------------------------------------------------- */

static uint8_t *g_hdata;
static size_t g_hlen;

static void h_build(uint64_t n) {
    free(g_hdata);
    /* n chunks, the last one partial (or empty data for n == 1 now and then) */
    g_hlen = (size_t)(n - 1) * ZKP_HEMERA_CHUNK_BYTES + 1 + th_rand_below(ZKP_HEMERA_CHUNK_BYTES);
    if (n == 1 && th_rand_below(3) == 0) g_hlen = 0;
    g_hdata = malloc(g_hlen ? g_hlen : 1);
    th_rand_bytes(g_hdata, g_hlen);
}

static void h_open(opened *o) {
    o->n = zkp_hemera_tree_chunk_count(g_hlen);
    o->levels = log2u(o->n);
    CHECK_STATUS(zkp_hemera_tree_root_fixed(g_hdata, g_hlen, 1, o->root), ZKP_OK);
    for (size_t i = 0; i < o->k; i++) {
        size_t at = (size_t)o->idx[i] * ZKP_HEMERA_CHUNK_BYTES;
        o->leaf_len[i] = g_hlen - at < ZKP_HEMERA_CHUNK_BYTES ? g_hlen - at : ZKP_HEMERA_CHUNK_BYTES;
        memcpy(o->leaf[i], g_hdata + at, o->leaf_len[i]);
        CHECK_STATUS(zkp_hemera_tree_proof(g_hdata, g_hlen, o->idx[i], o->proof[i], sizeof o->proof[i], &o->proof_len[i]),
                     ZKP_OK);
    }
    CHECK_STATUS(zkp_hemera_tree_multi_proof(g_hdata, g_hlen, o->idx, o->k, o->multi, sizeof o->multi, &o->multi_len),
                 ZKP_OK);
}

static zkp_status h_single(const opened *o, size_t i) {
    return zkp_hemera_tree_verify(o->root, o->leaf[i], o->leaf_len[i], o->idx[i], g_hlen, o->proof[i], o->proof_len[i]);
}

static void h_ptrs(const opened *o, const uint8_t **chunks, const uint8_t **proofs) {
    for (size_t i = 0; i < o->k; i++) chunks[i] = o->leaf[i], proofs[i] = o->proof[i];
}

static zkp_status h_batch(const opened *o, unsigned threads) {
    const uint8_t *chunks[MAX_K], *proofs[MAX_K];
    h_ptrs(o, chunks, proofs);
    return zkp_hemera_tree_verify_batch(o->root, chunks, o->leaf_len, o->idx, o->k, g_hlen, proofs, o->proof_len,
                                        threads);
}

static zkp_status h_multi(const opened *o, unsigned threads) {
    const uint8_t *chunks[MAX_K], *proofs[MAX_K];
    h_ptrs(o, chunks, proofs);
    return zkp_hemera_tree_multi_verify(o->root, chunks, o->leaf_len, o->idx, o->k, g_hlen, o->multi, o->multi_len,
                                        threads);
}

static void h_leaf_node(const opened *o, size_t i, uint8_t out[32]) {
    CHECK_STATUS(zkp_hemera_hash_leaf(o->leaf[i], o->leaf_len[i], o->idx[i], o->n == 1, out), ZKP_OK);
}

static void h_pair(const uint8_t *l, const uint8_t *r, int is_top, uint8_t *out) { zkp_hemera_hash_node(l, r, is_top, out); }

/* ---- Poseidon ------------------------------------------------------------- */

static zkp_poseidon_fr *g_pnodes;
static uint64_t g_pn;

static void rand_fr(zkp_poseidon_fr *x) {
    th_rand_bytes(x->limb, sizeof x->limb);
    x->limb[3] &= 0x1fffffffffffffffull; /* < p */
}

static void p_build(uint64_t n) {
    free(g_pnodes);
    g_pnodes = malloc(sizeof *g_pnodes * (2 * n - 1));
    for (uint64_t i = 0; i < n; i++) rand_fr(&g_pnodes[i]);
    g_pn = n;
    CHECK_STATUS(zkp_poseidon_tree_build(g_pnodes, n, g_pnodes), ZKP_OK);
}

static void p_open(opened *o) {
    o->n = g_pn;
    o->levels = log2u(g_pn);
    memcpy(o->root, &g_pnodes[2 * g_pn - 2], 32);
    for (size_t i = 0; i < o->k; i++) {
        memcpy(o->leaf[i], &g_pnodes[o->idx[i]], 32);
        o->leaf_len[i] = 32;
        zkp_poseidon_fr pr[64];
        CHECK_STATUS(zkp_poseidon_tree_proof(g_pnodes, g_pn, o->idx[i], pr), ZKP_OK);
        memcpy(o->proof[i], pr, 32 * o->levels);
        o->proof_len[i] = 32 * o->levels;
    }
    static zkp_poseidon_fr m[MAX_K * 64];
    size_t cnt;
    CHECK_STATUS(zkp_poseidon_tree_multi_proof(g_pnodes, g_pn, o->idx, o->k, m, MAX_K * 64, &cnt), ZKP_OK);
    memcpy(o->multi, m, 32 * cnt);
    o->multi_len = 32 * cnt;
}

static zkp_status p_single(const opened *o, size_t i) {
    zkp_poseidon_fr root, leaf, pr[64];
    memcpy(&root, o->root, 32), memcpy(&leaf, o->leaf[i], 32), memcpy(pr, o->proof[i], 32 * o->levels);
    return zkp_poseidon_tree_verify(&root, &leaf, o->idx[i], pr, o->levels);
}

static zkp_status p_batch(const opened *o, unsigned threads) {
    static zkp_poseidon_fr leaves[MAX_K], proofs[MAX_K * 64];
    zkp_poseidon_fr root;
    memcpy(&root, o->root, 32);
    pack(o, (uint8_t *)leaves, 32, (uint8_t *)proofs, 32 * o->levels);
    return zkp_poseidon_tree_verify_batch(&root, leaves, o->idx, o->k, proofs, o->levels, threads);
}

static zkp_status p_multi(const opened *o, unsigned threads) {
    static zkp_poseidon_fr leaves[MAX_K], m[MAX_K * 64];
    zkp_poseidon_fr root;
    memcpy(&root, o->root, 32);
    memcpy(m, o->multi, o->multi_len);
    pack(o, (uint8_t *)leaves, 32, (uint8_t *)m, 0);
    return zkp_poseidon_tree_multi_verify(&root, leaves, o->idx, o->k, m, o->multi_len / 32, o->levels, threads);
}

static void p_pair(const uint8_t *l, const uint8_t *r, int is_top, uint8_t *out) {
    (void)is_top;
    zkp_poseidon_fr in[2], h;
    memcpy(&in[0], l, 32), memcpy(&in[1], r, 32);
    CHECK_STATUS(zkp_poseidon_hash(in, 2, &h), ZKP_OK);
    memcpy(out, &h, 32);
}

static const family k_families[] = {
    {"keccak256", 256, 1, k_build, k_open, k_single, k_batch, k_multi, copy_leaf, k_pair},
    {"hemera", 20, 0, h_build, h_open, h_single, h_batch, h_multi, h_leaf_node, h_pair},
    {"poseidon", 64, 1, p_build, p_open, p_single, p_batch, p_multi, copy_leaf, p_pair},
};

/* ---- the checks, family-neutral ------------------------------------------- */

static int cmp_u64(const void *a, const void *b) {
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return x < y ? -1 : x > y;
}

/* A random sorted set of k distinct leaves of n; `kind` biases it towards
 * the first/last leaf, sibling pairs, or every leaf. */
static size_t random_set(uint64_t n, uint64_t *idx, unsigned kind) {
    size_t kmax = n < MAX_K ? (size_t)n : MAX_K, k = 1 + (size_t)th_rand_below(kmax);
    if (kind == 0 && n <= MAX_K) k = (size_t)n; /* every leaf */
    size_t m = 0;
    if (kind == 1) idx[m++] = 0, idx[m++] = n - 1;
    while (m < k) {
        uint64_t v = th_rand_below(n);
        if (kind == 2 && m + 1 < k) idx[m++] = v, v ^= 1; /* a sibling pair */
        if (v < n) idx[m++] = v;
    }
    qsort(idx, m, sizeof *idx, cmp_u64);
    size_t d = 0;
    for (size_t i = 0; i < m; i++)
        if (d == 0 || idx[i] != idx[d - 1]) idx[d++] = idx[i];
    return d;
}

/* Valid sets are checked with 1, 2 and 3 threads; a tampered one with
 * one thread count drawn at random (the cost of the tamper loops). */
static int g_every_thread_count = 1;
static unsigned first_threads(void) { return g_every_thread_count ? 1 : 1 + (unsigned)th_rand_below(3); }
static unsigned last_threads(unsigned first) { return g_every_thread_count ? 3 : first; }

/* Batch gives the AND of the single verifiers. Only opening `changed`
 * (or none: SIZE_MAX) differs from a set that verified, so only its single
 * verifier is asked. */
static void check_agree(const family *f, const opened *o, size_t changed, const char *what) {
    zkp_status want = ZKP_OK;
    if (changed != SIZE_MAX && f->single(o, changed) != ZKP_OK) want = ZKP_ERR_VERIFY;
    for (unsigned t = first_threads(), last = last_threads(t); t <= last; t++) {
        zkp_status b = f->batch(o, t);
        CHECK_MSG(b == want, "%s %s: batch (%u threads) %s, singles say %s (n %llu, k %zu)", f->name, what, t,
                  zkp_status_name(b), zkp_status_name(want), (unsigned long long)o->n, o->k);
    }
}

/* Every opening alone, then the batch. */
static void check_agree_all(const family *f, const opened *o, const char *what) {
    int all = 1;
    for (size_t i = 0; i < o->k; i++) all &= f->single(o, i) == ZKP_OK;
    CHECK_MSG(all, "%s %s: a single proof of a fresh set fails", f->name, what);
    check_agree(f, o, SIZE_MAX, what);
}

static void check_multi(const family *f, const opened *o, zkp_status want, const char *what) {
    for (unsigned t = first_threads(), last = last_threads(t); t <= last; t++) {
        zkp_status m = f->multi(o, t);
        CHECK_MSG(m == want, "%s %s: multi_verify (%u threads) %s, want %s (n %llu, k %zu)", f->name, what, t,
                  zkp_status_name(m), zkp_status_name(want), (unsigned long long)o->n, o->k);
    }
}

/* One bit of the low 24 bytes: a Poseidon element stays below p, so the
 * change is a wrong value, not an out-of-range one. */
static void flip(uint8_t *p) { p[th_rand_below(24)] ^= (uint8_t)(1u << th_rand_below(8)); }

static void check_oracle(const family *f, const opened *o) {
    mpo_shape s = shape_of(f, o);
    static unsigned lev[MAX_K * 64];
    static uint64_t node[MAX_K * 64];
    size_t cnt = mpo_needed(&s, o->idx, o->k, lev, node, MAX_K * 64);
    CHECK_EQ_U64(o->multi_len, 32 * cnt);
    static uint8_t leafnode[MAX_K][32];
    for (size_t i = 0; i < o->k; i++) f->leaf_node(o, i, leafnode[i]);
    uint8_t root[32];
    CHECK(mpo_root(&s, o->idx, o->k, (const uint8_t(*)[32])leafnode, o->multi, o->multi_len / 32, f->pair, root));
    CHECK_EQ_BYTES(root, o->root, 32); /* the separate proofs verify against this root */
}

/* Flips: every position when a kind has at most ALL_UP_TO of them, else
 * SAMPLES random ones (random per run, so runs cover them all). */
#define ALL_UP_TO 40
#define SAMPLES 12

static size_t pick(size_t r, size_t count) { return count <= ALL_UP_TO ? r : (size_t)th_rand_below(count); }
static size_t rounds(size_t count) { return count <= ALL_UP_TO ? count : SAMPLES; }

static void tamper_hashes(const family *f, opened *o) {
    uint8_t keep[32];
    /* siblings of the single proofs: position r is sibling r % depth of opening r / depth */
    size_t total = 0;
    for (size_t i = 0; i < o->k; i++) total += o->proof_len[i] / 32;
    for (size_t r = 0, n = rounds(total); r < n; r++) {
        size_t at = pick(r, total), i = 0;
        while (at >= o->proof_len[i] / 32) at -= o->proof_len[i++] / 32;
        uint8_t *p = o->proof[i] + 32 * at;
        memcpy(keep, p, 32);
        flip(p);
        CHECK_EQ_INT(f->single(o, i), ZKP_ERR_VERIFY);
        check_agree(f, o, i, "sibling flipped");
        memcpy(p, keep, 32);
    }
    /* leaves (chunk bytes) */
    for (size_t r = 0, n = rounds(o->k); r < n; r++) {
        size_t i = pick(r, o->k);
        if (o->leaf_len[i] == 0) continue;
        size_t off = (size_t)th_rand_below(o->leaf_len[i] == 32 ? 24 : o->leaf_len[i]);
        uint8_t b = o->leaf[i][off];
        o->leaf[i][off] ^= 0x40;
        check_agree(f, o, i, "leaf flipped");
        check_multi(f, o, ZKP_ERR_VERIFY, "leaf flipped");
        o->leaf[i][off] = b;
    }
    /* multiproof nodes */
    for (size_t r = 0, n = rounds(o->multi_len / 32); r < n; r++) {
        uint8_t *p = o->multi + 32 * pick(r, o->multi_len / 32);
        memcpy(keep, p, 32);
        flip(p);
        check_multi(f, o, ZKP_ERR_VERIFY, "multiproof node flipped");
        memcpy(p, keep, 32);
    }
    memcpy(keep, o->root, 32);
    flip(o->root);
    check_agree(f, o, 0, "root flipped");
    check_multi(f, o, ZKP_ERR_VERIFY, "root flipped");
    memcpy(o->root, keep, 32);
}

static void tamper_shape(const family *f, opened *o) {
    size_t k = o->k;
    if (k >= 2) {
        uint64_t a = o->idx[0], b = o->idx[1];
        o->idx[0] = b; /* duplicate */
        CHECK_EQ_INT(f->batch(o, 1), ZKP_ERR_PROOF_SHAPE);
        CHECK_EQ_INT(f->multi(o, 1), ZKP_ERR_PROOF_SHAPE);
        o->idx[1] = a; /* out of order */
        CHECK_EQ_INT(f->batch(o, 2), ZKP_ERR_PROOF_SHAPE);
        CHECK_EQ_INT(f->multi(o, 2), ZKP_ERR_PROOF_SHAPE);
        o->idx[0] = a, o->idx[1] = b;
    }
    /* the last index out of range */
    uint64_t last = o->idx[k - 1];
    o->idx[k - 1] = f->full ? (uint64_t)1 << o->levels : o->n;
    CHECK_EQ_INT(f->batch(o, 1), ZKP_ERR_RANGE);
    CHECK_EQ_INT(f->multi(o, 1), ZKP_ERR_RANGE);
    /* moved to an unopened leaf that keeps the order: singles decide */
    uint64_t lo = k >= 2 ? o->idx[k - 2] + 1 : 0;
    if (last > lo) {
        o->idx[k - 1] = lo + th_rand_below(last - lo);
        size_t pl = o->proof_len[k - 1];
        if (!f->full) { /* Hemera: the proof length follows the index */
            size_t need;
            CHECK_STATUS(zkp_hemera_tree_proof_size(g_hlen, o->idx[k - 1], &need), ZKP_OK);
            o->proof_len[k - 1] = need;
        }
        if (o->proof_len[k - 1] == pl) check_agree(f, o, k - 1, "index moved");
        zkp_status m = f->multi(o, 1);
        CHECK_MSG(m == ZKP_ERR_VERIFY || m == ZKP_ERR_PROOF_SHAPE, "%s index moved: multi %s", f->name,
                  zkp_status_name(m));
        o->proof_len[k - 1] = pl;
    }
    o->idx[k - 1] = last;
    /* the empty set; one opening fewer; the multiproof one node longer/shorter */
    o->k = 0;
    CHECK_EQ_INT(f->batch(o, 1), ZKP_ERR_COUNT);
    CHECK_EQ_INT(f->multi(o, 1), ZKP_ERR_COUNT);
    o->k = k;
    if (k >= 2) {
        o->k = k - 1;
        CHECK_EQ_INT(f->batch(o, 2), ZKP_OK); /* a subset of valid openings */
        zkp_status m = f->multi(o, 2);
        CHECK_MSG(m == ZKP_ERR_PROOF_SHAPE || m == ZKP_ERR_VERIFY, "%s count-1: multi %s", f->name, zkp_status_name(m));
        o->k = k;
    }
    o->multi_len += 32;
    CHECK_EQ_INT(f->multi(o, 1), ZKP_ERR_PROOF_SHAPE);
    o->multi_len -= 32;
    if (o->multi_len) {
        o->multi_len -= 32;
        CHECK_EQ_INT(f->multi(o, 1), ZKP_ERR_PROOF_SHAPE);
        o->multi_len += 32;
    }
    if (o->proof_len[0]) {
        o->proof_len[0] -= 32;
        zkp_status b = f->batch(o, 1);
        /* Hemera checks each proof's length; the others take a depth */
        CHECK_MSG(f->full || b == ZKP_ERR_PROOF_SHAPE, "%s short proof: %s", f->name, zkp_status_name(b));
        o->proof_len[0] += 32;
    }
}

static opened g_o;

/* Fixed sets on small trees with every supplied sibling flipped, none
 * sampled: the batch reads most siblings by comparing each proof with the
 * one before it where their paths have met (core/multiproof.c,
 * proof_tails), and only one or two per node besides, so each sibling of
 * each opening must still be caught. One opening; two neighbours sharing a
 * parent; every leaf; runs of several openings under one node; the last
 * leaf of odd levels (Hemera's carried nodes, n = 7 and 13: few openings,
 * each opened chunk is hashed by every call); and a duplicate index. Each
 * flip runs with 1, 2 or 3 threads in turn. */
static void fixed_sets(const family *f) {
    static const struct {
        uint64_t n;
        size_t k;
        uint64_t idx[16];
    } sets[] = {
        {16, 1, {5}},
        {16, 2, {4, 5}},
        {8, 8, {0, 1, 2, 3, 4, 5, 6, 7}},
        {16, 6, {0, 2, 3, 6, 7, 15}},
        {16, 4, {8, 9, 11, 12}},
        {7, 4, {0, 4, 5, 6}},
        {13, 4, {3, 10, 11, 12}},
        {13, 1, {12}},
    };
    opened *o = &g_o;
    for (size_t si = 0; si < sizeof sets / sizeof sets[0]; si++) {
        uint64_t n = sets[si].n;
        /* Hemera (every chunk opened is hashed: the cost) takes the odd sizes only */
        if (n > f->n_max || (int)!(n & (n - 1)) != f->full) continue;
        f->build(n);
        o->k = sets[si].k;
        memcpy(o->idx, sets[si].idx, o->k * sizeof o->idx[0]);
        f->open(o);
        check_agree_all(f, o, "fixed set");
        check_multi(f, o, ZKP_OK, "fixed set");
        check_oracle(f, o);
        unsigned t = 1;
        for (size_t i = 0; i < o->k; i++) {
            for (size_t at = 0; at < o->proof_len[i] / 32; at++, t = t % 3 + 1) {
                uint8_t *p = o->proof[i] + 32 * at, keep = p[at % 24];
                p[at % 24] ^= 0x10;
                zkp_status b = f->batch(o, t);
                CHECK_MSG(b == ZKP_ERR_VERIFY, "%s fixed set %zu: sibling %zu of opening %zu flipped, batch (%u threads) %s",
                          f->name, si, at, i, t, zkp_status_name(b));
                p[at % 24] = keep;
            }
        }
        for (size_t at = 0; at < o->multi_len / 32; at++, t = t % 3 + 1) {
            o->multi[32 * at + at % 24] ^= 0x10;
            zkp_status m = f->multi(o, t);
            CHECK_MSG(m == ZKP_ERR_VERIFY, "%s fixed set %zu: multiproof node %zu flipped, multi (%u threads) %s", f->name,
                      si, at, t, zkp_status_name(m));
            o->multi[32 * at + at % 24] ^= 0x10;
        }
        if (o->k >= 2) { /* a duplicate in place of the second index */
            uint64_t second = o->idx[1];
            o->idx[1] = o->idx[0];
            CHECK_EQ_INT(f->batch(o, 1), ZKP_ERR_PROOF_SHAPE);
            CHECK_EQ_INT(f->multi(o, 2), ZKP_ERR_PROOF_SHAPE);
            o->idx[1] = second;
        }
        CHECK_EQ_INT(f->batch(o, 3), ZKP_OK); /* everything restored */
    }
}

static void run_family(void *ctx) {
    const family *f = ctx;
    fixed_sets(f);
    uint64_t sizes[] = {1, 2, 3, 4, 5, 7, 8, 13, 16, 33, 64, 70, 128, 256, 1024};
    for (size_t si = 0; si < sizeof sizes / sizeof sizes[0]; si++) {
        uint64_t n = sizes[si];
        if (n > f->n_max || (f->full && (n & (n - 1)))) continue;
        f->build(n);
        /* at most 8 sets per size: ZKPRIM_TEST_N is 100..200 in the
         * sanitizer and emulator stages, where each set costs 20-50x */
        uint64_t sets = th_count(4);
        if (sets > 8) sets = 8;
        for (unsigned r = 0; r < (unsigned)sets; r++) {
            opened *o = &g_o;
            o->k = random_set(n, o->idx, r % 4);
            f->open(o);
            check_agree_all(f, o, "valid");
            check_multi(f, o, ZKP_OK, "valid");
            check_oracle(f, o);
            g_every_thread_count = 0;
            if (r < 2) tamper_hashes(f, o);
            tamper_shape(f, o);
            g_every_thread_count = 1;
        }
    }
}

/* Levels wider than one hash call. The engine gathers a level's pairs 256
 * at a time (core/multiproof.c, MP_CHUNK) and Keccak hashes them where they
 * lie, each call writing its digests over nodes the level has already read
 * (keccak/many.c, zkpi_keccak_many_halves); the sets above (k <= 80) fit in
 * one call. Here 700 openings of a 2^11-leaf tree, first and last leaf
 * included: about 700 pairs at the low levels, three calls each. The valid
 * set must verify (batch and multiproof, 1 and 2 threads), and one flipped
 * sibling at every level of openings in the second and third call's range,
 * and one multiproof node in each call's range, must not. Keccak-256 and
 * SHA3-256 (the two padding suffixes of the fused kernels). */
#define WIDE_LEVELS 11
#define WIDE_K 700
static void wide_levels(void *ctx) {
    (void)ctx;
    const size_t n = (size_t)1 << WIDE_LEVELS;
    static const zkp_keccak_alg algs[] = {ZKP_KECCAK_256, ZKP_SHA3_256};
    static uint8_t nodes[32 * (2 * ((size_t)1 << WIDE_LEVELS) - 1)], leaves[WIDE_K][32];
    static uint8_t proofs[WIDE_K][WIDE_LEVELS * 32], multi[WIDE_K * WIDE_LEVELS * 32];
    static uint64_t idx[WIDE_K];
    for (size_t a = 0; a < 2; a++) { /* fixed set: Keccak-256 and SHA3-256 */
        th_rand_bytes(nodes, 32 * n);
        CHECK_STATUS(zkp_keccak_tree_build(algs[a], nodes, n, 1, nodes), ZKP_OK);
        const uint8_t *root = nodes + 32 * (2 * n - 2);
        /* the first and last leaf and WIDE_K - 2 between (selection sampling:
         * leaf i is taken with odds still needed / still left) */
        size_t k = 0;
        idx[k++] = 0;
        for (uint64_t i = 1; i + 1 < n; i++)
            if (th_rand_below(n - 1 - i) < WIDE_K - 1 - k) idx[k++] = i;
        idx[k++] = n - 1;
        CHECK_EQ_U64(k, WIDE_K);
        for (size_t i = 0; i < k; i++) {
            memcpy(leaves[i], nodes + 32 * idx[i], 32);
            CHECK_STATUS(zkp_keccak_tree_proof(nodes, n, idx[i], proofs[i]), ZKP_OK);
        }
        size_t mlen = 0;
        CHECK_STATUS(zkp_keccak_tree_multi_proof(nodes, n, idx, k, multi, sizeof multi, &mlen), ZKP_OK);
        for (unsigned t = 1; t <= 2; t++) {
            CHECK_EQ_INT(zkp_keccak_tree_verify_batch(algs[a], root, leaves[0], idx, k, proofs[0], WIDE_LEVELS, t),
                         ZKP_OK);
            CHECK_EQ_INT(zkp_keccak_tree_multi_verify(algs[a], root, leaves[0], idx, k, multi, mlen, WIDE_LEVELS, t),
                         ZKP_OK);
        }
        for (unsigned l = 0; l < WIDE_LEVELS; l++) {
            size_t o = l % 2 ? 300 + l : 600 + l; /* beyond the first 256 pairs of the low levels */
            proofs[o][32 * l + 3] ^= 0x20;
            CHECK_MSG(zkp_keccak_tree_verify_batch(algs[a], root, leaves[0], idx, k, proofs[0], WIDE_LEVELS, 1) ==
                          ZKP_ERR_VERIFY,
                      "wide levels: sibling at level %u of opening %zu flipped, batch accepts", l, o);
            proofs[o][32 * l + 3] ^= 0x20;
        }
        for (size_t r = 0; r < 3; r++) { /* fixed set: one flip in each third of the multiproof */
            size_t at = (r * (mlen / 32)) / 3 + (size_t)th_rand_below(mlen / 96);
            multi[32 * at + 5] ^= 0x01;
            CHECK_MSG(zkp_keccak_tree_multi_verify(algs[a], root, leaves[0], idx, k, multi, mlen, WIDE_LEVELS, 1) ==
                          ZKP_ERR_VERIFY,
                      "wide levels: multiproof node %zu flipped, multi_verify accepts", at);
            multi[32 * at + 5] ^= 0x01;
        }
    }
}

int main(void) {
    th_init("test_multiproof");
    th_section("keccak wide levels");
    th_for_each_cpu_level(wide_levels, NULL);
    for (size_t i = 0; i < sizeof k_families / sizeof k_families[0]; i++) {
        th_section(k_families[i].name);
        th_for_each_cpu_level(run_family, (void *)&k_families[i]);
    }
    free(g_knodes), free(g_hdata), free(g_pnodes);
    return th_finish();
}
