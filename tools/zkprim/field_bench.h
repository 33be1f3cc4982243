/*
 * `zkprim field-bench`: the shared options and helpers, and the table of
 * extra modes other modules plug in (field_bench_modes.c).
 *
 * Adding a mode (e.g. --isomorphism): write `int my_mode(const
 * field_bench_opts *o)` in its own file and add one entry
 * {"--flag", "help text", my_mode} to field_bench_extra_modes[] in
 * field_bench_modes.c. When the flag is given, field-bench parses the
 * common options into a field_bench_opts and calls the mode instead of the
 * power / multiplication benchmarks; the return value is the exit code.
 */
#ifndef ZKPRIM_FIELD_BENCH_H
#define ZKPRIM_FIELD_BENCH_H

#include <stddef.h>
#include <stdint.h>

#include "zkprim/gf2.h"

typedef struct field_bench_opts {
    zkp_gf2_field fields[ZKP_GF2_FIELD_COUNT];  /* --field NAME (1) or all (every field) */
    int nfields;
    int all;                 /* --field all */
    int min_log, max_log;    /* sizes 2^min_log .. 2^max_log elements */
    int samples;             /* best of this many timed runs */
    unsigned window_bits;    /* --window-bits (0 = the field's default) */
} field_bench_opts;

typedef struct field_bench_mode {
    const char *flag;    /* "--isomorphism" */
    const char *help;    /* one line for --help */
    int (*run)(const field_bench_opts *o);
} field_bench_mode;

extern const field_bench_mode field_bench_extra_modes[];
extern const size_t field_bench_extra_mode_count;

/* "L1", "L2", "L3" or "DRAM": the smallest cache level this machine
 * reports that holds `bytes` (from sysconf / sysfs; "?" if unknown). */
const char *field_bench_cache_fit(size_t bytes);
/* Timing and input bytes: bench_best_ns, bench_fill (bench/bench.h). */
/* Clears the bits of each element at and above the field's degree. */
void field_bench_reduce(zkp_gf2_field f, uint64_t *elems, size_t n);
/* malloc that prints "zkprim field-bench: cannot allocate N bytes (...)"
 * and returns NULL on failure (callers exit 1). */
void *field_bench_alloc(size_t bytes, const char *what);

#endif
