/*
 * The benchmark harness behind `zkprim bench`.
 *
 * A module describes each measurement as a bench_case. The runner:
 *   1. calls setup() once (allocations, tables; untimed);
 *   2. warms up, then calibrates `iters` so one timed batch lasts about
 *      --batch-ms milliseconds;
 *   3. for each of --runs batches: fresh(ctx, seed) writes new random inputs
 *      (untimed, so the branch predictor never replays one input), then
 *      run(ctx, iters) is timed;
 *   4. reports ns/op as median [min, max] and the inter-quartile range, and
 *      throughput when bytes_per_op is set.
 * `run` must make its result observable (bench_sink) so nothing is elided.
 */
#ifndef ZKPRIM_BENCH_BENCH_H
#define ZKPRIM_BENCH_BENCH_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "zkprim/zkprim.h"

/* A case that cannot run here (a kernel the active CPU set lacks, an
 * external anchor whose program or library is missing) must not print a
 * timed row: its setup() returns bench_unavailable("why") (or BENCH_SKIP
 * after bench_need_cpu / bench_need_kernel said no) and the row says
 * "unavailable" with that reason and no figures in every output format.
 * A run() whose work failed part-way (an external helper died) calls
 * bench_fail("why"); the runner then reports the row the same way. */
extern char bench_skip_token;
#define BENCH_SKIP ((void *)&bench_skip_token)
void *bench_unavailable(const char *reason);
void bench_fail(const char *reason);
/* 1 when every feature of `need` (ZKP_CPU_* bits) is active; otherwise
 * records the reason for the row and returns 0. */
int bench_need_cpu(uint32_t need);
/* The same for a kernel table entry (also fails when the build left it out);
 * k NULL means the build has no kernel of that name. */
struct zkpi_kernel_info;
int bench_need_kernel(const struct zkpi_kernel_info *k);

typedef struct bench_case {
    const char *name;           /* "module/what[/size]", matched by FILTER */
    const char *group;          /* phase or family, e.g. "anchor" for external rows */
    double bytes_per_op;        /* > 0: throughput column in MB/s */
    void *(*setup)(void);       /* may be NULL; returns the ctx passed below */
    void (*fresh)(void *ctx, uint64_t seed);  /* may be NULL */
    void (*run)(void *ctx, uint64_t iters);
    void (*teardown)(void *ctx);              /* may be NULL; frees ctx */
    const char *(*kernel)(void);              /* which kernel runs, or NULL */
} bench_case;

typedef struct bench_module {
    const char *name;
    const bench_case *cases;
    size_t n;
} bench_module;

/* Registered modules (bench/registry.c). */
extern const bench_module *const bench_modules[];
extern const size_t bench_module_count;

/* Every library call a case makes must succeed: a failing call would be
 * timed as a fast no-op and reported as a result. BENCH_CHECK(expr) aborts
 * the case (and the run, exit code 1) with a message naming the call and
 * its status. The compare in a timed loop is one predicted branch. */
#define BENCH_CHECK(expr)                                                                        \
    do {                                                                                         \
        zkp_status bench_st_ = (expr);                                                           \
        if (bench_st_ != ZKP_OK) bench_check_failed(#expr, bench_st_, __FILE__, __LINE__);       \
    } while (0)
void bench_check_failed(const char *what, zkp_status st, const char *file, int line) __attribute__((noreturn));

/* Keeps a value alive so the compiler cannot drop the work producing it. */
void bench_sink(const void *p, size_t n);
void bench_sink_u64(uint64_t v);

/* Writes s as a JSON string (quotes, backslashes and control bytes
 * escaped); also used by the CLI's JSON writers. Valid UTF-8 is copied;
 * every byte that is not part of it (a file name is bytes, not text) is
 * written as the escape \udcXX, the lone surrogate Python's
 * surrogateescape uses, so the output stays valid JSON and
 * os.fsencode(name) gives the exact bytes back. */
void bench_json_string(FILE *f, const char *s);

/* A row's floor (the least time its work can take), measured in the same
 * run: called by a case's teardown (after the timed runs) with the floor
 * per op and `ratio`, the case's own time/floor measured in pairs (row work
 * and floor work timed back to back, the median of the pairs' ratios: on a
 * shared machine the load drifts between the row's runs and the floor's,
 * but hardly within a pair). The row then prints "<what>, floor <floor_ns>,
 * time/floor <ratio> paired" after its figures (text) or as "note" (JSON).
 * bench_multiproof.c uses it. */
void bench_floor(double floor_ns, double ratio, const char *what);
/* The target duration of one timed batch of the case being measured (ms),
 * for a case timing extra work in its teardown (bench_floor). */
double bench_batch_ms(void);

/* Deterministic per-batch filler: fills buf from seed (xorshift). */
void bench_fill(void *buf, size_t n, uint64_t seed);

typedef struct bench_result {
    const char *name;
    const char *kernel;
    double median, min, max, q1, q3;  /* ns per op */
    double bytes_per_op;
    uint64_t iters;
    int runs;
    int unavailable;      /* no figures: the case could not be timed here */
    char reason[160];     /* why, when unavailable */
    char note[224];       /* bench_floor's note, or empty */
} bench_result;

typedef struct bench_options {
    int runs;            /* timed batches per case (default 11) */
    double batch_ms;     /* target duration of one batch (default 10) */
    const char *json;    /* write JSON results here (NULL: no) */
    int tsv;             /* machine-readable rows on stdout (compare uses it):
                            name, kernel, median, min, max (ns/op), status;
                            status "ok", or "unavailable: why" with "-" figures */
    int quiet;           /* no header */
    int list;            /* only list matching case names */
    int cpu_time;        /* --cpu-time: time every case on the process's CPU
                            time (all its threads), not the wall clock */
} bench_options;

/* Runs every case whose "name" contains one of the comma-separated filter
 * words (NULL/empty = all). Returns the number of cases that matched
 * (unavailable ones included), or -1 on an I/O error. */
int bench_run(const char *filter, const bench_options *opt);

/* One case, for callers that drive their own loop (compare, field-bench). */
bench_result bench_measure(const bench_case *c, int runs, double batch_ms);

/* Nanoseconds on the clock every measurement reads: monotonic wall time
 * (BENCH_CLOCK_WALL), this thread's CPU time (BENCH_CLOCK_THREAD: field-bench
 * --cpu-time, the one-thread multiproof rows) or the process's CPU time, all
 * threads summed (BENCH_CLOCK_PROCESS: zkprim bench --cpu-time). On a shared
 * machine the CPU clocks do not count time slices given to other
 * processes; for a multi-threaded case the process clock is the total work,
 * not the latency. bench_cpu_time() returns the mode, so a case can switch
 * clocks and restore the caller's. */
enum { BENCH_CLOCK_WALL = 0, BENCH_CLOCK_THREAD = 1, BENCH_CLOCK_PROCESS = 2 };
uint64_t bench_now_ns(void);
void bench_use_cpu_time(int mode);
int bench_cpu_time(void);

/* Best (smallest) time in ns of `samples` calls of fn(ctx), after one
 * untimed warm-up call: field-bench's runs over a fixed working set, whose
 * minimum is the figure least disturbed by other work on the machine. */
double bench_best_ns(void (*fn)(void *ctx), void *ctx, int samples);

/* Prints the standard header: version, CPU, features, active level. */
void bench_print_header(FILE *f);

#endif
