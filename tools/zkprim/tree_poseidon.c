/*
 * `zkprim tree -a poseidon`: the circom-style Poseidon BN254 Merkle tree
 * (node = poseidon([left, right]), include/zkprim/poseidon.h) on a file of
 * field elements.
 *
 *   zkprim tree -a poseidon [--hex] [--pad] LEAVES      root, depth, leaf count
 *   zkprim tree -a poseidon prove [--pad] LEAVES INDEX  JSON proof of leaf INDEX
 *   zkprim tree -a poseidon verify --root R PROOF       OK (exit 0) or FAILED: why (exit 1)
 *   zkprim tree -a poseidon prove --multi I,J,... LEAVES / verify --multi ...
 *                                                     (tree_poseidon_multi.c)
 *
 * LEAVES: one element a line, decimal or 0x-hex, below p; blank lines
 * skipped; the count a power of two unless --pad fills up with zero leaves.
 * The JSON proof is the LeanIMT CLI's shape (lean_imt_json.h), which is
 * also what circom Merkle circuits take: {"root","leaf","index","siblings"},
 * siblings bottom first, exactly depth of them.
 */
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "lean_imt_json.h"
#include "tree_poseidon.h"

static const char k_usage[] =
    "    zkprim tree -a poseidon [--hex] [--pad] LEAVES\n"
    "        circom-style binary tree, node = poseidon([left, right]) over BN254: LEAVES has one\n"
    "        field element a line (decimal or 0x-hex, below p; blank lines skipped), a power of\n"
    "        two of them (--pad: zero leaves up to the next power of two); prints 'root R',\n"
    "        'depth D', 'leaves N' (R decimal, or 0x-hex with --hex)\n"
    "    zkprim tree -a poseidon prove [--pad] LEAVES INDEX\n"
    "        inclusion proof of leaf INDEX as JSON: {root, leaf, index, siblings} (decimal strings,\n"
    "        siblings bottom first)\n"
    "    zkprim tree -a poseidon verify --root R PROOF\n"
    "        checks a JSON proof against the trusted root R (decimal or 0x-hex; required: the\n"
    "        root inside a proof only shows it is self-consistent); prints OK (exit 0) or\n"
    "        FAILED: why (exit 1)\n"
    "    zkprim tree -a poseidon prove --multi I,J,... [--pad] LEAVES > MPROOF\n"
    "    zkprim tree -a poseidon verify --multi ROOT LEAVES|OPENED MPROOF [--threads N] [--pad]\n"
    "        multiproof of several leaves (text, siblings as 64 hex digits; docs/poseidon.md) and its\n"
    "        check; OPENED: just the opened leaves, one a line in index order (with --pad: the\n"
    "        whole LEAVES file as given to prove)\n";


/* ---- the sub-commands ---------------------------------------------------------------- */

static int pt_root(int argc, char **argv) {
    int hex = 0, rule = PTREE_POWER_OF_TWO;
    const char *file = NULL;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--hex")) hex = 1;
        else if (!strcmp(argv[i], "--pad")) rule = PTREE_PAD;
        else if (argv[i][0] == '-' && argv[i][1]) return cli_usage_error("tree", "unknown option '%s'", argv[i]);
        else if (file) return cli_usage_error("tree", "-a poseidon takes one LEAVES file");
        else file = argv[i];
    }
    if (!file) return cli_usage_error("tree", "-a poseidon needs a LEAVES file ('-' for standard input)");
    zkp_poseidon_fr *leaves, root;
    size_t n;
    if (ptree_load_leaves(file, rule, &leaves, &n)) return 1;
    const zkp_status st = zkp_poseidon_tree_root(leaves, n, &root);
    free(leaves);
    if (st != ZKP_OK) {
        fprintf(stderr, "zkprim tree: %s: %s\n", file, zkp_status_str(st));
        return 1;
    }
    printf("root ");
    ptree_print_element(stdout, &root, hex);
    printf("\ndepth %zu\nleaves %zu\n", ptree_depth(n), n);
    return ptree_finish_output(0);
}

static int pt_prove(int argc, char **argv) {
    int rule = PTREE_POWER_OF_TWO, npos = 0;
    const char *pos[2] = {0};
    for (int i = 2; i < argc; i++) {
        if (!strcmp(argv[i], "--pad")) rule = PTREE_PAD;
        else if (argv[i][0] == '-' && argv[i][1]) return cli_usage_error("tree", "unknown option '%s'", argv[i]);
        else if (npos == 2) return cli_usage_error("tree", "usage: zkprim tree -a poseidon prove [--pad] LEAVES INDEX");
        else pos[npos++] = argv[i];
    }
    uint64_t index;
    if (npos != 2) return cli_usage_error("tree", "usage: zkprim tree -a poseidon prove [--pad] LEAVES INDEX");
    if (cli_parse_index(pos[1], &index)) return cli_usage_error("tree", "INDEX must be a leaf number, got '%s'", pos[1]);
    zkp_poseidon_fr *leaves, sib[64], root;
    size_t n;
    if (ptree_load_leaves(pos[0], rule, &leaves, &n)) return 1;
    if (index >= n) {
        fprintf(stderr, "zkprim tree: %s: leaf %llu out of range (the tree has %zu leaves)\n", pos[0],
                (unsigned long long)index, n);
        free(leaves);
        return 1;
    }
    const zkp_status st = zkp_poseidon_tree_proof_from_leaves(leaves, n, index, sib, &root);
    int rc = 1;
    if (st == ZKP_OK) {
        const size_t depth = ptree_depth(n);
        zkp_lean_imt_proof p = {.index = index, .n_siblings = depth};
        zkp_poseidon_fr_to_be(p.root, &root);
        zkp_poseidon_fr_to_be(p.leaf, &leaves[index]);
        for (size_t k = 0; k < depth; k++) zkp_poseidon_fr_to_be(p.siblings[k], &sib[k]);
        cli_lean_proof_print(stdout, &p);
        rc = ptree_finish_output(0);
    } else fprintf(stderr, "zkprim tree: %s: %s\n", pos[0], zkp_status_str(st));
    free(leaves);
    return rc;
}

static int pt_verify(int argc, char **argv) {
    static const char usage[] = "usage: zkprim tree -a poseidon verify --root R PROOF";
    const char *file, *root_text;
    if (ptree_verify_args(argc, argv, usage, &file, &root_text)) return 2;
    /* a proof carries its own root, so it only shows consistency: the verdict needs the trusted one */
    if (!root_text) return cli_usage_error("tree", "verify needs --root R, the trusted root; %s", usage);
    zkp_poseidon_fr want, root, leaf, sib[ZKP_LEAN_IMT_MAX_DEPTH];
    int rc = ptree_trusted_root("--root", root_text, &want);
    if (rc) return rc;
    char why[300];
    size_t len;
    uint8_t *text = cli_read_all(file, &len);
    if (!text) return 1;
    zkp_lean_imt_proof p;
    zkp_status st = cli_lean_proof_parse((const char *)text, len, &p, why, sizeof why);
    free(text);
    if (st != ZKP_OK) return ptree_failed(why);
    /* >= p anywhere: ZKP_ERR_RANGE, reported below like the library's */
    st = zkp_poseidon_fr_from_be(&root, p.root);
    if (st == ZKP_OK) st = zkp_poseidon_fr_from_be(&leaf, p.leaf);
    for (size_t k = 0; st == ZKP_OK && k < p.n_siblings; k++) st = zkp_poseidon_fr_from_be(&sib[k], p.siblings[k]);
    if (st == ZKP_OK) st = zkp_poseidon_tree_verify(&root, &leaf, p.index, sib, p.n_siblings);
    if (st == ZKP_OK && memcmp(&root, &want, sizeof root)) {
        snprintf(why, sizeof why, "the proof is for another root than %s", root_text);
        return ptree_failed(why);
    }
    if (st == ZKP_OK) {
        printf("OK\n");
        return ptree_finish_output(0);
    }
    if (st == ZKP_ERR_VERIFY) return ptree_failed("the leaf and siblings do not lead to the root");
    if (st == ZKP_ERR_RANGE)
        return ptree_failed("malformed proof: an element is not below p, or the index is not below 2^(sibling count)");
    return ptree_failed(zkp_status_str(st));
}

static int has_arg(int argc, char **argv, const char *s) {
    for (int i = 1; i < argc; i++)
        if (!strcmp(argv[i], s)) return 1;
    return 0;
}

static int poseidon_tree_run(int argc, char **argv) {
    /* --help is answered by cmd_tree, wherever it stands */
    const int sub = argc >= 2 && (!strcmp(argv[1], "prove") || !strcmp(argv[1], "verify"));
    if (sub && has_arg(argc, argv, "--multi")) return ptree_multi(argc, argv);
    if (sub && argv[1][0] == 'p') return pt_prove(argc, argv);
    if (sub) return pt_verify(argc, argv);
    return pt_root(argc, argv);
}

const cli_tree_algo cli_tree_poseidon = {"poseidon", poseidon_tree_run, k_usage};
