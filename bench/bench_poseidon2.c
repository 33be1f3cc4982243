/*
 * Poseidon2 benchmarks (ops = permutations unless named otherwise): the
 * 31-bit batched permutation (public call, and each kernel by name), the
 * single permutation, Plonky3's 2-to-1 compression, and the BN254 t = 4
 * permutation (single and batched), Noir's hash of two elements (a
 * Merkle node) and a BN254 tree root of 256 leaves (ops = roots: 255 nodes);
 * the HorizenLabs BabyBear instances batched and single on the 31-bit
 * kernels, beside the portable permutation of horizen.c they replaced.
 */
#include <stdlib.h>
#include <string.h>

#include "bench.h"
#include "poseidon2/bn254.h"
#include "poseidon2/horizen.h"
#include "poseidon2/params.h"
#include "zkprim/poseidon2.h"

#define NSTATES 64
#define CHUNK_OF(iters, i, per) ((size_t)((iters) - (i) < (per) ? (iters) - (i) : (per)))

typedef struct p2ctx {
    uint32_t st[NSTATES * 24];
} p2ctx;

static void *setup(void) { return calloc(1, sizeof(p2ctx)); }
static void teardown(void *ctx) { free(ctx); }
/* random canonical elements of both fields (< 2^30 < either p) */
static void fresh(void *ctx, uint64_t seed) {
    p2ctx *c = ctx;
    bench_fill(c->st, sizeof c->st, seed);
    for (size_t i = 0; i < NSTATES * 24; i++) c->st[i] &= 0x3fffffffu;
}

#define BATCH_CASE(field, w)                                                                     \
    static void run_##field##w(void *ctx, uint64_t iters) {                                      \
        p2ctx *c = ctx;                                                                          \
        for (uint64_t i = 0; i < iters; i += NSTATES)                                            \
            BENCH_CHECK(zkp_poseidon2_##field##_permute_batch(c->st, w, CHUNK_OF(iters, i, NSTATES))); \
        bench_sink(c->st, sizeof c->st);                                                         \
    }                                                                                            \
    static void run_single_##field##w(void *ctx, uint64_t iters) {                               \
        p2ctx *c = ctx;                                                                          \
        for (uint64_t i = 0; i < iters; i++)                                                     \
            BENCH_CHECK(zkp_poseidon2_##field##_permute(c->st + (i % NSTATES) * w, w));          \
        bench_sink(c->st, sizeof c->st);                                                         \
    }
BATCH_CASE(babybear, 16)
BATCH_CASE(babybear, 24)
BATCH_CASE(koalabear, 16)
BATCH_CASE(koalabear, 24)
BATCH_CASE(horizen_babybear, 16)
BATCH_CASE(horizen_babybear, 24)

/* The HorizenLabs BabyBear permutation as it ran before the vector kernels
 * (horizen.c's portable code, one state at a time), for the same-run
 * comparison. */
#define HORIZEN_PORTABLE_CASE(w)                                                                 \
    static void run_hz_portable##w(void *ctx, uint64_t iters) {                                  \
        p2ctx *c = ctx;                                                                          \
        for (uint64_t i = 0; i < iters; i++)                                                     \
            zkpi_p2h_babybear_run(&zkpi_p2h_babybear[w == 24], c->st + (i % NSTATES) * w);       \
        bench_sink(c->st, sizeof c->st);                                                         \
    }
HORIZEN_PORTABLE_CASE(16)
HORIZEN_PORTABLE_CASE(24)
static const char *k_portable(void) { return "portable"; }

static const zkpi_p2_31_kernel *kernel_named(const char *name) {
    for (unsigned i = 0; i < zkpi_p2_31_kernel_count; i++)
        if (!strcmp(zkpi_p2_31_kernels[i].info.name, name)) return &zkpi_p2_31_kernels[i];
    return NULL;
}

#define KERNEL_CASE(tag, inst)                                                                   \
    static void run_k_##tag##_##inst(void *ctx, uint64_t iters) {                               \
        p2ctx *c = ctx;                                                                          \
        const zkpi_p2_31_kernel *k = kernel_named(#tag);                                         \
        for (uint64_t i = 0; i < iters; i += NSTATES)                                            \
            k->batch(&zkpi_p2_##inst, c->st, CHUNK_OF(iters, i, NSTATES));                       \
        bench_sink(c->st, sizeof c->st);                                                         \
    }                                                                                            \
    static void *setup_k_##tag##_##inst(void) {                                                  \
        const zkpi_p2_31_kernel *k = kernel_named(#tag);                                         \
        return bench_need_kernel(k ? &k->info : NULL) ? setup() : BENCH_SKIP;                    \
    }                                                                                            \
    static const char *name_k_##tag##_##inst(void) { return #tag; }
KERNEL_CASE(portable, babybear16)
KERNEL_CASE(avx2, babybear16)
KERNEL_CASE(avx512, babybear16)
KERNEL_CASE(portable, koalabear16)
KERNEL_CASE(avx2, koalabear16)
KERNEL_CASE(avx512, koalabear16)

/* The physical floor of a batch kernel, measured in the same run: per op,
 * the vector multiplies one permutation costs in that kernel (field
 * products per state, zkpi_p2_31_products, times the multiplies per product
 * over the lanes per vector) issued back to back in independent chains.
 * The kernel row above divided by this row is how far the kernel is from
 * being bound by its multiplies on this CPU. */
#define FLOOR_CASE(tag, inst)                                                                    \
    static void run_f_##tag##_##inst(void *ctx, uint64_t iters) {                               \
        const zkpi_p2_31_kernel *k = kernel_named(#tag);                                         \
        double per_op = (double)zkpi_p2_31_products(&zkpi_p2_##inst) * k->muls_per_product / k->lanes; \
        uint64_t n = (uint64_t)((double)iters * per_op / 12.0 + 0.5);                            \
        uint64_t v = k->mul_loop(n);                                                             \
        bench_sink(&v, sizeof v);                                                                \
        (void)ctx;                                                                               \
    }                                                                                            \
    static const char *name_f_##tag##_##inst(void) { return #tag "-vpmuludq"; }
FLOOR_CASE(avx2, babybear16)
FLOOR_CASE(avx512, babybear16)
FLOOR_CASE(avx2, koalabear16)
FLOOR_CASE(avx512, koalabear16)

/* ops = compressions of two 8-element digests */
static void run_compress_bb(void *ctx, uint64_t iters) {
    p2ctx *c = ctx;
    for (uint64_t i = 0; i < iters; i++) {
        uint32_t *s = c->st + (i % NSTATES) * 16;
        BENCH_CHECK(zkp_poseidon2_babybear_compress(s, s + 8, s));
    }
    bench_sink(c->st, sizeof c->st);
}

typedef struct bnctx {
    zkp_poseidon_fr s[NSTATES][4];
} bnctx;
static void *setup_bn(void) { return calloc(1, sizeof(bnctx)); }
static void fresh_bn(void *ctx, uint64_t seed) {
    bnctx *c = ctx;
    bench_fill(c->s, sizeof c->s, seed);
    for (size_t i = 0; i < NSTATES; i++)
        for (int j = 0; j < 4; j++) c->s[i][j].limb[3] &= 0x0fffffffffffffffu; /* < p */
}
static void run_bn_perm(void *ctx, uint64_t iters) {
    bnctx *c = ctx;
    for (uint64_t i = 0; i < iters; i++) BENCH_CHECK(zkp_poseidon2_bn254_permute(c->s[i % NSTATES]));
    bench_sink(c->s, sizeof c->s);
}
/* ops = permutations, in calls of NSTATES (batch) or 8 (batch/8: one IFMA
 * lane group, so the per-call constant setup shows) */
static void bn_batch(bnctx *c, uint64_t iters, size_t per) {
    for (uint64_t i = 0; i < iters; i += per) BENCH_CHECK(zkp_poseidon2_bn254_permute_batch(c->s[0], CHUNK_OF(iters, i, per)));
    bench_sink(c->s, sizeof c->s);
}
static void run_bn_batch(void *ctx, uint64_t iters) { bn_batch(ctx, iters, NSTATES); }
static void run_bn_batch8(void *ctx, uint64_t iters) { bn_batch(ctx, iters, 8); }
/* ops = hashes of two elements (one permutation each) */
static void run_bn_hash2(void *ctx, uint64_t iters) {
    bnctx *c = ctx;
    for (uint64_t i = 0; i < iters; i++) {
        zkp_poseidon_fr *s = c->s[i % NSTATES];
        BENCH_CHECK(zkp_poseidon2_bn254_hash(s, 2, &s[0]));
    }
    bench_sink(c->s, sizeof c->s);
}

/* ops = roots of the 256-leaf tree over the 64 x 4 elements (255 nodes,
 * a level per permute_batch call) */
static void run_bn_tree256(void *ctx, uint64_t iters) {
    bnctx *c = ctx;
    zkp_poseidon_fr root;
    for (uint64_t i = 0; i < iters; i++) BENCH_CHECK(zkp_poseidon2_bn254_tree_root(&c->s[0][0], NSTATES * 4, &root));
    bench_sink(&root, sizeof root);
}

static const char *k_batch(void) { return zkp_poseidon2_implementation(); }
/* the single permutation's kernel: the active entry's single-state one, else portable */
static const char *k_single(void) {
    const zkpi_p2_31_kernel *k = zkpi_p2_31_kernel_active();
    return k->single ? k->info.name : "portable";
}
static const char *k_bn254(void) { return zkpi_p2_bn254_kernel_active()->info.name; }

static const bench_case k_cases[] = {
    {"poseidon2/babybear16/batch", "batch", 0, setup, fresh, run_babybear16, teardown, k_batch},
    {"poseidon2/babybear24/batch", "batch", 0, setup, fresh, run_babybear24, teardown, k_batch},
    {"poseidon2/koalabear16/batch", "batch", 0, setup, fresh, run_koalabear16, teardown, k_batch},
    {"poseidon2/koalabear24/batch", "batch", 0, setup, fresh, run_koalabear24, teardown, k_batch},
    {"poseidon2/babybear16/batch/kernel-portable", "kernel", 0, setup_k_portable_babybear16, fresh,
     run_k_portable_babybear16, teardown, name_k_portable_babybear16},
    {"poseidon2/babybear16/batch/kernel-avx2", "kernel", 0, setup_k_avx2_babybear16, fresh, run_k_avx2_babybear16,
     teardown, name_k_avx2_babybear16},
    {"poseidon2/babybear16/batch/kernel-avx512", "kernel", 0, setup_k_avx512_babybear16, fresh,
     run_k_avx512_babybear16, teardown, name_k_avx512_babybear16},
    {"poseidon2/babybear16/batch/floor-avx2", "floor", 0, setup_k_avx2_babybear16, NULL, run_f_avx2_babybear16,
     teardown, name_f_avx2_babybear16},
    {"poseidon2/babybear16/batch/floor-avx512", "floor", 0, setup_k_avx512_babybear16, NULL,
     run_f_avx512_babybear16, teardown, name_f_avx512_babybear16},
    {"poseidon2/koalabear16/batch/kernel-portable", "kernel", 0, setup_k_portable_koalabear16, fresh,
     run_k_portable_koalabear16, teardown, name_k_portable_koalabear16},
    {"poseidon2/koalabear16/batch/kernel-avx2", "kernel", 0, setup_k_avx2_koalabear16, fresh,
     run_k_avx2_koalabear16, teardown, name_k_avx2_koalabear16},
    {"poseidon2/koalabear16/batch/kernel-avx512", "kernel", 0, setup_k_avx512_koalabear16, fresh,
     run_k_avx512_koalabear16, teardown, name_k_avx512_koalabear16},
    {"poseidon2/koalabear16/batch/floor-avx2", "floor", 0, setup_k_avx2_koalabear16, NULL, run_f_avx2_koalabear16,
     teardown, name_f_avx2_koalabear16},
    {"poseidon2/koalabear16/batch/floor-avx512", "floor", 0, setup_k_avx512_koalabear16, NULL,
     run_f_avx512_koalabear16, teardown, name_f_avx512_koalabear16},
    {"poseidon2/babybear16/permute", "single", 0, setup, fresh, run_single_babybear16, teardown, k_single},
    {"poseidon2/babybear24/permute", "single", 0, setup, fresh, run_single_babybear24, teardown, k_single},
    {"poseidon2/koalabear16/permute", "single", 0, setup, fresh, run_single_koalabear16, teardown, k_single},
    {"poseidon2/koalabear24/permute", "single", 0, setup, fresh, run_single_koalabear24, teardown, k_single},
    {"poseidon2/horizen-babybear16/batch", "batch", 0, setup, fresh, run_horizen_babybear16, teardown, k_batch},
    {"poseidon2/horizen-babybear24/batch", "batch", 0, setup, fresh, run_horizen_babybear24, teardown, k_batch},
    {"poseidon2/horizen-babybear16/permute", "single", 0, setup, fresh, run_single_horizen_babybear16, teardown,
     k_single},
    {"poseidon2/horizen-babybear24/permute", "single", 0, setup, fresh, run_single_horizen_babybear24, teardown,
     k_single},
    {"poseidon2/horizen-babybear16/portable", "single", 0, setup, fresh, run_hz_portable16, teardown, k_portable},
    {"poseidon2/horizen-babybear24/portable", "single", 0, setup, fresh, run_hz_portable24, teardown, k_portable},
    {"poseidon2/babybear16/compress", "single", 0, setup, fresh, run_compress_bb, teardown, k_single},
    {"poseidon2/bn254/permute", "single", 0, setup_bn, fresh_bn, run_bn_perm, teardown, k_bn254},
    {"poseidon2/bn254/hash2", "single", 0, setup_bn, fresh_bn, run_bn_hash2, teardown, k_bn254},
    {"poseidon2/bn254/batch", "batch", 0, setup_bn, fresh_bn, run_bn_batch, teardown, k_bn254},
    {"poseidon2/bn254/batch/8", "batch", 0, setup_bn, fresh_bn, run_bn_batch8, teardown, k_bn254},
    {"poseidon2/bn254/tree_root/256", "tree", 0, setup_bn, fresh_bn, run_bn_tree256, teardown, k_bn254},
};

const bench_module bench_module_poseidon2 = {"poseidon2", k_cases, sizeof k_cases / sizeof k_cases[0]};
