/* `zkprim bench compare`: interleaved A/B runs with paired statistics. */
#ifndef ZKPRIM_BENCH_COMPARE_H
#define ZKPRIM_BENCH_COMPARE_H

#include <stddef.h>

typedef struct compare_options {
    int rounds;       /* ABBA rounds (default 10) */
    int runs;         /* batches per slot (default 5) */
    double batch_ms;  /* batch length (default 5) */
    int per_round;    /* print every round's medians */
    int cpu_time;     /* pass --cpu-time to every slot */
} compare_options;

typedef struct compare_result {
    size_t rounds, b_wins;
    double median_a, median_b, median_diff, median_diff_pct;
    double sign_p, wilcoxon_p;
    char verdict[64];
} compare_result;

/* Paired analysis of per-round medians a[i], b[i] (ns/op, lower is faster). */
compare_result compare_series(const double *a, const double *b, size_t rounds);

/* Runs the comparison and prints the report; returns a process exit code. */
int bench_compare(const char *spec_a, const char *spec_b, const char *filter, const compare_options *o);

#endif
