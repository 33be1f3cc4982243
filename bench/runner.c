/* Benchmark runner: calibration, timed batches, table / JSON / TSV output. */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "bench.h"
#include "core/cpu_internal.h"
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

/* The clock every measurement reads (bench.h). */
static int g_clock_mode = BENCH_CLOCK_WALL;

void bench_use_cpu_time(int mode) {
    g_clock_mode = mode == BENCH_CLOCK_THREAD || mode == BENCH_CLOCK_PROCESS ? mode : BENCH_CLOCK_WALL;
}
int bench_cpu_time(void) { return g_clock_mode; }

uint64_t bench_now_ns(void) {
    const clockid_t id = g_clock_mode == BENCH_CLOCK_THREAD    ? CLOCK_THREAD_CPUTIME_ID
                         : g_clock_mode == BENCH_CLOCK_PROCESS ? CLOCK_PROCESS_CPUTIME_ID
                                                               : CLOCK_MONOTONIC;
    struct timespec ts;
    clock_gettime(id, &ts);
    return (uint64_t)ts.tv_sec * 1000000000ull + (uint64_t)ts.tv_nsec;
}

double bench_best_ns(void (*fn)(void *ctx), void *ctx, int samples) {
    fn(ctx); /* warm-up: faults in pages, trains predictors */
    double best = 0;
    for (int i = 0; i < samples; i++) {
        const uint64_t t0 = bench_now_ns();
        fn(ctx);
        const double t = (double)(bench_now_ns() - t0);
        if (i == 0 || t < best) best = t;
    }
    return best;
}

/* Why the current case cannot be timed ("" = it can): set by setup()
 * through bench_unavailable / bench_need_*, or by run() through bench_fail.
 * The harness times one case at a time, so one slot is enough. */
static char g_reason[160];

void *bench_unavailable(const char *reason) {
    snprintf(g_reason, sizeof g_reason, "%s", reason && *reason ? reason : "not available here");
    return BENCH_SKIP;
}

void bench_fail(const char *reason) {
    if (!g_reason[0]) bench_unavailable(reason);
}

int bench_need_cpu(uint32_t need) {
    uint32_t missing = need & ~zkp_cpu_active();
    if (!missing) return 1;
    char m[96], why[160];
    zkp_cpu_mask_string(missing, m, sizeof m);
    const char *env = getenv("ZKPRIM_CPU");
    snprintf(why, sizeof why, "needs %s, not active%s%.24s", m, env ? " under ZKPRIM_CPU=" : " on this CPU",
             env ? env : "");
    bench_unavailable(why);
    return 0;
}

int bench_need_kernel(const zkpi_kernel_info *k) {
    if (!k || !k->built) {
        bench_unavailable("kernel not in this build");
        return 0;
    }
    return bench_need_cpu(k->need);
}

static double time_batch(const bench_case *c, void *ctx, uint64_t iters) {
    uint64_t t0 = bench_now_ns();
    c->run(ctx, iters);
    return (double)(bench_now_ns() - t0);
}

/* A batch this long is never needed: 2^40 of the cheapest real operation
 * (well under 1 ns) last minutes. Past it the run is doing no work. */
#define MAX_ITERS (1ull << 40)

/* iters so that one batch lasts about target ns (this doubles as the
 * warm-up), or 0 when the run does no measurable work or failed. */
static uint64_t calibrate(const bench_case *c, void *ctx, double target) {
    uint64_t iters = 1;
    double t;
    for (;;) {
        t = time_batch(c, ctx, iters);
        if (g_reason[0]) return 0;
        if (t >= target / 2) break;
        if (iters >= MAX_ITERS) {
            bench_fail("no measurable work per batch (the case's run does nothing here)");
            return 0;
        }
        iters *= 2;
    }
    iters = (uint64_t)fmin((double)iters * target / t + 1, (double)MAX_ITERS);
    /* A preempted calibration batch would leave iters far too small (so
     * per-batch overheads dominate): re-time a few batches at this size
     * and size from the fastest of them. */
    double best = INFINITY;
    for (int i = 0; i < 3 && !g_reason[0]; i++) best = fmin(best, time_batch(c, ctx, iters) / (double)iters);
    if (best > 0 && target / best + 1 > (double)iters) iters = (uint64_t)fmin(target / best + 1, (double)MAX_ITERS);
    return g_reason[0] ? 0 : iters;
}

/* Fills r's figures from runs timed batches; returns 0 when a batch failed. */
static int time_runs(const bench_case *c, void *ctx, uint64_t iters, bench_result *r) {
    double *ns = malloc((size_t)r->runs * sizeof *ns);
    if (!ns) {
        bench_fail("out of memory");
        return 0;
    }
    uint64_t seed = 2;
    for (int i = 0; i < r->runs && !g_reason[0]; i++) {
        if (c->fresh) c->fresh(ctx, seed++);
        ns[i] = time_batch(c, ctx, iters) / (double)iters;
    }
    if (!g_reason[0]) {
        r->iters = iters;
        r->median = stats_median(ns, (size_t)r->runs);
        r->q1 = stats_quantile(ns, (size_t)r->runs, 0.25);
        r->q3 = stats_quantile(ns, (size_t)r->runs, 0.75);
        r->min = r->max = ns[0];
        for (int i = 1; i < r->runs; i++) {
            r->min = fmin(r->min, ns[i]);
            r->max = fmax(r->max, ns[i]);
        }
    }
    free(ns);
    return !g_reason[0];
}

/* Figures a row may print: finite and positive (a batch of zero measured
 * nanoseconds would print 0 ns and an infinite throughput). */
static int figures_valid(const bench_result *r) {
    const double v[] = {r->median, r->min, r->max, r->q1, r->q3};
    for (size_t i = 0; i < sizeof v / sizeof v[0]; i++)
        if (!isfinite(v[i]) || v[i] <= 0) return 0;
    return 1;
}

static void fmt_time(char *out, size_t cap, double ns);

static double g_floor_ns, g_floor_ratio, g_batch_ms = 10;

double bench_batch_ms(void) { return g_batch_ms; }
static char g_floor_what[128];

void bench_floor(double floor_ns, double ratio, const char *what) {
    g_floor_ns = floor_ns;
    g_floor_ratio = ratio;
    snprintf(g_floor_what, sizeof g_floor_what, "%s", what ? what : "");
}

bench_result bench_measure(const bench_case *c, int runs, double batch_ms) {
    bench_result r = {0};
    r.name = c->name;
    r.kernel = c->kernel ? c->kernel() : "-";
    r.bytes_per_op = c->bytes_per_op;
    r.runs = runs;
    g_reason[0] = 0;
    g_floor_ns = 0;
    g_batch_ms = batch_ms;
    void *ctx = runs < 1 ? bench_unavailable("no timed batches (runs < 1)") : c->setup ? c->setup() : NULL;
    if (ctx == BENCH_SKIP) bench_fail("not available here"); /* a BENCH_SKIP without a reason */
    if (!g_reason[0]) {
        if (c->fresh) c->fresh(ctx, 1);
        uint64_t iters = calibrate(c, ctx, batch_ms * 1e6);
        if (iters && time_runs(c, ctx, iters, &r) && !figures_valid(&r))
            bench_fail("no valid timing (a batch measured zero or non-finite time)");
    }
    if (ctx != BENCH_SKIP && c->teardown) c->teardown(ctx);
    if (g_reason[0]) {
        r.unavailable = 1;
        snprintf(r.reason, sizeof r.reason, "%s", g_reason);
        r.median = r.min = r.max = r.q1 = r.q3 = 0;
        r.iters = 0;
    } else if (g_floor_ns > 0) {
        char fl[32];
        fmt_time(fl, sizeof fl, g_floor_ns);
        snprintf(r.note, sizeof r.note, "%s, floor %s, time/floor %.2f paired", g_floor_what, fl, g_floor_ratio);
    }
    return r;
}

void bench_print_header(FILE *f) {
    char det[256], act[256];
    fprintf(f, "zkprim %s bench | CPU: %s\n", zkp_version(), zkp_cpu_model());
    fprintf(f, "features: %s\n", zkp_cpu_mask_string(zkp_cpu_detected(), det, sizeof det));
    const char *env = getenv("ZKPRIM_CPU");
    fprintf(f, "kernels may use: %s (ZKPRIM_CPU=%s)\n", zkp_cpu_mask_string(zkp_cpu_active(), act, sizeof act),
            env ? env : "unset");
}

/* Walks the comma-separated words in place: a filter of any length is
 * matched whole (a fixed copy buffer once cut long filters short silently). */
static int matches(const char *name, const char *filter) {
    if (!filter || !*filter) return 1;
    size_t m = strlen(name);
    for (const char *tok = filter; *tok; ) {
        const char *end = strchr(tok, ',');
        size_t n = end ? (size_t)(end - tok) : strlen(tok);
        if (n > 1 && tok[n - 1] == '$') {
            /* "word$": the name must end with word (so "hemera/permute$"
             * does not also pick "hemera/permute_ct"). */
            if (m >= n - 1 && memcmp(name + m - (n - 1), tok, n - 1) == 0) return 1;
        } else if (n > 0) {
            for (size_t i = 0; i + n <= m; i++)
                if (memcmp(name + i, tok, n) == 0) return 1;
        }
        if (!end) break;
        tok = end + 1;
    }
    return 0;
}

static void fmt_time(char *out, size_t cap, double ns) {
    if (ns >= 1e6) snprintf(out, cap, "%.3f ms", ns / 1e6);
    else if (ns >= 1e4) snprintf(out, cap, "%.2f us", ns / 1e3);
    else snprintf(out, cap, "%.1f ns", ns);
}

/* The text table goes to stdout, or to stderr when stdout carries the JSON
 * (--json -), so each stream stays in one format. */
static void print_row(FILE *f, const bench_result *r) {
    if (r->unavailable) {
        fprintf(f, "%-40s %-12s %11s  (%s)\n", r->name, r->kernel, "unavailable", r->reason);
        fflush(f);
        return;
    }
    char med[32], lo[32], hi[32], thr[32] = "";
    fmt_time(med, sizeof med, r->median);
    fmt_time(lo, sizeof lo, r->min);
    fmt_time(hi, sizeof hi, r->max);
    double iqr = 100.0 * (r->q3 - r->q1) / r->median;
    if (r->bytes_per_op > 0) snprintf(thr, sizeof thr, "%9.1f MB/s", r->bytes_per_op * 1e3 / r->median);
    fprintf(f, "%-40s %-12s %11s  [%s .. %s]  iqr %4.1f%%  %s%s%s\n", r->name, r->kernel, med, lo, hi, iqr, thr,
            r->note[0] ? "  " : "", r->note);
    fflush(f);
}

/* One TSV line, six columns always (see bench_options.tsv). */
static void tsv_row(const bench_result *r) {
    if (r->unavailable) printf("%s\t%s\t-\t-\t-\tunavailable: %s\n", r->name, r->kernel, r->reason);
    else printf("%s\t%s\t%.4f\t%.4f\t%.4f\tok\n", r->name, r->kernel, r->median, r->min, r->max);
    fflush(stdout);
}

/* Length of the well-formed UTF-8 sequence at s (RFC 3629: no overlong
 * forms, no surrogates, nothing above U+10FFFF), or 0 when s does not start
 * one. */
static size_t utf8_sequence(const unsigned char *s) {
    const unsigned c = s[0];
    size_t n;
    unsigned lo = 0x80, hi = 0xbf; /* the second byte's range */
    if (c >= 0xc2 && c <= 0xdf) n = 2;
    else if (c >= 0xe0 && c <= 0xef) {
        n = 3;
        if (c == 0xe0) lo = 0xa0;      /* overlong */
        else if (c == 0xed) hi = 0x9f; /* surrogates */
    } else if (c >= 0xf0 && c <= 0xf4) {
        n = 4;
        if (c == 0xf0) lo = 0x90;      /* overlong */
        else if (c == 0xf4) hi = 0x8f; /* above U+10FFFF */
    } else return 0;
    if (s[1] < lo || s[1] > hi) return 0;
    for (size_t i = 2; i < n; i++)
        if (s[i] < 0x80 || s[i] > 0xbf) return 0; /* a NUL ends the loop here too */
    return n;
}

/* A JSON string: quotes, backslashes and control bytes escaped (a CPU
 * model or reason is free text, a file name any bytes; bench.h). */
void bench_json_string(FILE *f, const char *s) {
    const unsigned char *p = (const unsigned char *)s;
    fputc('"', f);
    while (*p) {
        const unsigned ch = *p;
        size_t n;
        if (ch == '"' || ch == '\\') fprintf(f, "\\%c", ch);
        else if (ch < 0x20) fprintf(f, "\\u%04x", ch);
        else if (ch < 0x80) fputc((int)ch, f);
        else if ((n = utf8_sequence(p)) != 0) {
            fwrite(p, 1, n, f);
            p += n;
            continue;
        } else fprintf(f, "\\udc%02x", ch); /* not UTF-8 (a file name is bytes): Python's surrogateescape */
        p++;
    }
    fputc('"', f);
}

/* One element of "results"; `first` decides the separator, so a row that
 * is not written never leaves a stray comma. */
static void json_row(FILE *f, const bench_result *r, int first) {
    fprintf(f, "%s\n  {\"name\": ", first ? "" : ",");
    bench_json_string(f, r->name);
    fprintf(f, ", \"kernel\": ");
    bench_json_string(f, r->kernel);
    if (r->unavailable) {
        fprintf(f, ", \"status\": \"unavailable\", \"reason\": ");
        bench_json_string(f, r->reason);
        fprintf(f, "}");
        return;
    }
    fprintf(f, ", \"status\": \"ok\", \"median_ns\": %.3f, \"min_ns\": %.3f, \"max_ns\": %.3f, \"q1_ns\": %.3f, "
               "\"q3_ns\": %.3f, \"runs\": %d, \"iters\": %llu",
            r->median, r->min, r->max, r->q1, r->q3, r->runs, (unsigned long long)r->iters);
    if (r->bytes_per_op > 0) fprintf(f, ", \"bytes_per_op\": %.0f, \"mb_per_s\": %.3f", r->bytes_per_op,
                                     r->bytes_per_op * 1e3 / r->median);
    if (r->note[0]) {
        fprintf(f, ", \"note\": ");
        bench_json_string(f, r->note);
    }
    fprintf(f, "}");
}

static FILE *json_open(const bench_options *opt) {
    FILE *jf = strcmp(opt->json, "-") == 0 ? stdout : fopen(opt->json, "w");
    if (!jf) {
        fprintf(stderr, "zkprim bench: cannot write %s: %s\n", opt->json, strerror(errno));
        return NULL;
    }
    char det[256];
    fprintf(jf, "{\"version\": ");
    bench_json_string(jf, zkp_version());
    fprintf(jf, ", \"cpu\": ");
    bench_json_string(jf, zkp_cpu_model());
    fprintf(jf, ", \"features\": ");
    bench_json_string(jf, zkp_cpu_mask_string(zkp_cpu_active(), det, sizeof det));
    fprintf(jf, ", \"clock\": \"%s\", \"runs\": %d, \"results\": [", opt->cpu_time ? "process-cpu" : "wall",
            opt->runs);
    return jf;
}

/* Closes the JSON and checks both streams: 0, or -1 after a message when
 * anything could not be written (a full disk must not pass for success). */
static int finish_output(FILE *jf, const bench_options *opt) {
    int bad = 0;
    if (jf) {
        fprintf(jf, "\n]}\n");
        if (jf != stdout && fclose(jf) != 0) bad = 1;
        if (bad) fprintf(stderr, "zkprim bench: error writing %s\n", opt->json);
    }
    if (fflush(stdout) != 0 || ferror(stdout)) {
        fprintf(stderr, "zkprim bench: error writing to standard output\n");
        bad = 1;
    }
    return bad ? -1 : 0;
}

int bench_run(const char *filter, const bench_options *opt) {
    if (opt->cpu_time) bench_use_cpu_time(BENCH_CLOCK_PROCESS);
    FILE *jf = NULL;
    if (opt->json && !(jf = json_open(opt))) return -1;
    FILE *txt = jf == stdout ? stderr : stdout;
    if (!opt->quiet && !opt->tsv && !opt->list) {
        bench_print_header(txt);
        fprintf(txt, "runs per case: %d, batch ~%.0f ms; ns/op median [min .. max], iqr relative to median%s\n\n",
                opt->runs, opt->batch_ms, opt->cpu_time ? "; clock: process CPU time" : "");
        fprintf(txt, "%-40s %-12s %11s\n", "case", "kernel", "median");
    }
    int count = 0, json_rows = 0;
    for (size_t m = 0; m < bench_module_count; m++) {
        const bench_module *mod = bench_modules[m];
        for (size_t i = 0; i < mod->n; i++) {
            const bench_case *c = &mod->cases[i];
            if (!matches(c->name, filter)) continue;
            count++;
            if (opt->list) {
                printf("%s\n", c->name);
                continue;
            }
            bench_result r = bench_measure(c, opt->runs, opt->batch_ms);
            if (opt->tsv) tsv_row(&r);
            else print_row(txt, &r);
            if (jf) json_row(jf, &r, json_rows++ == 0);
        }
    }
    if (finish_output(jf, opt)) return -1;
    return count;
}
