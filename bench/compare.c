/*
 * `zkprim bench compare A B [FILTER]`: A and B are two variants, each a CPU
 * level of this binary ("portable", "avx2", ...), another zkprim binary
 * ("./old/zkprim"), or both ("./old/zkprim@portable"). Every variant runs as
 * a child process `BIN bench FILTER --tsv` with ZKPRIM_CPU set, so both
 * sides pay the same process and cache costs.
 *
 * Rounds are interleaved ABBA / BAAB (alternating), so drift of the machine
 * (frequency, a noisy neighbour) hits both sides alike. Each round gives
 * one median per side per case (the mean of that side's two slots); the
 * report pairs them by round: median A, median B, the median of the paired
 * differences (absolute and as % of A), the rounds B won, and the two-sided
 * exact sign test and Wilcoxon signed-rank p-values, then a verdict.
 */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "bench.h"
#include "compare.h"
#include "stats.h"
#include "zkprim/zkprim.h"

#define MAX_CASES 256

typedef struct {
    char bin[1024];
    char level[64];   /* "" = leave ZKPRIM_CPU as it is */
    char label[1100];
} variant;

typedef struct {
    char name[96];
    char kernel[2][32];
    double *a, *b;   /* per-round medians, ns/op */
} case_series;

static int parse_variant(const char *spec, const char *self, variant *v) {
    memset(v, 0, sizeof *v);
    const char *at = strrchr(spec, '@');
    int is_path = strchr(spec, '/') != NULL || access(spec, X_OK) == 0;
    if (is_path) {
        size_t n = at ? (size_t)(at - spec) : strlen(spec);
        if (n >= sizeof v->bin) return -1;
        memcpy(v->bin, spec, n);
        if (at) snprintf(v->level, sizeof v->level, "%s", at + 1);
        if (access(v->bin, X_OK) != 0) {
            fprintf(stderr, "zkprim bench compare: %s is not an executable\n", v->bin);
            return -1;
        }
    } else {
        snprintf(v->bin, sizeof v->bin, "%s", self);
        snprintf(v->level, sizeof v->level, "%s", spec);
        if (zkp_cpu_force(spec) != ZKP_OK) {
            fprintf(stderr, "zkprim bench compare: CPU level '%s' is unknown or not supported here\n", spec);
            return -1;
        }
        if (zkp_cpu_force("native") != ZKP_OK) {
            fprintf(stderr, "zkprim bench compare: cannot restore the native CPU level\n");
            return -1;
        }
    }
    snprintf(v->label, sizeof v->label, "%s%s%s", is_path ? v->bin : "", is_path && v->level[0] ? "@" : "",
             v->level);
    return 0;
}

/* Runs one slot; appends each row's median to the series. */
static int run_slot(const variant *v, const char *filter, int runs, double batch_ms, case_series *cs,
                    size_t *ncases, int side, int round) {
    int fds[2];
    if (pipe(fds) != 0) return -1;
    pid_t pid = fork();
    if (pid < 0) return -1;
    if (pid == 0) {
        dup2(fds[1], 1);
        close(fds[0]);
        close(fds[1]);
        if (v->level[0]) setenv("ZKPRIM_CPU", v->level, 1);
        char runs_s[16], batch_s[32];
        snprintf(runs_s, sizeof runs_s, "%d", runs);
        snprintf(batch_s, sizeof batch_s, "%g", batch_ms);
        execl(v->bin, v->bin, "bench", filter ? filter : "", "--runs", runs_s, "--batch-ms", batch_s, "--tsv",
              (char *)NULL);
        fprintf(stderr, "exec %s: %s\n", v->bin, strerror(errno));
        _exit(127);
    }
    close(fds[1]);
    FILE *f = fdopen(fds[0], "r");
    char line[512];
    while (fgets(line, sizeof line, f)) {
        char name[96], kernel[32];
        double med, lo, hi;
        if (sscanf(line, "%95[^\t]\t%31[^\t]\t%lf\t%lf\t%lf", name, kernel, &med, &lo, &hi) != 5) continue;
        size_t i = 0;
        while (i < *ncases && strcmp(cs[i].name, name) != 0) i++;
        if (i == *ncases) {
            if (round > 0 || side == 1 || *ncases == MAX_CASES) continue; /* case set fixed by A's first slot */
            snprintf(cs[i].name, sizeof cs[i].name, "%s", name);
            (*ncases)++;
        }
        snprintf(cs[i].kernel[side], sizeof cs[i].kernel[side], "%s", kernel);
        double *dst = side == 0 ? cs[i].a : cs[i].b;
        dst[round] += med / 2.0;   /* two slots per side per round */
    }
    fclose(f);
    int status;
    waitpid(pid, &status, 0);
    if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) {
        fprintf(stderr, "zkprim bench compare: %s exited abnormally\n", v->label);
        return -1;
    }
    return 0;
}

int bench_compare(const char *spec_a, const char *spec_b, const char *filter, const compare_options *o) {
    char self[1024];
    ssize_t n = readlink("/proc/self/exe", self, sizeof self - 1);
    if (n <= 0) return 2;
    self[n] = 0;
    variant v[2];
    if (parse_variant(spec_a, self, &v[0]) || parse_variant(spec_b, self, &v[1])) return 2;

    case_series *cs = calloc(MAX_CASES, sizeof *cs);
    for (int i = 0; i < MAX_CASES; i++) {
        cs[i].a = calloc((size_t)o->rounds, sizeof(double));
        cs[i].b = calloc((size_t)o->rounds, sizeof(double));
    }
    size_t ncases = 0;
    bench_print_header();
    printf("compare A = %s, B = %s, filter '%s': %d rounds, ABBA/BAAB interleaved, %d batches per slot\n\n",
           v[0].label, v[1].label, filter ? filter : "", o->rounds, o->runs);
    int rc = 0;
    for (int r = 0; r < o->rounds && rc == 0; r++) {
        static const int order[2][4] = {{0, 1, 1, 0}, {1, 0, 0, 1}};
        for (int s = 0; s < 4 && rc == 0; s++) {
            int side = order[r & 1][s];
            rc = run_slot(&v[side], filter, o->runs, o->batch_ms, cs, &ncases, side, r);
        }
        fprintf(stderr, "\rround %d/%d", r + 1, o->rounds);
    }
    fprintf(stderr, "\n");
    if (rc == 0 && ncases == 0) {
        fprintf(stderr, "zkprim bench compare: no benchmark matches '%s'\n", filter ? filter : "");
        rc = 2;
    }
    if (rc == 0) {
        if (o->per_round) {
            printf("per-round medians (ns/op), A | B:\n");
            for (size_t i = 0; i < ncases; i++) {
                printf("  %-36s", cs[i].name);
                for (int r = 0; r < o->rounds; r++) printf(" %.1f|%.1f", cs[i].a[r], cs[i].b[r]);
                printf("\n");
            }
            printf("\n");
        }
        printf("%-32s %-12s %-12s %11s %11s %11s %8s %6s %9s %9s\n", "case", "A kernel", "B kernel", "A median",
               "B median", "B-A median", "B-A %", "B won", "sign p", "wilcoxon p");
        for (size_t i = 0; i < ncases; i++) {
            compare_result res = compare_series(cs[i].a, cs[i].b, (size_t)o->rounds);
            printf("%-32s %-12s %-12s %11.1f %11.1f %+11.1f %+7.1f%% %3zu/%-2zu %9.2g %9.2g  %s\n", cs[i].name,
                   cs[i].kernel[0], cs[i].kernel[1], res.median_a, res.median_b, res.median_diff,
                   res.median_diff_pct, res.b_wins, res.rounds, res.sign_p, res.wilcoxon_p, res.verdict);
        }
    }
    for (int i = 0; i < MAX_CASES; i++) {
        free(cs[i].a);
        free(cs[i].b);
    }
    free(cs);
    return rc;
}
