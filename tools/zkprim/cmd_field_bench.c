/*
 * zkprim field-bench: binary-field benchmarks in the shape of the original
 * report. Fixed-base powers (default), full-width multiplications (--mul),
 * a window sweep (--sweep-windows A..B), all fields in one table
 * (--field all), and extra modes from field_bench_modes.c (--isomorphism).
 * Sizes 2^min-log .. 2^max-log elements; each number is the best of
 * --samples timed runs (bench_best_ns, the bench runner's clock); each row
 * says which cache level holds the working set.
 */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "bench.h" /* the timing: bench_best_ns, bench_now_ns; bench_fill */
#include "cli.h"
#include "field_bench.h"

#define CMD "field-bench"

/* ---- helpers (also used by extra modes) ------------------------------------ */

static size_t cache_bytes(int level) {
    long v = -1;
#if defined(_SC_LEVEL1_DCACHE_SIZE)
    if (level == 1) v = sysconf(_SC_LEVEL1_DCACHE_SIZE);
    if (level == 2) v = sysconf(_SC_LEVEL2_CACHE_SIZE);
    if (level == 3) v = sysconf(_SC_LEVEL3_CACHE_SIZE);
#endif
    if (v > 0) return (size_t)v;
    /* sysfs: index0 = L1d, index2 = L2, index3 = L3 on common layouts */
    char path[96], buf[64];
    snprintf(path, sizeof path, "/sys/devices/system/cpu/cpu0/cache/index%d/size", level == 1 ? 0 : level);
    FILE *f = fopen(path, "r");
    if (!f) return 0;
    size_t r = 0;
    if (fgets(buf, sizeof buf, f)) {
        char *end;
        unsigned long x = strtoul(buf, &end, 10);
        r = (size_t)x * (*end == 'K' ? 1024 : *end == 'M' ? 1024 * 1024 : 1);
    }
    fclose(f);
    return r;
}

const char *field_bench_cache_fit(size_t bytes) {
    static const char *names[] = {"L1", "L2", "L3"};
    int known = 0;
    for (int l = 1; l <= 3; l++) {
        size_t c = cache_bytes(l);
        if (!c) continue;
        known = 1;
        if (bytes <= c) return names[l - 1];
    }
    return known ? "DRAM" : "?";
}

void field_bench_reduce(zkp_gf2_field f, uint64_t *elems, size_t n) {
    unsigned nl = zkp_gf2_field_limbs(f), d = zkp_gf2_field_degree(f);
    uint64_t top = (d % 64) ? (((uint64_t)1 << (d % 64)) - 1) : ~(uint64_t)0;
    for (size_t i = 0; i < n; i++) elems[i * nl + nl - 1] &= top;
}

/* Physical memory in bytes (0 if unknown). With overcommit, malloc of more
 * than this may "succeed" and the process be killed later, so refuse first. */
static size_t phys_bytes(void) {
#if defined(_SC_PHYS_PAGES) && defined(_SC_PAGESIZE)
    long pages = sysconf(_SC_PHYS_PAGES), page = sysconf(_SC_PAGESIZE);
    if (pages > 0 && page > 0) return (size_t)pages * (size_t)page;
#endif
    return 0;
}

void *field_bench_alloc(size_t bytes, const char *what) {
    size_t phys = phys_bytes();
    void *p = bytes && (!phys || bytes <= phys / 2) ? malloc(bytes) : NULL;
    if (!p) fprintf(stderr, "zkprim " CMD ": cannot allocate %zu bytes for %s (size too large for this machine)\n",
                    bytes, what);
    return p;
}

static void fmt_bytes(char *buf, size_t cap, double b) {
    if (b >= 1024.0 * 1024 * 1024) snprintf(buf, cap, "%.1f GiB", b / (1024.0 * 1024 * 1024));
    else if (b >= 1024.0 * 1024) snprintf(buf, cap, "%.1f MiB", b / (1024.0 * 1024));
    else if (b >= 1024.0) snprintf(buf, cap, "%.1f KiB", b / 1024.0);
    else snprintf(buf, cap, "%.0f B", b);
}

/* ---- the two measurements ------------------------------------------------------ */

typedef struct pow_ctx {
    const zkp_gf2_fixed_base *t;
    uint64_t *out;
    const uint64_t *exps;
    size_t n;
    zkp_status st;  /* first failure of a timed call (ZKP_OK: none) */
} pow_ctx;

static void run_pow(void *ctx) {
    pow_ctx *c = ctx;
    zkp_status st = zkp_gf2_fixed_base_pow_batch_vartime(c->t, c->out, c->exps, c->n);
    if (c->st == ZKP_OK) c->st = st;
}

typedef struct mul_ctx {
    zkp_gf2_field f;
    uint64_t *r;
    const uint64_t *a, *b;
    size_t n;
    zkp_status st;  /* first failure of a timed call (ZKP_OK: none) */
} mul_ctx;

static void run_mul(void *ctx) {
    mul_ctx *c = ctx;
    zkp_status st = zkp_gf2_mul_batch(c->f, c->r, c->a, c->b, c->n);
    if (c->st == ZKP_OK) c->st = st;
}

/* A timed call that failed measured nothing: says so; the caller's < 0
 * result makes the command exit 1. */
static double checked_ns(double ns, zkp_status st, const char *what) {
    if (st == ZKP_OK) return ns;
    fprintf(stderr, "zkprim " CMD ": %s failed: %s\n", what, zkp_status_str(st));
    return -1;
}

/* A base and its table for (f, w); prints the build time when verbose. */
static zkp_gf2_fixed_base *make_table(zkp_gf2_field f, unsigned w, double *build_ms) {
    uint64_t g[ZKP_GF2_MAX_LIMBS];
    bench_fill(g, sizeof g, 0xba5e + (uint64_t)f);
    field_bench_reduce(f, g, 1);
    zkp_gf2_fixed_base *t = NULL;
    uint64_t t0 = bench_now_ns();
    zkp_status st = zkp_gf2_fixed_base_new(&t, f, g, w);
    *build_ms = (double)(bench_now_ns() - t0) / 1e6;
    if (st != ZKP_OK) {
        char b[32];
        fmt_bytes(b, sizeof b, (double)zkp_gf2_fixed_base_table_bytes(f, w ? w : zkp_gf2_fixed_base_default_window(f)));
        fprintf(stderr, "zkprim " CMD ": cannot build the %s table with %u-bit windows (%s): %s\n",
                zkp_gf2_field_name(f), w, b, zkp_status_str(st));
        return NULL;
    }
    return t;
}

/* ns per power for 2^lg random 128-bit exponents; < 0 on allocation failure
 * or a failed call (reported). */
static double measure_pow(const zkp_gf2_fixed_base *t, int lg, int samples, size_t *ws) {
    zkp_gf2_field f = zkp_gf2_fixed_base_field(t);
    size_t n = (size_t)1 << lg, eb = zkp_gf2_field_limbs(f) * 8;
    uint64_t *exps = field_bench_alloc(n * 16, "exponents");
    uint64_t *out = exps ? field_bench_alloc(n * eb, "results") : NULL;
    if (!out) {
        free(exps);
        return -1;
    }
    bench_fill(exps, n * 16, (uint64_t)lg);
    pow_ctx c = {t, out, exps, n, ZKP_OK};
    double ns = checked_ns(bench_best_ns(run_pow, &c, samples) / (double)n, c.st, "fixed-base power");
    *ws = zkp_gf2_fixed_base_table_bytes(f, zkp_gf2_fixed_base_window(t)) + n * 16 + n * eb;
    free(exps);
    free(out);
    return ns;
}

static double measure_mul(zkp_gf2_field f, int lg, int samples, size_t *ws) {
    size_t n = (size_t)1 << lg, eb = zkp_gf2_field_limbs(f) * 8;
    uint64_t *a = field_bench_alloc(n * eb, "operands");
    uint64_t *b = a ? field_bench_alloc(n * eb, "operands") : NULL;
    uint64_t *r = b ? field_bench_alloc(n * eb, "results") : NULL;
    if (!r) {
        free(a);
        free(b);
        return -1;
    }
    bench_fill(a, n * eb, 1000 + (uint64_t)lg);
    bench_fill(b, n * eb, 2000 + (uint64_t)lg);
    field_bench_reduce(f, a, n);
    field_bench_reduce(f, b, n);
    mul_ctx c = {f, r, a, b, n, ZKP_OK};
    double ns = checked_ns(bench_best_ns(run_mul, &c, samples) / (double)n, c.st, "multiplication");
    *ws = 3 * n * eb;
    free(a);
    free(b);
    free(r);
    return ns;
}

/* ---- modes --------------------------------------------------------------------- */

static void print_header(const field_bench_opts *o, const char *what) {
    printf("zkprim field-bench: %s | kernel %s | CPU %s\n", what, zkp_gf2_implementation(), zkp_cpu_model());
    printf("%s; ", bench_cpu_time() ? "thread CPU time" : "wall time");
    printf("sizes 2^%d..2^%d, best of %d samples; exponents uniform in [0, 2^128); fits = smallest cache holding the working set\n",
           o->min_log, o->max_log, o->samples);
}

static int mode_powers(const field_bench_opts *o) {
    print_header(o, "fixed-base powers");
    for (int i = 0; i < o->nfields; i++) {
        zkp_gf2_field f = o->fields[i];
        unsigned w = o->window_bits ? o->window_bits : zkp_gf2_fixed_base_default_window(f);
        double build;
        zkp_gf2_fixed_base *t = make_table(f, w, &build);
        if (!t) return 1;
        char tb[32];
        fmt_bytes(tb, sizeof tb, (double)zkp_gf2_fixed_base_table_bytes(f, w));
        printf("\n%s: window %u bits, %u windows, table %s (built in %.1f ms, untimed)\n", zkp_gf2_field_name(f), w,
               (128 + w - 1) / w, tb, build);
        printf("  %-8s %-12s %-6s %12s\n", "n", "working set", "fits", "ns/power");
        for (int lg = o->min_log; lg <= o->max_log; lg++) {
            size_t ws;
            double ns = measure_pow(t, lg, o->samples, &ws);
            if (ns < 0) {
                zkp_gf2_fixed_base_free(t);
                return 1;
            }
            char wb[32];
            fmt_bytes(wb, sizeof wb, (double)ws);
            printf("  2^%-6d %-12s %-6s %12.2f\n", lg, wb, field_bench_cache_fit(ws), ns);
        }
        zkp_gf2_fixed_base_free(t);
    }
    return 0;
}

static int mode_mul(const field_bench_opts *o) {
    print_header(o, "full-width multiplications (a[i] * b[i])");
    for (int i = 0; i < o->nfields; i++) {
        zkp_gf2_field f = o->fields[i];
        printf("\n%s (%u limbs):\n  %-8s %-12s %-6s %10s\n", zkp_gf2_field_name(f), zkp_gf2_field_limbs(f), "n",
               "working set", "fits", "ns/mul");
        for (int lg = o->min_log; lg <= o->max_log; lg++) {
            size_t ws;
            double ns = measure_mul(f, lg, o->samples, &ws);
            if (ns < 0) return 1;
            char wb[32];
            fmt_bytes(wb, sizeof wb, (double)ws);
            printf("  2^%-6d %-12s %-6s %10.2f\n", lg, wb, field_bench_cache_fit(ws), ns);
        }
    }
    return 0;
}

/* Every field, one table per size: ns/power and ns/mul, each relative to ghash128. */
static int mode_all(const field_bench_opts *o) {
    print_header(o, "all fields");
    zkp_gf2_fixed_base *tabs[ZKP_GF2_FIELD_COUNT] = {0};
    int rc = 0;
    for (int i = 0; i < ZKP_GF2_FIELD_COUNT && !rc; i++) {
        double build;
        unsigned w = o->window_bits ? o->window_bits : zkp_gf2_fixed_base_default_window((zkp_gf2_field)i);
        if (!(tabs[i] = make_table((zkp_gf2_field)i, w, &build))) rc = 1;
    }
    for (int lg = o->min_log; lg <= o->max_log && !rc; lg++) {
        double pw[ZKP_GF2_FIELD_COUNT], ml[ZKP_GF2_FIELD_COUNT];
        size_t wsp[ZKP_GF2_FIELD_COUNT], wsm[ZKP_GF2_FIELD_COUNT];
        for (int i = 0; i < ZKP_GF2_FIELD_COUNT && !rc; i++) {
            pw[i] = measure_pow(tabs[i], lg, o->samples, &wsp[i]);
            ml[i] = measure_mul((zkp_gf2_field)i, lg, o->samples, &wsm[i]);
            if (pw[i] < 0 || ml[i] < 0) rc = 1;
        }
        if (rc) break;
        printf("\nn = 2^%d\n  %-9s %6s %10s %8s %10s %8s  %s\n", lg, "field", "window", "ns/power", "vs gh128",
               "ns/mul", "vs gh128", "fits (power / mul)");
        const int order[] = {ZKP_GF2_B127, ZKP_GF2_GHASH128, ZKP_GF2_B191, ZKP_GF2_SECT193,
                             ZKP_GF2_B163, ZKP_GF2_B256, ZKP_GF2_GHASH2};
        for (int k = 0; k < ZKP_GF2_FIELD_COUNT; k++) {
            int i = order[k];
            printf("  %-9s %6u %10.2f %7.2fx %10.2f %7.2fx  %s / %s\n", zkp_gf2_field_name((zkp_gf2_field)i),
                   zkp_gf2_fixed_base_window(tabs[i]), pw[i], pw[i] / pw[ZKP_GF2_GHASH128], ml[i],
                   ml[i] / ml[ZKP_GF2_GHASH128], field_bench_cache_fit(wsp[i]), field_bench_cache_fit(wsm[i]));
        }
    }
    for (int i = 0; i < ZKP_GF2_FIELD_COUNT; i++) zkp_gf2_fixed_base_free(tabs[i]);
    return rc;
}

static int mode_sweep(const field_bench_opts *o, unsigned w_lo, unsigned w_hi) {
    print_header(o, "window sweep, fixed-base powers");
    for (int i = 0; i < o->nfields; i++) {
        zkp_gf2_field f = o->fields[i];
        printf("\n%s (default window %u):\n  %-6s %-11s", zkp_gf2_field_name(f), zkp_gf2_fixed_base_default_window(f),
               "window", "table");
        for (int lg = o->min_log; lg <= o->max_log; lg++) printf("  2^%-2d ns/power (fits)", lg);
        printf("\n");
        double best = 0;
        unsigned best_w = 0;
        for (unsigned w = w_lo; w <= w_hi; w++) {
            double build;
            zkp_gf2_fixed_base *t = make_table(f, w, &build);
            if (!t) return 1;
            char tb[32];
            fmt_bytes(tb, sizeof tb, (double)zkp_gf2_fixed_base_table_bytes(f, w));
            printf("  %-6u %-11s", w, tb);
            for (int lg = o->min_log; lg <= o->max_log; lg++) {
                size_t ws;
                double ns = measure_pow(t, lg, o->samples, &ws);
                if (ns < 0) {
                    zkp_gf2_fixed_base_free(t);
                    return 1;
                }
                printf("  %12.2f (%-4s)  ", ns, field_bench_cache_fit(ws));
                if (lg == o->max_log && (best_w == 0 || ns < best)) best = ns, best_w = w;
            }
            printf("\n");
            fflush(stdout);
            zkp_gf2_fixed_base_free(t);
        }
        printf("  best at 2^%d: %u bits (%.2f ns/power)\n", o->max_log, best_w, best);
    }
    return 0;
}

/* ---- argument parsing -------------------------------------------------------------- */

static void usage(void) {
    printf("usage: zkprim field-bench [--field NAME|all] [--min-log A] [--max-log B] [--samples N]\n"
           "                          [--window-bits W] [--mul] [--sweep-windows A..B] [--cpu-time]");
    for (size_t i = 0; i < field_bench_extra_mode_count; i++) printf(" [%s]", field_bench_extra_modes[i].flag);
    printf("\n\nBinary-field benchmarks. Default: fixed-base powers g^e, e uniform in [0, 2^128), from a\n"
           "precomputed table of ceil(128/W) windows x 2^W elements (built untimed).\n"
           "  --field NAME       b127 ghash128 b163 b191 sect193 ghash2 b256, or all (one table with\n"
           "                     ns/power and ns/mul relative to ghash128); default b191\n"
           "  --min-log/--max-log  batch sizes 2^A .. 2^B elements (default 20..22; 0..30)\n"
           "  --samples N        best of N timed runs (default 11)\n"
           "  --window-bits W    window width 1..20 (default: the field's tuned default)\n"
           "  --mul              full-width random multiplications instead of powers\n"
           "  --sweep-windows A..B  powers for each window width A..B (1..20)\n"
           "  --cpu-time         time with this thread's CPU time instead of wall time (shared machines)\n");
    for (size_t i = 0; i < field_bench_extra_mode_count; i++)
        printf("  %-18s %s\n", field_bench_extra_modes[i].flag, field_bench_extra_modes[i].help);
    printf("Each row says which cache level holds the working set (DRAM-sized runs are memory-bound).\n"
           "A working set beyond this machine's memory is refused with exit 1.\n" CLI_EXIT_HELP);
}

int cmd_field_bench(int argc, char **argv) {
    field_bench_opts o;
    memset(&o, 0, sizeof o);
    o.fields[0] = ZKP_GF2_B191;
    o.nfields = 1;
    o.min_log = 20;
    o.max_log = 22;
    o.samples = 11;
    int mul = 0, sweep = 0, wb = 0;
    unsigned sw_lo = 0, sw_hi = 0;
    const field_bench_mode *extra = NULL;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        const char *v = i + 1 < argc ? argv[i + 1] : NULL;
        if (!strcmp(a, "--help") || !strcmp(a, "-h")) {
            usage();
            return 0;
        } else if (!strcmp(a, "--field")) {
            i++;
            if (!v) return cli_usage_error(CMD, "--field needs a field name or 'all'");
            if (!strcmp(v, "all")) {
                o.all = 1;
                o.nfields = ZKP_GF2_FIELD_COUNT;
                for (int k = 0; k < ZKP_GF2_FIELD_COUNT; k++) o.fields[k] = (zkp_gf2_field)k;
            } else if (zkp_gf2_field_by_name(v, &o.fields[0]) == ZKP_OK) {
                o.all = 0;
                o.nfields = 1;
            } else {
                return cli_usage_error(CMD, "unknown field '%s' (b127 ghash128 b163 b191 sect193 ghash2 b256 all)", v);
            }
        } else if (!strcmp(a, "--min-log")) {
            if (cli_parse_int_opt(CMD, a, v, 0, 30, &o.min_log)) return 2;
            i++;
        } else if (!strcmp(a, "--max-log")) {
            if (cli_parse_int_opt(CMD, a, v, 0, 30, &o.max_log)) return 2;
            i++;
        } else if (!strcmp(a, "--samples")) {
            if (cli_parse_int_opt(CMD, a, v, 1, 1000, &o.samples)) return 2;
            i++;
        } else if (!strcmp(a, "--window-bits")) {
            if (cli_parse_int_opt(CMD, a, v, 1, 20, &wb)) return 2;
            o.window_bits = (unsigned)wb;
            i++;
        } else if (!strcmp(a, "--cpu-time")) {
            bench_use_cpu_time(1);
        } else if (!strcmp(a, "--mul")) {
            mul = 1;
        } else if (!strcmp(a, "--sweep-windows")) {
            const char *p = v;
            unsigned long lo = 0, hi = 0;
            int ok = v && !cli_scan_uint(&p, 20, &lo) && p[0] == '.' && p[1] == '.';
            if (ok) {
                p += 2;
                ok = !cli_scan_uint(&p, 20, &hi) && !*p;
            }
            if (!ok || lo < 1 || hi > 20 || lo > hi)
                return cli_usage_error(CMD, "--sweep-windows needs A..B with 1 <= A <= B <= 20");
            sweep = 1;
            sw_lo = (unsigned)lo;
            sw_hi = (unsigned)hi;
            i++;
        } else {
            const field_bench_mode *m = NULL;
            for (size_t k = 0; k < field_bench_extra_mode_count; k++)
                if (!strcmp(a, field_bench_extra_modes[k].flag)) m = &field_bench_extra_modes[k];
            if (!m) return cli_usage_error(CMD, "unknown option '%s'", a);
            extra = m;
        }
    }
    if (o.min_log > o.max_log) return cli_usage_error(CMD, "--min-log %d is above --max-log %d", o.min_log, o.max_log);
    if (mul + sweep + (extra != NULL) > 1)
        return cli_usage_error(CMD, "--mul, --sweep-windows and the extra modes are exclusive");
    if (extra) return extra->run(&o);
    if (sweep) return mode_sweep(&o, sw_lo, sw_hi);
    if (o.all) return mode_all(&o);
    if (mul) return mode_mul(&o);
    return mode_powers(&o);
}
