/* zkprim tree -a ALGO ...: routes to the algorithm's own tree front end. */
#include <string.h>

#include "cli.h"

static void usage(void) {
    printf("usage: zkprim tree -a ALGO [options] FILE\n\nPrints the Merkle root of FILE. Per algorithm:\n");
    for (size_t i = 0; i < cli_tree_algo_count; i++) printf("  -a %s\n%s\n", cli_tree_algos[i]->name, cli_tree_algos[i]->usage);
    if (cli_tree_algo_count == 0) printf("  (no tree algorithm is built in)\n");
}

int cmd_tree(int argc, char **argv) {
    if (argc < 2 || !strcmp(argv[1], "--help") || !strcmp(argv[1], "-h")) {
        usage();
        return argc < 2 ? 2 : 0;
    }
    /* -a ALGO may come anywhere; everything else goes to the algorithm. */
    const char *name = NULL;
    char *rest[256];
    int nrest = 0;
    rest[nrest++] = argv[0];
    for (int i = 1; i < argc; i++) {
        if ((!strcmp(argv[i], "-a") || !strcmp(argv[i], "--algorithm")) && i + 1 < argc) name = argv[++i];
        else if (nrest < 255) rest[nrest++] = argv[i];
        else return cli_usage_error("tree", "too many arguments");
    }
    rest[nrest] = NULL;
    if (!name) return cli_usage_error("tree", "-a ALGO is required");
    for (size_t i = 0; i < cli_tree_algo_count; i++)
        if (!strcmp(cli_tree_algos[i]->name, name)) return cli_tree_algos[i]->run(nrest, rest);
    return cli_usage_error("tree", "unknown tree algorithm '%s'", name);
}
