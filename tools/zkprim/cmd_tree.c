/* zkprim tree -a ALGO ...: routes to the algorithm's own tree front end. */
#include <string.h>

#include "cli.h"

/* The usage of one algorithm (`only`), or of all of them. */
static void usage(FILE *f, const cli_tree_algo *only) {
    fprintf(f, "usage: zkprim tree -a ALGO [options] INPUT\n\nPrints the Merkle root of INPUT (a file of data, leaves, members or values,\nas each algorithm says), and gives or checks proofs. Per algorithm:\n");
    for (size_t i = 0; i < cli_tree_algo_count; i++)
        if (!only || cli_tree_algos[i] == only) fprintf(f, "  -a %s\n%s\n", cli_tree_algos[i]->name, cli_tree_algos[i]->usage);
    if (cli_tree_algo_count == 0) fprintf(f, "  (no tree algorithm is built in)\n");
    fputs(CLI_EXIT_HELP, f);
}

static const cli_tree_algo *find_algo(const char *name) {
    for (size_t i = 0; i < cli_tree_algo_count; i++)
        if (!strcmp(cli_tree_algos[i]->name, name)) return cli_tree_algos[i];
    return NULL;
}

static int is_help(const char *s) { return !strcmp(s, "--help") || !strcmp(s, "-h"); }

int cmd_tree(int argc, char **argv) {
    if (argc < 2) {
        usage(stderr, NULL);
        return 2;
    }
    /* -a ALGO may come anywhere; everything else goes to the algorithm.
     * --help anywhere (after -a ALGO, after "prove", after a FILE) is
     * answered here, so no algorithm or sub-command has to know it. */
    const char *name = NULL;
    int help = 0;
    char *rest[256];
    int nrest = 0;
    rest[nrest++] = argv[0];
    int i0 = 1;
    /* `zkprim tree oz ...`: an algorithm named right after "tree" is -a's. */
    if (find_algo(argv[1])) name = argv[1], i0 = 2;
    for (int i = i0; i < argc; i++) {
        if (!strcmp(argv[i], "-a") || !strcmp(argv[i], "--algorithm")) {
            if (i + 1 >= argc) return cli_usage_error("tree", "%s needs an algorithm name", argv[i]);
            name = argv[++i];
        } else if (is_help(argv[i])) help = 1;
        else if (nrest < 255) rest[nrest++] = argv[i];
        else return cli_usage_error("tree", "too many arguments");
    }
    rest[nrest] = NULL;
    const cli_tree_algo *algo = name ? find_algo(name) : NULL;
    if (name && !algo) return cli_usage_error("tree", "unknown tree algorithm '%s'", name);
    if (help) {
        usage(stdout, algo);
        return 0;
    }
    if (!algo) return cli_usage_error("tree", "-a ALGO is required");
    return algo->run(nrest, rest);
}
