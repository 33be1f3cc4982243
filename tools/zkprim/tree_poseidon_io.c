/*
 * `zkprim tree -a poseidon`: what the root/proof commands (tree_poseidon.c),
 * the multiproof commands (tree_poseidon_multi.c) and tree_lean_imt.c share:
 * field elements as text, the LEAVES file, building the tree through the
 * library, and the --root / FAILED conventions of every verify command.
 * Kept apart from the commands so that the two command files depend on it
 * and not on each other.
 */
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "tree_poseidon.h"

/* ---- elements ------------------------------------------------------------------ */

int ptree_parse_element(const char *s, zkp_poseidon_fr *out) {
    uint64_t v[4];
    const int r = cli_parse_u256(s, v);
    if (r != 0) return r;
    uint8_t le[32];
    for (int i = 0; i < 32; i++) le[i] = (uint8_t)(v[i / 8] >> (8 * (i % 8)));
    return zkp_poseidon_fr_from_le(out, le) == ZKP_OK ? 0 : 1; /* the library's own range check */
}

void ptree_print_element(FILE *f, const zkp_poseidon_fr *x, int hex) {
    if (hex) {
        uint8_t be[32];
        zkp_poseidon_fr_to_be(be, x);
        fputs("0x", f);
        cli_print_hex(f, be, 32);
        return;
    }
    char dec[CLI_DEC_U256];
    cli_u256_to_dec(x->limb, dec);
    fputs(dec, f);
}

size_t ptree_depth(size_t n) {
    size_t d = 0;
    while (((size_t)1 << d) < n) d++;
    return d;
}

int ptree_finish_output(int rc) {
    if (fflush(stdout) != 0 || ferror(stdout)) {
        fprintf(stderr, "zkprim tree: writing the output failed\n");
        return 1;
    }
    return rc;
}

static int oom(void) {
    fprintf(stderr, "zkprim tree: out of memory\n");
    return 1;
}

/* ---- the LEAVES file ------------------------------------------------------------- */

/* Appends one element; 0, or 1 after a message. */
static int push_leaf(zkp_poseidon_fr **a, size_t *n, size_t *cap, const zkp_poseidon_fr *x) {
    if (*n == *cap) {
        size_t c = *cap ? 2 * *cap : 64;
        zkp_poseidon_fr *g = c > SIZE_MAX / 2 / sizeof **a ? NULL : realloc(*a, c * sizeof **a);
        if (!g) return oom();
        *a = g;
        *cap = c;
    }
    (*a)[(*n)++] = *x;
    return 0;
}

/* The count rule applied to n >= 1 leaves (padding grows *a); 0 or 1 after a message. */
static int apply_count_rule(const char *path, int rule, zkp_poseidon_fr **a, size_t *n, size_t *cap) {
    if (rule == PTREE_ANY_COUNT || (*n & (*n - 1)) == 0) return 0;
    const size_t want = (size_t)1 << ptree_depth(*n);
    if (rule != PTREE_PAD) {
        fprintf(stderr,
                "zkprim tree: %s: %zu leaves; the tree needs a power of two of them (--pad adds zero leaves up to %zu)\n",
                path, *n, want);
        return 1;
    }
    const zkp_poseidon_fr zero = {{0, 0, 0, 0}};
    while (*n < want)
        if (push_leaf(a, n, cap, &zero)) return 1;
    return 0;
}

int ptree_load_leaves(const char *path, int count_rule, zkp_poseidon_fr **leaves, size_t *n) {
    size_t len, cap = 0, line_no = 0;
    uint8_t *raw = cli_read_all(path, &len);
    if (!raw) return 1;
    char *text = realloc(raw, len + 1);
    if (!text) return free(raw), oom();
    text[len] = 0;
    *leaves = NULL;
    *n = 0;
    int rc = 0;
    if (strlen(text) != len) {
        fprintf(stderr, "zkprim tree: %s: a NUL byte: not a text file\n", path);
        rc = 1;
    }
    for (char *line = text, *next; !rc && line < text + len; line = next) {
        line_no++;
        char *nl = strchr(line, '\n');
        next = nl ? nl + 1 : text + len;
        if (nl) *nl = 0;
        line += strspn(line, " \t\r");
        size_t w = strcspn(line, " \t\r");
        if (w == 0) continue; /* a blank line */
        const int more = line[w + strspn(line + w, " \t\r")] != 0;
        line[w] = 0;
        zkp_poseidon_fr x;
        const int r = more ? -2 : ptree_parse_element(line, &x);
        if (r == 0) rc = push_leaf(leaves, n, &cap, &x);
        else {
            fprintf(stderr, "zkprim tree: %s:%zu: ", path, line_no);
            if (r == -2) fprintf(stderr, "one field element a line\n");
            else if (r < 0) fprintf(stderr, "'%s' is not a field element: a non-negative integer in decimal or 0x-hex\n", line);
            else fprintf(stderr, "'%s' is not below the field modulus p; leaves are rejected, not reduced\n", line);
            rc = 1;
        }
    }
    if (!rc && *n == 0) {
        fprintf(stderr, "zkprim tree: %s: no leaves: a tree needs at least one\n", path);
        rc = 1;
    }
    if (!rc) rc = apply_count_rule(path, count_rule, leaves, n, &cap);
    free(text);
    if (rc) free(*leaves), *leaves = NULL;
    return rc;
}

zkp_poseidon_fr *ptree_build(const zkp_poseidon_fr *leaves, size_t n, const char *file) {
    zkp_poseidon_fr *nodes = n > SIZE_MAX / 2 / sizeof *nodes ? NULL : malloc((2 * n - 1) * sizeof *nodes);
    if (!nodes) return oom(), NULL;
    const zkp_status st = zkp_poseidon_tree_build(leaves, n, nodes);
    if (st == ZKP_OK) return nodes;
    fprintf(stderr, "zkprim tree: %s: %s\n", file, zkp_status_str(st));
    free(nodes);
    return NULL;
}

/* ---- verify conventions ---------------------------------------------------------- */

int ptree_failed(const char *why) {
    printf("FAILED: %s\n", why);
    return ptree_finish_output(1);
}

int ptree_trusted_root(const char *what, const char *text, zkp_poseidon_fr *root) {
    const int r = ptree_parse_element(text, root);
    if (r < 0) return cli_usage_error("tree", "%s must be a field element in decimal or 0x-hex, got '%s'", what, text);
    if (r == 0) return 0;
    char why[300];
    snprintf(why, sizeof why, "%s %s is not below the field modulus p", what, text);
    return ptree_failed(why);
}

int ptree_verify_args(int argc, char **argv, const char *usage, const char **file, const char **root_text) {
    *file = *root_text = NULL;
    for (int i = 2; i < argc; i++) {
        if (!strcmp(argv[i], "--root")) {
            if (i + 1 >= argc) return cli_usage_error("tree", "--root needs a field element");
            *root_text = argv[++i];
        } else if (argv[i][0] == '-' && argv[i][1]) return cli_usage_error("tree", "unknown option '%s'", argv[i]);
        else if (*file) return cli_usage_error("tree", "%s", usage);
        else *file = argv[i];
    }
    return *file ? 0 : cli_usage_error("tree", "%s", usage);
}
