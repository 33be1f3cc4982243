/*
 * The --isomorphism part of `zkprim field-bench` (b256 <-> ghash2): for each
 * size 2^min_log .. 2^max_log, converts n random elements each way and
 * prints the best of `samples` timings as ns per element, with the working
 * set (input + output + one 50 KiB table) and the smallest cache level it
 * fits in. Called by the field-bench subcommand (cmd_field_bench.c).
 */
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "bench.h"
#include "cli.h"
#include "zkprim/gf2_iso.h"

#define ISO_TABLE_BYTES 51200.0

static const char *cache_fit(double bytes) {
    static const struct { int name; const char *label; } levels[] = {
#ifdef _SC_LEVEL1_DCACHE_SIZE
        {_SC_LEVEL1_DCACHE_SIZE, "L1"},
        {_SC_LEVEL2_CACHE_SIZE, "L2"},
        {_SC_LEVEL3_CACHE_SIZE, "L3"},
#endif
        {-1, NULL},
    };
    for (int i = 0; levels[i].label; i++) {
        long sz = sysconf(levels[i].name);
        if (sz > 0 && bytes <= (double)sz) return levels[i].label;
    }
#ifdef _SC_LEVEL3_CACHE_SIZE
    if (sysconf(_SC_LEVEL3_CACHE_SIZE) > 0) return "DRAM";
#endif
    return "?";
}

static double best_ns(int samples, size_t n, int dir, zkp_gf2_b256 *b, zkp_gf2_ghash2 *g) {
    double best = 1e300;
    for (int s = 0; s < samples; s++) {
        uint64_t t0 = bench_now_ns();
        if (dir == 0) zkp_gf2_b256_to_ghash2_batch(g, b, n);
        else zkp_gf2_ghash2_to_b256_batch(b, g, n);
        uint64_t t1 = bench_now_ns();
        double ns = (double)(t1 - t0) / (double)n;
        if (ns < best) best = ns;
    }
    bench_sink(dir == 0 ? (const void *)g : (const void *)b, 32);
    return best;
}

int cli_field_bench_isomorphism(int min_log, int max_log, int samples) {
    if (min_log < 0 || max_log > 40 || min_log > max_log || samples < 1)
        return cli_usage_error("field-bench", "--isomorphism needs 0 <= min-log <= max-log <= 40 and samples >= 1");
    printf("isomorphism b256 <-> ghash2 (kernel %s), best of %d, ns per element\n", zkp_gf2_iso_implementation(),
           samples);
    printf("%10s  %12s  %5s  %14s  %14s\n", "n", "working set", "fits", "b256->ghash2", "ghash2->b256");
    for (int lg = min_log; lg <= max_log; lg++) {
        size_t n = (size_t)1 << lg;
        if (n > SIZE_MAX / 32 / 2) {
            fprintf(stderr, "zkprim field-bench: 2^%d elements do not fit in memory\n", lg);
            return 1;
        }
        zkp_gf2_b256 *b = malloc(n * sizeof *b);
        zkp_gf2_ghash2 *g = malloc(n * sizeof *g);
        if (!b || !g) {
            free(b);
            free(g);
            fprintf(stderr, "zkprim field-bench: cannot allocate 2 x %zu bytes for 2^%d elements\n", n * 32, lg);
            return 1;
        }
        bench_fill(b, n * sizeof *b, 0x15011 + (uint64_t)lg);
        zkp_gf2_b256_to_ghash2_batch(g, b, n);  /* warm-up, touches every page */
        double set = 2.0 * 32.0 * (double)n + ISO_TABLE_BYTES;
        double f = best_ns(samples, n, 0, b, g);
        double r = best_ns(samples, n, 1, b, g);
        printf("%8s%-2d  %9.1f KiB  %5s  %11.2f ns  %11.2f ns\n", "2^", lg, set / 1024.0, cache_fit(set), f, r);
        free(b);
        free(g);
    }
    return 0;
}
