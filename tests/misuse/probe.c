/*
 * Misuse probe: every public function of the headers in
 * include/zkprim/ fed
 * NULL pointers (with zero and non-zero lengths), zero lengths, SIZE_MAX-
 * scale lengths and counts, overlapping buffers and corrupted state
 * structs. Built against the INSTALLED headers and library under
 * ASan+UBSan by scripts/check-misuse.sh, so a crash or an out-of-bounds
 * access fails the run, and the observed results are printed as the rows
 * of the "Misuse table" in docs/reliability.md: the script diffs the two,
 * so the table cannot drift from what the library does.
 *
 * Every cell is computed from calls made here (a status name such as
 * LENGTH is the zkp_status the call returned, without the ZKP_ERR_
 * prefix); the only fixed texts are the "-" of a column that does not
 * apply and the "unchecked" of a void function's pointer precondition.
 *
 * Usage: probe            print the table rows
 *        probe --env      print zkp_cpu_env_status() (for the ZKPRIM_CPU check)
 */
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <zkprim/gf2.h>
#include <zkprim/gf2_iso.h>
#include <zkprim/goldilocks.h>
#include <zkprim/hemera.h>
#include <zkprim/keccak.h>
#include <zkprim/lean_imt.h>
#include <zkprim/oz_tree.h>
#include <zkprim/poseidon.h>
#include <zkprim/poseidon2.h>
#include <zkprim/zkprim.h>

/* A call that only sets up what the next row observes must succeed; its
 * status is checked here rather than ignored (every zkp_status function is
 * ZKP_MUST_USE), so a failing setup cannot make a row report nonsense. */
#define MUST_OK(expr) must_ok((expr), #expr, __LINE__)
static void must_ok(zkp_status st, const char *what, int line) {
    if (st == ZKP_OK) return;
    fprintf(stderr, "probe.c:%d: setup call %s returned %s\n", line, what, zkp_status_name(st));
    exit(1);
}

static int g_bad; /* results the probe itself knows are wrong (printed as WRONG) */

/* ---- cell formatting ----------------------------------------------------- */

static char g_pool[256][320];
static unsigned g_next;

static const char *fmt(const char *f, ...) {
    char *b = g_pool[g_next++ % 256];
    va_list ap;
    va_start(ap, f);
    vsnprintf(b, sizeof g_pool[0], f, ap);
    va_end(ap);
    return b;
}

/* Status without its prefix: "OK", "NULL", "LENGTH", ... */
static const char *sn(zkp_status s) {
    const char *n = zkp_status_name(s);
    if (!strncmp(n, "ZKP_ERR_", 8)) return n + 8;
    if (!strncmp(n, "ZKP_", 4)) return n + 4;
    return n;
}

/* An aliasing check's cell: same result as with separate buffers? */
static const char *same(const char *what, int equal) {
    if (!equal) g_bad++;
    return fmt("%s: %s", what, equal ? "same" : "WRONG");
}

/* Corrupt-state cell: seen has bit s set for every status s the corrupted
 * cases returned; all of them must be ZKP_ERR_STATE. */
static const char *state_cell(unsigned seen) {
    if (seen == 1u << ZKP_ERR_STATE) return "STATE";
    g_bad++;
    return fmt("WRONG (mask 0x%x)", seen);
}

static void row(const char *module, const char *fn, const char *null_, const char *zero, const char *huge,
                const char *overlap, const char *corrupt) {
    printf("| %s | `%s` | %s | %s | %s | %s | %s |\n", module, fn, null_, zero, huge, overlap, corrupt);
}

#define NA "-"
#define UNCHECKED "unchecked (void)"
#define IGNORED "ignored (void)"

/* NULL cell of a void function that documents "pointers must be valid" but
 * ignores a NULL: it must return without a crash and leave `out` alone. */
static const char *ignored_cell(int out_untouched) {
    if (!out_untouched) g_bad++;
    return out_untouched ? IGNORED : "WRONG (wrote output)";
}

/* SIZE_MAX-scale values every length/count cell tries; the cell shows the
 * result when all of them agree, else each one. */
static const size_t k_huge[] = {SIZE_MAX, SIZE_MAX / 2 + 1, (size_t)1 << 63};
#define NHUGE (sizeof k_huge / sizeof k_huge[0])

typedef zkp_status (*huge_fn)(size_t v, void *ctx);
static const char *huge_cell(huge_fn f, void *ctx) {
    zkp_status s[NHUGE];
    int all = 1;
    for (size_t i = 0; i < NHUGE; i++) {
        s[i] = f(k_huge[i], ctx);
        all &= s[i] == s[0];
    }
    if (all) return sn(s[0]);
    return fmt("%s/%s/%s", sn(s[0]), sn(s[1]), sn(s[2]));
}

/* Huge values as a lambda-ish: a static function per use, via this macro. */
#define HUGE_FN(name, ...)                                                                         \
    static zkp_status name(size_t v, void *ctx) {                                                  \
        (void)ctx;                                                                                 \
        __VA_ARGS__                                                                                \
    }

/* Scratch buffers, big enough for every call below. */
static uint8_t B[4096], B2[4096], O[4096];
static uint64_t W[64], W2[64], W3[64];

/* ---- zkprim.h ---------------------------------------------------------------- */

static void probe_core(void) {
    const char *m = "core";
    row(m, "zkp_version", NA, NA, NA, NA, NA);
    row(m, "zkp_status_name", NA, NA, fmt("999: %s", zkp_status_name((zkp_status)999)), NA, NA);
    row(m, "zkp_status_str", NA, NA, fmt("999: %s", zkp_status_str((zkp_status)999) ? "text" : "NULL"), NA, NA);
    row(m, "zkp_cpu_detected", NA, NA, NA, NA, NA);
    row(m, "zkp_cpu_active", NA, NA, NA, NA, NA);
    /* malformed names: all must be PARAM */
    static const char *const bad[] = {"avx2+", "+avx2", "avx2++bmi2", "", "AVX2", " avx2", "avx2 ", "x"};
    int all_param = 1;
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) all_param &= zkp_cpu_force(bad[i]) == ZKP_ERR_PARAM;
    if (!all_param) g_bad++;
    row(m, "zkp_cpu_force", sn(zkp_cpu_force(NULL)), fmt("\"\": %s", sn(zkp_cpu_force(""))),
        fmt("malformed: %s", all_param ? "PARAM" : "WRONG"), NA, NA);
    MUST_OK(zkp_cpu_force("native"));
    row(m, "zkp_cpu_env_status", NA, NA, NA, NA, NA);
    row(m, "zkp_cpu_feature_name", NA, fmt("0: %s", zkp_cpu_feature_name(0) ? "name" : "NULL"),
        fmt("~0: %s", zkp_cpu_feature_name(~0u) ? "name" : "NULL"), NA, NA);
    char small[8];
    memset(small, 'x', sizeof small);
    char *r0 = zkp_cpu_mask_string(~0u, small, 0);
    int untouched = r0 == small && small[0] == 'x';
    zkp_cpu_mask_string(~0u, small, sizeof small);
    int terminated = strlen(small) < sizeof small;
    if (!untouched || !terminated) g_bad++;
    row(m, "zkp_cpu_mask_string", "unchecked (returns buf)", fmt("cap 0: %s", untouched ? "untouched" : "WRONG"),
        fmt("small cap: %s", terminated ? "truncated" : "WRONG"), NA, NA);
    row(m, "zkp_cpu_model", NA, NA, NA, NA, NA);
}

/* ---- keccak.h ---------------------------------------------------------------- */

HUGE_FN(h_kh_len, return zkp_keccak_hash(ZKP_SHA3_256, B, v, O, 32);)
HUGE_FN(h_kh_out, return zkp_keccak_hash(ZKP_SHAKE128, B, 4, O, v);)
HUGE_FN(h_k256, return zkp_keccak256(B, v, O);)
HUGE_FN(h_s224, return zkp_sha3_224(B, v, O);)
HUGE_FN(h_s256, return zkp_sha3_256(B, v, O);)
HUGE_FN(h_s384, return zkp_sha3_384(B, v, O);)
HUGE_FN(h_s512, return zkp_sha3_512(B, v, O);)
HUGE_FN(h_sh128, return zkp_shake128(B, v, O, 16);)
HUGE_FN(h_sh256, return zkp_shake256(B, 4, O, v);)
HUGE_FN(h_kupd, {
    zkp_keccak_state s;
    MUST_OK(zkp_keccak_init(&s, ZKP_KECCAK_256));
    return zkp_keccak_update(&s, B, v);
})
HUGE_FN(h_kfin, {
    zkp_keccak_state s;
    MUST_OK(zkp_keccak_init(&s, ZKP_SHAKE256));
    return zkp_keccak_final(&s, O, v);
})
HUGE_FN(h_ksq, {
    zkp_keccak_state s;
    MUST_OK(zkp_keccak_init(&s, ZKP_SHAKE128));
    return zkp_keccak_squeeze(&s, O, v);
})
HUGE_FN(h_many_stride, return zkp_keccak_hash_batch(ZKP_KECCAK_256, B, 64, v, 3, O, 32);)
HUGE_FN(h_many_n, return zkp_keccak_hash_batch(ZKP_KECCAK_256, B, 0, 0, v, O, 32);)
HUGE_FN(h_many_ptrs, {
    const uint8_t *p[2] = {B, B};
    size_t l[2] = {4, 4};
    return zkp_keccak_hash_batch_ptrs(ZKP_SHA3_256, p, l, v, O, 32);
})
HUGE_FN(h_ktb, return zkp_keccak_tree_build(ZKP_KECCAK_256, B, ((size_t)1 << 63) >> (v == SIZE_MAX), 1, O);)
HUGE_FN(h_ktr, return zkp_keccak_tree_root(ZKP_KECCAK_256, B, ((size_t)1 << 63) >> (v == SIZE_MAX), 1, O);)
HUGE_FN(h_ktbd, return zkp_keccak_tree_build_data(ZKP_KECCAK_256, B, v, 1, 1, O, 1);)
HUGE_FN(h_ktrd, return zkp_keccak_tree_root_data(ZKP_KECCAK_256, B, v, 2, 1, O);)
HUGE_FN(h_ktp, return zkp_keccak_tree_proof(B, ((size_t)1 << 63) >> (v == SIZE_MAX), 0, O);)
HUGE_FN(h_ktv, return zkp_keccak_tree_verify(ZKP_KECCAK_256, O, B, 0, B, v);)

/* Corrupt-state cell of a Keccak streaming call: each private field set to
 * edge values on a live state; the cell is the set of results seen. */
typedef zkp_status (*kstream_fn)(zkp_keccak_state *s);
static zkp_status ks_update(zkp_keccak_state *s) { return zkp_keccak_update(s, B, 300);
}
static zkp_status ks_final(zkp_keccak_state *s) { return zkp_keccak_final(s, O, s->digest == 28 ? 28 : 32);
}
static zkp_status ks_squeeze(zkp_keccak_state *s) { return zkp_keccak_squeeze(s, O, 300);
}

static const char *keccak_corrupt(kstream_fn f) {
    static const zkp_keccak_alg algs[] = {ZKP_SHA3_224, ZKP_SHAKE128};
    unsigned seen = 0; /* bit per status */
    for (size_t a = 0; a < 2; a++) {
        for (int field = 0; field < 5; field++) {
            static const unsigned vals[] = {0, 1, 7, 137, 169, 200, 201, 0xFF, 0xFFFF};
            for (size_t v = 0; v < sizeof vals / sizeof vals[0]; v++) {
                zkp_keccak_state s;
                MUST_OK(zkp_keccak_init(&s, algs[a]));
                MUST_OK(zkp_keccak_update(&s, B, 5));
                unsigned x = vals[v];
                switch (field) {
                case 0: if (x == s.rate) continue; s.rate = (uint16_t)x; break;
                case 1: if (x < s.rate) continue; s.pos = (uint16_t)x; break;
                case 2: if (x == s.suffix) continue; s.suffix = (uint8_t)x; break;
                case 3: if (x == s.digest) continue; s.digest = (uint8_t)x; break;
                case 4: if (x >= 1 && x <= 3) continue; s.phase = (uint8_t)x; break;
                }
                seen |= 1u << f(&s);
            }
        }
    }
    zkp_keccak_state z;
    memset(&z, 0, sizeof z);
    seen |= 1u << f(&z);
    memset(&z, 0xA5, sizeof z);
    seen |= 1u << f(&z);
    return state_cell(seen);
}

static void probe_keccak(void) {
    const char *m = "keccak";
    /* permutation: in place, no pointer check (void) */
    row(m, "zkp_keccak_f1600", UNCHECKED, NA, NA, "in place", NA);
    row(m, "zkp_keccak_f1600_implementation", NA, NA, NA, NA, NA);
    row(m, "zkp_keccak_batch_implementation", NA, NA, NA, NA, NA);
    row(m, "zkp_keccak_digest_bytes", NA, NA, fmt("alg 99: %zu", zkp_keccak_digest_bytes((zkp_keccak_alg)99)), NA,
        NA);

    /* one-shot: out == in (the header says nothing; the sponge reads all
     * input before it writes) */
    memset(B, 0x5a, 200);
    MUST_OK(zkp_keccak_hash(ZKP_SHA3_256, B, 64, O, 32));
    memcpy(B2, B, 200);
    MUST_OK(zkp_keccak_hash(ZKP_SHA3_256, B2, 64, B2, 32));
    {
        const char *al_ = same("out=in", !memcmp(O, B2, 32));
        row(m, "zkp_keccak_hash",
        fmt("in,1: %s; in,0: %s; out: %s", sn(zkp_keccak_hash(ZKP_SHA3_256, NULL, 1, O, 32)),
            sn(zkp_keccak_hash(ZKP_SHA3_256, NULL, 0, O, 32)), sn(zkp_keccak_hash(ZKP_SHA3_256, B, 1, NULL, 32))),
        fmt("len 0: %s; XOF outlen 0: %s", sn(zkp_keccak_hash(ZKP_SHA3_256, B, 0, O, 32)),
            sn(zkp_keccak_hash(ZKP_SHAKE128, B, 1, O, 0))),
        fmt("len: %s; outlen: %s", huge_cell(h_kh_len, NULL), huge_cell(h_kh_out, NULL)),
        al_, NA);
    }
    struct { const char *name; zkp_status (*f)(const uint8_t *, size_t, uint8_t *); huge_fn h; size_t d; } fixed[] = {
        {"zkp_keccak256", zkp_keccak256, h_k256, 32},   {"zkp_sha3_224", zkp_sha3_224, h_s224, 28},
        {"zkp_sha3_256", zkp_sha3_256, h_s256, 32},     {"zkp_sha3_384", zkp_sha3_384, h_s384, 48},
        {"zkp_sha3_512", zkp_sha3_512, h_s512, 64},
    };
    for (size_t i = 0; i < sizeof fixed / sizeof fixed[0]; i++) {
        memset(B, 0x33, 200);
        fixed[i].f(B, 100, O);
        memcpy(B2, B, 200);
        fixed[i].f(B2, 100, B2);
        {
            const char *al_ = same("out=in", !memcmp(O, B2, fixed[i].d));
            row(m, fixed[i].name,
            fmt("in,1: %s; in,0: %s; out: %s", sn(fixed[i].f(NULL, 1, O)), sn(fixed[i].f(NULL, 0, O)),
                sn(fixed[i].f(B, 1, NULL))),
            sn(fixed[i].f(B, 0, O)), huge_cell(fixed[i].h, NULL), al_, NA);
        }
    }
    struct { const char *name; zkp_status (*f)(const uint8_t *, size_t, uint8_t *, size_t); huge_fn h; } xof[] = {
        {"zkp_shake128", zkp_shake128, h_sh128}, {"zkp_shake256", zkp_shake256, h_sh256}};
    for (size_t i = 0; i < 2; i++) {
        memset(B, 0x44, 200);
        xof[i].f(B, 50, O, 100);
        memcpy(B2, B, 200);
        xof[i].f(B2, 50, B2, 100);
        {
            const char *al_ = same("out=in", !memcmp(O, B2, 100));
            row(m, xof[i].name,
            fmt("in,1: %s; in,0: %s; out: %s", sn(xof[i].f(NULL, 1, O, 8)), sn(xof[i].f(NULL, 0, O, 8)),
                sn(xof[i].f(B, 1, NULL, 8))),
            fmt("len 0: %s; outlen 0: %s", sn(xof[i].f(B, 0, O, 8)), sn(xof[i].f(B, 1, O, 0))),
            huge_cell(xof[i].h, NULL), al_, NA);
        }
    }

    /* streaming */
    zkp_keccak_state s;
    row(m, "zkp_keccak_init", sn(zkp_keccak_init(NULL, ZKP_SHA3_256)), NA,
        fmt("alg 99: %s", sn(zkp_keccak_init(&s, (zkp_keccak_alg)99))), NA, "re-init: OK");
    MUST_OK(zkp_keccak_init(&s, ZKP_SHA3_256));
    zkp_status u_null = zkp_keccak_update(&s, NULL, 1), u_null0 = zkp_keccak_update(&s, NULL, 0);
    zkp_status u_s = zkp_keccak_update(NULL, B, 1), u_zero = zkp_keccak_update(&s, B, 0);
    row(m, "zkp_keccak_update", fmt("in,1: %s; in,0: %s; state: %s", sn(u_null), sn(u_null0), sn(u_s)), sn(u_zero),
        huge_cell(h_kupd, NULL), NA, keccak_corrupt(ks_update));
    MUST_OK(zkp_keccak_init(&s, ZKP_SHA3_256));
    zkp_status f_out = zkp_keccak_final(&s, NULL, 32), f_s = zkp_keccak_final(NULL, O, 32);
    MUST_OK(zkp_keccak_init(&s, ZKP_SHAKE128));
    zkp_status f_zero = zkp_keccak_final(&s, O, 0);
    row(m, "zkp_keccak_final", fmt("out: %s; state: %s", sn(f_out), sn(f_s)), fmt("XOF outlen 0: %s", sn(f_zero)),
        huge_cell(h_kfin, NULL), NA, keccak_corrupt(ks_final));
    MUST_OK(zkp_keccak_init(&s, ZKP_SHAKE128));
    zkp_status q_null = zkp_keccak_squeeze(&s, NULL, 1), q_null0 = zkp_keccak_squeeze(&s, NULL, 0);
    zkp_status q_s = zkp_keccak_squeeze(NULL, O, 1), q_zero = zkp_keccak_squeeze(&s, O, 0);
    row(m, "zkp_keccak_squeeze", fmt("out,1: %s; out,0: %s; state: %s", sn(q_null), sn(q_null0), sn(q_s)),
        sn(q_zero), huge_cell(h_ksq, NULL), NA, keccak_corrupt(ks_squeeze));

    /* pair: the header allows out to alias left or right */
    for (int k = 0; k < 2; k++) {
        void (*pf)(const uint8_t *, const uint8_t *, uint8_t *) = k ? zkp_sha3_256_pair : zkp_keccak256_pair;
        memset(B, 0x11, 64);
        memset(B + 32, 0x22, 32);
        pf(B, B + 32, O);
        memcpy(B2, B, 64);
        pf(B2, B2 + 32, B2);
        int l = !memcmp(O, B2, 32);
        memcpy(B2, B, 64);
        pf(B2, B2 + 32, B2 + 32);
        int r = !memcmp(O, B2 + 32, 32);
        {
            const char *al_ = same("out=left, out=right", l && r);
            row(m, k ? "zkp_sha3_256_pair" : "zkp_keccak256_pair", UNCHECKED, NA, NA,
            al_, NA);
        }
    }

    /* hash_many: out over in (outputs written after each group's inputs are
     * read; the header says nothing) */
    for (int i = 0; i < 256; i++) B[i] = (uint8_t)i;
    MUST_OK(zkp_keccak_hash_batch(ZKP_KECCAK_256, B, 64, 64, 4, O, 32));
    memcpy(B2, B, 256);
    MUST_OK(zkp_keccak_hash_batch(ZKP_KECCAK_256, B2, 64, 64, 4, B2, 32));
    {
        const char *al_ = same("out=in", !memcmp(O, B2, 128));
        row(m, "zkp_keccak_hash_batch",
        fmt("in,n>0: %s; in,len 0: %s; out: %s", sn(zkp_keccak_hash_batch(ZKP_KECCAK_256, NULL, 64, 64, 2, O, 32)),
            sn(zkp_keccak_hash_batch(ZKP_KECCAK_256, NULL, 0, 0, 2, O, 32)),
            sn(zkp_keccak_hash_batch(ZKP_KECCAK_256, B, 64, 64, 2, NULL, 32))),
        fmt("n 0: %s", sn(zkp_keccak_hash_batch(ZKP_KECCAK_256, NULL, 64, 64, 0, NULL, 32))),
        fmt("stride: %s; n: %s", huge_cell(h_many_stride, NULL), huge_cell(h_many_n, NULL)),
        al_, NA);
    }
    {
        const uint8_t *p[2] = {B, NULL};
        size_t l[2] = {4, 4};
        row(m, "zkp_keccak_hash_batch_ptrs",
            fmt("in[i],len>0: %s; lens: %s", sn(zkp_keccak_hash_batch_ptrs(ZKP_SHA3_256, p, l, 2, O, 32)),
                sn(zkp_keccak_hash_batch_ptrs(ZKP_SHA3_256, p, NULL, 1, O, 32))),
            fmt("n 0: %s", sn(zkp_keccak_hash_batch_ptrs(ZKP_SHA3_256, NULL, NULL, 0, NULL, 32))),
            huge_cell(h_many_ptrs, NULL), NA, NA);
    }

    /* trees: nodes may equal leaves (header) */
    for (int i = 0; i < 128; i++) B[i] = (uint8_t)(3 * i);
    MUST_OK(zkp_keccak_tree_build(ZKP_KECCAK_256, B, 4, 1, O));
    memcpy(B2, B, 128);
    MUST_OK(zkp_keccak_tree_build(ZKP_KECCAK_256, B2, 4, 1, B2));
    {
        const char *al_ = same("nodes=leaves", !memcmp(O, B2, 32 * 7));
        row(m, "zkp_keccak_tree_build",
        fmt("leaves: %s; nodes: %s", sn(zkp_keccak_tree_build(ZKP_KECCAK_256, NULL, 2, 1, O)),
            sn(zkp_keccak_tree_build(ZKP_KECCAK_256, B, 2, 1, NULL))),
        fmt("n 0: %s; n 3: %s", sn(zkp_keccak_tree_build(ZKP_KECCAK_256, B, 0, 1, O)),
            sn(zkp_keccak_tree_build(ZKP_KECCAK_256, B, 3, 1, O))), fmt("n 2^63: %s", huge_cell(h_ktb, NULL)),
        al_, NA);
    }
    row(m, "zkp_keccak_tree_build_data",
        fmt("data,len>0: %s; data,len 0: %s; nodes: %s",
            sn(zkp_keccak_tree_build_data(ZKP_KECCAK_256, NULL, 5, 4, 1, O, 2)),
            sn(zkp_keccak_tree_build_data(ZKP_KECCAK_256, NULL, 0, 4, 1, O, 1)),
            sn(zkp_keccak_tree_build_data(ZKP_KECCAK_256, B, 5, 4, 1, NULL, 2))),
        fmt("n 0: %s; n 4: %s; leaf_size 0: %s", sn(zkp_keccak_tree_build_data(ZKP_KECCAK_256, B, 5, 4, 1, O, 0)),
            sn(zkp_keccak_tree_build_data(ZKP_KECCAK_256, B, 5, 4, 1, O, 4)),
            sn(zkp_keccak_tree_build_data(ZKP_KECCAK_256, B, 5, 0, 1, O, 2))),
        fmt("len: %s", huge_cell(h_ktbd, NULL)), NA, NA);
    row(m, "zkp_keccak_tree_root",
        fmt("leaves: %s; root: %s", sn(zkp_keccak_tree_root(ZKP_KECCAK_256, NULL, 2, 1, O)),
            sn(zkp_keccak_tree_root(ZKP_KECCAK_256, B, 2, 1, NULL))),
        fmt("n 0: %s", sn(zkp_keccak_tree_root(ZKP_KECCAK_256, B, 0, 1, O))), fmt("n 2^63: %s", huge_cell(h_ktr, NULL)),
        NA, NA);
    row(m, "zkp_keccak_tree_root_data",
        fmt("data,size>0: %s; data,size 0: %s; root: %s",
            sn(zkp_keccak_tree_root_data(ZKP_KECCAK_256, NULL, 5, 2, 1, O)),
            sn(zkp_keccak_tree_root_data(ZKP_KECCAK_256, NULL, 0, 2, 1, O)),
            sn(zkp_keccak_tree_root_data(ZKP_KECCAK_256, B, 5, 2, 1, NULL))),
        fmt("n 0: %s", sn(zkp_keccak_tree_root_data(ZKP_KECCAK_256, B, 5, 0, 1, O))),
        fmt("leaf_size: %s", huge_cell(h_ktrd, NULL)), NA, NA);
    row(m, "zkp_keccak_tree_proof",
        fmt("nodes: %s; proof,n>1: %s; proof,n 1: %s", sn(zkp_keccak_tree_proof(NULL, 4, 0, O)),
            sn(zkp_keccak_tree_proof(B, 4, 0, NULL)), sn(zkp_keccak_tree_proof(B, 1, 0, NULL))),
        fmt("n 0: %s; index n: %s", sn(zkp_keccak_tree_proof(B, 0, 0, O)), sn(zkp_keccak_tree_proof(B, 4, 4, O))),
        fmt("n 2^63: %s; index u64 max: %s", huge_cell(h_ktp, NULL), sn(zkp_keccak_tree_proof(B, 4, UINT64_MAX, O))), NA,
        NA);
    row(m, "zkp_keccak_tree_verify",
        fmt("proof,depth>0: %s; proof,depth 0: %s; root: %s", sn(zkp_keccak_tree_verify(ZKP_KECCAK_256, O, B, 0, NULL, 3)),
            sn(zkp_keccak_tree_verify(ZKP_KECCAK_256, B, B, 0, NULL, 0)),
            sn(zkp_keccak_tree_verify(ZKP_KECCAK_256, NULL, B, 0, B, 1))),
        fmt("depth 0, leaf=root: %s", sn(zkp_keccak_tree_verify(ZKP_KECCAK_256, B, B, 0, NULL, 0))),
        fmt("depth: %s; index 2^depth: %s", huge_cell(h_ktv, NULL),
            sn(zkp_keccak_tree_verify(ZKP_KECCAK_256, O, B, 4, B, 2))),
        NA, NA);
}

/* ---- oz_tree.h --------------------------------------------------------------- */

HUGE_FN(h_ozt, return zkp_oz_abi_type_parse("uint8", v, (zkp_oz_abi_type *)(void *)W);)
HUGE_FN(h_oze, {
    zkp_oz_abi_type t[1];
    MUST_OK(zkp_oz_abi_type_parse("bytes", 5, t));
    zkp_oz_abi_value val = {B, v};
    size_t len;
    return zkp_oz_abi_encode(t, &val, 1, O, sizeof O, &len);
})
HUGE_FN(h_oze_n, {
    zkp_oz_abi_type t[2] = {{0, 0}, {0, 0}};
    zkp_oz_abi_value val[2] = {{NULL, 0}, {NULL, 0}};
    size_t len;
    return zkp_oz_abi_encode(t, val, v, O, sizeof O, &len);
})
HUGE_FN(h_ozl, {
    const uint8_t *p[1] = {B};
    size_t l[1] = {v};
    return zkp_oz_leaf_hash_batch(p, l, 1, O);
})
HUGE_FN(h_ozhv_n, {
    zkp_oz_abi_type t[1] = {{ZKP_OZ_ABI_BOOL, 0}};
    zkp_oz_abi_value val[1] = {{B, 32}};
    return zkp_oz_leaf_hash_values(t, 1, val, v, O, NULL);
})
HUGE_FN(h_ozhv_t, {
    zkp_oz_abi_type t[1] = {{ZKP_OZ_ABI_BOOL, 0}};
    zkp_oz_abi_value val[1] = {{B, 32}};
    return zkp_oz_leaf_hash_values(t, v, val, 1, O, NULL);
})
HUGE_FN(h_ozc, return zkp_oz_tree_check(B, v | 1, NULL);)
HUGE_FN(h_ozb, return zkp_oz_tree_build(B, v, O, NULL);)
HUGE_FN(h_ozp, {
    size_t d;
    return zkp_oz_tree_proof(B, v | 1, 0, O, 64, &d);
})
HUGE_FN(h_ozv, return zkp_oz_tree_verify(O, B, B, v);)
HUGE_FN(h_ozm, {
    size_t np, nf;
    return zkp_oz_tree_multi_proof(B, 7, W, v, W2, O, 7, &np, B2, 7, &nf);
})
HUGE_FN(h_ozmv, return zkp_oz_tree_multi_verify(O, B, v, B, 1, B2, v);)

static void probe_oz_tree(void) {
    const char *m = "oz_tree";
    zkp_oz_abi_type t[2];
    size_t len = 0, d = 0, np = 0, nf = 0;
    row(m, "zkp_oz_abi_type_parse",
        fmt("name,len>0: %s; type: %s", sn(zkp_oz_abi_type_parse(NULL, 4, t)), sn(zkp_oz_abi_type_parse("bool", 4, NULL))),
        fmt("len 0: %s", sn(zkp_oz_abi_type_parse("", 0, t))), fmt("len: %s", huge_cell(h_ozt, NULL)), NA, NA);
    MUST_OK(zkp_oz_abi_type_parse("address", 7, &t[0]));
    MUST_OK(zkp_oz_abi_type_parse("bytes", 5, &t[1]));
    memset(B, 0, 64);
    zkp_oz_abi_value val[2] = {{B, 32}, {NULL, 0}};
    row(m, "zkp_oz_abi_encode",
        fmt("types: %s; outlen: %s; out,cap>0: %s; bytes data,len>0: %s",
            sn(zkp_oz_abi_encode(NULL, val, 2, O, 256, &len)), sn(zkp_oz_abi_encode(t, val, 2, O, 256, NULL)),
            sn(zkp_oz_abi_encode(t, val, 2, NULL, 256, &len)),
            sn(zkp_oz_abi_encode(t, (zkp_oz_abi_value[2]){{B, 32}, {NULL, 3}}, 2, O, 256, &len))),
        fmt("n 0: %s; empty bytes: %s; cap short: %s", sn(zkp_oz_abi_encode(t, val, 0, O, 0, &len)),
            sn(zkp_oz_abi_encode(t, val, 2, O, 256, &len)), sn(zkp_oz_abi_encode(t, val, 2, O, 95, &len))),
        fmt("value len: %s; n: %s", huge_cell(h_oze, NULL), huge_cell(h_oze_n, NULL)), NA, NA);
    {
        const uint8_t *p[2] = {B, NULL};
        size_t l[2] = {64, 0};
        row(m, "zkp_oz_leaf_hash_batch",
            fmt("encoded: %s; lens: %s; out: %s; item,len 0: %s", sn(zkp_oz_leaf_hash_batch(NULL, l, 2, O)),
                sn(zkp_oz_leaf_hash_batch(p, NULL, 2, O)), sn(zkp_oz_leaf_hash_batch(p, l, 2, NULL)),
                sn(zkp_oz_leaf_hash_batch(p, l, 2, O))),
            fmt("n 0: %s", sn(zkp_oz_leaf_hash_batch(NULL, NULL, 0, NULL))), fmt("len: %s", huge_cell(h_ozl, NULL)), NA,
            NA);
    }
    {
        size_t bad = 0;
        memset(B, 0, 64);
        zkp_oz_abi_value big[2] = {{B2, 32}, {NULL, 0}};
        memset(B2, 0xff, 32); /* not an address: high bytes set */
        row(m, "zkp_oz_leaf_hash_values",
            fmt("types: %s; values: %s; out: %s; bytes data,len>0: %s; bad: %s",
                sn(zkp_oz_leaf_hash_values(NULL, 2, val, 1, O, &bad)), sn(zkp_oz_leaf_hash_values(t, 2, NULL, 1, O, &bad)),
                sn(zkp_oz_leaf_hash_values(t, 2, val, 1, NULL, &bad)),
                sn(zkp_oz_leaf_hash_values(t, 2, (zkp_oz_abi_value[2]){{B, 32}, {NULL, 3}}, 1, O, &bad)),
                sn(zkp_oz_leaf_hash_values(t, 2, val, 1, O, NULL))),
            fmt("n 0: %s; n_types 0: %s; a bad value: %s (index %zu)", sn(zkp_oz_leaf_hash_values(t, 2, val, 0, O, &bad)),
                sn(zkp_oz_leaf_hash_values(NULL, 0, NULL, 1, O, &bad)), sn(zkp_oz_leaf_hash_values(t, 2, big, 1, O, &bad)),
                bad),
            fmt("n: %s; n_types: %s", huge_cell(h_ozhv_n, NULL), huge_cell(h_ozhv_t, NULL)), NA, NA);
    }
    for (int i = 0; i < 128; i++) B[i] = (uint8_t)(5 * i);
    {
        size_t bad = 0;
        row(m, "zkp_oz_tree_check",
            fmt("nodes: %s; bad: %s", sn(zkp_oz_tree_check(NULL, 3, &bad)), sn(zkp_oz_tree_check(B, 3, NULL))),
            fmt("n 0: %s; n 1: %s; n 2: %s", sn(zkp_oz_tree_check(B, 0, &bad)), sn(zkp_oz_tree_check(B, 1, &bad)),
                sn(zkp_oz_tree_check(B, 2, &bad))),
            fmt("n: %s", huge_cell(h_ozc, NULL)), NA, NA);
    }
    row(m, "zkp_oz_tree_build",
        fmt("leaves: %s; nodes: %s; tree_index: %s", sn(zkp_oz_tree_build(NULL, 4, O, W)),
            sn(zkp_oz_tree_build(B, 4, NULL, W)), sn(zkp_oz_tree_build(B, 4, O, NULL))),
        fmt("n 0: %s; n 3: %s", sn(zkp_oz_tree_build(B, 0, O, W)), sn(zkp_oz_tree_build(B, 3, O, W))),
        fmt("n: %s", huge_cell(h_ozb, NULL)), NA, NA);
    MUST_OK(zkp_oz_tree_build(B, 4, O, W)); /* 7 nodes in O */
    memcpy(B2, O, 32 * 7);
    row(m, "zkp_oz_tree_proof",
        fmt("nodes: %s; depth: %s; proof,depth>0: %s; proof,1 leaf: %s", sn(zkp_oz_tree_proof(NULL, 7, 3, B, 8, &d)),
            sn(zkp_oz_tree_proof(B2, 7, 3, B, 8, NULL)), sn(zkp_oz_tree_proof(B2, 7, 3, NULL, 8, &d)),
            sn(zkp_oz_tree_proof(B2, 1, 0, NULL, 0, &d))),
        fmt("n_nodes 0: %s; n_nodes 6: %s; cap 0: %s; internal index: %s", sn(zkp_oz_tree_proof(B2, 0, 0, B, 8, &d)),
            sn(zkp_oz_tree_proof(B2, 6, 3, B, 8, &d)), sn(zkp_oz_tree_proof(B2, 7, 3, B, 0, &d)),
            sn(zkp_oz_tree_proof(B2, 7, 2, B, 8, &d))),
        fmt("n_nodes: %s; index u64 max: %s", huge_cell(h_ozp, NULL), sn(zkp_oz_tree_proof(B2, 7, UINT64_MAX, B, 8, &d))),
        NA, NA);
    row(m, "zkp_oz_tree_verify",
        fmt("root: %s; leaf: %s; proof,depth>0: %s", sn(zkp_oz_tree_verify(NULL, B, B, 1)),
            sn(zkp_oz_tree_verify(B2, NULL, B, 1)), sn(zkp_oz_tree_verify(B2, B, NULL, 1))),
        fmt("depth 0, leaf=root: %s; leaf!=root: %s", sn(zkp_oz_tree_verify(B2, B2, NULL, 0)),
            sn(zkp_oz_tree_verify(B2, B, NULL, 0))),
        fmt("depth: %s", huge_cell(h_ozv, NULL)), NA, NA);
    W[0] = 3, W[1] = 4, W[2] = 4;
    row(m, "zkp_oz_tree_multi_proof",
        fmt("nodes: %s; indices,k>0: %s; proof,cap>0: %s; flags_n: %s",
            sn(zkp_oz_tree_multi_proof(NULL, 7, W, 2, W2, O, 7, &np, B, 7, &nf)),
            sn(zkp_oz_tree_multi_proof(B2, 7, NULL, 2, W2, O, 7, &np, B, 7, &nf)),
            sn(zkp_oz_tree_multi_proof(B2, 7, W, 2, W2, NULL, 7, &np, B, 7, &nf)),
            sn(zkp_oz_tree_multi_proof(B2, 7, W, 2, W2, O, 7, &np, B, 7, NULL))),
        fmt("k 0: %s; n_nodes 0: %s; caps 0: %s; repeated index: %s",
            sn(zkp_oz_tree_multi_proof(B2, 7, NULL, 0, NULL, O, 7, &np, B, 7, &nf)),
            sn(zkp_oz_tree_multi_proof(B2, 0, W, 2, W2, O, 7, &np, B, 7, &nf)),
            sn(zkp_oz_tree_multi_proof(B2, 7, W, 2, W2, NULL, 0, &np, NULL, 0, &nf)),
            sn(zkp_oz_tree_multi_proof(B2, 7, W + 1, 2, W2, O, 7, &np, B, 7, &nf))),
        fmt("k: %s", huge_cell(h_ozm, NULL)), NA, NA);
    memset(B, 0, 64);
    row(m, "zkp_oz_tree_multi_verify",
        fmt("root: %s; leaves,n>0: %s; proof,n>0: %s; flags,n>0: %s",
            sn(zkp_oz_tree_multi_verify(NULL, B, 1, NULL, 0, NULL, 0)),
            sn(zkp_oz_tree_multi_verify(B2, NULL, 1, NULL, 0, NULL, 0)),
            sn(zkp_oz_tree_multi_verify(B2, NULL, 0, NULL, 1, NULL, 0)),
            sn(zkp_oz_tree_multi_verify(B2, B, 2, NULL, 0, NULL, 1))),
        fmt("all 0: %s; root as proof: %s; counts off: %s", sn(zkp_oz_tree_multi_verify(B2, NULL, 0, NULL, 0, NULL, 0)),
            sn(zkp_oz_tree_multi_verify(B2, NULL, 0, B2, 1, NULL, 0)),
            sn(zkp_oz_tree_multi_verify(B2, B, 2, B2, 1, B, 1))),
        fmt("counts: %s", huge_cell(h_ozmv, NULL)), NA, NA);
}

/* ---- hemera.h ---------------------------------------------------------------- */

HUGE_FN(h_hpb, {
    static uint64_t st[2][16];
    return zkp_hemera_permute_batch(st, v);
})
HUGE_FN(h_hh, return zkp_hemera_hash(B, v, O);)
HUGE_FN(h_hhs, return zkp_hemera_hash_secret(B, v, O);)
HUGE_FN(h_hkh, return zkp_hemera_keyed_hash(B2, B, v, O);)
HUGE_FN(h_hdk1, return zkp_hemera_derive_key(B, v, B, 1, O);)
HUGE_FN(h_hdk2, return zkp_hemera_derive_key(B, 1, B, v, O);)
HUGE_FN(h_hupd, {
    zkp_hemera_hasher h;
    zkp_hemera_hasher_init(&h);
    return zkp_hemera_hasher_update(&h, B, v);
})
HUGE_FN(h_hxof, {
    zkp_hemera_hasher h;
    zkp_hemera_xof x;
    zkp_hemera_hasher_init(&h);
    MUST_OK(zkp_hemera_hasher_finalize_xof(&h, &x));
    return zkp_hemera_xof_fill(&x, O, v);
})
HUGE_FN(h_hleaf, return zkp_hemera_hash_leaf(B, v, 0, 0, O);)
HUGE_FN(h_hrf, return zkp_hemera_tree_root_fixed(B, v, 1, O);)
HUGE_FN(h_hrft, return zkp_hemera_tree_root_fixed(B, v, 2, O);)
HUGE_FN(h_hcdc, return zkp_hemera_tree_root_cdc(B, v, O);)
HUGE_FN(h_hpc, {
    size_t pl;
    return zkp_hemera_tree_proof(B, v, 0, O, 64, &pl);
})
HUGE_FN(h_hpv, return zkp_hemera_tree_verify(O, B, v, 0, 100, O, 0);)
HUGE_FN(h_hps, {
    size_t sz;
    return zkp_hemera_tree_proof_size(UINT64_MAX, (uint64_t)v, &sz);
})
HUGE_FN(h_hnb, return zkp_hemera_hash_node_batch((const uint8_t(*)[64])B, v, 0, (uint8_t(*)[32])O);)
HUGE_FN(h_hlb, {
    const uint8_t *p[2] = {B, B};
    size_t l[2] = {4, 4};
    uint64_t c[2] = {0, 1};
    return zkp_hemera_hash_leaf_batch(p, l, c, v, 0, (uint8_t(*)[32])O);
})

/* Hasher / reader with their private fields overwritten. */
static const char *hemera_corrupt(int which) {
    unsigned seen = 0;
    static const uint32_t vals[] = {0, 1, 55, 56, 57, 0x484d0002u, 0x58460000u, 0xFFFFFFFFu};
    for (int field = 0; field < 2; field++) {
        for (size_t v = 0; v < sizeof vals / sizeof vals[0]; v++) {
            zkp_hemera_hasher h;
            zkp_hemera_xof x;
            zkp_hemera_hasher_init(&h);
            MUST_OK(zkp_hemera_hasher_update(&h, B, 10));
            MUST_OK(zkp_hemera_hasher_finalize_xof(&h, &x));
            if (which < 3) {
                if (field == 0) {
                    if (vals[v] < 56) continue;
                    h.buflen = vals[v];
                } else {
                    if (vals[v] == 0x484d0000u || vals[v] == 0x484d0001u) continue;
                    h.flags = vals[v];
                }
            } else {
                if (field == 0) {
                    if (vals[v] <= 32) continue;
                    x.pos = vals[v];
                } else {
                    x.flags = vals[v] == 0x58460000u ? 0x484d0000u : vals[v];
                }
            }
            zkp_status st = which == 0   ? zkp_hemera_hasher_update(&h, B, 100)
                            : which == 1 ? zkp_hemera_hasher_finalize(&h, O)
                            : which == 2 ? zkp_hemera_hasher_finalize_xof(&h, &x)
                                         : zkp_hemera_xof_fill(&x, O, 100);
            seen |= 1u << st;
        }
    }
    return state_cell(seen);
}

static void probe_hemera(void) {
    const char *m = "hemera";
    row(m, "zkp_hemera_permute", UNCHECKED, NA, NA, "in place", NA);
    row(m, "zkp_hemera_permute_ct", UNCHECKED, NA, NA, "in place", NA);
    row(m, "zkp_hemera_permute_implementation", NA, NA, NA, NA, NA);
    row(m, "zkp_hemera_permute_batch", fmt("n>0: %s", sn(zkp_hemera_permute_batch(NULL, 1))),
        fmt("n 0: %s", sn(zkp_hemera_permute_batch(NULL, 0))), huge_cell(h_hpb, NULL), "in place", NA);
    row(m, "zkp_hemera_permute_batch_implementation", NA, NA, NA, NA, NA);

    struct { const char *name; zkp_status (*f)(const uint8_t *, size_t, uint8_t *); huge_fn h; } one[] = {
        {"zkp_hemera_hash", zkp_hemera_hash, h_hh}, {"zkp_hemera_hash_secret", zkp_hemera_hash_secret, h_hhs}};
    for (size_t i = 0; i < 2; i++) {
        memset(B, 0x77, 200);
        one[i].f(B, 100, O);
        memcpy(B2, B, 200);
        one[i].f(B2, 100, B2);
        {
            const char *al_ = same("out=msg", !memcmp(O, B2, 32));
            row(m, one[i].name,
            fmt("msg,1: %s; msg,0: %s; out: %s", sn(one[i].f(NULL, 1, O)), sn(one[i].f(NULL, 0, O)),
                sn(one[i].f(B, 1, NULL))),
            sn(one[i].f(B, 0, O)), huge_cell(one[i].h, NULL), al_, NA);
        }
    }
    memset(B2, 9, 32);
    MUST_OK(zkp_hemera_keyed_hash(B2, B, 40, O));
    memcpy(W, B2, 32);
    MUST_OK(zkp_hemera_keyed_hash((const uint8_t *)W, B, 40, (uint8_t *)W));
    {
        const char *al_ = same("out=key", !memcmp(O, W, 32));
        row(m, "zkp_hemera_keyed_hash",
        fmt("key: %s; msg,1: %s; msg,0: %s", sn(zkp_hemera_keyed_hash(NULL, B, 1, O)),
            sn(zkp_hemera_keyed_hash(B2, NULL, 1, O)), sn(zkp_hemera_keyed_hash(B2, NULL, 0, O))),
        sn(zkp_hemera_keyed_hash(B2, B, 0, O)), huge_cell(h_hkh, NULL), al_, NA);
    }
    row(m, "zkp_hemera_derive_key",
        fmt("context,1: %s; material,1: %s; both,0: %s", sn(zkp_hemera_derive_key(NULL, 1, B, 1, O)),
            sn(zkp_hemera_derive_key(B, 1, NULL, 1, O)), sn(zkp_hemera_derive_key(NULL, 0, NULL, 0, O))),
        sn(zkp_hemera_derive_key(B, 0, B, 0, O)),
        fmt("context: %s; material: %s", huge_cell(h_hdk1, NULL), huge_cell(h_hdk2, NULL)), NA, NA);

    /* the constructors return nothing: a NULL hasher is ignored, a NULL key
     * leaves the hasher unusable (its next use is observed) */
    zkp_hemera_hasher h;
    zkp_hemera_hasher_init(NULL);
    row(m, "zkp_hemera_hasher_init", IGNORED, NA, NA, NA, "re-init: OK");
    zkp_hemera_hasher_init_secret(NULL);
    row(m, "zkp_hemera_hasher_init_secret", IGNORED, NA, NA, NA, "re-init: OK");
    zkp_hemera_hasher_init_keyed(NULL, B);
    zkp_hemera_hasher_init_keyed(&h, NULL);
    zkp_status ik_after = zkp_hemera_hasher_update(&h, B, 1);
    row(m, "zkp_hemera_hasher_init_keyed", fmt("h: %s; key: hasher then %s", IGNORED, sn(ik_after)), NA, NA, NA,
        "re-init: OK");
    zkp_hemera_hasher_init_derive_key_context(NULL);
    row(m, "zkp_hemera_hasher_init_derive_key_context", IGNORED, NA, NA, NA, "re-init: OK");
    zkp_hemera_hasher_init_derive_key_material(NULL, B);
    zkp_hemera_hasher_init_derive_key_material(&h, NULL);
    zkp_status im_after = zkp_hemera_hasher_update(&h, B, 1);
    row(m, "zkp_hemera_hasher_init_derive_key_material",
        fmt("h: %s; context_key: hasher then %s", IGNORED, sn(im_after)), NA, NA, NA, "re-init: OK");
    zkp_hemera_hasher_init(&h);
    row(m, "zkp_hemera_hasher_update",
        fmt("data,1: %s; data,0: %s; h: %s", sn(zkp_hemera_hasher_update(&h, NULL, 1)),
            sn(zkp_hemera_hasher_update(&h, NULL, 0)), sn(zkp_hemera_hasher_update(NULL, B, 1))),
        sn(zkp_hemera_hasher_update(&h, B, 0)), huge_cell(h_hupd, NULL), NA, hemera_corrupt(0));
    row(m, "zkp_hemera_hasher_finalize",
        fmt("h: %s; out: %s", sn(zkp_hemera_hasher_finalize(NULL, O)), sn(zkp_hemera_hasher_finalize(&h, NULL))), NA,
        NA, NA, hemera_corrupt(1));
    zkp_hemera_xof x;
    row(m, "zkp_hemera_hasher_finalize_xof",
        fmt("h: %s; xof: %s", sn(zkp_hemera_hasher_finalize_xof(NULL, &x)),
            sn(zkp_hemera_hasher_finalize_xof(&h, NULL))),
        NA, NA, NA, hemera_corrupt(2));
    MUST_OK(zkp_hemera_hasher_finalize_xof(&h, &x));
    row(m, "zkp_hemera_xof_fill",
        fmt("out,1: %s; out,0: %s; xof: %s", sn(zkp_hemera_xof_fill(&x, NULL, 1)), sn(zkp_hemera_xof_fill(&x, NULL, 0)),
            sn(zkp_hemera_xof_fill(NULL, O, 1))),
        sn(zkp_hemera_xof_fill(&x, O, 0)), huge_cell(h_hxof, NULL), NA, hemera_corrupt(3));

    memset(B, 0x21, 200);
    MUST_OK(zkp_hemera_hash_leaf(B, 100, 3, 0, O));
    memcpy(B2, B, 200);
    MUST_OK(zkp_hemera_hash_leaf(B2, 100, 3, 0, B2));
    {
        const char *al_ = same("out=chunk", !memcmp(O, B2, 32));
        row(m, "zkp_hemera_hash_leaf",
        fmt("chunk,1: %s; chunk,0: %s; out: %s", sn(zkp_hemera_hash_leaf(NULL, 1, 0, 0, O)),
            sn(zkp_hemera_hash_leaf(NULL, 0, 0, 0, O)), sn(zkp_hemera_hash_leaf(B, 1, 0, 0, NULL))),
        sn(zkp_hemera_hash_leaf(B, 0, 0, 0, O)), huge_cell(h_hleaf, NULL), al_, NA);
    }
    zkp_hemera_hash_node(B, B + 32, 0, O);
    memcpy(B2, B, 64);
    zkp_hemera_hash_node(B2, B2 + 32, 0, B2 + 32);
    int nr = !memcmp(O, B2 + 32, 32);
    memcpy(B2, B, 64);
    zkp_hemera_hash_node(B2, B2 + 32, 0, B2);
    {
        const char *al_ = same("out=left, out=right", nr && !memcmp(O, B2, 32));
        memset(B2, 0x3c, 32);
        memcpy(B2 + 32, B2, 32);
        zkp_hemera_hash_node(NULL, B, 0, B2);
        zkp_hemera_hash_node(B, NULL, 0, B2);
        zkp_hemera_hash_node(B, B, 0, NULL);
        row(m, "zkp_hemera_hash_node", ignored_cell(!memcmp(B2, B2 + 32, 32)), NA, NA, al_, NA);
    }
    zkp_hemera_hash_node_nmt(B, B + 32, 1, 2, 0, O);
    memcpy(B2, B, 64);
    zkp_hemera_hash_node_nmt(B2, B2 + 32, 1, 2, 0, B2);
    {
        const char *al_ = same("out=left", !memcmp(O, B2, 32));
        memset(B2, 0x3c, 32);
        memcpy(B2 + 32, B2, 32);
        zkp_hemera_hash_node_nmt(NULL, B, 0, 0, 0, B2);
        zkp_hemera_hash_node_nmt(B, NULL, 0, 0, 0, B2);
        zkp_hemera_hash_node_nmt(B, B, 0, 0, 0, NULL);
        const char *nul_ = ignored_cell(!memcmp(B2, B2 + 32, 32));
        /* bounds are limbs taken mod p: u64 max = 2^32 - 2 (mod p) */
        zkp_hemera_hash_node_nmt(B, B, UINT64_MAX, UINT64_MAX, 0, O);
        zkp_hemera_hash_node_nmt(B, B, 0xFFFFFFFEull, 0xFFFFFFFEull, 0, B2);
        int modp = !memcmp(O, B2, 32);
        if (!modp) g_bad++;
        row(m, "zkp_hemera_hash_node_nmt", nul_, NA, fmt("ns u64 max: %s", modp ? "taken mod p" : "WRONG"), al_, NA);
    }

    /* tree_root_fixed on one thread (the stack merge) and on two (the
     * batch levels), then tree_root_cdc: a cell shows both thread counts
     * only where they differ */
    struct { const char *name; int kind; huge_fn h; } roots[] = {
        {"zkp_hemera_tree_root_fixed", 0, h_hrf}, {"zkp_hemera_tree_root_fixed", 1, h_hrft},
        {"zkp_hemera_tree_root_cdc", 2, h_hcdc}};
    const char *cell[3][4];
    for (size_t i = 0; i < 3; i++) {
#define ROOT(d, l, o)                                                                              \
    (roots[i].kind == 0   ? zkp_hemera_tree_root_fixed(d, l, 1, o)                                 \
     : roots[i].kind == 1 ? zkp_hemera_tree_root_fixed(d, l, 2, o)                                 \
                          : zkp_hemera_tree_root_cdc(d, l, o))
        for (int k = 0; k < 4096; k++) B[k] = (uint8_t)(k * 7);
        MUST_OK(ROOT(B, 4096, O));
        memcpy(B2, B, 4096);
        MUST_OK(ROOT(B2, 4096, B2));
        cell[i][3] = same("out=data", !memcmp(O, B2, 32));
        cell[i][0] = fmt("data,1: %s; data,0: %s; out: %s", sn(ROOT(NULL, 1, O)), sn(ROOT(NULL, 0, O)),
                         sn(ROOT(B, 1, NULL)));
        cell[i][1] = sn(ROOT(B, 0, O));
        cell[i][2] = huge_cell(roots[i].h, NULL);
#undef ROOT
    }
    const char *merged[4];
    for (int c = 0; c < 4; c++)
        merged[c] = strcmp(cell[0][c], cell[1][c]) ? fmt("threads 1: %s; threads 2: %s", cell[0][c], cell[1][c])
                                                   : cell[0][c];
    row(m, roots[0].name, merged[0], merged[1], merged[2], merged[3], NA);
    row(m, roots[2].name, cell[2][0], cell[2][1], cell[2][2], cell[2][3], NA);
    row(m, "zkp_hemera_tree_chunk_count", NA, fmt("0: %llu", (unsigned long long)zkp_hemera_tree_chunk_count(0)),
        fmt("u64 max: %llu", (unsigned long long)zkp_hemera_tree_chunk_count(UINT64_MAX)), NA, NA);
    size_t sz;
    row(m, "zkp_hemera_tree_proof_size", sn(zkp_hemera_tree_proof_size(0, 0, NULL)), sn(zkp_hemera_tree_proof_size(0, 0, &sz)),
        fmt("index: %s", huge_cell(h_hps, NULL)), NA, NA);
    size_t pl;
    row(m, "zkp_hemera_tree_proof",
        fmt("data,len>0: %s; proof,cap>0: %s; proof_len: %s", sn(zkp_hemera_tree_proof(NULL, 1, 0, O, 64, &pl)),
            sn(zkp_hemera_tree_proof(B, 8192, 0, NULL, 64, &pl)), sn(zkp_hemera_tree_proof(B, 1, 0, O, 64, NULL))),
        fmt("len 0: %s; cap 0, 2 chunks: %s", sn(zkp_hemera_tree_proof(NULL, 0, 0, NULL, 0, &pl)),
            sn(zkp_hemera_tree_proof(B, 8192, 0, NULL, 0, &pl))),
        fmt("len: %s", huge_cell(h_hpc, NULL)), NA, NA);
    row(m, "zkp_hemera_tree_verify",
        fmt("root: %s; chunk,len>0: %s; proof,len>0: %s", sn(zkp_hemera_tree_verify(NULL, B, 1, 0, 1, NULL, 0)),
            sn(zkp_hemera_tree_verify(O, NULL, 1, 0, 1, NULL, 0)), sn(zkp_hemera_tree_verify(O, B, 1, 0, 1, NULL, 32))),
        fmt("empty data, wrong root: %s", sn(zkp_hemera_tree_verify(B2 + 100, NULL, 0, 0, 0, NULL, 0))),
        fmt("chunk_len: %s", huge_cell(h_hpv, NULL)), NA, NA);
    for (int k = 0; k < 256; k++) B[k] = (uint8_t)(k * 5);
    MUST_OK(zkp_hemera_hash_node_batch((const uint8_t(*)[64])B, 4, 0, (uint8_t(*)[32])O));
    memcpy(B2, B, 256);
    MUST_OK(zkp_hemera_hash_node_batch((const uint8_t(*)[64])B2, 4, 0, (uint8_t(*)[32])B2));
    {
        const char *al_ = same("out=pairs", !memcmp(O, B2, 128));
        row(m, "zkp_hemera_hash_node_batch",
        fmt("n>0: %s", sn(zkp_hemera_hash_node_batch(NULL, 1, 0, (uint8_t(*)[32])O))),
        fmt("n 0: %s", sn(zkp_hemera_hash_node_batch(NULL, 0, 0, NULL))), huge_cell(h_hnb, NULL),
        al_, NA);
    }
    {
        const uint8_t *p[2] = {B, NULL};
        size_t l[2] = {4, 4};
        uint64_t c[2] = {0, 1};
        row(m, "zkp_hemera_hash_leaf_batch",
            fmt("chunks[i],len>0: %s; counters: %s", sn(zkp_hemera_hash_leaf_batch(p, l, c, 2, 0, (uint8_t(*)[32])O)),
                sn(zkp_hemera_hash_leaf_batch(p, l, NULL, 1, 0, (uint8_t(*)[32])O))),
            fmt("n 0: %s", sn(zkp_hemera_hash_leaf_batch(NULL, NULL, NULL, 0, 0, NULL))), huge_cell(h_hlb, NULL), NA,
            NA);
    }
}

/* ---- goldilocks.h ------------------------------------------------------------ */

static void probe_goldilocks(void) {
    /* The value functions have no pointers or lengths: the only misuse is a
     * non-canonical operand, which the header accepts (taken mod p).
     * Checked: every result of u64-max operands is canonical. The inverses
     * write through r: NULL r, and the inverse of p (= 0 mod p). */
    const uint64_t M = UINT64_MAX, P = ZKP_GOLDILOCKS_P;
    struct { const char *name; uint64_t v; } r[] = {
        {"zkp_goldilocks_reduce", zkp_goldilocks_reduce(M)},
        {"zkp_goldilocks_reduce128", zkp_goldilocks_reduce128(M, M)},
        {"zkp_goldilocks_add", zkp_goldilocks_add(M, M)},
        {"zkp_goldilocks_sub", zkp_goldilocks_sub(0, M)},
        {"zkp_goldilocks_neg", zkp_goldilocks_neg(M)},
        {"zkp_goldilocks_mul", zkp_goldilocks_mul(M, M)},
        {"zkp_goldilocks_square", zkp_goldilocks_square(M)},
        {"zkp_goldilocks_pow", zkp_goldilocks_pow(M, M)},
    };
    for (size_t i = 0; i < sizeof r / sizeof r[0]; i++) {
        if (r[i].v >= P) g_bad++;
        row("goldilocks", r[i].name, NA, NA, fmt("u64 max operands: %s", r[i].v < P ? "canonical" : "WRONG"), NA, NA);
    }
    struct { const char *name; zkp_status (*f)(uint64_t *, uint64_t); } inv[] = {
        {"zkp_goldilocks_inv", zkp_goldilocks_inv}, {"zkp_goldilocks_inv_vartime", zkp_goldilocks_inv_vartime}};
    for (size_t i = 0; i < 2; i++) {
        uint64_t v = 5, w = 5;
        zkp_status zs = inv[i].f(&v, P), ms = inv[i].f(&w, M);
        int canon = w < P;
        if (v != 0 || !canon) g_bad++;
        row("goldilocks", inv[i].name, sn(inv[i].f(NULL, 2)), fmt("a = p: %s, r = %s", sn(zs), v ? "WRONG" : "0"),
            fmt("a = u64 max: %s, %s", sn(ms), canon ? "canonical" : "WRONG"), NA, NA);
    }
}

/* ---- poseidon.h -------------------------------------------------------------- */

HUGE_FN(h_phm, {
    zkp_poseidon_fr in[4] = {{{0}}}, out[4];
    return zkp_poseidon_hash_batch(in, 2, v, out);
})
HUGE_FN(h_pmr, {
    zkp_poseidon_fr in[2] = {{{0}}}, out;
    return zkp_poseidon_tree_root(in, ((size_t)1 << 63) >> (v == SIZE_MAX ? 4 : 0), &out);
})
HUGE_FN(h_pmt, {
    zkp_poseidon_fr in[2] = {{{0}}}, out[3];
    return zkp_poseidon_tree_build(in, ((size_t)1 << 63) >> (v == SIZE_MAX ? 4 : 0), out);
})
HUGE_FN(h_ptp, {
    zkp_poseidon_fr in[3] = {{{0}}}, out[2];
    return zkp_poseidon_tree_proof(in, ((size_t)1 << 63) >> (v == SIZE_MAX ? 4 : 0), 0, out);
})
HUGE_FN(h_ptl, {
    zkp_poseidon_fr in[2] = {{{0}}}, out[2];
    return zkp_poseidon_tree_proof_from_leaves(in, ((size_t)1 << 63) >> (v == SIZE_MAX ? 4 : 0), 0, out, NULL);
})
HUGE_FN(h_ptv, {
    zkp_poseidon_fr in[2] = {{{0}}};
    return zkp_poseidon_tree_verify(in, in, 0, in, v);
})
HUGE_FN(h_ppr, {
    zkp_poseidon_fr in[2] = {{{0}}}, out;
    return zkp_poseidon_tree_proof_root(in, 0, in, v, &out);
})
HUGE_FN(h_pbytes, {
    const uint8_t *p[2] = {B, B};
    size_t l[2] = {32, 32};
    return zkp_poseidon_hash_bytes_be(p, l, v, O, NULL);
})
HUGE_FN(h_phbytes, {
    zkp_poseidon_circom h;
    MUST_OK(zkp_poseidon_new_circom(&h, 2, NULL));
    const uint8_t *p[2] = {B, B};
    size_t l[2] = {32, 32};
    return zkp_poseidon_circom_hash_bytes_le(&h, p, l, v, O, NULL);
})
HUGE_FN(h_phh, {
    zkp_poseidon_circom h;
    MUST_OK(zkp_poseidon_new_circom(&h, 2, NULL));
    zkp_poseidon_fr in[2] = {{{0}}}, out;
    return zkp_poseidon_circom_hash(&h, in, v, &out, NULL);
})

/* Poseidon configuration (zkp_poseidon_circom) with overwritten fields: every use. */
static const char *poseidon_corrupt(int which) {
    unsigned seen = 0;
    zkp_poseidon_fr in[16] = {{{0}}}, out;
    const uint8_t *p[16];
    size_t l[16];
    memset(B, 0, 32);
    for (int i = 0; i < 16; i++) p[i] = B, l[i] = 32;
    for (int c = 0; c < 8; c++) {
        zkp_poseidon_circom h;
        MUST_OK(zkp_poseidon_new_circom(&h, 2, NULL));
        size_t n = 2;
        switch (c) {
        case 0: h.n_inputs = 0; n = 0; break;
        case 1: h.n_inputs = 13; n = 13; break;
        case 2: h.n_inputs = 1000; n = 16; break;
        case 3: h.n_inputs = UINT32_MAX; break;
        case 4: h.valid = 0; break;
        case 5: memset(h.domain_tag.limb, 0xFF, 32); break;
        case 6: memset(&h, 0, sizeof h); break;
        case 7: memset(&h, 0xA5, sizeof h); break;
        }
        zkp_status st = which == 0   ? zkp_poseidon_circom_hash(&h, in, n, &out, NULL)
                        : which == 1 ? zkp_poseidon_circom_hash_bytes_be(&h, p, l, n, O, NULL)
                                     : zkp_poseidon_circom_hash_bytes_le(&h, p, l, n, O, NULL);
        seen |= 1u << st;
    }
    return state_cell(seen);
}

static void probe_poseidon(void) {
    const char *m = "poseidon";
    zkp_poseidon_fr in[17], out, outs[8], st[17];
    memset(in, 0, sizeof in);
    for (int i = 0; i < 17; i++) in[i].limb[0] = (uint64_t)i + 1;
    row(m, "zkp_poseidon_implementation", NA, NA, NA, NA, NA);
    MUST_OK(zkp_poseidon_hash(in, 3, &out));
    memcpy(st, in, sizeof st);
    MUST_OK(zkp_poseidon_hash(st, 3, &st[0]));
    {
        const char *al_ = same("out=inputs", !memcmp(&out, &st[0], 32));
        row(m, "zkp_poseidon_hash",
        fmt("inputs: %s; out: %s", sn(zkp_poseidon_hash(NULL, 2, &out)), sn(zkp_poseidon_hash(in, 2, NULL))),
        fmt("n 0: %s", sn(zkp_poseidon_hash(in, 0, &out))), fmt("n: %s", sn(zkp_poseidon_hash(in, SIZE_MAX, &out))),
        al_, NA);
    }
    memset(B, 0, 17 * 32);
    for (int i = 0; i < 17; i++) B[32 * i + 31] = (uint8_t)(i + 1);
    for (int be = 1; be >= 0; be--) {
        zkp_status (*f)(const uint8_t *, size_t, uint8_t *) = be ? zkp_poseidon_hash_be : zkp_poseidon_hash_le;
        f(B, 2, O);
        memcpy(B2, B, 64);
        f(B2, 2, B2);
        {
            const char *al_ = same("out=inputs", !memcmp(O, B2, 32));
            row(m, be ? "zkp_poseidon_hash_be" : "zkp_poseidon_hash_le",
            fmt("inputs: %s; out: %s", sn(f(NULL, 2, O)), sn(f(B, 2, NULL))), fmt("n 0: %s", sn(f(B, 0, O))),
            fmt("n: %s", sn(f(B, SIZE_MAX, O))), al_, NA);
        }
    }
    row(m, "zkp_poseidon_hash_tagged",
        fmt("capacity: %s; inputs: %s", sn(zkp_poseidon_hash_tagged(NULL, in, 2, &out)),
            sn(zkp_poseidon_hash_tagged(&in[0], NULL, 2, &out))),
        fmt("n 0: %s", sn(zkp_poseidon_hash_tagged(NULL, in, 0, &out))),
        fmt("n: %s", sn(zkp_poseidon_hash_tagged(NULL, in, SIZE_MAX, &out))), NA, NA);
    memcpy(st, in, sizeof st);
    row(m, "zkp_poseidon_permute", sn(zkp_poseidon_permute(NULL, 3)), fmt("t 0: %s", sn(zkp_poseidon_permute(st, 0))),
        fmt("t: %s", sn(zkp_poseidon_permute(st, SIZE_MAX))), "in place", NA);
    MUST_OK(zkp_poseidon_hash_batch(in, 2, 4, outs));
    memcpy(st, in, sizeof st);
    MUST_OK(zkp_poseidon_hash_batch(st, 2, 4, st));
    {
        const char *al_ = same("outs=inputs", !memcmp(outs, st, 4 * 32));
        row(m, "zkp_poseidon_hash_batch",
        fmt("count>0: %s; count 0: %s", sn(zkp_poseidon_hash_batch(NULL, 2, 3, &out)),
            sn(zkp_poseidon_hash_batch(NULL, 2, 0, NULL))),
        fmt("n 0: %s", sn(zkp_poseidon_hash_batch(in, 0, 1, &out))), fmt("count: %s", huge_cell(h_phm, NULL)),
        al_, NA);
    }
    MUST_OK(zkp_poseidon_tree_root(in, 8, &out));
    row(m, "zkp_poseidon_tree_root",
        fmt("leaves: %s; root: %s", sn(zkp_poseidon_tree_root(NULL, 4, &out)), sn(zkp_poseidon_tree_root(in, 4, NULL))),
        fmt("n 0: %s", sn(zkp_poseidon_tree_root(in, 0, &out))), fmt("n 2^k: %s", huge_cell(h_pmr, NULL)), NA, NA);
    {
        zkp_poseidon_fr nodes[15], n2[15];
        MUST_OK(zkp_poseidon_tree_build(in, 8, nodes));
        memcpy(n2, in, 8 * 32);
        MUST_OK(zkp_poseidon_tree_build(n2, 8, n2));
        {
            const char *al_ = same("nodes=leaves", !memcmp(nodes, n2, sizeof nodes));
            row(m, "zkp_poseidon_tree_build",
            fmt("leaves: %s; nodes: %s", sn(zkp_poseidon_tree_build(NULL, 4, nodes)),
                sn(zkp_poseidon_tree_build(in, 4, NULL))),
            fmt("n 0: %s", sn(zkp_poseidon_tree_build(in, 0, nodes))), fmt("n 2^k: %s", huge_cell(h_pmt, NULL)),
            al_, NA);
        }
    }
    {
        zkp_poseidon_fr nodes[15], pr[3];
        MUST_OK(zkp_poseidon_tree_build(in, 8, nodes));
        row(m, "zkp_poseidon_tree_proof",
            fmt("nodes: %s; proof,n>1: %s; proof,n 1: %s", sn(zkp_poseidon_tree_proof(NULL, 8, 0, pr)),
                sn(zkp_poseidon_tree_proof(nodes, 8, 0, NULL)), sn(zkp_poseidon_tree_proof(nodes, 1, 0, NULL))),
            fmt("n 0: %s; index n: %s", sn(zkp_poseidon_tree_proof(nodes, 0, 0, pr)),
                sn(zkp_poseidon_tree_proof(nodes, 8, 8, pr))),
            fmt("n 2^k: %s; index u64 max: %s", huge_cell(h_ptp, NULL), sn(zkp_poseidon_tree_proof(nodes, 8, UINT64_MAX, pr))),
            NA, NA);
    }
    {
        zkp_poseidon_fr pr[3], r;
        row(m, "zkp_poseidon_tree_proof_from_leaves",
            fmt("leaves: %s; proof,n>1: %s; proof,n 1: %s; root: %s",
                sn(zkp_poseidon_tree_proof_from_leaves(NULL, 8, 0, pr, &r)),
                sn(zkp_poseidon_tree_proof_from_leaves(in, 8, 0, NULL, &r)),
                sn(zkp_poseidon_tree_proof_from_leaves(in, 1, 0, NULL, &r)),
                sn(zkp_poseidon_tree_proof_from_leaves(in, 8, 0, pr, NULL))),
            fmt("n 0: %s; n 3: %s; index n: %s", sn(zkp_poseidon_tree_proof_from_leaves(in, 0, 0, pr, &r)),
                sn(zkp_poseidon_tree_proof_from_leaves(in, 3, 0, pr, &r)),
                sn(zkp_poseidon_tree_proof_from_leaves(in, 8, 8, pr, &r))),
            fmt("n 2^k: %s; index u64 max: %s", huge_cell(h_ptl, NULL),
                sn(zkp_poseidon_tree_proof_from_leaves(in, 8, UINT64_MAX, pr, &r))),
            NA, NA);
    }
    row(m, "zkp_poseidon_tree_proof_root",
        fmt("proof,depth>0: %s; proof,depth 0: %s", sn(zkp_poseidon_tree_proof_root(in, 0, NULL, 2, &out)),
            sn(zkp_poseidon_tree_proof_root(in, 0, NULL, 0, &out))),
        fmt("depth 0: %s", sn(zkp_poseidon_tree_proof_root(in, 0, in, 0, &out))),
        fmt("depth: %s; index 2^depth: %s", huge_cell(h_ppr, NULL), sn(zkp_poseidon_tree_proof_root(in, 4, in, 2, &out))),
        NA, NA);
    row(m, "zkp_poseidon_tree_verify",
        fmt("root: %s; proof,depth>0: %s; proof,depth 0: %s", sn(zkp_poseidon_tree_verify(NULL, in, 0, in, 1)),
            sn(zkp_poseidon_tree_verify(in, in, 0, NULL, 2)), sn(zkp_poseidon_tree_verify(in, in, 0, NULL, 0))),
        fmt("depth 0, leaf=root: %s", sn(zkp_poseidon_tree_verify(in, in, 0, NULL, 0))),
        fmt("depth: %s; index 2^depth: %s", huge_cell(h_ptv, NULL), sn(zkp_poseidon_tree_verify(in, in, 4, in, 2))),
        NA, NA);
    row(m, "zkp_poseidon_lp_error_name", NA, NA, fmt("99: %s", zkp_poseidon_lp_error_name((zkp_poseidon_lp_error)99)),
        NA, NA);
    zkp_poseidon_circom h;
    row(m, "zkp_poseidon_new_circom", sn(zkp_poseidon_new_circom(NULL, 2, NULL)),
        fmt("n 0: %s", sn(zkp_poseidon_new_circom(&h, 0, NULL))), fmt("n: %s", sn(zkp_poseidon_new_circom(&h, SIZE_MAX, NULL))),
        NA, "re-init: OK");
    row(m, "zkp_poseidon_with_domain_tag_circom",
        fmt("h: %s; tag: %s", sn(zkp_poseidon_with_domain_tag_circom(NULL, 2, &in[0], NULL)),
            sn(zkp_poseidon_with_domain_tag_circom(&h, 2, NULL, NULL))),
        fmt("n 0: %s", sn(zkp_poseidon_with_domain_tag_circom(&h, 0, &in[0], NULL))),
        fmt("n: %s", sn(zkp_poseidon_with_domain_tag_circom(&h, SIZE_MAX, &in[0], NULL))), NA, "re-init: OK");
    MUST_OK(zkp_poseidon_new_circom(&h, 2, NULL));
    row(m, "zkp_poseidon_circom_hash",
        fmt("h: %s; inputs,n>0: %s; out: %s", sn(zkp_poseidon_circom_hash(NULL, in, 2, &out, NULL)),
            sn(zkp_poseidon_circom_hash(&h, NULL, 2, &out, NULL)), sn(zkp_poseidon_circom_hash(&h, in, 2, NULL, NULL))),
        fmt("n 0: %s", sn(zkp_poseidon_circom_hash(&h, NULL, 0, &out, NULL))), fmt("n: %s", huge_cell(h_phh, NULL)), NA,
        poseidon_corrupt(0));
    const uint8_t *p[2] = {B, B};
    size_t l[2] = {32, 32};
    for (int be = 1; be >= 0; be--) {
        zkp_status (*f)(const zkp_poseidon_circom *, const uint8_t *const *, const size_t *, size_t, uint8_t *,
                        zkp_poseidon_lp_detail *) =
            be ? zkp_poseidon_circom_hash_bytes_be : zkp_poseidon_circom_hash_bytes_le;
        row(m, be ? "zkp_poseidon_circom_hash_bytes_be" : "zkp_poseidon_circom_hash_bytes_le",
            fmt("h: %s; inputs: %s; lens: %s; out: %s", sn(f(NULL, p, l, 2, O, NULL)), sn(f(&h, NULL, l, 2, O, NULL)),
                sn(f(&h, p, NULL, 2, O, NULL)), sn(f(&h, p, l, 2, NULL, NULL))),
            fmt("n 0: %s", sn(f(&h, NULL, NULL, 0, O, NULL))), fmt("n: %s", be ? huge_cell(h_pbytes, NULL) : huge_cell(h_phbytes, NULL)),
            NA, poseidon_corrupt(be ? 1 : 2));
    }
    for (int be = 1; be >= 0; be--) {
        zkp_status (*f)(const uint8_t *const *, const size_t *, size_t, uint8_t *, zkp_poseidon_lp_detail *) =
            be ? zkp_poseidon_hash_bytes_be : zkp_poseidon_hash_bytes_le;
        row(m, be ? "zkp_poseidon_hash_bytes_be" : "zkp_poseidon_hash_bytes_le",
            fmt("inputs: %s; lens: %s; out: %s", sn(f(NULL, l, 2, O, NULL)), sn(f(p, NULL, 2, O, NULL)),
                sn(f(p, l, 2, NULL, NULL))),
            fmt("n 0: %s", sn(f(NULL, NULL, 0, O, NULL))), fmt("n: %s", huge_cell(h_pbytes, NULL)), NA, NA);
    }
    row(m, "zkp_poseidon_fr_from_be",
        fmt("out: %s; in: %s", sn(zkp_poseidon_fr_from_be(NULL, B)), sn(zkp_poseidon_fr_from_be(&out, NULL))), NA, NA,
        NA, NA);
    row(m, "zkp_poseidon_fr_from_le",
        fmt("out: %s; in: %s", sn(zkp_poseidon_fr_from_le(NULL, B)), sn(zkp_poseidon_fr_from_le(&out, NULL))), NA, NA,
        NA, NA);
    row(m, "zkp_poseidon_fr_to_be", UNCHECKED, NA, NA, NA, NA);
    row(m, "zkp_poseidon_fr_to_le", UNCHECKED, NA, NA, NA, NA);
}

/* ---- lean_imt.h ---------------------------------------------------------------- */

HUGE_FN(h_lib, {
    zkp_lean_imt t;
    zkp_lean_imt_init(&t);
    zkp_status st = zkp_lean_imt_insert_batch(&t, B, v);
    zkp_lean_imt_free(&t);
    return st;
})
HUGE_FN(h_liv, {
    static zkp_lean_imt_proof p;
    memset(&p, 0, sizeof p);
    p.n_siblings = v;
    return zkp_lean_imt_tree_verify(&p);
})

/* A tree of three members whose private fields are then overwritten: the
 * check word (0, 1, ~0, off by one), the body pointer (NULL, elsewhere),
 * the whole struct zeroed and 0xA5-filled. `which` picks the call; the
 * live tree is freed through its saved copy. */
static const char *lean_imt_corrupt(int which) {
    unsigned seen = 0;
    memset(B, 0, 3 * 32);
    B[31] = 1;
    for (int c = 0; c < 8; c++) {
        zkp_lean_imt t, saved;
        zkp_lean_imt_proof p;
        uint64_t idx;
        zkp_lean_imt_init(&t);
        MUST_OK(zkp_lean_imt_insert_batch(&t, B, 3));
        saved = t;
        switch (c) {
        case 0: t.check = 0; break;
        case 1: t.check = 1; break;
        case 2: t.check = ~(uint64_t)0; break;
        case 3: t.check ^= 1; break;
        case 4: t.body = NULL; break;
        case 5: t.body = B2; break;
        case 6: memset(&t, 0, sizeof t); break;
        case 7: memset(&t, 0xA5, sizeof t); break;
        }
        zkp_status st = which == 0   ? zkp_lean_imt_insert(&t, B)
                        : which == 1 ? zkp_lean_imt_insert_batch(&t, B, 3)
                        : which == 2 ? zkp_lean_imt_update(&t, 0, B)
                        : which == 3 ? zkp_lean_imt_tree_root(&t, O)
                        : which == 4 ? zkp_lean_imt_index_of(&t, B, &idx)
                                     : zkp_lean_imt_tree_proof(&t, 0, &p);
        seen |= 1u << st;
        zkp_lean_imt_free(&t); /* left alone */
        zkp_lean_imt_free(&saved);
    }
    return state_cell(seen);
}

/* ---- poseidon2.h ------------------------------------------------------------- */

HUGE_FN(h_p2bbb, { uint32_t st[16] = {0}; return zkp_poseidon2_babybear_permute_batch(st, 16, v); })
HUGE_FN(h_p2kbb, { uint32_t st[16] = {0}; return zkp_poseidon2_koalabear_permute_batch(st, 16, v); })
HUGE_FN(h_p2hbb, { uint32_t st[16] = {0}; return zkp_poseidon2_horizen_babybear_permute_batch(st, 16, v); })
HUGE_FN(h_p2bbh, { uint32_t in[8] = {0}, out[8]; return zkp_poseidon2_babybear_hash(in, v, out); })
HUGE_FN(h_p2kbh, { uint32_t in[8] = {0}, out[8]; return zkp_poseidon2_koalabear_hash(in, v, out); })
HUGE_FN(h_p2bnbatch, {
    zkp_poseidon_fr st[4] = {{{0}}};
    return zkp_poseidon2_bn254_permute_batch(st, v);
})
HUGE_FN(h_p2bnh, {
    zkp_poseidon_fr in[2] = {{{0}}}, out;
    return zkp_poseidon2_bn254_hash(in, v, &out);
})

static void probe_poseidon2(void) {
    const char *m = "poseidon2";
    row(m, "zkp_poseidon2_implementation", NA, NA, NA, NA, NA);
    for (int f = 0; f < 2; f++) {
        zkp_status (*perm)(uint32_t *, size_t) = f ? zkp_poseidon2_koalabear_permute : zkp_poseidon2_babybear_permute;
        zkp_status (*batch)(uint32_t *, size_t, size_t) =
            f ? zkp_poseidon2_koalabear_permute_batch : zkp_poseidon2_babybear_permute_batch;
        zkp_status (*hash)(const uint32_t *, size_t, uint32_t *) =
            f ? zkp_poseidon2_koalabear_hash : zkp_poseidon2_babybear_hash;
        zkp_status (*comp)(const uint32_t *, const uint32_t *, uint32_t *) =
            f ? zkp_poseidon2_koalabear_compress : zkp_poseidon2_babybear_compress;
        const char *fld = f ? "koalabear" : "babybear";
        uint32_t st[48], a[16], b[16], o1[8], o2[8];
        for (int i = 0; i < 48; i++) st[i] = (uint32_t)i + 1;
        row(m, fmt("zkp_poseidon2_%s_permute", fld), sn(perm(NULL, 16)), fmt("width 0: %s", sn(perm(st, 0))),
            fmt("width: %s", sn(perm(st, SIZE_MAX))), "in place", NA);
        row(m, fmt("zkp_poseidon2_%s_permute_batch", fld),
            fmt("n>0: %s; n 0: %s", sn(batch(NULL, 16, 1)), sn(batch(NULL, 16, 0))),
            fmt("n 0: %s; width 0: %s", sn(batch(st, 16, 0)), sn(batch(st, 0, 1))),
            fmt("n: %s", huge_cell(f ? h_p2kbb : h_p2bbb, NULL)), "in place", NA);
        memcpy(a, st, sizeof a);
        MUST_OK(hash(a, 12, o1));
        MUST_OK(hash(a, 12, a));
        {
            const char *al_ = same("out=in", !memcmp(o1, a, sizeof o1));
            row(m, fmt("zkp_poseidon2_%s_hash", fld),
                fmt("in,1: %s; in,0: %s; out: %s", sn(hash(NULL, 1, o2)), sn(hash(NULL, 0, o2)), sn(hash(st, 1, NULL))),
                fmt("n 0: %s", sn(hash(st, 0, o2))), fmt("n: %s", huge_cell(f ? h_p2kbh : h_p2bbh, NULL)), al_, NA);
        }
        memcpy(a, st, 32);
        memcpy(b, st + 8, 32);
        MUST_OK(comp(a, b, o1));
        MUST_OK(comp(a, b, a));
        MUST_OK(comp(st, b, b));
        {
            const char *al_ = fmt("%s; %s", same("out=left", !memcmp(o1, a, sizeof o1)),
                                  same("out=right", !memcmp(o1, b, sizeof o1)));
            row(m, fmt("zkp_poseidon2_%s_compress", fld),
                fmt("left: %s; right: %s; out: %s", sn(comp(NULL, st, o2)), sn(comp(st, NULL, o2)),
                    sn(comp(st, st, NULL))),
                NA, NA, al_, NA);
        }
    }
    zkp_poseidon_fr s[4], in[4], o, o2;
    memset(in, 0, sizeof in);
    for (int i = 0; i < 4; i++) in[i].limb[0] = (uint64_t)i + 1;
    memcpy(s, in, sizeof s);
    row(m, "zkp_poseidon2_bn254_permute", sn(zkp_poseidon2_bn254_permute(NULL)), NA, NA, "in place", NA);
    row(m, "zkp_poseidon2_bn254_permute_batch",
        fmt("n>0: %s; n 0: %s", sn(zkp_poseidon2_bn254_permute_batch(NULL, 1)),
            sn(zkp_poseidon2_bn254_permute_batch(NULL, 0))),
        fmt("n 0: %s", sn(zkp_poseidon2_bn254_permute_batch(s, 0))), fmt("n: %s", huge_cell(h_p2bnbatch, NULL)),
        "in place", NA);
    MUST_OK(zkp_poseidon2_bn254_hash(in, 3, &o));
    MUST_OK(zkp_poseidon2_bn254_hash(s, 3, &s[0]));
    {
        const char *al_ = same("out=in", !memcmp(&o, &s[0], sizeof o));
        row(m, "zkp_poseidon2_bn254_hash",
            fmt("in,1: %s; in,0: %s; out: %s", sn(zkp_poseidon2_bn254_hash(NULL, 1, &o2)),
                sn(zkp_poseidon2_bn254_hash(NULL, 0, &o2)), sn(zkp_poseidon2_bn254_hash(in, 1, NULL))),
            fmt("n 0: %s", sn(zkp_poseidon2_bn254_hash(in, 0, &o2))), fmt("n: %s", huge_cell(h_p2bnh, NULL)), al_, NA);
    }
    /* The HorizenLabs reference instances: NULL at a defined width, width 0
     * and SIZE_MAX (not a width of the reference). */
    {
        uint32_t w32[24] = {0};
        uint64_t w64[8] = {0};
        row(m, "zkp_poseidon2_horizen_babybear_permute", sn(zkp_poseidon2_horizen_babybear_permute(NULL, 16)),
            fmt("width 0: %s", sn(zkp_poseidon2_horizen_babybear_permute(w32, 0))),
            fmt("width: %s", sn(zkp_poseidon2_horizen_babybear_permute(w32, SIZE_MAX))), "in place", NA);
        row(m, "zkp_poseidon2_horizen_babybear_permute_batch",
            fmt("n>0: %s; n 0: %s", sn(zkp_poseidon2_horizen_babybear_permute_batch(NULL, 16, 1)),
                sn(zkp_poseidon2_horizen_babybear_permute_batch(NULL, 16, 0))),
            fmt("n 0: %s; width 0: %s", sn(zkp_poseidon2_horizen_babybear_permute_batch(w32, 16, 0)),
                sn(zkp_poseidon2_horizen_babybear_permute_batch(w32, 0, 1))),
            fmt("n: %s", huge_cell(h_p2hbb, NULL)), "in place", NA);
        row(m, "zkp_poseidon2_horizen_goldilocks_permute", sn(zkp_poseidon2_horizen_goldilocks_permute(NULL, 8)),
            fmt("width 0: %s", sn(zkp_poseidon2_horizen_goldilocks_permute(w64, 0))),
            fmt("width: %s", sn(zkp_poseidon2_horizen_goldilocks_permute(w64, SIZE_MAX))), "in place", NA);
        static const struct {
            const char *name;
            zkp_status (*fn)(zkp_poseidon_fr *, size_t);
        } big[4] = {{"zkp_poseidon2_horizen_bn254_permute", zkp_poseidon2_horizen_bn254_permute},
                    {"zkp_poseidon2_horizen_bls12_381_permute", zkp_poseidon2_horizen_bls12_381_permute},
                    {"zkp_poseidon2_horizen_pallas_permute", zkp_poseidon2_horizen_pallas_permute},
                    {"zkp_poseidon2_horizen_vesta_permute", zkp_poseidon2_horizen_vesta_permute}};
        for (int f = 0; f < 4; f++)
            row(m, big[f].name, sn(big[f].fn(NULL, 3)), fmt("width 0: %s", sn(big[f].fn(s, 0))),
                fmt("width: %s", sn(big[f].fn(s, SIZE_MAX))), "in place", NA);
    }
}

/* Poseidon2 trees (poseidon2.h). */
typedef struct p2t_fns {
    zkp_status (*root)(const uint32_t *, size_t, size_t, uint32_t *);
    zkp_status (*build)(const uint32_t *, size_t, size_t, uint32_t *);
    zkp_status (*proof)(const uint32_t *, size_t, uint64_t, uint32_t *);
    zkp_status (*verify)(const uint32_t *, const uint32_t *, size_t, uint64_t, const uint32_t *, size_t);
    zkp_status (*vbatch)(const uint32_t *, const uint32_t *, size_t, const uint64_t *, size_t, const uint32_t *,
                         size_t, unsigned);
} p2t_fns;
static const p2t_fns k_p2t[2] = {
    {zkp_poseidon2_babybear_tree_root, zkp_poseidon2_babybear_tree_build, zkp_poseidon2_babybear_tree_proof,
     zkp_poseidon2_babybear_tree_verify, zkp_poseidon2_babybear_tree_verify_batch},
    {zkp_poseidon2_koalabear_tree_root, zkp_poseidon2_koalabear_tree_build, zkp_poseidon2_koalabear_tree_proof,
     zkp_poseidon2_koalabear_tree_verify, zkp_poseidon2_koalabear_tree_verify_batch},
};
static uint32_t g_p2t_rows[64], g_p2t_nodes[64];
static const uint64_t k_p2t_idx[2] = {0, 1};
HUGE_FN(h_p2tr, { return k_p2t[*(const int *)ctx].root(g_p2t_rows, v, 1, g_p2t_nodes); })
HUGE_FN(h_p2trl, { return k_p2t[*(const int *)ctx].root(g_p2t_rows, 2, v, g_p2t_nodes); })
HUGE_FN(h_p2tb, { return k_p2t[*(const int *)ctx].build(g_p2t_rows, v, 1, g_p2t_nodes); })
HUGE_FN(h_p2tp, { return k_p2t[*(const int *)ctx].proof(g_p2t_nodes, v, 0, g_p2t_rows); })
HUGE_FN(h_p2tv, { return k_p2t[*(const int *)ctx].verify(g_p2t_nodes, g_p2t_rows, 1, 0, g_p2t_rows, v); })
HUGE_FN(h_p2tk, {
    return k_p2t[*(const int *)ctx].vbatch(g_p2t_nodes, g_p2t_rows, 1, k_p2t_idx, v, g_p2t_rows, 1, 1);
})
HUGE_FN(h_p2bnr, {
    zkp_poseidon_fr e[2] = {{{0}}};
    return zkp_poseidon2_bn254_tree_root(e, v, e);
})
HUGE_FN(h_p2bnb, {
    zkp_poseidon_fr e[3] = {{{0}}};
    return zkp_poseidon2_bn254_tree_build(e, v, e);
})
HUGE_FN(h_p2bnp, {
    zkp_poseidon_fr e[3] = {{{0}}};
    return zkp_poseidon2_bn254_tree_proof(e, v, 0, e);
})
HUGE_FN(h_p2bnv, {
    zkp_poseidon_fr e[2] = {{{0}}};
    return zkp_poseidon2_bn254_tree_verify(e, e, 0, e, v);
})
HUGE_FN(h_p2bnk, {
    zkp_poseidon_fr e[2] = {{{0}}};
    return zkp_poseidon2_bn254_tree_verify_batch(e, e, k_p2t_idx, v, e, 1, 1);
})

static void probe_poseidon2_trees(void) {
    const char *m = "poseidon2";
    for (int f = 0; f < 2; f++) {
        const p2t_fns *t = &k_p2t[f];
        const char *fld = f ? "koalabear" : "babybear";
        uint32_t rows[8] = {1, 2, 3, 4, 5, 6, 7, 8}, nodes[3 * 8], root[8], pf[8];
        row(m, fmt("zkp_poseidon2_%s_tree_root", fld),
            fmt("rows: %s; root: %s", sn(t->root(NULL, 2, 1, root)), sn(t->root(rows, 2, 1, NULL))),
            fmt("n 0: %s; row_len 0: %s", sn(t->root(rows, 0, 1, root)), sn(t->root(rows, 2, 0, root))),
            fmt("n: %s; row_len: %s", huge_cell(h_p2tr, &f), huge_cell(h_p2trl, &f)), NA, NA);
        row(m, fmt("zkp_poseidon2_%s_tree_build", fld),
            fmt("rows: %s; nodes: %s", sn(t->build(NULL, 2, 1, nodes)), sn(t->build(rows, 2, 1, NULL))),
            fmt("n 0: %s; row_len 0: %s", sn(t->build(rows, 0, 1, nodes)), sn(t->build(rows, 2, 0, nodes))),
            fmt("n: %s", huge_cell(h_p2tb, &f)), NA, NA);
        MUST_OK(t->build(rows, 2, 4, nodes));
        MUST_OK(t->root(rows, 2, 4, root));
        row(m, fmt("zkp_poseidon2_%s_tree_proof", fld),
            fmt("nodes: %s; proof,n>1: %s; proof,n 1: %s", sn(t->proof(NULL, 2, 0, pf)), sn(t->proof(nodes, 2, 0, NULL)),
                sn(t->proof(nodes, 1, 0, NULL))),
            fmt("n 0: %s; index n: %s", sn(t->proof(nodes, 0, 0, pf)), sn(t->proof(nodes, 2, 2, pf))),
            fmt("n: %s; index u64 max: %s", huge_cell(h_p2tp, &f), sn(t->proof(nodes, 2, UINT64_MAX, pf))), NA, NA);
        MUST_OK(t->proof(nodes, 2, 1, pf));
        row(m, fmt("zkp_poseidon2_%s_tree_verify", fld),
            fmt("root: %s; row: %s; proof,depth>0: %s", sn(t->verify(NULL, rows + 4, 4, 1, pf, 1)),
                sn(t->verify(root, NULL, 4, 1, pf, 1)), sn(t->verify(root, rows + 4, 4, 1, NULL, 1))),
            fmt("row_len 0: %s; depth 0, wrong root: %s; opening: %s", sn(t->verify(root, rows + 4, 0, 1, pf, 1)),
                sn(t->verify(root, rows + 4, 4, 0, NULL, 0)), sn(t->verify(root, rows + 4, 4, 1, pf, 1))),
            fmt("depth: %s; index 2^depth: %s", huge_cell(h_p2tv, &f), sn(t->verify(root, rows + 4, 4, 2, pf, 1))),
            NA, NA);
        row(m, fmt("zkp_poseidon2_%s_tree_verify_batch", fld),
            fmt("root: %s; rows: %s; indices: %s; proofs,depth>0: %s",
                sn(t->vbatch(NULL, rows + 4, 4, k_p2t_idx + 1, 1, pf, 1, 1)),
                sn(t->vbatch(root, NULL, 4, k_p2t_idx + 1, 1, pf, 1, 1)), sn(t->vbatch(root, rows + 4, 4, NULL, 1, pf, 1, 1)),
                sn(t->vbatch(root, rows + 4, 4, k_p2t_idx + 1, 1, NULL, 1, 1))),
            fmt("k 0: %s; row_len 0: %s; opening: %s", sn(t->vbatch(root, rows + 4, 4, k_p2t_idx + 1, 0, pf, 1, 1)),
                sn(t->vbatch(root, rows + 4, 0, k_p2t_idx + 1, 1, pf, 1, 1)),
                sn(t->vbatch(root, rows + 4, 4, k_p2t_idx + 1, 1, pf, 1, 1))),
            fmt("k: %s", huge_cell(h_p2tk, &f)), NA, NA);
    }
    zkp_poseidon_fr l[2] = {{{1}}, {{2}}}, nodes[3], n2[3], root, pf[1];
    row(m, "zkp_poseidon2_bn254_tree_root",
        fmt("leaves: %s; root: %s", sn(zkp_poseidon2_bn254_tree_root(NULL, 2, &root)),
            sn(zkp_poseidon2_bn254_tree_root(l, 2, NULL))),
        fmt("n 0: %s", sn(zkp_poseidon2_bn254_tree_root(l, 0, &root))), fmt("n: %s", huge_cell(h_p2bnr, NULL)), NA,
        NA);
    MUST_OK(zkp_poseidon2_bn254_tree_build(l, 2, nodes));
    memcpy(n2, l, sizeof l);
    MUST_OK(zkp_poseidon2_bn254_tree_build(n2, 2, n2));
    {
        const char *al_ = same("nodes=leaves", !memcmp(nodes, n2, sizeof n2));
        row(m, "zkp_poseidon2_bn254_tree_build",
            fmt("leaves: %s; nodes: %s", sn(zkp_poseidon2_bn254_tree_build(NULL, 2, nodes)),
                sn(zkp_poseidon2_bn254_tree_build(l, 2, NULL))),
            fmt("n 0: %s", sn(zkp_poseidon2_bn254_tree_build(l, 0, nodes))), fmt("n: %s", huge_cell(h_p2bnb, NULL)),
            al_, NA);
    }
    row(m, "zkp_poseidon2_bn254_tree_proof",
        fmt("nodes: %s; proof,n>1: %s; proof,n 1: %s", sn(zkp_poseidon2_bn254_tree_proof(NULL, 2, 0, pf)),
            sn(zkp_poseidon2_bn254_tree_proof(nodes, 2, 0, NULL)), sn(zkp_poseidon2_bn254_tree_proof(nodes, 1, 0, NULL))),
        fmt("n 0: %s; index n: %s", sn(zkp_poseidon2_bn254_tree_proof(nodes, 0, 0, pf)),
            sn(zkp_poseidon2_bn254_tree_proof(nodes, 2, 2, pf))),
        fmt("n: %s", huge_cell(h_p2bnp, NULL)), NA, NA);
    MUST_OK(zkp_poseidon2_bn254_tree_proof(nodes, 2, 1, pf));
    row(m, "zkp_poseidon2_bn254_tree_verify",
        fmt("root: %s; leaf: %s; proof,depth>0: %s", sn(zkp_poseidon2_bn254_tree_verify(NULL, &l[1], 1, pf, 1)),
            sn(zkp_poseidon2_bn254_tree_verify(&nodes[2], NULL, 1, pf, 1)),
            sn(zkp_poseidon2_bn254_tree_verify(&nodes[2], &l[1], 1, NULL, 1))),
        fmt("depth 0, leaf=root: %s; opening: %s", sn(zkp_poseidon2_bn254_tree_verify(&l[1], &l[1], 0, NULL, 0)),
            sn(zkp_poseidon2_bn254_tree_verify(&nodes[2], &l[1], 1, pf, 1))),
        fmt("depth: %s; index 2^depth: %s", huge_cell(h_p2bnv, NULL),
            sn(zkp_poseidon2_bn254_tree_verify(&nodes[2], &l[1], 2, pf, 1))),
        NA, NA);
    row(m, "zkp_poseidon2_bn254_tree_verify_batch",
        fmt("root: %s; leaves: %s; indices: %s; proofs,depth>0: %s",
            sn(zkp_poseidon2_bn254_tree_verify_batch(NULL, &l[1], k_p2t_idx + 1, 1, pf, 1, 1)),
            sn(zkp_poseidon2_bn254_tree_verify_batch(&nodes[2], NULL, k_p2t_idx + 1, 1, pf, 1, 1)),
            sn(zkp_poseidon2_bn254_tree_verify_batch(&nodes[2], &l[1], NULL, 1, pf, 1, 1)),
            sn(zkp_poseidon2_bn254_tree_verify_batch(&nodes[2], &l[1], k_p2t_idx + 1, 1, NULL, 1, 1))),
        fmt("k 0: %s; opening: %s", sn(zkp_poseidon2_bn254_tree_verify_batch(&nodes[2], &l[1], k_p2t_idx + 1, 0, pf, 1, 1)),
            sn(zkp_poseidon2_bn254_tree_verify_batch(&nodes[2], &l[1], k_p2t_idx + 1, 1, pf, 1, 1))),
        fmt("k: %s", huge_cell(h_p2bnk, NULL)), NA, NA);
}

static void probe_lean_imt(void) {
    const char *m = "lean_imt";
    static zkp_lean_imt_proof p;
    zkp_lean_imt t, e, bad;
    uint64_t idx = 0;
    memset(B, 0, 4 * 32);
    B[31] = 1;
    B[63] = 2;
    static const uint8_t pbe[32] = {0x30, 0x64, 0x4e, 0x72, 0xe1, 0x31, 0xa0, 0x29, 0xb8, 0x50, 0x45,
                                    0xb6, 0x81, 0x81, 0x58, 0x5d, 0x28, 0x33, 0xe8, 0x48, 0x79, 0xb9,
                                    0x70, 0x91, 0x43, 0xe1, 0xf5, 0x93, 0xf0, 0x00, 0x00, 0x01};
    memcpy(B2, pbe, 32);
    zkp_lean_imt_init(&e);
    zkp_lean_imt_init(&t);
    MUST_OK(zkp_lean_imt_insert_batch(&t, B, 2));
    /* init: NULL ignored; a corrupted struct initialised again works */
    zkp_lean_imt_init(NULL);
    memset(&bad, 0xA5, sizeof bad);
    zkp_lean_imt_init(&bad);
    zkp_status re = zkp_lean_imt_insert(&bad, B);
    zkp_lean_imt_free(&bad);
    row(m, "zkp_lean_imt_init", ignored_cell(1), NA, NA, NA, fmt("re-init: %s", sn(re)));
    zkp_lean_imt_free(NULL);
    memset(&bad, 0xA5, sizeof bad);
    zkp_lean_imt_free(&bad); /* not followed: ASan would report a bad free */
    int left = bad.check == 0xA5A5A5A5A5A5A5A5ull;
    if (!left) g_bad++;
    row(m, "zkp_lean_imt_free", ignored_cell(1), NA, NA, NA, left ? "left alone" : "WRONG (touched)");
    row(m, "zkp_lean_imt_insert",
        fmt("t: %s; leaf: %s", sn(zkp_lean_imt_insert(NULL, B)), sn(zkp_lean_imt_insert(&e, NULL))), NA,
        fmt("leaf p: %s", sn(zkp_lean_imt_insert(&e, B2))), NA, lean_imt_corrupt(0));
    row(m, "zkp_lean_imt_insert_batch",
        fmt("t: %s; leaves: %s", sn(zkp_lean_imt_insert_batch(NULL, B, 1)), sn(zkp_lean_imt_insert_batch(&e, NULL, 1))),
        fmt("n 0: %s", sn(zkp_lean_imt_insert_batch(&e, B, 0))), huge_cell(h_lib, NULL), NA, lean_imt_corrupt(1));
    row(m, "zkp_lean_imt_update",
        fmt("t: %s; leaf: %s", sn(zkp_lean_imt_update(NULL, 0, B)), sn(zkp_lean_imt_update(&t, 0, NULL))),
        fmt("empty tree: %s; index size: %s", sn(zkp_lean_imt_update(&e, 0, B)), sn(zkp_lean_imt_update(&t, 2, B))),
        fmt("index u64 max: %s; leaf p: %s", sn(zkp_lean_imt_update(&t, UINT64_MAX, B)),
            sn(zkp_lean_imt_update(&t, 0, B2))),
        NA, lean_imt_corrupt(2));
    memset(&bad, 0xA5, sizeof bad);
    row(m, "zkp_lean_imt_size", fmt("NULL: %zu", zkp_lean_imt_size(NULL)), fmt("empty: %zu", zkp_lean_imt_size(&e)),
        NA, NA, fmt("0xA5: %zu", zkp_lean_imt_size(&bad)));
    row(m, "zkp_lean_imt_depth", fmt("NULL: %zu", zkp_lean_imt_depth(NULL)), fmt("empty: %zu", zkp_lean_imt_depth(&e)),
        NA, NA, fmt("0xA5: %zu", zkp_lean_imt_depth(&bad)));
    row(m, "zkp_lean_imt_tree_root",
        fmt("t: %s; root: %s", sn(zkp_lean_imt_tree_root(NULL, O)), sn(zkp_lean_imt_tree_root(&t, NULL))),
        fmt("empty: %s", sn(zkp_lean_imt_tree_root(&e, O))), NA, NA, lean_imt_corrupt(3));
    zkp_status io_empty = zkp_lean_imt_index_of(&e, B, &idx);
    row(m, "zkp_lean_imt_index_of",
        fmt("t: %s; leaf: %s; index: %s", sn(zkp_lean_imt_index_of(NULL, B, &idx)),
            sn(zkp_lean_imt_index_of(&t, NULL, &idx)), sn(zkp_lean_imt_index_of(&t, B, NULL))),
        fmt("empty: %s, %s", sn(io_empty), idx == ZKP_LEAN_IMT_NOT_FOUND ? "not found" : "WRONG"),
        fmt("leaf p: %s", sn(zkp_lean_imt_index_of(&t, B2, &idx))), NA, lean_imt_corrupt(4));
    if (idx != ZKP_LEAN_IMT_NOT_FOUND) g_bad++;
    row(m, "zkp_lean_imt_tree_proof",
        fmt("t: %s; proof: %s", sn(zkp_lean_imt_tree_proof(NULL, 0, &p)), sn(zkp_lean_imt_tree_proof(&t, 0, NULL))),
        fmt("empty: %s; index size: %s", sn(zkp_lean_imt_tree_proof(&e, 0, &p)), sn(zkp_lean_imt_tree_proof(&t, 2, &p))),
        fmt("index u64 max: %s", sn(zkp_lean_imt_tree_proof(&t, UINT64_MAX, &p))), NA, lean_imt_corrupt(5));
    memset(&p, 0, sizeof p);
    row(m, "zkp_lean_imt_tree_verify", sn(zkp_lean_imt_tree_verify(NULL)),
        fmt("0 siblings, leaf=root: %s", sn(zkp_lean_imt_tree_verify(&p))), huge_cell(h_liv, NULL), NA, NA);
    zkp_lean_imt_free(&t);
    zkp_lean_imt_free(&e);
}

/* ---- gf2.h ------------------------------------------------------------------ */

HUGE_FN(h_gmb, return zkp_gf2_mul_batch(ZKP_GF2_B127, W, W2, W3, v);)
HUGE_FN(h_gpow, return zkp_gf2_pow(ZKP_GF2_B127, W, W2, W3, v);)
HUGE_FN(h_gfb, {
    zkp_gf2_fixed_base *t = NULL;
    uint64_t g[4] = {2, 0, 0, 0};
    MUST_OK(zkp_gf2_fixed_base_new(&t, ZKP_GF2_B127, g, 2));
    zkp_status s = zkp_gf2_fixed_base_pow_batch_vartime(t, W, W2, v);
    zkp_gf2_fixed_base_free(t);
    return s;
})

#define TYPED_FIELDS(X)                                                                            \
    X(b127, ZKP_GF2_B127)                                                                          \
    X(ghash128, ZKP_GF2_GHASH128)                                                                  \
    X(b163, ZKP_GF2_B163)                                                                          \
    X(b191, ZKP_GF2_B191)                                                                          \
    X(sect193, ZKP_GF2_SECT193)                                                                    \
    X(ghash2, ZKP_GF2_GHASH2)                                                                      \
    X(b256, ZKP_GF2_B256)

/* One block of rows per typed field: add, mul, square and to_bytes are
 * void with unchecked pointers; mul_batch, pow, inv, from_bytes return
 * statuses. Aliasing: r = a (the header allows outputs to alias inputs). */
#define TYPED_HUGE(F, ID)                                                                          \
    HUGE_FN(h_mb_##F, {                                                                            \
        zkp_gf2_##F a[2] = {{{0}}}, r[2];                                                          \
        return zkp_gf2_##F##_mul_batch(r, a, a, v);                                                \
    })                                                                                             \
    HUGE_FN(h_pw_##F, {                                                                            \
        zkp_gf2_##F a = {{3}}, r;                                                                  \
        return zkp_gf2_##F##_pow(&r, &a, W3, v);                                                   \
    })
TYPED_FIELDS(TYPED_HUGE)

#define TYPED_ROWS(F, ID)                                                                          \
    {                                                                                              \
        zkp_gf2_##F a, b, r, r2;                                                                   \
        memset(&a, 0, sizeof a);                                                                   \
        memset(&b, 0, sizeof b);                                                                   \
        a.limb[0] = 0x1234567, b.limb[0] = 0x89abcdef, a.limb[1] = 99;                             \
        zkp_gf2_##F##_add(&r, &a, &b);                                                             \
        r2 = a;                                                                                    \
        zkp_gf2_##F##_add(&r2, &r2, &b);                                                           \
        { const char *al_ = same("r=a", !memcmp(&r, &r2, sizeof r)); row(m, "zkp_gf2_" #F "_add", UNCHECKED, NA, NA, al_, NA); } \
        zkp_gf2_##F##_mul(&r, &a, &b);                                                             \
        r2 = a;                                                                                    \
        zkp_gf2_##F##_mul(&r2, &r2, &b);                                                           \
        { const char *al_ = same("r=a", !memcmp(&r, &r2, sizeof r)); row(m, "zkp_gf2_" #F "_mul", UNCHECKED, NA, NA, al_, NA); } \
        zkp_gf2_##F##_square(&r, &a);                                                              \
        r2 = a;                                                                                    \
        zkp_gf2_##F##_square(&r2, &r2);                                                            \
        { const char *al_ = same("r=a", !memcmp(&r, &r2, sizeof r)); row(m, "zkp_gf2_" #F "_square", UNCHECKED, NA, NA, al_, NA); } \
        MUST_OK(zkp_gf2_##F##_mul_batch(&r, &a, &b, 1));                                           \
        r2 = a;                                                                                    \
        MUST_OK(zkp_gf2_##F##_mul_batch(&r2, &r2, &b, 1));                                         \
        { const char *al_ = same("r=a", !memcmp(&r, &r2, sizeof r)); row(m, "zkp_gf2_" #F "_mul_batch",                                                         \
            fmt("r,n>0: %s; n 0: %s", sn(zkp_gf2_##F##_mul_batch(NULL, &a, &b, 1)),               \
                sn(zkp_gf2_##F##_mul_batch(NULL, NULL, NULL, 0))),                                 \
            fmt("n 0: %s", sn(zkp_gf2_##F##_mul_batch(&r, &a, &b, 0))), huge_cell(h_mb_##F, NULL), \
            al_, NA); }                                          \
        zkp_gf2_##F zero;                                                                          \
        memset(&zero, 0, sizeof zero);                                                             \
        MUST_OK(zkp_gf2_##F##_inv(&r, &a));                                                        \
        r2 = a;                                                                                    \
        MUST_OK(zkp_gf2_##F##_inv(&r2, &r2));                                                      \
        { const char *al_ = same("r=a", !memcmp(&r, &r2, sizeof r)); row(m, "zkp_gf2_" #F "_inv", fmt("r: %s; a: %s", sn(zkp_gf2_##F##_inv(NULL, &a)), sn(zkp_gf2_##F##_inv(&r, NULL))), fmt("a = 0: %s", sn(zkp_gf2_##F##_inv(&r, &zero))), NA, \
            al_, NA); } \
        uint64_t e[2] = {0x1234, 5};                                                               \
        MUST_OK(zkp_gf2_##F##_pow(&r, &a, e, 2));                                                  \
        r2 = a;                                                                                    \
        MUST_OK(zkp_gf2_##F##_pow(&r2, &r2, e, 2));                                                \
        { const char *al_ = same("r=a", !memcmp(&r, &r2, sizeof r)); row(m, "zkp_gf2_" #F "_pow",                                                               \
            fmt("r: %s; e,limbs>0: %s; e,limbs 0: %s", sn(zkp_gf2_##F##_pow(NULL, &a, e, 1)),     \
                sn(zkp_gf2_##F##_pow(&r, &a, NULL, 1)), sn(zkp_gf2_##F##_pow(&r, &a, NULL, 0))),  \
            fmt("e_limbs 0: %s", sn(zkp_gf2_##F##_pow(&r, &a, e, 0))), huge_cell(h_pw_##F, NULL),  \
            al_, NA); }                                          \
        uint8_t enc[32];                                                                           \
        memset(enc, 0xFF, sizeof enc);                                                             \
        row(m, "zkp_gf2_" #F "_from_bytes",                                                        \
            fmt("r: %s; in: %s", sn(zkp_gf2_##F##_from_bytes(NULL, enc)), sn(zkp_gf2_##F##_from_bytes(&r, NULL))), \
            fmt("all-ones: %s", sn(zkp_gf2_##F##_from_bytes(&r, enc))), NA, NA, NA);              \
        row(m, "zkp_gf2_" #F "_to_bytes", UNCHECKED, NA, NA, NA, NA);                              \
    }

/* add and mul: NULL pointers, an unknown field, and r = a in place. */
static void gf2_binary_row(const char *name,
                           zkp_status (*f)(zkp_gf2_field, uint64_t *, const uint64_t *, const uint64_t *)) {
    uint64_t r[4], r2[4];
    f(ZKP_GF2_B256, r, W, W2);
    memcpy(r2, W, 32);
    f(ZKP_GF2_B256, r2, r2, W2);
    const char *al_ = same("r=a", !memcmp(r, r2, 32));
    row("gf2", name,
        fmt("r: %s; a: %s; b: %s", sn(f(ZKP_GF2_B256, NULL, W, W2)), sn(f(ZKP_GF2_B256, r, NULL, W2)),
            sn(f(ZKP_GF2_B256, r, W, NULL))),
        NA, fmt("field 99: %s", sn(f((zkp_gf2_field)99, r, W, W2))), al_, NA);
}

static void probe_gf2(void) {
    const char *m = "gf2";
    zkp_gf2_field f;
    row(m, "zkp_gf2_field_by_name",
        fmt("name: %s; out: %s", sn(zkp_gf2_field_by_name(NULL, &f)), sn(zkp_gf2_field_by_name("b127", NULL))),
        fmt("\"\": %s", sn(zkp_gf2_field_by_name("", &f))), NA, NA, NA);
    row(m, "zkp_gf2_field_name", NA, NA, fmt("id 99: %s", zkp_gf2_field_name((zkp_gf2_field)99) ? "name" : "NULL"), NA,
        NA);
    row(m, "zkp_gf2_field_limbs", NA, NA, fmt("id 99: %u", zkp_gf2_field_limbs((zkp_gf2_field)99)), NA, NA);
    row(m, "zkp_gf2_field_degree", NA, NA, fmt("id 99: %u", zkp_gf2_field_degree((zkp_gf2_field)99)), NA, NA);
    row(m, "zkp_gf2_implementation", NA, NA, NA, NA, NA);
    memset(W, 0, sizeof W);
    memset(W2, 0, sizeof W2);
    memset(W3, 0, sizeof W3);
    W[0] = 0x1234, W[1] = 7, W2[0] = 0x5678, W3[0] = 0x99;
    const zkp_gf2_field B256 = ZKP_GF2_B256, BAD = (zkp_gf2_field)99;
    row(m, "zkp_gf2_check", sn(zkp_gf2_check(B256, NULL)), NA, fmt("field 99: %s", sn(zkp_gf2_check(BAD, W))), NA,
        NA);
    uint64_t r[4], r2[4];
    gf2_binary_row("zkp_gf2_add", zkp_gf2_add);
    gf2_binary_row("zkp_gf2_mul", zkp_gf2_mul);
    MUST_OK(zkp_gf2_square(B256, r, W));
    memcpy(r2, W, 32);
    MUST_OK(zkp_gf2_square(B256, r2, r2));
    {
        const char *al_ = same("r=a", !memcmp(r, r2, 32));
        row(m, "zkp_gf2_square", fmt("r: %s; a: %s", sn(zkp_gf2_square(B256, NULL, W)), sn(zkp_gf2_square(B256, r, NULL))),
        NA, fmt("field 99: %s", sn(zkp_gf2_square(BAD, r, W))), al_, NA);
    }
    {
        uint64_t a2[8], b2[8], o[8], o2[8];
        for (int i = 0; i < 8; i++) a2[i] = (uint64_t)i * 77 + 1, b2[i] = (uint64_t)i * 13 + 5;
        a2[1] &= 1, a2[3] &= 1, a2[5] &= 1, a2[7] &= 1; /* reduced b127 (top bit clear) */
        b2[1] &= 1, b2[3] &= 1, b2[5] &= 1, b2[7] &= 1;
        MUST_OK(zkp_gf2_mul_batch(ZKP_GF2_B127, o, a2, b2, 4));
        memcpy(o2, a2, sizeof o2);
        MUST_OK(zkp_gf2_mul_batch(ZKP_GF2_B127, o2, o2, b2, 4));
        {
            const char *al_ = same("r=a", !memcmp(o, o2, sizeof o));
            row(m, "zkp_gf2_mul_batch",
            fmt("n>0: %s; n 0: %s", sn(zkp_gf2_mul_batch(B256, NULL, W, W2, 1)),
                sn(zkp_gf2_mul_batch(B256, NULL, NULL, NULL, 0))),
            fmt("n 0: %s", sn(zkp_gf2_mul_batch(B256, r, W, W2, 0))), huge_cell(h_gmb, NULL),
            al_, NA);
        }
    }
    uint64_t z[4] = {0};
    MUST_OK(zkp_gf2_inv(B256, r, W));
    memcpy(r2, W, 32);
    MUST_OK(zkp_gf2_inv(B256, r2, r2));
    {
        const char *al_ = same("r=a", !memcmp(r, r2, 32));
        row(m, "zkp_gf2_inv", fmt("r: %s; a: %s", sn(zkp_gf2_inv(B256, NULL, W)), sn(zkp_gf2_inv(B256, r, NULL))),
        fmt("a = 0: %s", sn(zkp_gf2_inv(B256, r, z))), fmt("field 99: %s", sn(zkp_gf2_inv(BAD, r, W))),
        al_, NA);
    }
    MUST_OK(zkp_gf2_pow(B256, r, W, W3, 1));
    memcpy(r2, W, 32);
    MUST_OK(zkp_gf2_pow(B256, r2, r2, W3, 1));
    {
        const char *al_ = same("r=a", !memcmp(r, r2, 32));
        row(m, "zkp_gf2_pow",
        fmt("e,limbs>0: %s; e,limbs 0: %s", sn(zkp_gf2_pow(B256, r, W, NULL, 1)), sn(zkp_gf2_pow(B256, r, W, NULL, 0))),
        fmt("e_limbs 0: %s", sn(zkp_gf2_pow(B256, r, W, W3, 0))), fmt("e_limbs: %s", huge_cell(h_gpow, NULL)),
        al_, NA);
    }
    memset(B, 0xFF, 32);
    row(m, "zkp_gf2_from_bytes",
        fmt("r: %s; in: %s", sn(zkp_gf2_from_bytes(B256, NULL, B)), sn(zkp_gf2_from_bytes(B256, r, NULL))),
        fmt("b127 all-ones: %s", sn(zkp_gf2_from_bytes(ZKP_GF2_B127, r, B))),
        fmt("field 99: %s", sn(zkp_gf2_from_bytes(BAD, r, B))), NA, NA);
    row(m, "zkp_gf2_to_bytes",
        fmt("out: %s; a: %s", sn(zkp_gf2_to_bytes(B256, NULL, W)), sn(zkp_gf2_to_bytes(B256, O, NULL))), NA,
        fmt("field 99: %s", sn(zkp_gf2_to_bytes(BAD, O, W))), NA, NA);

    TYPED_FIELDS(TYPED_ROWS)

    row(m, "zkp_gf2_fixed_base_default_window", NA, NA,
        fmt("field 99: %u", zkp_gf2_fixed_base_default_window(BAD)), NA, NA);
    row(m, "zkp_gf2_fixed_base_table_bytes", NA, fmt("w 0: %zu", zkp_gf2_fixed_base_table_bytes(B256, 0)),
        fmt("w 21: %zu; w ~0: %zu", zkp_gf2_fixed_base_table_bytes(B256, 21), zkp_gf2_fixed_base_table_bytes(B256, ~0u)),
        NA, NA);
    zkp_gf2_fixed_base *t = NULL;
    uint64_t g[4] = {2, 0, 0, 0};
    row(m, "zkp_gf2_fixed_base_new",
        fmt("out: %s; base: %s", sn(zkp_gf2_fixed_base_new(NULL, B256, g, 4)), sn(zkp_gf2_fixed_base_new(&t, B256, NULL, 4))),
        NA, fmt("w 21: %s; w ~0: %s", sn(zkp_gf2_fixed_base_new(&t, B256, g, 21)), sn(zkp_gf2_fixed_base_new(&t, B256, g, ~0u))),
        NA, NA);
    /* "Corrupt" tables without knowing the private layout: memory that was
     * never a table (zeros, a fill pattern). The real header fields are
     * covered field by field in tests/test_gf2.c. */
    static uint64_t fake[2][32];
    memset(fake[0], 0, sizeof fake[0]);
    memset(fake[1], 0xA5, sizeof fake[1]);
    zkp_gf2_fixed_base *f0 = (zkp_gf2_fixed_base *)fake[0], *f1 = (zkp_gf2_fixed_base *)fake[1];
    zkp_gf2_fixed_base_free(f0);
    zkp_gf2_fixed_base_free(f1);
    row(m, "zkp_gf2_fixed_base_free", "NULL: ignored", NA, NA, NA, "not a table: ignored");
    row(m, "zkp_gf2_fixed_base_window", fmt("NULL: %u", zkp_gf2_fixed_base_window(NULL)), NA, NA, NA,
        fmt("not a table: %u/%u", zkp_gf2_fixed_base_window(f0), zkp_gf2_fixed_base_window(f1)));
    row(m, "zkp_gf2_fixed_base_field", fmt("NULL: %d", (int)zkp_gf2_fixed_base_field(NULL)), NA, NA, NA,
        fmt("not a table: %d/%d", (int)zkp_gf2_fixed_base_field(f0), (int)zkp_gf2_fixed_base_field(f1)));
    MUST_OK(zkp_gf2_fixed_base_new(&t, B256, g, 4));
    uint64_t ex[4] = {5, 0, 7, 0};
    row(m, "zkp_gf2_fixed_base_pow_vartime",
        fmt("t: %s; out: %s", sn(zkp_gf2_fixed_base_pow_vartime(NULL, r, ex)), sn(zkp_gf2_fixed_base_pow_vartime(t, NULL, ex))),
        NA, NA, NA,
        fmt("not a table: %s/%s", sn(zkp_gf2_fixed_base_pow_vartime(f0, r, ex)), sn(zkp_gf2_fixed_base_pow_vartime(f1, r, ex))));
    row(m, "zkp_gf2_fixed_base_pow_batch_vartime",
        fmt("t: %s; exps,n>0: %s; exps,n 0: %s", sn(zkp_gf2_fixed_base_pow_batch_vartime(NULL, W, ex, 1)),
            sn(zkp_gf2_fixed_base_pow_batch_vartime(t, W, NULL, 1)), sn(zkp_gf2_fixed_base_pow_batch_vartime(t, NULL, NULL, 0))),
        fmt("n 0: %s", sn(zkp_gf2_fixed_base_pow_batch_vartime(t, W, ex, 0))), huge_cell(h_gfb, NULL), NA,
        fmt("not a table: %s/%s", sn(zkp_gf2_fixed_base_pow_batch_vartime(f0, W, ex, 2)),
            sn(zkp_gf2_fixed_base_pow_batch_vartime(f1, W, ex, 2))));
    zkp_gf2_fixed_base_free(t);
}

/* ---- gf2_iso.h --------------------------------------------------------------- */

HUGE_FN(h_iso_f, {
    zkp_gf2_b256 a[2] = {{{1, 2, 3, 4}}};
    zkp_gf2_ghash2 r[2];
    return zkp_gf2_b256_to_ghash2_batch_vartime(r, a, v);
})
HUGE_FN(h_iso_i, {
    zkp_gf2_ghash2 a[2] = {{{1, 2, 3, 4}}};
    zkp_gf2_b256 r[2];
    return zkp_gf2_ghash2_to_b256_batch_vartime(r, a, v);
})

/* A single conversion: r = a in place must give the out-of-place result. */
#define ISO_ONE(fn, Tin, Tout)                                                                     \
    do {                                                                                           \
        Tout r1, r2;                                                                               \
        fn(&r1, (const Tin *)&a[0]);                                                               \
        memcpy(&r2, &a[0], sizeof r2);                                                             \
        fn(&r2, (const Tin *)&r2);                                                                 \
        const char *al_ = same("r=a", !memcmp(&r1, &r2, sizeof r1));                               \
        row(m, #fn, UNCHECKED, NA, NA, al_, NA);                                                   \
    } while (0)

static void probe_iso(void) {
    const char *m = "gf2_iso";
    zkp_gf2_b256 a[4], a2[4];
    zkp_gf2_ghash2 g[4], g2[4];
    _Static_assert(sizeof(zkp_gf2_b256) == sizeof(zkp_gf2_ghash2), "both four limbs");
    for (int i = 0; i < 4; i++)
        for (int j = 0; j < 4; j++) a[i].limb[j] = 0x9e3779b97f4a7c15ull * (uint64_t)(4 * i + j + 1);
    ISO_ONE(zkp_gf2_b256_to_ghash2_vartime, zkp_gf2_b256, zkp_gf2_ghash2);
    ISO_ONE(zkp_gf2_ghash2_to_b256_vartime, zkp_gf2_ghash2, zkp_gf2_b256);
    MUST_OK(zkp_gf2_b256_to_ghash2_batch_vartime(g, a, 4));
    memcpy(g2, a, sizeof g2);
    MUST_OK(zkp_gf2_b256_to_ghash2_batch_vartime(g2, (const zkp_gf2_b256 *)g2, 4));
    {
        const char *al_ = same("r=a", !memcmp(g, g2, sizeof g));
        row(m, "zkp_gf2_b256_to_ghash2_batch_vartime",
        fmt("n>0: %s; n 0: %s", sn(zkp_gf2_b256_to_ghash2_batch_vartime(NULL, a, 1)),
            sn(zkp_gf2_b256_to_ghash2_batch_vartime(NULL, NULL, 0))),
        fmt("n 0: %s", sn(zkp_gf2_b256_to_ghash2_batch_vartime(g, a, 0))), huge_cell(h_iso_f, NULL),
        al_, NA);
    }
    MUST_OK(zkp_gf2_ghash2_to_b256_batch_vartime(a2, g, 4));
    zkp_gf2_b256 a3[4];
    memcpy(a3, g, sizeof a3);
    MUST_OK(zkp_gf2_ghash2_to_b256_batch_vartime(a3, (const zkp_gf2_ghash2 *)a3, 4));
    {
        const char *al_ = same("r=a", !memcmp(a2, a3, sizeof a3) && !memcmp(a2, a, sizeof a));
        row(m, "zkp_gf2_ghash2_to_b256_batch_vartime",
        fmt("n>0: %s; n 0: %s", sn(zkp_gf2_ghash2_to_b256_batch_vartime(NULL, g, 1)),
            sn(zkp_gf2_ghash2_to_b256_batch_vartime(NULL, NULL, 0))),
        fmt("n 0: %s", sn(zkp_gf2_ghash2_to_b256_batch_vartime(a2, g, 0))), huge_cell(h_iso_i, NULL),
        al_, NA);
    }
    ISO_ONE(zkp_gf2_b256_to_ghash2, zkp_gf2_b256, zkp_gf2_ghash2);
    ISO_ONE(zkp_gf2_ghash2_to_b256, zkp_gf2_ghash2, zkp_gf2_b256);
    row(m, "zkp_gf2_iso_implementation", NA, NA, NA, NA, NA);
    row(m, "zkp_gf2_iso_root", UNCHECKED, NA, NA, NA, NA);
}

/* ---- streaming tree roots and subtrees (hemera.h, keccak.h) ------------------ */

static zkp_hemera_tree_hasher g_th, g_th2;
static zkp_hemera_cdc_hasher g_ch, g_ch2;
static zkp_keccak_tree_hasher g_kh, g_kh2;
static uint8_t g_long[200000]; /* enough for the hashers to have merged chunks */

HUGE_FN(h_thu, {
    zkp_hemera_tree_hasher_init(&g_th, 1);
    return zkp_hemera_tree_hasher_update(&g_th, B, v);
})
HUGE_FN(h_chu, {
    zkp_hemera_cdc_hasher_init(&g_ch);
    return zkp_hemera_cdc_hasher_update(&g_ch, B, v);
})
HUGE_FN(h_str, return zkp_hemera_subtree_root(B, v, 0, O);)
HUGE_FN(h_smp, return zkp_hemera_subtree_merge_parts((const uint8_t(*)[32])B, W, v, O);)
HUGE_FN(h_ssp, {
    size_t k;
    return zkp_hemera_subtree_split(100, v, W, &k);
})
HUGE_FN(h_khi, return zkp_keccak_tree_hasher_init(&g_kh, ZKP_KECCAK_256, v);)
HUGE_FN(h_khti, return zkp_keccak_tree_hasher_init_threads(&g_kh, ZKP_KECCAK_256, v, 2);)
HUGE_FN(h_khu, {
    MUST_OK(zkp_keccak_tree_hasher_init(&g_kh, ZKP_KECCAK_256, 64));
    return zkp_keccak_tree_hasher_update(&g_kh, B, v);
})
HUGE_FN(h_kmp, return zkp_keccak_subtree_merge_parts(ZKP_KECCAK_256, (const uint8_t(*)[32])B, W, v, 64, O);)
HUGE_FN(h_ksp, {
    size_t k;
    return zkp_keccak_subtree_split(100, 64, v, W, &k);
})

/* Each private field of a live tree hasher (with merged chunks and a
 * buffered tail) set to edge values, then update (which = 0) or finalize
 * (1); the cell is the set of results seen. The thread count is corrupted
 * only above 64 (0..64 are valid values). */
#define SET_FIELD(h, f, val, changed)                                                              \
    do {                                                                                           \
        uint64_t before_ = (uint64_t)(h).f;                                                        \
        (h).f = (val);                                                                             \
        changed = (uint64_t)(h).f != before_;                                                      \
    } while (0)

static const char *tree_hasher_corrupt(int kind, int which) {
    unsigned seen = 0;
    static const uint64_t vals[] = {0, 1, 65, 0x10001, 1u << 20, UINT32_MAX, (uint64_t)1 << 60, UINT64_MAX};
    for (int field = 0; field < 6; field++) {
        for (size_t v = 0; v < sizeof vals / sizeof vals[0]; v++) {
            zkp_status st;
            int changed = 0;
            uint64_t x = vals[v];
            if (kind == 0) {
                zkp_hemera_tree_hasher_init(&g_th2, 2);
                MUST_OK(zkp_hemera_tree_hasher_update(&g_th2, g_long, 70000));
                if (field == 0) SET_FIELD(g_th2, fill, (uint32_t)x, changed);
                else if (field == 1) SET_FIELD(g_th2, depth, (uint32_t)x, changed);
                else if (field == 2) SET_FIELD(g_th2, chunks, x, changed);
                else if (field == 3) SET_FIELD(g_th2, total, x, changed);
                else if (field == 4) SET_FIELD(g_th2, threads, (uint32_t)x > 64 ? (uint32_t)x : 65u, changed);
                else SET_FIELD(g_th2, flags, (uint32_t)x, changed);
                if (!changed) continue;
                st = which ? zkp_hemera_tree_hasher_finalize(&g_th2, O) : zkp_hemera_tree_hasher_update(&g_th2, B, 100);
            } else if (kind == 1) {
                zkp_hemera_cdc_hasher_init(&g_ch2);
                MUST_OK(zkp_hemera_cdc_hasher_update(&g_ch2, g_long, sizeof g_long));
                if (field == 0) SET_FIELD(g_ch2, fill, (uint32_t)x, changed);
                else if (field == 1) SET_FIELD(g_ch2, depth, (uint32_t)x, changed);
                else if (field == 2) SET_FIELD(g_ch2, chunks, x, changed);
                else if (field == 3) SET_FIELD(g_ch2, total, x, changed);
                else if (field == 5) SET_FIELD(g_ch2, flags, (uint32_t)x, changed);
                if (!changed) continue;
                st = which ? zkp_hemera_cdc_hasher_finalize(&g_ch2, O) : zkp_hemera_cdc_hasher_update(&g_ch2, B, 100);
            } else {
                MUST_OK(zkp_keccak_tree_hasher_init(&g_kh2, ZKP_KECCAK_256, 64));
                MUST_OK(zkp_keccak_tree_hasher_update(&g_kh2, g_long, 5000));
                if (field == 0) SET_FIELD(g_kh2, fill, x, changed);
                else if (field == 1) SET_FIELD(g_kh2, depth, (uint32_t)x, changed);
                else if (field == 2) SET_FIELD(g_kh2, leaves, x, changed);
                else if (field == 3) SET_FIELD(g_kh2, leaf_size, x, changed);
                else if (field == 4) SET_FIELD(g_kh2, alg, (uint32_t)x, changed);
                else SET_FIELD(g_kh2, flags, (uint32_t)x, changed);
                if (!changed) continue;
                st = which ? zkp_keccak_tree_hasher_finalize(&g_kh2, O) : zkp_keccak_tree_hasher_update(&g_kh2, B, 100);
            }
            seen |= 1u << st;
        }
    }
    return state_cell(seen);
}
#undef SET_FIELD

static void probe_tree_stream(void) {
    const char *m = "hemera";
    for (size_t i = 0; i < sizeof g_long; i++) g_long[i] = (uint8_t)(i * 131 + (i >> 9));
    zkp_hemera_tree_hasher_init(NULL, 1);
    zkp_hemera_tree_hasher_init(&g_th, 1000); /* more than 64 threads: 64 */
    row(m, "zkp_hemera_tree_hasher_init", IGNORED, NA,
        fmt("threads 1000: %s", sn(zkp_hemera_tree_hasher_update(&g_th, B, 10))), NA, "re-init: OK");
    zkp_hemera_tree_hasher_init(&g_th, 1);
    row(m, "zkp_hemera_tree_hasher_update",
        fmt("data,1: %s; data,0: %s; h: %s", sn(zkp_hemera_tree_hasher_update(&g_th, NULL, 1)),
            sn(zkp_hemera_tree_hasher_update(&g_th, NULL, 0)), sn(zkp_hemera_tree_hasher_update(NULL, B, 1))),
        sn(zkp_hemera_tree_hasher_update(&g_th, B, 0)), huge_cell(h_thu, NULL), NA, tree_hasher_corrupt(0, 0));
    zkp_hemera_tree_hasher_init(&g_th, 1);
    row(m, "zkp_hemera_tree_hasher_finalize",
        fmt("h: %s; out: %s", sn(zkp_hemera_tree_hasher_finalize(NULL, O)),
            sn(zkp_hemera_tree_hasher_finalize(&g_th, NULL))),
        fmt("empty: %s", sn(zkp_hemera_tree_hasher_finalize(&g_th, O))), NA, NA, tree_hasher_corrupt(0, 1));
    zkp_hemera_cdc_hasher_init(NULL);
    row(m, "zkp_hemera_cdc_hasher_init", IGNORED, NA, NA, NA, "re-init: OK");
    zkp_hemera_cdc_hasher_init(&g_ch);
    row(m, "zkp_hemera_cdc_hasher_update",
        fmt("data,1: %s; data,0: %s; h: %s", sn(zkp_hemera_cdc_hasher_update(&g_ch, NULL, 1)),
            sn(zkp_hemera_cdc_hasher_update(&g_ch, NULL, 0)), sn(zkp_hemera_cdc_hasher_update(NULL, B, 1))),
        sn(zkp_hemera_cdc_hasher_update(&g_ch, B, 0)), huge_cell(h_chu, NULL), NA, tree_hasher_corrupt(1, 0));
    zkp_hemera_cdc_hasher_init(&g_ch);
    row(m, "zkp_hemera_cdc_hasher_finalize",
        fmt("h: %s; out: %s", sn(zkp_hemera_cdc_hasher_finalize(NULL, O)),
            sn(zkp_hemera_cdc_hasher_finalize(&g_ch, NULL))),
        fmt("empty: %s", sn(zkp_hemera_cdc_hasher_finalize(&g_ch, O))), NA, NA, tree_hasher_corrupt(1, 1));
    for (int k = 0; k < 4096; k++) B[k] = (uint8_t)(k * 3);
    MUST_OK(zkp_hemera_subtree_root(B, 4096, 5, O));
    memcpy(B2, B, 4096);
    MUST_OK(zkp_hemera_subtree_root(B2, 4096, 5, B2));
    {
        const char *al_ = same("out=data", !memcmp(O, B2, 32));
        row(m, "zkp_hemera_subtree_root",
            fmt("data,1: %s; out: %s", sn(zkp_hemera_subtree_root(NULL, 1, 0, O)),
                sn(zkp_hemera_subtree_root(B, 1, 0, NULL))),
            fmt("len 0: %s", sn(zkp_hemera_subtree_root(B, 0, 0, O))),
            fmt("len: %s; first_chunk u64 max: %s", huge_cell(h_str, NULL),
                sn(zkp_hemera_subtree_root(B, 1, UINT64_MAX, O))),
            al_, NA);
    }
    W[0] = 0, W[1] = 4096, W[2] = 5000;
    row(m, "zkp_hemera_subtree_merge_parts",
        fmt("cvs: %s; offsets: %s; out: %s", sn(zkp_hemera_subtree_merge_parts(NULL, W, 2, O)),
            sn(zkp_hemera_subtree_merge_parts((const uint8_t(*)[32])B, NULL, 2, O)),
            sn(zkp_hemera_subtree_merge_parts((const uint8_t(*)[32])B, W, 2, NULL))),
        fmt("n 0: %s; n 1: %s", sn(zkp_hemera_subtree_merge_parts((const uint8_t(*)[32])B, W, 0, O)),
            sn(zkp_hemera_subtree_merge_parts((const uint8_t(*)[32])B, W, 1, O))),
        fmt("n: %s", huge_cell(h_smp, NULL)), NA, NA);
    size_t k;
    row(m, "zkp_hemera_subtree_split",
        fmt("offsets: %s; n_parts: %s", sn(zkp_hemera_subtree_split(1, 1, NULL, &k)),
            sn(zkp_hemera_subtree_split(1, 1, W, NULL))),
        fmt("max_parts 0: %s; total 0: %s", sn(zkp_hemera_subtree_split(1, 0, W, &k)),
            sn(zkp_hemera_subtree_split(0, 4, W, &k))),
        fmt("max_parts: %s; total u64 max: %s", huge_cell(h_ssp, NULL), sn(zkp_hemera_subtree_split(UINT64_MAX, 63, W, &k))),
        NA, NA);

    m = "keccak";
    row(m, "zkp_keccak_tree_hasher_init",
        fmt("h: %s", sn(zkp_keccak_tree_hasher_init(NULL, ZKP_KECCAK_256, 64))),
        fmt("leaf_size 0: %s", sn(zkp_keccak_tree_hasher_init(&g_kh, ZKP_KECCAK_256, 0))),
        fmt("leaf_size: %s; alg 99: %s", huge_cell(h_khi, NULL),
            sn(zkp_keccak_tree_hasher_init(&g_kh, (zkp_keccak_alg)99, 64))),
        NA, "re-init: OK");
    row(m, "zkp_keccak_tree_hasher_init_threads",
        fmt("h: %s", sn(zkp_keccak_tree_hasher_init_threads(NULL, ZKP_KECCAK_256, 64, 2))),
        fmt("leaf_size 0: %s; threads 0: %s", sn(zkp_keccak_tree_hasher_init_threads(&g_kh, ZKP_KECCAK_256, 0, 2)),
            sn(zkp_keccak_tree_hasher_init_threads(&g_kh, ZKP_KECCAK_256, 64, 0))),
        fmt("leaf_size: %s; threads 1000: %s; alg 99: %s", huge_cell(h_khti, NULL),
            sn(zkp_keccak_tree_hasher_init_threads(&g_kh, ZKP_KECCAK_256, 64, 1000)),
            sn(zkp_keccak_tree_hasher_init_threads(&g_kh, (zkp_keccak_alg)99, 64, 2))),
        NA, "re-init: OK");
    MUST_OK(zkp_keccak_tree_hasher_init(&g_kh, ZKP_KECCAK_256, 64));
    row(m, "zkp_keccak_tree_hasher_update",
        fmt("data,1: %s; data,0: %s; h: %s", sn(zkp_keccak_tree_hasher_update(&g_kh, NULL, 1)),
            sn(zkp_keccak_tree_hasher_update(&g_kh, NULL, 0)), sn(zkp_keccak_tree_hasher_update(NULL, B, 1))),
        sn(zkp_keccak_tree_hasher_update(&g_kh, B, 0)), huge_cell(h_khu, NULL), NA, tree_hasher_corrupt(2, 0));
    MUST_OK(zkp_keccak_tree_hasher_init(&g_kh, ZKP_KECCAK_256, 64));
    row(m, "zkp_keccak_tree_hasher_finalize",
        fmt("h: %s; root: %s", sn(zkp_keccak_tree_hasher_finalize(NULL, O)),
            sn(zkp_keccak_tree_hasher_finalize(&g_kh, NULL))),
        fmt("empty: %s", sn(zkp_keccak_tree_hasher_finalize(&g_kh, O))), NA, NA, tree_hasher_corrupt(2, 1));
    W[0] = 0, W[1] = 64, W[2] = 100;
    row(m, "zkp_keccak_subtree_merge_parts",
        fmt("cvs: %s; offsets: %s; root: %s",
            sn(zkp_keccak_subtree_merge_parts(ZKP_KECCAK_256, NULL, W, 2, 64, O)),
            sn(zkp_keccak_subtree_merge_parts(ZKP_KECCAK_256, (const uint8_t(*)[32])B, NULL, 2, 64, O)),
            sn(zkp_keccak_subtree_merge_parts(ZKP_KECCAK_256, (const uint8_t(*)[32])B, W, 2, 64, NULL))),
        fmt("n 0: %s; leaf_size 0: %s",
            sn(zkp_keccak_subtree_merge_parts(ZKP_KECCAK_256, (const uint8_t(*)[32])B, W, 0, 64, O)),
            sn(zkp_keccak_subtree_merge_parts(ZKP_KECCAK_256, (const uint8_t(*)[32])B, W, 2, 0, O))),
        fmt("n: %s", huge_cell(h_kmp, NULL)), NA, NA);
    row(m, "zkp_keccak_subtree_split",
        fmt("offsets: %s; n_parts: %s", sn(zkp_keccak_subtree_split(1, 64, 1, NULL, &k)),
            sn(zkp_keccak_subtree_split(1, 64, 1, W, NULL))),
        fmt("max_parts 0: %s; leaf_size 0: %s; total 0: %s", sn(zkp_keccak_subtree_split(1, 64, 0, W, &k)),
            sn(zkp_keccak_subtree_split(1, 0, 4, W, &k)), sn(zkp_keccak_subtree_split(0, 64, 4, W, &k))),
        fmt("max_parts: %s", huge_cell(h_ksp, NULL)), NA, NA);
}
#include "probe_multiproof.h" /* after the helpers it uses */
#include "probe_hemera_trace.h" /* after the helpers it uses */
#include "probe_poseidon2_multi.h" /* after the helpers it uses */
#include "probe_poseidon2_mmcs.h"  /* after the helpers it uses */

int main(int argc, char **argv) {
    if (argc > 1 && !strcmp(argv[1], "--env")) {
        printf("%s\n", zkp_status_name(zkp_cpu_env_status()));
        return 0;
    }
    printf("| module | function | NULL | zero length | SIZE_MAX-scale | overlap | corrupt state |\n");
    printf("|---|---|---|---|---|---|---|\n");
    probe_core();
    probe_keccak();
    probe_oz_tree();
    probe_hemera();
    probe_hemera_trace();
    probe_goldilocks();
    probe_poseidon();
    probe_poseidon2();
    probe_poseidon2_trees();
    probe_lean_imt();
    probe_gf2();
    probe_iso();
    probe_tree_stream();
    probe_multiproof();
    probe_poseidon2_multi();
    probe_poseidon2_mmcs();
    if (g_bad) fprintf(stderr, "probe: %d wrong result(s), marked WRONG in the table\n", g_bad);
    return g_bad ? 1 : 0;
}
