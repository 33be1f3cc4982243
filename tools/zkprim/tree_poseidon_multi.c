/*
 * `zkprim tree -a poseidon prove --multi I,J,... LEAVES` and
 * `zkprim tree -a poseidon verify --multi ROOT LEAVES|OPENED MPROOF`:
 * multiproofs of the Poseidon BN254 tree (zkp_poseidon_tree_multi_proof /
 * _multi_verify), in the text format of multiproof_text.h with the field
 * leaves (the tree's leaf count, a power of two: the leaves are elements,
 * not bytes) and each sibling element as 32 bytes big-endian.
 *
 * verify takes the trusted ROOT (decimal or 0x-hex), then either the whole
 * LEAVES file (N elements, or fewer with --pad) or the k opened leaves one a
 * line in index order, and prints OK (exit 0) or FAILED: why (exit 1).
 */
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "multiproof_text.h"
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
    /* each element as 32 bytes big-endian, in place (an element is 32 bytes) */
    for (size_t j = 0; j < size; j++) {
        uint8_t be[32];
        zkp_poseidon_fr_to_be(be, &proof[j]);
        memcpy(&proof[j], be, 32);
    }
    const cli_mproof m = {.algo = "poseidon", .fields = CLI_MP_LEAVES, .leaves = n, .idx = (uint64_t *)idx, .k = k,
                          .sib = (uint8_t *)proof, .nsib = size};
    cli_mproof_print(&m);
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

/* The multiproof file as elements; 0, 1 after a message (unreadable), or
 * -1 with why. */
static int read_mproof(const char *path, pm_proof *m, char *why, size_t cap) {
    static const char *const algos[] = {"poseidon", NULL};
    cli_mproof mp;
    int rc = cli_mproof_read(path, algos, CLI_MP_LEAVES, &mp, why, cap);
    m->idx = mp.idx, m->k = mp.k, mp.idx = NULL; /* m owns the indices */
    if (!rc && (mp.leaves == 0 || (mp.leaves & (mp.leaves - 1)) || mp.leaves > SIZE_MAX / 2))
        rc = (snprintf(why, cap, "the leaf count %llu is not a power of two", (unsigned long long)mp.leaves), -1);
    m->leaves = (size_t)mp.leaves;
    if (!rc && m->idx[m->k - 1] >= m->leaves)
        rc = (snprintf(why, cap, "leaf %llu is out of range for %zu leaves", (unsigned long long)m->idx[m->k - 1], m->leaves), -1);
    if (!rc && !(m->sib = malloc((mp.nsib + 1) * sizeof *m->sib))) rc = (snprintf(why, cap, "out of memory"), -1);
    for (size_t j = 0; !rc && j < mp.nsib; j++, m->nsib++)
        if (zkp_poseidon_fr_from_be(&m->sib[j], mp.sib + 32 * j) != ZKP_OK)
            rc = (snprintf(why, cap, "the sibling on line %zu is not below the field modulus p", mp.first_sib_line + j), -1);
    cli_mproof_free(&mp);
    return rc;
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

int ptree_multi_verdict(zkp_status st, const char *mproof, size_t nsib) {
    if (st == ZKP_OK) {
        printf("OK\n");
        return ptree_finish_output(0);
    }
    if (st == ZKP_ERR_PROOF_SHAPE) {
        char why[400]; /* the callers' size, so the message is cut where it was */
        snprintf(why, sizeof why, "%s has %zu siblings; these indices need a different number", mproof, nsib);
        return ptree_failed(why);
    }
    return ptree_failed(st == ZKP_ERR_VERIFY ? "the leaves and multiproof do not lead to this root" : zkp_status_str(st));
}

static int multi_verify(const char *root_text, const char *file, const char *mproof, int pad, unsigned threads) {
    zkp_poseidon_fr root, *opened = NULL;
    int rc = ptree_trusted_root("ROOT", root_text, &root);
    if (rc) return rc;
    char why[400];
    pm_proof m = {0};
    const int r = read_mproof(mproof, &m, why, sizeof why);
    if (r > 0) rc = 1;
    else if (r < 0) {
        char msg[460];
        snprintf(msg, sizeof msg, "%s: %s", mproof, why);
        rc = ptree_failed(msg);
    } else if ((rc = opened_leaves(file, pad, &m, &opened)) == 0) {
        const zkp_status st =
            zkp_poseidon_tree_multi_verify(&root, opened, m.idx, m.k, m.sib, m.nsib, ptree_depth(m.leaves), threads);
        rc = ptree_multi_verdict(st, mproof, m.nsib);
    }
    free(m.idx);
    free(m.sib);
    free(opened);
    return rc;
}

/* ---- arguments -------------------------------------------------------------------- */

int ptree_multi(int argc, char **argv) {
    cli_multi_args o;
    int rc = cli_multi_args_parse(argc, argv, 0, &o);
    if (rc) return rc;
    const int prove = o.prove, npos = o.npos, pad = o.pad, threads = o.threads;
    const char *const *pos = o.pos, *list = o.list;
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
