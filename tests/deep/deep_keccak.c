/*
 * Deep run, Keccak family (deep.h).
 *
 *   f1600   every entry of both kernel tables (single-state and multi-lane)
 *           against the portable kernel; oracle: keccak_ref.c's FIPS 202
 *           transcription.
 *   sponge  the one-shot and the streaming sponge of all seven algorithms
 *           at every CPU level against the portable level; SHA3/SHAKE
 *           against OpenSSL's EVP on every input; oracle: keccak_ref.c
 *           (the only reference Keccak-256 has besides the vectors).
 *   many    hash_many (strided, every lane count 1..64), hash_many_ptrs and
 *           the pair functions at every level against single hashes
 *           (OpenSSL, or the portable sponge for Keccak-256).
 *   tree    tree_build / tree_root / tree_root_data / tree_path+verify at
 *           every level, every parent re-hashed by the reference.
 *   kat     ShortMsgKAT Keccak-256 and SHA3-256 (byte lengths) at every
 *           level and through the reference.
 */
#include <openssl/evp.h>
#include <stdlib.h>
#include <string.h>

#include "core/cpu_internal.h"
#include "deep.h"
#include "keccak/f1600.h"
#include "keccak/sponge_internal.h"
#include "keccak_ref.h"

/* Each algorithm and its OpenSSL name (Keccak-256 is not in OpenSSL 3.0). */
static const struct {
    zkp_keccak_alg alg;
    const char *ossl;
} k_algs[] = {{ZKP_KECCAK_256, NULL},       {ZKP_SHA3_224, "SHA3-224"},   {ZKP_SHA3_256, "SHA3-256"},
              {ZKP_SHA3_384, "SHA3-384"},   {ZKP_SHA3_512, "SHA3-512"},   {ZKP_SHAKE128, "SHAKE128"},
              {ZKP_SHAKE256, "SHAKE256"}};
#define NALGS (sizeof k_algs / sizeof k_algs[0])

/* The kernels the current level runs: single-state / multi-lane. */
static void impl_single(char *buf, size_t cap) { snprintf(buf, cap, "%s", zkp_keccak_f1600_implementation()); }
static void impl_both(char *buf, size_t cap) {
    snprintf(buf, cap, "%s/%s", zkp_keccak_f1600_implementation(), zkp_keccak_batch_implementation());
}

static keccak_params params(zkp_keccak_alg alg) {
    keccak_params p = {0, 0, 0};
    if (!keccak_params_of(alg, &p)) abort();
    return p;
}

/* ---- references ----------------------------------------------------------- */

static const EVP_MD *ossl_md(zkp_keccak_alg alg) {
    static const EVP_MD *md[NALGS];
    for (size_t i = 0; i < NALGS; i++)
        if (k_algs[i].alg == alg && k_algs[i].ossl) {
            if (!md[i] && !(md[i] = EVP_get_digestbyname(k_algs[i].ossl))) {
                fprintf(stderr, "deep_diff: OpenSSL has no %s\n", k_algs[i].ossl);
                exit(2);
            }
            return md[i];
        }
    return NULL;
}

/* The fast reference: OpenSSL for SHA3/SHAKE; for Keccak-256 the library's
 * single-state sponge at the portable level (the caller must be there).
 * Returns 1 when it was OpenSSL. */
static int fast_ref(zkp_keccak_alg alg, const uint8_t *in, size_t len, uint8_t *out, size_t outlen) {
    static EVP_MD_CTX *ctx;
    const EVP_MD *md = ossl_md(alg);
    if (!md) {
        if (zkp_keccak_hash(alg, in, len, out, outlen) != ZKP_OK) memset(out, 0xEE, outlen);
        return 0;
    }
    if (!ctx) ctx = EVP_MD_CTX_new();
    int ok = EVP_DigestInit_ex(ctx, md, NULL) && EVP_DigestUpdate(ctx, in, len);
    if (params(alg).digest) ok = ok && EVP_DigestFinal_ex(ctx, out, NULL);
    else ok = ok && EVP_DigestFinalXOF(ctx, out, outlen);
    if (!ok) {
        fprintf(stderr, "deep_diff: OpenSSL digest failed\n");
        exit(2);
    }
    return 1;
}

static void oracle_hash(zkp_keccak_alg alg, const uint8_t *in, size_t len, uint8_t *out, size_t outlen) {
    keccak_params p = params(alg);
    ref_keccak_sponge(p.rate, (uint8_t)p.suffix, in, len, out, outlen);
}

/* ---- input shapes ------------------------------------------------------------ */

/* A length around the block boundaries of `rate` (0, k*rate - 1, k*rate,
 * k*rate + 1 for k <= 3) half of the time, else up to 4 blocks (1 in 8: up
 * to 16 blocks). */
static size_t edge_len(unsigned rate) {
    if (th_rand64() & 1) {
        size_t k = th_rand_below(4), d = th_rand_below(3);
        return k * rate + d >= 1 ? k * rate + d - 1 : 0;
    }
    return th_rand_below(8) == 0 ? th_rand_below(16 * (size_t)rate + 1) : th_rand_below(4 * (size_t)rate + 1);
}

static size_t edge_outlen(const keccak_params *p) {
    if (p->digest) return p->digest;
    size_t n = edge_len(p->rate); /* at most MAXOUT */
    if (n > 4 * (size_t)p->rate) n = 4 * (size_t)p->rate;
    return n ? n : 1;
}

#define MAXMSG (16 * 168 + 1)
#define MAXOUT (4 * 168 + 1)

/* ---- f1600 --------------------------------------------------------------------- */

typedef struct {
    const char *name;
    unsigned ways;
    const zkpi_keccak_kernel1 *k1;
    const zkpi_keccak_kernelN *kn;
} any_kernel;

static size_t usable_kernels(any_kernel *out) {
    size_t n1, nn, k = 0;
    const zkpi_keccak_kernel1 *t1 = zkpi_keccak_single_kernels(&n1);
    const zkpi_keccak_kernelN *tn = zkpi_keccak_multi_kernels(&nn);
    for (size_t i = 0; i < n1; i++)
        if (zkpi_kernel_usable(&t1[i].info)) out[k++] = (any_kernel){t1[i].info.name, 1, &t1[i], NULL};
    for (size_t i = 0; i < nn; i++)
        if (zkpi_kernel_usable(&tn[i].info)) out[k++] = (any_kernel){tn[i].info.name, tn[i].lanes, NULL, &tn[i]};
    return k;
}

static void fill_state(uint64_t s[25]) {
    static const uint64_t edges[] = {0, 1, ~0ull, 0x8000000000000000ull, 0x5555555555555555ull};
    switch (th_rand_below(6)) {
    case 0: memset(s, 0, 200); break;
    case 1: memset(s, 0xFF, 200); break;
    case 2:
        memset(s, 0, 200);
        s[th_rand_below(25)] = (uint64_t)1 << th_rand_below(64);
        break;
    case 3:
        for (int i = 0; i < 25; i++) s[i] = deep_edge_u64(edges, 5);
        break;
    default: th_rand_bytes(s, 200);
    }
}

static void suite_f1600(void) {
    deep_suite S;
    if (!deep_begin(&S, "keccak", "f1600")) return;
    any_kernel ks[16];
    const size_t nk = usable_kernels(ks);
    const zkpi_keccak_kernel1 *port = NULL;
    for (size_t k = 0; k < nk; k++) {
        deep_kernel(&S, ks[k].name);
        if (ks[k].k1 && !strcmp(ks[k].name, "portable")) port = ks[k].k1;
    }
#if ZKP_KECCAK_EXTERNAL
    /* the tables hold only the hook: the built-in portable kernel is the reference */
    static const zkpi_keccak_kernel1 builtin_portable = {{"portable", 0, 1}, zkpi_keccakf1600_portable, NULL, NULL};
    if (!port) port = &builtin_portable;
#endif
    uint64_t in[8][25], want[8][25], st[8 * 25], got[25];
    for (uint64_t i = 0; i < g_deep.n; i += 8) {
        for (int j = 0; j < 8; j++) {
            fill_state(in[j]);
            memcpy(want[j], in[j], 200);
            port->permute(want[j]);
            if (deep_oracle_pick(&S, i + (uint64_t)j)) {
                memcpy(got, in[j], 200);
                ref_keccakf1600_lanes(got);
                deep_eq(&S, "portable vs keccak_ref oracle", want[j], got, 200, in[j], 200);
            }
        }
        for (size_t k = 0; k < nk; k++) {
            const unsigned w = ks[k].ways;
            for (unsigned g = 0; g < 8; g += w) { /* instances g..g+w-1 in one call */
                for (unsigned l = 0; l < 25; l++)
                    for (unsigned x = 0; x < w; x++) st[l * w + x] = in[g + x][l];
                if (ks[k].k1) ks[k].k1->permute(st);
                else zkpi_keccak_multi_permute(ks[k].kn, st);
                for (unsigned x = 0; x < w; x++) {
                    for (unsigned l = 0; l < 25; l++) got[l] = st[l * w + x];
                    deep_eq(&S, ks[k].name, got, want[g + x], 200, in[g + x], 200);
                }
            }
        }
        S.inputs += 8;
    }
    deep_end(&S);
}

/* ---- sponge ------------------------------------------------------------------------ */

typedef struct {
    zkp_keccak_alg alg;
    size_t len, outlen, ioff, ooff;
    uint8_t in[MAXMSG + 8];
} msg;

static void make_msg(msg *m) {
    m->alg = k_algs[th_rand_below(NALGS)].alg;
    keccak_params p = params(m->alg);
    m->len = edge_len(p.rate);
    m->outlen = edge_outlen(&p);
    m->ioff = th_rand_below(8);
    m->ooff = th_rand_below(8);
    switch (th_rand_below(8)) {
    case 0: memset(m->in, 0, sizeof m->in); break;
    case 1: memset(m->in, 0xFF, sizeof m->in); break;
    default: th_rand_bytes(m->in, sizeof m->in);
    }
}

/* The streaming API with the message and the output cut at random places. */
static void streamed(const msg *m, uint8_t *out) {
    zkp_keccak_state st;
    zkp_status s = zkp_keccak_init(&st, m->alg);
    size_t pos = 0;
    const uint8_t *in = m->in + m->ioff;
    for (int piece = 0; piece < 3 && s == ZKP_OK; piece++) {
        size_t k = th_rand_below(m->len - pos + 1);
        s = zkp_keccak_update(&st, in + pos, k);
        pos += k;
    }
    if (s == ZKP_OK) s = zkp_keccak_update(&st, in + pos, m->len - pos);
    if (params(m->alg).digest || m->outlen == 1) {
        if (s == ZKP_OK) s = zkp_keccak_final(&st, out, m->outlen);
    } else {
        size_t first = 1 + th_rand_below(m->outlen);
        if (s == ZKP_OK) s = zkp_keccak_final(&st, out, first);
        for (int piece = 0; piece < 2 && s == ZKP_OK; piece++) {
            size_t k = th_rand_below(m->outlen - first + 1);
            s = zkp_keccak_squeeze(&st, out + first, k);
            first += k;
        }
        if (s == ZKP_OK) s = zkp_keccak_squeeze(&st, out + first, m->outlen - first);
    }
    if (s != ZKP_OK) memset(out, 0xEE, m->outlen);
}

#define BATCH 32

static void suite_sponge(void) {
    deep_suite S;
    if (!deep_begin(&S, "keccak", "sponge")) return;
    static msg ms[BATCH];
    static uint8_t want[BATCH][MAXOUT + 8], got[MAXOUT + 8], ref[MAXOUT];
    for (uint64_t i = 0; i < g_deep.n; i += BATCH) {
        deep_force("portable");
        for (int j = 0; j < BATCH; j++) {
            msg *m = &ms[j];
            make_msg(m);
            zkp_status s = zkp_keccak_hash(m->alg, m->in + m->ioff, m->len, want[j] + m->ooff, m->outlen);
            deep_ok(&S, "portable level: status", s == ZKP_OK, m->in + m->ioff, m->len);
            if (fast_ref(m->alg, m->in + m->ioff, m->len, ref, m->outlen))
                deep_eq(&S, "portable level vs OpenSSL", want[j] + m->ooff, ref, m->outlen, m->in + m->ioff, m->len);
            if (deep_oracle_pick(&S, i + (uint64_t)j)) {
                oracle_hash(m->alg, m->in + m->ioff, m->len, ref, m->outlen);
                deep_eq(&S, "portable level vs keccak_ref oracle", want[j] + m->ooff, ref, m->outlen,
                        m->in + m->ioff, m->len);
            }
        }
        deep_level_iter it = {0};
        while (deep_next_level(&it, impl_single)) {
            deep_kernel(&S, it.impl);
            char what[64];
            snprintf(what, sizeof what, "level %s (%s) vs portable", it.level, it.impl);
            for (int j = 0; j < BATCH; j++) {
                msg *m = &ms[j];
                if (it.nseen > 1) {
                    if (zkp_keccak_hash(m->alg, m->in + m->ioff, m->len, got + m->ooff, m->outlen) != ZKP_OK)
                        memset(got + m->ooff, 0xEE, m->outlen);
                    deep_eq(&S, what, got + m->ooff, want[j] + m->ooff, m->outlen, m->in + m->ioff, m->len);
                }
                streamed(m, got + m->ooff);
                deep_eq(&S, "streamed vs one-shot", got + m->ooff, want[j] + m->ooff, m->outlen, m->in + m->ioff,
                        m->len);
            }
        }
        S.inputs += BATCH;
    }
    deep_end(&S);
}

/* ---- many -------------------------------------------------------------------------- */


static void suite_many(void) {
    deep_suite S;
    if (!deep_begin(&S, "keccak", "many")) return;
    const size_t bufsz = 64 * (4 * 168 + 17) + 8;
    uint8_t *in = malloc(bufsz), *big = malloc(64 * (MAXMSG + 8));
    uint8_t *want = malloc(64 * MAXOUT + 8), *got = malloc(64 * MAXOUT + 8), *pwant = malloc(64 * MAXOUT);
    uint8_t pairs[64][64], pw[64][32], pg[32];
    const uint8_t *ptrs[64];
    size_t lens[64];
    for (uint64_t i = 0, batch = 0; i < g_deep.n; batch++) {
        const size_t n = 1 + batch % 64; /* every lane count, in turn */
        const zkp_keccak_alg alg = k_algs[th_rand_below(NALGS)].alg;
        const keccak_params p = params(alg);
        size_t len = edge_len(p.rate), outlen = edge_outlen(&p);
        if (len > 4 * (size_t)p.rate) len = 4 * (size_t)p.rate;
        const size_t stride = len + th_rand_below(17), ioff = th_rand_below(8), ooff = th_rand_below(8);
        th_rand_bytes(in, bufsz);
        th_rand_bytes(big, 64 * (MAXMSG + 8));
        for (size_t j = 0; j < n; j++) {
            lens[j] = edge_len(p.rate);
            ptrs[j] = big + j * (MAXMSG + 8) + th_rand_below(8);
            th_rand_bytes(pairs[j], 64);
        }
        /* references: one single hash per lane */
        deep_force("portable");
        for (size_t j = 0; j < n; j++) {
            const uint8_t *x = in + ioff + j * stride;
            const zkp_keccak_alg palg = j & 1 ? ZKP_SHA3_256 : ZKP_KECCAK_256;
            int ossl = fast_ref(alg, x, len, want + j * outlen, outlen);
            (void)fast_ref(alg, ptrs[j], lens[j], pwant + j * outlen, outlen);
            (void)fast_ref(palg, pairs[j], 64, pw[j], 32);
            if (deep_oracle_pick(&S, i + j)) {
                uint8_t o[MAXOUT];
                oracle_hash(alg, x, len, o, outlen);
                deep_eq(&S, ossl ? "OpenSSL vs keccak_ref oracle" : "portable sponge vs keccak_ref oracle",
                        want + j * outlen, o, outlen, x, len);
                oracle_hash(palg, pairs[j], 64, o, 32);
                deep_eq(&S, "pair reference vs keccak_ref oracle", pw[j], o, 32, pairs[j], 64);
            }
        }
        deep_level_iter it = {0};
        while (deep_next_level(&it, impl_both)) {
            deep_kernel(&S, zkp_keccak_batch_implementation());
            char what[96];
            snprintf(what, sizeof what, "hash_many level %s (%s) vs single", it.level, it.impl);
            zkp_status s = zkp_keccak_hash_batch(alg, in + ioff, len, stride, n, got + ooff, outlen);
            deep_ok(&S, "hash_many status", s == ZKP_OK, NULL, 0);
            for (size_t j = 0; j < n; j++)
                deep_eq(&S, what, got + ooff + j * outlen, want + j * outlen, outlen, in + ioff + j * stride, len);
            s = zkp_keccak_hash_batch_ptrs(alg, ptrs, lens, n, got + ooff, outlen);
            deep_ok(&S, "hash_many_ptrs status", s == ZKP_OK, NULL, 0);
            for (size_t j = 0; j < n; j++)
                deep_eq(&S, "hash_many_ptrs vs single", got + ooff + j * outlen, pwant + j * outlen, outlen, ptrs[j],
                        lens[j]);
            for (size_t j = 0; j < n; j++) {
                if (j & 1) zkp_sha3_256_pair(pairs[j], pairs[j] + 32, pg);
                else zkp_keccak256_pair(pairs[j], pairs[j] + 32, pg);
                deep_eq(&S, j & 1 ? "sha3_256_pair vs single" : "keccak256_pair vs single", pg, pw[j], 32, pairs[j], 64);
            }
        }
        i += n;
        S.inputs += 3 * n;
    }
    free(in);
    free(big);
    free(want);
    free(got);
    free(pwant);
    deep_end(&S);
}

/* ---- tree -------------------------------------------------------------------------- */

static void suite_tree(void) {
    deep_suite S;
    if (!deep_begin(&S, "keccak", "tree")) return;
    enum { MAXN = 1024 };
    uint8_t *leaves = malloc(32 * MAXN), *data = malloc(MAXN * 200 + 1), *dig = malloc(32 * MAXN);
    uint8_t *want = malloc(32 * (2 * MAXN)), *got = malloc(32 * (2 * MAXN)), root[32], h[32], path[32 * 11];
    uint64_t node_i = 0;
    for (uint64_t iter = 0; S.inputs < g_deep.n; iter++) {
        const size_t k = iter % 11, n = (size_t)1 << k;
        const zkp_keccak_alg alg = iter & 1 ? ZKP_SHA3_256 : ZKP_KECCAK_256;
        const unsigned threads = iter % 4 == 3 ? 2 : 1;
        const size_t leaf_size = th_rand_below(200);
        th_rand_bytes(leaves, 32 * n);
        th_rand_bytes(data, n * leaf_size + 1);
        deep_force("portable");
        deep_ok(&S, "tree_build status", zkp_keccak_tree_build(alg, leaves, n, 1, want) == ZKP_OK, NULL, 0);
        /* every parent against the reference pair hash */
        size_t in = 0, w = n;
        while (w > 1) {
            for (size_t j = 0; j < w / 2; j++) {
                const uint8_t *pair = want + 32 * (in + 2 * j), *node = want + 32 * (in + w + j);
                (void)fast_ref(alg, pair, 64, h, 32);
                deep_eq(&S, "tree node vs reference", node, h, 32, pair, 64);
                if (deep_oracle_pick(&S, node_i++)) {
                    oracle_hash(alg, pair, 64, h, 32);
                    deep_eq(&S, "tree node vs keccak_ref oracle", node, h, 32, pair, 64);
                }
            }
            in += w;
            w /= 2;
        }
        const uint8_t *want_root = want + 32 * (2 * n - 2);
        for (size_t j = 0; j < n; j++) (void)fast_ref(alg, data + j * leaf_size, leaf_size, dig + 32 * j, 32);
        uint8_t data_root[32];
        deep_ok(&S, "tree_root status", zkp_keccak_tree_root(alg, dig, n, 1, data_root) == ZKP_OK, NULL, 0);
        deep_level_iter it = {0};
        while (deep_next_level(&it, impl_both)) {
            deep_kernel(&S, zkp_keccak_batch_implementation());
            char what[96];
            snprintf(what, sizeof what, "tree_build level %s (%s, %u threads)", it.level, it.impl, threads);
            zkp_status s = zkp_keccak_tree_build(alg, leaves, n, threads, got);
            deep_ok(&S, "tree_build status", s == ZKP_OK, NULL, 0);
            deep_eq(&S, what, got, want, 32 * (2 * n - 1), leaves, 32 * n);
            s = zkp_keccak_tree_root(alg, leaves, n, threads, root);
            deep_ok(&S, "tree_root status", s == ZKP_OK, NULL, 0);
            deep_eq(&S, "tree_root vs tree_build", root, want_root, 32, leaves, 32 * n);
            s = zkp_keccak_tree_root_data(alg, data, leaf_size, n, threads, root);
            deep_ok(&S, "tree_root_data status", s == ZKP_OK, NULL, 0);
            deep_eq(&S, "tree_root_data vs single leaf hashes", root, data_root, 32, data, n * leaf_size);
            const size_t idx = th_rand_below(n);
            s = zkp_keccak_tree_proof(want, n, idx, path);
            if (s == ZKP_OK) s = zkp_keccak_tree_verify(alg, want_root, leaves + 32 * idx, idx, path, k);
            deep_ok(&S, "tree_path + tree_verify", s == ZKP_OK, leaves + 32 * idx, 32);
        }
        S.inputs += 2 * n - 1 + n;
    }
    free(leaves);
    free(data);
    free(dig);
    free(want);
    free(got);
    deep_end(&S);
}

/* ---- kat --------------------------------------------------------------------------- */

static const char *vectors_dir(void) {
    const char *d = getenv("ZKPRIM_VECTORS");
#ifdef ZKP_DEEP_VECTORS
    if (!d || !*d) d = ZKP_DEEP_VECTORS;
#endif
    return d && *d ? d : "tests/vectors";
}

static void kat_file(deep_suite *S, const char *name, zkp_keccak_alg alg) {
    char path[4096];
    snprintf(path, sizeof path, "%s/keccak/%s", vectors_dir(), name);
    FILE *f = fopen(path, "r");
    if (!f) {
        deep_ok(S, "vectors file readable", 0, path, strlen(path));
        return;
    }
    char line[8192], msghex[8192] = "";
    long bits = -1;
    uint8_t m[2048], md[32], got[32];
    while (fgets(line, sizeof line, f)) {
        line[strcspn(line, "\r\n")] = 0;
        if (sscanf(line, "Len = %ld", &bits) == 1) continue;
        if (!strncmp(line, "Msg = ", 6)) {
            snprintf(msghex, sizeof msghex, "%s", line + 6);
            continue;
        }
        if (strncmp(line, "MD = ", 5) || bits < 0 || bits % 8) continue;
        long len = th_unhex(msghex, m, sizeof m);
        if (th_unhex(line + 5, md, sizeof md) != 32 || len < 0) {
            deep_ok(S, "vector parses", 0, line, strlen(line));
            continue;
        }
        len = bits / 8;
        deep_level_iter it = {0};
        while (deep_next_level(&it, impl_single)) {
            deep_kernel(S, it.impl);
            if (zkp_keccak_hash(alg, m, (size_t)len, got, 32) != ZKP_OK) memset(got, 0xEE, 32);
            deep_eq(S, it.impl, got, md, 32, m, (size_t)len);
        }
        oracle_hash(alg, m, (size_t)len, got, 32);
        deep_eq(S, "keccak_ref oracle vs vector", got, md, 32, m, (size_t)len);
        S->oracle_inputs++;
        S->inputs++;
        bits = -1;
    }
    fclose(f);
}

static void suite_kat(void) {
    deep_suite S;
    if (!deep_begin(&S, "keccak", "kat")) return;
    kat_file(&S, "ShortMsgKAT_Keccak-256.txt", ZKP_KECCAK_256);
    kat_file(&S, "ShortMsgKAT_SHA3-256.txt", ZKP_SHA3_256);
    deep_ok(&S, "vectors found", S.inputs == 2 * 256, NULL, 0);
    deep_end(&S);
}

int deep_keccak(void) {
    suite_kat();
    suite_f1600();
    suite_sponge();
    suite_many();
    suite_tree();
    return 0;
}
