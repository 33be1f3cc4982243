/*
 * Streaming tree roots and subtree merging (docs/streaming.md):
 *
 *  - the three tree hashers (Hemera fixed 4 KiB, Hemera CDC, Keccak leaf
 *    data) against their one-shot roots for every length 0..300 chunks
 *    (leaves) and +-1 byte, the data cut into updates at random points
 *    (0-byte and 1-byte updates included); the Hemera fixed one-shot (now
 *    the streaming core) also against a definitional left-balanced merge
 *    written here and the threaded one-shot (aligned parts on threads), and
 *    the hasher with threads; the Keccak one against a plain oracle (hash
 *    every leaf, pad with zero nodes, pair level by level), with
 *    zkp_keccak_tree_root, zkp_keccak_tree_build_data and
 *    zkp_keccak_tree_root_data checked against the same oracle;
 *  - finalize does not consume: a finalize mid-stream gives the prefix's
 *    root and the stream goes on;
 *  - corrupted or uninitialised structs give ZKP_ERR_STATE;
 *  - subtrees: random inputs split at random legal points into 1..64 parts,
 *    parts hashed apart and merged, equal the root of the whole; the split
 *    helper's points are legal and merge to the root; illegal splits are
 *    ZKP_ERR_RANGE.
 * The Hemera parts run at every CPU level (th_for_each_cpu_level) on a
 * shorter length range; the full range runs at the native level.
 */
#include <stdlib.h>
#include <string.h>

#include "harness.h"
#include "zkprim/hemera.h"
#include "zkprim/keccak.h"

#define CHUNK ZKP_HEMERA_CHUNK_BYTES
#define MAX_CHUNKS 300

static uint8_t *g_data; /* (MAX_CHUNKS + 1) * 5000 + 1 random bytes */
static size_t g_max;
/* Chunks (leaves) the length sweeps cover: MAX_CHUNKS in a default or deep
 * run; ZKPRIM_TEST_N below it (the sanitizer, verify and qemu stages set
 * 50..200) shrinks the sweep, and a sanitizer build caps it at 64. */
static size_t g_sweep;
static int g_dense; /* a deep run (ZKPRIM_TEST_N > MAX_CHUNKS) visits every count */

/* A random update size: 0, 1, small, around a chunk, or many chunks. */
static size_t rand_piece(size_t left) {
    size_t s;
    switch (th_rand_below(6)) {
    case 0: s = 0; break;
    case 1: s = 1; break;
    case 2: s = (size_t)th_rand_below(100); break;
    case 3: s = (size_t)th_rand_below(3 * CHUNK); break;
    case 4: s = (size_t)th_rand_below(20 * CHUNK); break;
    default: s = (size_t)th_rand_below(80 * CHUNK); break;
    }
    return s < left ? s : left;
}

/* ---- hashers behind one interface ------------------------------------------ */

typedef struct stream_kind {
    const char *name;
    size_t state_bytes;
    void (*init)(void *h, unsigned arg);
    zkp_status (*update)(void *h, const uint8_t *d, size_t n);
    zkp_status (*finalize)(const void *h, uint8_t out[32]);
    zkp_status (*oneshot)(const uint8_t *d, size_t n, unsigned arg, uint8_t out[32]);
} stream_kind;

static void fx_init(void *h, unsigned t) { zkp_hemera_tree_hasher_init(h, t); }
static zkp_status fx_update(void *h, const uint8_t *d, size_t n) { return zkp_hemera_tree_hasher_update(h, d, n); }
static zkp_status fx_final(const void *h, uint8_t out[32]) { return zkp_hemera_tree_hasher_finalize(h, out); }
static zkp_status fx_one(const uint8_t *d, size_t n, unsigned t, uint8_t out[32]) {
    return zkp_hemera_tree_root_fixed(d, n, t, out);
}
static void cd_init(void *h, unsigned t) {
    (void)t;
    zkp_hemera_cdc_hasher_init(h);
}
static zkp_status cd_update(void *h, const uint8_t *d, size_t n) { return zkp_hemera_cdc_hasher_update(h, d, n); }
static zkp_status cd_final(const void *h, uint8_t out[32]) { return zkp_hemera_cdc_hasher_finalize(h, out); }
static zkp_status cd_one(const uint8_t *d, size_t n, unsigned t, uint8_t out[32]) {
    (void)t;
    return zkp_hemera_tree_root_cdc(d, n, out);
}

static const stream_kind k_fixed = {"hemera fixed", sizeof(zkp_hemera_tree_hasher), fx_init, fx_update, fx_final, fx_one};
static const stream_kind k_cdc = {"hemera cdc", sizeof(zkp_hemera_cdc_hasher), cd_init, cd_update, cd_final, cd_one};

/* Streams d[0..n) in random pieces into a fresh hasher (threads arg). */
static zkp_status stream_root(const stream_kind *k, void *h, unsigned arg, const uint8_t *d, size_t n, uint8_t out[32]) {
    k->init(h, arg);
    size_t pos = 0;
    while (pos < n || th_rand_below(4) == 0) {
        size_t s = rand_piece(n - pos);
        zkp_status st = k->update(h, s ? d + pos : (th_rand_below(2) ? NULL : d), s);
        if (st != ZKP_OK) return st;
        pos += s;
        if (pos == n && th_rand_below(2)) break;
    }
    return k->finalize(h, out);
}

/* ---- the definitional fixed root --------------------------------------------
 * Spec 7.4/7.5 read plainly: leaf i hashes chunk i with counter i; a tree
 * of n > 1 leaves is node(left, right) with the largest power of two below
 * n on the left, the root flag on the top node only (on the leaf when
 * n == 1). The leaves of full chunks are computed once (g_cv). */
static uint8_t g_cv[MAX_CHUNKS + 1][32];

static void oracle_merge(uint64_t lo, uint64_t cnt, uint64_t n, const uint8_t last[32], int is_root, uint8_t out[32]) {
    if (cnt == 1) {
        memcpy(out, lo == n - 1 ? last : g_cv[lo], 32);
        return;
    }
    uint64_t left = 1;
    while (left * 2 < cnt) left *= 2;
    uint8_t l[32], r[32];
    oracle_merge(lo, left, n, last, 0, l);
    oracle_merge(lo + left, cnt - left, n, last, 0, r);
    zkp_hemera_hash_node(l, r, is_root, out);
}

static void oracle_fixed(const uint8_t *d, size_t len, uint8_t out[32]) {
    uint64_t n = zkp_hemera_tree_chunk_count(len);
    size_t off = (size_t)(n - 1) * CHUNK;
    uint8_t last[32];
    if (zkp_hemera_hash_leaf(d + off, len - off, n - 1, n == 1, last) != ZKP_OK) th_fail(__FILE__, __LINE__, "leaf");
    if (n == 1) memcpy(out, last, 32);
    else oracle_merge(0, n, n, last, 1, out);
}

/* The chunk counts a length sweep visits: th_sparse_visit's (every count up
 * to 64, shape changes, every 37th, the last). Each visited length costs a
 * one-shot root of c chunks, so a dense sweep to 300 was quadratic (35 s of
 * the native stage, 80 s under qemu) for shapes the sparse one still covers.
 * A deep run still visits every count. */
static int sweep_visits(size_t c, size_t max_chunks) { return g_dense || th_sparse_visit(c, max_chunks); }

/* Target lengths c * 4096 + {-1, 0, +1} for the visited c in 0..max_chunks,
 * increasing. */
static size_t targets(size_t max_chunks, size_t *t) {
    size_t k = 0;
    for (size_t c = 0; c <= max_chunks; c++)
        if (sweep_visits(c, max_chunks))
        for (int d = -1; d <= 1; d++)
            if (c || d >= 0) t[k++] = c * CHUNK + (size_t)(long)d;
    return k;
}

/* Every target length against the one-shot root (and, for the fixed tree,
 * the definitional root; the threaded one-shot on every
 * seventh length). The hasher side streams the data once per trial in
 * random pieces (0-byte and 1-byte updates included) and finalizes at
 * target lengths (finalize does not consume): every target in trial 0,
 * a random eighth in trial 1 and a 64th in trial 2, so that long updates
 * (the in-place and threaded paths) are streamed too. */
static void lengths_vs_oneshot(const stream_kind *k, size_t max_chunks, unsigned threads) {
    size_t t[3 * (MAX_CHUNKS + 1)], nt = targets(max_chunks, t);
    uint8_t(*want)[32] = malloc(nt * 32);
    void *h = malloc(k->state_bytes);
    for (size_t i = 0; i < nt; i++) {
        CHECK_STATUS(k->oneshot(g_data, t[i], 1, want[i]), ZKP_OK);
        if (k == &k_fixed) {
            uint8_t o[32];
            oracle_fixed(g_data, t[i], o);
            if (memcmp(o, want[i], 32)) th_fail(__FILE__, __LINE__, "fixed one-shot != oracle at %zu bytes", t[i]);
            if (i % 7 == 0) {
                CHECK_STATUS(k->oneshot(g_data, t[i], 2, o), ZKP_OK);
                CHECK_EQ_BYTES(o, want[i], 32);
            }
        }
    }
    for (int trial = 0; trial < 3; trial++) { /* fixed set: finalize every 1, 8, 64 updates */
        uint64_t every = trial == 0 ? 1 : trial == 1 ? 8 : 64;
        k->init(h, threads);
        size_t pos = 0;
        for (size_t i = 0; i < nt; i++) {
            if (trial && i + 1 < nt && th_rand_below(every)) continue;
            while (pos < t[i] || th_rand_below(3) == 0) {
                size_t s = rand_piece(t[i] - pos);
                CHECK_STATUS(k->update(h, s ? g_data + pos : (th_rand_below(2) ? NULL : g_data), s), ZKP_OK);
                pos += s;
                if (pos == t[i] && th_rand_below(2)) break;
            }
            uint8_t got[32];
            CHECK_STATUS(k->finalize(h, got), ZKP_OK);
            if (memcmp(got, want[i], 32)) {
                th_fail(__FILE__, __LINE__, "%s: length %zu (threads %u, trial %d) differs from the one-shot root",
                        k->name, t[i], threads, trial);
                trial = 3;
                break;
            }
        }
    }
    free(h);
    free(want);
}

/* finalize mid-stream: the prefix's root, and the hasher goes on. */
static void finalize_keeps_state(const stream_kind *k) {
    void *h = malloc(k->state_bytes);
    size_t n = 37 * CHUNK + 123, cut = 9 * CHUNK + 5;
    uint8_t a[32], b[32], want_a[32], want_b[32];
    k->init(h, 1);
    CHECK_STATUS(k->update(h, g_data, cut), ZKP_OK);
    CHECK_STATUS(k->finalize(h, a), ZKP_OK);
    CHECK_STATUS(k->finalize(h, b), ZKP_OK);
    CHECK_STATUS(k->oneshot(g_data, cut, 1, want_a), ZKP_OK);
    CHECK_EQ_BYTES(a, want_a, 32);
    CHECK_EQ_BYTES(b, want_a, 32);
    CHECK_STATUS(k->update(h, g_data + cut, n - cut), ZKP_OK);
    CHECK_STATUS(k->finalize(h, b), ZKP_OK);
    CHECK_STATUS(k->oneshot(g_data, n, 1, want_b), ZKP_OK);
    CHECK_EQ_BYTES(b, want_b, 32);
    free(h);
}

static void hemera_level(void *ctx) {
    (void)ctx;
    lengths_vs_oneshot(&k_fixed, 12, 1);
    lengths_vs_oneshot(&k_cdc, 12, 0);
}

/* CDC on data whose gear fingerprint is flat (zeros: every chunk is the
 * minimum length) and on a repeating byte run. */
static void cdc_low_entropy(void) {
    uint8_t *z = calloc(70 * CHUNK, 1);
    zkp_hemera_cdc_hasher *h = malloc(sizeof *h);
    for (size_t n = 0; n < 70 * CHUNK; n += 1 + (size_t)th_rand_below(3 * CHUNK)) {
        uint8_t want[32], got[32];
        CHECK_STATUS(zkp_hemera_tree_root_cdc(z, n, want), ZKP_OK);
        CHECK_STATUS(stream_root(&k_cdc, h, 0, z, n, got), ZKP_OK);
        CHECK_EQ_BYTES(got, want, 32);
        for (size_t i = 0; i < n; i++) z[i] = (uint8_t)(i / 3000);
    }
    free(h);
    free(z);
}

/* ---- corrupted state --------------------------------------------------------- */

static void hemera_bad_state(void) {
    zkp_hemera_tree_hasher *t = malloc(sizeof *t);
    zkp_hemera_cdc_hasher *c = malloc(sizeof *c);
    uint8_t out[32];
    memset(t, 0xA5, sizeof *t);
    memset(c, 0xA5, sizeof *c);
    CHECK_STATUS(zkp_hemera_tree_hasher_update(t, g_data, 1), ZKP_ERR_STATE);
    CHECK_STATUS(zkp_hemera_tree_hasher_finalize(t, out), ZKP_ERR_STATE);
    CHECK_STATUS(zkp_hemera_cdc_hasher_update(c, g_data, 1), ZKP_ERR_STATE);
    CHECK_STATUS(zkp_hemera_cdc_hasher_finalize(c, out), ZKP_ERR_STATE);
    /* one field at a time, after some data */
    for (int f = 0; f < 6; f++) {
        zkp_hemera_tree_hasher_init(t, 2);
        CHECK_STATUS(zkp_hemera_tree_hasher_update(t, g_data, 70 * CHUNK + 3), ZKP_OK);
        switch (f) {
        case 0: t->fill = sizeof t->buf + 1; break;
        case 1: t->depth = 65; break;
        case 2: t->chunks += 1; break;
        case 3: t->total += 1; break;
        case 4: t->threads = 1000; break;
        default: t->flags ^= 1; break;
        }
        CHECK_STATUS(zkp_hemera_tree_hasher_update(t, g_data, 1), ZKP_ERR_STATE);
        CHECK_STATUS(zkp_hemera_tree_hasher_finalize(t, out), ZKP_ERR_STATE);
        zkp_hemera_cdc_hasher_init(c);
        CHECK_STATUS(zkp_hemera_cdc_hasher_update(c, g_data, 70 * CHUNK + 3), ZKP_OK);
        switch (f) {
        case 0: c->fill = sizeof c->buf + 1; break;
        case 1: c->depth = 65; break;
        /* (chunks + 1 can keep its popcount and stay within the 2048..8192
         * bytes-per-chunk bounds, for some data: not a corruption the state
         * can see. A count far above the bytes merged always is.) */
        case 2: c->chunks += (uint64_t)1 << 40; break;
        case 3: c->total = 0; break;
        case 4: c->chunks = (uint64_t)1 << 60; break;
        default: c->flags ^= 1; break;
        }
        CHECK_STATUS(zkp_hemera_cdc_hasher_update(c, g_data, 1), ZKP_ERR_STATE);
        CHECK_STATUS(zkp_hemera_cdc_hasher_finalize(c, out), ZKP_ERR_STATE);
    }
    /* NULL and lengths */
    zkp_hemera_tree_hasher_init(t, 1);
    CHECK_STATUS(zkp_hemera_tree_hasher_update(t, NULL, 1), ZKP_ERR_NULL);
    CHECK_STATUS(zkp_hemera_tree_hasher_update(t, NULL, 0), ZKP_OK);
    CHECK_STATUS(zkp_hemera_tree_hasher_update(t, g_data, SIZE_MAX), ZKP_ERR_LENGTH);
    CHECK_STATUS(zkp_hemera_tree_hasher_update(NULL, g_data, 1), ZKP_ERR_NULL);
    CHECK_STATUS(zkp_hemera_tree_hasher_finalize(t, NULL), ZKP_ERR_NULL);
    free(t);
    free(c);
}

/* ---- Hemera subtrees --------------------------------------------------------- */

/* Random legal split of n chunks (total bytes len) into parts: each part a
 * power of two not above the alignment of its start; the one that reaches
 * the end is cut there. Returns the part count (0: more than max parts). */
static size_t random_split(uint64_t len, uint64_t unit, size_t max, uint64_t *off) {
    uint64_t n = len == 0 ? 1 : (len - 1) / unit + 1, f = 0;
    size_t k = 0;
    while (f < n) {
        if (k == max) return 0;
        unsigned tz = 0;
        while (tz < 20 && (f == 0 || ((f >> tz) & 1) == 0)) tz++;
        uint64_t size = (uint64_t)1 << th_rand_below(tz + 1);
        off[k++] = f * unit;
        f += size;
    }
    off[k] = len;
    return k;
}

static void hemera_subtrees(void) {
    uint64_t off[65];
    uint8_t cvs[64][32], want[32], got[32];
    uint64_t rounds = th_count(150), done = 0;
    while (done < rounds) {
        uint64_t len = 1 + th_rand_below(th_rand_below(4) ? 100 * CHUNK : 3 * CHUNK);
        if (th_rand_below(3) == 0) len = (len / CHUNK + 1) * CHUNK; /* whole chunks */
        size_t k = random_split(len, CHUNK, 64, off);
        if (k == 0) continue;
        done++;
        CHECK_STATUS(zkp_hemera_tree_root_fixed(g_data, (size_t)len, 1, want), ZKP_OK);
        for (size_t i = 0; i < k; i++)
            CHECK_STATUS(zkp_hemera_subtree_root(g_data + off[i], (size_t)(off[i + 1] - off[i]), off[i] / CHUNK, cvs[i]),
                         ZKP_OK);
        if (k == 1) {
            CHECK_STATUS(zkp_hemera_subtree_merge_parts((const uint8_t(*)[32])cvs, off, 1, got), ZKP_ERR_COUNT);
            continue;
        }
        CHECK_STATUS(zkp_hemera_subtree_merge_parts((const uint8_t(*)[32])cvs, off, k, got), ZKP_OK);
        if (memcmp(got, want, 32)) {
            th_fail(__FILE__, __LINE__, "hemera: %zu parts of %llu bytes do not merge to the root", k,
                    (unsigned long long)len);
            break;
        }
        /* an illegal variant: move an inner boundary by one chunk, or by one byte */
        size_t b = 1 + (size_t)th_rand_below(k - 1);
        uint64_t saved = off[b];
        off[b] += th_rand_below(2) ? CHUNK : 1;
        if (off[b] < off[b + 1]) {
            zkp_status st = zkp_hemera_subtree_merge_parts((const uint8_t(*)[32])cvs, off, k, got);
            /* moving by a chunk may land on another legal split; then the
             * roots no longer match the parts, but it cannot be an accept of
             * the original root */
            CHECK(st == ZKP_ERR_RANGE || (st == ZKP_OK && memcmp(got, want, 32) != 0));
        }
        off[b] = saved;
    }
    /* two halves merge with hash_node */
    {
        size_t len = 6 * CHUNK + 10;
        uint8_t l[32], r[32];
        CHECK_STATUS(zkp_hemera_subtree_root(g_data, 4 * CHUNK, 0, l), ZKP_OK);
        CHECK_STATUS(zkp_hemera_subtree_root(g_data + 4 * CHUNK, len - 4 * CHUNK, 4, r), ZKP_OK);
        zkp_hemera_hash_node(l, r, 1, got);
        CHECK_STATUS(zkp_hemera_tree_root_fixed(g_data, len, 1, want), ZKP_OK);
        CHECK_EQ_BYTES(got, want, 32);
    }
    /* the split helper */
    for (uint64_t r = 0, rn = th_count(200); r < rn; r++) {
        uint64_t len = th_rand_below(4) ? th_rand_below(300 * CHUNK) : th_rand_below(3 * CHUNK);
        size_t max = 1 + (size_t)th_rand_below(64), k = 0;
        uint64_t o[65];
        CHECK_STATUS(zkp_hemera_subtree_split(len, max, o, &k), ZKP_OK);
        CHECK(k >= 1 && k <= max && o[0] == 0 && o[k] == len);
        CHECK(k > 1 || len <= CHUNK || max == 1);
        CHECK_STATUS(zkp_hemera_tree_root_fixed(g_data, (size_t)len, 1, want), ZKP_OK);
        if (k == 1) continue;
        for (size_t i = 0; i < k; i++)
            CHECK_STATUS(zkp_hemera_subtree_root(g_data + o[i], (size_t)(o[i + 1] - o[i]), o[i] / CHUNK, cvs[i]), ZKP_OK);
        CHECK_STATUS(zkp_hemera_subtree_merge_parts((const uint8_t(*)[32])cvs, o, k, got), ZKP_OK);
        CHECK_EQ_BYTES(got, want, 32);
    }
    /* bad calls */
    CHECK_STATUS(zkp_hemera_subtree_root(g_data, 2 * CHUNK, 1, got), ZKP_ERR_RANGE); /* 2 chunks at chunk 1 */
    CHECK_STATUS(zkp_hemera_subtree_root(g_data, 3 * CHUNK, 2, got), ZKP_ERR_RANGE); /* 3 (-> 4) at chunk 2 */
    CHECK_STATUS(zkp_hemera_subtree_root(g_data, 0, 0, got), ZKP_ERR_LENGTH);
    CHECK_STATUS(zkp_hemera_subtree_root(g_data, 1, (uint64_t)1 << 52, got), ZKP_ERR_RANGE);
    CHECK_STATUS(zkp_hemera_subtree_root(NULL, 1, 0, got), ZKP_ERR_NULL);
    uint64_t o3[3] = {0, 3 * CHUNK, 4 * CHUNK};
    CHECK_STATUS(zkp_hemera_subtree_merge_parts((const uint8_t(*)[32])cvs, o3, 2, got), ZKP_ERR_RANGE);
    uint64_t o4[3] = {0, 2 * CHUNK, 2 * CHUNK};
    CHECK_STATUS(zkp_hemera_subtree_merge_parts((const uint8_t(*)[32])cvs, o4, 2, got), ZKP_ERR_RANGE);
    uint64_t o5[3] = {0, 2 * CHUNK, 7 * CHUNK}; /* last part of 5 chunks at chunk 2 */
    CHECK_STATUS(zkp_hemera_subtree_merge_parts((const uint8_t(*)[32])cvs, o5, 2, got), ZKP_ERR_RANGE);
    size_t k;
    CHECK_STATUS(zkp_hemera_subtree_split(10, 0, off, &k), ZKP_ERR_COUNT);
}

/* ---- Keccak ------------------------------------------------------------------ */

/* The plain definition: hash every leaf (the last may be short, an empty
 * input is one empty leaf), pad to a power of two with zero nodes, pair
 * level by level with the one-pair function. The library's one-shot forms
 * over the same leaves are checked against it on the way: tree_root over
 * the digests (1..3 threads) and tree_build_data's node array. */
static void keccak_oracle(zkp_keccak_alg alg, const uint8_t *d, size_t n, size_t ls, uint8_t root[32]) {
    size_t leaves = n == 0 ? 1 : (n - 1) / ls + 1, p = 1;
    while (p < leaves) p *= 2;
    uint8_t *nodes = calloc(p, 32), *lvl = calloc(p, 32), *built = malloc(32 * (2 * p - 1));
    for (size_t i = 0; i < leaves; i++) {
        size_t a = i * ls, b = a + ls < n ? a + ls : n;
        if (zkp_keccak_hash(alg, d + a, b - a, nodes + 32 * i, 32) != ZKP_OK) th_fail(__FILE__, __LINE__, "leaf");
    }
    memcpy(lvl, nodes, 32 * p);
    for (size_t w = p; w > 1; w /= 2)
        for (size_t i = 0; i < w / 2; i++)
            (alg == ZKP_KECCAK_256 ? zkp_keccak256_pair : zkp_sha3_256_pair)(lvl + 64 * i, lvl + 64 * i + 32, lvl + 32 * i);
    memcpy(root, lvl, 32);
    /* The one-shot forms on every fourth call: each costs another pass over
     * the leaves, and the qemu stages run this oracle thousands of times
     * (the hasher's own checks below stay on every call). */
    static unsigned calls;
    if (calls++ % 4 == 0) {
        uint8_t got[32];
        CHECK_STATUS(zkp_keccak_tree_root(alg, nodes, p, 1 + (unsigned)th_rand_below(3), got), ZKP_OK);
        CHECK_EQ_BYTES(got, root, 32);
        CHECK_STATUS(zkp_keccak_tree_build_data(alg, d, n, ls, 1 + (unsigned)th_rand_below(2), built, p), ZKP_OK);
        CHECK_EQ_BYTES(built, nodes, 32 * p);
        CHECK_EQ_BYTES(built + 32 * (2 * p - 2), root, 32);
        if (p > 1) CHECK_STATUS(zkp_keccak_tree_build_data(alg, d, n, ls, 1, built, p / 2), ZKP_ERR_COUNT);
        CHECK_STATUS(zkp_keccak_tree_build_data(alg, d, n, ls, 1, built, 2 * p), ZKP_ERR_COUNT);
        CHECK_STATUS(zkp_keccak_tree_build_data(alg, d, n, 0, 1, built, p), ZKP_ERR_LENGTH);
    }
    free(nodes);
    free(lvl);
    free(built);
}

static zkp_status keccak_stream(zkp_keccak_tree_hasher *h, zkp_keccak_alg alg, size_t ls, const uint8_t *d, size_t n,
                                uint8_t root[32]) {
    zkp_status st = zkp_keccak_tree_hasher_init_threads(h, alg, ls, th_rand_below(2) ? 1 : 2 + (unsigned)th_rand_below(3));
    size_t pos = 0;
    while (st == ZKP_OK && pos < n) {
        size_t s = th_rand_below(3) ? (size_t)th_rand_below(4 * ls + 2) : rand_piece(n - pos);
        if (s > n - pos) s = n - pos;
        st = zkp_keccak_tree_hasher_update(h, d + pos, s);
        pos += s;
    }
    return st == ZKP_OK ? zkp_keccak_tree_hasher_finalize(h, root) : st;
}

static void keccak_lengths(void) {
    static const size_t sizes[] = {1, 64, 100, 4096, 5000};
    zkp_keccak_tree_hasher *h = malloc(sizeof *h);
    for (size_t si = 0; si < sizeof sizes / sizeof sizes[0]; si++) {
        size_t ls = sizes[si];
        zkp_keccak_alg alg = si & 1 ? ZKP_SHA3_256 : ZKP_KECCAK_256;
        for (size_t c = 0; c <= g_sweep; c++) {
            if (!sweep_visits(c, g_sweep)) continue;
            for (int d = -1; d <= 1; d++) {
                if (c == 0 && d < 0) continue;
                size_t n = c * ls + (size_t)(long)d;
                if (n > g_max) continue;
                uint8_t want[32], got[32];
                keccak_oracle(alg, g_data, n, ls, want);
                CHECK_STATUS(keccak_stream(h, alg, ls, g_data, n, got), ZKP_OK);
                if (memcmp(want, got, 32)) {
                    th_fail(__FILE__, __LINE__, "keccak leaf %zu: length %zu differs from the oracle", ls, n);
                    si = 99;
                    break;
                }
                if (d == 0 && c && (c & (c - 1)) == 0) { /* the one-shot leaf-data root */
                    CHECK_STATUS(zkp_keccak_tree_root_data(alg, g_data, ls, c, 1, want), ZKP_OK);
                    CHECK_EQ_BYTES(got, want, 32);
                }
            }
            if (si == 99) break;
        }
        if (si == 99) break;
    }
    /* threads: updates of up to 3 MiB in random pieces take the threaded
     * rounds (blocks of 256 KiB) around unaligned heads and tails */
    {
        size_t big_n = (size_t)3 << 20;
        uint8_t *big = malloc(big_n);
        th_rand_bytes(big, big_n);
        static const size_t tls[] = {1, 32, 64, 100, 4096, 5000, 300000};
        for (uint64_t r = 0, rn = th_count(8) < 16 ? th_count(8) : 16; r < rn; r++) {
            size_t ls = tls[th_rand_below(sizeof tls / sizeof tls[0])], n = (size_t)th_rand_below(big_n + 1);
            zkp_keccak_alg alg = r & 1 ? ZKP_SHA3_256 : ZKP_KECCAK_256;
            uint8_t want1[32], got[32];
            CHECK_STATUS(zkp_keccak_tree_hasher_init(h, alg, ls), ZKP_OK);
            CHECK_STATUS(zkp_keccak_tree_hasher_update(h, big, n), ZKP_OK);
            CHECK_STATUS(zkp_keccak_tree_hasher_finalize(h, want1), ZKP_OK);
            CHECK_STATUS(zkp_keccak_tree_hasher_init_threads(h, alg, ls, 2 + (unsigned)th_rand_below(7)), ZKP_OK);
            for (size_t pos = 0, piece; pos < n; pos += piece) {
                piece = r & 2 ? n - pos : (size_t)th_rand_below((size_t)1 << 21) + 1;
                if (piece > n - pos) piece = n - pos;
                CHECK_STATUS(zkp_keccak_tree_hasher_update(h, big + pos, piece), ZKP_OK);
            }
            CHECK_STATUS(zkp_keccak_tree_hasher_finalize(h, got), ZKP_OK);
            if (memcmp(got, want1, 32)) {
                th_fail(__FILE__, __LINE__, "keccak threads: %zu bytes, leaf %zu differ from one thread", n, ls);
                break;
            }
        }
        free(big);
    }
    /* any leaf size >= 1: one above the data's length is one leaf, H(data),
     * up to SIZE_MAX (no clamping in front ends) */
    {
        static const size_t huge[] = {(size_t)1 << 40, (size_t)PTRDIFF_MAX, (size_t)PTRDIFF_MAX + 1, SIZE_MAX - 1,
                                      SIZE_MAX};
        for (size_t i = 0; i < sizeof huge / sizeof huge[0]; i++) {
            uint8_t want1[32], got[32];
            size_t n = (size_t)th_rand_below(20000);
            CHECK_STATUS(zkp_keccak_hash(ZKP_KECCAK_256, g_data, n, want1, 32), ZKP_OK);
            CHECK_STATUS(zkp_keccak_tree_hasher_init_threads(h, ZKP_KECCAK_256, huge[i], 4), ZKP_OK);
            CHECK_STATUS(zkp_keccak_tree_hasher_update(h, g_data, n / 2), ZKP_OK);
            CHECK_STATUS(zkp_keccak_tree_hasher_update(h, g_data + n / 2, n - n / 2), ZKP_OK);
            CHECK_STATUS(zkp_keccak_tree_hasher_finalize(h, got), ZKP_OK);
            CHECK_EQ_BYTES(got, want1, 32);
            uint64_t o[3];
            size_t k = 0;
            CHECK_STATUS(zkp_keccak_subtree_split(n, huge[i], 4, o, &k), ZKP_OK);
            CHECK(k == 1 && o[0] == 0 && o[1] == n);
            CHECK_STATUS(zkp_keccak_subtree_merge_parts(ZKP_KECCAK_256, (const uint8_t(*)[32])got, o, 1, huge[i], want1),
                         ZKP_OK);
            CHECK_EQ_BYTES(got, want1, 32);
        }
    }
    /* finalize keeps the state */
    uint8_t a[32], want[32];
    CHECK_STATUS(zkp_keccak_tree_hasher_init(h, ZKP_KECCAK_256, 64), ZKP_OK);
    CHECK_STATUS(zkp_keccak_tree_hasher_update(h, g_data, 1000), ZKP_OK);
    CHECK_STATUS(zkp_keccak_tree_hasher_finalize(h, a), ZKP_OK);
    keccak_oracle(ZKP_KECCAK_256, g_data, 1000, 64, want);
    CHECK_EQ_BYTES(a, want, 32);
    CHECK_STATUS(zkp_keccak_tree_hasher_update(h, g_data + 1000, 3000), ZKP_OK);
    CHECK_STATUS(zkp_keccak_tree_hasher_finalize(h, a), ZKP_OK);
    keccak_oracle(ZKP_KECCAK_256, g_data, 4000, 64, want);
    CHECK_EQ_BYTES(a, want, 32);
    /* bad state and arguments */
    CHECK_STATUS(zkp_keccak_tree_hasher_init(h, ZKP_SHA3_512, 64), ZKP_ERR_PARAM);
    CHECK_STATUS(zkp_keccak_tree_hasher_update(h, g_data, 1), ZKP_ERR_STATE); /* a failed init leaves it unusable */
    CHECK_STATUS(zkp_keccak_tree_hasher_init(h, ZKP_KECCAK_256, 0), ZKP_ERR_LENGTH);
    CHECK_STATUS(zkp_keccak_tree_hasher_init(NULL, ZKP_KECCAK_256, 1), ZKP_ERR_NULL);
    for (int f = 0; f < 7; f++) {
        CHECK_STATUS(zkp_keccak_tree_hasher_init(h, ZKP_KECCAK_256, f < 3 ? 100 : 9000), ZKP_OK);
        CHECK_STATUS(zkp_keccak_tree_hasher_update(h, g_data, 20000), ZKP_OK);
        switch (f) {
        case 0: h->fill = 5000; break;
        case 1: h->depth = 1; break;
        case 2: h->alg = ZKP_SHA3_512; break;
        case 3: h->fill = 9000; break;
        case 4: h->leaf_size = 0; break;
        case 5: h->threads = 65; break;
        default: h->leaves = 0; break;
        }
        CHECK_STATUS(zkp_keccak_tree_hasher_update(h, g_data, 1), ZKP_ERR_STATE);
        CHECK_STATUS(zkp_keccak_tree_hasher_finalize(h, a), ZKP_ERR_STATE);
    }
    memset(h, 0x5A, sizeof *h);
    CHECK_STATUS(zkp_keccak_tree_hasher_finalize(h, a), ZKP_ERR_STATE);
    free(h);
}

static void keccak_subtrees(void) {
    zkp_keccak_tree_hasher *h = malloc(sizeof *h);
    uint64_t off[65];
    uint8_t cvs[64][32], want[32], got[32];
    uint64_t rounds = th_count(300), done = 0;
    while (done < rounds) {
        size_t ls = th_rand_below(2) ? 64 : 1 + (size_t)th_rand_below(300);
        zkp_keccak_alg alg = th_rand_below(2) ? ZKP_KECCAK_256 : ZKP_SHA3_256;
        uint64_t len = th_rand_below(ls * 200 + 1);
        size_t k = random_split(len, ls, 64, off);
        if (k == 0) continue;
        done++;
        keccak_oracle(alg, g_data, (size_t)len, ls, want);
        for (size_t i = 0; i < k; i++) {
            CHECK_STATUS(zkp_keccak_tree_hasher_init(h, alg, ls), ZKP_OK);
            CHECK_STATUS(zkp_keccak_tree_hasher_update(h, g_data + off[i], (size_t)(off[i + 1] - off[i])), ZKP_OK);
            CHECK_STATUS(zkp_keccak_tree_hasher_finalize(h, cvs[i]), ZKP_OK);
        }
        CHECK_STATUS(zkp_keccak_subtree_merge_parts(alg, (const uint8_t(*)[32])cvs, off, k, ls, got), ZKP_OK);
        if (memcmp(got, want, 32)) {
            th_fail(__FILE__, __LINE__, "keccak: %zu parts of %llu bytes (leaf %zu) do not merge to the root", k,
                    (unsigned long long)len, ls);
            break;
        }
        if (k > 1) { /* an inner boundary moved by one byte is illegal */
            size_t b = 1 + (size_t)th_rand_below(k - 1);
            off[b] += 1;
            if (off[b] < off[b + 1] && ls > 1)
                CHECK_STATUS(zkp_keccak_subtree_merge_parts(alg, (const uint8_t(*)[32])cvs, off, k, ls, got),
                             ZKP_ERR_RANGE);
            off[b] -= 1;
        }
    }
    for (uint64_t r = 0, rn = th_count(200); r < rn; r++) {
        size_t ls = 1 + (size_t)th_rand_below(200), max = 1 + (size_t)th_rand_below(64), k = 0;
        uint64_t len = th_rand_below(ls * 300 + 1), o[65];
        CHECK_STATUS(zkp_keccak_subtree_split(len, ls, max, o, &k), ZKP_OK);
        CHECK(k >= 1 && k <= max && o[0] == 0 && o[k] == len);
        for (size_t i = 0; i < k; i++) {
            CHECK_STATUS(zkp_keccak_tree_hasher_init(h, ZKP_KECCAK_256, ls), ZKP_OK);
            CHECK_STATUS(zkp_keccak_tree_hasher_update(h, g_data + o[i], (size_t)(o[i + 1] - o[i])), ZKP_OK);
            CHECK_STATUS(zkp_keccak_tree_hasher_finalize(h, cvs[i]), ZKP_OK);
        }
        CHECK_STATUS(zkp_keccak_subtree_merge_parts(ZKP_KECCAK_256, (const uint8_t(*)[32])cvs, o, k, ls, got), ZKP_OK);
        keccak_oracle(ZKP_KECCAK_256, g_data, (size_t)len, ls, want);
        CHECK_EQ_BYTES(got, want, 32);
    }
    /* parts of 2^63 and more leaves (merge takes only numbers): the one part
     * of 2^64 - 1 one-byte leaves is the root; two halves are one pair */
    uint64_t huge[3] = {0, (uint64_t)1 << 63, UINT64_MAX};
    uint64_t whole[2] = {0, UINT64_MAX};
    CHECK_STATUS(zkp_keccak_subtree_merge_parts(ZKP_KECCAK_256, (const uint8_t(*)[32])cvs, whole, 1, 1, got), ZKP_OK);
    CHECK_EQ_BYTES(got, cvs[0], 32);
    CHECK_STATUS(zkp_keccak_subtree_merge_parts(ZKP_KECCAK_256, (const uint8_t(*)[32])cvs, huge, 2, 1, got), ZKP_OK);
    zkp_keccak256_pair(cvs[0], cvs[1], want);
    CHECK_EQ_BYTES(got, want, 32);
    uint64_t bad[3] = {0, 3 * 64, 4 * 64};
    CHECK_STATUS(zkp_keccak_subtree_merge_parts(ZKP_KECCAK_256, (const uint8_t(*)[32])cvs, bad, 2, 64, got), ZKP_ERR_RANGE);
    CHECK_STATUS(zkp_keccak_subtree_merge_parts(ZKP_KECCAK_256, (const uint8_t(*)[32])cvs, bad, 0, 64, got), ZKP_ERR_COUNT);
    CHECK_STATUS(zkp_keccak_subtree_merge_parts(ZKP_KECCAK_256, (const uint8_t(*)[32])cvs, bad, 2, 0, got), ZKP_ERR_LENGTH);
    CHECK_STATUS(zkp_keccak_subtree_merge_parts(ZKP_SHA3_384, (const uint8_t(*)[32])cvs, bad, 2, 64, got), ZKP_ERR_PARAM);
    size_t k;
    CHECK_STATUS(zkp_keccak_subtree_split(100, 0, 4, off, &k), ZKP_ERR_LENGTH);
    CHECK_STATUS(zkp_keccak_subtree_split(100, 1, 0, off, &k), ZKP_ERR_COUNT);
    free(h);
}

/* Hemera's fixed tree against its one-shot root, with and without threads,
 * and at every CPU level. */
static void hemera_fixed(void) {
    th_section("hemera fixed: every length, random updates");
    lengths_vs_oneshot(&k_fixed, g_sweep, 1);
    th_section("hemera fixed: threads");
    lengths_vs_oneshot(&k_fixed, 40, 3);
    {
        zkp_hemera_tree_hasher *h = malloc(sizeof *h);
        size_t big_n = 1300 * CHUNK; /* in-place runs of 2 * 64 chunks and more take the threaded rounds */
        uint8_t *big = malloc(big_n);
        th_rand_bytes(big, big_n);
        for (uint64_t r = 0, rn = th_count(6) < 12 ? th_count(6) : 12; r < rn; r++) { /* up to 5 MiB each */
            size_t n = (size_t)th_rand_below(big_n);
            uint8_t want[32], got[32];
            zkp_hemera_tree_hasher_init(h, 2 + (unsigned)th_rand_below(4));
            if (r & 1) { /* pieces of 0..600 chunks: buffer, serial head and tail, rounds, mixed */
                for (size_t pos = 0, piece; pos < n; pos += piece) {
                    piece = (size_t)th_rand_below(600 * CHUNK + 1);
                    if (piece > n - pos) piece = n - pos;
                    CHECK_STATUS(zkp_hemera_tree_hasher_update(h, big + pos, piece), ZKP_OK);
                }
            } else {
                size_t a = (size_t)th_rand_below(n + 1);
                CHECK_STATUS(zkp_hemera_tree_hasher_update(h, big, a), ZKP_OK);
                CHECK_STATUS(zkp_hemera_tree_hasher_update(h, big + a, n - a), ZKP_OK);
            }
            CHECK_STATUS(zkp_hemera_tree_hasher_finalize(h, got), ZKP_OK);
            CHECK_STATUS(zkp_hemera_tree_root_fixed(big, n, 2, want), ZKP_OK);
            CHECK_EQ_BYTES(got, want, 32);
        }
        free(big);
        free(h);
    }
    th_section("hemera: every CPU level");
    th_for_each_cpu_level(hemera_level, NULL);
}

/* Hemera's CDC tree, finalize, bad state and subtrees. */
static void hemera_rest(void) {
    th_section("hemera cdc: every length, random updates");
    lengths_vs_oneshot(&k_cdc, g_sweep, 0);
    cdc_low_entropy();
    th_section("hemera: finalize keeps the state");
    finalize_keeps_state(&k_fixed);
    finalize_keeps_state(&k_cdc);
    th_section("hemera: bad state");
    hemera_bad_state();
    th_section("hemera: subtrees");
    hemera_subtrees();
}

/* argv[1] or ZKPRIM_TREE_STREAM_PART: "fixed-keccak" (Hemera's fixed tree
 * and the Keccak tree) or "cdc-subtrees" (the rest of Hemera) runs that half
 * only: tests/tree_stream.cmake registers the halves as two ctests of about
 * the same length, so that -j2 runs them side by side (the qemu stages'
 * longest test). None runs both. */
int main(int argc, char **argv) {
    th_init("test_tree_stream");
    const char *part = argc > 1 ? argv[1] : getenv("ZKPRIM_TREE_STREAM_PART");
    /* "keccak": the Keccak sections alone, for the build whose Keccak is the
     * external hook (the keccak-external stage; its Hemera is the native one) */
    const int keccak_only = part && !strcmp(part, "keccak");
    const int one = !part || !strcmp(part, "fixed-keccak"), two = !part || !strcmp(part, "cdc-subtrees");
    if (!one && !two && !keccak_only) {
        fprintf(stderr, "test_tree_stream: part '%s' is none of fixed-keccak, cdc-subtrees, keccak\n", part);
        return 2;
    }
    g_sweep = (size_t)th_count(MAX_CHUNKS);
    g_dense = g_sweep > MAX_CHUNKS;
    if (g_sweep > MAX_CHUNKS) g_sweep = MAX_CHUNKS;
    if (getenv("ZKPRIM_TEST_SANITIZE") && g_sweep > 64) g_sweep = 64;
    g_max = (MAX_CHUNKS + 1) * (size_t)5000 + 1;
    g_data = malloc(g_max);
    th_rand_bytes(g_data, g_max);
    /* the chunk chaining values both halves' oracles read */
    for (size_t i = 0; i <= MAX_CHUNKS; i++)
        if (zkp_hemera_hash_leaf(g_data + i * CHUNK, CHUNK, i, 0, g_cv[i]) != ZKP_OK) th_fail(__FILE__, __LINE__, "leaf");

    if (two) hemera_rest();
    if (one || keccak_only) {
        if (one) hemera_fixed();
        th_section("keccak: every length, random updates");
        keccak_lengths();
        th_section("keccak: subtrees");
        keccak_subtrees();
    }
    free(g_data);
    return th_finish();
}
