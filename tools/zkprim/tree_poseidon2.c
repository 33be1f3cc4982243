/*
 * `zkprim tree -a poseidon2-bn254|poseidon2-babybear|poseidon2-koalabear`:
 * the Poseidon2 Merkle trees of include/zkprim/poseidon2.h on a file of
 * field elements (one a line, decimal or 0x-hex, below p, read by
 * tree_poseidon_io.c as for -a poseidon).
 *
 *   tree -a ALGO [--hex] [--pad] [--width W] LEAVES        root, depth, leaf count
 *   tree -a ALGO prove [--pad] [--width W] LEAVES INDEX    text proof of leaf INDEX
 *   tree -a ALGO verify --root R PROOF                      OK (exit 0) or FAILED: why (exit 1)
 *   tree -a ALGO prove --multi I,J,... / verify --multi ...  multiproofs (tree_poseidon2_multi.c)
 *   tree -a ALGO --mmcs [--hex] W:FILE ...                  Plonky3's MMCS root (tree_poseidon2_mmcs.c)
 *
 * 31-bit fields: every W consecutive elements are one row (a leaf: Plonky3's
 * MerkleTreeMmcs over one matrix of width W); a node and the root are 8
 * elements. BN254: a leaf is one element, node = Noir's poseidon2 hash of
 * [left, right]. The proof is text, one item a line: "root E...",
 * "index I", "leaf E..." (the row), "sibling E..." bottom first.
 */
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "tree_poseidon.h"
#include "tree_poseidon2.h"
#include "zkprim/poseidon2.h"

static const char k_usage_31[] =
    "    zkprim tree -a poseidon2-babybear [--hex] [--pad] [--width W] LEAVES\n"
    "        Plonky3's MerkleTreeMmcs over one matrix: LEAVES has one field element a line (decimal or\n"
    "        0x-hex, below p), every W (default 1) of them one row; leaf = the width-16 sponge of the\n"
    "        row, node = the 2-to-1 truncated permutation; a power of two of rows (--pad: zero rows up\n"
    "        to the next); prints 'root R1 .. R8', 'depth D', 'leaves N'\n"
    "    zkprim tree -a poseidon2-babybear prove [--pad] [--width W] LEAVES INDEX\n"
    "        inclusion proof of leaf INDEX, one item a line: 'root ..', 'index I', 'leaf ..' (the row),\n"
    "        'sibling ..' bottom first\n"
    "    zkprim tree -a poseidon2-babybear verify --root R1,..,R8 PROOF\n"
    "        checks a proof against the trusted root; prints OK (exit 0) or FAILED: why (exit 1)\n"
    "    zkprim tree -a poseidon2-babybear prove --multi I,J,... [--pad] [--width W] LEAVES > MPROOF\n"
    "    zkprim tree -a poseidon2-babybear verify --multi R1,..,R8 LEAVES|OPENED MPROOF [--width W] [--threads N] [--pad]\n"
    "    zkprim tree -a poseidon2-babybear --mmcs [--hex] W:FILE ...\n"
    "        Plonky3's MerkleTreeMmcs root of several matrices (each FILE one matrix, W elements a row;\n"
    "        heights ceil(H / 2^k) of the tallest H)\n"
    "        multiproof of several rows (text; a sibling node is 64 hex digits, its 8 elements\n"
    "        big-endian; docs/poseidon2.md) and its check against the trusted root, from the whole\n"
    "        LEAVES file or the opened rows alone in index order\n";
static const char k_usage_kb[] = "    the same as poseidon2-babybear, over KoalaBear\n";
static const char k_usage_bn[] =
    "    zkprim tree -a poseidon2-bn254 [--hex] [--pad] LEAVES | prove [--pad] LEAVES INDEX | verify --root R PROOF\n"
    "        leaves are BN254 elements, one a line; node = Noir's poseidon2 hash of [left, right]\n"
    "        (barretenberg's hash_pair, Aztec's tree hash); output and proofs as poseidon2-babybear's\n"
    "    zkprim tree -a poseidon2-bn254 prove --multi I,J,... [--pad] LEAVES | verify --multi ROOT LEAVES|OPENED MPROOF\n"
    "        multiproofs as poseidon2-babybear's, a sibling as 32 bytes big-endian\n";

static uint32_t field_p(p2t_kind k) { return k == T_BABYBEAR ? ZKP_POSEIDON2_BABYBEAR_P : ZKP_POSEIDON2_KOALABEAR_P; }

const char *p2tree_name(p2t_kind k) {
    return k == T_BN254 ? "poseidon2-bn254" : k == T_BABYBEAR ? "poseidon2-babybear" : "poseidon2-koalabear";
}

int p2tree_to31(p2t_kind k, const zkp_poseidon_fr *in, size_t n, uint32_t *out, const char *file) {
    for (size_t i = 0; i < n; i++) {
        if (in[i].limb[1] | in[i].limb[2] | in[i].limb[3] || in[i].limb[0] >= field_p(k)) {
            fprintf(stderr, "zkprim tree: %s: element %zu is not below p = %u; leaves are rejected, not reduced\n",
                    file, i + 1, field_p(k));
            return 1;
        }
        out[i] = (uint32_t)in[i].limb[0];
    }
    return 0;
}

static void print_elems(const char *tag, const uint32_t *x, size_t n, int hex) {
    fputs(tag, stdout);
    for (size_t i = 0; i < n; i++) printf(hex ? " 0x%08x" : " %u", x[i]);
    putchar('\n');
}

static void print_fr(const char *tag, const zkp_poseidon_fr *x, int hex) {
    printf("%s ", tag);
    ptree_print_element(stdout, x, hex);
    putchar('\n');
}

int p2tree_load(p2t_kind k, const char *file, int pad, size_t width, zkp_poseidon_fr **fr, uint32_t **rows,
                size_t *n_rows) {
    size_t n;
    *rows = NULL;
    if (ptree_load_leaves(file, k == T_BN254 ? (pad ? PTREE_PAD : PTREE_POWER_OF_TWO) : PTREE_ANY_COUNT, fr, &n))
        return 1;
    if (k == T_BN254) {
        *n_rows = n;
        return 0;
    }
    if (n % width) {
        fprintf(stderr, "zkprim tree: %s: %zu elements are not whole rows of --width %zu\n", file, n, width);
        return free(*fr), 1;
    }
    size_t m = n / width, full = 1;
    while (full < m) full *= 2;
    if (full != m && !pad) {
        fprintf(stderr, "zkprim tree: %s: %zu rows: the count must be a power of two (or use --pad)\n", file, m);
        return free(*fr), 1;
    }
    *rows = calloc(full * width, sizeof **rows);
    if (!*rows || p2tree_to31(k, *fr, n, *rows, file)) {
        if (!*rows) fprintf(stderr, "zkprim tree: out of memory\n");
        free(*rows), free(*fr);
        return 1;
    }
    *n_rows = full;
    return 0;
}

/* Options shared by the root and prove forms; positional arguments into pos. */
static int parse_opts(int argc, char **argv, int first, int *hex, int *pad, size_t *width, const char **pos,
                      int max_pos, int *npos) {
    *npos = 0;
    for (int i = first; i < argc; i++) {
        if (!strcmp(argv[i], "--hex")) *hex = 1;
        else if (!strcmp(argv[i], "--pad")) *pad = 1;
        else if (!strcmp(argv[i], "--width")) {
            uint64_t w;
            if (i + 1 >= argc || cli_parse_index(argv[++i], &w) || w == 0 || w > 4096)
                return cli_usage_error("tree", "--width needs a row width in 1..4096");
            *width = (size_t)w;
        } else if (argv[i][0] == '-' && argv[i][1]) return cli_usage_error("tree", "unknown option '%s'", argv[i]);
        else if (*npos == max_pos) return cli_usage_error("tree", "too many arguments");
        else pos[(*npos)++] = argv[i];
    }
    return 0;
}

static zkp_status root31(p2t_kind k, const uint32_t *rows, size_t n, size_t w, uint32_t root[8]) {
    return k == T_BABYBEAR ? zkp_poseidon2_babybear_tree_root(rows, n, w, root)
                           : zkp_poseidon2_koalabear_tree_root(rows, n, w, root);
}

static int p2t_root(p2t_kind k, int argc, char **argv) {
    int hex = 0, pad = 0, npos;
    size_t width = 1;
    const char *pos[1];
    if (parse_opts(argc, argv, 1, &hex, &pad, &width, pos, 1, &npos)) return 2;
    if (npos != 1) return cli_usage_error("tree", "a LEAVES file is needed ('-' for standard input)");
    if (k == T_BN254 && width != 1) return cli_usage_error("tree", "--width is for the 31-bit fields");
    zkp_poseidon_fr *fr, root;
    uint32_t *rows, root31v[8];
    size_t n;
    if (p2tree_load(k, pos[0], pad, width, &fr, &rows, &n)) return 1;
    zkp_status st = k == T_BN254 ? zkp_poseidon2_bn254_tree_root(fr, n, &root) : root31(k, rows, n, width, root31v);
    free(fr), free(rows);
    if (st != ZKP_OK) {
        fprintf(stderr, "zkprim tree: %s: %s\n", pos[0], zkp_status_str(st));
        return 1;
    }
    if (k == T_BN254) print_fr("root", &root, hex);
    else print_elems("root", root31v, 8, hex);
    printf("depth %zu\nleaves %zu\n", ptree_depth(n), n);
    return ptree_finish_output(0);
}

static int p2t_prove(p2t_kind k, int argc, char **argv) {
    int hex = 0, pad = 0, npos;
    size_t width = 1;
    const char *pos[2];
    if (parse_opts(argc, argv, 2, &hex, &pad, &width, pos, 2, &npos)) return 2;
    uint64_t index;
    if (npos != 2) return cli_usage_error("tree", "usage: zkprim tree -a ALGO prove [--pad] [--width W] LEAVES INDEX");
    if (cli_parse_index(pos[1], &index)) return cli_usage_error("tree", "INDEX must be a leaf number, got '%s'", pos[1]);
    zkp_poseidon_fr *fr;
    uint32_t *rows;
    size_t n;
    if (p2tree_load(k, pos[0], pad, width, &fr, &rows, &n)) return 1;
    if (index >= n) {
        fprintf(stderr, "zkprim tree: %s: leaf %llu out of range (the tree has %zu leaves)\n", pos[0],
                (unsigned long long)index, n);
        free(fr), free(rows);
        return 1;
    }
    const size_t depth = ptree_depth(n), unit = k == T_BN254 ? sizeof(zkp_poseidon_fr) : 32;
    void *nodes = malloc((2 * n - 1) * unit), *sib = malloc((depth + 1) * unit);
    zkp_status st = nodes && sib ? ZKP_OK : ZKP_ERR_NOMEM;
    if (st == ZKP_OK && k == T_BN254) {
        st = zkp_poseidon2_bn254_tree_build(fr, n, nodes);
        if (st == ZKP_OK) st = zkp_poseidon2_bn254_tree_proof(nodes, n, index, sib);
    } else if (st == ZKP_OK) {
        st = k == T_BABYBEAR ? zkp_poseidon2_babybear_tree_build(rows, n, width, nodes)
                             : zkp_poseidon2_koalabear_tree_build(rows, n, width, nodes);
        if (st == ZKP_OK) st = zkp_poseidon2_babybear_tree_proof(nodes, n, index, sib); /* copies nodes: any field */
    }
    int rc = 1;
    if (st == ZKP_OK) {
        if (k == T_BN254) {
            const zkp_poseidon_fr *nd = nodes, *s = sib;
            print_fr("root", &nd[2 * n - 2], hex);
            printf("index %llu\n", (unsigned long long)index);
            print_fr("leaf", &fr[index], hex);
            for (size_t d = 0; d < depth; d++) print_fr("sibling", &s[d], hex);
        } else {
            const uint32_t *nd = nodes, *s = sib;
            print_elems("root", nd + (2 * n - 2) * 8, 8, hex);
            printf("index %llu\n", (unsigned long long)index);
            print_elems("leaf", rows + (size_t)index * width, width, hex);
            for (size_t d = 0; d < depth; d++) print_elems("sibling", s + 8 * d, 8, hex);
        }
        rc = ptree_finish_output(0);
    } else fprintf(stderr, "zkprim tree: %s: %s\n", pos[0], zkp_status_str(st));
    free(nodes), free(sib), free(fr), free(rows);
    return rc;
}

/* ---- verify ------------------------------------------------------------------- */

long p2tree_parse_list(p2t_kind k, char *s, zkp_poseidon_fr *out, size_t cap) {
    size_t n = 0;
    for (char *tok = strtok(s, " \t\r,"); tok; tok = strtok(NULL, " \t\r,")) {
        if (n == cap) return -3;
        int r = ptree_parse_element(tok, &out[n]);
        if (r < 0) return -1;
        if (r > 0 || (k != T_BN254 && (out[n].limb[1] | out[n].limb[2] | out[n].limb[3] ||
                                       out[n].limb[0] >= field_p(k))))
            return -2;
        n++;
    }
    return (long)n;
}

#define P2T_MAX_ROW 4096

static int p2t_verify(p2t_kind k, int argc, char **argv) {
    static const char usage[] = "usage: zkprim tree -a ALGO verify --root R PROOF";
    const char *file, *root_text;
    if (ptree_verify_args(argc, argv, usage, &file, &root_text)) return 2;
    if (!root_text) return cli_usage_error("tree", "verify needs --root R, the trusted root; %s", usage);
    const size_t node = k == T_BN254 ? 1 : 8;
    zkp_poseidon_fr want[8], got[8], sib[64 * 8];
    static zkp_poseidon_fr leaf[P2T_MAX_ROW];
    char rt[1024];
    long nr = strlen(root_text) < sizeof rt ? p2tree_parse_list(k, strcpy(rt, root_text), want, 8) : -1;
    if (nr == -2) return ptree_failed("the trusted root is not below p");
    if (nr != (long)node) return cli_usage_error("tree", "--root needs %zu field element(s)", node);
    size_t len;
    char *text = (char *)cli_read_all(file, &len);
    if (!text) return 1;
    char *t = realloc(text, len + 1);
    if (!t) return free(text), 1;
    t[len] = 0;
    long n_leaf = -1, n_root = -1;
    size_t depth = 0;
    uint64_t index = 0;
    int have_index = 0;
    const char *why = NULL;
    for (char *line = t, *next; !why && *line; line = next) {
        char *nl = strchr(line, '\n');
        next = nl ? nl + 1 : line + strlen(line);
        if (nl) *nl = 0;
        line += strspn(line, " \t\r");
        if (!*line) continue;
        size_t w = strcspn(line, " \t\r");
        char *rest = line + w + (line[w] ? 1 : 0);
        long c = 0;
        if (w == 4 && !strncmp(line, "root", 4)) c = n_root = p2tree_parse_list(k, rest, got, 8);
        else if (w == 4 && !strncmp(line, "leaf", 4)) c = n_leaf = p2tree_parse_list(k, rest, leaf, P2T_MAX_ROW);
        else if (w == 5 && !strncmp(line, "index", 5)) have_index = !cli_parse_index(rest, &index), c = have_index ? 1 : -1;
        else if (w == 7 && !strncmp(line, "sibling", 7)) {
            c = depth < 64 ? p2tree_parse_list(k, rest, sib + depth * node, node) : -3;
            if (c == (long)node) depth++;
            else if (c >= 0) c = -3;
        } else why = "malformed proof: a line that is not root, index, leaf or sibling";
        if (!why && c == -2) why = "malformed proof: an element is not below p";
        else if (!why && c < 0) why = "malformed proof: a line does not hold what its tag says";
    }
    free(t);
    if (!why && (n_root != (long)node || n_leaf < 1 || !have_index || (k == T_BN254 && n_leaf != 1)))
        why = "malformed proof: it needs a root, an index and a leaf";
    if (why) return ptree_failed(why);
    if (memcmp(got, want, node * sizeof *got)) return ptree_failed("the proof is for another root than --root");
    zkp_status st;
    if (k == T_BN254) st = zkp_poseidon2_bn254_tree_verify(&want[0], &leaf[0], index, sib, depth);
    else {
        uint32_t r[8], s[64 * 8];
        static uint32_t row[P2T_MAX_ROW];
        for (size_t i = 0; i < 8; i++) r[i] = (uint32_t)want[i].limb[0];
        for (size_t i = 0; i < depth * 8; i++) s[i] = (uint32_t)sib[i].limb[0];
        for (long i = 0; i < n_leaf; i++) row[i] = (uint32_t)leaf[i].limb[0];
        st = k == T_BABYBEAR ? zkp_poseidon2_babybear_tree_verify(r, row, (size_t)n_leaf, index, s, depth)
                             : zkp_poseidon2_koalabear_tree_verify(r, row, (size_t)n_leaf, index, s, depth);
    }
    if (st == ZKP_OK) {
        printf("OK\n");
        return ptree_finish_output(0);
    }
    if (st == ZKP_ERR_VERIFY) return ptree_failed("the leaf and siblings do not lead to the root");
    if (st == ZKP_ERR_RANGE) return ptree_failed("malformed proof: the index is not below 2^(sibling count)");
    return ptree_failed(zkp_status_str(st));
}

static int run(p2t_kind k, int argc, char **argv) {
    const int sub = argc >= 2 && (!strcmp(argv[1], "prove") || !strcmp(argv[1], "verify"));
    for (int i = 2; sub && i < argc; i++)
        if (!strcmp(argv[i], "--multi")) return p2tree_multi(k, argc, argv);
    for (int i = 1; i < argc; i++)
        if (!strcmp(argv[i], "--mmcs")) return p2tree_mmcs(k, argc, argv);
    if (argc >= 2 && !strcmp(argv[1], "prove")) return p2t_prove(k, argc, argv);
    if (argc >= 2 && !strcmp(argv[1], "verify")) return p2t_verify(k, argc, argv);
    return p2t_root(k, argc, argv);
}
static int run_bn254(int argc, char **argv) { return run(T_BN254, argc, argv); }
static int run_babybear(int argc, char **argv) { return run(T_BABYBEAR, argc, argv); }
static int run_koalabear(int argc, char **argv) { return run(T_KOALABEAR, argc, argv); }

const cli_tree_algo cli_tree_poseidon2_bn254 = {"poseidon2-bn254", run_bn254, k_usage_bn};
const cli_tree_algo cli_tree_poseidon2_babybear = {"poseidon2-babybear", run_babybear, k_usage_31};
const cli_tree_algo cli_tree_poseidon2_koalabear = {"poseidon2-koalabear", run_koalabear, k_usage_kb};
