/*
 * The vector Keccak-f[1600] kernels timed one by one, whatever dispatch
 * picks (keccak/f1600x8-avx512, keccak/f1600-sha3, keccak/f1600x2-sha3,
 * keccak/f1600x2-neon; the kernels are declared in src/keccak/f1600.h).
 * One op is one kernel call: N states for an N-way kernel. bytes_per_op is
 * N * 200 (the state bytes permuted), so the MB/s column compares kernels of
 * different widths directly; ns per state = ns/op / N.
 *
 * A kernel this build left out has no row; one the CPU cannot run (or that
 * ZKPRIM_CPU disabled) has an "unavailable" row (its setup says why).
 */
#include <stdlib.h>

#include "bench.h"
#include "core/cpu_internal.h"
#include "keccak/f1600.h"

#define KB_ANY (ZKP_HAVE_AVX512 || ZKP_HAVE_SHA3 || ZKP_HAVE_NEON)
#if KB_ANY
typedef struct {
    uint64_t st[8 * 25];
} kb_ctx;

static void kb_fresh(void *ctx, uint64_t seed) { bench_fill(((kb_ctx *)ctx)->st, sizeof(((kb_ctx *)ctx)->st), seed); }
static void kb_teardown(void *ctx) { free(ctx); }

/* Feeding each output back in makes the calls a dependency chain, which is
 * how a sponge uses a permutation. */
#define KB_RUNNER(fname, kfn, need)                                                              \
    static void *fname##_setup(void) { return bench_need_cpu(need) ? calloc(1, sizeof(kb_ctx)) : BENCH_SKIP; } \
    static const char *fname##_kernel(void) { return #fname; }                                  \
    static void fname##_run(void *ctx, uint64_t iters) {                                         \
        kb_ctx *c = ctx;                                                                         \
        for (uint64_t i = 0; i < iters; i++) kfn(c->st);                                         \
        bench_sink(c->st, sizeof c->st);                                                         \
    }
#endif

#if ZKP_HAVE_AVX512
KB_RUNNER(x8_avx512, zkpi_keccakf1600x8_avx512,
          ZKP_CPU_AVX2 | ZKP_CPU_AVX512F | ZKP_CPU_AVX512VL | ZKP_CPU_AVX512BW | ZKP_CPU_AVX512DQ)
#endif
#if ZKP_HAVE_SHA3
KB_RUNNER(x1_sha3, zkpi_keccakf1600_sha3, ZKP_CPU_NEON | ZKP_CPU_SHA3)
KB_RUNNER(x2_sha3, zkpi_keccakf1600x2_sha3, ZKP_CPU_NEON | ZKP_CPU_SHA3)
#endif
#if ZKP_HAVE_NEON
KB_RUNNER(x2_neon, zkpi_keccakf1600x2_neon, ZKP_CPU_NEON)
#endif

#define KB_CASE(name, fname, ways)                                                               \
    {name, "f1600", 200.0 * (ways), fname##_setup, kb_fresh, fname##_run, kb_teardown, fname##_kernel}

static const bench_case k_cases[] = {
#if ZKP_HAVE_AVX512
    KB_CASE("keccak/f1600x8-avx512", x8_avx512, 8),
#endif
#if ZKP_HAVE_SHA3
    KB_CASE("keccak/f1600-sha3", x1_sha3, 1),
    KB_CASE("keccak/f1600x2-sha3", x2_sha3, 2),
#endif
#if ZKP_HAVE_NEON
    KB_CASE("keccak/f1600x2-neon", x2_neon, 2),
#endif
    {NULL, NULL, 0, NULL, NULL, NULL, NULL, NULL},
};

const bench_module bench_module_keccak_kernels = {"keccak_kernels", k_cases, sizeof k_cases / sizeof k_cases[0] - 1};
