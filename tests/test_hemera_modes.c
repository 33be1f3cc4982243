/*
 * Hemera modes: sponge (hash, hash_secret, keyed, derive_key, streaming,
 * XOF), tree (leaf, node, nmt, fixed root, CDC root) and inclusion proofs.
 *
 *  - every vector family of tests/vectors/hemera.json except the
 *    permutation / constants ones (those are test_hemera's);
 *  - differential against tests/ref/hemera_modes_ref.c (a plain reading of
 *    the spec on the oracle permutation): lengths 0..200 across the 56-byte
 *    rate, random chunking from misaligned guarded buffers, every class;
 *  - proofs: round trip for every index of many sizes, every kind of
 *    tampering rejected;
 *  - bad input: NULL pointers, uninitialised hashers/readers.
 * All of it runs at every CPU level (th_for_each_cpu_level).
 */
#include <stdlib.h>
#include <string.h>

#include "harness.h"
#include "hemera/gear_table.h"
#include "hemera/modes.h"
#include "hemera_modes_ref.h"
#include "json.h"
#include "zkprim/hemera.h"

static json *g_vec;

/* ---- vector helpers -------------------------------------------------------- */

/* pat(n): b[i] = i mod 251. */
static uint8_t *pat(size_t n) {
    uint8_t *p = malloc(n ? n : 1);
    for (size_t i = 0; i < n; i++) p[i] = (uint8_t)(i % 251);
    return p;
}

/* Bytes of field `base` of a vector entry: base_utf8, base_hex, or base as
 * "pat(N)", "4096 zero bytes", "long_context" (JSON notes). malloc'd. */
static uint8_t *get_bytes(const json *o, const char *base, size_t *len) {
    char k[64];
    snprintf(k, sizeof k, "%s_utf8", base);
    const char *s = json_str(o, k);
    if (s) {
        *len = strlen(s);
        uint8_t *p = malloc(*len + 1);
        memcpy(p, s, *len + 1);
        return p;
    }
    snprintf(k, sizeof k, "%s_hex", base);
    s = json_str(o, k);
    if (s) {
        *len = strlen(s) / 2;
        uint8_t *p = malloc(*len + 1);
        if (th_unhex(s, p, *len) != (long)*len) th_fail(__FILE__, __LINE__, "bad hex in %s", k);
        return p;
    }
    s = json_str(o, base);
    unsigned long n;
    if (s && sscanf(s, "pat(%lu)", &n) == 1) {
        *len = n;
        return pat(n);
    }
    if (s && strcmp(s, "4096 zero bytes") == 0) {
        *len = 4096;
        return calloc(4096, 1);
    }
    if (s && strcmp(s, "long_context") == 0) {  /* "a]" repeated 100 times */
        *len = 200;
        uint8_t *p = malloc(200);
        for (int i = 0; i < 100; i++) p[2 * i] = 'a', p[2 * i + 1] = ']';
        return p;
    }
    th_fail(__FILE__, __LINE__, "no bytes for field %s", base);
    *len = 0;
    return calloc(1, 1);
}

static void get_hex(const json *o, const char *key, uint8_t *out, size_t n) {
    const char *s = json_str(o, key);
    if (!s || th_unhex(s, out, n) != (long)n) {
        th_fail(__FILE__, __LINE__, "vector field %s missing or not %zu hex bytes", key, n);
        memset(out, 0, n);
    }
}

static uint64_t get_u64(const json *o, const char *key) {
    const char *s = json_str(o, key);
    return s ? strtoull(s, NULL, 10) : 0;
}

static int get_bool(const json *o, const char *key) {
    const char *s = json_str(o, key);
    return s && strcmp(s, "true") == 0;
}

static const json *family(const char *name) {
    const json *f = json_get(g_vec, name);
    if (!f) th_fail(__FILE__, __LINE__, "vector family %s missing", name);
    return f;
}

/* ---- vectors ------------------------------------------------------------------ */

static void vec_hash(void) {
    th_section("vectors: hash, hash_generated");
    const char *fams[] = {"hash", "hash_generated"};
    for (int f = 0; f < 2; f++) {
        const json *fam = family(fams[f]);
        for (size_t i = 0; fam && i < fam->n; i++) {
            const json *v = fam->items[i];
            size_t len;
            uint8_t *m = get_bytes(v, "input", &len), want[32], got[32];
            get_hex(v, "digest", want, 32);
            if (json_get(v, "length")) CHECK_EQ_U64(len, get_u64(v, "length"));
            CHECK_STATUS(zkp_hemera_hash(m, len, got), ZKP_OK);
            CHECK_EQ_BYTES(got, want, 32);
            CHECK_STATUS(zkp_hemera_hash_secret(m, len, got), ZKP_OK);
            CHECK_EQ_BYTES(got, want, 32);
            free(m);
        }
    }
}

static void vec_keyed(void) {
    th_section("vectors: keyed_hash");
    const json *fam = family("keyed_hash");
    for (size_t i = 0; fam && i < fam->n; i++) {
        const json *v = fam->items[i];
        size_t len;
        uint8_t key[32], want[32], got[32], *m = get_bytes(v, "message", &len);
        get_hex(v, "key_hex", key, 32);
        get_hex(v, "digest", want, 32);
        CHECK_STATUS(zkp_hemera_keyed_hash(key, m, len, got), ZKP_OK);
        CHECK_EQ_BYTES(got, want, 32);
        free(m);
    }
}

static void vec_derive(void) {
    th_section("vectors: derive_key, derive_key_generated");
    const char *fams[] = {"derive_key", "derive_key_generated"};
    for (int f = 0; f < 2; f++) {
        const json *fam = family(fams[f]);
        for (size_t i = 0; fam && i < fam->n; i++) {
            const json *v = fam->items[i];
            size_t cl, ml;
            uint8_t *c = get_bytes(v, "context", &cl), *m = get_bytes(v, "material", &ml), want[32], got[32];
            get_hex(v, "key", want, 32);
            CHECK_STATUS(zkp_hemera_derive_key(c, cl, m, ml, got), ZKP_OK);
            CHECK_EQ_BYTES(got, want, 32);
            free(c);
            free(m);
        }
    }
}

static void vec_xof(void) {
    th_section("vectors: xof");
    const json *fam = family("xof");
    for (size_t i = 0; fam && i < fam->n; i++) {
        const json *v = fam->items[i];
        size_t len, n = (size_t)get_u64(v, "n");
        uint8_t *m = get_bytes(v, "message", &len), want[256], got[256], key[32];
        get_hex(v, "output", want, n);
        zkp_hemera_hasher h;
        const char *mode = json_str(v, "mode");
        if (mode && strcmp(mode, "keyed") == 0) {
            get_hex(v, "key_hex", key, 32);
            zkp_hemera_hasher_init_keyed(&h, key);
        } else {
            zkp_hemera_hasher_init(&h);
        }
        CHECK_STATUS(zkp_hemera_hasher_update(&h, m, len), ZKP_OK);
        zkp_hemera_xof x;
        CHECK_STATUS(zkp_hemera_hasher_finalize_xof(&h, &x), ZKP_OK);
        /* Odd-sized reads concatenate to the same stream. */
        size_t off = 0, step = 1;
        while (off < n) {
            size_t k = step < n - off ? step : n - off;
            CHECK_STATUS(zkp_hemera_xof_fill(&x, got + off, k), ZKP_OK);
            off += k;
            step = step * 3 + 1;
        }
        CHECK_EQ_BYTES(got, want, n);
        free(m);
    }
}

static void vec_leaf_node(void) {
    th_section("vectors: hash_leaf, hash_node, nmt");
    const json *fam = family("hash_leaf");
    for (size_t i = 0; fam && i < fam->n; i++) {
        const json *v = fam->items[i];
        size_t len;
        uint8_t *c = get_bytes(v, "chunk", &len), want[32], got[32];
        get_hex(v, "digest", want, 32);
        CHECK_STATUS(zkp_hemera_hash_leaf(c, len, get_u64(v, "counter"), get_bool(v, "is_root"), got), ZKP_OK);
        CHECK_EQ_BYTES(got, want, 32);
        free(c);
    }
    fam = family("hash_node");
    int nmt_seen = 0;
    for (size_t i = 0; fam && i < fam->n; i++) {
        const json *v = fam->items[i];
        uint8_t l[32], r[32], want[32], got[32];
        get_hex(v, "left", l, 32);
        get_hex(v, "right", r, 32);
        get_hex(v, "digest", want, 32);
        int root = get_bool(v, "is_root");
        if (get_bool(v, "nmt")) {
            nmt_seen++;
            uint64_t lo = get_u64(v, "ns_min"), hi = get_u64(v, "ns_max");
            zkp_hemera_hash_node_nmt(l, r, lo, hi, root, got);
            CHECK_EQ_BYTES(got, want, 32);
            /* Zero bounds: the plain node (spec 7.3). */
            if (lo == 0 && hi == 0) {
                zkp_hemera_hash_node(l, r, root, got);
                CHECK_EQ_BYTES(got, want, 32);
            }
        } else {
            zkp_hemera_hash_node(l, r, root, got);
            CHECK_EQ_BYTES(got, want, 32);
            zkp_hemera_hash_node_nmt(l, r, 0, 0, root, got);
            CHECK_EQ_BYTES(got, want, 32);
        }
    }
    CHECK(nmt_seen >= 2);
}

static void vec_trees(void) {
    th_section("vectors: tree, tree_fixed_4k, tree_cdc");
    const json *fam = family("tree");
    for (size_t i = 0; fam && i < fam->n; i++) {
        const json *v = fam->items[i];
        size_t len;
        uint8_t *d = get_bytes(v, "input", &len), want[32], got[32];
        get_hex(v, "root", want, 32);
        CHECK_STATUS(zkp_hemera_tree_root_fixed(d, len, 1, got), ZKP_OK);
        CHECK_EQ_BYTES(got, want, 32);
        get_hex(v, "newest_root_hash_cdc", want, 32);
        CHECK_STATUS(zkp_hemera_tree_root_cdc(d, len, got), ZKP_OK);
        CHECK_EQ_BYTES(got, want, 32);
        free(d);
    }
    const char *fams[] = {"tree_fixed_4k", "tree_cdc"};
    for (int f = 0; f < 2; f++) {
        fam = family(fams[f]);
        for (size_t i = 0; fam && i < fam->n; i++) {
            const json *v = fam->items[i];
            size_t len;
            uint8_t *d = get_bytes(v, "input", &len), want[32], got[32];
            get_hex(v, "root", want, 32);
            CHECK_EQ_U64(len, get_u64(v, "length"));
            CHECK_STATUS(f ? zkp_hemera_tree_root_cdc(d, len, got) : zkp_hemera_tree_root_fixed(d, len, 1, got), ZKP_OK);
            CHECK_EQ_BYTES(got, want, 32);
            free(d);
        }
    }
}

static void vec_gear(void) {
    th_section("vectors: gear_table_spot");
    const json *fam = family("gear_table_spot");
    for (size_t i = 0; fam && i < fam->n; i++) {
        const json *v = fam->items[i];
        unsigned b = (unsigned)strtoul(v->key, NULL, 10);
        uint64_t want = strtoull(v->str, NULL, 16);
        CHECK_EQ_U64(hm_gear[b & 255], want);
        uint8_t x = (uint8_t)b, h[32];
        CHECK_STATUS(zkp_hemera_hash(&x, 1, h), ZKP_OK);
        CHECK_EQ_U64(zkpi_load64_le(h), want);
    }
    /* The whole checked-in table against its definition. */
    for (unsigned b = 0; b < 256; b++) {
        uint8_t x = (uint8_t)b, h[32];
        CHECK_STATUS(zkp_hemera_hash(&x, 1, h), ZKP_OK);
        CHECK_EQ_U64(hm_gear[b & 255], zkpi_load64_le(h));
    }
    /* hm_gear_order lists every byte once, by strictly ascending GEAR. */
    unsigned seen[256] = {0};
    for (unsigned k = 0; k < 256; k++) {
        seen[hm_gear_order[k]]++;
        if (k) CHECK_MSG(hm_gear[hm_gear_order[k - 1]] < hm_gear[hm_gear_order[k]], "gear order at %u", k);
    }
    for (unsigned b = 0; b < 256; b++) CHECK_MSG(seen[b] == 1, "byte %u in the gear order %u times", b, seen[b]);
}

static void vec_sponge_trace(void) {
    th_section("vectors: sponge_trace");
    const json *v = family("sponge_trace");
    if (!v) return;
    size_t len;
    uint8_t *m = get_bytes(v, "input", &len), block[56] = {0}, want[32], got[32];
    memcpy(block, m, len);
    block[len] = 0x01;
    uint64_t st[16] = {0};
    hm_absorb_block(st, block);
    const json *rb = json_get(v, "rate_block"), *sb = json_get(v, "state_before"), *sa = json_get(v, "state_after");
    for (int i = 0; rb && i < 8; i++) CHECK_EQ_U64(st[i], strtoull(json_at(rb, (size_t)i)->str, NULL, 16));
    st[HM_LENGTH] = len;
    for (int i = 0; sb && i < 16; i++) CHECK_EQ_U64(st[i], strtoull(json_at(sb, (size_t)i)->str, NULL, 16));
    zkp_hemera_permute(st);
    for (int i = 0; sa && i < 16; i++) CHECK_EQ_U64(st[i], strtoull(json_at(sa, (size_t)i)->str, NULL, 16));
    get_hex(v, "digest", want, 32);
    hm_put_digest(got, st);
    CHECK_EQ_BYTES(got, want, 32);
    CHECK_STATUS(zkp_hemera_hash(m, len, got), ZKP_OK);
    CHECK_EQ_BYTES(got, want, 32);
    free(m);
}

/* ---- differential -------------------------------------------------------------
 * The oracle is slow (128-bit remainders), so every expectation is computed
 * once, before the level loop, and each CPU level checks the library
 * against the same list (with its own random chunking and misalignment). */

enum { MODE_HASH, MODE_SECRET, MODE_KEYED, MODE_DERIVE, MODE_COUNT };
static const char *const k_mode_names[] = {"hash", "secret", "keyed", "derive"};

enum { K_SPONGE, K_CONTINUE, K_LEAF, K_NODE, K_NMT, K_ROOT_FIXED, K_ROOT_CDC };

typedef struct dcase {
    int kind, mode, root;
    uint8_t *data;          /* message / chunk / tree data (malloc'd) */
    size_t len, split;      /* split: K_CONTINUE's first part */
    uint8_t key[32];
    uint8_t *ctx;
    size_t clen;
    uint64_t ctr, lo, hi;
    uint8_t l[32], r[32];
    uint8_t want[32], want2[32];
    uint8_t *xof;           /* expected XOF stream (K_SPONGE, some lengths) */
    size_t xn;
} dcase;

static dcase *g_cases;
static size_t g_ncases, g_capcases;

static dcase *new_case(int kind, size_t len) {
    if (g_ncases == g_capcases) {
        g_capcases = g_capcases ? 2 * g_capcases : 256;
        g_cases = realloc(g_cases, g_capcases * sizeof *g_cases);
    }
    dcase *c = &g_cases[g_ncases++];
    memset(c, 0, sizeof *c);
    c->kind = kind;
    c->len = len;
    c->data = malloc(len ? len : 1);
    th_rand_bytes(c->data, len);
    return c;
}

/* A random 32-byte value whose limbs are often edge values (>= p too:
 * they act mod p). */
static void rand_cv(uint8_t cv[32]) {
    for (int k = 0; k < 4; k++) zkpi_store64_le(cv + 8 * k, th_rand_edge64(0xFFFFFFFF00000001ull));
}

/* th_count(dflt), but at most `cap`: a deep run (ZKPRIM_TEST_N=1e6) raises
 * every family, while the oracle's cost (about 50 us per permutation, tens
 * to hundreds of permutations per case) stays within minutes. */
static uint64_t capped(uint64_t dflt, uint64_t cap) {
    uint64_t n = th_count(dflt);
    return n < cap ? n : cap;
}

static void build_cases(void) {
    th_section("differential: expectations from the oracle");
    /* Sponge modes at every length 0..200 (across the 56-byte rate and the
     * 7-byte groups); an XOF stream of random size at every 8th length. */
    for (size_t len = 0; len <= 200; len++) {
        for (int mode = 0; mode < MODE_COUNT; mode++) {
            dcase *c = new_case(K_SPONGE, len);
            c->mode = mode;
            th_rand_bytes(c->key, 32);
            c->clen = (size_t)th_rand_below(80);
            c->ctx = malloc(c->clen + 1);
            th_rand_bytes(c->ctx, c->clen);
            uint64_t fin[16];
            int rmode = mode == MODE_KEYED ? 1 : mode == MODE_DERIVE ? 2 : 0;
            hmref_final_state(rmode, c->key, c->ctx, c->clen, c->data, len, fin);
            hmref_digest(fin, c->want);
            if (len % 8 == 0) {
                c->xn = 1 + (size_t)th_rand_below(300);
                c->xof = malloc(c->xn);
                hmref_xof(fin, c->xof, c->xn);
            }
        }
    }
    /* Longer random messages. */
    uint64_t n = capped(8, 2000);
    for (uint64_t t = 0; t < n; t++) {
        dcase *c = new_case(K_SPONGE, (size_t)th_rand_below(2048));
        c->mode = (int)(t % MODE_COUNT);
        th_rand_bytes(c->key, 32);
        c->clen = c->len / 3;
        c->ctx = malloc(c->clen + 1);
        th_rand_bytes(c->ctx, c->clen);
        uint64_t fin[16];
        int rmode = c->mode == MODE_KEYED ? 1 : c->mode == MODE_DERIVE ? 2 : 0;
        hmref_final_state(rmode, c->key, c->ctx, c->clen, c->data, c->len, fin);
        hmref_digest(fin, c->want);
    }
    /* Finalize, then continue. */
    n = capped(12, 20000);
    for (uint64_t t = 0; t < n; t++) {
        dcase *c = new_case(K_CONTINUE, (size_t)th_rand_below(300));
        c->split = (size_t)th_rand_below(c->len + 1);
        c->mode = (int)(t & 1) ? MODE_SECRET : MODE_HASH;
        hmref_hash(c->data, c->split, c->want);
        hmref_hash(c->data, c->len, c->want2);
    }
    /* Leaf, node, nmt with edge limbs, counters and bounds. */
    n = capped(24, 20000);
    for (uint64_t t = 0; t < n; t++) {
        dcase *c = new_case(K_LEAF, (size_t)th_rand_below(300));
        c->ctr = th_rand_edge64(0xFFFFFFFF00000001ull);
        c->root = (int)(t & 1);
        hmref_leaf(c->data, c->len, c->ctr, c->root, c->want);
        c = new_case(K_NODE, 0);
        rand_cv(c->l);
        rand_cv(c->r);
        c->root = (int)(t & 1);
        hmref_node(c->l, c->r, c->root, c->want);
        hmref_node(c->r, c->l, c->root, c->want2);   /* order matters */
        c = new_case(K_NMT, 0);
        rand_cv(c->l);
        rand_cv(c->r);
        c->lo = th_rand_edge64(0xFFFFFFFF00000001ull);
        c->hi = th_rand_edge64(0xFFFFFFFF00000001ull);
        c->root = (int)(t & 1);
        hmref_node_nmt(c->l, c->r, c->lo, c->hi, c->root, c->want);
    }
    /* Fixed roots at sizes around chunk and tree-shape boundaries. */
    static const size_t fixed_sizes[] = {0, 1, 55, 56, 4095, 4096, 4097, 8192, 8193, 12289, 16385, 20481,
                                         28673, 36865};
    for (size_t i = 0; i < sizeof fixed_sizes / sizeof fixed_sizes[0]; i++) {
        dcase *c = new_case(K_ROOT_FIXED, fixed_sizes[i]);
        hmref_root_fixed(c->data, c->len, c->want);
    }
    /* CDC roots over random data, low-entropy data (many equal
     * fingerprints: ties resolve to the earliest), constant data, and data
     * without the k rarest-fingerprint bytes (k = 0..20), so the chunker's
     * memchr probes find the boundary at every probe and past the last. */
    n = capped(8, 24);
    for (uint64_t t = 0; t < n; t++) {
        dcase *c = new_case(K_ROOT_CDC, (size_t)th_rand_below(40000));
        c->mode = (int)(t % 4);
        if (c->mode == 1)
            for (size_t j = 0; j < c->len; j++) c->data[j] = (uint8_t)(th_rand_below(3) * 85);
        else if (c->mode == 2)
            memset(c->data, (int)th_rand_below(256), c->len);
        else if (c->mode == 3) {
            uint8_t allowed[256];
            unsigned k = (unsigned)th_rand_below(21), na = 0;
            for (unsigned r = k; r < 256; r++) allowed[na++] = hm_gear_order[r];
            for (size_t j = 0; j < c->len; j++) c->data[j] = allowed[th_rand_below(na)];
        }
        hmref_root_cdc(c->data, c->len, c->want);
    }
}

static void free_cases(void) {
    for (size_t i = 0; i < g_ncases; i++) {
        free(g_cases[i].data);
        free(g_cases[i].ctx);
        free(g_cases[i].xof);
    }
    free(g_cases);
}

static zkp_status init_mode(zkp_hemera_hasher *h, int mode, const uint8_t key[32], const uint8_t *ctx, size_t clen) {
    switch (mode) {
    case MODE_HASH: zkp_hemera_hasher_init(h); return ZKP_OK;
    case MODE_SECRET: zkp_hemera_hasher_init_secret(h); return ZKP_OK;
    case MODE_KEYED: zkp_hemera_hasher_init_keyed(h, key); return ZKP_OK;
    default: {
        uint8_t ck[32];
        zkp_hemera_hasher c;
        zkp_hemera_hasher_init_derive_key_context(&c);
        zkp_status st = zkp_hemera_hasher_update(&c, ctx, clen);
        if (st == ZKP_OK) st = zkp_hemera_hasher_finalize(&c, ck);
        if (st == ZKP_OK) zkp_hemera_hasher_init_derive_key_material(h, ck);
        return st;
    }
    }
}

static zkp_status oneshot_mode(int mode, const uint8_t key[32], const uint8_t *ctx, size_t clen, const uint8_t *m,
                               size_t len, uint8_t out[32]) {
    switch (mode) {
    case MODE_HASH: return zkp_hemera_hash(m, len, out);
    case MODE_SECRET: return zkp_hemera_hash_secret(m, len, out);
    case MODE_KEYED: return zkp_hemera_keyed_hash(key, m, len, out);
    default: return zkp_hemera_derive_key(ctx, clen, m, len, out);
    }
}

/* Feeds m to h in random pieces (including empty ones). */
static void feed_random(zkp_hemera_hasher *h, const uint8_t *m, size_t len) {
    size_t off = 0;
    while (off < len) {
        size_t k = th_rand_below(4) == 0 ? 0 : 1 + th_rand_below(len - off < 130 ? len - off : 130);
        if (k > len - off) k = len - off;
        CHECK_STATUS(zkp_hemera_hasher_update(h, m + off, k), ZKP_OK);
        off += k;
    }
}

static void check_sponge(const dcase *c, const uint8_t *m) {
    const char *mn = k_mode_names[c->mode];
    uint8_t got[32];
    CHECK_STATUS(oneshot_mode(c->mode, c->key, c->ctx, c->clen, m, c->len, got), ZKP_OK);
    CHECK_MSG(memcmp(got, c->want, 32) == 0, "%s one-shot, len %zu [%s]", mn, c->len, th_level());
    zkp_hemera_hasher h;
    CHECK_STATUS(init_mode(&h, c->mode, c->key, c->ctx, c->clen), ZKP_OK);
    feed_random(&h, m, c->len);
    CHECK_STATUS(zkp_hemera_hasher_finalize(&h, got), ZKP_OK);
    CHECK_MSG(memcmp(got, c->want, 32) == 0, "%s streaming, len %zu [%s]", mn, c->len, th_level());
    /* finalize does not consume: the same digest again. */
    CHECK_STATUS(zkp_hemera_hasher_finalize(&h, got), ZKP_OK);
    CHECK_EQ_BYTES(got, c->want, 32);
    if (c->xof) {
        uint8_t xg[300];
        zkp_hemera_xof x;
        CHECK_STATUS(zkp_hemera_hasher_finalize_xof(&h, &x), ZKP_OK);
        size_t off = 0;
        while (off < c->xn) {   /* random read sizes, zero included */
            size_t k = (size_t)th_rand_below(70);
            if (k > c->xn - off) k = c->xn - off;
            CHECK_STATUS(zkp_hemera_xof_fill(&x, xg + off, k), ZKP_OK);
            off += k;
        }
        CHECK_MSG(memcmp(xg, c->xof, c->xn) == 0, "%s xof %zu bytes, len %zu [%s]", mn, c->xn, c->len, th_level());
        CHECK(c->xn < 32 || memcmp(xg, c->want, 32) == 0);
    }
}

static void check_cases(void) {
    th_section("differential: library vs oracle expectations");
    for (size_t i = 0; i < g_ncases; i++) {
        const dcase *c = &g_cases[i];
        /* A fresh guarded copy at a random misalignment. */
        th_buf b = th_buf_new(c->len, (size_t)th_rand_below(64));
        if (c->len) memcpy(b.p, c->data, c->len);
        const uint8_t *m = c->len ? b.p : NULL;
        uint8_t got[32];
        switch (c->kind) {
        case K_SPONGE:
            check_sponge(c, m);
            break;
        case K_CONTINUE: {
            zkp_hemera_hasher h;
            CHECK_STATUS(init_mode(&h, c->mode, NULL, NULL, 0), ZKP_OK);
            feed_random(&h, m, c->split);
            CHECK_STATUS(zkp_hemera_hasher_finalize(&h, got), ZKP_OK);
            CHECK_EQ_BYTES(got, c->want, 32);
            feed_random(&h, c->split < c->len ? m + c->split : NULL, c->len - c->split);
            CHECK_STATUS(zkp_hemera_hasher_finalize(&h, got), ZKP_OK);
            CHECK_EQ_BYTES(got, c->want2, 32);
            break;
        }
        case K_LEAF:
            CHECK_STATUS(zkp_hemera_hash_leaf(m, c->len, c->ctr, c->root, got), ZKP_OK);
            CHECK_EQ_BYTES(got, c->want, 32);
            break;
        case K_NODE:
            zkp_hemera_hash_node(c->l, c->r, c->root, got);
            CHECK_EQ_BYTES(got, c->want, 32);
            zkp_hemera_hash_node_nmt(c->l, c->r, 0, 0, c->root, got);
            CHECK_EQ_BYTES(got, c->want, 32);
            zkp_hemera_hash_node(c->r, c->l, c->root, got);
            CHECK_EQ_BYTES(got, c->want2, 32);
            break;
        case K_NMT:
            zkp_hemera_hash_node_nmt(c->l, c->r, c->lo, c->hi, c->root, got);
            CHECK_EQ_BYTES(got, c->want, 32);
            break;
        case K_ROOT_FIXED:
            CHECK_STATUS(zkp_hemera_tree_root_fixed(m, c->len, 1, got), ZKP_OK);
            CHECK_MSG(memcmp(got, c->want, 32) == 0, "fixed root, %zu bytes [%s]", c->len, th_level());
            if (c->len <= 2048) {   /* one chunk either way: both roots agree */
                CHECK_STATUS(zkp_hemera_tree_root_cdc(m, c->len, got), ZKP_OK);
                CHECK_EQ_BYTES(got, c->want, 32);
            }
            break;
        case K_ROOT_CDC:
            CHECK_STATUS(zkp_hemera_tree_root_cdc(m, c->len, got), ZKP_OK);
            CHECK_MSG(memcmp(got, c->want, 32) == 0, "cdc root, %zu bytes (kind %d) [%s]", c->len, c->mode,
                      th_level());
            break;
        }
        TH_BUF_FREE(b);
    }
}

/* ---- proofs ------------------------------------------------------------------------ */

static void proofs(void) {
    th_section("inclusion proofs: round trip and tampering");
    /* Chunk counts 1..9 and 11, with full and partial last chunks. */
    static const size_t sizes[] = {0, 1, 4096, 4097, 8192, 12289, 16384, 20481, 24576, 28673, 32768, 36865,
                                   45000};
    uint8_t *d = malloc(70000);
    th_rand_bytes(d, 70000);
    uint8_t proof[ZKP_HEMERA_PROOF_MAX_BYTES + 64], bad[ZKP_HEMERA_PROOF_MAX_BYTES + 64];
    for (size_t s = 0; s < sizeof sizes / sizeof sizes[0]; s++) {
        size_t len = sizes[s];
        uint64_t n = zkp_hemera_tree_chunk_count(len);
        uint8_t root[32], wrong_root[32];
        CHECK_STATUS(zkp_hemera_tree_root_fixed(d, len, 1, root), ZKP_OK);
        memcpy(wrong_root, root, 32);
        wrong_root[th_rand_below(32)] ^= (uint8_t)(1u << th_rand_below(8));
        for (uint64_t idx = 0; idx < n; idx++) {
            size_t plen = 0, want_size = 0;
            CHECK_STATUS(zkp_hemera_tree_proof_size(len, idx, &want_size), ZKP_OK);
            CHECK_STATUS(zkp_hemera_tree_proof(d, len, idx, proof, sizeof proof, &plen), ZKP_OK);
            CHECK_EQ_U64(plen, want_size);
            CHECK(plen % 32 == 0 && plen <= ZKP_HEMERA_PROOF_MAX_BYTES);
            /* Depth in a left-balanced tree: 1..ceil(log2 n), exactly
             * ceil(log2 n) for the first leaf, 0 for a single leaf. */
            unsigned lg = 0;
            while ((1ull << lg) < n) lg++;
            CHECK(plen / 32 <= lg && (n == 1 || plen >= 32));
            CHECK(idx != 0 || plen / 32 == lg);
            const uint8_t *chunk = d + idx * 4096;
            size_t clen = idx + 1 < n ? 4096 : len - (size_t)(n - 1) * 4096;
            th_buf cb = th_buf_new(clen, (size_t)th_rand_below(64));
            memcpy(cb.p, chunk, clen);
            th_buf pb = th_buf_new(plen, (size_t)th_rand_below(64));
            memcpy(pb.p, proof, plen);
            CHECK_STATUS(zkp_hemera_tree_verify(root, cb.p, clen, idx, len, pb.p, plen), ZKP_OK);
            /* Every kind of tampering at every index of small trees; at the
             * edges and one random index of larger ones (each check hashes
             * a whole chunk). */
            int tamper = n <= 5 || idx == 0 || idx + 1 == n || th_rand_below(n) < 2;
            if (!tamper) {
                TH_BUF_FREE(cb);
                TH_BUF_FREE(pb);
                continue;
            }
            /* wrong root */
            CHECK_STATUS(zkp_hemera_tree_verify(wrong_root, chunk, clen, idx, len, proof, plen), ZKP_ERR_VERIFY);
            /* a flipped bit in the chunk */
            if (clen) {
                memcpy(cb.p, chunk, clen);
                cb.p[th_rand_below(clen)] ^= (uint8_t)(1u << th_rand_below(8));
                CHECK_STATUS(zkp_hemera_tree_verify(root, cb.p, clen, idx, len, proof, plen), ZKP_ERR_VERIFY);
            }
            /* a chunk one byte short / long */
            if (clen) CHECK_STATUS(zkp_hemera_tree_verify(root, chunk, clen - 1, idx, len, proof, plen), ZKP_ERR_VERIFY);
            if (clen < 4096 && len < 70000)
                CHECK_STATUS(zkp_hemera_tree_verify(root, chunk, clen + 1, idx, len, proof, plen), ZKP_ERR_VERIFY);
            /* a flipped bit in each sibling */
            for (size_t j = 0; j < plen / 32; j++) {
                memcpy(bad, proof, plen);
                bad[32 * j + th_rand_below(32)] ^= (uint8_t)(1u << th_rand_below(8));
                CHECK_STATUS(zkp_hemera_tree_verify(root, chunk, clen, idx, len, bad, plen), ZKP_ERR_VERIFY);
            }
            /* siblings swapped (when two differ) */
            if (plen >= 64 && memcmp(proof, proof + 32, 32) != 0) {
                memcpy(bad, proof + 32, 32);
                memcpy(bad + 32, proof, 32);
                memcpy(bad + 64, proof + 64, plen - 64);
                CHECK_STATUS(zkp_hemera_tree_verify(root, chunk, clen, idx, len, bad, plen), ZKP_ERR_VERIFY);
            }
            /* wrong shape: one sibling fewer / more, one byte more */
            if (plen) CHECK_STATUS(zkp_hemera_tree_verify(root, chunk, clen, idx, len, proof, plen - 32),
                                   ZKP_ERR_PROOF_SHAPE);
            memcpy(bad, proof, plen);
            memset(bad + plen, 0, 33);
            CHECK_STATUS(zkp_hemera_tree_verify(root, chunk, clen, idx, len, bad, plen + 32), ZKP_ERR_PROOF_SHAPE);
            CHECK_STATUS(zkp_hemera_tree_verify(root, chunk, clen, idx, len, bad, plen + 1), ZKP_ERR_PROOF_SHAPE);
            /* the same chunk and proof claimed at another index */
            if (n > 1) {
                uint64_t other = (idx + 1 + th_rand_below(n - 1)) % n;
                zkp_status st = zkp_hemera_tree_verify(root, chunk, clen, other, len, proof, plen);
                CHECK_MSG(st == ZKP_ERR_VERIFY || st == ZKP_ERR_PROOF_SHAPE, "index %llu claimed as %llu: %s",
                          (unsigned long long)idx, (unsigned long long)other, zkp_status_name(st));
            }
            /* index out of range */
            CHECK_STATUS(zkp_hemera_tree_verify(root, chunk, clen, n, len, proof, plen), ZKP_ERR_RANGE);
            /* A total length that changes the last chunk's length. */
            if (idx + 1 == n && clen > 1)
                CHECK_STATUS(zkp_hemera_tree_verify(root, chunk, clen, idx, len - 1, proof, plen), ZKP_ERR_VERIFY);
            /* A total length with another chunk count: rejected whenever it
             * changes the path (the proof binds the path, the index through
             * the leaf counter, and the chunk bytes). */
            size_t other_size = 0;
            uint64_t other_len = len + 4096 * (1 + th_rand_below(9));
            CHECK_STATUS(zkp_hemera_tree_proof_size(other_len, idx, &other_size), ZKP_OK);
            if (other_size != plen)
                CHECK_STATUS(zkp_hemera_tree_verify(root, chunk, clen, idx, other_len, proof, plen),
                             ZKP_ERR_PROOF_SHAPE);
            TH_BUF_FREE(cb);
            TH_BUF_FREE(pb);
        }
        /* create: too small a buffer reports the size needed */
        size_t need = 0, got = 0;
        CHECK_STATUS(zkp_hemera_tree_proof_size(len, n - 1, &need), ZKP_OK);
        if (need) {
            CHECK_STATUS(zkp_hemera_tree_proof(d, len, n - 1, proof, need - 1, &got), ZKP_ERR_LENGTH);
            CHECK_EQ_U64(got, need);
        }
        CHECK_STATUS(zkp_hemera_tree_proof(d, len, n, proof, sizeof proof, &got), ZKP_ERR_RANGE);
        CHECK_STATUS(zkp_hemera_tree_proof_size(len, n, &got), ZKP_ERR_RANGE);
    }
    free(d);
}

/* ---- bad input ------------------------------------------------------------------- */

/* Every private field of the hasher and the XOF reader overwritten with
 * edge values is ZKP_ERR_STATE at every entry. */
static void corrupt_state(void) {
    th_section("corrupt hasher / XOF state: ZKP_ERR_STATE at every entry");
    uint8_t buf[200] = {0}, out[200];
    static const uint32_t buflens[] = {56, 57, 0x80000000u, 0xFFFFFFFFu};
    static const uint32_t flags[] = {0, 1, 0x484d0002u, 0x484e0000u, 0x58460000u, 0xFFFFFFFFu};
    static const uint32_t poss[] = {33, 64, 0x80000000u, 0xFFFFFFFFu};
    zkp_hemera_hasher h;
    zkp_hemera_xof x;
    for (int secret = 0; secret < 2; secret++) {
        for (size_t i = 0; i < sizeof buflens / sizeof buflens[0] + sizeof flags / sizeof flags[0]; i++) {
            for (int entry = 0; entry < 3; entry++) {
                if (secret) zkp_hemera_hasher_init_secret(&h);
                else zkp_hemera_hasher_init(&h);
                CHECK_STATUS(zkp_hemera_hasher_update(&h, buf, 10), ZKP_OK);
                if (i < 4) h.buflen = buflens[i];
                else h.flags = flags[i - 4];
                zkp_status st = entry == 0   ? zkp_hemera_hasher_update(&h, buf, sizeof buf)
                                : entry == 1 ? zkp_hemera_hasher_finalize(&h, out)
                                             : zkp_hemera_hasher_finalize_xof(&h, &x);
                CHECK_MSG(st == ZKP_ERR_STATE, "hasher case %zu entry %d: %s", i, entry, zkp_status_name(st));
                if (entry == 2) CHECK_STATUS(zkp_hemera_xof_fill(&x, out, 1), ZKP_ERR_STATE);
            }
        }
        for (size_t i = 0; i < sizeof poss / sizeof poss[0] + sizeof flags / sizeof flags[0]; i++) {
            if (secret) zkp_hemera_hasher_init_secret(&h);
            else zkp_hemera_hasher_init(&h);
            CHECK_STATUS(zkp_hemera_hasher_finalize_xof(&h, &x), ZKP_OK);
            if (i < 4) x.pos = poss[i];
            else x.flags = flags[i - 4] == 0x58460000u ? 0x484d0000u : flags[i - 4];
            CHECK_MSG(zkp_hemera_xof_fill(&x, out, sizeof out) == ZKP_ERR_STATE, "xof case %zu", i);
        }
    }
}

/* Lengths and counts larger than any object (or whose
 * byte size wraps) are ZKP_ERR_LENGTH before any memory access. The
 * buffers are small and real, so a missing check reads past them. */
static void size_overflow(void) {
    th_section("size overflow: huge lengths and counts are ZKP_ERR_LENGTH");
    uint8_t buf[128] = {0}, out[64], key[32] = {0}, proof[64];
    const size_t huge[] = {SIZE_MAX, SIZE_MAX / 2 + 1, (size_t)1 << 63};
    for (size_t i = 0; i < sizeof huge / sizeof huge[0]; i++) {
        const size_t L = huge[i];
        CHECK_STATUS(zkp_hemera_hash(buf, L, out), ZKP_ERR_LENGTH);
        CHECK_STATUS(zkp_hemera_hash_secret(buf, L, out), ZKP_ERR_LENGTH);
        CHECK_STATUS(zkp_hemera_keyed_hash(key, buf, L, out), ZKP_ERR_LENGTH);
        CHECK_STATUS(zkp_hemera_derive_key(buf, L, buf, 1, out), ZKP_ERR_LENGTH);
        CHECK_STATUS(zkp_hemera_derive_key(buf, 1, buf, L, out), ZKP_ERR_LENGTH);
        zkp_hemera_hasher h;
        zkp_hemera_hasher_init(&h);
        CHECK_STATUS(zkp_hemera_hasher_update(&h, buf, L), ZKP_ERR_LENGTH);
        zkp_hemera_xof x;
        CHECK_STATUS(zkp_hemera_hasher_finalize_xof(&h, &x), ZKP_OK);
        CHECK_STATUS(zkp_hemera_xof_fill(&x, out, L), ZKP_ERR_LENGTH);
        CHECK_STATUS(zkp_hemera_hash_leaf(buf, L, 0, 0, out), ZKP_ERR_LENGTH);
        CHECK_STATUS(zkp_hemera_tree_root_fixed(buf, L, 1, out), ZKP_ERR_LENGTH);
        CHECK_STATUS(zkp_hemera_tree_root_fixed(buf, L, 2, out), ZKP_ERR_LENGTH);
        CHECK_STATUS(zkp_hemera_tree_root_cdc(buf, L, out), ZKP_ERR_LENGTH);
        size_t plen = 0;
        CHECK_STATUS(zkp_hemera_tree_proof(buf, L, 0, proof, sizeof proof, &plen), ZKP_ERR_LENGTH);
        CHECK_STATUS(zkp_hemera_tree_proof(buf, 100, 0, proof, L, &plen), ZKP_ERR_LENGTH);
        CHECK_STATUS(zkp_hemera_tree_verify(out, buf, L, 0, 100, proof, 0), ZKP_ERR_LENGTH);
        CHECK_STATUS(zkp_hemera_tree_verify(out, buf, 100, 0, 100, proof, L), ZKP_ERR_LENGTH);
        /* counts: the byte size of n records wraps or exceeds any object */
        uint64_t states[2][ZKP_HEMERA_WIDTH] = {{0}};
        CHECK_STATUS(zkp_hemera_permute_batch(states, L), ZKP_ERR_LENGTH);
        CHECK_STATUS(zkp_hemera_hash_node_batch((const uint8_t(*)[64])buf, L, 0, (uint8_t(*)[32])out),
                     ZKP_ERR_LENGTH);
        const uint8_t *ptrs[2] = {buf, buf};
        size_t lens[2] = {L, 4};
        uint64_t ctr[2] = {0, 1};
        CHECK_STATUS(zkp_hemera_hash_leaf_batch(ptrs, lens + 1, ctr, L, 0, (uint8_t(*)[32])out), ZKP_ERR_LENGTH);
        CHECK_STATUS(zkp_hemera_hash_leaf_batch(ptrs, lens, ctr, 2, 0, (uint8_t(*)[32])out), ZKP_ERR_LENGTH);
    }
    /* products that wrap exactly: 2^57 states of 128 bytes, 2^58 pairs of 64 */
    uint64_t st1[1][ZKP_HEMERA_WIDTH] = {{0}};
    CHECK_STATUS(zkp_hemera_permute_batch(st1, (size_t)1 << 57), ZKP_ERR_LENGTH);
    CHECK_STATUS(zkp_hemera_hash_node_batch((const uint8_t(*)[64])buf, (size_t)1 << 58, 0, (uint8_t(*)[32])out),
                 ZKP_ERR_LENGTH);
}

static void bad_input(void) {
    th_section("bad input");
    uint8_t out[32], key[32] = {0}, buf[8] = {0};
    CHECK_STATUS(zkp_hemera_hash(NULL, 1, out), ZKP_ERR_NULL);
    CHECK_STATUS(zkp_hemera_hash(NULL, 0, out), ZKP_OK);
    CHECK_STATUS(zkp_hemera_hash(buf, 1, NULL), ZKP_ERR_NULL);
    CHECK_STATUS(zkp_hemera_hash_secret(NULL, 3, out), ZKP_ERR_NULL);
    CHECK_STATUS(zkp_hemera_keyed_hash(NULL, buf, 1, out), ZKP_ERR_NULL);
    CHECK_STATUS(zkp_hemera_keyed_hash(key, NULL, 1, out), ZKP_ERR_NULL);
    CHECK_STATUS(zkp_hemera_keyed_hash(key, NULL, 0, out), ZKP_OK);
    CHECK_STATUS(zkp_hemera_derive_key(NULL, 1, buf, 1, out), ZKP_ERR_NULL);
    CHECK_STATUS(zkp_hemera_derive_key(buf, 1, NULL, 1, out), ZKP_ERR_NULL);
    CHECK_STATUS(zkp_hemera_derive_key(NULL, 0, NULL, 0, out), ZKP_OK);
    /* The constructors return nothing; a NULL hasher is ignored (no crash). */
    zkp_hemera_hasher_init(NULL);
    zkp_hemera_hasher_init_secret(NULL);
    zkp_hemera_hasher_init_keyed(NULL, key);
    zkp_hemera_hasher_init_derive_key_context(NULL);
    zkp_hemera_hasher_init_derive_key_material(NULL, key);

    zkp_hemera_hasher h;
    zkp_hemera_xof x;
    /* An all-zero (never initialised) hasher or reader. */
    memset(&h, 0, sizeof h);
    memset(&x, 0, sizeof x);
    CHECK_STATUS(zkp_hemera_hasher_update(&h, buf, 1), ZKP_ERR_STATE);
    CHECK_STATUS(zkp_hemera_hasher_finalize(&h, out), ZKP_ERR_STATE);
    CHECK_STATUS(zkp_hemera_hasher_finalize_xof(&h, &x), ZKP_ERR_STATE);
    CHECK_STATUS(zkp_hemera_xof_fill(&x, out, 1), ZKP_ERR_STATE);
    /* Garbage. */
    memset(&h, 0xA5, sizeof h);
    memset(&x, 0xA5, sizeof x);
    CHECK_STATUS(zkp_hemera_hasher_update(&h, buf, 1), ZKP_ERR_STATE);
    CHECK_STATUS(zkp_hemera_xof_fill(&x, out, 1), ZKP_ERR_STATE);
    /* A NULL key or context key leaves the hasher unusable. */
    zkp_hemera_hasher_init(&h);
    zkp_hemera_hasher_init_keyed(&h, NULL);
    CHECK_STATUS(zkp_hemera_hasher_update(&h, buf, 1), ZKP_ERR_STATE);
    zkp_hemera_hasher_init(&h);
    zkp_hemera_hasher_init_derive_key_material(&h, NULL);
    CHECK_STATUS(zkp_hemera_hasher_finalize(&h, out), ZKP_ERR_STATE);
    /* A corrupted buffer length. */
    zkp_hemera_hasher_init(&h);
    h.buflen = 56;
    CHECK_STATUS(zkp_hemera_hasher_finalize(&h, out), ZKP_ERR_STATE);
    /* NULLs on a valid hasher / reader. */
    zkp_hemera_hasher_init(&h);
    CHECK_STATUS(zkp_hemera_hasher_update(&h, NULL, 1), ZKP_ERR_NULL);
    CHECK_STATUS(zkp_hemera_hasher_update(&h, NULL, 0), ZKP_OK);
    CHECK_STATUS(zkp_hemera_hasher_update(NULL, buf, 1), ZKP_ERR_NULL);
    CHECK_STATUS(zkp_hemera_hasher_finalize(&h, NULL), ZKP_ERR_NULL);
    CHECK_STATUS(zkp_hemera_hasher_finalize(NULL, out), ZKP_ERR_NULL);
    CHECK_STATUS(zkp_hemera_hasher_finalize_xof(&h, NULL), ZKP_ERR_NULL);
    CHECK_STATUS(zkp_hemera_hasher_finalize_xof(&h, &x), ZKP_OK);
    CHECK_STATUS(zkp_hemera_xof_fill(&x, NULL, 1), ZKP_ERR_NULL);
    CHECK_STATUS(zkp_hemera_xof_fill(&x, NULL, 0), ZKP_OK);   /* 0 bytes is fine */
    CHECK_STATUS(zkp_hemera_xof_fill(&x, out, 0), ZKP_OK);
    CHECK_STATUS(zkp_hemera_xof_fill(NULL, out, 1), ZKP_ERR_NULL);
    uint8_t want[32];
    CHECK_STATUS(zkp_hemera_hash(NULL, 0, want), ZKP_OK);
    CHECK_STATUS(zkp_hemera_xof_fill(&x, out, 32), ZKP_OK);   /* zero-byte reads did not advance */
    CHECK_EQ_BYTES(out, want, 32);

    /* Tree functions. */
    CHECK_STATUS(zkp_hemera_hash_leaf(NULL, 1, 0, 0, out), ZKP_ERR_NULL);
    CHECK_STATUS(zkp_hemera_hash_leaf(NULL, 0, 0, 1, out), ZKP_OK);
    CHECK_STATUS(zkp_hemera_hash_leaf(buf, 1, 0, 0, NULL), ZKP_ERR_NULL);
    /* hash_node / hash_node_nmt return nothing: a NULL pointer is ignored,
     * out untouched. */
    uint8_t before[32];
    memset(out, 0x5c, 32);
    memcpy(before, out, 32);
    zkp_hemera_hash_node(NULL, key, 0, out);
    zkp_hemera_hash_node(key, NULL, 0, out);
    zkp_hemera_hash_node(key, key, 0, NULL);
    zkp_hemera_hash_node_nmt(NULL, key, 1, 2, 0, out);
    zkp_hemera_hash_node_nmt(key, key, 1, 2, 0, NULL);
    CHECK_EQ_BYTES(out, before, 32);
    CHECK_STATUS(zkp_hemera_tree_root_fixed(NULL, 1, 1, out), ZKP_ERR_NULL);
    CHECK_STATUS(zkp_hemera_tree_root_fixed(NULL, 0, 1, out), ZKP_OK);
    CHECK_STATUS(zkp_hemera_tree_root_fixed(buf, 1, 1, NULL), ZKP_ERR_NULL);
    CHECK_STATUS(zkp_hemera_tree_root_cdc(NULL, 1, out), ZKP_ERR_NULL);
    CHECK_STATUS(zkp_hemera_tree_root_cdc(NULL, 0, out), ZKP_OK);
    CHECK_STATUS(zkp_hemera_tree_root_cdc(buf, 1, NULL), ZKP_ERR_NULL);
    size_t sz;
    CHECK_STATUS(zkp_hemera_tree_proof_size(0, 0, NULL), ZKP_ERR_NULL);
    CHECK_STATUS(zkp_hemera_tree_proof_size(0, 0, &sz), ZKP_OK);
    CHECK_EQ_U64(sz, 0);
    CHECK_STATUS(zkp_hemera_tree_proof(NULL, 1, 0, out, 32, &sz), ZKP_ERR_NULL);
    CHECK_STATUS(zkp_hemera_tree_proof(buf, 1, 0, out, 32, NULL), ZKP_ERR_NULL);
    CHECK_STATUS(zkp_hemera_tree_proof(buf, 1, 0, NULL, 32, &sz), ZKP_ERR_NULL);
    CHECK_STATUS(zkp_hemera_tree_proof(buf, 1, 0, NULL, 0, &sz), ZKP_OK);  /* one chunk: empty proof */
    CHECK_STATUS(zkp_hemera_tree_verify(NULL, buf, 1, 0, 1, NULL, 0), ZKP_ERR_NULL);
    CHECK_STATUS(zkp_hemera_tree_verify(out, NULL, 1, 0, 1, NULL, 0), ZKP_ERR_NULL);
    CHECK_STATUS(zkp_hemera_tree_verify(out, buf, 1, 0, 1, NULL, 32), ZKP_ERR_NULL);
    CHECK_EQ_U64(zkp_hemera_tree_chunk_count(0), 1);
    CHECK_EQ_U64(zkp_hemera_tree_chunk_count(4096), 1);
    CHECK_EQ_U64(zkp_hemera_tree_chunk_count(4097), 2);
    CHECK_EQ_U64(zkp_hemera_tree_chunk_count(UINT64_MAX), (UINT64_MAX - 1) / 4096 + 1);
    /* Huge claimed lengths: the proof size is still bounded, and a random
     * proof of the right size for them is rejected, not a crash. */
    const uint64_t nhuge = th_count(20);
    for (uint64_t t = 0; t < nhuge; t++) {
        uint64_t total = UINT64_MAX - th_rand_below(1u << 20), idx = th_rand64() % zkp_hemera_tree_chunk_count(total);
        CHECK_STATUS(zkp_hemera_tree_proof_size(total, idx, &sz), ZKP_OK);
        CHECK(sz >= 32 && sz <= ZKP_HEMERA_PROOF_MAX_BYTES);
        uint8_t junk[ZKP_HEMERA_PROOF_MAX_BYTES], chunk[4096];
        th_rand_bytes(junk, sz);
        th_rand_bytes(chunk, sizeof chunk);
        size_t clen = idx + 1 < zkp_hemera_tree_chunk_count(total) ? 4096 : (size_t)(total - (total - 1) / 4096 * 4096);
        CHECK_STATUS(zkp_hemera_tree_verify(out, chunk, clen, idx, total, junk, sz), ZKP_ERR_VERIFY);
    }
}

/* ---- classes --------------------------------------------------------------------- */

static void classes_agree(void) {
    th_section("constant-time and fast classes agree");
    uint64_t n = capped(30, 20000);
    for (uint64_t t = 0; t < n; t++) {
        size_t len = (size_t)th_rand_below(400);
        uint8_t m[400], a[32], b[32];
        th_rand_bytes(m, len);
        CHECK_STATUS(zkp_hemera_hash(m, len, a), ZKP_OK);
        CHECK_STATUS(zkp_hemera_hash_secret(m, len, b), ZKP_OK);
        CHECK_EQ_BYTES(a, b, 32);
        zkp_hemera_hasher hf, hs;
        zkp_hemera_xof xf, xs;
        zkp_hemera_hasher_init(&hf);
        zkp_hemera_hasher_init_secret(&hs);
        feed_random(&hf, m, len);
        feed_random(&hs, m, len);
        CHECK_STATUS(zkp_hemera_hasher_finalize_xof(&hf, &xf), ZKP_OK);
        CHECK_STATUS(zkp_hemera_hasher_finalize_xof(&hs, &xs), ZKP_OK);
        uint8_t of[200], os[200];
        CHECK_STATUS(zkp_hemera_xof_fill(&xf, of, sizeof of), ZKP_OK);
        CHECK_STATUS(zkp_hemera_xof_fill(&xs, os, sizeof os), ZKP_OK);
        CHECK_EQ_BYTES(of, os, sizeof of);
    }
}

/* ---- driver -------------------------------------------------------------------- */

static void all_levels(void *ctx) {
    (void)ctx;
    vec_hash();
    vec_keyed();
    vec_derive();
    vec_xof();
    vec_leaf_node();
    vec_trees();
    vec_gear();
    vec_sponge_trace();
    check_cases();
    classes_agree();
    proofs();
    bad_input();
    corrupt_state();
    size_overflow();
}

int main(void) {
    th_init("test_hemera_modes");
    size_t n;
    char *text = th_read_file(th_vector_path("hemera.json"), &n);
    g_vec = text ? json_parse(text) : NULL;
    free(text);
    if (!g_vec) {
        th_fail(__FILE__, __LINE__, "cannot load hemera.json");
        return th_finish();
    }
    /* The reference's own vectors first, so a broken oracle glue is obvious. */
    th_section("reference self-check");
    {
        uint8_t d[32], want[32];
        th_unhex("e1b19b8235443e9fac8f1d6a1203de66e9a58c53e36cbbc1f71a031c3d13ce77", want, 32);
        hmref_hash((const uint8_t *)"hello", 5, d);
        CHECK_EQ_BYTES(d, want, 32);
        CHECK_EQ_U64(hmref_gear(0), 0x3cee16fda88038bcull);
    }
    build_cases();
    th_for_each_cpu_level(all_levels, NULL);
    free_cases();
    json_free(g_vec);
    return th_finish();
}
