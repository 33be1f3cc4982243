/*
 * gf2 benchmarks: ns per multiplication for each field, with the dispatched
 * kernel (gf2/mul/<field>) and with each kernel of the table
 * (gf2/mul/<field>/<kernel>), and ns per fixed-base power with the default
 * window (gf2/fixed-base/<field>). Multiplications run as cache-resident
 * batches of GF2_BENCH_N elements (at most 3 x 8 KiB); powers as batches of
 * GF2_BENCH_P exponents against a table built in setup (untimed).
 * A per-kernel case whose kernel cannot run here is reported unavailable
 * (gf2/mul/<field> already times the dispatched kernel).
 */
#include <stdlib.h>
#include <string.h>

#include "bench.h"
#include "gf2/gf2_internal.h"
#include "zkprim/gf2.h"

#define GF2_BENCH_N 256
#define GF2_BENCH_P 1024

typedef struct gctx {
    zkp_gf2_field f;
    unsigned nl;
    const gf2_field_ops *ops;   /* NULL: public dispatched API */
    uint64_t *a, *b, *r, *exps;
    zkp_gf2_fixed_base *fb;
} gctx;

/* The kernel of that name, or NULL when the build has none. */
static const gf2_kernel *find_kernel(const char *name) {
    size_t n;
    const gf2_kernel *k = zkpi_gf2_kernels(&n);
    for (size_t i = 0; i < n; i++)
        if (strcmp(k[i].info.name, name) == 0) return &k[i];
    return NULL;
}

static void mask_elems(gctx *c, uint64_t *p, size_t n) {
    uint64_t top = (zkp_gf2_field_degree(c->f) % 64) ? (((uint64_t)1 << (zkp_gf2_field_degree(c->f) % 64)) - 1)
                                                       : ~(uint64_t)0;
    for (size_t i = 0; i < n; i++) p[i * c->nl + c->nl - 1] &= top;
}

static void *setup_common(zkp_gf2_field f, const char *kernel, int fixed_base) {
    const gf2_kernel *k = kernel ? find_kernel(kernel) : NULL;
    if (kernel && !bench_need_kernel(k ? &k->info : NULL)) return BENCH_SKIP;
    gctx *c = calloc(1, sizeof *c);
    c->f = f;
    c->nl = zkp_gf2_field_limbs(f);
    c->ops = k ? &k->ops[f] : NULL;
    size_t n = fixed_base ? GF2_BENCH_P : GF2_BENCH_N;
    c->a = calloc(n * c->nl, 8);
    c->b = calloc(n * c->nl, 8);
    c->r = calloc(n * c->nl, 8);
    if (fixed_base) {
        uint64_t g[ZKP_GF2_MAX_LIMBS];
        bench_fill(g, sizeof g, 12345);
        mask_elems(c, g, 1);
        BENCH_CHECK(zkp_gf2_fixed_base_new(&c->fb, f, g, 0));
        c->exps = calloc(2 * n, 8);
    }
    return c;
}

static void fresh(void *ctx, uint64_t seed) {
    gctx *c = ctx;
    if (c->fb) {
        bench_fill(c->exps, 16 * GF2_BENCH_P, seed);
        return;
    }
    bench_fill(c->a, GF2_BENCH_N * c->nl * 8, seed);
    bench_fill(c->b, GF2_BENCH_N * c->nl * 8, seed ^ 0x9e3779b97f4a7c15u);
    mask_elems(c, c->a, GF2_BENCH_N);
    mask_elems(c, c->b, GF2_BENCH_N);
}

static void run_mul(void *ctx, uint64_t iters) {
    gctx *c = ctx;
    for (uint64_t done = 0; done < iters; done += GF2_BENCH_N) {
        size_t n = iters - done < GF2_BENCH_N ? (size_t)(iters - done) : GF2_BENCH_N;
        if (c->ops) c->ops->mul_batch(c->r, c->a, c->b, n);
        else BENCH_CHECK(zkp_gf2_mul_batch(c->f, c->r, c->a, c->b, n));
        /* feed the result back so consecutive batches are not identical work */
        uint64_t *t = c->a;
        c->a = c->r;
        c->r = t;
    }
    bench_sink(c->a, GF2_BENCH_N * c->nl * 8);
}

static void run_fb(void *ctx, uint64_t iters) {
    gctx *c = ctx;
    for (uint64_t done = 0; done < iters; done += GF2_BENCH_P) {
        size_t n = iters - done < GF2_BENCH_P ? (size_t)(iters - done) : GF2_BENCH_P;
        BENCH_CHECK(zkp_gf2_fixed_base_pow_batch_vartime(c->fb, c->r, c->exps, n));
        c->exps[0] ^= c->r[0];
    }
    bench_sink(c->r, GF2_BENCH_P * c->nl * 8);
}

static void teardown(void *ctx) {
    gctx *c = ctx;
    free(c->a);
    free(c->b);
    free(c->r);
    free(c->exps);
    zkp_gf2_fixed_base_free(c->fb);
    free(c);
}

#define KNAME(K, KS) \
    __attribute__((unused)) static const char *kname_##K(void) { return KS; }
KNAME(zmm, "vpclmul-zmm")
KNAME(vpclmul, "vpclmul")
KNAME(pclmul, "pclmul")
KNAME(pmull, "pmull")
KNAME(portable, "portable")

#define SETUPS(F, ID)                                                                              \
    __attribute__((unused)) static void *su_mul_##F(void) { return setup_common(ID, NULL, 0); }                            \
    __attribute__((unused)) static void *su_fb_##F(void) { return setup_common(ID, NULL, 1); }                             \
    __attribute__((unused)) static void *su_zmm_##F(void) { return setup_common(ID, "vpclmul-zmm", 0); }                   \
    __attribute__((unused)) static void *su_vpclmul_##F(void) { return setup_common(ID, "vpclmul", 0); }                   \
    __attribute__((unused)) static void *su_pclmul_##F(void) { return setup_common(ID, "pclmul", 0); }                     \
    __attribute__((unused)) static void *su_pmull_##F(void) { return setup_common(ID, "pmull", 0); }                       \
    __attribute__((unused)) static void *su_portable_##F(void) { return setup_common(ID, "portable", 0); }
SETUPS(b127, ZKP_GF2_B127)
SETUPS(ghash128, ZKP_GF2_GHASH128)
SETUPS(b163, ZKP_GF2_B163)
SETUPS(b191, ZKP_GF2_B191)
SETUPS(sect193, ZKP_GF2_SECT193)
SETUPS(ghash2, ZKP_GF2_GHASH2)
SETUPS(b256, ZKP_GF2_B256)

#define MUL_CASE(F) {"gf2/mul/" #F, "mul", 0, su_mul_##F, fresh, run_mul, teardown, zkp_gf2_implementation}
#define FB_CASE(F) {"gf2/fixed-base/" #F, "fixed-base", 0, su_fb_##F, fresh, run_fb, teardown, zkp_gf2_implementation}
#define K_CASE(F, K) {"gf2/mul/" #F "/" #K, "mul-kernel", 0, su_##K##_##F, fresh, run_mul, teardown, kname_##K}

#if ZKP_HAVE_AVX512 && ZKP_HAVE_VPCLMUL
#define K_ZMM(F) K_CASE(F, zmm),
#else
#define K_ZMM(F)
#endif
#if ZKP_HAVE_VPCLMUL
#define K_VPCLMUL(F) K_CASE(F, vpclmul),
#else
#define K_VPCLMUL(F)
#endif
#if ZKP_HAVE_PCLMUL
#define K_PCLMUL(F) K_CASE(F, pclmul),
#else
#define K_PCLMUL(F)
#endif
#if ZKP_HAVE_PMULL
#define K_PMULL(F) K_CASE(F, pmull),
#else
#define K_PMULL(F)
#endif
#define K_ALL(F) K_ZMM(F) K_VPCLMUL(F) K_PCLMUL(F) K_PMULL(F) K_CASE(F, portable),

static const bench_case k_cases[] = {
    MUL_CASE(b127), MUL_CASE(ghash128), MUL_CASE(b163), MUL_CASE(b191),
    MUL_CASE(sect193), MUL_CASE(ghash2), MUL_CASE(b256),
    FB_CASE(b127), FB_CASE(ghash128), FB_CASE(b163), FB_CASE(b191),
    FB_CASE(sect193), FB_CASE(ghash2), FB_CASE(b256),
    K_ALL(b127) K_ALL(ghash128) K_ALL(b163) K_ALL(b191) K_ALL(sect193) K_ALL(ghash2) K_ALL(b256)
};

const bench_module bench_module_gf2 = {"gf2", k_cases, sizeof k_cases / sizeof k_cases[0]};
