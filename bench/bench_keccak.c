/*
 * Keccak benchmarks, with OpenSSL's EVP SHA3-256 as rows of the same run
 * (group "anchor") so every performance target in docs/keccak.md is a
 * ratio within one run:
 *
 *   keccak/anchor/openssl-sha3-256/per-block   OpenSSL's implied time per
 *        Keccak-f[1600]: one op = one 136-byte block absorbed by EVP SHA3-256
 *        (one permutation plus its 17 lane XORs); keccak/sha3-256/per-block is
 *        the same measurement of zkprim's streaming SHA3-256
 *   keccak/anchor/openssl-sha3-256/{16KiB,64B}   one-shot EVP digests
 *   keccak/f1600                 single permutation, dispatched kernel
 *   keccak/f1600/portable        the portable kernel
 *   keccak/f1600x4/per-lane      AVX2 4-way kernel (unavailable without AVX2),
 *                                one op = one lane
 *   keccak/f1600xN/per-lane      widest multi-lane kernel, one op = one lane
 *   keccak/keccak256/64B         zkp_keccak256 of 64 bytes
 *   keccak/pair                  zkp_keccak256_pair
 *   keccak/hash_many/64B         per hash, batches of 1024 64-byte inputs
 *   keccak/sha3-256/16KiB        throughput
 *   keccak/tree/2^20/{1t,2t}     full node array of 2^20 leaves, one op = one tree
 *   keccak/tree/2^16/{1t,2t}     the same for 2^16 leaves (per node: / 65535)
 */
#include <stdlib.h>
#include <string.h>

#include "bench.h"
#include "keccak/f1600.h"
#include "zkprim/keccak.h"

#if defined(ZKP_HAVE_OPENSSL)
#include <openssl/evp.h>
#endif

typedef struct kctx {
    uint8_t *buf;
    size_t len;
    uint8_t *out;
    uint64_t st[25 * ZKP_KECCAK_MAX_LANES];
} kctx;

static void *setup_sized(size_t len, size_t outlen) {
    kctx *c = calloc(1, sizeof *c);
    c->buf = malloc(len + 64);
    c->len = len;
    c->out = malloc(outlen + 64);
    return c;
}

static void *setup_small(void) { return setup_sized(200, 64); }
static void *setup_16k(void) { return setup_sized(16384, 64); }
#define MANY 1024
static void *setup_many(void) { return setup_sized(64 * MANY, 32 * MANY); }
#define TREE_LEAVES ((size_t)1 << 20)
static void *setup_tree(void) { return setup_sized(32 * (2 * TREE_LEAVES - 1), 64); }

static void fresh(void *ctx, uint64_t seed) {
    kctx *c = ctx;
    bench_fill(c->buf, c->len, seed);
    bench_fill(c->st, sizeof c->st, seed ^ 0x9e3779b97f4a7c15ULL);
}

static void teardown(void *ctx) {
    kctx *c = ctx;
    free(c->buf);
    free(c->out);
    free(c);
}

/* ---- permutations ------------------------------------------------------- */

static void run_f1600(void *ctx, uint64_t iters) {
    kctx *c = ctx;
    void (*p)(uint64_t *) = zkpi_keccak_single()->permute;
    for (uint64_t i = 0; i < iters; i++) p(c->st);
    bench_sink(c->st, 8);
}

static void run_f1600_portable(void *ctx, uint64_t iters) {
    kctx *c = ctx;
    for (uint64_t i = 0; i < iters; i++) zkpi_keccakf1600_portable(c->st);
    bench_sink(c->st, 8);
}

/* The multi-lane kernel of that name, or NULL when the build has none. */
static const zkpi_keccak_kernelN *multi_named(const char *name) {
    size_t n;
    const zkpi_keccak_kernelN *t = zkpi_keccak_multi_kernels(&n);
    for (size_t i = 0; i < n; i++)
        if (!strcmp(t[i].info.name, name)) return &t[i];
    return NULL;
}

/* keccak/f1600x4 times the AVX2 kernel itself: where it cannot run, the row
 * is unavailable (keccak/f1600xN already times whatever is dispatched). */
static void *setup_x4(void) {
    const zkpi_keccak_kernelN *k = multi_named("avx2-x4");
    return bench_need_kernel(k ? &k->info : NULL) ? setup_small() : BENCH_SKIP;
}

static void run_lanes(const zkpi_keccak_kernelN *k, kctx *c, uint64_t iters) {
    for (uint64_t i = 0; i < iters; i += k->lanes) zkpi_keccak_multi_permute(k, c->st);
    bench_sink(c->st, 8);
}

static void run_x4(void *ctx, uint64_t iters) { run_lanes(multi_named("avx2-x4"), ctx, iters); }
static void run_xn(void *ctx, uint64_t iters) { run_lanes(zkpi_keccak_multi(), ctx, iters); }

static const char *name_single(void) { return zkpi_keccak_single()->info.name; }
static const char *name_portable(void) { return "portable"; }
static const char *name_x4(void) { return "avx2-x4"; }
static const char *name_multi(void) { return zkpi_keccak_multi()->info.name; }

/* ---- hashing ------------------------------------------------------------- */

static void run_keccak256_64(void *ctx, uint64_t iters) {
    kctx *c = ctx;
    for (uint64_t i = 0; i < iters; i++) {
        BENCH_CHECK(zkp_keccak256(c->buf, 64, c->out));
        c->buf[0] ^= c->out[0];  /* chain: the next input depends on this output */
    }
    bench_sink(c->out, 32);
}

static void run_pair(void *ctx, uint64_t iters) {
    kctx *c = ctx;
    for (uint64_t i = 0; i < iters; i++) zkp_keccak256_pair(c->buf, c->buf + 32, c->buf);
    bench_sink(c->buf, 32);
}

static void run_many64(void *ctx, uint64_t iters) {
    kctx *c = ctx;
    while (iters) {
        size_t n = iters < MANY ? (size_t)iters : MANY;
        BENCH_CHECK(zkp_keccak_hash_batch(ZKP_KECCAK_256, c->buf, 64, 64, n, c->out, 32));
        iters -= n;
    }
    bench_sink(c->out, 32);
}

static void run_sha3_16k(void *ctx, uint64_t iters) {
    kctx *c = ctx;
    for (uint64_t i = 0; i < iters; i++) {
        BENCH_CHECK(zkp_sha3_256(c->buf, 16384, c->out));
        c->buf[0] ^= c->out[0];
    }
    bench_sink(c->out, 32);
}

/* The same shape for zkprim's streaming SHA3-256 (one op = one block). */
static void run_sha3_perm(void *ctx, uint64_t iters) {
    kctx *c = ctx;
    zkp_keccak_state s;
    BENCH_CHECK(zkp_keccak_init(&s, ZKP_SHA3_256));
    for (uint64_t left = iters; left;) {
        uint64_t b = left < 120 ? left : 120;
        BENCH_CHECK(zkp_keccak_update(&s, c->buf, (size_t)b * 136));
        left -= b;
    }
    BENCH_CHECK(zkp_keccak_final(&s, c->out, 32));
    bench_sink(c->out, 32);
}

static void run_tree(kctx *c, uint64_t iters, size_t leaves, unsigned threads) {
    /* nodes == leaves: the first `leaves` nodes of the buffer are the leaves */
    for (uint64_t i = 0; i < iters; i++)
        BENCH_CHECK(zkp_keccak_tree_build(ZKP_KECCAK_256, c->buf, leaves, threads, c->buf));
    bench_sink(c->buf + 32 * (2 * leaves - 2), 32);
}
static void run_tree1(void *ctx, uint64_t iters) { run_tree(ctx, iters, TREE_LEAVES, 1); }
static void run_tree2(void *ctx, uint64_t iters) { run_tree(ctx, iters, TREE_LEAVES, 2); }
/* 2^16 leaves (4 MiB of nodes): short enough batches to survive a shared machine */
#define SMALL_TREE ((size_t)1 << 16)
static void *setup_small_tree(void) { return setup_sized(32 * (2 * SMALL_TREE - 1), 64); }
static void run_stree1(void *ctx, uint64_t iters) { run_tree(ctx, iters, SMALL_TREE, 1); }
static void run_stree2(void *ctx, uint64_t iters) { run_tree(ctx, iters, SMALL_TREE, 2); }

/* ---- OpenSSL anchors ------------------------------------------------------- */
#if defined(ZKP_HAVE_OPENSSL)
typedef struct octx {
    kctx k;
    EVP_MD_CTX *md_ctx;
    const EVP_MD *md;
} octx;

static void *setup_openssl(size_t len) {
    octx *o = calloc(1, sizeof *o);
    kctx *k = setup_sized(len, 64);
    o->k = *k;
    free(k);
    o->md_ctx = EVP_MD_CTX_new();
#if OPENSSL_VERSION_NUMBER >= 0x30000000L
    o->md = EVP_MD_fetch(NULL, "SHA3-256", NULL);  /* fetched once, like a real caller */
#else
    o->md = EVP_sha3_256();
#endif
    return o;
}
static void teardown_openssl(void *ctx);
/* An OpenSSL without SHA3-256 (a provider missing) would time failing calls. */
static void *setup_openssl_checked(size_t len) {
    octx *o = setup_openssl(len);
    if (o->md_ctx && o->md) return o;
    teardown_openssl(o);
    return bench_unavailable("OpenSSL has no SHA3-256 here");
}
static void *setup_openssl_16k(void) { return setup_openssl_checked(16384); }
static void *setup_openssl_64(void) { return setup_openssl_checked(200); }

static void teardown_openssl(void *ctx) {
    octx *o = ctx;
    EVP_MD_CTX_free(o->md_ctx);
#if OPENSSL_VERSION_NUMBER >= 0x30000000L
    EVP_MD_free((EVP_MD *)o->md);
#endif
    free(o->k.buf);
    free(o->k.out);
    free(o);
}

static void openssl_sha3(octx *o, size_t len) {
    unsigned int olen;
    EVP_DigestInit_ex(o->md_ctx, o->md, NULL);
    EVP_DigestUpdate(o->md_ctx, o->k.buf, len);
    EVP_DigestFinal_ex(o->md_ctx, o->k.out, &olen);
    o->k.buf[0] ^= o->k.out[0];
}

/* One op = one 136-byte block absorbed (= one permutation): a single
 * SHA3-256 over iters * 136 bytes, fed from the 16 KiB buffer in pieces of
 * 120 blocks, so the work is exactly linear in iters. */
#define BLOCKS_PER_PIECE 120
static void run_openssl_perm(void *ctx, uint64_t iters) {
    octx *o = ctx;
    unsigned int olen;
    EVP_DigestInit_ex(o->md_ctx, o->md, NULL);
    for (uint64_t left = iters; left;) {
        uint64_t b = left < BLOCKS_PER_PIECE ? left : BLOCKS_PER_PIECE;
        EVP_DigestUpdate(o->md_ctx, o->k.buf, (size_t)b * 136);
        left -= b;
    }
    EVP_DigestFinal_ex(o->md_ctx, o->k.out, &olen);
    bench_sink(o->k.out, 32);
}
static void run_openssl_16k(void *ctx, uint64_t iters) {
    octx *o = ctx;
    for (uint64_t i = 0; i < iters; i++) openssl_sha3(o, 16384);
    bench_sink(o->k.out, 32);
}
static void run_openssl_64(void *ctx, uint64_t iters) {
    octx *o = ctx;
    for (uint64_t i = 0; i < iters; i++) openssl_sha3(o, 64);
    bench_sink(o->k.out, 32);
}
static const char *name_openssl(void) { return "openssl"; }
#endif

static const bench_case k_cases[] = {
#if defined(ZKP_HAVE_OPENSSL)
    {"keccak/anchor/openssl-sha3-256/per-block", "anchor", 0, setup_openssl_16k, fresh, run_openssl_perm,
     teardown_openssl, name_openssl},
    {"keccak/anchor/openssl-sha3-256/16KiB", "anchor", 16384, setup_openssl_16k, fresh, run_openssl_16k,
     teardown_openssl, name_openssl},
    {"keccak/anchor/openssl-sha3-256/64B", "anchor", 64, setup_openssl_64, fresh, run_openssl_64, teardown_openssl,
     name_openssl},
#endif
    {"keccak/f1600", "permutation", 0, setup_small, fresh, run_f1600, teardown, name_single},
    {"keccak/f1600/portable", "permutation", 0, setup_small, fresh, run_f1600_portable, teardown, name_portable},
    {"keccak/f1600x4/per-lane", "permutation", 0, setup_x4, fresh, run_x4, teardown, name_x4},
    {"keccak/f1600xN/per-lane", "permutation", 0, setup_small, fresh, run_xn, teardown, name_multi},
    {"keccak/keccak256/64B", "hash", 64, setup_small, fresh, run_keccak256_64, teardown, name_single},
    {"keccak/pair", "hash", 64, setup_small, fresh, run_pair, teardown, name_single},
    {"keccak/hash_many/64B", "hash", 64, setup_many, fresh, run_many64, teardown, name_multi},
    {"keccak/sha3-256/per-block", "hash", 136, setup_16k, fresh, run_sha3_perm, teardown, name_single},
    {"keccak/sha3-256/16KiB", "hash", 16384, setup_16k, fresh, run_sha3_16k, teardown, name_single},
    {"keccak/tree/2^16/1t", "tree", 0, setup_small_tree, fresh, run_stree1, teardown, name_multi},
    {"keccak/tree/2^16/2t", "tree", 0, setup_small_tree, fresh, run_stree2, teardown, name_multi},
    {"keccak/tree/2^20/1t", "tree", 0, setup_tree, fresh, run_tree1, teardown, name_multi},
    {"keccak/tree/2^20/2t", "tree", 0, setup_tree, fresh, run_tree2, teardown, name_multi},
};

const bench_module bench_module_keccak = {"keccak", k_cases, sizeof k_cases / sizeof k_cases[0]};
