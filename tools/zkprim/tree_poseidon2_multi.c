/*
 * `zkprim tree -a poseidon2-* prove --multi I,J,... [--pad] [--width W] LEAVES`
 * and `zkprim tree -a poseidon2-* verify --multi ROOT LEAVES|OPENED MPROOF`:
 * multiproofs of the Poseidon2 trees (zkp_poseidon2_*_tree_multi_proof /
 * _multi_verify) in the text format of multiproof_text.h with the field
 * leaves (the tree's leaf count, a power of two). A sibling node is 32 bytes
 * as 64 hex digits: one BN254 element big-endian, or the eight elements of
 * a 31-bit node, each big-endian, in order.
 *
 * verify takes the trusted ROOT (one element, or 8 joined by commas), then
 * either the whole LEAVES file (the tree's rows, or fewer with --pad) or the
 * k opened rows alone in index order (--width W elements a row, as for the
 * root), and prints OK (exit 0) or FAILED: why (exit 1).
 */
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "multiproof_text.h"
#include "tree_poseidon.h"
#include "tree_poseidon2.h"
#include "zkprim/poseidon2.h"

#define NODE 32

/* ---- sibling encoding --------------------------------------------------------- */

/* A node as the text's 32 bytes, in place: BN254 big-endian; 31-bit each
 * element big-endian. */
static void node_to_text(p2t_kind k, uint8_t node[NODE]) {
    if (k == T_BN254) {
        zkp_poseidon_fr x;
        memcpy(&x, node, NODE);
        zkp_poseidon_fr_to_be(node, &x);
        return;
    }
    uint32_t e[8];
    memcpy(e, node, NODE);
    for (int i = 0; i < 8; i++)
        for (int b = 0; b < 4; b++) node[4 * i + b] = (uint8_t)(e[i] >> (24 - 8 * b));
}

/* The inverse: 0, or -1 when an element is not below p. */
static int node_from_text(p2t_kind k, const uint8_t text[NODE], uint8_t node[NODE]) {
    if (k == T_BN254) {
        zkp_poseidon_fr x;
        if (zkp_poseidon_fr_from_be(&x, text) != ZKP_OK) return -1;
        memcpy(node, &x, NODE);
        return 0;
    }
    const uint32_t p = k == T_BABYBEAR ? ZKP_POSEIDON2_BABYBEAR_P : ZKP_POSEIDON2_KOALABEAR_P;
    uint32_t e[8];
    for (int i = 0; i < 8; i++) {
        e[i] = (uint32_t)text[4 * i] << 24 | (uint32_t)text[4 * i + 1] << 16 | (uint32_t)text[4 * i + 2] << 8 |
               text[4 * i + 3];
        if (e[i] >= p) return -1;
    }
    memcpy(node, e, NODE);
    return 0;
}

/* ---- prove ------------------------------------------------------------------------ */

static zkp_status build_and_prove(p2t_kind k, const zkp_poseidon_fr *fr, const uint32_t *rows, size_t n,
                                  size_t width, const uint64_t *idx, size_t kk, uint8_t *nodes, uint8_t *proof,
                                  size_t cap, size_t *size) {
    zkp_status st;
    if (k == T_BN254) {
        zkp_poseidon_fr *nd = (zkp_poseidon_fr *)(void *)nodes;
        st = zkp_poseidon2_bn254_tree_build(fr, n, nd);
        if (st == ZKP_OK) st = zkp_poseidon2_bn254_tree_multi_proof(nd, n, idx, kk, (zkp_poseidon_fr *)(void *)proof, cap, size);
        return st;
    }
    uint32_t *nd = (uint32_t *)(void *)nodes;
    st = k == T_BABYBEAR ? zkp_poseidon2_babybear_tree_build(rows, n, width, nd)
                         : zkp_poseidon2_koalabear_tree_build(rows, n, width, nd);
    if (st != ZKP_OK) return st;
    return k == T_BABYBEAR ? zkp_poseidon2_babybear_tree_multi_proof(nd, n, idx, kk, (uint32_t *)(void *)proof, cap, size)
                           : zkp_poseidon2_koalabear_tree_multi_proof(nd, n, idx, kk, (uint32_t *)(void *)proof, cap, size);
}

static int multi_prove(p2t_kind k, const char *file, int pad, size_t width, const uint64_t *idx, size_t kk) {
    zkp_poseidon_fr *fr;
    uint32_t *rows;
    uint8_t *nodes = NULL, *proof = NULL;
    size_t n, size = 0;
    if (p2tree_load(k, file, pad, width, &fr, &rows, &n)) return 1;
    int rc = 1;
    if (idx[kk - 1] >= n) {
        fprintf(stderr, "zkprim tree: %s: leaf %llu out of range (the tree has %zu leaves)\n", file,
                (unsigned long long)idx[kk - 1], n);
        goto done;
    }
    zkp_status st = zkp_poseidon2_tree_multi_proof_size(idx, kk, ptree_depth(n), &size);
    if (st == ZKP_OK && (!(nodes = malloc((2 * n - 1) * NODE)) || !(proof = malloc((size + 1) * NODE))))
        st = ZKP_ERR_NOMEM;
    if (st == ZKP_OK) st = build_and_prove(k, fr, rows, n, width, idx, kk, nodes, proof, size, &size);
    if (st != ZKP_OK) {
        fprintf(stderr, "zkprim tree: %s: %s\n", file, zkp_status_str(st));
        goto done;
    }
    for (size_t j = 0; j < size; j++) node_to_text(k, proof + NODE * j);
    const cli_mproof m = {.algo = p2tree_name(k), .fields = CLI_MP_LEAVES, .leaves = n, .idx = (uint64_t *)idx,
                          .k = kk, .sib = proof, .nsib = size};
    cli_mproof_print(&m);
    rc = ptree_finish_output(0);
done:
    free(fr), free(rows), free(nodes), free(proof);
    return rc;
}

/* ---- verify ------------------------------------------------------------------------- */

/* The multiproof file with its siblings decoded in place: 0, 1 after a
 * message (unreadable), or -1 with why. */
static int read_mproof(p2t_kind k, const char *path, cli_mproof *m, char *why, size_t cap) {
    const char *const algos[] = {p2tree_name(k), NULL};
    int rc = cli_mproof_read(path, algos, CLI_MP_LEAVES, m, why, cap);
    if (!rc && (m->leaves == 0 || (m->leaves & (m->leaves - 1)) || m->leaves > SIZE_MAX / 2))
        rc = (snprintf(why, cap, "the leaf count %llu is not a power of two", (unsigned long long)m->leaves), -1);
    if (!rc && m->idx[m->k - 1] >= m->leaves)
        rc = (snprintf(why, cap, "leaf %llu is out of range for %llu leaves", (unsigned long long)m->idx[m->k - 1],
                       (unsigned long long)m->leaves),
              -1);
    for (size_t j = 0; !rc && j < m->nsib; j++)
        if (node_from_text(k, m->sib + NODE * j, m->sib + NODE * j))
            rc = (snprintf(why, cap, "the sibling on line %zu has an element not below p", m->first_sib_line + j), -1);
    return rc;
}

/* The opened leaves (BN254 elements, or rows of width as uint32_t) in index
 * order into a malloc'd *opened: the file holds the k opened ones or the
 * whole tree's (with --pad short of the padding). 0, or 1 after a FAILED
 * line or a message. */
static int opened_leaves(p2t_kind k, const char *file, int pad, size_t width, const cli_mproof *m, void **opened) {
    zkp_poseidon_fr *all;
    size_t n;
    if (ptree_load_leaves(file, PTREE_ANY_COUNT, &all, &n)) return 1;
    const size_t unit = k == T_BN254 ? sizeof(zkp_poseidon_fr) : width * sizeof(uint32_t);
    char why[400];
    if (k != T_BN254 && n % width) {
        snprintf(why, sizeof why, "%s: %zu elements are not whole rows of --width %zu", file, n, width);
        return free(all), ptree_failed(why);
    }
    const size_t nrows = k == T_BN254 ? n : n / width;
    const int whole = pad || nrows != m->k;
    if (whole && (pad ? (size_t)1 << ptree_depth(nrows) : nrows) != m->leaves) {
        snprintf(why, sizeof why, "%s has neither the tree's %llu leaves nor the %zu opened ones", file,
                 (unsigned long long)m->leaves, m->k);
        return free(all), ptree_failed(why);
    }
    uint8_t *out = calloc(m->k, unit);
    uint32_t *row31 = k == T_BN254 ? NULL : malloc(n * sizeof *row31 + 1);
    if (!out || (k != T_BN254 && !row31)) {
        free(all), free(out), free(row31);
        return ptree_failed("out of memory");
    }
    if (row31 && p2tree_to31(k, all, n, row31, file)) {
        free(all), free(out), free(row31);
        return 1;
    }
    const uint8_t *src = row31 ? (const uint8_t *)row31 : (const uint8_t *)all;
    for (size_t i = 0; i < m->k; i++) {
        const size_t at = whole ? (size_t)m->idx[i] : i;
        if (at < nrows) memcpy(out + i * unit, src + at * unit, unit); /* else a zero padding row */
    }
    free(all), free(row31);
    *opened = out;
    return 0;
}

static zkp_status verify(p2t_kind k, const zkp_poseidon_fr *root, const void *opened, size_t width,
                         const cli_mproof *m, unsigned threads) {
    const size_t depth = ptree_depth((size_t)m->leaves);
    if (k == T_BN254)
        return zkp_poseidon2_bn254_tree_multi_verify(root, opened, m->idx, m->k, (const zkp_poseidon_fr *)(void *)m->sib,
                                                     m->nsib, depth, threads);
    uint32_t r[8];
    for (int i = 0; i < 8; i++) r[i] = (uint32_t)root[i].limb[0];
    return (k == T_BABYBEAR ? zkp_poseidon2_babybear_tree_multi_verify : zkp_poseidon2_koalabear_tree_multi_verify)(
        r, opened, width, m->idx, m->k, (const uint32_t *)(void *)m->sib, m->nsib, depth, threads);
}

static int multi_verify(p2t_kind k, const char *root_text, const char *file, const char *mproof, int pad,
                        size_t width, unsigned threads) {
    const size_t node = k == T_BN254 ? 1 : 8;
    zkp_poseidon_fr root[8];
    char rt[1024], why[400];
    long nr = strlen(root_text) < sizeof rt ? p2tree_parse_list(k, strcpy(rt, root_text), root, 8) : -1;
    if (nr == -2) return ptree_failed("the trusted root is not below p");
    if (nr != (long)node) return cli_usage_error("tree", "ROOT needs %zu field element(s)", node);
    cli_mproof m;
    void *opened = NULL;
    int rc;
    const int r = read_mproof(k, mproof, &m, why, sizeof why);
    if (r > 0) rc = 1;
    else if (r < 0) {
        char msg[460];
        snprintf(msg, sizeof msg, "%s: %s", mproof, why);
        rc = ptree_failed(msg);
    } else if ((rc = opened_leaves(k, file, pad, width, &m, &opened)) == 0) {
        rc = ptree_multi_verdict(verify(k, root, opened, width, &m, threads), mproof, m.nsib);
    }
    cli_mproof_free(&m);
    free(opened);
    return rc;
}

/* ---- arguments ------------------------------------------------------------------------ */

int p2tree_multi(p2t_kind k, int argc, char **argv) {
    cli_multi_args o;
    int rc = cli_multi_args_parse(argc, argv, k != T_BN254, &o);
    if (rc) return rc;
    const int prove = o.prove, npos = o.npos, pad = o.pad, threads = o.threads;
    const char *const *pos = o.pos, *list = o.list;
    const size_t width = o.width;
    if (!prove) {
        if (npos != 3)
            return cli_usage_error("tree", "usage: zkprim tree -a %s verify --multi ROOT LEAVES|OPENED MPROOF",
                                   p2tree_name(k));
        return multi_verify(k, pos[0], pos[1], pos[2], pad, width, (unsigned)threads);
    }
    if (npos != 1) return cli_usage_error("tree", "usage: zkprim tree -a %s prove --multi I,J,... LEAVES", p2tree_name(k));
    uint64_t *idx;
    size_t kk;
    if ((rc = cli_tree_multi_indices(list, 1, &idx, &kk)) != 0) return rc;
    rc = multi_prove(k, pos[0], pad, width, idx, kk);
    free(idx);
    return rc;
}
