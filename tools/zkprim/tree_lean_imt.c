/*
 * `zkprim tree -a lean-imt`: Semaphore group trees (LeanIMT over Poseidon,
 * include/zkprim/lean_imt.h), byte-exact with @zk-kit/lean-imt 2.2.5 +
 * poseidon-lite 0.3.0.
 *
 *   zkprim tree -a lean-imt [--hex] MEMBERS   root, depth and size of the group
 *   zkprim tree -a lean-imt prove MEMBERS INDEX   JSON proof (lean_imt_json.h)
 *   zkprim tree -a lean-imt verify --root R PROOF OK (exit 0) or FAILED: why (exit 1)
 *   zkprim tree -a lean-imt ops OPS           replay group changes, print on request
 *
 * MEMBERS: one member a line, decimal or 0x-hex, below p; blank lines are
 * skipped. The whole file goes in with one insert_batch (the package's
 * insertMany). OPS lines, one operation each (the Semaphore contract's
 * events, plus queries):
 *   insert X | insert-many X1 X2 ... | update I X | remove I (update to 0)
 *   root      prints "SIZE DEPTH ROOT" (ROOT decimal, "none" when empty)
 *   prove I   prints the JSON proof of member I
 *   index-of X  prints the first index holding X, or -1
 * A member >= p, text that is not a number, an index out of range: the
 * file and line, exit 1 (data, not usage: the files are the input).
 */
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "lean_imt_json.h"
#include "tree_poseidon.h"
#include "zkprim/lean_imt.h"
#include "zkprim/poseidon.h"

#define B ZKP_LEAN_IMT_BYTES

static const char k_usage[] =
    "    zkprim tree -a lean-imt [--hex] MEMBERS\n"
    "        Semaphore group tree (LeanIMT, Poseidon over BN254; @zk-kit/lean-imt with\n"
    "        poseidon-lite): MEMBERS has one member a line (decimal or 0x-hex, below p);\n"
    "        prints 'root R', 'depth D', 'size N' (R decimal, or 0x-hex with --hex)\n"
    "    zkprim tree -a lean-imt prove MEMBERS INDEX\n"
    "        the package's proof of member INDEX as JSON: {root, leaf, index, siblings}\n"
    "    zkprim tree -a lean-imt verify --root R PROOF\n"
    "        checks a JSON proof against the trusted group root R (decimal or 0x-hex; required:\n"
    "        the root inside a proof only shows it is self-consistent); prints OK (exit 0) or\n"
    "        FAILED: why (exit 1)\n"
    "    zkprim tree -a lean-imt ops OPS\n"
    "        replays 'insert X', 'insert-many X...', 'update I X', 'remove I' lines;\n"
    "        'root' prints SIZE DEPTH ROOT, 'prove I' a JSON proof, 'index-of X' an index or -1\n";

/* ---- text -> elements ---------------------------------------------------------- */

typedef struct {
    const char *file;
    size_t line;
} li_where;

static int li_data_error(const li_where *w, const char *fmt, const char *arg) {
    fprintf(stderr, "zkprim tree: %s:%zu: ", w->file, w->line);
    fprintf(stderr, fmt, arg);
    fputc('\n', stderr);
    return 1;
}

/* One member (a NUL-terminated word) into 32 bytes big-endian; 0 or 1 after a message. */
static int li_member(const li_where *w, const char *word, uint8_t out[B]) {
    uint64_t v[4];
    const int r = cli_parse_u256(word, v);
    if (r < 0) return li_data_error(w, "'%s' is not a member: a non-negative integer in decimal or 0x-hex", word);
    for (int i = 0; i < B; i++) out[i] = (uint8_t)(v[(B - 1 - i) / 8] >> (8 * ((B - 1 - i) % 8)));
    zkp_poseidon_fr check;
    if (r > 0 || zkp_poseidon_fr_from_be(&check, out) != ZKP_OK)
        return li_data_error(w, "'%s' is not below the field modulus p; members are rejected, not reduced", word);
    return 0;
}

/* A growing array of members (32 bytes each). */
typedef struct {
    uint8_t *m;
    size_t n, cap;
} li_members;

/* Appends one member from its text; 0, or 1 after a message. */
static int li_push(li_members *a, const li_where *w, const char *word) {
    if (a->n == a->cap) {
        size_t cap = a->cap ? 2 * a->cap : 64;
        uint8_t *g = realloc(a->m, cap * B);
        if (!g) {
            fprintf(stderr, "zkprim tree: out of memory\n");
            return 1;
        }
        a->m = g;
        a->cap = cap;
    }
    return li_member(w, word, a->m + B * a->n++);
}

/* Splits buf (NUL-terminated, modified) at the next line; *rest moves past it. */
static char *li_next_line(char **rest) {
    char *s = *rest;
    if (!s || !*s) return NULL;
    char *nl = strchr(s, '\n');
    if (nl) {
        *nl = 0;
        *rest = nl + 1;
    } else *rest = s + strlen(s);
    return s;
}

/* The next space-separated word of *s, NUL-terminated in place; NULL at the end. */
static char *li_word(char **s) {
    char *p = *s + strspn(*s, " \t\r");
    if (!*p) return NULL;
    char *e = p + strcspn(p, " \t\r");
    if (*e) *e++ = 0;
    *s = e;
    return p;
}

/* The whole file, NUL-terminated (a NUL inside is refused: not text). */
static char *li_read_text(const char *path) {
    size_t len;
    uint8_t *data = cli_read_all(path, &len);
    if (!data) return NULL;
    char *text = realloc(data, len + 1);
    if (!text) {
        free(data);
        fprintf(stderr, "zkprim tree: out of memory\n");
        return NULL;
    }
    text[len] = 0;
    if (strlen(text) != len) {
        fprintf(stderr, "zkprim tree: %s: a NUL byte: not a text file\n", path);
        free(text);
        return NULL;
    }
    return text;
}

/* MEMBERS -> a tree (one insert_batch). 0, or 1 after a message. */
static int li_load_members(const char *path, zkp_lean_imt *t) {
    char *text = li_read_text(path), *rest = text, *line;
    if (!text) return 1;
    li_members a = {NULL, 0, 0};
    li_where w = {path, 0};
    int rc = 0;
    while (!rc && (line = li_next_line(&rest))) {
        w.line++;
        char *word = li_word(&line);
        if (!word) continue;
        rc = li_word(&line) ? li_data_error(&w, "%s", "one member a line") : li_push(&a, &w, word);
    }
    zkp_lean_imt_init(t);
    zkp_status st = ZKP_OK;
    if (!rc && a.n == 0) rc = li_data_error(&w, "%s", "no members: an empty group has no root");
    if (!rc && (st = zkp_lean_imt_insert_batch(t, a.m, a.n)) != ZKP_OK) {
        fprintf(stderr, "zkprim tree: %s: %s\n", path, zkp_status_str(st));
        rc = 1;
    }
    free(a.m);
    free(text);
    if (rc) zkp_lean_imt_free(t);
    return rc;
}

static void li_print_elem(const uint8_t b[B], int hex) {
    if (hex) {
        printf("0x");
        cli_print_hex(stdout, b, B);
        return;
    }
    uint64_t v[4] = {0, 0, 0, 0};
    char dec[CLI_DEC_U256];
    for (int i = 0; i < B; i++) v[(B - 1 - i) / 8] |= (uint64_t)b[i] << (8 * ((B - 1 - i) % 8));
    cli_u256_to_dec(v, dec);
    fputs(dec, stdout);
}

static int li_finish_output(int rc) {
    if (fflush(stdout) != 0 || ferror(stdout)) {
        fprintf(stderr, "zkprim tree: writing the output failed\n");
        return 1;
    }
    return rc;
}

/* ---- the sub-commands ------------------------------------------------------------- */

static int li_root(int argc, char **argv) {
    int hex = 0;
    const char *file = NULL;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--hex")) hex = 1;
        else if (argv[i][0] == '-' && argv[i][1]) return cli_usage_error("tree", "unknown option '%s'", argv[i]);
        else if (file) return cli_usage_error("tree", "-a lean-imt takes one MEMBERS file");
        else file = argv[i];
    }
    if (!file) return cli_usage_error("tree", "-a lean-imt needs a MEMBERS file ('-' for standard input)");
    zkp_lean_imt t;
    if (li_load_members(file, &t)) return 1;
    uint8_t root[B];
    zkp_status st = zkp_lean_imt_tree_root(&t, root);
    if (st == ZKP_OK) {
        printf("root ");
        li_print_elem(root, hex);
        printf("\ndepth %zu\nsize %zu\n", zkp_lean_imt_depth(&t), zkp_lean_imt_size(&t));
    } else fprintf(stderr, "zkprim tree: %s: %s\n", file, zkp_status_str(st));
    zkp_lean_imt_free(&t);
    return li_finish_output(st == ZKP_OK ? 0 : 1);
}

/* Proof of member index, JSON to stdout; 0 or 1 after a message. */
static int li_prove_one(const zkp_lean_imt *t, uint64_t index, const char *what) {
    zkp_lean_imt_proof p;
    zkp_status st = zkp_lean_imt_tree_proof(t, index, &p);
    if (st == ZKP_ERR_RANGE || st == ZKP_ERR_COUNT) {
        fprintf(stderr, "zkprim tree: %s: member %llu out of range (the group has %zu)\n", what,
                (unsigned long long)index, zkp_lean_imt_size(t));
        return 1;
    }
    if (st != ZKP_OK) {
        fprintf(stderr, "zkprim tree: %s: %s\n", what, zkp_status_str(st));
        return 1;
    }
    cli_lean_proof_print(stdout, &p);
    return 0;
}

static int li_prove(int argc, char **argv) {
    uint64_t index;
    if (argc != 4) return cli_usage_error("tree", "usage: zkprim tree -a lean-imt prove MEMBERS INDEX");
    if (cli_parse_index(argv[3], &index)) return cli_usage_error("tree", "INDEX must be a member number, got '%s'", argv[3]);
    zkp_lean_imt t;
    if (li_load_members(argv[2], &t)) return 1;
    int rc = li_prove_one(&t, index, argv[2]);
    zkp_lean_imt_free(&t);
    return li_finish_output(rc);
}

static int li_verify(int argc, char **argv) {
    static const char usage[] = "usage: zkprim tree -a lean-imt verify --root R PROOF";
    const char *file, *root_text;
    if (ptree_verify_args(argc, argv, usage, &file, &root_text)) return 2;
    /* a proof carries its own root, so it only shows consistency: the
     * verdict needs the root the caller trusts (issue 26, defect 1) */
    if (!root_text) return cli_usage_error("tree", "verify needs --root R, the trusted group root; %s", usage);
    zkp_poseidon_fr want;
    int rc = ptree_trusted_root("--root", root_text, &want);
    if (rc) return rc;
    uint8_t want_be[B];
    zkp_poseidon_fr_to_be(want_be, &want);
    size_t len;
    uint8_t *text = cli_read_all(file, &len);
    if (!text) return 1;
    zkp_lean_imt_proof p;
    char why[300];
    zkp_status st = cli_lean_proof_parse((const char *)text, len, &p, why, sizeof why);
    free(text);
    if (st != ZKP_OK) {
        printf("FAILED: %s: %s\n", file, why);
        return li_finish_output(1);
    }
    st = zkp_lean_imt_tree_verify(&p);
    if (st == ZKP_OK && memcmp(p.root, want_be, B)) {
        snprintf(why, sizeof why, "the proof is for another root than %s", root_text);
        return ptree_failed(why);
    }
    if (st == ZKP_OK) printf("OK\n");
    else if (st == ZKP_ERR_VERIFY) printf("FAILED: the leaf and siblings do not lead to the root\n");
    else if (st == ZKP_ERR_RANGE)
        printf("FAILED: malformed proof: an element is not below p, or the index has a bit above its %zu siblings\n",
               p.n_siblings);
    else printf("FAILED: %s\n", zkp_status_str(st));
    return li_finish_output(st == ZKP_OK ? 0 : 1);
}

/* One OPS line; 0 or 1 after a message. */
static int li_op(zkp_lean_imt *t, const li_where *w, char *line) {
    char *op = li_word(&line), *a, *b;
    uint8_t leaf[B];
    uint64_t index;
    zkp_status st = ZKP_OK;
    if (!op) return 0;
    if (!strcmp(op, "insert") || !strcmp(op, "index-of")) {
        if (!(a = li_word(&line)) || li_word(&line)) return li_data_error(w, "%s takes one member", op);
        if (li_member(w, a, leaf)) return 1;
        if (!strcmp(op, "insert")) st = zkp_lean_imt_insert(t, leaf);
        else if ((st = zkp_lean_imt_index_of(t, leaf, &index)) == ZKP_OK) {
            if (index == ZKP_LEAN_IMT_NOT_FOUND) printf("-1\n");
            else printf("%llu\n", (unsigned long long)index);
        }
    } else if (!strcmp(op, "insert-many")) {
        li_members m = {NULL, 0, 0};
        int rc = 0;
        while (!rc && (a = li_word(&line))) rc = li_push(&m, w, a);
        if (!rc) st = m.n ? zkp_lean_imt_insert_batch(t, m.m, m.n) : ZKP_ERR_COUNT;
        free(m.m);
        if (rc) return rc;
        if (st == ZKP_ERR_COUNT) return li_data_error(w, "%s", "insert-many needs at least one member");
    } else if (!strcmp(op, "update") || !strcmp(op, "remove")) {
        const int remove = op[0] == 'r';
        a = li_word(&line);
        b = remove ? NULL : li_word(&line);
        if (!a || (!remove && !b) || li_word(&line) || cli_parse_index(a, &index))
            return li_data_error(w, "%s", remove ? "remove takes a member index" : "update takes an index and a member");
        memset(leaf, 0, B);
        if (!remove && li_member(w, b, leaf)) return 1;
        st = zkp_lean_imt_update(t, index, leaf);
        if (st == ZKP_ERR_RANGE) return li_data_error(w, "index %s is out of range", a);
    } else if (!strcmp(op, "root")) {
        uint8_t root[B];
        if (li_word(&line)) return li_data_error(w, "%s", "root takes no argument");
        printf("%zu %zu ", zkp_lean_imt_size(t), zkp_lean_imt_depth(t));
        if (zkp_lean_imt_tree_root(t, root) == ZKP_OK) li_print_elem(root, 0);
        else printf("none");
        putchar('\n');
    } else if (!strcmp(op, "prove")) {
        if (!(a = li_word(&line)) || li_word(&line) || cli_parse_index(a, &index))
            return li_data_error(w, "%s", "prove takes a member index");
        char what[4096];
        snprintf(what, sizeof what, "%s:%zu", w->file, w->line);
        return li_prove_one(t, index, what);
    } else return li_data_error(w, "unknown operation '%s'", op);
    if (st != ZKP_OK) return li_data_error(w, "%s", zkp_status_str(st));
    return 0;
}

static int li_ops(int argc, char **argv) {
    if (argc != 3) return cli_usage_error("tree", "usage: zkprim tree -a lean-imt ops OPS");
    char *text = li_read_text(argv[2]), *rest = text, *line;
    if (!text) return 1;
    zkp_lean_imt t;
    zkp_lean_imt_init(&t);
    li_where w = {argv[2], 0};
    int rc = 0;
    while (!rc && (line = li_next_line(&rest))) {
        w.line++;
        rc = li_op(&t, &w, line);
    }
    zkp_lean_imt_free(&t);
    free(text);
    return li_finish_output(rc);
}

static int lean_imt_tree_run(int argc, char **argv) {
    /* --help is answered by cmd_tree, wherever it stands */
    if (argc >= 2 && !strcmp(argv[1], "prove")) return li_prove(argc, argv);
    if (argc >= 2 && !strcmp(argv[1], "verify")) return li_verify(argc, argv);
    if (argc >= 2 && !strcmp(argv[1], "ops")) return li_ops(argc, argv);
    return li_root(argc, argv);
}

const cli_tree_algo cli_tree_lean_imt = {"lean-imt", lean_imt_tree_run, k_usage};
