/*
 * Statistics for benchmark comparisons: order statistics and the two paired
 * tests `zkprim bench compare` reports. Pure functions, tested in
 * tests/test_core.c against values computed independently with scipy.
 */
#ifndef ZKPRIM_BENCH_STATS_H
#define ZKPRIM_BENCH_STATS_H

#include <stddef.h>

/* Quantile q in [0,1] of x[0..n) with linear interpolation between order
 * statistics (numpy's default); x is not modified. NaN when n == 0. */
double stats_quantile(const double *x, size_t n, double q);
double stats_median(const double *x, size_t n);

/* Two-sided exact sign test: of the n non-zero differences, k are
 * negative. p = min(1, 2 * min(P[X <= k], P[X >= k])), X ~ Bin(n, 1/2). */
double stats_sign_test_p(size_t k, size_t n);

/* Two-sided Wilcoxon signed-rank test of paired differences d[0..n)
 * (zeros dropped, ties get average ranks). Exact null distribution when at
 * most 50 non-zero differences remain and there are no ties (as scipy's
 * default does); otherwise the normal approximation with tie-corrected
 * variance, without continuity correction. Returns p; writes the statistic
 * min(W+, W-) to *w_out when non-NULL. p = 1 when no differences remain. */
double stats_wilcoxon_p(const double *d, size_t n, double *w_out);

#endif
