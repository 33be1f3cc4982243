/* Statistics for bench compare: see stats.h. */
#include "stats.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

static int cmp_double(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

double stats_quantile(const double *x, size_t n, double q) {
    /* No samples, no quantile: n - 1 below would wrap and index far past x. */
    if (n == 0) return NAN;
    double *s = malloc(n * sizeof *s);
    if (!s) return NAN;
    memcpy(s, x, n * sizeof *s);
    qsort(s, n, sizeof *s, cmp_double);
    double pos = q * (double)(n - 1);
    size_t lo = (size_t)floor(pos);
    size_t hi = lo + 1 < n ? lo + 1 : lo;
    double v = s[lo] + (pos - (double)lo) * (s[hi] - s[lo]);
    free(s);
    return v;
}

double stats_median(const double *x, size_t n) { return stats_quantile(x, n, 0.5); }

double stats_sign_test_p(size_t k, size_t n) {
    if (n == 0) return 1.0;
    /* P[X <= k] and P[X >= k] summed in log space to stay exact-ish for n
     * in the thousands. */
    double lo = 0, hi = 0;
    for (size_t i = 0; i <= n; i++) {
        double lp = lgamma((double)n + 1) - lgamma((double)i + 1) - lgamma((double)(n - i) + 1) -
                    (double)n * log(2.0);
        double p = exp(lp);
        if (i <= k) lo += p;
        if (i >= k) hi += p;
    }
    double p = 2.0 * (lo < hi ? lo : hi);
    return p > 1.0 ? 1.0 : p;
}

typedef struct { double abs; int sign; } signed_abs;

static int cmp_abs(const void *a, const void *b) {
    const signed_abs *x = a, *y = b;
    return (x->abs > y->abs) - (x->abs < y->abs);
}

double stats_wilcoxon_p(const double *d, size_t n, double *w_out) {
    signed_abs *v = malloc((n ? n : 1) * sizeof *v);
    size_t m = 0;
    for (size_t i = 0; i < n; i++)
        if (d[i] != 0) v[m++] = (signed_abs){fabs(d[i]), d[i] > 0 ? 1 : -1};
    if (m == 0) {
        free(v);
        if (w_out) *w_out = 0;
        return 1.0;
    }
    qsort(v, m, sizeof *v, cmp_abs);
    /* Average ranks over runs of equal |d|; tie_term = sum (t^3 - t). */
    double *rank = malloc(m * sizeof *rank);
    double tie_term = 0;
    int ties = 0;
    for (size_t i = 0; i < m;) {
        size_t j = i;
        while (j + 1 < m && v[j + 1].abs == v[i].abs) j++;
        double r = (double)(i + j + 2) / 2.0;
        for (size_t k = i; k <= j; k++) rank[k] = r;
        double t = (double)(j - i + 1);
        if (t > 1) { tie_term += t * t * t - t; ties = 1; }
        i = j + 1;
    }
    double wplus = 0, total = (double)m * (double)(m + 1) / 2.0;
    for (size_t i = 0; i < m; i++)
        if (v[i].sign > 0) wplus += rank[i];
    double w = wplus < total - wplus ? wplus : total - wplus;
    if (w_out) *w_out = w;
    double p;
    if (m <= 50 && !ties) {
        /* Exact: count subsets of {1..m} by their sum (each equally likely
         * under H0), then P[W <= w] doubled. */
        size_t maxs = (size_t)total;
        double *cnt = calloc(maxs + 1, sizeof *cnt);
        cnt[0] = 1;
        for (size_t r = 1; r <= m; r++)
            for (size_t s = maxs; s >= r; s--) cnt[s] += cnt[s - r];
        double tail = 0, all = ldexp(1.0, (int)m);
        for (size_t s = 0; s <= (size_t)w; s++) tail += cnt[s];
        p = 2.0 * tail / all;
        free(cnt);
    } else {
        double mean = total / 2.0;
        double var = (double)m * (m + 1) * (2.0 * m + 1) / 24.0 - tie_term / 48.0;
        double z = (w - mean) / sqrt(var);
        p = erfc(fabs(z) / sqrt(2.0));
    }
    free(rank);
    free(v);
    return p > 1.0 ? 1.0 : p;
}
