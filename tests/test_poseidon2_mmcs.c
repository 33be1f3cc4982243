/*
 * Plonky3's MerkleTreeMmcs over several matrices (poseidon2.h,
 * src/poseidon2/mmcs.c):
 *  - every node of mmcs_commit, the openings of mmcs_open and the verdicts
 *    of mmcs_verify against an oracle written from Plonky3's description
 *    (p3-merkle-tree MerkleTree::new, open_batch, verify_batch at commit
 *    5dc50e5) over the definitional permutation (tests/ref/poseidon2_ref.c),
 *    on random shapes: one matrix, several of one height, heights on the
 *    ladder ceil(H / 2^k) for H in 1 .. 2^10 (powers of two and not), widths
 *    0 .. 40 around the sponge's rate, both fields, every CPU level;
 *  - one matrix of 2^d rows gives tree_build's tree, node for node;
 *  - tampered openings (a sibling, a row element, the index, a height)
 *    fail, and every documented error.
 */
#include <stdlib.h>
#include <string.h>

#include "harness.h"
#include "poseidon2/params.h"
#include "poseidon2_ref.h"
#include "zkprim/poseidon2.h"

/* ---- the permutation, sponge and compression (the oracle's) ----------------- */

typedef struct fam {
    const char *name;
    uint32_t p;
    const zkpi_p2_inst *lib; /* width 16: its constants, read back to canonical form */
    uint32_t rc[8 * 16 + 20], diag[16];
    zkp_status (*commit)(const zkp_poseidon2_matrix *, size_t, uint32_t *, size_t);
    zkp_status (*open)(const zkp_poseidon2_matrix *, size_t, const uint32_t *, size_t, uint64_t, uint32_t *, size_t,
                       uint32_t *, size_t);
    zkp_status (*verify)(const uint32_t *, const zkp_poseidon2_matrix *, size_t, uint64_t, const uint32_t *, size_t,
                         const uint32_t *, size_t);
    zkp_status (*tree_build)(const uint32_t *, size_t, size_t, uint32_t *);
} fam;

static fam k_fam[2] = {
    {"babybear", 2013265921u, &zkpi_p2_babybear16, {0}, {0}, zkp_poseidon2_babybear_mmcs_commit,
     zkp_poseidon2_babybear_mmcs_open, zkp_poseidon2_babybear_mmcs_verify, zkp_poseidon2_babybear_tree_build},
    {"koalabear", 2130706433u, &zkpi_p2_koalabear16, {0}, {0}, zkp_poseidon2_koalabear_mmcs_commit,
     zkp_poseidon2_koalabear_mmcs_open, zkp_poseidon2_koalabear_mmcs_verify, zkp_poseidon2_koalabear_tree_build},
};

/* The library keeps its constants in Montgomery form: read them back
 * (test_poseidon2's vectors pin them). */
static void setup(fam *f) {
    p2ref_from_montgomery31(f->p, f->lib->rc, 8 * 16 + f->lib->rp, f->rc);
    p2ref_from_montgomery31(f->p, f->lib->diag, 16, f->diag);
}

/* A digest of eight elements. */
typedef struct dig {
    uint32_t e[8];
} dig;

/* PaddingFreeSponge<16, 8, 8>::hash_iter: the zero state; each block of up
 * to 8 elements overwrites the first lanes and is permuted; no input, no
 * permutation. */
static dig ref_hash(const fam *f, const uint32_t *in, size_t n) {
    uint32_t s[16] = {0};
    for (size_t i = 0; i < n; i += 8) {
        for (size_t j = 0; j < 8 && i + j < n; j++) s[j] = in[i + j];
        p2ref_permute31(f->p, 16, 8, f->lib->rp, f->lib->alpha, f->rc, f->diag, s);
    }
    dig d;
    memcpy(d.e, s, sizeof d.e);
    return d;
}

/* TruncatedPermutation<2, 8, 16>::compress. */
static dig ref_compress(const fam *f, dig l, dig r) {
    uint32_t s[16];
    memcpy(s, l.e, 32);
    memcpy(s + 8, r.e, 32);
    p2ref_permute31(f->p, 16, 8, f->lib->rp, f->lib->alpha, f->rc, f->diag, s);
    memcpy(l.e, s, 32);
    return l;
}

/* ---- the oracle: Plonky3's MerkleTree::new and Mmcs, written out ------------- */

static size_t npt(size_t x) { /* next_power_of_two (of 0: 1) */
    size_t r = 1;
    while (r < x) r *= 2;
    return r;
}
static unsigned log2c(size_t x) {
    unsigned d = 0;
    while (((size_t)1 << d) < x) d++;
    return d;
}

/* Indices of the matrices tallest first, equal heights in the order given
 * (a stable sort). */
static void sort_tallest_first(const zkp_poseidon2_matrix *m, size_t n, size_t *order) {
    for (size_t i = 0; i < n; i++) order[i] = i;
    for (size_t i = 1; i < n; i++)
        for (size_t j = i; j > 0 && m[order[j - 1]].height < m[order[j]].height; j--) {
            size_t t = order[j];
            order[j] = order[j - 1], order[j - 1] = t;
        }
}

/* The hash of row r of the matrices order[a .. b) concatenated. */
static dig hash_rows(const fam *f, const zkp_poseidon2_matrix *m, const size_t *order, size_t a, size_t b, size_t r) {
    uint32_t buf[5 * 40 + 1];
    size_t n = 0;
    for (size_t i = a; i < b; i++) {
        const zkp_poseidon2_matrix *x = &m[order[i]];
        for (size_t c = 0; c < x->width; c++) buf[n++] = x->values[r * x->width + c];
    }
    return ref_hash(f, buf, n);
}

/* All digest layers back to back (level 0 first), as MerkleTree::new
 * builds digest_layers; returns the count. */
static size_t ref_commit(const fam *f, const zkp_poseidon2_matrix *m, size_t n, dig *out) {
    size_t order[8], next = 0, total = 0;
    sort_tallest_first(m, n, order);
    size_t max_h = m[order[0]].height, a = 0;
    while (next < n && m[order[next]].height == max_h) next++;
    /* first_digest_layer: rows hashed, padded to even (unless one) with the default digest */
    dig *layer = out, zero = {{0}};
    size_t len = max_h <= 1 ? max_h : max_h + max_h % 2;
    for (size_t i = 0; i < len; i++) layer[i] = i < max_h ? hash_rows(f, m, order, a, next, i) : zero;
    total = len;
    while (len > 1) {
        dig *up = layer + len;
        size_t raw = len / 2, b = next;
        /* the matrices whose next_power_of_two is the next layer's */
        while (b < n && npt(m[order[b]].height) == npt(raw)) b++;
        size_t inj_h = b > next ? m[order[next]].height : 0;
        for (size_t i = 0; i < raw; i++) {
            dig d = ref_compress(f, layer[2 * i], layer[2 * i + 1]);
            if (b > next) d = ref_compress(f, d, i < inj_h ? hash_rows(f, m, order, next, b, i) : zero);
            up[i] = d;
        }
        next = b;
        size_t plen = raw <= 1 ? raw : raw + raw % 2;
        for (size_t i = raw; i < plen; i++) up[i] = zero;
        total += plen, layer = up, len = plen;
    }
    return total;
}

/* Mmcs::verify_batch, written out: the walk from the opened rows to the
 * root through the siblings, injecting rows where a height's
 * next_power_of_two is the level's. */
static int ref_verify(const fam *f, const dig *root, const zkp_poseidon2_matrix *dims, size_t n, size_t index,
                      const uint32_t *rows, const dig *proof) {
    size_t order[8], o = 0;
    zkp_poseidon2_matrix view[8] = {{0}}; /* dims over the opened rows: one row each */
    for (size_t i = 0; i < n; i++) {
        view[i] = dims[i];
        view[i].values = rows + o;
        o += dims[i].width;
    }
    sort_tallest_first(view, n, order);
    size_t max_h = view[order[0]].height, next = 0;
    while (next < n && npt(view[order[next]].height) == npt(max_h)) next++;
    dig d = hash_rows(f, view, order, 0, next, 0);
    size_t cur = max_h <= 1 ? max_h : max_h + max_h % 2;
    for (size_t k = 0; cur > 1; k++) {
        d = index & 1 ? ref_compress(f, proof[k], d) : ref_compress(f, d, proof[k]);
        index >>= 1;
        size_t logical = cur / 2;
        cur = logical <= 1 ? logical : logical + logical % 2;
        if (next < n && npt(view[order[next]].height) == npt(logical)) {
            size_t b = next, h = view[order[next]].height;
            while (b < n && view[order[b]].height == h) b++;
            d = ref_compress(f, d, hash_rows(f, view, order, next, b, 0));
            next = b;
        }
    }
    return memcmp(d.e, root->e, 32) == 0;
}

/* ---- random shapes ------------------------------------------------------------- */

static uint32_t rand_elem(uint32_t p) {
    switch (th_rand_below(6)) {
    case 0: return 0;
    case 1: return p - 1;
    default: return (uint32_t)th_rand_below(p);
    }
}

static size_t rand_width(void) {
    static const size_t edge[] = {0, 1, 7, 8, 9, 15, 16, 17, 24, 40};
    return th_rand_below(2) ? edge[th_rand_below(ZKP_ARRAY_LEN(edge))] : 1 + (size_t)th_rand_below(40);
}

/* n matrices (n <= 5), the tallest of height max_h, the others on its
 * ladder (mode 0: anywhere, 1: all of height max_h), random elements. */
static void rand_shape(const fam *f, size_t max_h, size_t n, int mode, zkp_poseidon2_matrix *m) {
    unsigned d = log2c(max_h);
    for (size_t i = 0; i < n; i++) {
        unsigned k = i == 0 || mode == 1 ? 0 : (unsigned)th_rand_below(d + 1);
        size_t h = ((max_h - 1) >> k) + 1, w = rand_width();
        uint32_t *v = malloc(h * w * sizeof *v + 1);
        for (size_t j = 0; j < h * w; j++) v[j] = rand_elem(f->p);
        m[i] = (zkp_poseidon2_matrix){v, w, h};
    }
    /* the tallest anywhere in the list */
    size_t j = th_rand_below(n);
    zkp_poseidon2_matrix t = m[0];
    m[0] = m[j], m[j] = t;
}

static void free_shape(zkp_poseidon2_matrix *m, size_t n) {
    for (size_t i = 0; i < n; i++) free((void *)m[i].values);
}

/* Commit, compare every node with the oracle, open a few indices (the
 * first, the last, random) and check them against the oracle's layers and
 * verify, then tamper. */
static void check_shape_with(const fam *f, const zkp_poseidon2_matrix *m, size_t n, const dig *want,
                             size_t want_n) {
    size_t n_nodes = 0, proof_n = 0, row_n = 0;
    CHECK_STATUS(zkp_poseidon2_mmcs_size(m, n, &n_nodes, &proof_n, &row_n), ZKP_OK);
    size_t max_h = 0;
    for (size_t i = 0; i < n; i++) max_h = m[i].height > max_h ? m[i].height : max_h;
    CHECK_EQ_U64(n_nodes, want_n);
    CHECK_EQ_U64(proof_n, log2c(max_h));
    uint32_t *nodes = malloc(n_nodes * 32 + 1);
    CHECK_STATUS(f->commit(m, n, nodes, n_nodes), ZKP_OK);
    if (n_nodes == want_n)
        CHECK_MSG(memcmp(nodes, want, 32 * n_nodes) == 0, "%s nodes: %zu matrices, H = %zu at %s", f->name, n, max_h,
                  th_level());
    const dig *root = (const dig *)(nodes + 8 * (n_nodes - 1));
    uint32_t *rows = malloc(row_n * 4 + 4);
    dig *proof = malloc(proof_n * 32 + 32);
    size_t picks[3] = {0, max_h - 1, th_rand_below(max_h)};
    for (size_t pi = 0; pi < 3; pi++) { /* fixed set: first, last and a random row */
        size_t idx = picks[pi];
        CHECK_STATUS(f->open(m, n, nodes, n_nodes, idx, rows, row_n, proof->e, proof_n), ZKP_OK);
        /* Plonky3's open_batch: row idx >> (log H - log height) of each
         * matrix, and the node at (idx >> k) ^ 1 of each level k */
        for (size_t i = 0, o = 0; i < n; o += m[i].width, i++) {
            size_t r = idx >> (log2c(max_h) - log2c(m[i].height));
            if (m[i].width) CHECK_EQ_BYTES(rows + o, m[i].values + r * m[i].width, 4 * m[i].width);
        }
        const dig *level = want;
        size_t len = max_h <= 1 ? max_h : max_h + max_h % 2;
        for (size_t k = 0; k < proof_n; k++) {
            CHECK_EQ_BYTES(proof[k].e, level[(idx >> k) ^ 1].e, 32);
            level += len, len /= 2, len = len <= 1 ? len : len + len % 2;
        }
        CHECK(ref_verify(f, root, m, n, idx, rows, proof));
        CHECK_STATUS(f->verify(root->e, m, n, idx, rows, row_n, proof->e, proof_n), ZKP_OK);
        /* tampered: a sibling element, a row element, the index */
        if (proof_n) {
            uint32_t *x = &proof[th_rand_below(proof_n)].e[th_rand_below(8)], old = *x;
            *x = (old + 1) % f->p;
            CHECK_STATUS(f->verify(root->e, m, n, idx, rows, row_n, proof->e, proof_n), ZKP_ERR_VERIFY);
            *x = old;
            size_t other = idx ^ ((size_t)1 << th_rand_below(proof_n));
            /* (equal rows, e.g. of width 0, may make the other index's path the same) */
            zkp_status want_other = other >= max_h                                      ? ZKP_ERR_RANGE
                                    : ref_verify(f, root, m, n, other, rows, proof) ? ZKP_OK
                                                                                    : ZKP_ERR_VERIFY;
            CHECK_STATUS(f->verify(root->e, m, n, other, rows, row_n, proof->e, proof_n), want_other);
        }
        if (row_n) {
            uint32_t *x = &rows[th_rand_below(row_n)], old = *x;
            *x = (old + 1) % f->p;
            CHECK_STATUS(f->verify(root->e, m, n, idx, rows, row_n, proof->e, proof_n), ZKP_ERR_VERIFY);
            *x = old;
        }
        /* wrong lengths */
        CHECK_STATUS(f->verify(root->e, m, n, idx, rows, row_n + 1, proof->e, proof_n), ZKP_ERR_PROOF_SHAPE);
        CHECK_STATUS(f->verify(root->e, m, n, idx, rows, row_n, proof->e, proof_n + 1), ZKP_ERR_PROOF_SHAPE);
        if (proof_n)
            CHECK_STATUS(f->verify(root->e, m, n, idx, rows, row_n, proof->e, proof_n - 1), ZKP_ERR_PROOF_SHAPE);
    }
    free(rows), free(proof), free(nodes);
}

static void check_shape(const fam *f, const zkp_poseidon2_matrix *m, size_t n) {
    size_t max_h = 0;
    for (size_t i = 0; i < n; i++) max_h = m[i].height > max_h ? m[i].height : max_h;
    dig *want = malloc((2 * max_h + 64) * sizeof *want);
    check_shape_with(f, m, n, want, ref_commit(f, m, n, want));
    free(want);
}

/* A random shape and its oracle layers, made once and checked at every CPU
 * level (the oracle is most of the test's time). */
typedef struct rcase {
    const fam *f;
    zkp_poseidon2_matrix m[5];
    size_t n, want_n;
    dig *want;
} rcase;

typedef struct rcases {
    rcase *c;
    size_t n;
} rcases;

static rcases make_cases(void) {
    uint64_t rounds = th_count(6);
    rcases cs = {calloc(2 * rounds, sizeof(rcase)), 0};
    for (int fi = 0; fi < 2; fi++) /* fixed set: BabyBear, KoalaBear */
        for (uint64_t r = 0; r < rounds; r++) {
            /* heights log-uniform in 1 .. 2^8, a third of them powers of two;
             * the first of H in 2^9 + 1 .. 2^10 */
            unsigned lg = (unsigned)th_rand_below(8);
            size_t max_h = ((size_t)1 << lg) + (th_rand_below(3) ? th_rand_below((size_t)1 << lg) : 0);
            if (fi == 0 && r == 0) max_h = 513 + th_rand_below(512);
            rcase *c = &cs.c[cs.n++];
            c->f = &k_fam[fi];
            c->n = 1 + th_rand_below(5);
            rand_shape(c->f, max_h, c->n, (int)th_rand_below(4) == 0 /* a quarter: all of one height */, c->m);
            c->want = malloc((2 * max_h + 64) * sizeof *c->want);
            c->want_n = ref_commit(c->f, c->m, c->n, c->want);
        }
    return cs;
}

static void random_shapes(void *ctx) {
    const rcases *cs = ctx;
    for (size_t i = 0; i < cs->n; i++) {
        const rcase *c = &cs->c[i];
        check_shape_with(c->f, c->m, c->n, c->want, c->want_n);
    }
}

static void free_cases(rcases cs) {
    for (size_t i = 0; i < cs.n; i++) free_shape(cs.c[i].m, cs.c[i].n), free(cs.c[i].want);
    free(cs.c);
}

/* Edge shapes: every ladder of a small H with one matrix per rung, H = 1
 * with several matrices, widths all 0. */
static void edge_shapes(void) {
    const fam *f = &k_fam[0];
    for (size_t max_h = 1; max_h <= 17; max_h++) {
        zkp_poseidon2_matrix m[6];
        size_t n = 0;
        for (unsigned k = 0; k <= log2c(max_h) && n < 5; k++) {
            size_t h = ((max_h - 1) >> k) + 1, w = 1 + n * 4;
            uint32_t *v = malloc(h * w * sizeof *v);
            for (size_t j = 0; j < h * w; j++) v[j] = rand_elem(f->p);
            m[n++] = (zkp_poseidon2_matrix){v, w, h};
        }
        check_shape(f, m, n);
        free_shape(m, n);
    }
    zkp_poseidon2_matrix one[3];
    rand_shape(f, 1, 3, 1, one);
    check_shape(f, one, 3);
    free_shape(one, 3);
    zkp_poseidon2_matrix empty[2] = {{NULL, 0, 5}, {NULL, 0, 3}};
    check_shape(f, empty, 2);
}

/* One matrix of 2^d rows is the one-matrix tree of tree_build. */
static void single_matrix_is_tree(void) {
    for (int fi = 0; fi < 2; fi++) { /* fixed set: both fields */
        const fam *f = &k_fam[fi];
        for (unsigned d = 0; d <= 9; d += 3) { /* fixed set: four tree depths */
            size_t h = (size_t)1 << d, w = rand_width() + 1, n_nodes = 0; /* tree_build's rows: w >= 1 */
            uint32_t *v = malloc(h * w * 4);
            for (size_t j = 0; j < h * w; j++) v[j] = rand_elem(f->p);
            zkp_poseidon2_matrix m = {v, w, h};
            CHECK_STATUS(zkp_poseidon2_mmcs_size(&m, 1, &n_nodes, NULL, NULL), ZKP_OK);
            CHECK_EQ_U64(n_nodes, 2 * h - 1);
            uint32_t *a = malloc(n_nodes * 32), *b = malloc((2 * h - 1) * 32);
            CHECK_STATUS(f->commit(&m, 1, a, n_nodes), ZKP_OK);
            CHECK_STATUS(f->tree_build(v, h, w, b), ZKP_OK);
            CHECK_MSG(memcmp(a, b, (2 * h - 1) * 32) == 0, "%s: one matrix of %zu rows of %zu", f->name, h, w);
            free(a), free(b), free(v);
        }
    }
}

static void errors(const fam *f) {
    uint32_t v7[7 * 2] = {0}, v4[4 * 3] = {0}, v3[3] = {0}, nodes[13 * 8], rows[5], proof[3 * 8], root[8] = {0};
    zkp_poseidon2_matrix ok[2] = {{v7, 2, 7}, {v4, 3, 4}};
    size_t n_nodes = 0, proof_n = 0, row_n = 0;
    CHECK_STATUS(zkp_poseidon2_mmcs_size(ok, 2, &n_nodes, &proof_n, &row_n), ZKP_OK);
    CHECK_EQ_U64(n_nodes, 8 + 4 + 2 + 1);
    CHECK_EQ_U64(proof_n, 3);
    CHECK_EQ_U64(row_n, 5);
    uint32_t big[15 * 8];
    CHECK_STATUS(f->commit(ok, 2, big, 15), ZKP_OK);
    /* shapes off the ladder, a height 0, no matrix */
    zkp_poseidon2_matrix off[2] = {{v7, 2, 7}, {v3, 1, 3}};
    CHECK_STATUS(zkp_poseidon2_mmcs_size(off, 2, &n_nodes, NULL, NULL), ZKP_ERR_COUNT);
    CHECK_STATUS(f->commit(off, 2, nodes, 13), ZKP_ERR_COUNT);
    zkp_poseidon2_matrix off2[2] = {{v7, 2, 4}, {v3, 1, 3}}; /* 3 and 4 round to one power of two */
    CHECK_STATUS(zkp_poseidon2_mmcs_size(off2, 2, NULL, NULL, NULL), ZKP_ERR_COUNT);
    zkp_poseidon2_matrix off3[2] = {{v7, 1, 8}, {v7, 1, 7}};
    CHECK_STATUS(zkp_poseidon2_mmcs_size(off3, 2, NULL, NULL, NULL), ZKP_ERR_COUNT);
    zkp_poseidon2_matrix zero_h[2] = {{v7, 2, 7}, {v3, 1, 0}};
    CHECK_STATUS(zkp_poseidon2_mmcs_size(zero_h, 2, NULL, NULL, NULL), ZKP_ERR_COUNT);
    CHECK_STATUS(zkp_poseidon2_mmcs_size(ok, 0, NULL, NULL, NULL), ZKP_ERR_COUNT);
    CHECK_STATUS(zkp_poseidon2_mmcs_size(NULL, 2, NULL, NULL, NULL), ZKP_ERR_NULL);
    zkp_poseidon2_matrix huge[1] = {{v7, SIZE_MAX / 2, 2}};
    CHECK_STATUS(zkp_poseidon2_mmcs_size(huge, 1, NULL, NULL, NULL), ZKP_ERR_LENGTH);
    zkp_poseidon2_matrix tall[1] = {{NULL, 0, SIZE_MAX / 2}};
    CHECK_STATUS(zkp_poseidon2_mmcs_size(tall, 1, NULL, NULL, NULL), ZKP_ERR_LENGTH);
    /* commit: NULL, the node count, an element >= p (nothing written) */
    CHECK_STATUS(f->commit(ok, 2, NULL, 15), ZKP_ERR_NULL);
    zkp_poseidon2_matrix nul[2] = {{NULL, 2, 7}, {v4, 3, 4}};
    CHECK_STATUS(f->commit(nul, 2, big, 15), ZKP_ERR_NULL);
    CHECK_STATUS(f->commit(ok, 2, big, 14), ZKP_ERR_LENGTH);
    CHECK_STATUS(f->commit(ok, 2, big, 16), ZKP_ERR_LENGTH);
    v4[11] = f->p;
    uint32_t keep[15 * 8];
    memcpy(keep, big, sizeof big);
    CHECK_STATUS(f->commit(ok, 2, big, 15), ZKP_ERR_RANGE);
    CHECK_EQ_BYTES(big, keep, sizeof big);
    v4[11] = 0;
    /* open */
    CHECK_STATUS(f->open(ok, 2, big, 15, 6, rows, 5, proof, 3), ZKP_OK);
    CHECK_STATUS(f->open(ok, 2, big, 15, 7, rows, 5, proof, 3), ZKP_ERR_RANGE);
    CHECK_STATUS(f->open(ok, 2, big, 15, 6, rows, 4, proof, 3), ZKP_ERR_LENGTH);
    CHECK_STATUS(f->open(ok, 2, big, 15, 6, rows, 5, proof, 2), ZKP_ERR_LENGTH);
    CHECK_STATUS(f->open(ok, 2, big, 14, 6, rows, 5, proof, 3), ZKP_ERR_LENGTH);
    CHECK_STATUS(f->open(ok, 2, big, 15, 6, NULL, 5, proof, 3), ZKP_ERR_NULL);
    CHECK_STATUS(f->open(ok, 2, big, 15, 6, rows, 5, NULL, 3), ZKP_ERR_NULL);
    CHECK_STATUS(f->open(ok, 2, NULL, 15, 6, rows, 5, proof, 3), ZKP_ERR_NULL);
    /* verify */
    const uint32_t *r = big + 14 * 8;
    CHECK_STATUS(f->verify(r, ok, 2, 6, rows, 5, proof, 3), ZKP_OK);
    CHECK_STATUS(f->verify(NULL, ok, 2, 6, rows, 5, proof, 3), ZKP_ERR_NULL);
    CHECK_STATUS(f->verify(r, NULL, 2, 6, rows, 5, proof, 3), ZKP_ERR_NULL);
    CHECK_STATUS(f->verify(r, ok, 2, 6, NULL, 5, proof, 3), ZKP_ERR_NULL);
    CHECK_STATUS(f->verify(r, ok, 2, 6, rows, 5, NULL, 3), ZKP_ERR_NULL);
    CHECK_STATUS(f->verify(r, off, 2, 6, rows, 5, proof, 3), ZKP_ERR_COUNT);
    CHECK_STATUS(f->verify(r, ok, 2, 7, rows, 5, proof, 3), ZKP_ERR_RANGE);
    /* Plonky3's verifier_rejects_dimensions_that_commit_cannot_produce:
     * claiming height 3 for the height-4 matrix (the same padded levels) */
    zkp_poseidon2_matrix lie[2] = {{NULL, 2, 7}, {NULL, 3, 3}};
    CHECK_STATUS(f->verify(r, lie, 2, 6, rows, 5, proof, 3), ZKP_ERR_COUNT);
    /* a height that moves where the short matrix enters: 2 (level 2) */
    zkp_poseidon2_matrix moved[2] = {{NULL, 2, 7}, {NULL, 3, 2}};
    CHECK_STATUS(f->verify(r, moved, 2, 6, rows, 5, proof, 3), ZKP_ERR_VERIFY);
    proof[3] = f->p;
    CHECK_STATUS(f->verify(r, ok, 2, 6, rows, 5, proof, 3), ZKP_ERR_RANGE);
    proof[3] = 0;
    rows[4] = f->p;
    CHECK_STATUS(f->verify(r, ok, 2, 6, rows, 5, proof, 3), ZKP_ERR_RANGE);
    root[0] = f->p;
    CHECK_STATUS(f->verify(root, ok, 2, 6, rows, 5, proof, 3), ZKP_ERR_RANGE);
}

int main(void) {
    th_init("test_poseidon2_mmcs");
    setup(&k_fam[0]);
    setup(&k_fam[1]);
    th_section("one matrix = tree_build");
    single_matrix_is_tree();
    th_section("edge shapes");
    edge_shapes();
    th_section("random shapes at every CPU level");
    rcases cs = make_cases();
    th_for_each_cpu_level(random_shapes, &cs);
    free_cases(cs);
    th_section("errors");
    errors(&k_fam[0]);
    errors(&k_fam[1]);
    return th_finish();
}
