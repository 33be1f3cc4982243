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
 *
 * Only a case both sides timed in every slot is scored. The case set is the
 * union of both sides' `BIN bench FILTER --list`; a case one side lacks, or
 * printed as unavailable (or without a valid figure, as older binaries
 * print kernels the CPU lacks), gets a "not compared" row that
 * says which side and why: scoring it as 0 ns would call B 100 % faster.
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

typedef struct {
    char bin[1024];
    char level[64];   /* "" = leave ZKPRIM_CPU as it is */
    char label[1100];
} variant;

typedef struct {
    char name[160];
    char kernel[2][32];
    int listed[2], seen[2];  /* in that side's --list; printed a row at all */
    char why[2][160];        /* first reason that side gave no figure ("" = none) */
    double *sum[2];          /* per round: that side's slot medians added up, ns/op */
    int *slots[2];           /* per round: slots that gave a figure (2 when complete) */
} case_series;

typedef struct {
    case_series *v;
    size_t n, cap;
    int rounds;
} case_set;

static const char side_name[2] = {'A', 'B'};

/* 0, 1 when the binary cannot be run (exit 1), 2 on a bad level (usage). */
static int parse_variant(const char *spec, const char *self, variant *v) {
    memset(v, 0, sizeof *v);
    const char *at = strrchr(spec, '@');
    int is_path = strchr(spec, '/') != NULL || access(spec, X_OK) == 0;
    if (is_path) {
        size_t n = at ? (size_t)(at - spec) : strlen(spec);
        if (n >= sizeof v->bin) {
            fprintf(stderr, "zkprim bench compare: path too long: %s\n", spec);
            return 1;
        }
        memcpy(v->bin, spec, n);
        if (at) snprintf(v->level, sizeof v->level, "%s", at + 1);
        if (access(v->bin, X_OK) != 0) {
            fprintf(stderr, "zkprim bench compare: cannot execute %s: %s\n", v->bin,
                    errno == EACCES ? "not executable" : strerror(errno));
            return 1;
        }
    } else {
        snprintf(v->bin, sizeof v->bin, "%s", self);
        snprintf(v->level, sizeof v->level, "%s", spec);
        if (zkp_cpu_force(spec) != ZKP_OK) {
            fprintf(stderr, "zkprim bench compare: CPU level '%s' is unknown or not supported here\n", spec);
            return 2;
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

static case_series *find_case(case_set *set, const char *name) {
    for (size_t i = 0; i < set->n; i++)
        if (strcmp(set->v[i].name, name) == 0) return &set->v[i];
    if (set->n == set->cap) {
        size_t cap = set->cap ? 2 * set->cap : 64;
        case_series *v = realloc(set->v, cap * sizeof *v);
        if (!v) return NULL;
        set->v = v;
        set->cap = cap;
    }
    case_series *c = &set->v[set->n];
    memset(c, 0, sizeof *c);
    for (int s = 0; s < 2; s++) {
        c->sum[s] = calloc((size_t)set->rounds, sizeof(double));
        c->slots[s] = calloc((size_t)set->rounds, sizeof(int));
        if (!c->sum[s] || !c->slots[s]) return NULL;
    }
    snprintf(c->name, sizeof c->name, "%s", name);
    set->n++;
    return c;
}

static void free_cases(case_set *set) {
    for (size_t i = 0; i < set->n; i++)
        for (int s = 0; s < 2; s++) {
            free(set->v[i].sum[s]);
            free(set->v[i].slots[s]);
        }
    free(set->v);
}

/* Runs argv as the variant (its level in ZKPRIM_CPU) and hands each line
 * of its stdout to fn. Returns the exit status, -1 when it died by a signal,
 * -2 when it could not be started (the child says why when exec fails). */
typedef void (*line_fn)(case_set *set, char *line, int side, int round);
static int run_child(const variant *v, char *const argv[], line_fn fn, case_set *set, int side, int round) {
    int fds[2];
    if (pipe(fds) != 0) return -2;
    pid_t pid = fork();
    if (pid < 0) {
        close(fds[0]);
        close(fds[1]);
        return -2;
    }
    if (pid == 0) {
        dup2(fds[1], 1);
        close(fds[0]);
        close(fds[1]);
        if (v->level[0]) setenv("ZKPRIM_CPU", v->level, 1);
        execv(v->bin, argv);
        fprintf(stderr, "zkprim bench compare: cannot execute %s: %s\n", v->bin, strerror(errno));
        _exit(127);
    }
    close(fds[1]);
    FILE *f = fdopen(fds[0], "r");
    char *line = NULL;
    size_t cap = 0;
    while (f && getline(&line, &cap, f) > 0) {
        line[strcspn(line, "\r\n")] = 0;
        fn(set, line, side, round);
    }
    free(line);
    if (f) fclose(f);
    else close(fds[0]);
    int status;
    if (waitpid(pid, &status, 0) < 0 || !WIFEXITED(status)) return -1;
    return WEXITSTATUS(status);
}

static void child_failed(const variant *v, int side, const char *what, int st) {
    if (st == -2) fprintf(stderr, "zkprim bench compare: cannot run %s\n", v->bin);
    else
        fprintf(stderr, "zkprim bench compare: %s (%c): '%s bench ... %s' %s\n", v->label, side_name[side], v->bin,
                what, st < 0 ? "died by a signal" : "failed");
    if (st > 0) fprintf(stderr, "  (exit status %d)\n", st);
}

static void list_line(case_set *set, char *line, int side, int round) {
    (void)round;
    case_series *c = line[0] ? find_case(set, line) : NULL;
    if (c) c->listed[side] = 1;
}

/* Records which cases a side has: `BIN bench FILTER --list`. A side where
 * nothing matches (exit 2, no names) simply has none. Returns 0 or 1. */
static int list_cases(const variant *v, const char *filter, case_set *set, int side) {
    char *argv[] = {(char *)v->bin, "bench", (char *)(filter ? filter : ""), "--list", NULL};
    int st = run_child(v, argv, list_line, set, side, 0);
    int names = 0;
    for (size_t i = 0; i < set->n; i++) names += set->v[i].listed[side];
    if (st == 0 || (st == 2 && names == 0)) return 0;
    child_failed(v, side, "--list", st);
    return 1;
}

/* One TSV row of a slot: name, kernel, median, min, max[, status] (older
 * binaries print five columns and nothing for a case they skip). */
static void record_row(case_set *set, char *line, int side, int round) {
    char *f[6] = {0};
    int nf = 0;
    for (char *p = line; nf < 6; nf++) {
        f[nf] = p;
        p = strchr(p, '\t');
        if (!p) { nf++; break; }
        *p++ = 0;
    }
    if (nf < 5) return; /* not a result row */
    case_series *c = find_case(set, f[0]);
    if (!c) return;
    c->seen[side] = 1;
    snprintf(c->kernel[side], sizeof c->kernel[side], "%s", f[1]);
    char why[160] = "";
    char *end;
    double med = strtod(f[2], &end);
    if (nf >= 6 && strncmp(f[5], "unavailable", 11) == 0) {
        const char *r = f[5] + 11 + (f[5][11] == ':');
        while (*r == ' ') r++;
        snprintf(why, sizeof why, "%s", *r ? r : "no reason given");
    } else if (nf >= 6 && strcmp(f[5], "ok") != 0)
        snprintf(why, sizeof why, "unknown status '%.60s'", f[5]);
    else if (*end || end == f[2] || !isfinite(med) || med <= 0)
        snprintf(why, sizeof why, "no valid timing (median '%.40s')", f[2]);
    if (why[0]) {
        if (!c->why[side][0]) snprintf(c->why[side], sizeof c->why[side], "%s", why);
        return;
    }
    c->sum[side][round] += med;
    c->slots[side][round]++;
}

/* Runs one slot: `BIN bench FILTER --runs N --batch-ms MS --tsv [--cpu-time]`. 0 or 1. */
static int run_slot(const variant *v, const char *filter, const compare_options *o, case_set *set, int side,
                    int round) {
    char runs_s[16], batch_s[32];
    snprintf(runs_s, sizeof runs_s, "%d", o->runs);
    snprintf(batch_s, sizeof batch_s, "%g", o->batch_ms);
    char *argv[] = {(char *)v->bin, "bench", (char *)(filter ? filter : ""), "--runs", runs_s, "--batch-ms",
                    batch_s, "--tsv", o->cpu_time ? "--cpu-time" : NULL, NULL};
    int st = run_child(v, argv, record_row, set, side, round);
    if (st == 0) return 0;
    child_failed(v, side, "--tsv", st);
    return 1;
}

/* Why a side of a case cannot be scored (written to buf), or NULL. */
static const char *side_problem(const case_series *c, int s, int rounds, char *buf, size_t cap) {
    if (!c->listed[s] && !c->seen[s]) snprintf(buf, cap, "%c missing (not among its cases)", side_name[s]);
    else if (c->why[s][0]) snprintf(buf, cap, "%c unavailable (%s)", side_name[s], c->why[s]);
    else {
        for (int r = 0; r < rounds; r++)
            if (c->slots[s][r] != 2) {
                snprintf(buf, cap, "%c unavailable (no row in some runs)", side_name[s]);
                return buf;
            }
        return NULL;
    }
    return buf;
}

static void print_per_round(const case_set *set, int rounds) {
    printf("per-round medians (ns/op), A | B ('-': not timed):\n");
    for (size_t i = 0; i < set->n; i++) {
        const case_series *c = &set->v[i];
        printf("  %-36s", c->name);
        for (int r = 0; r < rounds; r++)
            for (int s = 0; s < 2; s++) {
                if (c->slots[s][r] == 2) printf("%s%.1f", s ? "|" : " ", c->sum[s][r] / 2.0);
                else printf("%s-", s ? "|" : " ");
            }
        printf("\n");
    }
    printf("\n");
}

static void print_report(const case_set *set, int rounds) {
    printf("%-32s %-12s %-12s %11s %11s %11s %8s %6s %9s %9s\n", "case", "A kernel", "B kernel", "A median",
           "B median", "B-A median", "B-A %", "B won", "sign p", "wilcoxon p");
    double *a = malloc((size_t)rounds * sizeof *a), *b = malloc((size_t)rounds * sizeof *b);
    for (size_t i = 0; i < set->n && a && b; i++) {
        const case_series *c = &set->v[i];
        const char *ka = c->kernel[0][0] ? c->kernel[0] : "-", *kb = c->kernel[1][0] ? c->kernel[1] : "-";
        char pa[200], pb[200];
        const char *why_a = side_problem(c, 0, rounds, pa, sizeof pa), *why_b = side_problem(c, 1, rounds, pb, sizeof pb);
        if (why_a || why_b) {
            printf("%-32s %-12s %-12s not compared: %s%s%s\n", c->name, ka, kb, why_a ? why_a : "",
                   why_a && why_b ? "; " : "", why_b ? why_b : "");
            continue;
        }
        for (int r = 0; r < rounds; r++) {
            a[r] = c->sum[0][r] / 2.0; /* two slots per side per round */
            b[r] = c->sum[1][r] / 2.0;
        }
        compare_result res = compare_series(a, b, (size_t)rounds);
        printf("%-32s %-12s %-12s %11.1f %11.1f %+11.1f %+7.1f%% %3zu/%-2zu %9.2g %9.2g  %s\n", c->name, ka, kb,
               res.median_a, res.median_b, res.median_diff, res.median_diff_pct, res.b_wins, res.rounds, res.sign_p,
               res.wilcoxon_p, res.verdict);
    }
    free(a);
    free(b);
}

/* The ABBA / BAAB rounds; a side with no case at all is not run (it would
 * only say "no benchmark matches"). 0 or 1. */
static int run_rounds(const variant v[2], const char *filter, const compare_options *o, case_set *set,
                      const int has_cases[2]) {
    static const int order[2][4] = {{0, 1, 1, 0}, {1, 0, 0, 1}};
    for (int r = 0; r < o->rounds; r++) {
        for (int s = 0; s < 4; s++) {
            int side = order[r & 1][s];
            if (has_cases[side] && run_slot(&v[side], filter, o, set, side, r)) return 1;
        }
        fprintf(stderr, "\rround %d/%d", r + 1, o->rounds);
    }
    fprintf(stderr, "\n");
    return 0;
}

int bench_compare(const char *spec_a, const char *spec_b, const char *filter, const compare_options *o) {
    char self[1024];
    ssize_t n = readlink("/proc/self/exe", self, sizeof self - 1);
    if (n <= 0) {
        fprintf(stderr, "zkprim bench compare: cannot find this binary (/proc/self/exe)\n");
        return 1;
    }
    self[n] = 0;
    variant v[2];
    int rc = parse_variant(spec_a, self, &v[0]);
    if (!rc) rc = parse_variant(spec_b, self, &v[1]);
    if (rc) return rc;

    case_set set = {NULL, 0, 0, o->rounds};
    rc = list_cases(&v[0], filter, &set, 0) || list_cases(&v[1], filter, &set, 1);
    if (!rc && set.n == 0) {
        fprintf(stderr, "zkprim bench compare: no case matches '%s' in A or B\n", filter ? filter : "");
        rc = 2;
    }
    if (!rc) {
        int has_cases[2] = {0, 0};
        for (size_t i = 0; i < set.n; i++)
            for (int s = 0; s < 2; s++) has_cases[s] |= set.v[i].listed[s];
        bench_print_header(stdout);
        printf("compare A = %s, B = %s, filter '%s': %d rounds, ABBA/BAAB interleaved, %d batches per slot%s\n\n",
               v[0].label, v[1].label, filter ? filter : "", o->rounds, o->runs,
               o->cpu_time ? ", process CPU time" : "");
        rc = run_rounds(v, filter, o, &set, has_cases);
    }
    if (!rc) {
        if (o->per_round) print_per_round(&set, o->rounds);
        print_report(&set, o->rounds);
        if (fflush(stdout) != 0 || ferror(stdout)) {
            fprintf(stderr, "zkprim bench compare: error writing to standard output\n");
            rc = 1;
        }
    }
    free_cases(&set);
    return rc;
}
