/*
 * Hemera permutation layer: Goldilocks multiply latency / throughput, each
 * inverse variant, and the single permutation (fast and constant-time), all
 * through the kernel the dispatcher picks now (force another with
 * ZKPRIM_CPU=portable). The field micro-benchmarks run inside the kernel's
 * own translation unit (op_chain), so they time exactly the inlined code
 * the permutation uses. Mode and batch cases live in bench_hemera_modes.c /
 * bench_hemera_batch.c.
 */
#include <stdlib.h>
#include <string.h>

#include "bench.h"
#include "hemera/kernels.h"
#include "zkprim/goldilocks.h"
#include "zkprim/hemera.h"

static const char *kname(void) { return zkpi_hemera_perm_kernel_active()->info.name; }

typedef struct {
    uint64_t x;
    uint64_t st[16];
} hctx;

static void *setup(void) { return calloc(1, sizeof(hctx)); }
static void teardown(void *c) { free(c); }

static void fresh(void *c, uint64_t seed) {
    hctx *h = c;
    bench_fill(h->st, sizeof h->st, seed);
    h->x = h->st[0] | 1;
}

#define OP_CASE(fn, OP)                                                              \
    static void fn(void *c, uint64_t iters) {                                        \
        hctx *h = c;                                                                 \
        bench_sink_u64(zkpi_hemera_perm_kernel_active()->op_chain(OP, h->x, iters)); \
    }
OP_CASE(run_mul_lat, HEMERA_OP_MUL)
OP_CASE(run_mul_ct_lat, HEMERA_OP_MUL_CT)
OP_CASE(run_inv_chain, HEMERA_OP_INV_CHAIN)
OP_CASE(run_inv_chain_ct, HEMERA_OP_INV_CHAIN_CT)
OP_CASE(run_inv_vartime, HEMERA_OP_INV_VARTIME)
OP_CASE(run_inv_ct, HEMERA_OP_INV_CT)

static void run_mul_tput(void *c, uint64_t iters) {
    hctx *h = c;
    bench_sink_u64(zkpi_hemera_perm_kernel_active()->op_chain(HEMERA_OP_MUL_TPUT, h->x, iters * 8) );
}

/* The public out-of-line (constant-time) multiply, latency including the call. */
static void run_api_mul(void *c, uint64_t iters) {
    hctx *h = c;
    uint64_t x = h->x;
    for (uint64_t i = 0; i < iters; i++) x = zkp_goldilocks_mul(x, 0x9E3779B97F4A7C15ull);
    bench_sink_u64(x);
}

/* Permutations chained on one state: latency, as a sponge sees it. */
static void run_permute(void *c, uint64_t iters) {
    hctx *h = c;
    for (uint64_t i = 0; i < iters; i++) zkp_hemera_permute(h->st);
    bench_sink(h->st, sizeof h->st);
}

static void run_permute_ct(void *c, uint64_t iters) {
    hctx *h = c;
    for (uint64_t i = 0; i < iters; i++) zkp_hemera_permute_ct(h->st);
    bench_sink(h->st, sizeof h->st);
}

static const bench_case k_cases[] = {
    {"hemera/gl-mul-latency", "field", 0, setup, fresh, run_mul_lat, teardown, kname},
    {"hemera/gl-mul-ct-latency", "field", 0, setup, fresh, run_mul_ct_lat, teardown, kname},
    /* reported per 8 multiplies: ns/op here is per multiply x 8 */
    {"hemera/gl-mul-throughput-x8", "field", 0, setup, fresh, run_mul_tput, teardown, kname},
    {"hemera/goldilocks-mul-api", "field", 0, setup, fresh, run_api_mul, teardown, NULL},
    {"hemera/inverse/chain", "inverse", 0, setup, fresh, run_inv_chain, teardown, kname},
    {"hemera/inverse/chain-ct", "inverse", 0, setup, fresh, run_inv_chain_ct, teardown, kname},
    {"hemera/inverse/vartime", "inverse", 0, setup, fresh, run_inv_vartime, teardown, kname},
    {"hemera/inverse/ct", "inverse", 0, setup, fresh, run_inv_ct, teardown, kname},
    {"hemera/permute", "permutation", 0, setup, fresh, run_permute, teardown, zkp_hemera_permute_implementation},
    {"hemera/permute_ct", "permutation", 0, setup, fresh, run_permute_ct, teardown,
     zkp_hemera_permute_implementation},
};

const bench_module bench_module_hemera = {"hemera", k_cases, sizeof k_cases / sizeof k_cases[0]};
