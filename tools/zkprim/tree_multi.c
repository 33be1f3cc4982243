/*
 * `zkprim tree -a ALGO prove --multi I,J,... FILE` and
 * `zkprim tree -a ALGO verify --multi ROOT FILE|CHUNKS MPROOF`: multiproofs
 * for the trees the CLI builds (-a hemera: the fixed 4 KiB-chunk tree;
 * -a keccak256: FILE cut into --leaf-size leaves, each hashed, padded to a
 * power of two with zero nodes, --sha3 for SHA3-256). The front ends
 * (tree_hemera.c, cli_keccak.c) hand any argument list with --multi here.
 *
 * The multiproof is text (multiproof_text.h), printed to standard output,
 * with the fields length (bytes of FILE) and, for keccak256 / sha3-256,
 * leaf-size. verify takes the trusted ROOT (64 hex digits), then either the whole
 * FILE (exactly `length` bytes) or the opened leaves' bytes back to back in
 * index order, and prints OK (exit 0) or FAILED: why (exit 1).
 */
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "multiproof_text.h"
#include "zkprim/hemera.h"
#include "zkprim/keccak.h"

typedef struct mp_tree {
    int hemera;                 /* else Keccak */
    zkp_keccak_alg alg;
    uint64_t length, leaf_size; /* leaf_size: 4096 for Hemera */
    uint64_t leaves;            /* data leaves (Keccak pads to a power of two) */
    size_t k;
    uint64_t *idx;
} mp_tree;

static uint64_t leaf_count(const mp_tree *t) {
    if (t->hemera) return zkp_hemera_tree_chunk_count(t->length);
    return t->length / t->leaf_size + (t->length % t->leaf_size || t->length == 0);
}

/* Bytes of leaf i of the data. */
static size_t leaf_bytes(const mp_tree *t, uint64_t i) {
    uint64_t at = i * t->leaf_size;
    return (size_t)(t->length - at < t->leaf_size ? t->length - at : t->leaf_size);
}

/* Keccak: leaves padded to n, the smallest power of two >= t->leaves (the
 * node array's size; the library checks it). */
static size_t keccak_padded(const mp_tree *t) {
    size_t n = 1;
    while (n < t->leaves) n *= 2;
    return n;
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
        n = keccak_padded(t);
        nodes = malloc(32 * (2 * n - 1));
        st = nodes ? zkp_keccak_tree_build_data(t->alg, data, len, (size_t)t->leaf_size, 1, nodes, n) : ZKP_ERR_NOMEM;
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
    const cli_mproof m = {.algo = t->hemera ? "hemera" : t->alg == ZKP_SHA3_256 ? "sha3-256" : "keccak256",
                          .fields = CLI_MP_LENGTH | (t->hemera ? 0 : CLI_MP_LEAF_SIZE),
                          .length = len, .leaf_size = t->leaf_size, .idx = t->idx, .k = t->k,
                          .sib = proof, .nsib = plen / 32};
    cli_mproof_print(&m);
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

static int multi_verify(const char *algo, const char *root_hex, const char *file, const char *mproof,
                        unsigned threads) {
    uint8_t root[32];
    if (cli_parse_hex(root_hex, root, 32)) return cli_usage_error("tree", "ROOT must be 64 hex digits, got '%s'", root_hex);
    static const char *const hemera_algos[] = {"hemera", NULL}, *const keccak_algos[] = {"keccak256", "sha3-256", NULL};
    const int hemera = !strcmp(algo, "hemera");
    char why[300];
    cli_mproof mp;
    int rc = cli_mproof_read(mproof, hemera ? hemera_algos : keccak_algos,
                             CLI_MP_LENGTH | (hemera ? 0 : CLI_MP_LEAF_SIZE), &mp, why, sizeof why);
    if (rc > 0) return cli_mproof_free(&mp), 1;
    size_t dlen;
    uint8_t *data = rc ? NULL : cli_read_all(file, &dlen);
    mp_tree t = {.hemera = hemera, .alg = mp.algo && !strcmp(mp.algo, "sha3-256") ? ZKP_SHA3_256 : ZKP_KECCAK_256,
                 .length = mp.length, .leaf_size = hemera ? ZKP_HEMERA_CHUNK_BYTES : mp.leaf_size,
                 .k = mp.k, .idx = mp.idx};
    const uint8_t *sib = mp.sib;
    const size_t nsib = mp.nsib;
    uint8_t *leafnodes = NULL;
    const uint8_t **chunks = NULL;
    size_t *lens = NULL;
    if (rc) {
        char msg[360];
        snprintf(msg, sizeof msg, "%s: %s", mproof, why);
        rc = failed(msg);
        goto done;
    }
    if (!data) {
        rc = 1;
        goto done;
    }
    if (t.leaf_size == 0) {
        rc = failed("the leaf size is 0");
        goto done;
    }
    t.leaves = leaf_count(&t);
    if (t.idx[t.k - 1] >= t.leaves) {
        rc = failed("an index is out of range for the data length");
        goto done;
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
        unsigned depth = 0;
        while (((size_t)1 << depth) < keccak_padded(&t)) depth++;
        leafnodes = malloc(32 * t.k);
        st = leafnodes ? zkp_keccak_hash_batch_ptrs(t.alg, (const uint8_t *const *)chunks, lens, t.k, leafnodes, 32)
                       : ZKP_ERR_NOMEM;
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
    free(data);
    cli_mproof_free(&mp);
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
            if ((rc = cli_tree_multi_indices(argv[++i], 1, &t.idx, &t.k)) != 0) return rc;
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
