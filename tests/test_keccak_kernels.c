/*
 * Every Keccak-f[1600] kernel of the dispatch tables (single-state and
 * multi-lane, every ISA this build compiled; src/keccak/f1600.h) against
 * the portable kernel and a definitional reference permutation
 * (ref/keccak_kernels_ref.c), which is itself checked step by step against
 * the Keccak team's intermediate values.
 *
 *  1. The reference: its derived round constants and rho offsets equal the
 *     file's tables, and theta/rho/pi/chi/iota of every round of both
 *     examples equal the file's states, and the final states equal the
 *     file's output bytes.
 *  2. Every table entry this CPU level permits: every lane of every
 *     instance equals the portable kernel and the reference, on all-zero, all-ones,
 *     single-bit and random states (instances of one call all differ, so a
 *     lane mix-up between instances shows), in guarded buffers at 8-byte
 *     offsets from a 64-byte boundary (the kernels use unaligned loads).
 *  3. A kernel that is built and whose features the CPU has was run at least
 *     once (so the test cannot pass by skipping everything).
 *  4. Every lane mover of the table against byte-wise definitions
 *     for every lane count 0..25 at every byte offset, in guarded buffers.
 *  4b. Every fused 64-byte hash against the reference sponge (both
 *     suffixes, all-zero/all-ones/random messages, outputs aliasing inputs).
 *  5. The keccak dispatcher hands out the vector kernels and movers at the
 *     CPU levels that allow them.
 */
#include <stdlib.h>
#include <string.h>

#include "core/cpu_internal.h"
#include "harness.h"
#include "keccak/f1600.h"
#include "keccak_kernels_ref.h"

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
            CHECK_EQ_U64(fips_round_constant(i), rc);
            tables++;
        } else if (sscanf(s, "RhoOffset[%d][%d] = %d", &x, &y, &off) == 3) {
            CHECK_EQ_INT(fips_rho_offset(x, y), off);
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
            if (starts(s, "After theta:")) fips_theta(st);
            else if (starts(s, "After rho:")) fips_rho(st);
            else if (starts(s, "After pi:")) fips_pi(st);
            else if (starts(s, "After chi:")) fips_chi(st);
            else if (starts(s, "After iota:")) fips_iota(st, round);
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
    fips_permute(a);
    CHECK_EQ_U64(a[0], 0xF1258F7940E1DDE7ull);
    CHECK_EQ_U64(a[24], 0xEAF1FF7B5CECA249ull);
}

/* ---- 2. kernels against the reference --------------------------------------- */

/* As the dispatcher: the x8 file is built with -mavx512f/vl/bw/dq -mavx2. */
#define AVX512_NEED (ZKP_CPU_AVX2 | ZKP_CPU_AVX512F | ZKP_CPU_AVX512VL | ZKP_CPU_AVX512BW | ZKP_CPU_AVX512DQ)

/* One entry of either dispatch table: `ways` states per call, interleaved
 * st[lane * ways + instance]. The single-state table's entries have ways 1;
 * the multi-lane table's portable-x1 entry (no permute of its own) goes
 * through zkpi_keccak_multi_permute like hash_many. */
typedef struct {
    const zkpi_kernel_info *info;
    const char *table;
    unsigned ways;
    const zkpi_keccak_kernel1 *k1;
    const zkpi_keccak_kernelN *kn;
} any_kernel;

#define MAX_KERNELS 16
static any_kernel k_kernels[MAX_KERNELS];
static size_t k_nkernels;
static uint64_t g_calls[MAX_KERNELS];

static void collect_kernels(void) {
    size_t n1, nn;
    const zkpi_keccak_kernel1 *t1 = zkpi_keccak_single_kernels(&n1);
    const zkpi_keccak_kernelN *tn = zkpi_keccak_multi_kernels(&nn);
    k_nkernels = 0;
    for (size_t i = 0; i < n1 && k_nkernels < MAX_KERNELS; i++)
        k_kernels[k_nkernels++] = (any_kernel){&t1[i].info, "single", 1, &t1[i], NULL};
    for (size_t i = 0; i < nn && k_nkernels < MAX_KERNELS; i++)
        k_kernels[k_nkernels++] = (any_kernel){&tn[i].info, "multi", tn[i].lanes, NULL, &tn[i]};
    CHECK(k_nkernels == n1 + nn);
}

static void permute_with(const any_kernel *k, uint64_t *st) {
    if (k->k1) k->k1->permute(st);
    else zkpi_keccak_multi_permute(k->kn, st);
}

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
    const any_kernel *kk = &k_kernels[k];
    const unsigned w = kk->ways;
    const size_t words = 25 * (size_t)w;
    uint64_t ref[8][25], port[8][25];
    uint64_t n = th_count(3000);
    for (uint64_t t = 0; t < n; t++) {
        /* Trials 0 and 1: every instance all-zero / all-ones; then each
         * instance draws its own kind, mostly random. */
        th_buf b = th_buf_new(words * 8, 8 * (size_t)(t % 8));
        uint64_t *st = (uint64_t *)(void *)b.p;
        for (unsigned i = 0; i < w; i++) {
            unsigned kind = t < 2 ? (unsigned)t : (unsigned)th_rand_below(8);
            fill_state(ref[i], kind);
            for (int l = 0; l < 25; l++) st[l * w + i] = port[i][l] = ref[i][l];
            fips_permute(ref[i]);
            zkpi_keccakf1600_portable(port[i]);
        }
        permute_with(kk, st);
        g_calls[k]++;
        int bad = 0;
        for (unsigned i = 0; i < w && !bad; i++)
            for (int l = 0; l < 25; l++)
                if (st[l * w + i] != port[i][l] || port[i][l] != ref[i][l]) {
                    th_fail(__FILE__, __LINE__,
                            "%s %s at level %s, trial %llu: instance %u lane %d: 0x%016llx, portable 0x%016llx, "
                            "reference 0x%016llx",
                            kk->table, kk->info->name, th_level(), (unsigned long long)t, i, l,
                            (unsigned long long)st[l * w + i], (unsigned long long)port[i][l],
                            (unsigned long long)ref[i][l]);
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
    th_section("kernels vs portable and reference");
    for (size_t k = 0; k < k_nkernels; k++)
        if (zkpi_kernel_usable(k_kernels[k].info)) check_kernel(k);
}

static void test_kernels(void) {
    collect_kernels();
    memset(g_calls, 0, sizeof g_calls);
    th_for_each_cpu_level(kernels_at_level, NULL);
    /* The forced-portable level must have called nothing: checked by the
     * levels loop calling only usable kernels; here, that every kernel this
     * machine can run did run. */
    uint32_t det = zkp_cpu_detected();
    for (size_t k = 0; k < k_nkernels; k++) {
        const zkpi_kernel_info *info = k_kernels[k].info;
        int runnable = (info->need & det) == info->need;
        if (runnable) CHECK_MSG(g_calls[k] > 0, "kernel %s never ran", info->name);
        printf("  %-6s kernel %-12s %s (%llu calls)\n", k_kernels[k].table, info->name,
               runnable ? "tested" : "not runnable on this CPU", (unsigned long long)g_calls[k]);
    }
    /* Under forced portable, only the portable entries (no CPU feature) are usable. */
    CHECK_STATUS(zkp_cpu_force("portable"), ZKP_OK);
    for (size_t k = 0; k < k_nkernels; k++) CHECK(zkpi_kernel_usable(k_kernels[k].info) == (k_kernels[k].info->need == 0));
    CHECK_STATUS(zkp_cpu_force("native"), ZKP_OK);
}

/* ---- 3. lane movers (hash_many's absorb/squeeze for the multi-way layout) -- */

/* The multi-lane table's entries that have movers (x2 NEON and SHA3 share
 * the NEON ones, x4 AVX2, x8 AVX-512). */
static uint64_t le64(const uint8_t *p) {
    uint64_t v = 0;
    for (int i = 0; i < 8; i++) v |= (uint64_t)p[i] << (8 * i);
    return v;
}

/* Every lane count 0..25 (a rate is at most 21 lanes; 25 is the whole
 * state), inputs/outputs at every byte offset 0..7 in guarded buffers: the
 * state equals the byte-wise definition and nothing outside the first
 * nlanes lanes of any buffer or state instance is touched. */
static void check_mover(const zkpi_keccak_kernelN *m) {
    const unsigned w = m->lanes;
    CHECK(m->extract_lanes != NULL);
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

/* Runs `check` on every multi-lane entry that has the optional hook `has`
 * tests for, at every CPU level that allows the entry, and fails if an entry
 * this CPU can run was never checked. */
typedef struct {
    const char *what;
    int (*has)(const zkpi_keccak_kernelN *k);
    void (*check)(const zkpi_keccak_kernelN *k);
    uint64_t calls[MAX_KERNELS];
} hook_walk;

static void hook_walk_level(void *ctx) {
    hook_walk *hw = ctx;
    th_section(hw->what);
    size_t n;
    const zkpi_keccak_kernelN *t = zkpi_keccak_multi_kernels(&n);
    for (size_t k = 0; k < n && k < MAX_KERNELS; k++)
        if (hw->has(&t[k]) && zkpi_kernel_usable(&t[k].info)) {
            hw->check(&t[k]);
            hw->calls[k]++;
        }
}

static void walk_multi_hooks(hook_walk *hw) {
    memset(hw->calls, 0, sizeof hw->calls);
    th_for_each_cpu_level(hook_walk_level, hw);
    uint32_t det = zkp_cpu_detected();
    size_t n;
    const zkpi_keccak_kernelN *t = zkpi_keccak_multi_kernels(&n);
    for (size_t k = 0; k < n && k < MAX_KERNELS; k++)
        if (hw->has(&t[k]) && (t[k].info.need & det) == t[k].info.need)
            CHECK_MSG(hw->calls[k] > 0, "%s of %s never ran", hw->what, t[k].info.name);
}

static int has_movers(const zkpi_keccak_kernelN *k) { return k->xor_lanes != NULL; }

static void test_movers(void) {
    static hook_walk hw = {"lane movers", has_movers, check_mover, {0}};
    walk_multi_hooks(&hw);
}

/* ---- 4b. fused 64-byte hashes (the multi-lane entries with hash64) ------- */

/* The reference: rate-136 sponge of one 64-byte block, 32-byte digest. */
static void ref_hash64(const uint8_t in[64], uint8_t out[32], uint64_t suffix) {
    uint64_t a[25] = {0};
    for (int l = 0; l < 8; l++) a[l] = le64(in + 8 * l);
    a[8] ^= suffix;
    a[16] ^= 0x8000000000000000ull;
    fips_permute(a);
    for (int i = 0; i < 32; i++) out[i] = (uint8_t)(a[i / 8] >> (8 * (i % 8)));
}

/* Random and edge messages at random offsets, both suffixes, and outputs
 * that overwrite their own inputs (the contract reads all input first).
 * The two halves come as two pointers: one buffer (right = left + 32), or
 * the right half in a buffer of its own at its own offset (the multiproof
 * walk's node and sibling). */
static void check_hash64(const zkpi_keccak_kernelN *k) {
    const unsigned w = k->lanes;
    uint64_t n = th_count(300);
    for (uint64_t t = 0; t < n; t++) {
        const uint64_t suffix = t & 1 ? 0x06 : 0x01;
        const int alias = (t & 2) != 0, split = (t & 4) != 0;
        th_buf ib[ZKP_KECCAK_MAX_LANES], ob[ZKP_KECCAK_MAX_LANES], rb[ZKP_KECCAK_MAX_LANES];
        const uint8_t *in[ZKP_KECCAK_MAX_LANES], *right[ZKP_KECCAK_MAX_LANES];
        uint8_t *out[ZKP_KECCAK_MAX_LANES], want[ZKP_KECCAK_MAX_LANES][32];
        for (unsigned i = 0; i < w; i++) {
            ib[i] = th_buf_new(64, (size_t)th_rand_below(8));
            if (t < 2) memset(ib[i].p, t == 0 ? 0x00 : 0xFF, 64);
            ref_hash64(ib[i].p, want[i], suffix);
            in[i] = ib[i].p;
            right[i] = ib[i].p + 32;
            if (split) {
                rb[i] = th_buf_new(32, (size_t)th_rand_below(8));
                memcpy(rb[i].p, ib[i].p + 32, 32);
                memset(ib[i].p + 32, 0x5A, 32); /* a kernel reading left + 32 gets these */
                right[i] = rb[i].p;
            }
            if (alias) {
                out[i] = ib[i].p;
            } else {
                ob[i] = th_buf_new(32, (size_t)th_rand_below(8));
                out[i] = ob[i].p;
            }
        }
        k->hash64(in, right, out, suffix);
        for (unsigned i = 0; i < w; i++) {
            CHECK_EQ_BYTES(out[i], want[i], 32);
            TH_BUF_FREE(ib[i]);
            if (split) TH_BUF_FREE(rb[i]);
            if (!alias) TH_BUF_FREE(ob[i]);
        }
    }
}

static int has_hash64(const zkpi_keccak_kernelN *k) { return k->hash64 != NULL; }

static void test_hash64(void) {
    static hook_walk hw = {"multi-lane hash64", has_hash64, check_hash64, {0}};
    walk_multi_hooks(&hw);
    /* Keccak-256 of 64 zero bytes, from tests/vectors/keccak/README.md. */
    static const uint8_t zero_digest[32] = {0xAD, 0x32, 0x28, 0xB6, 0x76, 0xF7, 0xD3, 0xCD, 0x42, 0x84, 0xA5,
                                            0x44, 0x3F, 0x17, 0xF1, 0x96, 0x2B, 0x36, 0xE4, 0x91, 0xB3, 0x0A,
                                            0x40, 0xB2, 0x40, 0x58, 0x49, 0xE5, 0x97, 0xBA, 0x5F, 0xB5};
    uint8_t zero[64] = {0}, got[32];
    ref_hash64(zero, got, 0x01);
    CHECK_EQ_BYTES(got, zero_digest, 32);
}

/* ---- 5. wiring: the keccak dispatcher really hands out these kernels ----- */

/* If an entry went missing from dispatch.c's tables (or its guard stopped
 * matching the build), hash_many would silently fall back to a narrower
 * kernel. */
static void test_wiring(void) {
    th_section("dispatch wiring");
    uint32_t det = zkp_cpu_detected();
    const zkpi_keccak_kernelN *m;
    (void)det;
    (void)m;
#if ZKP_KECCAK_EXTERNAL
    /* -DZKP_KECCAK_F1600=external: the program's permutation, one state at a time */
    CHECK(zkpi_keccak_single()->permute == zkp_keccakf1600_external);
    CHECK(zkpi_keccak_multi()->lanes == 1);
#else
#if ZKP_HAVE_AVX512
    if ((det & AVX512_NEED) == AVX512_NEED && zkp_cpu_force("avx512") == ZKP_OK) {
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
#endif /* ZKP_KECCAK_EXTERNAL */
}

int main(void) {
    th_init("test_keccak_kernels");
    test_reference_vectors();
    test_reference_permute();
    test_kernels();
    test_movers();
    test_hash64();
    test_wiring();
    return th_finish();
}
