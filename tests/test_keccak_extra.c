/*
 * The Keccak-f[1600] kernels of sources_extra.cmake (NEON x2, SHA3 x1/x2,
 * AVX-512 x8; declared in src/keccak/f1600.h) against a definitional
 * reference permutation
 * (ref/keccak_extra_ref.c), which is itself checked step by step against
 * the Keccak team's intermediate values.
 *
 *  1. The reference: its derived round constants and rho offsets equal the
 *     file's tables, and theta/rho/pi/chi/iota of every round of both
 *     examples equal the file's states, and the final states equal the
 *     file's output bytes.
 *  2. Every kernel this build compiled and this CPU level permits: every
 *     lane of every instance equals the reference, on all-zero, all-ones,
 *     single-bit and random states (instances of one call all differ, so a
 *     lane mix-up between instances shows), in guarded buffers at 8-byte
 *     offsets from a 64-byte boundary (the kernels use unaligned loads).
 *  3. A kernel that is built and whose features the CPU has was run at least
 *     once (so the test cannot pass by skipping everything).
 *  4. The lane movers (x8 AVX-512, x2 NEON) against byte-wise definitions
 *     for every lane count 0..25 at every byte offset, in guarded buffers.
 *  4b. The fused x8 64-byte hash against the reference sponge (both
 *     suffixes, all-zero/all-ones/random messages, outputs aliasing inputs).
 *  5. The keccak dispatcher hands out these kernels and movers at the CPU
 *     levels that allow them (the sources_extra.cmake -> dispatch.c link).
 */
#include <stdlib.h>
#include <string.h>

#include "core/cpu_internal.h"
#include "harness.h"
#include "keccak/f1600.h"
#include "keccak_extra_ref.h"

/* ---- 1. the reference against KeccakF-1600-IntermediateValues.txt -------- */

/* Reads the next n hex words (16 digits each) from *p; 0 on a short read. */
static int read_words(const char **p, uint64_t *out, int n) {
    const char *s = *p;
    for (int i = 0; i < n; i++) {
        while (*s == ' ' || *s == '\n' || *s == '\r') s++;
        char *end;
        unsigned long long v = strtoull(s, &end, 16);
        if (end - s != 16) return 0;
        out[i] = (uint64_t)v;
        s = end;
    }
    *p = s;
    return 1;
}

/* Reads the next n hex bytes ("3C CB ...") from *p. */
static int read_bytes(const char **p, uint8_t *out, int n) {
    const char *s = *p;
    for (int i = 0; i < n; i++) {
        while (*s == ' ' || *s == '\n' || *s == '\r') s++;
        char *end;
        unsigned long v = strtoul(s, &end, 16);
        if (end - s != 2) return 0;
        out[i] = (uint8_t)v;
        s = end;
    }
    *p = s;
    return 1;
}

static const char *next_line(const char *s) {
    const char *nl = strchr(s, '\n');
    return nl ? nl + 1 : s + strlen(s);
}

static int starts(const char *s, const char *prefix) { return strncmp(s, prefix, strlen(prefix)) == 0; }

static void test_reference_vectors(void) {
    th_section("reference vs KeccakF-1600-IntermediateValues.txt");
    char *text = th_read_file(th_vector_path("keccak/KeccakF-1600-IntermediateValues.txt"), NULL);
    if (!text) return;
    uint64_t st[25], want[25];
    int round = -1, examples = 0, steps = 0, tables = 0, have_state = 0;
    for (const char *s = text; *s; s = next_line(s)) {
        int i, x, y, off;
        unsigned long long rc;
        if (sscanf(s, "RC[%d][0][0] = %llx", &i, &rc) == 2) {
            CHECK_EQ_U64(kx_ref_round_constant(i), rc);
            tables++;
        } else if (sscanf(s, "RhoOffset[%d][%d] = %d", &x, &y, &off) == 3) {
            CHECK_EQ_INT(kx_ref_rho_offset(x, y), off);
            tables++;
        } else if (starts(s, "Same, with lanes as 64-bit words:") && !have_state) {
            /* The input of an example (the only 64-bit view before rounds). */
            const char *p = next_line(s);
            CHECK(read_words(&p, st, 25));
            have_state = 1;
            round = -1;
        } else if (sscanf(s, "--- Round %d ---", &i) == 1) {
            CHECK_EQ_INT(i, round + 1);
            round = i;
        } else if (starts(s, "After ")) {
            const char *p = next_line(s);
            CHECK(have_state && round >= 0);
            if (!read_words(&p, want, 25)) {
                th_fail(__FILE__, __LINE__, "bad state after line: %.20s", s);
                continue;
            }
            if (starts(s, "After theta:")) kx_ref_theta(st);
            else if (starts(s, "After rho:")) kx_ref_rho(st);
            else if (starts(s, "After pi:")) kx_ref_pi(st);
            else if (starts(s, "After chi:")) kx_ref_chi(st);
            else if (starts(s, "After iota:")) kx_ref_iota(st, round);
            else th_fail(__FILE__, __LINE__, "unknown step: %.20s", s);
            CHECK_MSG(memcmp(st, want, sizeof st) == 0, "round %d, %.16s differs", round, s);
            steps++;
        } else if (starts(s, "State after permutation:")) {
            const char *p = next_line(s);
            uint8_t bytes[200], mine[200];
            CHECK(read_bytes(&p, bytes, 200));
            for (int l = 0; l < 25; l++)
                for (int b = 0; b < 8; b++) mine[8 * l + b] = (uint8_t)(st[l] >> (8 * b));
            CHECK_EQ_BYTES(mine, bytes, 200);
            /* And the whole permutation in one call from the same input. */
            CHECK_EQ_INT(round, 23);
            examples++;
            have_state = 0;
        }
    }
    CHECK_EQ_INT(tables, 24 + 25);
    CHECK_EQ_INT(examples, 2);
    CHECK_EQ_INT(steps, 2 * 24 * 5);
    free(text);
}

/* The whole-permutation entry point against the stepwise one, and against
 * the first example's output (the permutation of the all-zero state). */
static void test_reference_permute(void) {
    th_section("reference permute");
    uint64_t a[25] = {0};
    kx_ref_permute(a);
    CHECK_EQ_U64(a[0], 0xF1258F7940E1DDE7ull);
    CHECK_EQ_U64(a[24], 0xEAF1FF7B5CECA249ull);
}

/* ---- 2. kernels against the reference --------------------------------------- */

typedef struct {
    zkp_kernel_info info;
    unsigned ways;                /* states per call */
    void (*permute)(uint64_t *);  /* st[lane * ways + instance] */
} kx_kernel;

/* As the dispatcher: the file is built with -mavx512f/vl/bw/dq -mavx2. */
#define KX_AVX512_NEED (ZKP_CPU_AVX2 | ZKP_CPU_AVX512F | ZKP_CPU_AVX512VL | ZKP_CPU_AVX512BW | ZKP_CPU_AVX512DQ)

#if ZKP_HAVE_SHA3
static void sha3_single(uint64_t *st) { zkpi_keccakf1600_sha3(st); }
#endif

static const kx_kernel k_kernels[] = {
#if ZKP_HAVE_AVX512
    {{"x8-avx512", KX_AVX512_NEED, 1}, 8, zkpi_keccakf1600x8_avx512},
#endif
#if ZKP_HAVE_SHA3
    {{"x2-sha3", ZKP_CPU_NEON | ZKP_CPU_SHA3, 1}, 2, zkpi_keccakf1600x2_sha3},
    {{"x1-sha3", ZKP_CPU_NEON | ZKP_CPU_SHA3, 1}, 1, sha3_single},
#endif
#if ZKP_HAVE_NEON
    {{"x2-neon", ZKP_CPU_NEON, 1}, 2, zkpi_keccakf1600x2_neon},
#endif
    {{NULL, 0, 0}, 0, NULL},  /* end (keeps the table non-empty everywhere) */
};
#define KX_NKERNELS (sizeof k_kernels / sizeof k_kernels[0] - 1)
static uint64_t g_calls[KX_NKERNELS + 1];

/* Fills one 25-lane state: kind 0 zero, 1 ones, 2 single bit, else random. */
static void fill_state(uint64_t s[25], unsigned kind) {
    switch (kind) {
    case 0: memset(s, 0, 25 * sizeof s[0]); break;
    case 1: memset(s, 0xFF, 25 * sizeof s[0]); break;
    case 2:
        memset(s, 0, 25 * sizeof s[0]);
        s[th_rand_below(25)] = (uint64_t)1 << th_rand_below(64);
        break;
    default:
        for (int i = 0; i < 25; i++) s[i] = th_rand64();
    }
}

static void check_kernel(size_t k) {
    const kx_kernel *kk = &k_kernels[k];
    const unsigned w = kk->ways;
    const size_t words = 25 * (size_t)w;
    uint64_t ref[8][25];
    uint64_t n = th_count(3000);
    for (uint64_t t = 0; t < n; t++) {
        /* Trials 0 and 1: every instance all-zero / all-ones; then each
         * instance draws its own kind, mostly random. */
        th_buf b = th_buf_new(words * 8, 8 * (size_t)(t % 8));
        uint64_t *st = (uint64_t *)(void *)b.p;
        for (unsigned i = 0; i < w; i++) {
            unsigned kind = t < 2 ? (unsigned)t : (unsigned)th_rand_below(8);
            fill_state(ref[i], kind);
            for (int l = 0; l < 25; l++) st[l * w + i] = ref[i][l];
            kx_ref_permute(ref[i]);
        }
        kk->permute(st);
        g_calls[k]++;
        int bad = 0;
        for (unsigned i = 0; i < w && !bad; i++)
            for (int l = 0; l < 25; l++)
                if (st[l * w + i] != ref[i][l]) {
                    th_fail(__FILE__, __LINE__, "%s at level %s, trial %llu: instance %u lane %d: 0x%016llx != 0x%016llx",
                            kk->info.name, th_level(), (unsigned long long)t, i, l,
                            (unsigned long long)st[l * w + i], (unsigned long long)ref[i][l]);
                    bad = 1;
                    break;
                }
        if (!bad) th_pass();
        TH_BUF_FREE(b);
        if (bad) break; /* one report per kernel and level is enough */
    }
}

static void kernels_at_level(void *ctx) {
    (void)ctx;
    th_section("kernels vs reference");
    for (size_t k = 0; k_kernels[k].permute != NULL; k++)
        if (zkp_kernel_usable(&k_kernels[k].info)) check_kernel(k);
}

static void test_kernels(void) {
    memset(g_calls, 0, sizeof g_calls);
    th_for_each_cpu_level(kernels_at_level, NULL);
    /* The forced-portable level must have called nothing: checked by the
     * levels loop calling only usable kernels; here, that every kernel this
     * machine can run did run. */
    uint32_t det = zkp_cpu_detected();
    for (size_t k = 0; k_kernels[k].permute != NULL; k++) {
        int runnable = (k_kernels[k].info.need & det) == k_kernels[k].info.need;
        if (runnable) CHECK_MSG(g_calls[k] > 0, "kernel %s never ran", k_kernels[k].info.name);
        printf("  kernel %-10s %s (%llu calls)\n", k_kernels[k].info.name, runnable ? "tested" : "not runnable on this CPU",
               (unsigned long long)g_calls[k]);
    }
    /* Under forced portable, no kernel is usable. */
    CHECK_STATUS(zkp_cpu_force("portable"), ZKP_OK);
    for (size_t k = 0; k_kernels[k].permute != NULL; k++) CHECK(!zkp_kernel_usable(&k_kernels[k].info));
    CHECK_STATUS(zkp_cpu_force("native"), ZKP_OK);
}

/* ---- 3. lane movers (hash_many's absorb/squeeze for the multi-way layout) -- */

typedef struct {
    zkp_kernel_info info;
    unsigned ways;
    void (*xor_lanes)(uint64_t *st, const uint8_t *const *in, size_t nlanes);
    void (*extract_lanes)(const uint64_t *st, uint8_t *const *out, size_t nlanes);
} kx_mover;

static const kx_mover k_movers[] = {
#if ZKP_HAVE_AVX512
    {{"x8-avx512", KX_AVX512_NEED, 1}, 8, zkpi_keccakx8_xor_lanes_avx512, zkpi_keccakx8_extract_lanes_avx512},
#endif
#if ZKP_HAVE_NEON
    {{"x2-neon", ZKP_CPU_NEON, 1}, 2, zkpi_keccakx2_xor_lanes_neon, zkpi_keccakx2_extract_lanes_neon},
#endif
    {{NULL, 0, 0}, 0, NULL, NULL},
};

static uint64_t le64(const uint8_t *p) {
    uint64_t v = 0;
    for (int i = 0; i < 8; i++) v |= (uint64_t)p[i] << (8 * i);
    return v;
}

/* Every lane count 0..25 (a rate is at most 21 lanes; 25 is the whole
 * state), inputs/outputs at every byte offset 0..7 in guarded buffers: the
 * state equals the byte-wise definition and nothing outside the first
 * nlanes lanes of any buffer or state instance is touched. */
static void check_mover(const kx_mover *m) {
    const unsigned w = m->ways;
    uint64_t st[200], want[200];
    uint64_t reps = th_count(20);
    for (uint64_t rep = 0; rep < reps; rep++)
        for (size_t nl = 0; nl <= 25; nl++) { /* fixed set: every lane count */
            th_buf b[8];
            const uint8_t *in[8];
            uint8_t *out[8];
            for (unsigned i = 0; i < w; i++) {
                b[i] = th_buf_new(8 * nl, (size_t)th_rand_below(8));
                in[i] = b[i].p;
                out[i] = b[i].p;
            }
            for (size_t j = 0; j < 25 * (size_t)w; j++) st[j] = want[j] = th_rand64();
            for (size_t l = 0; l < nl; l++)
                for (unsigned i = 0; i < w; i++) want[l * w + i] ^= le64(in[i] + 8 * l);
            m->xor_lanes(st, in, nl);
            CHECK_MSG(memcmp(st, want, 25 * w * sizeof st[0]) == 0, "%s xor_lanes, %zu lanes, level %s", m->info.name, nl,
                      th_level());
            /* squeeze the same state back out over the input buffers */
            m->extract_lanes(st, out, nl);
            int ok = 1;
            for (unsigned i = 0; i < w; i++)
                for (size_t l = 0; l < nl; l++) ok &= le64(out[i] + 8 * l) == st[l * w + i];
            CHECK_MSG(ok, "%s extract_lanes, %zu lanes, level %s", m->info.name, nl, th_level());
            for (unsigned i = 0; i < w; i++) TH_BUF_FREE(b[i]);
        }
}

static uint64_t g_mover_calls;

static void movers_at_level(void *ctx) {
    (void)ctx;
    th_section("lane movers");
    for (size_t k = 0; k_movers[k].xor_lanes != NULL; k++)
        if (zkp_kernel_usable(&k_movers[k].info)) {
            check_mover(&k_movers[k]);
            g_mover_calls++;
        }
}

static void test_movers(void) {
    g_mover_calls = 0;
    th_for_each_cpu_level(movers_at_level, NULL);
    uint32_t det = zkp_cpu_detected();
    for (size_t k = 0; k_movers[k].xor_lanes != NULL; k++)
        if ((k_movers[k].info.need & det) == k_movers[k].info.need)
            CHECK_MSG(g_mover_calls > 0, "movers %s never ran", k_movers[k].info.name);
}

/* ---- 4b. fused 64-byte hash (x8 AVX-512) ----------------------------------- */

#if ZKP_HAVE_AVX512
/* The reference: rate-136 sponge of one 64-byte block, 32-byte digest. */
static void ref_hash64(const uint8_t in[64], uint8_t out[32], uint64_t suffix) {
    uint64_t a[25] = {0};
    for (int l = 0; l < 8; l++) a[l] = le64(in + 8 * l);
    a[8] ^= suffix;
    a[16] ^= 0x8000000000000000ull;
    kx_ref_permute(a);
    for (int i = 0; i < 32; i++) out[i] = (uint8_t)(a[i / 8] >> (8 * (i % 8)));
}

/* Random and edge messages at random offsets, both suffixes, and outputs
 * that overwrite their own inputs (the contract reads all input first). */
static void hash64_at_level(void *ctx) {
    (void)ctx;
    if ((zkp_cpu_active() & KX_AVX512_NEED) != KX_AVX512_NEED) return;
    th_section("x8 hash64");
    uint64_t n = th_count(300);
    for (uint64_t t = 0; t < n; t++) {
        const uint64_t suffix = t & 1 ? 0x06 : 0x01;
        const int alias = (t & 2) != 0;
        th_buf ib[8], ob[8];
        const uint8_t *in[8];
        uint8_t *out[8], want[8][32];
        for (int i = 0; i < 8; i++) {
            ib[i] = th_buf_new(64, (size_t)th_rand_below(8));
            if (t < 2) memset(ib[i].p, t == 0 ? 0x00 : 0xFF, 64);
            ref_hash64(ib[i].p, want[i], suffix);
            in[i] = ib[i].p;
            if (alias) {
                out[i] = ib[i].p;
            } else {
                ob[i] = th_buf_new(32, (size_t)th_rand_below(8));
                out[i] = ob[i].p;
            }
        }
        zkpi_keccakx8_hash64_avx512(in, out, suffix);
        for (int i = 0; i < 8; i++) {
            CHECK_EQ_BYTES(out[i], want[i], 32);
            TH_BUF_FREE(ib[i]);
            if (!alias) TH_BUF_FREE(ob[i]);
        }
    }
}
#endif

static void test_hash64(void) {
#if ZKP_HAVE_AVX512
    th_for_each_cpu_level(hash64_at_level, NULL);
    /* Keccak-256 of 64 zero bytes, from tests/vectors/keccak/README.md. */
    static const uint8_t zero_digest[32] = {0xAD, 0x32, 0x28, 0xB6, 0x76, 0xF7, 0xD3, 0xCD, 0x42, 0x84, 0xA5,
                                            0x44, 0x3F, 0x17, 0xF1, 0x96, 0x2B, 0x36, 0xE4, 0x91, 0xB3, 0x0A,
                                            0x40, 0xB2, 0x40, 0x58, 0x49, 0xE5, 0x97, 0xBA, 0x5F, 0xB5};
    uint8_t zero[64] = {0}, got[32];
    ref_hash64(zero, got, 0x01);
    CHECK_EQ_BYTES(got, zero_digest, 32);
#endif
}

/* ---- 5. wiring: the keccak dispatcher really hands out these kernels ----- */

/* sources_extra.cmake passes ZKP_KECCAK_EXTRA_* to dispatch.c; if that link
 * broke, hash_many would silently fall back to a narrower kernel. */
static void test_wiring(void) {
    th_section("dispatch wiring");
    uint32_t det = zkp_cpu_detected();
    const zkp_keccak_kernelN *m;
    (void)det;
    (void)m;
#if ZKP_HAVE_AVX512
    if ((det & KX_AVX512_NEED) == KX_AVX512_NEED && zkp_cpu_force("avx512") == ZKP_OK) {
        m = zkpi_keccak_multi();
        CHECK(m->permute == zkpi_keccakf1600x8_avx512);
        CHECK(m->lanes == 8);
        CHECK(m->xor_lanes == zkpi_keccakx8_xor_lanes_avx512);
        CHECK(m->extract_lanes == zkpi_keccakx8_extract_lanes_avx512);
        CHECK(m->hash64 == zkpi_keccakx8_hash64_avx512);
    }
#endif
#if ZKP_HAVE_SHA3
    if ((det & (ZKP_CPU_NEON | ZKP_CPU_SHA3)) == (ZKP_CPU_NEON | ZKP_CPU_SHA3) && zkp_cpu_force("sha3") == ZKP_OK) {
        m = zkpi_keccak_multi();
        CHECK(m->permute == zkpi_keccakf1600x2_sha3);
        CHECK(m->xor_lanes == zkpi_keccakx2_xor_lanes_neon);
        CHECK(m->extract_lanes == zkpi_keccakx2_extract_lanes_neon);
        CHECK(zkpi_keccak_single()->permute == zkpi_keccakf1600_sha3);
    }
#endif
#if ZKP_HAVE_NEON
    if ((det & ZKP_CPU_NEON) && zkp_cpu_force("neon") == ZKP_OK) {
        m = zkpi_keccak_multi();
        CHECK(m->permute == zkpi_keccakf1600x2_neon);
        CHECK(m->xor_lanes == zkpi_keccakx2_xor_lanes_neon);
        CHECK(m->extract_lanes == zkpi_keccakx2_extract_lanes_neon);
    }
#endif
    CHECK_STATUS(zkp_cpu_force("native"), ZKP_OK);
}

int main(void) {
    th_init("test_keccak_extra");
    test_reference_vectors();
    test_reference_permute();
    test_kernels();
    test_movers();
    test_hash64();
    test_wiring();
    return th_finish();
}
