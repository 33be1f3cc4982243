/*
 * `zkprim tree oz` (also `zkprim tree -a oz`): OpenZeppelin Merkle trees,
 * byte-exact with @openzeppelin/merkle-tree 1.0.8.
 *
 *   zkprim tree oz --types T1,T2,... VALUES.json   StandardMerkleTree.of(values, types).dump()
 *   zkprim tree oz --simple VALUES.json            SimpleMerkleTree.of(values).dump()
 *   zkprim tree oz prove DUMP.json INDEX           {"value": V, "proof": [...]} (getProof(INDEX))
 *   zkprim tree oz prove DUMP.json --multi I,J,..  {"leaves", "proof", "proofFlags"} (getMultiProof)
 *   zkprim tree oz verify (--types T | --simple) ROOT PROOF.json
 *
 * The dump is JSON.stringify(tree.dump()) byte for byte when the values file
 * is written as JSON.stringify writes it: each value is copied from the
 * values file as it was given. Exit codes: 0 done / valid, 1 invalid input
 * or a proof that does not verify, 2 usage.
 */
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "multiproof_text.h" /* cli_tree_multi_indices */
#include "oz_input.h"

#define NODE 32
#define ERRCAP 256

static const char k_usage[] =
    "    zkprim tree oz --types T1,T2,... VALUES.json\n"
    "    zkprim tree oz --simple VALUES.json\n"
    "        the dump() JSON of @openzeppelin/merkle-tree 1.0.8's StandardMerkleTree.of(values, types)\n"
    "        (types: address, bool, bytes, string, uintN, intN, bytesN) or SimpleMerkleTree.of(values)\n"
    "        (bytes32 hex strings); VALUES.json is the JSON array of values (\"-\" = stdin)\n"
    "    zkprim tree oz prove DUMP.json INDEX | --multi I,J,K\n"
    "        proof of value INDEX ({\"value\", \"proof\"}) or multiproof of values I,J,K\n"
    "        ({\"leaves\", \"proof\", \"proofFlags\"}), as getProof / getMultiProof give them\n"
    "    zkprim tree oz verify (--types T1,T2,... | --simple) ROOT PROOF.json\n"
    "        check a proof or multiproof against ROOT; prints OK (exit 0) or FAILED (exit 1)\n";

static void put_hex_node(FILE *f, const uint8_t *p) {
    static const char hex[] = "0123456789abcdef";
    char s[2 + 2 * NODE + 2];
    s[0] = '"', s[1] = '0', s[2] = 'x';
    for (int i = 0; i < NODE; i++) s[3 + 2 * i] = hex[p[i] >> 4], s[4 + 2 * i] = hex[p[i] & 15];
    s[3 + 2 * NODE] = '"';
    fwrite(s, 1, 4 + 2 * NODE, f);
}

/* A value as the package's dump() writes it (JSON.stringify): the input's
 * spelling without the whitespace between tokens, so a pretty-printed
 * values file dumps byte-identically to a compact one. (String escapes are
 * kept as written: JSON.stringify would rewrite e.g. \u0041 as A.) */
static void put_span(FILE *f, const cj_doc *d, size_t node) {
    const char *p = d->src + d->nodes[node].start, *end = d->src + d->nodes[node].end;
    int in_string = 0, escaped = 0;
    for (; p < end; p++) {
        char c = *p;
        if (in_string) {
            if (escaped) escaped = 0;
            else if (c == '\\') escaped = 1;
            else if (c == '"') in_string = 0;
        } else if (c == '"') {
            in_string = 1;
        } else if (c == ' ' || c == '\t' || c == '\n' || c == '\r') {
            continue;
        }
        fputc(c, f);
    }
}

static int fail(const char *fmt, const char *msg) {
    fprintf(stderr, fmt, msg);
    return 1;
}

static int finish_output(void) {
    if (fflush(stdout) || ferror(stdout)) return fail("zkprim tree oz: %s\n", "write error");
    return 0;
}

/* ---- build ------------------------------------------------------------------------ */

static int oz_build(const char *types, int simple, const char *file) {
    char err[ERRCAP];
    oz_encoding enc = {0, NULL};
    if (!simple && oz_parse_types(types, &enc, err, sizeof err)) return cli_usage_error("tree", "%s", err);
    size_t len;
    uint8_t *text = cli_read_all(file, &len);
    if (!text) return free(enc.types), 1;
    cj_doc d;
    int rc = 1;
    size_t *vals = NULL;
    uint8_t *leaves = NULL, *nodes = NULL;
    uint64_t *tidx = NULL;
    if (cj_parse(&d, (const char *)text, len)) {
        fprintf(stderr, "zkprim tree oz: %s: %s\n", file, d.err);
        goto out_text;
    }
    size_t n = d.nodes[0].type == CJ_ARRAY ? d.nodes[0].count : 0;
    if (d.nodes[0].type != CJ_ARRAY || n == 0) {
        fprintf(stderr, "zkprim tree oz: %s: expected a non-empty JSON array of values (Expected non-zero number of leaves)\n", file);
        goto out;
    }
    vals = malloc(n * sizeof *vals);
    leaves = malloc(NODE * n);
    nodes = malloc(NODE * (2 * n - 1));
    tidx = malloc(n * sizeof *tidx);
    if (!vals || !leaves || !nodes || !tidx) {
        fprintf(stderr, "zkprim tree oz: out of memory\n");
        goto out;
    }
    size_t i = 0;
    for (size_t v = d.nodes[0].first; v != CJ_NONE; v = d.nodes[v].next) vals[i++] = v;
    if (oz_leaf_hashes(&d, vals, n, &enc, leaves, err, sizeof err)) {
        fprintf(stderr, "zkprim tree oz: %s: %s\n", file, err);
        goto out;
    }
    zkp_status st = zkp_oz_tree_build(leaves, n, nodes, tidx);
    if (st != ZKP_OK) {
        fprintf(stderr, "zkprim tree oz: %s\n", zkp_status_str(st));
        goto out;
    }
    /* JSON.stringify(tree.dump()): the package's key order */
    FILE *o = stdout;
    if (simple) fputs("{\"format\":\"simple-v1\",\"tree\":[", o);
    else {
        fputs("{\"format\":\"standard-v1\",\"leafEncoding\":[", o);
        for (const char *c = types;;) {
            size_t l = strcspn(c, ",");
            fprintf(o, "%s\"%.*s\"", c == types ? "" : ",", (int)l, c);
            if (!c[l]) break;
            c += l + 1;
        }
        fputs("],\"tree\":[", o);
    }
    for (size_t k = 0; k < 2 * n - 1; k++) {
        if (k) fputc(',', o);
        put_hex_node(o, nodes + NODE * k);
    }
    fputs("],\"values\":[", o);
    for (i = 0; i < n; i++) {
        fputs(i ? ",{\"value\":" : "{\"value\":", o);
        put_span(o, &d, vals[i]);
        fprintf(o, ",\"treeIndex\":%llu}", (unsigned long long)tidx[i]);
    }
    fputs("]}\n", o);
    rc = finish_output();
out:
    cj_free(&d);
out_text:
    free(vals), free(leaves), free(nodes), free(tidx), free(text), free(enc.types);
    return rc;
}

/* ---- prove ------------------------------------------------------------------------ */

static int load_dump(const char *file, oz_dump *t) {
    char err[ERRCAP];
    size_t len;
    uint8_t *text = cli_read_all(file, &len);
    if (!text) return 1;
    if (oz_dump_load(t, (const char *)text, len, err, sizeof err)) {
        free(text);
        fprintf(stderr, "zkprim tree oz: %s: %s\n", file, err);
        return 1;
    }
    return 0; /* text now belongs to t->doc.src */
}

static int index_out_of_range(const char *file, size_t v, size_t n_values) {
    fprintf(stderr, "zkprim tree oz: %s: value index %zu out of range (the dump has %zu values)\n", file, v, n_values);
    return 1;
}

typedef struct {
    const uint8_t *hash;
    size_t value;
} lookup_entry;

static int cmp_lookup(const void *x, const void *y) {
    const lookup_entry *a = x, *b = y;
    int c = memcmp(a->hash, b->hash, NODE);
    return c ? c : (a->value > b->value) - (a->value < b->value);
}

/* The package's hashLookup: a leaf hash -> the last value with that leaf. */
static size_t lookup_value(const lookup_entry *tab, size_t n, const uint8_t *hash) {
    size_t lo = 0, hi = n; /* first entry with a larger hash */
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        if (memcmp(tab[mid].hash, hash, NODE) <= 0) lo = mid + 1;
        else hi = mid;
    }
    return tab[lo - 1].value; /* the hash is present: it is a value's own leaf */
}

static int oz_prove(int argc, char **argv) {
    const char *file = NULL, *index = NULL, *multi = NULL;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--multi")) {
            if (i + 1 >= argc) return cli_usage_error("tree", "--multi needs a list of value indices");
            multi = argv[++i];
        } else if (argv[i][0] == '-' && argv[i][1]) return cli_usage_error("tree", "unknown option '%s'", argv[i]);
        else if (!file) file = argv[i];
        else if (!index) index = argv[i];
        else return cli_usage_error("tree", "oz prove takes DUMP.json and one INDEX or --multi I,J,K");
    }
    if (!file || (!index == !multi)) return cli_usage_error("tree", "oz prove takes DUMP.json and one INDEX or --multi I,J,K");
    oz_dump t;
    if (load_dump(file, &t)) return 1;
    const cj_doc *d = &t.doc;
    int rc = 1;
    uint8_t *proof = malloc(NODE * t.n_nodes), *flags = malloc(t.n_nodes);
    uint64_t *want = malloc(sizeof *want * (t.n_values + 1)), *order = malloc(sizeof *order * (t.n_values + 1));
    lookup_entry *tab = malloc(sizeof *tab * (t.n_values + 1));
    size_t *vidx = malloc(sizeof *vidx * (t.n_values + 1));
    if (!proof || !flags || !want || !order || !tab || !vidx) {
        fprintf(stderr, "zkprim tree oz: out of memory\n");
        goto out;
    }
    if (index) {
        uint64_t v = 0;
        size_t depth = 0; /* set by zkp_oz_tree_proof (GCC for s390x cannot see it) */
        /* a value index past the dump's is a data error (exit 1), as every tree's prove */
        if (cli_parse_index(index, &v)) {
            rc = cli_usage_error("tree", "INDEX must be a value index (a decimal number), got '%s'", index);
            goto out;
        }
        if (v >= t.n_values) {
            rc = index_out_of_range(file, v, t.n_values);
            goto out;
        }
        if (zkp_oz_tree_proof(t.nodes, t.n_nodes, t.tree_index[v], proof, t.n_nodes, &depth) != ZKP_OK) goto out;
        fputs("{\"value\":", stdout);
        put_span(stdout, d, t.value_node[v]);
        fputs(",\"proof\":[", stdout);
        for (size_t k = 0; k < depth; k++) {
            if (k) fputc(',', stdout);
            put_hex_node(stdout, proof + NODE * k);
        }
        fputs("]}\n", stdout);
        rc = finish_output();
        goto out;
    }
    uint64_t *list = NULL;
    size_t k = 0; /* "" is getMultiProof([]): the root alone */
    if (*multi && (rc = cli_tree_multi_indices(multi, 1, &list, &k)) != 0) goto out; /* a repeat: usage, as the package throws */
    rc = 1;
    for (size_t i = 0; i < k; i++) {
        if (list[i] >= t.n_values) {
            rc = index_out_of_range(file, (size_t)list[i], t.n_values);
            free(list);
            goto out;
        }
        vidx[i] = (size_t)list[i];
        want[i] = t.tree_index[list[i]];
    }
    free(list);
    size_t np, nf;
    zkp_status st = zkp_oz_tree_multi_proof(t.nodes, t.n_nodes, want, k, order, proof, t.n_nodes, &np, flags,
                                            t.n_nodes, &nf);
    if (st == ZKP_ERR_PARAM) {
        rc = cli_usage_error("tree", "--multi: Cannot prove duplicated index");
        goto out;
    }
    if (st != ZKP_OK) {
        fprintf(stderr, "zkprim tree oz: %s\n", zkp_status_str(st));
        goto out;
    }
    for (size_t i = 0; i < t.n_values; i++) tab[i] = (lookup_entry){t.nodes + NODE * t.tree_index[i], i};
    qsort(tab, t.n_values, sizeof *tab, cmp_lookup);
    fputs("{\"leaves\":[", stdout);
    for (size_t i = 0; i < k; i++) {
        if (i) fputc(',', stdout);
        put_span(stdout, d, t.value_node[lookup_value(tab, t.n_values, t.nodes + NODE * order[i])]);
    }
    fputs("],\"proof\":[", stdout);
    for (size_t i = 0; i < np; i++) {
        if (i) fputc(',', stdout);
        put_hex_node(stdout, proof + NODE * i);
    }
    fputs("],\"proofFlags\":[", stdout);
    for (size_t i = 0; i < nf; i++) fputs(i ? (flags[i] ? ",true" : ",false") : (flags[i] ? "true" : "false"), stdout);
    fputs("]}\n", stdout);
    rc = finish_output();
out:
    free(proof), free(flags), free(want), free(order), free(tab), free(vidx);
    free((void *)t.doc.src);
    oz_dump_free(&t);
    return rc;
}

/* The options every sub-command shares: --types T1,T2,... or --simple
 * (exactly one), and `want` positional arguments into pos. 0, or the usage
 * exit code after a message. */
static int parse_common(int argc, char **argv, const char **types, int *simple, const char **pos, int want,
                        const char *shape) {
    int got = 0;
    *types = NULL, *simple = 0;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--simple")) *simple = 1;
        else if (!strcmp(argv[i], "--types")) {
            if (i + 1 >= argc) return cli_usage_error("tree", "--types needs a type list");
            *types = argv[++i];
        } else if (argv[i][0] == '-' && argv[i][1]) return cli_usage_error("tree", "unknown option '%s'", argv[i]);
        else if (got == want) return cli_usage_error("tree", "%s", shape);
        else pos[got++] = argv[i];
    }
    if (got != want || *simple == !!*types) return cli_usage_error("tree", "%s", shape);
    return 0;
}

/* ---- verify ------------------------------------------------------------------------ */

/* The nodes of JSON array node arr into out (room for its count). */
static int read_nodes(const cj_doc *d, size_t arr, uint8_t *out) {
    size_t i = 0;
    for (size_t x = d->nodes[arr].first; x != CJ_NONE; x = d->nodes[x].next, i++)
        if (oz_node_from_json(d, x, out + NODE * i)) return -1;
    return 0;
}

static int verdict(zkp_status st, const char *why) {
    if (st == ZKP_OK) {
        puts("OK");
        return finish_output();
    }
    printf("FAILED\n");
    fprintf(stderr, "zkprim tree oz: %s\n", why ? why : zkp_status_str(st));
    return 1;
}

static int oz_verify(int argc, char **argv) {
    const char *types, *pos[2];
    int simple;
    int u = parse_common(argc, argv, &types, &simple, pos, 2,
                         "oz verify takes --types T1,T2,... or --simple, then ROOT and PROOF.json");
    if (u) return u;
    const char *root_s = pos[0], *file = pos[1];
    uint8_t root[NODE];
    const char *r = root_s;
    if (r[0] == '0' && r[1] == 'x') r += 2;
    if (cli_parse_hex(r, root, NODE)) return cli_usage_error("tree", "ROOT must be 64 hex digits (0x optional), got '%s'", root_s);
    char err[ERRCAP];
    oz_encoding enc = {0, NULL};
    if (types && oz_parse_types(types, &enc, err, sizeof err)) return cli_usage_error("tree", "%s", err);
    size_t len;
    uint8_t *text = cli_read_all(file, &len);
    if (!text) return free(enc.types), 1;
    cj_doc d;
    int rc = 1;
    uint8_t *leaves = NULL, *proof = NULL, *flags = NULL;
    size_t *vals = NULL;
    if (cj_parse(&d, (const char *)text, len)) {
        fprintf(stderr, "zkprim tree oz: %s: %s\n", file, d.err);
        goto out_text;
    }
    size_t pf = cj_get(&d, 0, "proof"), value = cj_get(&d, 0, "value"), lv = cj_get(&d, 0, "leaves"),
           fl = cj_get(&d, 0, "proofFlags");
    int multi = lv != CJ_NONE;
    if (pf == CJ_NONE || d.nodes[pf].type != CJ_ARRAY || (multi ? fl == CJ_NONE || d.nodes[fl].type != CJ_ARRAY ||
                                                                      d.nodes[lv].type != CJ_ARRAY
                                                                : value == CJ_NONE)) {
        fprintf(stderr, "zkprim tree oz: %s: expected {\"value\", \"proof\"} or {\"leaves\", \"proof\", \"proofFlags\"}\n", file);
        goto out;
    }
    size_t n_leaves = multi ? d.nodes[lv].count : 1, n_proof = d.nodes[pf].count, n_flags = multi ? d.nodes[fl].count : 0;
    leaves = malloc(NODE * n_leaves + 1), proof = malloc(NODE * n_proof + 1), flags = malloc(n_flags + 1);
    vals = malloc(sizeof *vals * (n_leaves + 1));
    if (!leaves || !proof || !flags || !vals) {
        fprintf(stderr, "zkprim tree oz: out of memory\n");
        goto out;
    }
    if (read_nodes(&d, pf, proof)) {
        rc = verdict(ZKP_ERR_PROOF_SHAPE, "a proof node is not 32 bytes of hex");
        goto out;
    }
    if (multi) {
        size_t i = 0;
        for (size_t x = d.nodes[lv].first; x != CJ_NONE; x = d.nodes[x].next) vals[i++] = x;
        i = 0;
        for (size_t x = d.nodes[fl].first; x != CJ_NONE; x = d.nodes[x].next, i++) {
            if (d.nodes[x].type != CJ_TRUE && d.nodes[x].type != CJ_FALSE) {
                rc = verdict(ZKP_ERR_PROOF_SHAPE, "proofFlags must be true or false");
                goto out;
            }
            flags[i] = d.nodes[x].type == CJ_TRUE;
        }
    } else vals[0] = value;
    if (simple && multi) {
        /* SimpleMerkleTree.verifyMultiProof takes the leaves as nodes, unpadded */
        if (read_nodes(&d, lv, leaves)) {
            rc = verdict(ZKP_ERR_VERIFY, "a simple multiproof leaf is not 32 bytes of hex");
            goto out;
        }
    } else if (oz_leaf_hashes(&d, vals, n_leaves, &enc, leaves, err, sizeof err)) {
        rc = verdict(ZKP_ERR_VERIFY, err);
        goto out;
    }
    zkp_status st = multi ? zkp_oz_tree_multi_verify(root, leaves, n_leaves, proof, n_proof, flags, n_flags)
                          : zkp_oz_tree_verify(root, leaves, proof, n_proof);
    rc = verdict(st, NULL);
out:
    cj_free(&d);
out_text:
    free(leaves), free(proof), free(flags), free(vals), free(text), free(enc.types);
    return rc;
}

static int oz_run(int argc, char **argv) {
    if (argc >= 2 && !strcmp(argv[1], "prove")) return oz_prove(argc - 1, argv + 1);
    if (argc >= 2 && !strcmp(argv[1], "verify")) return oz_verify(argc - 1, argv + 1);
    const char *types, *file;
    int simple;
    int u = parse_common(argc, argv, &types, &simple, &file, 1, "oz takes --types T1,T2,... or --simple, and one VALUES.json");
    if (u) return u;
    return oz_build(types, simple, file);
}

const cli_tree_algo cli_tree_oz = {"oz", oz_run, k_usage};
