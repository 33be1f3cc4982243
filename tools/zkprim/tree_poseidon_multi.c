/*
 * `zkprim tree -a poseidon prove --multi I,J,... LEAVES` and
 * `zkprim tree -a poseidon verify --multi ROOT LEAVES|OPENED MPROOF`:
 * multiproofs of the Poseidon BN254 tree (zkp_poseidon_tree_multi_proof /
 * _multi_verify), in the text format of tree_multi.c with a leaf count in
 * place of the byte length (the leaves here are elements, not bytes):
 *
 *   zkprim-multiproof 1
 *   algorithm poseidon
 *   leaves <N>                       the tree's leaf count, a power of two
 *   indices <i,j,...>                strictly increasing
 *   <64 hex digits>                  one sibling element a line, 32 bytes
 *                                    big-endian, in the library's order
 *
 * verify takes the trusted ROOT (decimal or 0x-hex), then either the whole
 * LEAVES file (N elements, or fewer with --pad) or the k opened leaves one a
 * line in index order, and prints OK (exit 0) or FAILED: why (exit 1).
 */
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "tree_poseidon.h"

/* ---- prove ---------------------------------------------------------------------- */

static int multi_prove(const char *file, int rule, const uint64_t *idx, size_t k) {
    zkp_poseidon_fr *leaves, *nodes = NULL, *proof = NULL;
    size_t n, size = 0;
    if (ptree_load_leaves(file, rule, &leaves, &n)) return 1;
    int rc = 1;
    if (idx[k - 1] >= n) {
        fprintf(stderr, "zkprim tree: %s: leaf %llu out of range (the tree has %zu leaves)\n", file,
                (unsigned long long)idx[k - 1], n);
        goto done;
    }
    const size_t depth = ptree_depth(n);
    if (!(nodes = ptree_build(leaves, n, file))) goto done;
    zkp_status st = zkp_poseidon_tree_multi_proof_size(idx, k, depth, &size);
    if (st == ZKP_OK && !(proof = malloc((size + 1) * sizeof *proof))) st = ZKP_ERR_NOMEM;
    if (st == ZKP_OK) st = zkp_poseidon_tree_multi_proof(nodes, n, idx, k, proof, size, &size);
    if (st != ZKP_OK) {
        fprintf(stderr, "zkprim tree: %s: %s\n", file, zkp_status_str(st));
        goto done;
    }
    printf("zkprim-multiproof 1\nalgorithm poseidon\nleaves %zu\nindices ", n);
    for (size_t i = 0; i < k; i++) printf("%s%llu", i ? "," : "", (unsigned long long)idx[i]);
    printf("\n");
    for (size_t j = 0; j < size; j++) {
        uint8_t be[32];
        zkp_poseidon_fr_to_be(be, &proof[j]);
        cli_print_hex(stdout, be, 32);
        printf("\n");
    }
    rc = ptree_finish_output(0);
done:
    free(leaves);
    free(nodes);
    free(proof);
    return rc;
}

/* ---- verify ----------------------------------------------------------------------- */

typedef struct {
    size_t leaves, k, nsib;
    uint64_t *idx;
    zkp_poseidon_fr *sib;
} pm_proof;

/* The next line of *rest (NUL-terminated in place, a "\r" end dropped), or NULL at the end. */
static char *next_line(char **rest) {
    char *s = *rest;
    if (!*s) return NULL;
    char *nl = strchr(s, '\n');
    *rest = nl ? nl + 1 : s + strlen(s);
    if (nl) *nl = 0;
    size_t n = strlen(s);
    if (n && s[n - 1] == '\r') s[n - 1] = 0;
    return s;
}

/* Parses a multiproof's text (modified); 0, or -1 with why. */
static int parse_mproof(char *text, pm_proof *m, char *why, size_t cap) {
    char algo[32] = "", *rest = text, *line = next_line(&rest);
    unsigned long long leaves = 0;
    if (!line || strcmp(line, "zkprim-multiproof 1")) return snprintf(why, cap, "not a zkprim multiproof (version 1)"), -1;
    if (!(line = next_line(&rest)) || sscanf(line, "algorithm %31s", algo) != 1)
        return snprintf(why, cap, "no algorithm line"), -1;
    if (strcmp(algo, "poseidon"))
        return snprintf(why, cap, "a multiproof for another algorithm (%s) than poseidon", algo), -1;
    if (!(line = next_line(&rest)) || strncmp(line, "leaves ", 7) || !line[7] || strlen(line + 7) > 19 ||
        strspn(line + 7, "0123456789") != strlen(line + 7))
        return snprintf(why, cap, "no 'leaves N' line"), -1;
    leaves = strtoull(line + 7, NULL, 10);
    if (leaves == 0 || (leaves & (leaves - 1)) || leaves > SIZE_MAX / 2)
        return snprintf(why, cap, "the leaf count %llu is not a power of two", leaves), -1;
    m->leaves = (size_t)leaves;
    if (!(line = next_line(&rest)) || strncmp(line, "indices ", 8)) return snprintf(why, cap, "no indices line"), -1;
    if (cli_tree_multi_indices(line + 8, 0, &m->idx, &m->k))
        return snprintf(why, cap, "bad indices line (increasing leaf numbers separated by commas)"), -1;
    if (m->idx[m->k - 1] >= m->leaves)
        return snprintf(why, cap, "leaf %llu is out of range for %zu leaves", (unsigned long long)m->idx[m->k - 1], m->leaves), -1;
    size_t cap_sib = 0;
    for (size_t no = 5; (line = next_line(&rest)); no++) {
        uint8_t be[32];
        if (cli_parse_hex(line, be, 32)) return snprintf(why, cap, "line %zu is not a sibling (64 hex digits)", no), -1;
        if (m->nsib == cap_sib) {
            cap_sib = cap_sib ? 2 * cap_sib : 64;
            zkp_poseidon_fr *g = realloc(m->sib, cap_sib * sizeof *g);
            if (!g) return snprintf(why, cap, "out of memory"), -1;
            m->sib = g;
        }
        if (zkp_poseidon_fr_from_be(&m->sib[m->nsib++], be) != ZKP_OK)
            return snprintf(why, cap, "the sibling on line %zu is not below the field modulus p", no), -1;
    }
    return 0;
}

/* The opened leaves in index order: LEAVES is either the k opened ones or
 * the whole tree's; with --pad always the whole tree's, short of the zero
 * leaves padding adds (k lines could be either then). 0 with *opened set,
 * or 1 after a FAILED line or a message. */
static int opened_leaves(const char *file, int pad, const pm_proof *m, zkp_poseidon_fr **opened) {
    zkp_poseidon_fr *all;
    size_t n;
    if (ptree_load_leaves(file, PTREE_ANY_COUNT, &all, &n)) return 1;
    if (!pad && n == m->k) return *opened = all, 0;
    const size_t tree_n = pad ? (size_t)1 << ptree_depth(n) : n;
    if (tree_n != m->leaves) {
        char why[400];
        snprintf(why, sizeof why, "%s has neither the tree's %zu leaves nor the %zu opened ones", file, m->leaves, m->k);
        free(all);
        return ptree_failed(why);
    }
    if (!(*opened = malloc(m->k * sizeof **opened))) {
        free(all);
        return ptree_failed("out of memory");
    }
    const zkp_poseidon_fr zero = {{0, 0, 0, 0}};
    for (size_t i = 0; i < m->k; i++) (*opened)[i] = m->idx[i] < n ? all[m->idx[i]] : zero;
    free(all);
    return 0;
}

static int multi_verify(const char *root_text, const char *file, const char *mproof, int pad, unsigned threads) {
    zkp_poseidon_fr root, *opened = NULL;
    int rc = ptree_trusted_root("ROOT", root_text, &root);
    if (rc) return rc;
    char why[400];
    size_t len;
    uint8_t *raw = cli_read_all(mproof, &len);
    if (!raw) return 1;
    char *text = realloc(raw, len + 1);
    if (!text) return free(raw), ptree_failed("out of memory");
    text[len] = 0;
    pm_proof m = {0};
    if (strlen(text) != len) rc = ptree_failed("the multiproof has a NUL byte: not a text file");
    else if (parse_mproof(text, &m, why, sizeof why)) {
        char msg[460];
        snprintf(msg, sizeof msg, "%s: %s", mproof, why);
        rc = ptree_failed(msg);
    } else if ((rc = opened_leaves(file, pad, &m, &opened)) == 0) {
        const zkp_status st =
            zkp_poseidon_tree_multi_verify(&root, opened, m.idx, m.k, m.sib, m.nsib, ptree_depth(m.leaves), threads);
        if (st == ZKP_OK) {
            printf("OK\n");
            rc = ptree_finish_output(0);
        } else if (st == ZKP_ERR_PROOF_SHAPE) {
            snprintf(why, sizeof why, "%s has %zu siblings; these indices need a different number", mproof, m.nsib);
            rc = ptree_failed(why);
        } else {
            rc = ptree_failed(st == ZKP_ERR_VERIFY ? "the leaves and multiproof do not lead to this root" : zkp_status_str(st));
        }
    }
    free(text);
    free(m.idx);
    free(m.sib);
    free(opened);
    return rc;
}

/* ---- arguments -------------------------------------------------------------------- */

int ptree_multi(int argc, char **argv) {
    const int prove = !strcmp(argv[1], "prove");
    const char *pos[3] = {0}, *list = NULL;
    int npos = 0, pad = 0, threads = 1, rc;
    for (int i = 2; i < argc; i++) {
        const char *a = argv[i];
        if (!strcmp(a, "--multi") && prove) {
            if (i + 1 >= argc) return cli_usage_error("tree", "--multi needs a list of leaf indices");
            if (list) return cli_usage_error("tree", "--multi given twice");
            list = argv[++i];
        } else if (!strcmp(a, "--multi")) {
            continue; /* verify: the indices come from the multiproof */
        } else if (!strcmp(a, "--pad")) {
            pad = 1;
        } else if (!strcmp(a, "--threads") && !prove) {
            if (i + 1 >= argc) return cli_usage_error("tree", "--threads needs a count");
            if ((rc = cli_parse_int_opt("tree", "--threads", argv[++i], 1, 64, &threads)) != 0) return rc;
        } else if (a[0] == '-' && a[1]) {
            return cli_usage_error("tree", "unknown option '%s' for %s --multi", a, argv[1]);
        } else if (npos == 3) {
            return cli_usage_error("tree", "too many arguments for %s --multi", argv[1]);
        } else {
            pos[npos++] = a;
        }
    }
    if (!prove) {
        if (npos != 3)
            return cli_usage_error("tree", "usage: zkprim tree -a poseidon verify --multi ROOT LEAVES|OPENED MPROOF");
        return multi_verify(pos[0], pos[1], pos[2], pad, (unsigned)threads);
    }
    if (npos != 1) return cli_usage_error("tree", "usage: zkprim tree -a poseidon prove --multi I,J,... LEAVES");
    uint64_t *idx;
    size_t k;
    if ((rc = cli_tree_multi_indices(list, 1, &idx, &k)) != 0) return rc;
    rc = multi_prove(pos[0], pad ? PTREE_PAD : PTREE_POWER_OF_TWO, idx, k);
    free(idx);
    return rc;
}
