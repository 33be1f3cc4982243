/* Benchmarks of shared machinery: the cost of a dispatch lookup (paid on
 * every hash call) and the timer itself, so users can see the floor. */
#include "bench.h"
#include "core/cpu_internal.h"

static void run_timer(void *ctx, uint64_t iters) {
    (void)ctx;
    uint64_t acc = 0;
    for (uint64_t i = 0; i < iters; i++) acc += bench_now_ns();
    bench_sink_u64(acc);
}

typedef struct { zkpi_kernel_info info; int id; } demo_kernel;
static const demo_kernel k_demo[] = {
    {{"avx512", ZKP_CPU_AVX512F, ZKP_HAVE_AVX512}, 2},
    {{"avx2", ZKP_CPU_AVX2, ZKP_HAVE_AVX2}, 1},
    {{"portable", 0, 1}, 0},
};

static void run_dispatch(void *ctx, uint64_t iters) {
    (void)ctx;
    static _Atomic uint64_t cache;
    uint64_t acc = 0;
    for (uint64_t i = 0; i < iters; i++) acc += (uint64_t)ZKP_DISPATCH(&cache, k_demo)->id;
    bench_sink_u64(acc);
}

static const bench_case k_cases[] = {
    {"core/timer", "core", 0, NULL, NULL, run_timer, NULL, NULL},
    {"core/dispatch-lookup", "core", 0, NULL, NULL, run_dispatch, NULL, NULL},
};

const bench_module bench_module_core = {"core", k_cases, sizeof k_cases / sizeof k_cases[0]};
