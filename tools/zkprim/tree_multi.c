/*
 * `zkprim tree -a ALGO prove --multi I,J,... FILE` and
 * `zkprim tree -a ALGO verify --multi ROOT FILE|CHUNKS MPROOF`: multiproofs
 * for the trees the CLI builds (-a hemera: the fixed 4 KiB-chunk tree;
 * -a keccak256: FILE cut into --leaf-size leaves, each hashed, padded to a
 * power of two with zero nodes, --sha3 for SHA3-256). The front ends
 * (tree_hemera.c, cli_keccak.c) hand any argument list with --multi here.
 *
 * The multiproof is text, printed to standard output:
 *   zkprim-multiproof 1
 *   algorithm hemera | keccak256 | sha3-256
 *   length <bytes of FILE>
 *   leaf-size <bytes>                (keccak256 / sha3-256 only)
 *   indices <i,j,...>                (strictly increasing after sorting; no repeats)
 *   <64 hex digits>                  one line per sibling, in the library's
 *                                    order: level by level from the leaves
 *                                    up, by index within a level
 * verify takes the trusted ROOT (64 hex digits), then either the whole
 * FILE (exactly `length` bytes) or the opened leaves' bytes back to back in
 * index order, and prints OK (exit 0) or FAILED: why (exit 1).
 */
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "zkprim/hemera.h"
#include "zkprim/keccak.h"

#define MAX_OPEN 65536

typedef struct mp_tree {
    int hemera;                 /* else Keccak */
    zkp_keccak_alg alg;
    uint64_t length, leaf_size; /* leaf_size: 4096 for Hemera */
    uint64_t leaves;            /* data leaves (Keccak pads to a power of two) */
    size_t k;
    uint64_t *idx;
} mp_tree;

static int cmp_u64(const void *a, const void *b) {
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return x < y ? -1 : x > y;
}

/* "3,17,99" -> indices, sorted when `sort` (else they must already be
 * increasing); 0 or a usage error's 2. */
static int parse_list(const char *s, mp_tree *t, int sort) {
    t->idx = malloc(MAX_OPEN * sizeof *t->idx);
    t->k = 0;
    if (!t->idx) return cli_usage_error("tree", "out of memory");
    for (;;) {
        unsigned long v;
        if (t->k == MAX_OPEN || cli_scan_uint(&s, (unsigned long)-1, &v))
            return cli_usage_error("tree", "--multi takes leaf indices separated by commas (at most %d)", MAX_OPEN);
        t->idx[t->k++] = v;
        if (*s == 0) break;
        if (*s++ != ',') return cli_usage_error("tree", "--multi takes leaf indices separated by commas");
    }
    if (sort) qsort(t->idx, t->k, sizeof *t->idx, cmp_u64);
    for (size_t i = 1; i < t->k; i++)
        if (t->idx[i] < t->idx[i - 1]) return cli_usage_error("tree", "the indices are not in increasing order");
        else if (t->idx[i] == t->idx[i - 1])
            return cli_usage_error("tree", "--multi lists leaf %llu twice", (unsigned long long)t->idx[i]);
    return 0;
}

int cli_tree_multi_indices(const char *s, int sort, uint64_t **idx, size_t *k) {
    mp_tree t = {0};
    const int rc = parse_list(s, &t, sort);
    if (rc) free(t.idx), t.idx = NULL;
    *idx = t.idx;
    *k = t.k;
    return rc;
}

static uint64_t leaf_count(const mp_tree *t) {
    if (t->hemera) return zkp_hemera_tree_chunk_count(t->length);
    return t->length / t->leaf_size + (t->length % t->leaf_size || t->length == 0);
}

/* Bytes of leaf i of the data. */
static size_t leaf_bytes(const mp_tree *t, uint64_t i) {
    uint64_t at = i * t->leaf_size;
    return (size_t)(t->length - at < t->leaf_size ? t->length - at : t->leaf_size);
}

/* Keccak: the padded leaf-digest array of the data (n nodes, a power of two). */
static uint8_t *keccak_leaf_nodes(const mp_tree *t, const uint8_t *data, size_t *n) {
    *n = 1;
    while (*n < t->leaves) *n *= 2;
    uint8_t *nodes = calloc(2 * *n, 32);
    if (!nodes) return NULL;
    for (uint64_t i = 0; i < t->leaves; i++) {
        if (zkp_keccak_hash(t->alg, data + i * t->leaf_size, leaf_bytes(t, i), nodes + 32 * i, 32) != ZKP_OK) {
            free(nodes);
            return NULL;
        }
    }
    return nodes;
}

static int out_of_range(const mp_tree *t) {
    if (t->idx[t->k - 1] < t->leaves) return 0;
    fprintf(stderr, "zkprim tree: leaf %llu out of range (the data has %llu leaves)\n",
            (unsigned long long)t->idx[t->k - 1], (unsigned long long)t->leaves);
    return 1;
}

static int multi_prove(mp_tree *t, const char *file) {
    size_t len;
    uint8_t *data = cli_read_all(file, &len);
    if (!data) return 1;
    t->length = len;
    t->leaves = leaf_count(t);
    int rc = 1;
    uint8_t *proof = NULL, *nodes = NULL;
    size_t plen = 0, n = 0;
    zkp_status st;
    if (out_of_range(t)) goto done;
    if (t->hemera) {
        st = zkp_hemera_tree_multi_proof_size(len, t->idx, t->k, &plen);
        if (st == ZKP_OK && !(proof = malloc(plen + 1))) st = ZKP_ERR_NOMEM;
        if (st == ZKP_OK) st = zkp_hemera_tree_multi_proof(data, len, t->idx, t->k, proof, plen, &plen);
    } else {
        nodes = keccak_leaf_nodes(t, data, &n);
        st = nodes ? zkp_keccak_tree_build(t->alg, nodes, n, 1, nodes) : ZKP_ERR_NOMEM;
        unsigned depth = 0;
        while (((size_t)1 << depth) < n) depth++;
        if (st == ZKP_OK) st = zkp_keccak_tree_multi_proof_size(t->idx, t->k, depth, &plen);
        if (st == ZKP_OK && !(proof = malloc(plen + 1))) st = ZKP_ERR_NOMEM;
        if (st == ZKP_OK) st = zkp_keccak_tree_multi_proof(nodes, n, t->idx, t->k, proof, plen, &plen);
    }
    if (st != ZKP_OK) {
        fprintf(stderr, "zkprim tree: %s: %s\n", file, zkp_status_str(st));
        goto done;
    }
    printf("zkprim-multiproof 1\nalgorithm %s\nlength %llu\n",
           t->hemera ? "hemera" : t->alg == ZKP_SHA3_256 ? "sha3-256" : "keccak256", (unsigned long long)len);
    if (!t->hemera) printf("leaf-size %llu\n", (unsigned long long)t->leaf_size);
    printf("indices ");
    for (size_t i = 0; i < t->k; i++) printf("%s%llu", i ? "," : "", (unsigned long long)t->idx[i]);
    printf("\n");
    for (size_t j = 0; j < plen; j += 32) {
        cli_print_hex(stdout, proof + j, 32);
        printf("\n");
    }
    rc = fflush(stdout) == 0 ? 0 : 1;
done:
    free(data);
    free(proof);
    free(nodes);
    return rc;
}

/* ---- verify ------------------------------------------------------------------- */

static int failed(const char *why) {
    printf("FAILED: %s\n", why);
    return 1;
}

/* Reads the header lines of a multiproof file; leaves *body at the first
 * sibling line. NULL when it is not one (why in `why`). */
static int parse_header(char *text, mp_tree *t, char **body, char *why, size_t cap) {
    char algo[32] = "";
    unsigned long long length = 0, leaf_size = ZKP_HEMERA_CHUNK_BYTES;
    char *line = strtok(text, "\n");
    if (!line || strcmp(line, "zkprim-multiproof 1")) return snprintf(why, cap, "not a zkprim multiproof (version 1)"), -1;
    line = strtok(NULL, "\n");
    if (!line || sscanf(line, "algorithm %31s", algo) != 1) return snprintf(why, cap, "no algorithm line"), -1;
    line = strtok(NULL, "\n");
    if (!line || sscanf(line, "length %llu", &length) != 1) return snprintf(why, cap, "no length line"), -1;
    t->hemera = !strcmp(algo, "hemera");
    t->alg = !strcmp(algo, "sha3-256") ? ZKP_SHA3_256 : ZKP_KECCAK_256;
    if (!strcmp(algo, "poseidon")) /* tree_poseidon_multi.c reads those */
        return snprintf(why, cap, "a multiproof of a poseidon tree (check it with tree -a poseidon)"), -1;
    if (!t->hemera && strcmp(algo, "keccak256") && strcmp(algo, "sha3-256"))
        return snprintf(why, cap, "unknown algorithm '%s'", algo), -1;
    if (!t->hemera) {
        line = strtok(NULL, "\n");
        if (!line || sscanf(line, "leaf-size %llu", &leaf_size) != 1 || leaf_size == 0)
            return snprintf(why, cap, "no leaf-size line"), -1;
    }
    line = strtok(NULL, "\n");
    if (!line || strncmp(line, "indices ", 8)) return snprintf(why, cap, "no indices line"), -1;
    t->length = length, t->leaf_size = leaf_size;
    /* the list must already be increasing, without repeats */
    if (parse_list(line + 8, t, 0) != 0) return snprintf(why, cap, "bad indices line"), -1;
    *body = strtok(NULL, "");
    return 0;
}

static int multi_verify(const char *algo, const char *root_hex, const char *file, const char *mproof,
                        unsigned threads) {
    uint8_t root[32];
    if (cli_parse_hex(root_hex, root, 32)) return cli_usage_error("tree", "ROOT must be 64 hex digits, got '%s'", root_hex);
    size_t plen, dlen;
    uint8_t *ptext = cli_read_all(mproof, &plen);
    if (!ptext) return 1;
    uint8_t *data = cli_read_all(file, &dlen);
    if (!data) {
        free(ptext);
        return 1;
    }
    char *text = realloc(ptext, plen + 1), *body = NULL, why[300];
    text[plen] = 0;
    mp_tree t = {0};
    uint8_t *sib = NULL, *leafnodes = NULL;
    const uint8_t **chunks = NULL;
    size_t *lens = NULL;
    int rc;
    if (parse_header(text, &t, &body, why, sizeof why)) {
        rc = failed(why);
        goto done;
    }
    if (t.hemera != !strcmp(algo, "hemera")) {
        snprintf(why, sizeof why, "%s is a multiproof for another algorithm than %s", mproof, algo);
        rc = failed(why);
        goto done;
    }
    t.leaves = leaf_count(&t);
    if (t.idx[t.k - 1] >= t.leaves) {
        rc = failed("an index is out of range for the data length");
        goto done;
    }
    /* siblings: 64 hex digits per line */
    size_t nsib = 0, cap = 0;
    for (char *line = body ? strtok(body, "\n") : NULL; line; line = strtok(NULL, "\n")) {
        if (nsib == cap) {
            cap = cap ? 2 * cap : 64;
            uint8_t *grown = realloc(sib, 32 * cap);
            if (!grown) {
                rc = failed("out of memory");
                goto done;
            }
            sib = grown;
        }
        if (cli_parse_hex(line, sib + 32 * nsib++, 32)) {
            rc = failed("a sibling line is not 64 hex digits");
            goto done;
        }
    }
    /* the opened leaves' bytes: cut from the whole file, or back to back */
    chunks = malloc(t.k * sizeof *chunks);
    lens = malloc(t.k * sizeof *lens);
    size_t want = 0;
    for (size_t i = 0; i < t.k; i++) want += leaf_bytes(&t, t.idx[i]);
    int whole = (uint64_t)dlen == t.length;
    if (!whole && dlen != want) {
        snprintf(why, sizeof why, "%s is neither the whole data (%llu bytes) nor the opened leaves (%zu bytes)", file,
                 (unsigned long long)t.length, want);
        rc = failed(why);
        goto done;
    }
    for (size_t i = 0, at = 0; i < t.k; i++) {
        lens[i] = leaf_bytes(&t, t.idx[i]);
        chunks[i] = data + (whole ? t.idx[i] * t.leaf_size : at);
        at += lens[i];
    }
    zkp_status st;
    if (t.hemera) {
        st = zkp_hemera_tree_multi_verify(root, chunks, lens, t.idx, t.k, t.length, sib, 32 * nsib, threads);
    } else {
        size_t n = 1;
        unsigned depth = 0;
        while (n < t.leaves) n *= 2, depth++;
        leafnodes = malloc(32 * t.k);
        st = leafnodes ? ZKP_OK : ZKP_ERR_NOMEM;
        for (size_t i = 0; st == ZKP_OK && i < t.k; i++) st = zkp_keccak_hash(t.alg, chunks[i], lens[i], leafnodes + 32 * i, 32);
        if (st == ZKP_OK)
            st = zkp_keccak_tree_multi_verify(t.alg, root, leafnodes, t.idx, t.k, sib, 32 * nsib, depth, threads);
    }
    if (st == ZKP_OK) {
        printf("OK\n");
        rc = 0;
    } else if (st == ZKP_ERR_PROOF_SHAPE) {
        snprintf(why, sizeof why, "%s has %zu siblings; these indices need a different number", mproof, nsib);
        rc = failed(why);
    } else {
        rc = failed(st == ZKP_ERR_VERIFY ? "the leaves and multiproof do not lead to this root" : zkp_status_str(st));
    }
done:
    free(text);
    free(data);
    free(t.idx);
    free(sib);
    free(leafnodes);
    free(chunks);
    free(lens);
    return rc;
}

/* ---- the hook ------------------------------------------------------------------- */

static int has_multi(int argc, char **argv) {
    for (int i = 1; i < argc; i++)
        if (!strcmp(argv[i], "--multi")) return 1;
    return 0;
}

int cli_tree_multi(const char *algo, int argc, char **argv) {
    if (argc < 2 || !has_multi(argc, argv) || (strcmp(argv[1], "prove") && strcmp(argv[1], "verify"))) return -1;
    int prove = !strcmp(argv[1], "prove");
    mp_tree t = {.hemera = !strcmp(algo, "hemera"), .alg = ZKP_KECCAK_256, .leaf_size = 64};
    if (t.hemera) t.leaf_size = ZKP_HEMERA_CHUNK_BYTES;
    const char *pos[3] = {0};
    int npos = 0, rc, threads = 1, have_list = 0;
    for (int i = 2; i < argc; i++) {
        const char *a = argv[i];
        if (!strcmp(a, "--multi") && prove) {
            if (i + 1 >= argc) return cli_usage_error("tree", "--multi needs a list of leaf indices");
            if (have_list) return cli_usage_error("tree", "--multi given twice");
            if ((rc = parse_list(argv[++i], &t, 1)) != 0) return free(t.idx), rc;
            have_list = 1;
        } else if (!strcmp(a, "--multi")) {
            continue; /* verify: the indices come from the multiproof */
        } else if (!strcmp(a, "--threads") && !prove) {
            if (i + 1 >= argc) return cli_usage_error("tree", "--threads needs a count");
            if ((rc = cli_parse_int_opt("tree", "--threads", argv[++i], 1, 64, &threads)) != 0) return rc;
        } else if (!strcmp(a, "--leaf-size") && prove && !t.hemera) {
            if (i + 1 >= argc || cli_parse_size(argv[++i], &t.leaf_size) || t.leaf_size == 0)
                return free(t.idx), cli_usage_error("tree", "--leaf-size needs a positive byte count");
        } else if (!strcmp(a, "--sha3") && prove && !t.hemera) {
            t.alg = ZKP_SHA3_256;
        } else if (a[0] == '-' && a[1]) {
            return free(t.idx), cli_usage_error("tree", "unknown option '%s' for %s --multi", a, argv[1]);
        } else if (npos < 3) {
            pos[npos++] = a;
        } else {
            return free(t.idx), cli_usage_error("tree", "too many arguments for %s --multi", argv[1]);
        }
    }
    if (prove) {
        if (npos != 1) return free(t.idx), cli_usage_error("tree", "usage: zkprim tree -a %s prove --multi I,J,... FILE", algo);
        rc = multi_prove(&t, pos[0]);
        free(t.idx);
        return rc;
    }
    if (npos != 3) return cli_usage_error("tree", "usage: zkprim tree -a %s verify --multi ROOT FILE|CHUNKS MPROOF", algo);
    return multi_verify(algo, pos[0], pos[1], pos[2], (unsigned)threads);
}
