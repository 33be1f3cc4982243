/*
 * Hemera part 2 benchmarks: batched permutation (per permutation, per
 * kernel), the per-phase split, the alternative-profile costing case,
 * hash_node_batch (per node), hash_leaf_batch of 144-byte leaves (per leaf)
 * and the fixed-4K root of 1 MiB with one and two threads.
 */
#include <stdlib.h>
#include <string.h>

#include "bench.h"
#include "hemera/batch_internal.h"
#include "zkprim/hemera.h"

#define NSTATES 64

typedef struct pctx {
    uint64_t st[NSTATES][16];
    hb_profile_storage alt;
} pctx;

static void *setup_perm(void) {
    pctx *c = calloc(1, sizeof *c);
    if (c) hb_profile_x7_placeholder(&c->alt);
    return c;
}
static void fresh_perm(void *ctx, uint64_t seed) {
    pctx *c = ctx;
    bench_fill(c->st, sizeof c->st, seed);
}
static void teardown(void *ctx) { free(ctx); }

/* ops = permutations; groups of 16 (the batch width every kernel takes). */
static void run_public(void *ctx, uint64_t iters) {
    pctx *c = ctx;
    for (uint64_t i = 0; i < iters; i += NSTATES) zkp_hemera_permute_batch(c->st, NSTATES);
    bench_sink(c->st, sizeof c->st);
}

static const hb_kernel *kernel_named(const char *name) {
    for (unsigned i = 0; i < hb_kernel_count; i++)
        if (!strcmp(hb_kernels[i].info.name, name) && zkp_kernel_usable(&hb_kernels[i].info)) return &hb_kernels[i];
    return &hb_kernels[hb_kernel_count - 1]; /* portable when unusable here */
}

#define KERNEL_CASE(tag)                                                                         \
    static void run_k_##tag(void *ctx, uint64_t iters) {                                         \
        pctx *c = ctx;                                                                           \
        const hb_kernel *k = kernel_named(#tag);                                                 \
        for (uint64_t i = 0; i < iters; i += NSTATES) hb_permute_with(k, c->st, NSTATES, &zkp_hemera_profile_default); \
        bench_sink(c->st, sizeof c->st);                                                         \
    }                                                                                            \
    static const char *name_k_##tag(void) { return kernel_named(#tag)->info.name; }
KERNEL_CASE(portable)
KERNEL_CASE(avx2)
KERNEL_CASE(avx512)

static void run_alt(void *ctx, uint64_t iters) {
    pctx *c = ctx;
    for (uint64_t i = 0; i < iters; i += NSTATES) hb_permute_with(hb_kernel_active(), c->st, NSTATES, &c->alt.pr);
    bench_sink(c->st, sizeof c->st);
}

/* Per-phase split (the active kernel, 16 lanes, per permutation): the
 * full-round S-boxes, the partial rounds (S-box + M_I), the M_E layers. */
#define PHASE_CASE(w)                                                                            \
    static void run_phase_##w(void *ctx, uint64_t iters) {                                       \
        pctx *c = ctx;                                                                           \
        for (uint64_t i = 0; i < iters; i += 16) hb_kernel_active()->phase(&c->st[0][0], w, &zkp_hemera_profile_default); \
        bench_sink(c->st, sizeof c->st);                                                         \
    }
PHASE_CASE(0)
PHASE_CASE(1)
PHASE_CASE(2)

static const char *k_public(void) { return zkp_hemera_permute_batch_implementation(); }

static const bench_case k_cases[] = {
    {"hemera/batch/permute", "batch", 0, setup_perm, fresh_perm, run_public, teardown, k_public},
    {"hemera/batch/permute/kernel-portable", "kernel", 0, setup_perm, fresh_perm, run_k_portable, teardown, name_k_portable},
    {"hemera/batch/permute/kernel-avx2", "kernel", 0, setup_perm, fresh_perm, run_k_avx2, teardown, name_k_avx2},
    {"hemera/batch/permute/kernel-avx512", "kernel", 0, setup_perm, fresh_perm, run_k_avx512, teardown, name_k_avx512},
    {"hemera/batch/phase/full-sbox", "phase", 0, setup_perm, fresh_perm, run_phase_0, teardown, k_public},
    {"hemera/batch/phase/partial-rounds", "phase", 0, setup_perm, fresh_perm, run_phase_1, teardown, k_public},
    {"hemera/batch/phase/linear-M_E", "phase", 0, setup_perm, fresh_perm, run_phase_2, teardown, k_public},
    {"hemera/batch/profile-x7-6+6-48 (placeholder constants, cost only)", "profile", 0, setup_perm, fresh_perm, run_alt,
     teardown, k_public},
};

const bench_module bench_module_hemera_batch = {"hemera_batch", k_cases, sizeof k_cases / sizeof k_cases[0]};
