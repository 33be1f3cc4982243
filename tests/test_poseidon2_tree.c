/*
 * Poseidon2 Merkle trees (poseidon2.h, src/poseidon2/tree.c and
 * multiproof.c on the tree engine):
 *  - 31-bit roots and every node of tree_build against a naive recursive
 *    tree over the definitional oracle (tests/ref/poseidon2_ref.c: the
 *    textbook permutation, Plonky3's sponge and truncated compression
 *    written out here), at every CPU level, for leaf counts around the
 *    engine's group and run sizes (64, 256 leaves) and row lengths around
 *    the sponge's rate (1, 7, 8, 9, 17);
 *  - BN254 roots against a naive recursive tree over the public Noir hash
 *    (which test_poseidon2 holds to its oracle and Noir's vectors: the
 *    bigint oracle is too slow for trees);
 *  - proofs, verify (a flipped sibling, row or index fails), verify_batch
 *    (threads 1 and 3; a flipped sibling fails) and every documented error.
 */
#include <stdlib.h>
#include <string.h>

#include "harness.h"
#include "poseidon2/params.h"
#include "poseidon2_ref.h"
#include "zkprim/poseidon2.h"

/* ---- the oracle ---------------------------------------------------------------- */

typedef struct fam {
    const char *name;
    uint32_t p;
    const zkpi_p2_inst *lib; /* width 16: its constants, read back to canonical form */
    uint32_t rc[8 * 16 + 20], diag[16];
    zkp_status (*root)(const uint32_t *, size_t, size_t, uint32_t *);
    zkp_status (*build)(const uint32_t *, size_t, size_t, uint32_t *);
    zkp_status (*proof)(const uint32_t *, size_t, uint64_t, uint32_t *);
    zkp_status (*verify)(const uint32_t *, const uint32_t *, size_t, uint64_t, const uint32_t *, size_t);
    zkp_status (*verify_batch)(const uint32_t *, const uint32_t *, size_t, const uint64_t *, size_t,
                               const uint32_t *, size_t, unsigned);
} fam;

static fam k_fam[2] = {
    {"babybear", 2013265921u, &zkpi_p2_babybear16, {0}, {0}, zkp_poseidon2_babybear_tree_root,
     zkp_poseidon2_babybear_tree_build, zkp_poseidon2_babybear_tree_proof, zkp_poseidon2_babybear_tree_verify,
     zkp_poseidon2_babybear_tree_verify_batch},
    {"koalabear", 2130706433u, &zkpi_p2_koalabear16, {0}, {0}, zkp_poseidon2_koalabear_tree_root,
     zkp_poseidon2_koalabear_tree_build, zkp_poseidon2_koalabear_tree_proof, zkp_poseidon2_koalabear_tree_verify,
     zkp_poseidon2_koalabear_tree_verify_batch},
};

/* The library keeps its constants in Montgomery form (x 2^32): read them
 * back (the vectors in test_poseidon2 pin them). */
static void setup(fam *f) {
    p2ref_from_montgomery31(f->p, f->lib->rc, 8 * 16 + f->lib->rp, f->rc);
    p2ref_from_montgomery31(f->p, f->lib->diag, 16, f->diag);
}

static void perm(const fam *f, uint32_t s[16]) {
    p2ref_permute31(f->p, 16, 8, f->lib->rp, f->lib->alpha, f->rc, f->diag, s);
}

/* Plonky3's PaddingFreeSponge<16, 8, 8>, written out. */
static void ref_hash(const fam *f, const uint32_t *in, size_t n, uint32_t out[8]) {
    uint32_t s[16] = {0};
    for (size_t i = 0; i < n; i += 8) {
        for (size_t j = 0; j < 8 && i + j < n; j++) s[j] = in[i + j];
        perm(f, s);
    }
    memcpy(out, s, 8 * sizeof *s);
}

/* TruncatedPermutation<2, 8, 16>. */
static void ref_compress(const fam *f, const uint32_t l[8], const uint32_t r[8], uint32_t out[8]) {
    uint32_t s[16];
    memcpy(s, l, 32);
    memcpy(s + 8, r, 32);
    perm(f, s);
    memcpy(out, s, 32);
}

/* The tree's definition: a leaf is the hash of its row, a node the
 * compression of its two halves' roots. */
static void ref_root(const fam *f, const uint32_t *rows, size_t n, size_t row_len, uint32_t out[8]) {
    if (n == 1) {
        ref_hash(f, rows, row_len, out);
        return;
    }
    uint32_t l[8], r[8];
    ref_root(f, rows, n / 2, row_len, l);
    ref_root(f, rows + n / 2 * row_len, n / 2, row_len, r);
    ref_compress(f, l, r, out);
}

static uint32_t rand_elem(uint32_t p) {
    switch (th_rand_below(6)) {
    case 0: return 0;
    case 1: return p - 1;
    default: return (uint32_t)th_rand_below(p);
    }
}

/* ---- 31-bit trees ----------------------------------------------------------------- */

typedef struct tcase {
    size_t n, row_len;
} tcase;

static const tcase k_cases[] = {{1, 1}, {2, 8}, {4, 7}, {8, 9}, {16, 17}, {64, 8}, {128, 1}, {512, 3}};

static void roots_at_level(void *ctx) {
    (void)ctx;
    for (int fi = 0; fi < 2; fi++) { /* fixed set: BabyBear, KoalaBear */
        const fam *f = &k_fam[fi];
        for (size_t c = 0; c < ZKP_ARRAY_LEN(k_cases); c++) {
            size_t n = k_cases[c].n, rl = k_cases[c].row_len;
            uint32_t *rows = malloc(n * rl * sizeof *rows), want[8], got[8];
            for (size_t i = 0; i < n * rl; i++) rows[i] = rand_elem(f->p);
            ref_root(f, rows, n, rl, want);
            CHECK_STATUS(f->root(rows, n, rl, got), ZKP_OK);
            CHECK_MSG(memcmp(got, want, sizeof got) == 0, "%s root n=%zu row_len=%zu at %s (%s)", f->name, n, rl,
                      th_level(), zkp_poseidon2_implementation());
            free(rows);
        }
    }
}

static void test_build_proofs(const fam *f, size_t n, size_t rl) {
    uint32_t *rows = malloc(n * rl * sizeof *rows), *nodes = malloc((2 * n - 1) * 8 * sizeof *nodes);
    for (size_t i = 0; i < n * rl; i++) rows[i] = rand_elem(f->p);
    uint32_t root[8], want[8];
    CHECK_STATUS(f->build(rows, n, rl, nodes), ZKP_OK);
    CHECK_STATUS(f->root(rows, n, rl, root), ZKP_OK);
    CHECK_EQ_BYTES(nodes + (2 * n - 2) * 8, root, 32);
    for (size_t i = 0; i < n; i++) { /* level 0 is the row digests */
        ref_hash(f, rows + i * rl, rl, want);
        CHECK_EQ_BYTES(nodes + i * 8, want, 32);
    }
    size_t depth = 0;
    while (((size_t)1 << depth) < n) depth++;
    uint32_t *proofs = malloc((n * depth + 1) * 8 * sizeof *proofs);
    for (size_t i = 0; i < n; i++) {
        uint32_t *pf = proofs + i * depth * 8;
        CHECK_STATUS(f->proof(nodes, n, i, pf), ZKP_OK);
        CHECK_STATUS(f->verify(root, rows + i * rl, rl, i, pf, depth), ZKP_OK);
        if (depth) {
            CHECK_STATUS(f->verify(root, rows + i * rl, rl, i ^ 1, pf, depth), ZKP_ERR_VERIFY);
            size_t at = th_rand_below(depth * 8);
            pf[at] = (pf[at] + 1) % f->p;
            CHECK_STATUS(f->verify(root, rows + i * rl, rl, i, pf, depth), ZKP_ERR_VERIFY);
            pf[at] = (pf[at] + f->p - 1) % f->p;
        }
        uint32_t r0 = rows[i * rl];
        rows[i * rl] = (r0 + 1) % f->p;
        CHECK_STATUS(f->verify(root, rows + i * rl, rl, i, pf, depth), ZKP_ERR_VERIFY);
        rows[i * rl] = r0;
    }
    /* batched openings: every other leaf, then all of them */
    uint64_t *idx = malloc(n * sizeof *idx);
    uint32_t *orows = malloc(n * rl * sizeof *orows), *oproofs = malloc((n * depth + 1) * 8 * sizeof *oproofs);
    for (size_t step = 2; step >= 1; step--) {
        size_t k = 0;
        for (size_t i = 0; i < n; i += step, k++) {
            idx[k] = i;
            memcpy(orows + k * rl, rows + i * rl, rl * sizeof *rows);
            memcpy(oproofs + k * depth * 8, proofs + i * depth * 8, depth * 32);
        }
        for (unsigned th = 1; th <= 3; th += 2)
            CHECK_STATUS(f->verify_batch(root, orows, rl, idx, k, oproofs, depth, th), ZKP_OK);
        if (depth) {
            size_t at = th_rand_below(k * depth * 8);
            oproofs[at] = (oproofs[at] + 1) % f->p;
            CHECK_STATUS(f->verify_batch(root, orows, rl, idx, k, oproofs, depth, 1), ZKP_ERR_VERIFY);
            oproofs[at] = (oproofs[at] + f->p - 1) % f->p;
        }
        if (k > 1) {
            idx[1] = idx[0];
            CHECK_STATUS(f->verify_batch(root, orows, rl, idx, k, oproofs, depth, 1), ZKP_ERR_PROOF_SHAPE);
        }
    }
    free(idx), free(orows), free(oproofs), free(proofs), free(rows), free(nodes);
}

static void test_errors31(const fam *f) {
    uint32_t rows[4 * 2] = {0}, root[8], nodes[7 * 8], proof[2 * 8] = {0};
    uint64_t idx[1] = {0};
    CHECK_STATUS(f->root(rows, 3, 2, root), ZKP_ERR_COUNT);
    CHECK_STATUS(f->root(rows, 0, 2, root), ZKP_ERR_COUNT);
    CHECK_STATUS(f->root(rows, 4, 0, root), ZKP_ERR_COUNT);
    CHECK_STATUS(f->root(NULL, 4, 2, root), ZKP_ERR_NULL);
    CHECK_STATUS(f->root(rows, 4, 2, NULL), ZKP_ERR_NULL);
    CHECK_STATUS(f->root(rows, 4, SIZE_MAX / 2, root), ZKP_ERR_LENGTH);
    rows[5] = f->p;
    CHECK_STATUS(f->root(rows, 4, 2, root), ZKP_ERR_RANGE);
    memset(nodes, 0xab, sizeof nodes);
    CHECK_STATUS(f->build(rows, 4, 2, nodes), ZKP_ERR_RANGE);
    CHECK(nodes[0] == 0xabababab); /* nothing written */
    rows[5] = 0;
    CHECK_STATUS(f->build(rows, 4, 2, nodes), ZKP_OK);
    CHECK_STATUS(f->root(rows, 4, 2, root), ZKP_OK);
    CHECK_STATUS(f->proof(nodes, 4, 4, proof), ZKP_ERR_RANGE);
    CHECK_STATUS(f->proof(nodes, 5, 0, proof), ZKP_ERR_COUNT);
    CHECK_STATUS(f->proof(NULL, 4, 0, proof), ZKP_ERR_NULL);
    CHECK_STATUS(f->proof(nodes, 4, 0, NULL), ZKP_ERR_NULL);
    CHECK_STATUS(f->proof(nodes, 4, 1, proof), ZKP_OK);
    CHECK_STATUS(f->verify(root, rows + 2, 2, 1, proof, 2), ZKP_OK);
    CHECK_STATUS(f->verify(root, rows + 2, 2, 4, proof, 2), ZKP_ERR_RANGE);
    CHECK_STATUS(f->verify(root, rows + 2, 2, 1, proof, 65), ZKP_ERR_PROOF_SHAPE);
    CHECK_STATUS(f->verify(root, rows + 2, 0, 1, proof, 2), ZKP_ERR_COUNT);
    CHECK_STATUS(f->verify(NULL, rows + 2, 2, 1, proof, 2), ZKP_ERR_NULL);
    CHECK_STATUS(f->verify(root, rows + 2, 2, 1, NULL, 2), ZKP_ERR_NULL);
    proof[3] = f->p;
    CHECK_STATUS(f->verify(root, rows + 2, 2, 1, proof, 2), ZKP_ERR_RANGE);
    idx[0] = 1;
    CHECK_STATUS(f->verify_batch(root, rows + 2, 2, idx, 1, proof, 2, 1), ZKP_ERR_RANGE);
    proof[3] = 0;
    CHECK_STATUS(f->verify_batch(root, rows + 2, 2, idx, 0, proof, 2, 1), ZKP_ERR_COUNT);
    CHECK_STATUS(f->verify_batch(root, rows + 2, 2, idx, 1, proof, 65, 1), ZKP_ERR_PROOF_SHAPE);
    idx[0] = 4;
    CHECK_STATUS(f->verify_batch(root, rows + 2, 2, idx, 1, proof, 2, 1), ZKP_ERR_RANGE);
    CHECK_STATUS(f->verify_batch(NULL, rows + 2, 2, idx, 1, proof, 2, 1), ZKP_ERR_NULL);
    root[0] = 0xffffffffu;
    CHECK_STATUS(f->verify(root, rows + 2, 2, 1, proof, 2), ZKP_ERR_RANGE);
}

static void test_31(void) {
    th_section("31-bit trees vs the naive oracle tree, every CPU level");
    for (int fi = 0; fi < 2; fi++) setup(&k_fam[fi]);
    th_for_each_cpu_level(roots_at_level, NULL);
    th_section("31-bit build, proofs, verify, verify_batch, errors");
    for (int fi = 0; fi < 2; fi++) {
        test_build_proofs(&k_fam[fi], 1, 3);
        test_build_proofs(&k_fam[fi], 2, 8);
        test_build_proofs(&k_fam[fi], 32, 9);
        test_errors31(&k_fam[fi]);
    }
}

/* ---- BN254 --------------------------------------------------------------------------- */

static zkp_poseidon_fr rand_fr(void) {
    zkp_poseidon_fr x = {{0}};
    if (th_rand_below(4) == 0) return x;
    for (int i = 0; i < 4; i++) x.limb[i] = th_rand64();
    x.limb[3] &= 0x0fffffffffffffffu; /* < 2^252 < p */
    return x;
}

static void bn_ref_root(const zkp_poseidon_fr *leaves, size_t n, zkp_poseidon_fr *out) {
    if (n == 1) {
        *out = leaves[0];
        return;
    }
    zkp_poseidon_fr pair[2];
    bn_ref_root(leaves, n / 2, &pair[0]);
    bn_ref_root(leaves + n / 2, n / 2, &pair[1]);
    CHECK_STATUS(zkp_poseidon2_bn254_hash(pair, 2, out), ZKP_OK);
}

static void test_bn254(void) {
    th_section("bn254 trees vs the naive tree over Noir's hash");
    static const size_t ns[] = {1, 2, 4, 16, 128};
    for (size_t c = 0; c < ZKP_ARRAY_LEN(ns); c++) {
        size_t n = ns[c], depth = 0;
        while (((size_t)1 << depth) < n) depth++;
        zkp_poseidon_fr *leaves = malloc(n * sizeof *leaves), *nodes = malloc((2 * n - 1) * sizeof *nodes);
        zkp_poseidon_fr *proofs = malloc((n * depth + 1) * sizeof *proofs), root, want;
        uint64_t *idx = malloc(n * sizeof *idx);
        for (size_t i = 0; i < n; i++) leaves[i] = rand_fr(), idx[i] = i;
        bn_ref_root(leaves, n, &want);
        CHECK_STATUS(zkp_poseidon2_bn254_tree_root(leaves, n, &root), ZKP_OK);
        CHECK_MSG(memcmp(&root, &want, sizeof root) == 0, "bn254 root n=%zu", n);
        CHECK_STATUS(zkp_poseidon2_bn254_tree_build(leaves, n, nodes), ZKP_OK);
        CHECK_EQ_BYTES(&nodes[2 * n - 2], &want, sizeof want);
        CHECK_EQ_BYTES(nodes, leaves, n * sizeof *leaves);
        for (size_t i = 0; i < n; i++) {
            CHECK_STATUS(zkp_poseidon2_bn254_tree_proof(nodes, n, i, proofs + i * depth), ZKP_OK);
            CHECK_STATUS(zkp_poseidon2_bn254_tree_verify(&root, &leaves[i], i, proofs + i * depth, depth), ZKP_OK);
            /* the other side of the bottom pair (unless both leaves are equal) */
            if (depth && memcmp(&leaves[i], &leaves[i ^ 1], sizeof *leaves) != 0)
                CHECK_STATUS(zkp_poseidon2_bn254_tree_verify(&root, &leaves[i], i ^ 1, proofs + i * depth, depth),
                             ZKP_ERR_VERIFY);
        }
        CHECK_STATUS(zkp_poseidon2_bn254_tree_verify_batch(&root, leaves, idx, n, proofs, depth, 2), ZKP_OK);
        if (depth) {
            size_t at = th_rand_below(n * depth);
            proofs[at].limb[0] ^= 1;
            CHECK_STATUS(zkp_poseidon2_bn254_tree_verify_batch(&root, leaves, idx, n, proofs, depth, 1),
                         ZKP_ERR_VERIFY);
            CHECK_STATUS(zkp_poseidon2_bn254_tree_verify(&root, &leaves[at / depth], at / depth,
                                                         proofs + at / depth * depth, depth),
                         ZKP_ERR_VERIFY);
        }
        free(leaves), free(nodes), free(proofs), free(idx);
    }
    th_section("bn254 tree errors");
    zkp_poseidon_fr l[4] = {{{0}}}, root, nodes[7], pf[2] = {{{0}}};
    uint64_t idx[1] = {0};
    CHECK_STATUS(zkp_poseidon2_bn254_tree_root(l, 3, &root), ZKP_ERR_COUNT);
    CHECK_STATUS(zkp_poseidon2_bn254_tree_root(NULL, 4, &root), ZKP_ERR_NULL);
    l[2].limb[0] = l[2].limb[1] = l[2].limb[2] = l[2].limb[3] = ~(uint64_t)0;
    CHECK_STATUS(zkp_poseidon2_bn254_tree_root(l, 4, &root), ZKP_ERR_RANGE);
    CHECK_STATUS(zkp_poseidon2_bn254_tree_build(l, 4, nodes), ZKP_ERR_RANGE);
    CHECK_STATUS(zkp_poseidon2_bn254_tree_verify(&l[0], &l[2], 0, pf, 2), ZKP_ERR_RANGE);
    CHECK_STATUS(zkp_poseidon2_bn254_tree_verify_batch(&l[0], &l[2], idx, 1, pf, 2, 1), ZKP_ERR_RANGE);
    memset(&l[2], 0, sizeof l[2]);
    CHECK_STATUS(zkp_poseidon2_bn254_tree_build(l, 4, nodes), ZKP_OK);
    CHECK_STATUS(zkp_poseidon2_bn254_tree_proof(nodes, 4, 4, pf), ZKP_ERR_RANGE);
    CHECK_STATUS(zkp_poseidon2_bn254_tree_verify(&nodes[6], &l[0], 0, pf, 65), ZKP_ERR_PROOF_SHAPE);
    CHECK_STATUS(zkp_poseidon2_bn254_tree_verify(&nodes[6], &l[0], 4, pf, 2), ZKP_ERR_RANGE);
    CHECK_STATUS(zkp_poseidon2_bn254_tree_verify_batch(&nodes[6], l, idx, 0, pf, 2, 1), ZKP_ERR_COUNT);
}

int main(void) {
    th_init("test_poseidon2_tree");
    test_31();
    test_bn254();
    return th_finish();
}
