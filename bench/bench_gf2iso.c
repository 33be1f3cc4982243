/* Benchmarks of the b256 <-> ghash2 isomorphism: ns per converted element,
 * batches of 256 elements cycling through a 1024-element (32 KiB) buffer so
 * input, output and the ~50 KiB table stay cache-resident. Optional NTL
 * anchor rows (bench/anchor_ntl.cpp) join the same run when NTL was found. */
#include <stdlib.h>

#include "bench.h"
#include "zkprim/gf2_iso.h"

#define ISO_BUF 1024
#define ISO_CHUNK 256

typedef struct { zkp_gf2_b256 in[ISO_BUF]; zkp_gf2_ghash2 out[ISO_BUF]; } iso_ctx;

static void *iso_setup(void) { return calloc(1, sizeof(iso_ctx)); }
static void iso_teardown(void *ctx) { free(ctx); }
static void iso_fresh(void *ctx, uint64_t seed) {
    iso_ctx *c = ctx;
    bench_fill(c->in, sizeof c->in, seed);
}

/* Both directions see the buffers as 4-limb elements (every 256-bit value is
 * an element of both fields). */
typedef zkp_status (*iso_fn)(uint64_t *, const uint64_t *, size_t) ZKP_MUST_USE;
static zkp_status fwd_b(uint64_t *r, const uint64_t *a, size_t n) {
    return zkp_gf2_b256_to_ghash2_batch_vartime((zkp_gf2_ghash2 *)(void *)r, (const zkp_gf2_b256 *)(const void *)a, n);
}
static zkp_status inv_b(uint64_t *r, const uint64_t *a, size_t n) {
    return zkp_gf2_ghash2_to_b256_batch_vartime((zkp_gf2_b256 *)(void *)r, (const zkp_gf2_ghash2 *)(const void *)a, n);
}

static void run_iso(iso_ctx *c, uint64_t iters, iso_fn fn) {
    size_t pos = 0;
    while (iters) {
        size_t k = iters < ISO_CHUNK ? (size_t)iters : ISO_CHUNK;
        BENCH_CHECK(fn(c->out[pos].limb, c->in[pos].limb, k));
        pos = (pos + ISO_CHUNK) % ISO_BUF;
        iters -= k;
    }
    /* One element is enough to keep the (external) calls alive; sinking the
     * whole 32 KiB buffer would cost ~40 us per pass (bench_sink is a
     * byte-serial hash) and swamp small calibrated batches. */
    bench_sink(c->out[0].limb, 32);
}

static void run_fwd(void *ctx, uint64_t iters) { run_iso(ctx, iters, fwd_b); }
static void run_inv(void *ctx, uint64_t iters) { run_iso(ctx, iters, inv_b); }

/* Single-element calls (latency-ish: one dispatch per element). */
static void run_fwd1(void *ctx, uint64_t iters) {
    iso_ctx *c = ctx;
    for (uint64_t i = 0; i < iters; i++) {
        size_t p = (size_t)(i % ISO_BUF);
        zkp_gf2_b256_to_ghash2_vartime(&c->out[p], &c->in[p]);
    }
    bench_sink(c->out[0].limb, 32);
}

/* Constant-time form (masked matrix, no table). */
static void run_fwd_ct(void *ctx, uint64_t iters) {
    iso_ctx *c = ctx;
    for (uint64_t i = 0; i < iters; i++) {
        size_t p = (size_t)(i % ISO_BUF);
        zkp_gf2_b256_to_ghash2(&c->out[p], &c->in[p]);
    }
    bench_sink(c->out[0].limb, 32);
}

static const char *ct_kernel(void) { return "ct-matrix"; }

#ifdef ZKP_HAVE_NTL
#include "anchor_ntl.h"
#endif

static const bench_case k_cases[] = {
    {"gf2/iso/b256-to-ghash2", "gf2-iso", 32, iso_setup, iso_fresh, run_fwd, iso_teardown, zkp_gf2_iso_implementation},
    {"gf2/iso/ghash2-to-b256", "gf2-iso", 32, iso_setup, iso_fresh, run_inv, iso_teardown, zkp_gf2_iso_implementation},
    {"gf2/iso/b256-to-ghash2/single", "gf2-iso", 32, iso_setup, iso_fresh, run_fwd1, iso_teardown,
     zkp_gf2_iso_implementation},
    {"gf2/iso/b256-to-ghash2/ct", "gf2-iso", 32, iso_setup, iso_fresh, run_fwd_ct, iso_teardown, ct_kernel},
#ifdef ZKP_HAVE_NTL
    ZKP_NTL_BENCH_CASES
#endif
};

const bench_module bench_module_gf2iso = {"gf2iso", k_cases, sizeof k_cases / sizeof k_cases[0]};
