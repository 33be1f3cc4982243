/*
 * `zkprim field-bench --isomorphism`: both b256 <-> ghash2 conversions
 * (include/zkprim/gf2_iso.h). For each size 2^min-log .. 2^max-log, converts
 * n random elements each way as one batch call and prints the best of
 * --samples runs as ns per element, with the working set (input + output +
 * the 50 KiB table of that direction) and the smallest cache holding it.
 * Plugged in through field_bench_modes.c (see field_bench.h).
 */
#include <stdio.h>
#include <stdlib.h>

#include "bench.h"
#include "field_bench.h"
#include "zkprim/gf2_iso.h"

int field_bench_isomorphism(const field_bench_opts *o);

#define ISO_TABLE_BYTES 51200u  /* 4 limbs x (12 x 32 + 16) entries x 32 bytes */

typedef struct {
    zkp_gf2_b256 *b;
    zkp_gf2_ghash2 *g;
    size_t n;
    zkp_status st;  /* first failure of a timed call (ZKP_OK: none) */
} iso_run;

static void to_ghash2(void *ctx) {
    iso_run *r = ctx;
    zkp_status st = zkp_gf2_b256_to_ghash2_batch_vartime(r->g, r->b, r->n);
    if (r->st == ZKP_OK) r->st = st;
    bench_sink(r->g, sizeof *r->g);
}

static void to_b256(void *ctx) {
    iso_run *r = ctx;
    zkp_status st = zkp_gf2_ghash2_to_b256_batch_vartime(r->b, r->g, r->n);
    if (r->st == ZKP_OK) r->st = st;
    bench_sink(r->b, sizeof *r->b);
}

int field_bench_isomorphism(const field_bench_opts *o) {
    /* One allocation of the largest size (prefixes serve the smaller ones),
     * so a size beyond memory fails before anything is printed. */
    size_t nmax = (size_t)1 << o->max_log, bytes = nmax * sizeof(zkp_gf2_b256);
    zkp_gf2_b256 *b = field_bench_alloc(bytes, "b256 elements");
    zkp_gf2_ghash2 *g = b ? field_bench_alloc(bytes, "ghash2 elements") : NULL;
    if (!b || !g) {
        free(b);
        return 1;
    }
    bench_fill(b, bytes, 0x150);  /* every 256-bit value is an element of both fields */
    bench_fill(g, bytes, 0x250);
    printf("zkprim field-bench: isomorphism b256 <-> ghash2 | kernel %s | CPU %s\n", zkp_gf2_iso_implementation(),
           zkp_cpu_model());
    printf("sizes 2^%d..2^%d, best of %d samples, ns per element; fits = smallest cache holding the working set\n",
           o->min_log, o->max_log, o->samples);
    printf("  %-8s %-12s %-6s %14s %14s\n", "n", "working set", "fits", "b256->ghash2", "ghash2->b256");
    for (int lg = o->min_log; lg <= o->max_log; lg++) {
        iso_run r = {b, g, (size_t)1 << lg, ZKP_OK};
        double fwd = bench_best_ns(to_ghash2, &r, o->samples) / (double)r.n;
        double inv = bench_best_ns(to_b256, &r, o->samples) / (double)r.n;
        if (r.st != ZKP_OK) {
            fprintf(stderr, "zkprim field-bench: isomorphism failed: %s\n", zkp_status_str(r.st));
            free(b);
            free(g);
            return 1;
        }
        size_t ws = 2 * r.n * sizeof(zkp_gf2_b256) + ISO_TABLE_BYTES;
        char wb[32];
        if (ws >= (size_t)1 << 20) snprintf(wb, sizeof wb, "%.1f MiB", (double)ws / (1024.0 * 1024));
        else snprintf(wb, sizeof wb, "%.1f KiB", (double)ws / 1024.0);
        printf("  2^%-6d %-12s %-6s %11.2f ns %11.2f ns\n", lg, wb, field_bench_cache_fit(ws), fwd, inv);
    }
    free(b);
    free(g);
    return 0;
}
