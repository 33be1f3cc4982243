/*
 * Keccak: every kernel, the sponge, pair, hash_many and trees.
 *
 *  - the plain oracle (ref/keccak_ref.c) against the permutation
 *    intermediate-values file and every whole-byte KAT entry;
 *  - every single kernel in the table against the oracle on random states;
 *    every lane of every multi-lane kernel against the single kernel, and
 *    the AVX2 lane transposers against scalar loops;
 *  - every KAT entry through one-shot, streaming, hash_many, pair, at every
 *    CPU level;
 *  - every length 0 .. 3*rate+1 at alignment offsets 0..7, streamed in
 *    random chunks, against one-shot, the oracle and (when linked) OpenSSL;
 *  - hash_many (both forms, random n, lengths, output lengths) against
 *    single hashes; trees against a naive recursive oracle; paths;
 *  - bad input and state misuse.
 */
#include <stdlib.h>
#include <string.h>

#include "harness.h"
#include "keccak/f1600.h"
#include "keccak_ref.h"
#include "zkprim/keccak.h"

#if defined(ZKP_TEST_OPENSSL)
#include <openssl/evp.h>
#endif

typedef struct alg_info {
    zkp_keccak_alg alg;
    const char *name;
    unsigned rate;
    uint8_t suffix;
    size_t digest; /* 0: XOF */
} alg_info;

static const alg_info k_algs[] = {
    {ZKP_KECCAK_256, "keccak256", 136, 0x01, 32}, {ZKP_SHA3_224, "sha3-224", 144, 0x06, 28},
    {ZKP_SHA3_256, "sha3-256", 136, 0x06, 32},    {ZKP_SHA3_384, "sha3-384", 104, 0x06, 48},
    {ZKP_SHA3_512, "sha3-512", 72, 0x06, 64},     {ZKP_SHAKE128, "shake128", 168, 0x1F, 0},
    {ZKP_SHAKE256, "shake256", 136, 0x1F, 0},
};
#define NALGS (sizeof k_algs / sizeof k_algs[0])

/* ---- KAT files ------------------------------------------------------------ */

typedef struct kat {
    size_t len;      /* bytes */
    uint8_t *msg;
    uint8_t md[32];
} kat;

/* Whole-byte entries of a ShortMsg/LongMsg-format file. */
static kat *load_kats(const char *name, size_t *count) {
    size_t flen;
    char *text = th_read_file(th_vector_path(name), &flen);
    *count = 0;
    if (!text) return NULL;
    size_t cap = 64;
    kat *v = malloc(cap * sizeof *v);
    long bits = -1;
    uint8_t *msg = NULL;
    for (char *line = strtok(text, "\n"); line; line = strtok(NULL, "\n")) {
        if (!strncmp(line, "Len = ", 6)) {
            bits = strtol(line + 6, NULL, 10);
        } else if (!strncmp(line, "Msg = ", 6) && bits >= 0) {
            size_t hex = strlen(line + 6);
            msg = malloc(hex / 2 + 1);
            if (th_unhex(line + 6, msg, hex / 2 + 1) < 0) th_fail(__FILE__, __LINE__, "%s: bad Msg hex", name);
        } else if (!strncmp(line, "MD = ", 5) && msg) {
            if (bits % 8 == 0) {
                if (*count == cap) v = realloc(v, (cap *= 2) * sizeof *v);
                v[*count].len = (size_t)bits / 8;
                v[*count].msg = msg;
                CHECK_EQ_INT(th_unhex(line + 5, v[*count].md, 32), 32);
                ++*count;
            } else {
                free(msg);
            }
            msg = NULL;
            bits = -1;
        }
    }
    free(msg);
    free(text);
    return v;
}

static void free_kats(kat *v, size_t n) {
    for (size_t i = 0; i < n; i++) free(v[i].msg);
    free(v);
}

typedef struct kat_set {
    const char *file;
    zkp_keccak_alg alg;
    size_t min_entries;
    kat *v;
    size_t n;
} kat_set;

static kat_set k_kats[] = {
    {"keccak/ShortMsgKAT_SHA3-256.txt", ZKP_SHA3_256, 256, NULL, 0},
    {"keccak/ShortMsgKAT_Keccak-256.txt", ZKP_KECCAK_256, 256, NULL, 0},
    {"keccak/LongMsgKAT_SHA3-256.txt", ZKP_SHA3_256, 22, NULL, 0},
    {"keccak/LongMsgKAT_Keccak-256.txt", ZKP_KECCAK_256, 22, NULL, 0},
    {"keccak/Keccak-256_64B.txt", ZKP_KECCAK_256, 32, NULL, 0},
};
#define NKATS (sizeof k_kats / sizeof k_kats[0])

static const alg_info *info_of(zkp_keccak_alg a) {
    for (size_t i = 0; i < NALGS; i++)
        if (k_algs[i].alg == a) return &k_algs[i];
    return NULL;
}

/* The oracle itself against the KATs (so everything checked against the
 * oracle is KAT-anchored), and the permutation against the XKCP
 * intermediate-values file. */
static void test_oracle(void) {
    th_section("oracle vs KAT");
    for (size_t f = 0; f < NKATS; f++) {
        k_kats[f].v = load_kats(k_kats[f].file, &k_kats[f].n);
        CHECK_MSG(k_kats[f].n >= k_kats[f].min_entries, "%s: %zu whole-byte entries", k_kats[f].file, k_kats[f].n);
        const alg_info *a = info_of(k_kats[f].alg);
        for (size_t i = 0; i < k_kats[f].n; i++) {
            uint8_t md[32];
            ref_keccak_sponge(a->rate, a->suffix, k_kats[f].v[i].msg, k_kats[f].v[i].len, md, 32);
            CHECK_EQ_BYTES(md, k_kats[f].v[i].md, 32);
        }
    }
    /* Intermediate values: the two "State after permutation" blocks are
     * f(0) and f(f(0)). */
    size_t flen;
    char *text = th_read_file(th_vector_path("keccak/KeccakF-1600-IntermediateValues.txt"), &flen);
    if (!text) return;
    uint8_t s[200] = {0}, want[200];
    int found = 0;
    for (char *p = strstr(text, "State after permutation:"); p; p = strstr(p + 1, "State after permutation:")) {
        char *q = strchr(p, '\n') + 1;
        int n = 0;
        while (n < 200) {
            unsigned v;
            int used;
            if (sscanf(q, " %2x%n", &v, &used) != 1) break;
            want[n++] = (uint8_t)v;
            q += used;
        }
        CHECK_EQ_INT(n, 200);
        ref_keccakf1600_bytes(s);
        CHECK_EQ_BYTES(s, want, 200);
        /* and the library's portable kernel on the same input */
        found++;
    }
    CHECK_EQ_INT(found, 2);
    uint64_t st[25] = {0};
    zkpi_keccakf1600_portable(st);
    zkpi_keccakf1600_portable(st);
    uint8_t b[200];
    for (int i = 0; i < 200; i++) b[i] = (uint8_t)(st[i / 8] >> (8 * (i % 8)));
    CHECK_EQ_BYTES(b, s, 200);
    free(text);
}

/* ---- kernels ----------------------------------------------------------------*/

static void test_kernels(void) {
    th_section("kernels");
    size_t n1, nN;
    const zkpi_keccak_kernel1 *k1 = zkpi_keccak_single_kernels(&n1);
    const zkpi_keccak_kernelN *kN = zkpi_keccak_multi_kernels(&nN);
#if ZKP_KECCAK_EXTERNAL
    CHECK(n1 == 1 && !strcmp(k1[0].info.name, "external"));  /* the hook alone (cmake/zkvm.cmake) */
#else
    CHECK(!strcmp(k1[n1 - 1].info.name, "portable"));
#endif
    CHECK(kN[nN - 1].lanes == 1);
    uint64_t iters = th_count(200);
    for (size_t k = 0; k < n1; k++) {
        if (!zkpi_kernel_usable(&k1[k].info)) continue;
        for (uint64_t it = 0; it < iters; it++) {
            uint64_t a[25], b[25];
            for (int i = 0; i < 25; i++) a[i] = b[i] = th_rand_edge64(0);
            k1[k].permute(a);
            ref_keccakf1600_lanes(b);
            CHECK_MSG(!memcmp(a, b, sizeof a), "single kernel %s differs from the oracle", k1[k].info.name);
            /* register-resident sponge helpers (optional entries): absorb of
             * 0..3 whole blocks at every rate from a misaligned guarded
             * buffer, and the 64-byte hash, against the oracle */
            if (k1[k].absorb) {
                static const unsigned rates[] = {72, 104, 136, 144, 168};
                unsigned rate = rates[th_rand_below(5)];
                size_t nb = th_rand_below(4);
                th_buf in = th_buf_new(nb * rate, th_rand_below(8));
                th_rand_bytes(in.p, nb * rate);
                for (int i = 0; i < 25; i++) a[i] = b[i] = th_rand_edge64(0);
                CHECK_EQ_U64(k1[k].absorb(a, in.p, nb, rate), nb * rate);
                for (size_t blk = 0; blk < nb; blk++) {
                    for (unsigned l = 0; l < rate / 8; l++) {
                        uint64_t v = 0;
                        for (int j = 0; j < 8; j++) v |= (uint64_t)in.p[blk * rate + 8 * l + j] << (8 * j);
                        b[l] ^= v;
                    }
                    ref_keccakf1600_lanes(b);
                }
                CHECK_MSG(!memcmp(a, b, sizeof a), "%s absorb rate %u, %zu blocks", k1[k].info.name, rate, nb);
                TH_BUF_FREE(in);
            }
            if (k1[k].hash64) {
                th_buf l = th_buf_new(32, th_rand_below(8)), r = th_buf_new(32, th_rand_below(8));
                th_rand_bytes(l.p, 32);
                th_rand_bytes(r.p, 32);
                uint8_t msg[64], got[32], want[32];
                memcpy(msg, l.p, 32);
                memcpy(msg + 32, r.p, 32);
                uint8_t suffix = th_rand_below(2) ? 0x01 : 0x06;
                k1[k].hash64(l.p, r.p, got, suffix);
                ref_keccak_sponge(136, suffix, msg, 64, want, 32);
                CHECK_MSG(!memcmp(got, want, 32), "%s hash64", k1[k].info.name);
                k1[k].hash64(l.p, r.p, l.p, suffix); /* out may alias the input */
                CHECK_MSG(!memcmp(l.p, want, 32), "%s hash64 in place", k1[k].info.name);
                TH_BUF_FREE(l);
                TH_BUF_FREE(r);
            }
        }
    }
    for (size_t k = 0; k < nN; k++) {
        if (!zkpi_kernel_usable(&kN[k].info)) continue;
        const unsigned N = kN[k].lanes;
        CHECK(N >= 1 && N <= ZKP_KECCAK_MAX_LANES);
        for (uint64_t it = 0; it < iters; it++) {
            uint64_t st[25 * ZKP_KECCAK_MAX_LANES], one[ZKP_KECCAK_MAX_LANES][25];
            for (unsigned i = 0; i < N; i++)
                for (int l = 0; l < 25; l++) st[l * N + i] = one[i][l] = th_rand_edge64(0);
            zkpi_keccak_multi_permute(&kN[k], st);
            for (unsigned i = 0; i < N; i++) {
                zkpi_keccakf1600_portable(one[i]);
                for (int l = 0; l < 25; l++)
                    CHECK_MSG(st[l * N + i] == one[i][l], "%s: instance %u lane %d", kN[k].info.name, i, l);
            }
            /* fused 64-byte hashes against the oracle (Keccak-256 and SHA3-256);
             * each input's two halves in separate, separately misaligned buffers */
            if (kN[k].hash64) {
                th_buf lb[ZKP_KECCAK_MAX_LANES], rb[ZKP_KECCAK_MAX_LANES];
                const uint8_t *lp[ZKP_KECCAK_MAX_LANES], *rp[ZKP_KECCAK_MAX_LANES];
                uint8_t got[ZKP_KECCAK_MAX_LANES][32], want[32], whole[64];
                uint8_t *op[ZKP_KECCAK_MAX_LANES];
                uint8_t suffix = th_rand_below(2) ? 0x01 : 0x06;
                for (unsigned i = 0; i < N; i++) {
                    lb[i] = th_buf_new(32, th_rand_below(8));
                    rb[i] = th_buf_new(32, th_rand_below(8));
                    lp[i] = lb[i].p, rp[i] = rb[i].p;
                    op[i] = got[i];
                }
                kN[k].hash64(lp, rp, op, suffix);
                for (unsigned i = 0; i < N; i++) {
                    memcpy(whole, lb[i].p, 32);
                    memcpy(whole + 32, rb[i].p, 32);
                    ref_keccak_sponge(136, suffix, whole, 64, want, 32);
                    CHECK_MSG(!memcmp(got[i], want, 32), "%s hash64 instance %u", kN[k].info.name, i);
                    TH_BUF_FREE(lb[i]);
                    TH_BUF_FREE(rb[i]);
                }
            }
            /* lane movers against scalar loops, misaligned buffers */
            if (kN[k].xor_lanes) {
                size_t nl = 1 + th_rand_below(21);
                th_buf in[ZKP_KECCAK_MAX_LANES], out[ZKP_KECCAK_MAX_LANES];
                const uint8_t *ip[ZKP_KECCAK_MAX_LANES];
                uint8_t *op[ZKP_KECCAK_MAX_LANES];
                uint64_t want[25 * ZKP_KECCAK_MAX_LANES];
                memcpy(want, st, sizeof(uint64_t) * 25 * N);
                for (unsigned i = 0; i < N; i++) {
                    in[i] = th_buf_new(8 * nl, th_rand_below(8));
                    out[i] = th_buf_new(8 * nl, th_rand_below(8));
                    ip[i] = in[i].p;
                    op[i] = out[i].p;
                    for (size_t l = 0; l < nl; l++) {
                        uint64_t v = 0;
                        for (int b = 7; b >= 0; b--) v = v << 8 | in[i].p[8 * l + b];
                        want[l * N + i] ^= v;
                    }
                }
                kN[k].xor_lanes(st, ip, nl);
                CHECK_MSG(!memcmp(st, want, sizeof(uint64_t) * 25 * N), "%s xor_lanes(%zu)", kN[k].info.name, nl);
                kN[k].extract_lanes(st, op, nl);
                for (unsigned i = 0; i < N; i++) {
                    for (size_t l = 0; l < nl; l++)
                        for (int b = 0; b < 8; b++)
                            CHECK(out[i].p[8 * l + b] == (uint8_t)(st[l * N + i] >> (8 * b)));
                    TH_BUF_FREE(in[i]);
                    TH_BUF_FREE(out[i]);
                }
            }
        }
    }
}

/* ---- sponge at one CPU level -------------------------------------------------*/

static void hash_or_fail(zkp_keccak_alg a, const uint8_t *in, size_t len, uint8_t *out, size_t outlen) {
    CHECK_STATUS(zkp_keccak_hash(a, in, len, out, outlen), ZKP_OK);
}

static void level_kats(void) {
    for (size_t f = 0; f < NKATS; f++) {
        kat_set *k = &k_kats[f];
        for (size_t i = 0; i < k->n; i++) {
            uint8_t md[32];
            hash_or_fail(k->alg, k->v[i].msg, k->v[i].len, md, 32);
            CHECK_EQ_BYTES(md, k->v[i].md, 32);
            if (k->alg == ZKP_KECCAK_256) {
                memset(md, 0, 32);
                CHECK_STATUS(zkp_keccak256(k->v[i].msg, k->v[i].len, md), ZKP_OK);
                CHECK_EQ_BYTES(md, k->v[i].md, 32);
            }
            if (k->v[i].len == 64) {
                (k->alg == ZKP_KECCAK_256 ? zkp_keccak256_pair : zkp_sha3_256_pair)(k->v[i].msg, k->v[i].msg + 32, md);
                CHECK_EQ_BYTES(md, k->v[i].md, 32);
            }
            /* streaming in two pieces */
            zkp_keccak_state s;
            size_t cut = th_rand_below(k->v[i].len + 1);
            CHECK_STATUS(zkp_keccak_init(&s, k->alg), ZKP_OK);
            CHECK_STATUS(zkp_keccak_update(&s, k->v[i].msg, cut), ZKP_OK);
            CHECK_STATUS(zkp_keccak_update(&s, k->v[i].msg + cut, k->v[i].len - cut), ZKP_OK);
            CHECK_STATUS(zkp_keccak_final(&s, md, 32), ZKP_OK);
            CHECK_EQ_BYTES(md, k->v[i].md, 32);
        }
        /* the whole file as one hash_many_ptrs batch (mixed lengths), and
         * the 64-byte file as a strided batch */
        const uint8_t **ptrs = malloc(k->n * sizeof *ptrs);
        size_t *lens = malloc(k->n * sizeof *lens);
        uint8_t *outs = malloc(32 * k->n);
        for (size_t i = 0; i < k->n; i++) ptrs[i] = k->v[i].msg, lens[i] = k->v[i].len;
        CHECK_STATUS(zkp_keccak_hash_batch_ptrs(k->alg, ptrs, lens, k->n, outs, 32), ZKP_OK);
        for (size_t i = 0; i < k->n; i++) CHECK_EQ_BYTES(outs + 32 * i, k->v[i].md, 32);
        if (k->n && k->v[0].len == 64) {
            uint8_t *cat = malloc(64 * k->n);
            for (size_t i = 0; i < k->n; i++) memcpy(cat + 64 * i, k->v[i].msg, 64);
            memset(outs, 0, 32 * k->n);
            CHECK_STATUS(zkp_keccak_hash_batch(k->alg, cat, 64, 64, k->n, outs, 32), ZKP_OK);
            for (size_t i = 0; i < k->n; i++) CHECK_EQ_BYTES(outs + 32 * i, k->v[i].md, 32);
            free(cat);
        }
        free(ptrs);
        free(lens);
        free(outs);
    }
}

#if defined(ZKP_TEST_OPENSSL)
static const EVP_MD *openssl_md(zkp_keccak_alg a) {
    switch (a) {
    case ZKP_SHA3_224: return EVP_sha3_224();
    case ZKP_SHA3_256: return EVP_sha3_256();
    case ZKP_SHA3_384: return EVP_sha3_384();
    case ZKP_SHA3_512: return EVP_sha3_512();
    case ZKP_SHAKE128: return EVP_shake128();
    case ZKP_SHAKE256: return EVP_shake256();
    default: return NULL;
    }
}

static int openssl_hash(zkp_keccak_alg a, const uint8_t *in, size_t len, uint8_t *out, size_t outlen) {
    const EVP_MD *md = openssl_md(a);
    if (!md) return 0;
    EVP_MD_CTX *c = EVP_MD_CTX_new();
    int ok = EVP_DigestInit_ex(c, md, NULL) && EVP_DigestUpdate(c, in, len);
    if (EVP_MD_flags(md) & EVP_MD_FLAG_XOF) ok = ok && EVP_DigestFinalXOF(c, out, outlen);
    else ok = ok && EVP_DigestFinal_ex(c, out, NULL);
    EVP_MD_CTX_free(c);
    return ok;
}
#endif

/* Every length 0..3*rate+1 at offsets 0..7, random chunking and XOF splits. */
static void level_lengths(void) {
    /* a reduced run (ZKPRIM_TEST_N below 1000: qemu, sanitizers) checks
     * offsets 0, 3, 7 at the block boundaries instead of all eight */
    int offsets = th_count(1000) >= 1000 ? 8 : 3;
    static const size_t k_off3[3] = {0, 3, 7};
    size_t openssl_checked = 0;
    for (size_t ai = 0; ai < NALGS; ai++) {
        const alg_info *a = &k_algs[ai];
        size_t maxlen = 3 * a->rate + 1;
        for (size_t len = 0; len <= maxlen; len++) {
            size_t off = offsets == 8 ? len % 8 : k_off3[len % 3];
            /* every offset for the lengths around block boundaries */
            int all = len % a->rate <= 1 || len % a->rate >= a->rate - 1;
            for (int o = 0; o < (all ? offsets : 1); o++) {
                size_t offset = all ? (offsets == 8 ? (size_t)o : k_off3[o]) : off;
                th_buf in = th_buf_new(len, offset);
                size_t outlen = a->digest ? a->digest : 1 + th_rand_below(3 * a->rate);
                uint8_t ref[600], one[600], str[600];
                ref_keccak_sponge(a->rate, a->suffix, in.p, len, ref, outlen);
                hash_or_fail(a->alg, in.p, len, one, outlen);
                CHECK_MSG(!memcmp(one, ref, outlen), "%s len %zu offset %zu: one-shot != oracle", a->name, len, offset);
                zkp_keccak_state s;
                CHECK_STATUS(zkp_keccak_init(&s, a->alg), ZKP_OK);
                for (size_t done = 0; done < len;) {
                    size_t c = th_rand_below(4) == 0 ? th_rand_below(len - done + 1) : th_rand_below(9);
                    if (c > len - done) c = len - done;
                    CHECK_STATUS(zkp_keccak_update(&s, in.p + done, c), ZKP_OK);
                    done += c;
                }
                if (a->digest) {
                    CHECK_STATUS(zkp_keccak_final(&s, str, outlen), ZKP_OK);
                } else {
                    for (size_t done = 0; done < outlen;) {
                        size_t c = 1 + th_rand_below(outlen - done);
                        if (th_rand_below(2)) c = c > 9 ? 9 : c;
                        CHECK_STATUS(zkp_keccak_squeeze(&s, str + done, c), ZKP_OK);
                        done += c;
                    }
                }
                CHECK_MSG(!memcmp(str, ref, outlen), "%s len %zu offset %zu: streaming != oracle", a->name, len, offset);
#if defined(ZKP_TEST_OPENSSL)
                uint8_t ossl[600];
                if (openssl_hash(a->alg, in.p, len, ossl, outlen)) {
                    CHECK_MSG(!memcmp(ossl, one, outlen), "%s len %zu: != OpenSSL", a->name, len);
                    openssl_checked++;
                }
#endif
                TH_BUF_FREE(in);
            }
        }
    }
#if defined(ZKP_TEST_OPENSSL)
    CHECK(openssl_checked > 1000);
#else
    (void)openssl_checked;
#endif
}

/* hash_many (both forms) against single hashes. */
static void level_many(void) {
    uint64_t iters = th_count(60);
    if (iters > 10000) iters /= 100;  /* each iteration hashes up to 37 inputs twice */
    for (uint64_t it = 0; it < iters; it++) {
        const alg_info *a = &k_algs[th_rand_below(NALGS)];
        size_t n = th_rand_below(4) == 0 ? th_rand_below(3) : th_rand_below(37);
        size_t len = th_rand_below(3) == 0 ? 64 : th_rand_below(3 * a->rate + 2);
        size_t stride = len + th_rand_below(3) * th_rand_below(9);
        size_t outlen = a->digest ? a->digest : 1 + th_rand_below(2 * a->rate + 5);
        th_buf in = th_buf_new(stride * (n ? n : 1) + 1, th_rand_below(8));
        th_buf out = th_buf_new(outlen * (n ? n : 1), th_rand_below(8));
        uint8_t *want = malloc(outlen * (n ? n : 1));
        for (size_t i = 0; i < n; i++) hash_or_fail(a->alg, in.p + i * stride, len, want + i * outlen, outlen);
        CHECK_STATUS(zkp_keccak_hash_batch(a->alg, in.p, len, stride, n, out.p, outlen), ZKP_OK);
        CHECK_MSG(!memcmp(out.p, want, outlen * n), "hash_many %s n=%zu len=%zu stride=%zu outlen=%zu", a->name, n, len,
                  stride, outlen);
        /* pointer form with unequal lengths (runs of equal ones too) */
        const uint8_t **ptrs = malloc((n + 1) * sizeof *ptrs);
        size_t *lens = malloc((n + 1) * sizeof *lens);
        size_t cur = len;
        for (size_t i = 0; i < n; i++) {
            if (th_rand_below(3) == 0) cur = th_rand_below(stride + 1);
            lens[i] = cur;
            ptrs[i] = in.p + th_rand_below(n) * stride;
            hash_or_fail(a->alg, ptrs[i], lens[i], want + i * outlen, outlen);
        }
        memset(out.p, 0, outlen * n);
        CHECK_STATUS(zkp_keccak_hash_batch_ptrs(a->alg, ptrs, lens, n, out.p, outlen), ZKP_OK);
        CHECK_MSG(!memcmp(out.p, want, outlen * n), "hash_many_ptrs %s n=%zu", a->name, n);
        free(ptrs);
        free(lens);
        free(want);
        TH_BUF_FREE(in);
        TH_BUF_FREE(out);
    }
}

/* ---- trees --------------------------------------------------------------- */

static void naive_root(zkp_keccak_alg a, const uint8_t *leaves, size_t n, uint8_t out[32]) {
    if (n == 1) {
        memcpy(out, leaves, 32);
        return;
    }
    uint8_t lr[64];
    naive_root(a, leaves, n / 2, lr);
    naive_root(a, leaves + 32 * (n / 2), n / 2, lr + 32);
    const alg_info *ai = info_of(a);
    ref_keccak_sponge(ai->rate, ai->suffix, lr, 64, out, 32);
}

static void check_tree(zkp_keccak_alg a, size_t n, unsigned threads) {
    uint8_t *leaves = malloc(32 * n), *nodes = malloc(32 * (2 * n - 1)), root[32], want[32];
    th_rand_bytes(leaves, 32 * n);
    naive_root(a, leaves, n, want);
    CHECK_STATUS(zkp_keccak_tree_build(a, leaves, n, threads, nodes), ZKP_OK);
    CHECK_MSG(!memcmp(nodes + 32 * (2 * n - 2), want, 32), "tree_build n=%zu threads=%u", n, threads);
    CHECK_STATUS(zkp_keccak_tree_root(a, leaves, n, threads, root), ZKP_OK);
    CHECK_MSG(!memcmp(root, want, 32), "tree_root n=%zu threads=%u", n, threads);
    /* leaf data: leaf digests are H(chunk) */
    size_t leaf_size = th_rand_below(200);
    uint8_t *data = malloc(leaf_size * n + 1), *dig = malloc(32 * n);
    th_rand_bytes(data, leaf_size * n);
    const alg_info *ai = info_of(a);
    for (size_t i = 0; i < n; i++) ref_keccak_sponge(ai->rate, ai->suffix, data + i * leaf_size, leaf_size, dig + 32 * i, 32);
    naive_root(a, dig, n, want);
    CHECK_STATUS(zkp_keccak_tree_root_data(a, data, leaf_size, n, threads, root), ZKP_OK);
    CHECK_MSG(!memcmp(root, want, 32), "tree_root_data n=%zu leaf_size=%zu threads=%u", n, leaf_size, threads);
    /* paths: a few indices, and wrong leaf / index / sibling are rejected */
    size_t depth = 0;
    while (((size_t)1 << depth) < n) depth++;
    uint8_t *path = malloc(32 * (depth + 1));
    const uint8_t *top = nodes + 32 * (2 * n - 2);
    const uint64_t npaths = th_count(4);
    for (uint64_t k = 0; k < npaths; k++) {
        size_t idx = th_rand_below(n);
        CHECK_STATUS(zkp_keccak_tree_proof(nodes, n, idx, path), ZKP_OK);
        CHECK_STATUS(zkp_keccak_tree_verify(a, top, leaves + 32 * idx, idx, path, depth), ZKP_OK);
        uint8_t bad[32];
        memcpy(bad, leaves + 32 * idx, 32);
        bad[th_rand_below(32)] ^= (uint8_t)(1u << th_rand_below(8));
        CHECK_STATUS(zkp_keccak_tree_verify(a, top, bad, idx, path, depth), ZKP_ERR_VERIFY);
        if (depth) {
            size_t other = idx ^ ((size_t)1 << th_rand_below(depth));
            CHECK_STATUS(zkp_keccak_tree_verify(a, top, leaves + 32 * idx, other, path, depth), ZKP_ERR_VERIFY);
            size_t d = th_rand_below(depth);
            path[32 * d + th_rand_below(32)] ^= 0x40;
            CHECK_STATUS(zkp_keccak_tree_verify(a, top, leaves + 32 * idx, idx, path, depth), ZKP_ERR_VERIFY);
        }
        CHECK_STATUS(zkp_keccak_tree_verify(a, top, leaves + 32 * idx, n, path, depth), ZKP_ERR_RANGE);
    }
    free(path);
    free(data);
    free(dig);
    free(leaves);
    free(nodes);
}

static void level_trees(void) {
    for (size_t k = 0; k <= 9; k++) check_tree(k % 2 ? ZKP_SHA3_256 : ZKP_KECCAK_256, (size_t)1 << k, (unsigned)(k % 3));
}

static void run_level(void *ctx) {
    (void)ctx;
    th_section("KAT");
    level_kats();
    th_section("lengths");
    level_lengths();
    th_section("hash_many");
    level_many();
    th_section("trees");
    level_trees();
}

/* Threads only engage on trees of >= 8192 leaves; once, at native level. */
static void test_threaded_trees(void) {
    th_section("threaded trees");
    size_t n = th_count(1000) >= 1000 ? (size_t)1 << 14 : (size_t)1 << 13;
    check_tree(ZKP_KECCAK_256, n, 2);
    check_tree(ZKP_KECCAK_256, n, 4);
    check_tree(ZKP_SHA3_256, n, 3);
}

/* ---- bad input ---------------------------------------------------------------*/

static void test_bad_input(void) {
    th_section("bad input");
    uint8_t out[64], buf[64] = {0};
    CHECK_STATUS(zkp_keccak256(NULL, 1, out), ZKP_ERR_NULL);
    CHECK_STATUS(zkp_keccak256(NULL, 0, out), ZKP_OK);  /* empty input is valid */
    CHECK_STATUS(zkp_keccak256(buf, 1, NULL), ZKP_ERR_NULL);
    CHECK_STATUS(zkp_keccak_hash(ZKP_SHA3_256, buf, 1, out, 31), ZKP_ERR_LENGTH);
    CHECK_STATUS(zkp_keccak_hash(ZKP_SHA3_256, buf, 1, out, 33), ZKP_ERR_LENGTH);
    CHECK_STATUS(zkp_keccak_hash(ZKP_SHAKE128, buf, 1, out, 0), ZKP_ERR_LENGTH);
    CHECK_STATUS(zkp_keccak_hash((zkp_keccak_alg)99, buf, 1, out, 32), ZKP_ERR_PARAM);
    CHECK_STATUS(zkp_keccak_hash((zkp_keccak_alg)0, buf, 1, out, 32), ZKP_ERR_PARAM);
    CHECK_STATUS(zkp_shake256(NULL, 5, out, 10), ZKP_ERR_NULL);
    CHECK_EQ_INT(zkp_keccak_digest_bytes(ZKP_SHA3_384), 48);
    CHECK_EQ_INT(zkp_keccak_digest_bytes(ZKP_SHAKE128), 0);

    zkp_keccak_state s;
    CHECK_STATUS(zkp_keccak_init(NULL, ZKP_SHA3_256), ZKP_ERR_NULL);
    CHECK_STATUS(zkp_keccak_init(&s, (zkp_keccak_alg)42), ZKP_ERR_PARAM);
    CHECK_STATUS(zkp_keccak_init(&s, ZKP_SHA3_256), ZKP_OK);
    CHECK_STATUS(zkp_keccak_update(&s, NULL, 3), ZKP_ERR_NULL);
    CHECK_STATUS(zkp_keccak_squeeze(&s, out, 32), ZKP_ERR_STATE);  /* not an XOF */
    CHECK_STATUS(zkp_keccak_final(&s, out, 20), ZKP_ERR_LENGTH);
    CHECK_STATUS(zkp_keccak_final(&s, out, 32), ZKP_OK);
    CHECK_STATUS(zkp_keccak_update(&s, buf, 3), ZKP_ERR_STATE);
    CHECK_STATUS(zkp_keccak_final(&s, out, 32), ZKP_ERR_STATE);
    CHECK_STATUS(zkp_keccak_init(&s, ZKP_SHAKE128), ZKP_OK);
    CHECK_STATUS(zkp_keccak_squeeze(&s, out, 10), ZKP_OK);
    CHECK_STATUS(zkp_keccak_update(&s, buf, 3), ZKP_ERR_STATE);
    CHECK_STATUS(zkp_keccak_squeeze(&s, out, 0), ZKP_OK);
    CHECK_STATUS(zkp_keccak_final(&s, out, 0), ZKP_ERR_LENGTH);

    CHECK_STATUS(zkp_keccak_hash_batch(ZKP_KECCAK_256, NULL, 64, 64, 2, out, 32), ZKP_ERR_NULL);
    CHECK_STATUS(zkp_keccak_hash_batch(ZKP_KECCAK_256, buf, 32, 16, 2, out, 32), ZKP_ERR_LENGTH);
    CHECK_STATUS(zkp_keccak_hash_batch(ZKP_KECCAK_256, buf, 32, 32, 2, out, 31), ZKP_ERR_LENGTH);
    CHECK_STATUS(zkp_keccak_hash_batch(ZKP_KECCAK_256, buf, 32, 32, 0, NULL, 32), ZKP_OK);
    CHECK_STATUS(zkp_keccak_hash_batch(ZKP_KECCAK_256, NULL, 0, 0, 2, out, 32), ZKP_OK);
    const uint8_t *ptrs[2] = {buf, NULL};
    size_t lens[2] = {4, 4};
    CHECK_STATUS(zkp_keccak_hash_batch_ptrs(ZKP_SHA3_256, ptrs, lens, 2, out, 32), ZKP_ERR_NULL);
    CHECK_STATUS(zkp_keccak_hash_batch_ptrs(ZKP_SHA3_256, ptrs, NULL, 1, out, 32), ZKP_ERR_NULL);

    uint8_t nodes[32 * 7];
    /* a number of leaves that is not a power of two (or none): COUNT */
    CHECK_STATUS(zkp_keccak_tree_build(ZKP_KECCAK_256, buf, 3, 1, nodes), ZKP_ERR_COUNT);
    CHECK_STATUS(zkp_keccak_tree_build(ZKP_KECCAK_256, buf, 0, 1, nodes), ZKP_ERR_COUNT);
    CHECK_STATUS(zkp_keccak_tree_root(ZKP_KECCAK_256, buf, 6, 1, out), ZKP_ERR_COUNT);
    CHECK_STATUS(zkp_keccak_tree_root_data(ZKP_KECCAK_256, buf, 4, 0, 1, out), ZKP_ERR_COUNT);
    CHECK_STATUS(zkp_keccak_tree_proof(nodes, 5, 0, out), ZKP_ERR_COUNT);
    CHECK_STATUS(zkp_keccak_tree_build(ZKP_SHA3_512, buf, 2, 1, nodes), ZKP_ERR_PARAM);
    CHECK_STATUS(zkp_keccak_tree_build(ZKP_KECCAK_256, NULL, 2, 1, nodes), ZKP_ERR_NULL);
    CHECK_STATUS(zkp_keccak_tree_root(ZKP_KECCAK_256, buf, 2, 1, NULL), ZKP_ERR_NULL);
    CHECK_STATUS(zkp_keccak_tree_root_data(ZKP_KECCAK_256, NULL, 5, 2, 1, out), ZKP_ERR_NULL);
    CHECK_STATUS(zkp_keccak_tree_proof(nodes, 4, 4, out), ZKP_ERR_RANGE);
    CHECK_STATUS(zkp_keccak_tree_proof(nodes, 4, UINT64_MAX, out), ZKP_ERR_RANGE);
    CHECK_STATUS(zkp_keccak_tree_verify(ZKP_KECCAK_256, out, buf, 4, buf, 2), ZKP_ERR_RANGE);
    CHECK_STATUS(zkp_keccak_tree_verify(ZKP_KECCAK_256, out, buf, UINT64_MAX, buf, 63), ZKP_ERR_RANGE);
    CHECK_STATUS(zkp_keccak_tree_verify(ZKP_KECCAK_256, out, buf, 0, NULL, 3), ZKP_ERR_NULL);
    /* depth 64 addresses every uint64_t index: the proof is checked */
    static const uint8_t deep[64 * 32];
    CHECK_STATUS(zkp_keccak_tree_verify(ZKP_KECCAK_256, out, buf, UINT64_MAX, deep, 64), ZKP_ERR_VERIFY);
    /* more siblings than a 64-bit index addresses: the proof's shape */
    CHECK_STATUS(zkp_keccak_tree_verify(ZKP_KECCAK_256, out, buf, 0, buf, 65), ZKP_ERR_PROOF_SHAPE);
    CHECK_STATUS(zkp_keccak_tree_verify(ZKP_KECCAK_256, out, buf, 0, buf, 200), ZKP_ERR_PROOF_SHAPE);
    CHECK_STATUS(zkp_keccak_tree_verify(ZKP_KECCAK_256, out, buf, 0, buf, 2), ZKP_ERR_VERIFY);
}

/* A corrupted or uninitialised zkp_keccak_state (rate, pos, suffix, digest
 * or phase overwritten with edge values) is ZKP_ERR_STATE at every entry,
 * never a division by a zero rate or a write past the lanes: without the
 * entry checks, rate 0 would raise SIGFPE and a pos beyond the rate would
 * write outside the state. */
typedef struct { const char *field; unsigned value; } corrupt_case;

static void set_field(zkp_keccak_state *s, const char *field, unsigned v) {
    if (!strcmp(field, "rate")) s->rate = (uint16_t)v;
    else if (!strcmp(field, "pos")) s->pos = (uint16_t)v;
    else if (!strcmp(field, "suffix")) s->suffix = (uint8_t)v;
    else if (!strcmp(field, "digest")) s->digest = (uint8_t)v;
    else s->phase = (uint8_t)v;
}

static void test_corrupt_state(void) {
    th_section("corrupt state");
    static const zkp_keccak_alg algs[] = {ZKP_KECCAK_256, ZKP_SHA3_224, ZKP_SHA3_384, ZKP_SHA3_512, ZKP_SHAKE128,
                                          ZKP_SHAKE256};
    uint8_t buf[600] = {0}, out[600];
    for (size_t a = 0; a < sizeof algs / sizeof algs[0]; a++) {
        zkp_keccak_state s;
        CHECK_STATUS(zkp_keccak_init(&s, algs[a]), ZKP_OK);
        const unsigned rate = s.rate, dig = s.digest;
        const corrupt_case cases[] = {
            {"rate", 0}, {"rate", 1}, {"rate", 7}, {"rate", rate - 8}, {"rate", rate + 1}, {"rate", 200},
            {"rate", 201}, {"rate", 0xFFFF}, {"pos", rate}, {"pos", rate + 1}, {"pos", 200}, {"pos", 0xFFFF},
            {"suffix", 0}, {"suffix", 0x02}, {"suffix", 0xFF}, {"digest", dig ? 0 : 32}, {"digest", 200},
            {"digest", 0xFF}, {"phase", 0}, {"phase", 4}, {"phase", 0x80}, {"phase", 0xFF},
        };
        for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++) {
            /* each entry point sees the corruption on a fresh state, once
             * while absorbing and (XOFs) once while squeezing */
            for (int squeezing = 0; squeezing <= (dig == 0); squeezing++) {
                if (squeezing && !strcmp(cases[c].field, "pos") && cases[c].value == rate) continue; /* valid */
                for (int entry = 0; entry < 3; entry++) {
                    CHECK_STATUS(zkp_keccak_init(&s, algs[a]), ZKP_OK);
                    CHECK_STATUS(zkp_keccak_update(&s, buf, 5), ZKP_OK);
                    if (squeezing) CHECK_STATUS(zkp_keccak_squeeze(&s, out, 3), ZKP_OK);
                    set_field(&s, cases[c].field, cases[c].value);
                    zkp_status st = entry == 0   ? zkp_keccak_update(&s, buf, sizeof buf)
                                    : entry == 1 ? zkp_keccak_final(&s, out, dig ? dig : sizeof out)
                                                 : zkp_keccak_squeeze(&s, out, sizeof out);
                    /* squeeze on a fixed-output state, and update while
                     * squeezing, are STATE anyway; everything else must be
                     * caught by the field checks */
                    CHECK_MSG(st == ZKP_ERR_STATE, "alg %d %s=%u %s entry %d: %s", (int)algs[a], cases[c].field,
                              cases[c].value, squeezing ? "squeezing" : "absorbing", entry, zkp_status_name(st));
                }
            }
        }
        /* the valid edge: an XOF's block used up exactly (pos == rate) */
        if (!dig) {
            CHECK_STATUS(zkp_keccak_init(&s, algs[a]), ZKP_OK);
            CHECK_STATUS(zkp_keccak_squeeze(&s, out, rate), ZKP_OK);
            CHECK_EQ_INT(s.pos, rate);
            CHECK_STATUS(zkp_keccak_squeeze(&s, out, 1), ZKP_OK);
        }
    }
    /* an all-zero struct (never initialised) and one full of 0xFF bytes */
    zkp_keccak_state z;
    memset(&z, 0, sizeof z);
    CHECK_STATUS(zkp_keccak_update(&z, buf, 10), ZKP_ERR_STATE);
    CHECK_STATUS(zkp_keccak_squeeze(&z, out, 10), ZKP_ERR_STATE);
    CHECK_STATUS(zkp_keccak_final(&z, out, 32), ZKP_ERR_STATE);
    memset(&z, 0xFF, sizeof z);
    CHECK_STATUS(zkp_keccak_update(&z, buf, 10), ZKP_ERR_STATE);
    CHECK_STATUS(zkp_keccak_squeeze(&z, out, 10), ZKP_ERR_STATE);
    CHECK_STATUS(zkp_keccak_final(&z, out, 32), ZKP_ERR_STATE);
}

/* Sizes whose products or sums wrap, or exceed any object, are
 * ZKP_ERR_LENGTH before any memory is touched. The buffers passed are small
 * and real, so a missing check reads or writes far out of bounds (hash_many
 * with stride 2^63 and n = 3 would fault). */
static void test_size_overflow(void) {
    th_section("size overflow");
    uint8_t buf[256] = {0}, out[256];
    const size_t huge[] = {SIZE_MAX, SIZE_MAX / 2 + 1, (size_t)1 << 63, SIZE_MAX - 31};
    for (size_t h = 0; h < sizeof huge / sizeof huge[0]; h++) {
        const size_t L = huge[h];
        CHECK_STATUS(zkp_keccak_hash(ZKP_SHA3_256, buf, L, out, 32), ZKP_ERR_LENGTH);
        CHECK_STATUS(zkp_keccak_hash(ZKP_SHAKE128, buf, 4, out, L), ZKP_ERR_LENGTH);
        CHECK_STATUS(zkp_keccak256(buf, L, out), ZKP_ERR_LENGTH);
        CHECK_STATUS(zkp_sha3_256(buf, L, out), ZKP_ERR_LENGTH);
        CHECK_STATUS(zkp_sha3_224(buf, L, out), ZKP_ERR_LENGTH);
        CHECK_STATUS(zkp_sha3_384(buf, L, out), ZKP_ERR_LENGTH);
        CHECK_STATUS(zkp_sha3_512(buf, L, out), ZKP_ERR_LENGTH);
        CHECK_STATUS(zkp_shake128(buf, L, out, 16), ZKP_ERR_LENGTH);
        CHECK_STATUS(zkp_shake256(buf, 4, out, L), ZKP_ERR_LENGTH);
        zkp_keccak_state s;
        CHECK_STATUS(zkp_keccak_init(&s, ZKP_KECCAK_256), ZKP_OK);
        CHECK_STATUS(zkp_keccak_update(&s, buf, L), ZKP_ERR_LENGTH);
        CHECK_STATUS(zkp_keccak_init(&s, ZKP_SHAKE256), ZKP_OK);
        CHECK_STATUS(zkp_keccak_squeeze(&s, out, L), ZKP_ERR_LENGTH);
        CHECK_STATUS(zkp_keccak_final(&s, out, L), ZKP_ERR_LENGTH);
        /* strides and counts */
        CHECK_STATUS(zkp_keccak_hash_batch(ZKP_KECCAK_256, buf, 64, L, 3, out, 32), ZKP_ERR_LENGTH);
        CHECK_STATUS(zkp_keccak_hash_batch(ZKP_KECCAK_256, buf, 0, 0, L, out, 32), ZKP_ERR_LENGTH);
        CHECK_STATUS(zkp_keccak_hash_batch(ZKP_KECCAK_256, buf, L, L, 1, out, 32), ZKP_ERR_LENGTH);
        CHECK_STATUS(zkp_keccak_hash_batch(ZKP_SHAKE128, buf, 8, 8, 2, out, L), ZKP_ERR_LENGTH);
        const uint8_t *ptrs[2] = {buf, buf};
        size_t lens[2] = {L, 4};
        CHECK_STATUS(zkp_keccak_hash_batch_ptrs(ZKP_SHA3_256, ptrs, lens, 2, out, 32), ZKP_ERR_LENGTH);
        CHECK_STATUS(zkp_keccak_hash_batch_ptrs(ZKP_SHAKE256, ptrs, lens + 1, 1, out, L), ZKP_ERR_LENGTH);
    }
    /* (n - 1) * stride wrapping exactly to a small value: 2^63 * 2 = 0,
     * 2^62 * 4 = 0 */
    CHECK_STATUS(zkp_keccak_hash_batch(ZKP_KECCAK_256, buf, 32, (size_t)1 << 62, 5, out, 32), ZKP_ERR_LENGTH);
    CHECK_STATUS(zkp_keccak_hash_batch(ZKP_KECCAK_256, buf, 32, 32, ((size_t)1 << 59) + 1, out, 32), ZKP_ERR_LENGTH);
    /* n * outlen wrapping: 2^59 digests of 32 bytes is 2^64 = 0 */
    CHECK_STATUS(zkp_keccak_hash_batch(ZKP_SHAKE128, buf, 0, 0, (size_t)1 << 59, out, 32), ZKP_ERR_LENGTH);
    /* the largest legal extent still passes the check (nothing to hash) */
    CHECK_STATUS(zkp_keccak_hash_batch(ZKP_KECCAK_256, buf, 0, (size_t)1 << 62, 0, out, 32), ZKP_OK);
    /* trees: n a power of two too large for the node array (32 * (2n - 1)) */
    for (unsigned k = 57; k < 64; k++) {
        const size_t n = (size_t)1 << k;
        CHECK_STATUS(zkp_keccak_tree_build(ZKP_KECCAK_256, buf, n, 1, out), ZKP_ERR_LENGTH);
        CHECK_STATUS(zkp_keccak_tree_root(ZKP_KECCAK_256, buf, n, 1, out), ZKP_ERR_LENGTH);
        CHECK_STATUS(zkp_keccak_tree_proof(buf, n, 0, out), ZKP_ERR_LENGTH);
        CHECK_STATUS(zkp_keccak_tree_root_data(ZKP_KECCAK_256, buf, 0, n, 1, out), ZKP_ERR_LENGTH);
    }
    /* n * leaf_size wrapping to 0 */
    CHECK_STATUS(zkp_keccak_tree_root_data(ZKP_KECCAK_256, buf, (size_t)1 << 60, 16, 1, out), ZKP_ERR_LENGTH);
    CHECK_STATUS(zkp_keccak_tree_root_data(ZKP_KECCAK_256, buf, SIZE_MAX, 2, 1, out), ZKP_ERR_LENGTH);
    CHECK_STATUS(zkp_keccak_tree_verify(ZKP_KECCAK_256, out, buf, 0, buf, SIZE_MAX), ZKP_ERR_PROOF_SHAPE);
}

static void test_dispatch_names(void) {
    th_section("implementation names");
    CHECK(zkp_keccak_f1600_implementation() != NULL);
    CHECK(zkp_keccak_batch_implementation() != NULL);
    CHECK_STATUS(zkp_cpu_force("portable"), ZKP_OK);
    CHECK(!strcmp(zkp_keccak_f1600_implementation(), ZKP_KECCAK_EXTERNAL ? "external" : "portable"));
    CHECK(!strcmp(zkp_keccak_batch_implementation(), "portable-x1"));
    CHECK_STATUS(zkp_cpu_force("native"), ZKP_OK);
#if defined(__x86_64__) && ZKP_HAVE_AVX2 && !ZKP_KECCAK_EXTERNAL
    if (zkp_cpu_detected() & ZKP_CPU_AVX2) {
        CHECK_STATUS(zkp_cpu_force("avx2"), ZKP_OK);
        CHECK(!strcmp(zkp_keccak_batch_implementation(), "avx2-x4"));
        /* the AVX2 level (a Zen 3) keeps the scalar BMI2 single kernel */
#if ZKP_HAVE_BMI2
        CHECK(!strcmp(zkp_keccak_f1600_implementation(), "bmi2"));
#endif
        CHECK_STATUS(zkp_cpu_force("native"), ZKP_OK);
    }
#endif
#if defined(__x86_64__) && ZKP_HAVE_AVX512 && !ZKP_KECCAK_EXTERNAL
    /* AVX-512 machines get the five-zmm-row single kernel */
    if (zkp_cpu_force("avx512") == ZKP_OK) {
        CHECK(!strcmp(zkp_keccak_f1600_implementation(), "avx512"));
        CHECK_STATUS(zkp_cpu_force("native"), ZKP_OK);
    }
#endif
}

int main(void) {
    th_init("test_keccak");
    test_oracle();
    test_kernels();
    th_for_each_cpu_level(run_level, NULL);
    test_threaded_trees();
    test_bad_input();
    test_corrupt_state();
    test_size_overflow();
    test_dispatch_names();
    for (size_t f = 0; f < NKATS; f++) free_kats(k_kats[f].v, k_kats[f].n);
    return th_finish();
}
