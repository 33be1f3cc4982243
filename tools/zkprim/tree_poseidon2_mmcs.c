/*
 * `zkprim tree -a poseidon2-babybear|poseidon2-koalabear --mmcs [--hex]
 * W:FILE ...`: Plonky3's MerkleTreeMmcs over several matrices (poseidon2.h
 * mmcs_*, docs/poseidon2.md). Each FILE holds one matrix's elements (one a
 * line, decimal or 0x-hex, below p, read as tree -a poseidon2-* reads its
 * leaves), every W of them a row; the heights must sit on Plonky3's ladder
 * ceil(H / 2^k) of the tallest H. Prints the root, the tallest height and the
 * matrix count. Exit 1 for a file or shape the library rejects, 2 for usage.
 */
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "tree_poseidon.h"
#include "tree_poseidon2.h"
#include "zkprim/poseidon2.h"

#define MMCS_MAX 64 /* matrices a command line may name */

/* One W:FILE argument into mats[i] (values allocated). */
static int load_matrix(p2t_kind k, const char *arg, zkp_poseidon2_matrix *m) {
    const char *colon = strchr(arg, ':');
    uint64_t w;
    char wtext[24];
    size_t wl = colon ? (size_t)(colon - arg) : 0;
    if (!colon || wl == 0 || wl >= sizeof wtext)
        return cli_usage_error("tree", "--mmcs takes WIDTH:FILE arguments, got '%s'", arg);
    memcpy(wtext, arg, wl);
    wtext[wl] = 0;
    if (cli_parse_index(wtext, &w) || w == 0 || w > 4096)
        return cli_usage_error("tree", "--mmcs: a width in 1..4096, got '%s'", wtext);
    zkp_poseidon_fr *fr;
    size_t n;
    if (ptree_load_leaves(colon + 1, PTREE_ANY_COUNT, &fr, &n)) return 1;
    uint32_t *v = malloc(n * sizeof *v + 1);
    int bad = !v || p2tree_to31(k, fr, n, v, colon + 1);
    free(fr);
    if (!bad && n % w) {
        fprintf(stderr, "zkprim tree: %s: %zu elements are not whole rows of width %llu\n", colon + 1, n,
                (unsigned long long)w);
        bad = 1;
    }
    if (bad) {
        if (!v) fprintf(stderr, "zkprim tree: out of memory\n");
        free(v);
        return 1;
    }
    *m = (zkp_poseidon2_matrix){v, (size_t)w, n / (size_t)w};
    return 0;
}

int p2tree_mmcs(p2t_kind k, int argc, char **argv) {
    if (k == T_BN254) return cli_usage_error("tree", "--mmcs is for poseidon2-babybear and poseidon2-koalabear");
    zkp_poseidon2_matrix mats[MMCS_MAX];
    size_t n = 0;
    int hex = 0, rc = 0;
    for (int i = 1; i < argc && rc == 0; i++) {
        if (!strcmp(argv[i], "--mmcs")) continue;
        if (!strcmp(argv[i], "--hex")) hex = 1;
        else if (argv[i][0] == '-' && argv[i][1]) rc = cli_usage_error("tree", "--mmcs: unknown option '%s'", argv[i]);
        else if (n == MMCS_MAX) rc = cli_usage_error("tree", "--mmcs: at most %d matrices", MMCS_MAX);
        else if ((rc = load_matrix(k, argv[i], &mats[n])) == 0) n++;
    }
    if (rc == 0 && n == 0) rc = cli_usage_error("tree", "usage: zkprim tree -a %s --mmcs [--hex] W:FILE ...", p2tree_name(k));
    size_t n_nodes = 0;
    uint32_t *nodes = NULL;
    if (rc == 0) {
        zkp_status st = zkp_poseidon2_mmcs_size(mats, n, &n_nodes, NULL, NULL);
        if (st == ZKP_OK && !(nodes = malloc(n_nodes * 32))) st = ZKP_ERR_NOMEM;
        if (st == ZKP_OK)
            st = (k == T_BABYBEAR ? zkp_poseidon2_babybear_mmcs_commit : zkp_poseidon2_koalabear_mmcs_commit)(
                mats, n, nodes, n_nodes);
        if (st != ZKP_OK) {
            fprintf(stderr, "zkprim tree: --mmcs: %s%s\n", zkp_status_str(st),
                    st == ZKP_ERR_COUNT ? " (every height must be ceil(H / 2^k) of the tallest H)" : "");
            rc = 1;
        }
    }
    if (rc == 0) {
        size_t max_h = 0;
        for (size_t i = 0; i < n; i++) max_h = mats[i].height > max_h ? mats[i].height : max_h;
        fputs("root", stdout);
        for (int i = 0; i < 8; i++) printf(hex ? " 0x%08x" : " %u", nodes[8 * (n_nodes - 1) + i]);
        printf("\nheight %zu\nmatrices %zu\n", max_h, n);
    }
    for (size_t i = 0; i < n; i++) free((void *)mats[i].values);
    free(nodes);
    return rc;
}
