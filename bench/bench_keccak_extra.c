/*
 * Benchmarks of the extra Keccak-f[1600] kernels (declared in src/keccak/f1600.h).
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

#define KX_ANY (ZKP_HAVE_AVX512 || ZKP_HAVE_SHA3 || ZKP_HAVE_NEON)
#if KX_ANY
typedef struct {
    uint64_t st[8 * 25];
} kx_ctx;

static void kx_fresh(void *ctx, uint64_t seed) { bench_fill(((kx_ctx *)ctx)->st, sizeof(((kx_ctx *)ctx)->st), seed); }
static void kx_teardown(void *ctx) { free(ctx); }

/* Feeding each output back in makes the calls a dependency chain, which is
 * how a sponge uses a permutation. */
#define KX_RUNNER(fname, kfn, need)                                                              \
    static void *fname##_setup(void) { return bench_need_cpu(need) ? calloc(1, sizeof(kx_ctx)) : BENCH_SKIP; } \
    static const char *fname##_kernel(void) { return #fname; }                                  \
    static void fname##_run(void *ctx, uint64_t iters) {                                         \
        kx_ctx *c = ctx;                                                                         \
        for (uint64_t i = 0; i < iters; i++) kfn(c->st);                                         \
        bench_sink(c->st, sizeof c->st);                                                         \
    }
#endif

#if ZKP_HAVE_AVX512
KX_RUNNER(x8_avx512, zkpi_keccakf1600x8_avx512,
          ZKP_CPU_AVX2 | ZKP_CPU_AVX512F | ZKP_CPU_AVX512VL | ZKP_CPU_AVX512BW | ZKP_CPU_AVX512DQ)
#endif
#if ZKP_HAVE_SHA3
KX_RUNNER(x1_sha3, zkpi_keccakf1600_sha3, ZKP_CPU_NEON | ZKP_CPU_SHA3)
KX_RUNNER(x2_sha3, zkpi_keccakf1600x2_sha3, ZKP_CPU_NEON | ZKP_CPU_SHA3)
#endif
#if ZKP_HAVE_NEON
KX_RUNNER(x2_neon, zkpi_keccakf1600x2_neon, ZKP_CPU_NEON)
#endif

#define KX_CASE(name, fname, ways)                                                               \
    {name, "f1600", 200.0 * (ways), fname##_setup, kx_fresh, fname##_run, kx_teardown, fname##_kernel}

static const bench_case k_cases[] = {
#if ZKP_HAVE_AVX512
    KX_CASE("keccak/f1600x8-avx512", x8_avx512, 8),
#endif
#if ZKP_HAVE_SHA3
    KX_CASE("keccak/f1600-sha3", x1_sha3, 1),
    KX_CASE("keccak/f1600x2-sha3", x2_sha3, 2),
#endif
#if ZKP_HAVE_NEON
    KX_CASE("keccak/f1600x2-neon", x2_neon, 2),
#endif
    {NULL, NULL, 0, NULL, NULL, NULL, NULL, NULL},
};

const bench_module bench_module_keccak_extra = {"keccak_extra", k_cases, sizeof k_cases / sizeof k_cases[0] - 1};
