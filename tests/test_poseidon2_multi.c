/*
 * Poseidon2 multiproofs and batched openings (poseidon2.h, src/poseidon2/
 * multiproof.c on core/multiproof.c) for the three trees (BabyBear,
 * KoalaBear, BN254), at every CPU level:
 *
 *  - multi_proof_size and the multiproof's nodes against the definitional
 *    oracle (ref/multiproof_oracle.c: the set of needed siblings, read here
 *    out of tree_build's node array), and the root the oracle computes from
 *    the multiproof one pair at a time with the public single hashes
 *    (hash / compress; test_poseidon2_tree holds those trees to the
 *    permutation oracle) equals the tree's root;
 *  - multi_verify (1, 2, 3 threads) and verify_batch accept a fresh set, and
 *    verify_batch is the AND of the single verifiers; the size equals the
 *    Poseidon (circom) tree's for the same set: one engine, one shape;
 *  - random sets of 2^k leaves (k = 0..6, BN254 0..4): every leaf, first and last,
 *    sibling pairs, the last leaf alone;
 *  - tampering: a multiproof node, an opened element or the root changed
 *    (to another value below p) -> ZKP_ERR_VERIFY; a duplicate or unsorted
 *    index, an index out of range, an empty set, a multiproof one node
 *    longer or shorter, an element >= p, a short cap, 2^k +- 1 leaves: the
 *    statuses the header names, the shape ones equal to what the Poseidon
 *    tree's multi_verify says for the same set.
 */
#include <stdlib.h>
#include <string.h>

#include "harness.h"
#include "multiproof_oracle.h"
#include "zkprim/poseidon.h"
#include "zkprim/poseidon2.h"

#define MAX_N 64
#define MAX_ROW 17
#define MAX_SIB (MAX_N * 6)

/* One tree family; nodes are 32 bytes in every one. For BN254 a row is one
 * element (row_len 1) and rows are zkp_poseidon_fr. */
typedef struct p2fam {
    const char *name;
    uint32_t p; /* 0: BN254 */
    zkp_status (*build)(const uint32_t *, size_t, size_t, uint32_t *);
    zkp_status (*proof)(const uint32_t *, size_t, uint64_t, uint32_t *);
    zkp_status (*verify)(const uint32_t *, const uint32_t *, size_t, uint64_t, const uint32_t *, size_t);
    zkp_status (*batch)(const uint32_t *, const uint32_t *, size_t, const uint64_t *, size_t, const uint32_t *, size_t,
                        unsigned);
    zkp_status (*multi_proof)(const uint32_t *, size_t, const uint64_t *, size_t, uint32_t *, size_t, size_t *);
    zkp_status (*multi_verify)(const uint32_t *, const uint32_t *, size_t, const uint64_t *, size_t, const uint32_t *,
                               size_t, size_t, unsigned);
    zkp_status (*hash)(const uint32_t *, size_t, uint32_t *);
    zkp_status (*compress)(const uint32_t *, const uint32_t *, uint32_t *);
} p2fam;

static const p2fam k_fams[] = {
    {"babybear", ZKP_POSEIDON2_BABYBEAR_P, zkp_poseidon2_babybear_tree_build, zkp_poseidon2_babybear_tree_proof,
     zkp_poseidon2_babybear_tree_verify, zkp_poseidon2_babybear_tree_verify_batch,
     zkp_poseidon2_babybear_tree_multi_proof, zkp_poseidon2_babybear_tree_multi_verify, zkp_poseidon2_babybear_hash,
     zkp_poseidon2_babybear_compress},
    {"koalabear", ZKP_POSEIDON2_KOALABEAR_P, zkp_poseidon2_koalabear_tree_build, zkp_poseidon2_koalabear_tree_proof,
     zkp_poseidon2_koalabear_tree_verify, zkp_poseidon2_koalabear_tree_verify_batch,
     zkp_poseidon2_koalabear_tree_multi_proof, zkp_poseidon2_koalabear_tree_multi_verify,
     zkp_poseidon2_koalabear_hash, zkp_poseidon2_koalabear_compress},
    {"bn254", 0, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL},
};

/* ---- one tree and one opened set -------------------------------------------- */

typedef struct tree {
    const p2fam *f;
    size_t n, rl, depth;
    uint32_t rows[MAX_N * MAX_ROW];   /* 31-bit rows, or n BN254 leaves (8 words each) */
    uint32_t nodes[(2 * MAX_N) * 8];  /* tree_build's 2n - 1 nodes */
    /* the opened set */
    size_t k;
    uint64_t idx[MAX_N];
    uint32_t orows[MAX_N * MAX_ROW];
    uint32_t proofs[MAX_N * 6 * 8];   /* single proofs back to back */
    uint32_t multi[MAX_SIB * 8];
    size_t multi_n;
    uint32_t root[8];
} tree;

static tree g_t;

static int is_bn(const tree *t) { return t->f->p == 0; }
static size_t row_words(const tree *t) { return is_bn(t) ? 8 : t->rl; }

/* The BN254 functions through the 31-bit family's shape: a row is one
 * element and a node the 8 words of an element. */
static zkp_status bn_build(const uint32_t *rows, size_t n, size_t rl, uint32_t *nodes) {
    (void)rl;
    return zkp_poseidon2_bn254_tree_build((const zkp_poseidon_fr *)(const void *)rows, n,
                                          (zkp_poseidon_fr *)(void *)nodes);
}

static zkp_status t_build(tree *t) {
    return is_bn(t) ? bn_build(t->rows, t->n, 1, t->nodes) : t->f->build(t->rows, t->n, t->rl, t->nodes);
}

static zkp_status t_proof(const tree *t, uint64_t i, uint32_t *out) {
    if (is_bn(t))
        return zkp_poseidon2_bn254_tree_proof((const zkp_poseidon_fr *)(const void *)t->nodes, t->n, i,
                                              (zkp_poseidon_fr *)(void *)out);
    return t->f->proof(t->nodes, t->n, i, out);
}

static zkp_status t_single(const tree *t, size_t j) {
    const uint32_t *row = t->orows + j * row_words(t), *pf = t->proofs + j * t->depth * 8;
    if (is_bn(t))
        return zkp_poseidon2_bn254_tree_verify((const zkp_poseidon_fr *)(const void *)t->root,
                                               (const zkp_poseidon_fr *)(const void *)row, t->idx[j],
                                               (const zkp_poseidon_fr *)(const void *)pf, t->depth);
    return t->f->verify(t->root, row, t->rl, t->idx[j], pf, t->depth);
}

static zkp_status t_batch(const tree *t, unsigned threads) {
    if (is_bn(t))
        return zkp_poseidon2_bn254_tree_verify_batch(
            (const zkp_poseidon_fr *)(const void *)t->root, (const zkp_poseidon_fr *)(const void *)t->orows, t->idx,
            t->k, (const zkp_poseidon_fr *)(const void *)t->proofs, t->depth, threads);
    return t->f->batch(t->root, t->orows, t->rl, t->idx, t->k, t->proofs, t->depth, threads);
}

static zkp_status t_multi_proof(const tree *t, uint32_t *out, size_t cap, size_t *count) {
    if (is_bn(t))
        return zkp_poseidon2_bn254_tree_multi_proof((const zkp_poseidon_fr *)(const void *)t->nodes, t->n, t->idx,
                                                    t->k, (zkp_poseidon_fr *)(void *)out, cap, count);
    return t->f->multi_proof(t->nodes, t->n, t->idx, t->k, out, cap, count);
}

static zkp_status t_multi_n(const tree *t, size_t proof_n, unsigned threads) {
    if (is_bn(t))
        return zkp_poseidon2_bn254_tree_multi_verify(
            (const zkp_poseidon_fr *)(const void *)t->root, (const zkp_poseidon_fr *)(const void *)t->orows, t->idx,
            t->k, (const zkp_poseidon_fr *)(const void *)t->multi, proof_n, t->depth, threads);
    return t->f->multi_verify(t->root, t->orows, t->rl, t->idx, t->k, t->multi, proof_n, t->depth, threads);
}

static zkp_status t_multi(const tree *t, unsigned threads) { return t_multi_n(t, t->multi_n, threads); }

/* ---- the oracle's single hashes ------------------------------------------------ */

static const p2fam *g_pair_fam;

static void pair_hash(const uint8_t *l, const uint8_t *r, int is_top, uint8_t *out) {
    (void)is_top;
    if (!g_pair_fam->p) {
        zkp_poseidon_fr in[2], h;
        memcpy(&in[0], l, 32), memcpy(&in[1], r, 32);
        CHECK_STATUS(zkp_poseidon2_bn254_hash(in, 2, &h), ZKP_OK);
        memcpy(out, &h, 32);
        return;
    }
    uint32_t a[8], b[8], h[8];
    memcpy(a, l, 32), memcpy(b, r, 32);
    CHECK_STATUS(g_pair_fam->compress(a, b, h), ZKP_OK);
    memcpy(out, h, 32);
}

static void leaf_node(const tree *t, size_t j, uint8_t out[32]) {
    const uint32_t *row = t->orows + j * row_words(t);
    if (is_bn(t)) {
        memcpy(out, row, 32);
        return;
    }
    uint32_t h[8];
    CHECK_STATUS(t->f->hash(row, t->rl, h), ZKP_OK);
    memcpy(out, h, 32);
}

/* ---- random trees and sets ------------------------------------------------------- */

static uint32_t rand31(uint32_t p) {
    switch (th_rand_below(5)) {
    case 0: return 0;
    case 1: return p - 1;
    default: return (uint32_t)th_rand_below(p);
    }
}

static void rand_tree(tree *t, const p2fam *f, size_t n) {
    t->f = f;
    t->n = n;
    t->rl = is_bn(t) ? 1 : 1 + (size_t)th_rand_below(MAX_ROW);
    t->depth = 0;
    while (((size_t)1 << t->depth) < n) t->depth++;
    if (is_bn(t)) {
        zkp_poseidon_fr *l = (zkp_poseidon_fr *)(void *)t->rows;
        for (size_t i = 0; i < n; i++) {
            for (int w = 0; w < 4; w++) l[i].limb[w] = th_rand64();
            l[i].limb[3] &= 0x1fffffffffffffffull; /* < p */
        }
    } else {
        for (size_t i = 0; i < n * t->rl; i++) t->rows[i] = rand31(f->p);
    }
    CHECK_STATUS(t_build(t), ZKP_OK);
    memcpy(t->root, t->nodes + (2 * n - 2) * 8, 32);
}

static int cmp_u64(const void *a, const void *b) {
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return x < y ? -1 : x > y;
}

/* kind 0: every leaf; 1: first and last plus random; 2: sibling pairs;
 * 3: the last leaf alone; else random. Sorted, without repeats. */
static size_t random_set(size_t n, uint64_t *idx, unsigned kind) {
    if (kind == 0) {
        for (size_t i = 0; i < n; i++) idx[i] = i;
        return n;
    }
    if (kind == 3) return idx[0] = n - 1, 1;
    size_t k = 1 + (size_t)th_rand_below(n), m = 0;
    if (kind == 1) idx[m++] = 0, idx[m++] = n - 1;
    while (m < k) {
        uint64_t v = th_rand_below(n);
        idx[m++] = v;
        if (kind == 2 && m < k) idx[m++] = v ^ 1; /* n is even when n > 1; v ^ 1 < n */
    }
    qsort(idx, m, sizeof *idx, cmp_u64);
    size_t d = 0;
    for (size_t i = 0; i < m; i++)
        if (d == 0 || idx[i] != idx[d - 1]) idx[d++] = idx[i];
    return d;
}

static void open_set(tree *t) {
    const size_t w = row_words(t);
    for (size_t j = 0; j < t->k; j++) {
        memcpy(t->orows + j * w, t->rows + t->idx[j] * w, w * sizeof(uint32_t));
        CHECK_STATUS(t_proof(t, t->idx[j], t->proofs + j * t->depth * 8), ZKP_OK);
    }
    size_t size = 0;
    CHECK_STATUS(zkp_poseidon2_tree_multi_proof_size(t->idx, t->k, t->depth, &size), ZKP_OK);
    CHECK_STATUS(t_multi_proof(t, t->multi, MAX_SIB, &t->multi_n), ZKP_OK);
    CHECK_EQ_U64(t->multi_n, size);
}

/* ---- the checks --------------------------------------------------------------------- */

static void check_oracle(tree *t) {
    mpo_shape s = {(unsigned)t->depth, 0};
    static unsigned lev[MAX_SIB];
    static uint64_t node[MAX_SIB];
    size_t cnt = mpo_needed(&s, t->idx, t->k, lev, node, MAX_SIB);
    CHECK_EQ_U64(t->multi_n, cnt);
    for (size_t j = 0; j < cnt && j < t->multi_n; j++) { /* node j of level l: at 2n - 2(n >> l) + j */
        size_t at = 2 * t->n - 2 * (t->n >> lev[j]) + (size_t)node[j];
        CHECK_EQ_BYTES(t->multi + 8 * j, t->nodes + 8 * at, 32);
    }
    static uint8_t leaves[MAX_N][32];
    for (size_t j = 0; j < t->k; j++) leaf_node(t, j, leaves[j]);
    g_pair_fam = t->f;
    uint8_t root[32];
    CHECK(mpo_root(&s, t->idx, t->k, (const uint8_t(*)[32])leaves, (const uint8_t *)t->multi, t->multi_n,
                   pair_hash, root));
    CHECK_EQ_BYTES(root, t->root, 32);
    /* the Poseidon (circom) tree's multiproof of the same set has the same size */
    size_t psize = 0;
    CHECK_STATUS(zkp_poseidon_tree_multi_proof_size(t->idx, t->k, t->depth, &psize), ZKP_OK);
    CHECK_EQ_U64(psize, t->multi_n);
}

static void check_valid(tree *t) {
    int all = 1;
    for (size_t j = 0; j < t->k; j++) all &= t_single(t, j) == ZKP_OK;
    CHECK_MSG(all, "%s n=%zu k=%zu: a single proof fails", t->f->name, t->n, t->k);
    for (unsigned th = 1; th <= 3; th++) {
        CHECK_MSG(t_multi(t, th) == ZKP_OK, "%s n=%zu k=%zu: multi_verify at %u threads (%s)", t->f->name, t->n,
                  t->k, th, th_level());
        CHECK_MSG(t_batch(t, th) == ZKP_OK, "%s n=%zu k=%zu: verify_batch at %u threads", t->f->name, t->n, t->k, th);
    }
}

/* Element e (of 8 per node or per BN254 element) made another value below p. */
static void bump(const tree *t, uint32_t *x) {
    if (is_bn(t)) x[0] ^= 1u << th_rand_below(32); /* the lowest limb: stays below p */
    else *x = (*x + 1 + (uint32_t)th_rand_below(t->f->p - 1)) % t->f->p;
}

/* The element at x (a BN254 element: its top limb, in the host's order) made >= p. */
static void make_too_big(const tree *t, uint32_t *x) {
    if (is_bn(t)) {
        zkp_poseidon_fr e;
        memcpy(&e, x, sizeof e);
        e.limb[3] = ~(uint64_t)0;
        memcpy(x, &e, sizeof e);
    } else {
        *x = t->f->p + (uint32_t)th_rand_below(0u - t->f->p);
    }
}

static void tamper_values(tree *t) {
    const unsigned th = 1 + (unsigned)th_rand_below(3);
    if (t->multi_n) {
        uint32_t *x = t->multi + th_rand_below(t->multi_n * 8) / (is_bn(t) ? 8 : 1) * (is_bn(t) ? 8 : 1), keep = *x;
        bump(t, x);
        CHECK_MSG(t_multi(t, th) == ZKP_ERR_VERIFY, "%s: multiproof node changed", t->f->name);
        *x = keep;
    }
    /* an opened element: the multiproof and the batch both reject it; the
     * batch as the single verifier of that opening says */
    size_t j = (size_t)th_rand_below(t->k), w = row_words(t);
    uint32_t *x = t->orows + j * w + (is_bn(t) ? 0 : th_rand_below(w)), keep = *x;
    bump(t, x);
    CHECK_EQ_INT(t_single(t, j), ZKP_ERR_VERIFY);
    CHECK_EQ_INT(t_batch(t, th), ZKP_ERR_VERIFY);
    CHECK_EQ_INT(t_multi(t, th), ZKP_ERR_VERIFY);
    *x = keep;
    if (t->depth) { /* a sibling of one single proof */
        uint32_t *y = t->proofs + th_rand_below(t->k * t->depth) * 8, keep2 = *y;
        bump(t, y);
        CHECK_EQ_INT(t_batch(t, th), ZKP_ERR_VERIFY);
        *y = keep2;
    }
    uint32_t r0 = t->root[0];
    bump(t, &t->root[0]);
    CHECK_EQ_INT(t_multi(t, th), ZKP_ERR_VERIFY);
    CHECK_EQ_INT(t_batch(t, th), ZKP_ERR_VERIFY);
    t->root[0] = r0;
}

/* The Poseidon tree's multi_verify on the same indices, proof count and
 * depth (zero elements: only the shape checks can decide before VERIFY). */
static zkp_status poseidon_says(const tree *t, size_t proof_n) {
    static zkp_poseidon_fr leaves[MAX_N], proof[MAX_SIB + 1], root;
    return zkp_poseidon_tree_multi_verify(&root, leaves, t->idx, t->k, proof, proof_n, t->depth, 1);
}

static void check_shape_status(tree *t, size_t proof_n, zkp_status want, const char *what) {
    zkp_status m = t_multi_n(t, proof_n, 1), p = poseidon_says(t, proof_n);
    CHECK_MSG(m == want, "%s %s: multi_verify %s, want %s", t->f->name, what, zkp_status_name(m),
              zkp_status_name(want));
    CHECK_MSG(p == want, "%s %s: the Poseidon tree says %s", t->f->name, what, zkp_status_name(p));
}

static void tamper_shape(tree *t) {
    const size_t k = t->k;
    size_t got = 0;
    if (k >= 2) {
        uint64_t a = t->idx[0], b = t->idx[1];
        t->idx[1] = a; /* duplicate */
        check_shape_status(t, t->multi_n, ZKP_ERR_PROOF_SHAPE, "duplicate index");
        CHECK_EQ_INT(t_batch(t, 2), ZKP_ERR_PROOF_SHAPE);
        CHECK_STATUS(zkp_poseidon2_tree_multi_proof_size(t->idx, k, t->depth, &got), ZKP_ERR_PROOF_SHAPE);
        t->idx[0] = b; /* unsorted */
        check_shape_status(t, t->multi_n, ZKP_ERR_PROOF_SHAPE, "unsorted indices");
        CHECK_EQ_INT(t_batch(t, 1), ZKP_ERR_PROOF_SHAPE);
        CHECK_STATUS(t_multi_proof(t, t->multi + 0, 0, &got), ZKP_ERR_PROOF_SHAPE);
        t->idx[0] = a, t->idx[1] = b;
    }
    uint64_t last = t->idx[k - 1];
    t->idx[k - 1] = t->n; /* out of range */
    check_shape_status(t, t->multi_n, ZKP_ERR_RANGE, "index out of range");
    CHECK_EQ_INT(t_batch(t, 1), ZKP_ERR_RANGE);
    t->idx[k - 1] = last;
    t->k = 0;
    check_shape_status(t, t->multi_n, ZKP_ERR_COUNT, "empty set");
    t->k = k;
    check_shape_status(t, t->multi_n + 1, ZKP_ERR_PROOF_SHAPE, "one node more");
    if (t->multi_n) check_shape_status(t, t->multi_n - 1, ZKP_ERR_PROOF_SHAPE, "one node fewer");
    /* an element >= p: of the multiproof, of a row, of the root */
    uint32_t *x = t->multi_n ? t->multi : t->orows;
    for (int r = 0; r < 2; r++, x = t->root) {
        uint32_t keep[8];
        memcpy(keep, x, sizeof keep);
        make_too_big(t, x);
        CHECK_EQ_INT(t_multi(t, 1), ZKP_ERR_RANGE);
        memcpy(x, keep, sizeof keep);
    }
    /* a cap one node short: ZKP_ERR_LENGTH with the count set */
    if (t->multi_n) {
        static uint32_t out[MAX_SIB * 8];
        got = 0;
        CHECK_STATUS(t_multi_proof(t, out, t->multi_n - 1, &got), ZKP_ERR_LENGTH);
        CHECK_EQ_U64(got, t->multi_n);
    }
}

static void run_family(void *ctx) {
    const p2fam *f = ctx;
    tree *t = &g_t;
    uint64_t sets = th_count(4);
    if (sets > 6) sets = 6; /* the sanitizer and emulator stages raise ZKPRIM_TEST_N */
    /* BN254's hash costs ten 31-bit ones: its trees stop at 16 leaves */
    for (size_t n = 1; n <= (f->p ? MAX_N : 16); n *= 2) {
        rand_tree(t, f, n);
        for (unsigned r = 0; r < (unsigned)sets; r++) {
            t->k = random_set(n, t->idx, r);
            open_set(t);
            check_oracle(t);
            check_valid(t);
            tamper_values(t);
            tamper_shape(t);
        }
    }
}

/* The errors no random set reaches. */
static void test_errors(void) {
    th_section("errors");
    static tree t;
    rand_tree(&t, &k_fams[0], 8);
    t.k = 2, t.idx[0] = 1, t.idx[1] = 6;
    open_set(&t);
    size_t got = 99;
    uint64_t one = 0;
    CHECK_STATUS(zkp_poseidon2_tree_multi_proof_size(t.idx, 2, 3, NULL), ZKP_ERR_NULL);
    CHECK_STATUS(zkp_poseidon2_tree_multi_proof_size(NULL, 2, 3, &got), ZKP_ERR_NULL);
    CHECK_STATUS(zkp_poseidon2_tree_multi_proof_size(t.idx, 0, 3, &got), ZKP_ERR_COUNT);
    CHECK_STATUS(zkp_poseidon2_tree_multi_proof_size(t.idx, 2, 65, &got), ZKP_ERR_PROOF_SHAPE);
    CHECK_STATUS(zkp_poseidon2_tree_multi_proof_size(&one, 1, 64, &got), ZKP_OK);
    CHECK_EQ_U64(got, 64);
    /* 2^k +- 1 leaves are no tree of these */
    for (size_t n = 3; n <= 9; n += 2)
        CHECK_STATUS(zkp_poseidon2_babybear_tree_multi_proof(t.nodes, n, t.idx, 1, t.multi, MAX_SIB, &got),
                     ZKP_ERR_COUNT);
    CHECK_STATUS(zkp_poseidon2_babybear_tree_multi_proof(t.nodes, 8, t.idx, 2, t.multi, MAX_SIB, NULL), ZKP_ERR_NULL);
    CHECK_STATUS(zkp_poseidon2_babybear_tree_multi_proof(NULL, 8, t.idx, 2, t.multi, MAX_SIB, &got), ZKP_ERR_NULL);
    CHECK_STATUS(zkp_poseidon2_babybear_tree_multi_proof(t.nodes, 8, t.idx, 2, NULL, MAX_SIB, &got), ZKP_ERR_NULL);
    CHECK_STATUS(zkp_poseidon2_babybear_tree_multi_verify(t.root, t.orows, t.rl, t.idx, 2, t.multi, t.multi_n, 3, 1),
                 ZKP_OK);
    CHECK_STATUS(zkp_poseidon2_babybear_tree_multi_verify(NULL, t.orows, t.rl, t.idx, 2, t.multi, t.multi_n, 3, 1),
                 ZKP_ERR_NULL);
    CHECK_STATUS(zkp_poseidon2_babybear_tree_multi_verify(t.root, NULL, t.rl, t.idx, 2, t.multi, t.multi_n, 3, 1),
                 ZKP_ERR_NULL);
    CHECK_STATUS(zkp_poseidon2_babybear_tree_multi_verify(t.root, t.orows, t.rl, NULL, 2, t.multi, t.multi_n, 3, 1),
                 ZKP_ERR_NULL);
    CHECK_STATUS(zkp_poseidon2_babybear_tree_multi_verify(t.root, t.orows, t.rl, t.idx, 2, NULL, t.multi_n, 3, 1),
                 ZKP_ERR_NULL);
    CHECK_STATUS(zkp_poseidon2_babybear_tree_multi_verify(t.root, t.orows, 0, t.idx, 2, t.multi, t.multi_n, 3, 1),
                 ZKP_ERR_COUNT);
    CHECK_STATUS(zkp_poseidon2_babybear_tree_multi_verify(t.root, t.orows, t.rl, t.idx, 2, t.multi, t.multi_n, 65, 1),
                 ZKP_ERR_PROOF_SHAPE);
    CHECK_STATUS(zkp_poseidon2_babybear_tree_multi_verify(t.root, t.orows, t.rl, t.idx, 2, t.multi, SIZE_MAX / 8, 3, 1),
                 ZKP_ERR_LENGTH);
    CHECK_STATUS(zkp_poseidon2_koalabear_tree_multi_verify(t.root, t.orows, t.rl, t.idx, 2, t.multi, t.multi_n, 3, 1),
                 ZKP_ERR_VERIFY); /* another field's tree; every element is also below KoalaBear's p */
    /* depth 0: one leaf, no siblings, proof may be NULL */
    rand_tree(&t, &k_fams[2], 1);
    t.k = 1, t.idx[0] = 0;
    open_set(&t);
    CHECK_EQ_U64(t.multi_n, 0);
    CHECK_STATUS(zkp_poseidon2_bn254_tree_multi_verify((const zkp_poseidon_fr *)(const void *)t.root,
                                                       (const zkp_poseidon_fr *)(const void *)t.orows, t.idx, 1, NULL,
                                                       0, 0, 1),
                 ZKP_OK);
    CHECK_STATUS(zkp_poseidon2_bn254_tree_multi_proof((const zkp_poseidon_fr *)(const void *)t.nodes, 1, t.idx, 1,
                                                      NULL, 0, &got),
                 ZKP_OK);
    CHECK_EQ_U64(got, 0);
}

int main(void) {
    th_init("test_poseidon2_multi");
    for (size_t i = 0; i < sizeof k_fams / sizeof k_fams[0]; i++) {
        th_section(k_fams[i].name);
        th_for_each_cpu_level(run_family, (void *)&k_fams[i]);
    }
    test_errors();
    return th_finish();
}
