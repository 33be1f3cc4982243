/*
 * Batch tree forms against single-call references and the Hemera vectors:
 *  - a one-lane reference sponge / hash_leaf / hash_node / left-balanced
 *    fixed tree written from spec 6.2, 7.1, 7.2, 7.4, 7.5 on top of the
 *    single zkp_hemera_permute (itself checked against the vectors), and
 *    the library's single forms zkp_hemera_hash_leaf / hash_node / root_fixed;
 *  - hash_node_batch / hash_leaf_batch (equal and unequal lengths, every
 *    kernel at every CPU level) == the references lane by lane;
 *  - zkp_hemera_tree_root_fixed == the recursive reference for every
 *    size around the chunk boundaries and random large inputs, thread
 *    counts 1, 2, 3, 8 (1: the heap-free stack merge, more: the level-by-
 *    level batch path), and that batch path on one thread too;
 *  - tests/vectors/hemera.json families permutation (+ the trace's final
 *    state) through every batch kernel, hash_generated (reference sponge),
 *    hash_leaf, hash_node, tree_fixed_4k through the batch paths.
 */
#include <stdlib.h>
#include <string.h>

#include "harness.h"
#include "hemera/batch_internal.h"
#include "hemera/modes.h"
#include "hemera_batch_tests.h"
#include "json.h"
#include "zkprim/goldilocks.h"
#include "zkprim/hemera.h"

/* ---- one-lane references -------------------------------------------------- */

static void ref_sponge(const uint8_t *m, size_t len, uint64_t st[16]) {
    memset(st, 0, 16 * sizeof st[0]);
    size_t off = 0;
    for (;;) {
        uint8_t blk[56] = {0};
        size_t r = len - off < 56 ? len - off : 56;
        int last = len - off < 56;
        if (r) memcpy(blk, m + off, r);
        if (last) blk[r] = 1;
        for (unsigned j = 0; j < 8; j++) {
            uint64_t e = 0;
            for (unsigned b = 0; b < 7; b++) e |= (uint64_t)blk[7 * j + b] << (8 * b);
            st[j] = (uint64_t)(((unsigned __int128)st[j] + e) % ZKP_GOLDILOCKS_P);
        }
        if (last) st[10] = len;
        zkp_hemera_permute(st);
        if (last) break;
        off += 56;
    }
}

static void store_digest(const uint64_t st[16], uint8_t out[32]) {
    for (unsigned k = 0; k < 4; k++)
        for (unsigned b = 0; b < 8; b++) out[8 * k + b] = (uint8_t)(st[k] >> (8 * b));
}

static uint64_t le64(const uint8_t *p) {
    uint64_t v = 0;
    for (unsigned b = 0; b < 8; b++) v |= (uint64_t)p[b] << (8 * b);
    return v;
}

static void ref_hash(const uint8_t *m, size_t len, uint8_t out[32]) {
    uint64_t st[16];
    ref_sponge(m, len, st);
    store_digest(st, out);
}

static void ref_leaf(const uint8_t *m, size_t len, uint64_t counter, int root, uint8_t out[32]) {
    uint64_t st[16];
    ref_sponge(m, len, st);
    uint64_t h[4] = {st[0], st[1], st[2], st[3]};
    memset(st, 0, sizeof st);
    memcpy(st, h, sizeof h);
    st[8] = counter;
    st[9] = 4u | (root ? 1u : 0u);
    zkp_hemera_permute(st);
    store_digest(st, out);
}

static void ref_node(const uint8_t l[32], const uint8_t r[32], int root, uint8_t out[32]) {
    uint64_t st[16] = {0};
    for (unsigned k = 0; k < 4; k++) {
        st[k] = le64(l + 8 * k);
        st[4 + k] = le64(r + 8 * k);
    }
    st[9] = 2u | (root ? 1u : 0u);
    zkp_hemera_permute(st);
    store_digest(st, out);
}

/* spec 7.4: merge(list, root) with k = largest power of two below n */
static void ref_merge(uint8_t (*cv)[32], size_t n, int root, uint8_t out[32]) {
    if (n == 1) {
        memcpy(out, cv[0], 32);
        return;
    }
    size_t k = 1;
    while (2 * k < n) k *= 2;
    uint8_t a[32], b[32];
    ref_merge(cv, k, 0, a);
    ref_merge(cv + k, n - k, 0, b);
    ref_node(a, b, root, out);
}

static void ref_root_fixed(const uint8_t *d, size_t len, uint8_t out[32]) {
    size_t n = len ? (len + 4095) / 4096 : 1;
    if (n == 1) {
        ref_leaf(d, len, 0, 1, out);
        return;
    }
    uint8_t(*cv)[32] = malloc(n * 32);
    for (size_t i = 0; i < n; i++) ref_leaf(d + 4096 * i, i + 1 < n ? 4096 : len - 4096 * i, i, 0, cv[i]);
    ref_merge(cv, n, 1, out);
    free(cv);
}

static void pat(uint8_t *p, size_t n) {
    for (size_t i = 0; i < n; i++) p[i] = (uint8_t)(i % 251);
}

/* ---- vectors -------------------------------------------------------------- */

static json *g_vec;

static int unhex32(const char *h, uint8_t out[32]) { return h && th_unhex(h, out, 32) == 32; }

/* Input bytes of a vector entry: "chunk_utf8"/"input_utf8", "chunk_hex",
 * or "chunk"/"input" = "pat(n)". Returns a malloc'd buffer (maybe empty). */
static uint8_t *entry_bytes(const json *e, size_t *len) {
    const char *s;
    uint8_t *b = NULL;
    if ((s = json_str(e, "chunk_utf8")) || (s = json_str(e, "input_utf8"))) {
        *len = strlen(s);
        b = malloc(*len + 1);
        memcpy(b, s, *len);
    } else if ((s = json_str(e, "chunk_hex"))) {
        *len = strlen(s) / 2;
        b = malloc(*len + 1);
        th_unhex(s, b, *len);
    } else if (((s = json_str(e, "chunk")) || (s = json_str(e, "input"))) && !strncmp(s, "pat(", 4)) {
        *len = strtoull(s + 4, NULL, 10);
        b = malloc(*len + 1);
        pat(b, *len);
    } else {
        *len = 0;
        b = malloc(1);
        CHECK_MSG(0, "vector entry without input");
    }
    return b;
}

static void load16(const json *arr, uint64_t st[16]) {
    for (size_t i = 0; i < 16; i++) {
        const json *e = json_at(arr, i);
        st[i] = e && e->str ? strtoull(e->str, NULL, 16) : 0;
    }
    CHECK(arr && arr->n == 16);
}

static void test_vectors(void) {
    char *text = th_read_file(th_vector_path("hemera.json"), NULL);
    if (!text) return;
    g_vec = json_parse(text);
    free(text);
    CHECK(g_vec != NULL);
    if (!g_vec) return;

    th_section("vectors: permutation (and the trace's final state) through every batch kernel");
    {
        const json *pv = json_get(g_vec, "permutation");
        const json *tr = json_get(g_vec, "permutation_trace");
        size_t nv = pv ? pv->n : 0;
        uint64_t (*vin)[16] = malloc((nv + 1) * sizeof *vin), (*vout)[16] = malloc((nv + 1) * sizeof *vout);
        for (size_t k = 0; k < nv; k++) {
            load16(json_get(json_at(pv, k), "input"), vin[k]);
            load16(json_get(json_at(pv, k), "output"), vout[k]);
        }
        if (tr) {
            const json *steps = json_get(tr, "steps");
            load16(json_get(tr, "input"), vin[nv]);
            load16(json_get(json_at(steps, steps ? steps->n - 1 : 0), "state"), vout[nv]);
            nv++;
        }
        CHECK(nv >= 2);
        uint64_t(*buf)[16] = malloc(64 * sizeof *buf);
        for (unsigned kk = 0; kk < zkpi_hb_kernel_count; kk++) {
            if (!zkpi_kernel_usable(&zkpi_hb_kernels[kk].info)) continue;
            for (size_t k = 0; k < nv; k++) {
                /* at a random lane of a random-size batch, and in every lane of 64 */
                size_t n = 1 + th_rand_below(64), at = th_rand_below(n);
                for (size_t l = 0; l < n; l++)
                    for (unsigned i = 0; i < 16; i++) buf[l][i] = l == at ? vin[k][i] : th_rand64();
                zkpi_hb_permute_with(&zkpi_hb_kernels[kk], buf, n, &zkpi_hemera_profile_default);
                CHECK_MSG(!memcmp(buf[at], vout[k], sizeof buf[at]), "permutation vector %zu, kernel %s, lane %zu of %zu",
                          k, zkpi_hb_kernels[kk].info.name, at, n);
                for (size_t l = 0; l < 64; l++) memcpy(buf[l], vin[k], sizeof buf[l]);
                zkpi_hb_permute_with(&zkpi_hb_kernels[kk], buf, 64, &zkpi_hemera_profile_default);
                for (size_t l = 0; l < 64; l++)
                    CHECK_MSG(!memcmp(buf[l], vout[k], sizeof buf[l]), "permutation vector %zu x64, kernel %s, lane %zu", k,
                              zkpi_hb_kernels[kk].info.name, l);
            }
        }
        free(buf);
        free(vin);
        free(vout);
    }

    th_section("vectors: hash_generated through the reference sponge");
    const json *hg = json_get(g_vec, "hash_generated");
    for (size_t i = 0; hg && i < hg->n; i++) {
        size_t len;
        uint8_t *m = entry_bytes(json_at(hg, i), &len), want[32], got[32];
        CHECK(unhex32(json_str(json_at(hg, i), "digest"), want));
        ref_hash(m, len, got);
        CHECK_EQ_BYTES(got, want, 32);
        free(m);
    }

    th_section("vectors: hash_leaf through hash_leaf_batch (alone and in a mixed batch)");
    const json *hl = json_get(g_vec, "hash_leaf");
    for (size_t i = 0; hl && i < hl->n; i++) {
        const json *e = json_at(hl, i);
        size_t len;
        uint8_t *m = entry_bytes(e, &len), want[32];
        CHECK(unhex32(json_str(e, "digest"), want));
        uint64_t ctr = strtoull(json_str(e, "counter"), NULL, 10);
        int root = !strcmp(json_str(e, "is_root"), "true");
        /* lane 3 of a batch of 5 with other lengths around it */
        uint8_t filler[300];
        th_rand_bytes(filler, sizeof filler);
        const uint8_t *ptr[5] = {filler, filler, filler, m, filler};
        size_t lens[5] = {300, 0, 57, len, 1};
        uint64_t ctrs[5] = {1, 2, 3, ctr, 5};
        uint8_t out[5][32];
        CHECK_STATUS(zkp_hemera_hash_leaf_batch(ptr, lens, ctrs, 5, root, out), ZKP_OK);
        CHECK_EQ_BYTES(out[3], want, 32);
        CHECK_STATUS(zkp_hemera_hash_leaf_batch(ptr + 3, lens + 3, ctrs + 3, 1, root, out), ZKP_OK);
        CHECK_EQ_BYTES(out[0], want, 32);
        free(m);
    }

    th_section("vectors: hash_node through hash_node_batch");
    const json *hn = json_get(g_vec, "hash_node");
    for (size_t i = 0; hn && i < hn->n; i++) {
        const json *e = json_at(hn, i);
        if (json_get(e, "nmt")) continue; /* hash_node_nmt has no batch form */
        uint8_t pair[3][64], want[32], out[3][32];
        th_rand_bytes(pair, sizeof pair);
        CHECK(unhex32(json_str(e, "left"), pair[1]));
        CHECK(unhex32(json_str(e, "right"), pair[1] + 32));
        CHECK(unhex32(json_str(e, "digest"), want));
        int root = !strcmp(json_str(e, "is_root"), "true");
        CHECK_STATUS(zkp_hemera_hash_node_batch((const uint8_t(*)[64])pair, 3, root, out), ZKP_OK);
        CHECK_EQ_BYTES(out[1], want, 32);
    }

    th_section("vectors: tree_fixed_4k through tree_root_fixed (1, 2, 3, 8 threads)");
    const json *tf = json_get(g_vec, "tree_fixed_4k");
    for (size_t i = 0; tf && i < tf->n; i++) {
        const json *e = json_at(tf, i);
        size_t len;
        uint8_t *m = entry_bytes(e, &len), want[32], got[32];
        CHECK(unhex32(json_str(e, "root"), want));
        static const unsigned th[4] = {1, 2, 3, 8};
        for (unsigned t = 0; t < 4; t++) {
            memset(got, 0, 32);
            CHECK_STATUS(zkp_hemera_tree_root_fixed(m, len, th[t], got), ZKP_OK);
            CHECK_EQ_BYTES(got, want, 32);
        }
        free(m);
    }
    json_free(g_vec);
    g_vec = NULL;
}

/* ---- batch == single, random ------------------------------------------------ */

static void node_level(void *ctx) {
    (void)ctx;
    size_t n = 1 + th_rand_below(150);
    uint8_t(*pairs)[64] = malloc(n * 64), (*out)[32] = malloc(n * 32);
    for (size_t i = 0; i < n; i++)
        for (unsigned k = 0; k < 8; k++) zkpi_store64_le(pairs[i] + 8 * k, th_rand_edge64(ZKP_GOLDILOCKS_P));
    int root = (int)th_rand_below(2);
    CHECK_STATUS(zkp_hemera_hash_node_batch((const uint8_t(*)[64])pairs, n, root, out), ZKP_OK);
    for (size_t i = 0; i < n; i++) {
        uint8_t want[32], single[32];
        ref_node(pairs[i], pairs[i] + 32, root, want);
        CHECK_MSG(!memcmp(out[i], want, 32), "hash_node_batch n=%zu lane %zu level %s", n, i, th_level());
        zkp_hemera_hash_node(pairs[i], pairs[i] + 32, root, single); /* the single form */
        CHECK_MSG(!memcmp(out[i], single, 32), "hash_node_batch != zkp_hemera_hash_node, lane %zu", i);
    }
    /* in place, the way a tree level is hashed: out[i] over pairs[i/2] */
    uint8_t(*inplace)[32] = (uint8_t(*)[32])pairs;
    CHECK_STATUS(zkp_hemera_hash_node_batch((const uint8_t(*)[64])pairs, n, root, inplace), ZKP_OK);
    CHECK(!memcmp(inplace, out, n * 32));
    free(pairs);
    free(out);
}

static void leaf_level(void *ctx) {
    (void)ctx;
    size_t n = 1 + th_rand_below(70);
    int equal = (int)th_rand_below(2);
    size_t common = th_rand_below(400);
    const uint8_t **ptr = malloc(n * sizeof *ptr);
    size_t *lens = malloc(n * sizeof *lens);
    uint64_t *ctr = malloc(n * sizeof *ctr);
    uint8_t(*out)[32] = malloc(n * 32);
    th_buf *bufs = malloc(n * sizeof *bufs);
    for (size_t i = 0; i < n; i++) {
        lens[i] = equal ? common : th_rand_below(4) == 0 ? 56 * th_rand_below(6) : th_rand_below(600);
        bufs[i] = th_buf_new(lens[i], th_rand_below(8));
        ptr[i] = bufs[i].p;
        ctr[i] = th_rand_edge64(ZKP_GOLDILOCKS_P);
    }
    int root = (int)th_rand_below(2);
    for (unsigned kk = 0; kk < zkpi_hb_kernel_count; kk++) {
        if (!zkpi_kernel_usable(&zkpi_hb_kernels[kk].info)) continue;
        memset(out, 0, n * 32);
        CHECK_STATUS(zkpi_hb_hash_leaf_batch_with(&zkpi_hb_kernels[kk], ptr, lens, ctr, n, root, out), ZKP_OK);
        for (size_t i = 0; i < n; i++) {
            uint8_t want[32], single[32];
            ref_leaf(ptr[i], lens[i], ctr[i], root, want);
            CHECK_MSG(!memcmp(out[i], want, 32), "hash_leaf_batch kernel %s level %s n=%zu lane %zu len %zu",
                      zkpi_hb_kernels[kk].info.name, th_level(), n, i, lens[i]);
            CHECK_STATUS(zkp_hemera_hash_leaf(ptr[i], lens[i], ctr[i], root, single), ZKP_OK);
            CHECK_MSG(!memcmp(out[i], single, 32), "hash_leaf_batch != zkp_hemera_hash_leaf, lane %zu", i);
        }
    }
    for (size_t i = 0; i < n; i++) TH_BUF_FREE(bufs[i]);
    free(bufs);
    free(ptr);
    free(lens);
    free(ctr);
    free(out);
}

static void tree_level(void *ctx) {
    (void)ctx;
    /* every size 0 .. a few chunks in coarse steps plus all boundaries */
    static const unsigned th[4] = {1, 2, 3, 8};
    size_t maxlen = 5 * 4096 + 100;
    th_buf b = th_buf_new(maxlen, 3);
    for (size_t len = 0; len <= maxlen; len += len < 200 ? 1 : 997) {
        uint8_t want[32], got[32], single[32];
        ref_root_fixed(b.p, len, want);
        CHECK_STATUS(zkp_hemera_tree_root_fixed(b.p, len, 1, single), ZKP_OK); /* the single-thread root */
        CHECK_MSG(!memcmp(single, want, 32), "zkp_hemera_tree_root_fixed len %zu differs from the reference", len);
        for (unsigned t = 0; t < 4; t++) {
            CHECK_STATUS(zkp_hemera_tree_root_fixed(b.p, len, th[t], got), ZKP_OK);
            CHECK_MSG(!memcmp(got, want, 32), "tree_root_fixed len %zu threads %u level %s", len, th[t], th_level());
        }
    }
    for (unsigned c = 1; c <= 5; c++)
        for (int d = -1; d <= 1; d++) {
            size_t len = 4096 * c + (size_t)(long)d;
            uint8_t want[32], got[32];
            ref_root_fixed(b.p, len, want);
            for (unsigned t = 0; t < 4; t++) {
                CHECK_STATUS(zkp_hemera_tree_root_fixed(b.p, len, th[t], got), ZKP_OK);
                CHECK_MSG(!memcmp(got, want, 32), "tree_root_fixed len %zu threads %u", len, th[t]);
            }
        }
    TH_BUF_FREE(b);
}

static void tree_large(void) {
    th_section("tree_root_fixed: random large inputs, 1/2/3/8 threads");
    uint64_t reps = th_count(3);
    if (reps > 4) reps = 4; /* each input is hundreds of chunks: keep deep and qemu runs bounded */
    for (uint64_t r = 0; r < reps; r++) {
        size_t len = 4096 * (65 + th_rand_below(200)) + th_rand_below(4097);
        uint8_t *d = malloc(len);
        th_rand_bytes(d, len);
        uint8_t want[32], got[32], single[32];
        ref_root_fixed(d, len, want);
        CHECK_STATUS(zkp_hemera_tree_root_fixed(d, len, 1, single), ZKP_OK);
        CHECK_EQ_BYTES(single, want, 32);
        static const unsigned th[4] = {1, 2, 3, 8};
        for (unsigned t = 0; t < 4; t++) {
            CHECK_STATUS(zkp_hemera_tree_root_fixed(d, len, th[t], got), ZKP_OK);
            CHECK_MSG(!memcmp(got, want, 32), "large root len %zu threads %u", len, th[t]);
        }
        free(d);
    }
}

void hemera_batch_mode_tests(void) {
    test_vectors();
    th_section("hash_node_batch == single (all levels)");
    uint64_t reps = th_count(6);
    if (reps > 1000) reps = 1000;
    for (uint64_t r = reps; r > 0; r--) th_for_each_cpu_level(node_level, NULL);
    th_section("hash_leaf_batch == single, equal and unequal lengths (all kernels, all levels)");
    for (uint64_t r = reps; r > 0; r--) th_for_each_cpu_level(leaf_level, NULL);
    th_section("tree_root_fixed == recursive reference, sizes 0..5 chunks (all levels)");
    th_for_each_cpu_level(tree_level, NULL);
    tree_large();

    th_section("batch tree forms: NULL and empty");
    uint8_t o[32];
    CHECK_STATUS(zkp_hemera_hash_node_batch(NULL, 0, 0, NULL), ZKP_OK);
    CHECK_STATUS(zkp_hemera_hash_node_batch(NULL, 1, 0, &o), ZKP_ERR_NULL);
    CHECK_STATUS(zkp_hemera_hash_leaf_batch(NULL, NULL, NULL, 0, 0, NULL), ZKP_OK);
    const uint8_t *np[1] = {NULL};
    size_t l1[1] = {1}, l0[1] = {0};
    uint64_t c0[1] = {0};
    CHECK_STATUS(zkp_hemera_hash_leaf_batch(np, l1, c0, 1, 0, &o), ZKP_ERR_NULL);
    CHECK_STATUS(zkp_hemera_hash_leaf_batch(np, l0, c0, 1, 1, &o), ZKP_OK); /* empty leaf, NULL data */
    uint8_t want[32];
    ref_leaf(NULL, 0, 0, 1, want);
    CHECK_EQ_BYTES(o, want, 32);
    CHECK_STATUS(zkp_hemera_tree_root_fixed(NULL, 0, 2, o), ZKP_OK);
    CHECK_EQ_BYTES(o, want, 32);
    CHECK_STATUS(zkp_hemera_tree_root_fixed(NULL, 5, 2, o), ZKP_ERR_NULL);
    CHECK_STATUS(zkp_hemera_tree_root_fixed(o, 5, 2, NULL), ZKP_ERR_NULL);
}
