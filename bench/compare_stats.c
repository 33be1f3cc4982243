/* The paired analysis behind `zkprim bench compare` (kept apart from the
 * process plumbing so tests can check it directly). */
#include <stdio.h>
#include <stdlib.h>

#include "compare.h"
#include "stats.h"

compare_result compare_series(const double *a, const double *b, size_t rounds) {
    compare_result r = {0};
    r.rounds = rounds;
    double *d = malloc(rounds * sizeof *d), *rel = malloc(rounds * sizeof *rel);
    size_t nonzero = 0, neg = 0;
    for (size_t i = 0; i < rounds; i++) {
        d[i] = b[i] - a[i];
        rel[i] = a[i] > 0 ? 100.0 * d[i] / a[i] : 0;
        if (d[i] != 0) nonzero++;
        if (d[i] < 0) neg++;
    }
    r.b_wins = neg;
    r.median_a = stats_median(a, rounds);
    r.median_b = stats_median(b, rounds);
    r.median_diff = stats_median(d, rounds);
    r.median_diff_pct = stats_median(rel, rounds);
    r.sign_p = stats_sign_test_p(neg, nonzero);
    r.wilcoxon_p = stats_wilcoxon_p(d, rounds, NULL);
    /* Both tests must agree before a change is called: the sign test is
     * robust to outlier rounds, Wilcoxon is more powerful. */
    double p = r.sign_p > r.wilcoxon_p ? r.sign_p : r.wilcoxon_p;
    if (p < 0.05 && r.median_diff < 0) snprintf(r.verdict, sizeof r.verdict, "B faster (%.1f%%)", -r.median_diff_pct);
    else if (p < 0.05 && r.median_diff > 0) snprintf(r.verdict, sizeof r.verdict, "B slower (%.1f%%)", r.median_diff_pct);
    else snprintf(r.verdict, sizeof r.verdict, "no significant change");
    free(d);
    free(rel);
    return r;
}
