/* Benchmark runner: calibration, timed batches, table / JSON / TSV output. */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "bench.h"
#include "stats.h"
#include "zkprim/zkprim.h"

static volatile uint64_t g_sink;
char bench_skip_token;

void bench_sink(const void *p, size_t n) {
    const uint8_t *b = p;
    uint64_t acc = 0;
    for (size_t i = 0; i < n; i++) acc = acc * 31 + b[i];
    g_sink += acc;
}

void bench_sink_u64(uint64_t v) { g_sink += v; }

void bench_check_failed(const char *what, zkp_status st, const char *file, int line) {
    fflush(stdout);
    fprintf(stderr, "zkprim bench: %s returned %s (%s:%d); aborting the case\n", what, zkp_status_name(st), file,
            line);
    exit(1);
}

void bench_fill(void *buf, size_t n, uint64_t seed) {
    uint64_t x = seed * 0x9e3779b97f4a7c15ull + 0x632be59bd9b4e019ull;
    uint8_t *p = buf;
    for (size_t i = 0; i < n; i += 8) {
        x ^= x << 13; x ^= x >> 7; x ^= x << 17;
        size_t k = n - i < 8 ? n - i : 8;
        memcpy(p + i, &x, k);
    }
}

uint64_t bench_now_ns(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (uint64_t)ts.tv_sec * 1000000000ull + (uint64_t)ts.tv_nsec;
}

static double time_batch(const bench_case *c, void *ctx, uint64_t iters) {
    uint64_t t0 = bench_now_ns();
    c->run(ctx, iters);
    return (double)(bench_now_ns() - t0);
}

bench_result bench_measure(const bench_case *c, int runs, double batch_ms) {
    bench_result r = {0};
    r.name = c->name;
    r.kernel = c->kernel ? c->kernel() : "-";
    r.bytes_per_op = c->bytes_per_op;
    r.runs = runs;
    void *ctx = c->setup ? c->setup() : NULL;
    if (ctx == BENCH_SKIP) {
        r.skipped = 1;
        return r;
    }
    uint64_t seed = 1;
    if (c->fresh) c->fresh(ctx, seed++);
    /* Calibrate (this doubles as the warm-up): grow iters until a batch
     * lasts the target, then one more untimed pass at that size. */
    const double target = batch_ms * 1e6;
    uint64_t iters = 1;
    for (;;) {
        double t = time_batch(c, ctx, iters);
        if (t >= target / 2 || iters >= (1ull << 40)) {
            if (t > 0) iters = (uint64_t)((double)iters * target / t) + 1;
            break;
        }
        iters *= 2;
    }
    /* A preempted calibration batch would leave iters far too small (so
     * per-batch overheads dominate): re-time a few batches at this size
     * and size from the fastest of them. */
    double best = -1;
    for (int i = 0; i < 3; i++) {
        double t = time_batch(c, ctx, iters) / (double)iters;
        if (best < 0 || t < best) best = t;
    }
    if (best > 0) {
        uint64_t want = (uint64_t)(target / best) + 1;
        if (want > iters) iters = want;
    }
    double *ns = malloc((size_t)runs * sizeof *ns);
    for (int i = 0; i < runs; i++) {
        if (c->fresh) c->fresh(ctx, seed++);
        ns[i] = time_batch(c, ctx, iters) / (double)iters;
    }
    r.iters = iters;
    r.median = stats_median(ns, (size_t)runs);
    r.q1 = stats_quantile(ns, (size_t)runs, 0.25);
    r.q3 = stats_quantile(ns, (size_t)runs, 0.75);
    r.min = r.max = ns[0];
    for (int i = 1; i < runs; i++) {
        if (ns[i] < r.min) r.min = ns[i];
        if (ns[i] > r.max) r.max = ns[i];
    }
    free(ns);
    if (c->teardown) c->teardown(ctx);
    return r;
}

void bench_print_header(void) {
    char det[256], act[256];
    printf("zkprim %s bench | CPU: %s\n", zkp_version(), zkp_cpu_model());
    printf("features: %s\n", zkp_cpu_mask_string(zkp_cpu_detected(), det, sizeof det));
    const char *env = getenv("ZKPRIM_CPU");
    printf("kernels may use: %s (ZKPRIM_CPU=%s)\n", zkp_cpu_mask_string(zkp_cpu_active(), act, sizeof act),
           env ? env : "unset");
}

static int matches(const char *name, const char *filter) {
    if (!filter || !*filter) return 1;
    char buf[512];
    snprintf(buf, sizeof buf, "%s", filter);
    char *save = NULL;
    for (char *tok = strtok_r(buf, ",", &save); tok; tok = strtok_r(NULL, ",", &save)) {
        size_t n = strlen(tok);
        if (n > 1 && tok[n - 1] == '$') {
            /* "word$": the name must end with word (so "hemera/permute$"
             * does not also pick "hemera/permute_ct"). */
            size_t m = strlen(name);
            if (m >= n - 1 && strncmp(name + m - (n - 1), tok, n - 1) == 0) return 1;
        } else if (strstr(name, tok)) {
            return 1;
        }
    }
    return 0;
}

static void fmt_time(char *out, size_t cap, double ns) {
    if (ns >= 1e6) snprintf(out, cap, "%.3f ms", ns / 1e6);
    else if (ns >= 1e4) snprintf(out, cap, "%.2f us", ns / 1e3);
    else snprintf(out, cap, "%.1f ns", ns);
}

static void print_row(const bench_result *r) {
    char med[32], lo[32], hi[32], thr[32] = "";
    fmt_time(med, sizeof med, r->median);
    fmt_time(lo, sizeof lo, r->min);
    fmt_time(hi, sizeof hi, r->max);
    double iqr = r->median > 0 ? 100.0 * (r->q3 - r->q1) / r->median : 0;
    if (r->bytes_per_op > 0) snprintf(thr, sizeof thr, "%9.1f MB/s", r->bytes_per_op * 1e3 / r->median);
    printf("%-40s %-12s %11s  [%s .. %s]  iqr %4.1f%%  %s\n", r->name, r->kernel, med, lo, hi, iqr, thr);
    fflush(stdout);
}

static void json_row(FILE *f, const bench_result *r, int first) {
    fprintf(f, "%s\n  {\"name\": \"%s\", \"kernel\": \"%s\", \"median_ns\": %.3f, \"min_ns\": %.3f, "
               "\"max_ns\": %.3f, \"q1_ns\": %.3f, \"q3_ns\": %.3f, \"runs\": %d, \"iters\": %llu",
            first ? "" : ",", r->name, r->kernel, r->median, r->min, r->max, r->q1, r->q3, r->runs,
            (unsigned long long)r->iters);
    if (r->bytes_per_op > 0) fprintf(f, ", \"bytes_per_op\": %.0f, \"mb_per_s\": %.3f", r->bytes_per_op,
                                     r->bytes_per_op * 1e3 / r->median);
    fprintf(f, "}");
}

int bench_run(const char *filter, const bench_options *opt) {
    FILE *jf = NULL;
    if (opt->json) {
        jf = strcmp(opt->json, "-") == 0 ? stdout : fopen(opt->json, "w");
        if (!jf) {
            fprintf(stderr, "zkprim bench: cannot write %s\n", opt->json);
            return -1;
        }
        char det[256];
        fprintf(jf, "{\"version\": \"%s\", \"cpu\": \"%s\", \"features\": \"%s\", \"runs\": %d, \"results\": [",
                zkp_version(), zkp_cpu_model(), zkp_cpu_mask_string(zkp_cpu_active(), det, sizeof det),
                opt->runs);
    }
    if (!opt->quiet && !opt->tsv && !opt->list) {
        bench_print_header();
        printf("runs per case: %d, batch ~%.0f ms; ns/op median [min .. max], iqr relative to median\n\n",
               opt->runs, opt->batch_ms);
        printf("%-40s %-12s %11s\n", "case", "kernel", "median");
    }
    int count = 0;
    for (size_t m = 0; m < bench_module_count; m++) {
        const bench_module *mod = bench_modules[m];
        for (size_t i = 0; i < mod->n; i++) {
            const bench_case *c = &mod->cases[i];
            if (!matches(c->name, filter)) continue;
            if (opt->list) {
                printf("%s\n", c->name);
                count++;
                continue;
            }
            bench_result r = bench_measure(c, opt->runs, opt->batch_ms);
            if (r.skipped) {
                if (!opt->tsv) printf("%-40s %-12s (skipped: not available on this machine)\n", r.name, r.kernel);
                count++; /* it matched; only the measurement is missing */
                continue;
            }
            if (opt->tsv) {
                printf("%s\t%s\t%.4f\t%.4f\t%.4f\n", r.name, r.kernel, r.median, r.min, r.max);
                fflush(stdout);
            } else {
                print_row(&r);
            }
            if (jf) json_row(jf, &r, count == 0);
            count++;
        }
    }
    if (jf) {
        fprintf(jf, "\n]}\n");
        if (jf != stdout) fclose(jf);
    }
    return count;
}
