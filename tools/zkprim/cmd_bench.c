/* zkprim bench [FILTER] [options] and zkprim bench compare A B [FILTER]. */
#include <stdlib.h>
#include <string.h>

#include "bench.h"
#include "cli.h"
#include "compare.h"

static void usage(void) {
    printf("usage: zkprim bench [FILTER] [--runs N] [--batch-ms MS] [--json FILE|-] [--tsv] [--quiet] [--list]\n"
           "                    [--cpu-time]\n"
           "       zkprim bench compare A B [FILTER] [--rounds R] [--runs N] [--batch-ms MS] [--per-round]\n"
           "                    [--cpu-time]\n\n"
           "FILTER: comma-separated substrings of case names (e.g. 'keccak' or 'hemera/permute,keccak/f1600');\na word ending in '$' must match the end of the name ('hemera/permute$').\n"
           "Each row: median ns/op over N timed batches [min .. max], inter-quartile range, throughput.\n"
           "Inputs are refreshed before every batch; a warm-up precedes timing.\n"
           "A case that cannot run here (a kernel the active CPU set lacks, an anchor whose library\n"
           "or helper is missing) prints 'unavailable (reason)' and no figures, in every format:\n"
           "  --tsv     six tab-separated columns: name, kernel, median, min, max (ns/op), status;\n"
           "            status is 'ok', or 'unavailable: REASON' with '-' for the three figures\n"
           "  --json    {version, cpu, features, runs, results: [...]}; each result has name, kernel,\n"
           "            status ('ok' or 'unavailable'); ok: median_ns, min_ns, max_ns, q1_ns, q3_ns,\n"
           "            runs, iters (+ bytes_per_op, mb_per_s); unavailable: reason, no figures.\n"
           "            '--json -' writes it to stdout (the table then goes to stderr); its \"clock\" is\n"
           "            \"wall\" or \"process-cpu\"\n"
           "--cpu-time: time on the process's CPU clock (all threads summed) instead of the wall clock,\n"
           "  so time slices a shared machine gives to other processes do not count; a multi-threaded\n"
           "  case then reports its total work, not its latency. compare passes it to both binaries\n"
           "  (which must both know it).\n"
           "exit status: 0 ok (unavailable rows included), 1 I/O error, 2 usage error or no case\n"
           "matches FILTER.\n\n"
           "compare: A and B are CPU levels of this binary (portable, avx2, ...), paths to zkprim\n"
           "binaries, or PATH@LEVEL. Runs them interleaved (ABBA, BAAB, ...) for R rounds (default 10)\n"
           "and prints paired medians, the median difference, the rounds B won, and exact two-sided\n"
           "sign-test and Wilcoxon signed-rank p-values with a verdict (p < 0.05 in both tests).\n"
           "A case one side lacks, or could not time in every run, is never scored: its row says\n"
           "'not compared: B missing (...)' or 'A unavailable (reason)'.\n"
           "compare exit status: 0 report printed, 1 a binary cannot be run or failed, 2 usage error\n"
           "(unknown level, bad option) or no case matches FILTER in A or B.\n");
}

static int parse_ms(const char *cmd, const char *v, double *out) {
    char *end;
    double x = v ? strtod(v, &end) : 0;
    if (!v || *end || !(x > 0 && x <= 10000)) return cli_usage_error(cmd, "--batch-ms needs a number in (0, 10000]");
    *out = x;
    return 0;
}

static int run_compare(int argc, char **argv) {
    compare_options o = {10, 5, 5.0, 0, 0};
    const char *pos[3] = {NULL, NULL, NULL};
    int npos = 0;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (!strcmp(a, "--help") || !strcmp(a, "-h")) { usage(); return 0; }
        else if (!strcmp(a, "--rounds")) { if (cli_parse_int_opt("bench compare", a, i + 1 < argc ? argv[++i] : NULL, 2, 1000, &o.rounds)) return 2; }
        else if (!strcmp(a, "--runs")) { if (cli_parse_int_opt("bench compare", a, i + 1 < argc ? argv[++i] : NULL, 1, 1000, &o.runs)) return 2; }
        else if (!strcmp(a, "--batch-ms")) { if (parse_ms("bench compare", i + 1 < argc ? argv[++i] : NULL, &o.batch_ms)) return 2; }
        else if (!strcmp(a, "--per-round")) o.per_round = 1;
        else if (!strcmp(a, "--cpu-time")) o.cpu_time = 1;
        else if (a[0] == '-' && a[1]) return cli_usage_error("bench compare", "unknown option '%s'", a);
        else if (npos < 3) pos[npos++] = a;
        else return cli_usage_error("bench compare", "too many arguments");
    }
    if (npos < 2) return cli_usage_error("bench compare", "needs two variants A and B");
    return bench_compare(pos[0], pos[1], pos[2], &o);
}

int cmd_bench(int argc, char **argv) {
    if (argc > 1 && strcmp(argv[1], "compare") == 0) return run_compare(argc - 1, argv + 1);
    bench_options o = {11, 10.0, NULL, 0, 0, 0, 0};
    const char *filter = NULL;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (!strcmp(a, "--help") || !strcmp(a, "-h")) { usage(); return 0; }
        else if (!strcmp(a, "--runs")) { if (cli_parse_int_opt("bench", a, i + 1 < argc ? argv[++i] : NULL, 1, 100000, &o.runs)) return 2; }
        else if (!strcmp(a, "--batch-ms")) { if (parse_ms("bench", i + 1 < argc ? argv[++i] : NULL, &o.batch_ms)) return 2; }
        else if (!strcmp(a, "--json")) { if (i + 1 >= argc) return cli_usage_error("bench", "--json needs a file"); o.json = argv[++i]; }
        else if (!strcmp(a, "--tsv")) o.tsv = 1;
        else if (!strcmp(a, "--quiet")) o.quiet = 1;
        else if (!strcmp(a, "--list")) o.list = 1;
        else if (!strcmp(a, "--cpu-time")) o.cpu_time = 1;
        else if (a[0] == '-' && a[1]) return cli_usage_error("bench", "unknown option '%s'", a);
        else if (!filter) filter = a;
        else return cli_usage_error("bench", "only one FILTER (use commas for several)");
    }
    if (o.tsv && o.json && !strcmp(o.json, "-"))
        return cli_usage_error("bench", "--tsv and --json - both want stdout");
    int n = bench_run(filter, &o);
    if (n < 0) return 1;
    if (n == 0) {
        fprintf(stderr, "zkprim bench: no case matches '%s' (try --list)\n", filter ? filter : "");
        return 2;
    }
    return 0;
}
