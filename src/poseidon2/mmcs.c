/*
 * Plonky3's MerkleTreeMmcs over several matrices (poseidon2.h,
 * docs/poseidon2.md): the shape rules (the height ladder), the leaf sponge
 * over the rows of every matrix of one height, and the levels with the
 * shorter matrices' row digests compressed in where their height is the
 * level's length. The pair compression of a level is tree.c's
 * zkpi_p2t_pairs (one batch of width-16 states per level), a lone matrix's
 * rows its zkpi_p2t_rows; only the gathering of several matrices' rows into
 * one sponge input is new here. Nothing allocates: the caller's node array
 * holds every level (commit), and a verifier needs one node of state.
 */
#include <string.h>

#include "core/util.h"
#include "poseidon2/tree_internal.h"
#include "zkprim/poseidon2.h"

#define NODE ZKPI_NODE_BYTES
#define CHUNK 64 /* rows per batch call from the stack scratch below */

typedef zkp_poseidon2_matrix mat_t;

/* ---- shapes ------------------------------------------------------------------- */

static unsigned log2_ceil(uint64_t x) {
    unsigned d = 0;
    while (d < 64 && ((uint64_t)1 << d) < x) d++;
    return d;
}

/* The digests of a level of `len` (before padding) digests: even unless 1. */
static uint64_t padded(uint64_t len) { return len <= 1 ? len : len + (len & 1); }

/* The height that enters k levels above the leaves: ceil(H / 2^k). */
static uint64_t rung(uint64_t max_h, unsigned k) { return k >= 64 ? 1 : ((max_h - 1) >> k) + 1; }

typedef struct mmcs_shape {
    uint64_t max_h;  /* the tallest height, H */
    unsigned depth;  /* ceil(log2 H): the levels above the leaves, siblings per opening */
    size_t n_nodes;  /* digests of all levels */
    size_t row_n;    /* elements of an opening's rows: the sum of the widths */
} mmcs_shape;

/* Plonky3's validate_commit_reachable_heights and the sizes; values are not
 * read. ZKP_ERR_NULL, ZKP_ERR_COUNT (no matrix, a height 0 or off the
 * ladder), ZKP_ERR_LENGTH (a matrix, the tree or the rows too large). */
static zkp_status shape_of(const mat_t *mats, size_t n_mats, mmcs_shape *s) {
    if (!mats && n_mats) return ZKP_ERR_NULL;
    if (n_mats == 0) return ZKP_ERR_COUNT;
    uint64_t max_h = 0;
    for (size_t i = 0; i < n_mats; i++) {
        if (mats[i].height == 0) return ZKP_ERR_COUNT;
        if (mats[i].height > max_h) max_h = mats[i].height;
    }
    unsigned depth = log2_ceil(max_h);
    size_t row_n = 0;
    for (size_t i = 0; i < n_mats; i++) {
        uint64_t h = mats[i].height;
        if (h != rung(max_h, depth - log2_ceil(h))) return ZKP_ERR_COUNT;
    }
    for (size_t i = 0; i < n_mats; i++) {
        size_t w = mats[i].width;
        if (!zkpi_array_ok(w, sizeof(uint32_t)) || !zkpi_array_ok(mats[i].height, w * sizeof(uint32_t)) ||
            row_n > ZKP_MAX_BYTES / sizeof(uint32_t) - w)
            return ZKP_ERR_LENGTH;
        row_n += w;
    }
    if (max_h > ZKP_MAX_BYTES / NODE) return ZKP_ERR_LENGTH;
    /* levels shrink by half: the sum is below 2 H + depth, within bounds */
    size_t n_nodes = 0;
    for (uint64_t len = padded(max_h);; len = padded(len / 2)) {
        n_nodes += (size_t)len;
        if (len <= 1) break;
    }
    if (!zkpi_array_ok(n_nodes, NODE)) return ZKP_ERR_LENGTH;
    s->max_h = max_h, s->depth = depth, s->n_nodes = n_nodes, s->row_n = row_n;
    return ZKP_OK;
}

zkp_status zkp_poseidon2_mmcs_size(const mat_t *mats, size_t n_mats, size_t *n_nodes, size_t *proof_n,
                                   size_t *row_n) {
    mmcs_shape s;
    zkp_status st = shape_of(mats, n_mats, &s);
    if (st != ZKP_OK) return st;
    if (n_nodes) *n_nodes = s.n_nodes;
    if (proof_n) *proof_n = s.depth;
    if (row_n) *row_n = s.row_n;
    return ZKP_OK;
}

/* ---- the leaf sponge over one height's matrices -------------------------------- */

/* The matrices of height h, in the order given, whose rows form one sponge
 * input. opened: a verifier's opened rows (every matrix's, in the order
 * given, row_n elements), read in place of the matrices' values. */
typedef struct group {
    const mat_t *mats;
    size_t n_mats;
    uint64_t h;
    const uint32_t *opened;
} group;

/* Where matrix i's row r starts. */
static const uint32_t *row_of(const group *g, size_t i, size_t opened_at, uint64_t r) {
    if (g->opened) return g->opened + opened_at;
    return g->mats[i].values + (size_t)r * g->mats[i].width;
}

/* out[j] = the sponge of the concatenated rows first + j of the group's
 * matrices, j < m (rows within the matrices' height, or m = 1 with opened):
 * the sponge of zkpi_p2t_rows with its rate blocks filled across matrix
 * boundaries. */
static void group_rows(zkpi_p2t_field f, const group *g, uint64_t first, size_t m, uint8_t *out) {
    size_t only = SIZE_MAX, count = 0;
    for (size_t i = 0; i < g->n_mats; i++)
        if (g->mats[i].height == g->h) only = i, count++;
    if (count == 1 && !g->opened && g->mats[only].width) { /* one matrix: its rows as they lie */
        const mat_t *a = &g->mats[only];
        zkpi_p2t_rows(f, (const uint8_t *)(a->values + (size_t)first * a->width), a->width, m, out);
        return;
    }
    uint32_t st[CHUNK * 16];
    zkpi_p2_31_batch_fn batch = zkpi_p2_31_kernel_active()->batch;
    for (size_t a = 0; a < m; a += CHUNK) {
        size_t n = m - a < CHUNK ? m - a : CHUNK;
        memset(st, 0, n * 16 * sizeof(uint32_t));
        size_t fill = 0, opened_at = 0; /* elements in the rate block; offset into opened */
        for (size_t i = 0; i < g->n_mats; opened_at += g->mats[i].width, i++) {
            if (g->mats[i].height != g->h) continue;
            for (size_t e = 0, w = g->mats[i].width; e < w;) {
                size_t c = 8 - fill < w - e ? 8 - fill : w - e;
                for (size_t j = 0; j < n; j++)
                    memcpy(&st[16 * j + fill], row_of(g, i, opened_at, first + a + j) + e, c * sizeof(uint32_t));
                e += c, fill += c;
                if (fill == 8) batch(f, st, n), fill = 0;
            }
        }
        if (fill) batch(f, st, n); /* a short last block overwrites only its own lanes */
        for (size_t j = 0; j < n; j++) memcpy(out + (a + j) * NODE, &st[16 * j], NODE);
    }
}

/* Whether some matrix has height h (the rung of a level above the leaves:
 * the heights being on the ladder, those matrices enter there). */
static int enters_at(const mat_t *mats, size_t n_mats, uint64_t h) {
    int any = 0;
    for (size_t i = 0; i < n_mats; i++) any |= mats[i].height == h;
    return any;
}

/* ---- commit -------------------------------------------------------------------- */

/* next[i] = compress(compress(prev[2i], prev[2i + 1]), rows digest i) for
 * i < len: a level where the group's matrices enter. */
static void inject_level(zkpi_p2t_field f, const group *g, const uint8_t *prev, uint64_t len, uint8_t *next) {
    enum { G = CHUNK / 2 }; /* 4 KiB of scratch in all */
    uint8_t pairs[G][2 * NODE], node[G][NODE], rows[G][NODE];
    for (uint64_t a = 0; a < len; a += G) {
        size_t n = len - a < G ? (size_t)(len - a) : G;
        zkpi_p2t_pairs(f, prev + 2 * NODE * a, n, &node[0][0]);
        group_rows(f, g, a, n, &rows[0][0]);
        for (size_t j = 0; j < n; j++) memcpy(pairs[j], node[j], NODE), memcpy(pairs[j] + NODE, rows[j], NODE);
        zkpi_p2t_pairs(f, &pairs[0][0], n, next + NODE * a);
    }
}

static int mats_canonical(const mat_t *mats, size_t n_mats, uint32_t p) {
    int ok = 1;
    for (size_t i = 0; i < n_mats; i++) ok &= zkpi_f31_all_canonical(mats[i].values, mats[i].width * mats[i].height, p);
    return ok;
}

/* Every matrix with elements has them (NULL with a size is ZKP_ERR_NULL). */
static int mats_present(const mat_t *mats, size_t n_mats) {
    if (!mats) return n_mats == 0;
    for (size_t i = 0; i < n_mats; i++)
        if (!mats[i].values && mats[i].width) return 0;
    return 1;
}

static zkp_status mmcs_commit(zkpi_p2t_field f, const mat_t *mats, size_t n_mats, uint32_t *nodes,
                              size_t n_nodes) {
    if (!nodes || !mats_present(mats, n_mats)) return ZKP_ERR_NULL;
    mmcs_shape s;
    zkp_status st = shape_of(mats, n_mats, &s);
    if (st != ZKP_OK) return st;
    if (n_nodes != s.n_nodes) return ZKP_ERR_LENGTH;
    if (!mats_canonical(mats, n_mats, f->p)) return ZKP_ERR_RANGE;
    uint8_t *level = (uint8_t *)nodes;
    group g = {mats, n_mats, s.max_h, NULL};
    group_rows(f, &g, 0, (size_t)s.max_h, level);
    uint64_t len = padded(s.max_h);
    memset(level + NODE * s.max_h, 0, NODE * (size_t)(len - s.max_h));
    for (unsigned k = 1; k <= s.depth; k++) {
        uint8_t *next = level + NODE * len;
        uint64_t raw = len / 2;
        g.h = rung(s.max_h, k);
        if (enters_at(mats, n_mats, g.h)) inject_level(f, &g, level, raw, next);
        else zkpi_p2t_pairs(f, level, (size_t)raw, next);
        len = padded(raw);
        memset(next + NODE * raw, 0, NODE * (size_t)(len - raw));
        level = next;
    }
    return ZKP_OK;
}

/* ---- open and verify ---------------------------------------------------------- */

/* Matrix i's row for leaf index: index >> (depth - ceil(log2 height)). */
static uint64_t row_index(const mmcs_shape *s, uint64_t height, uint64_t index) {
    return index >> (s->depth - log2_ceil(height));
}

static zkp_status mmcs_open(zkpi_p2t_field f, const mat_t *mats, size_t n_mats, const uint32_t *nodes,
                            size_t n_nodes, uint64_t index, uint32_t *rows, size_t rows_n, uint32_t *proof,
                            size_t proof_n) {
    if (!nodes || !mats_present(mats, n_mats) || (rows_n && !rows) || (proof_n && !proof)) return ZKP_ERR_NULL;
    mmcs_shape s;
    zkp_status st = shape_of(mats, n_mats, &s);
    if (st != ZKP_OK) return st;
    if (n_nodes != s.n_nodes || rows_n != s.row_n || proof_n != s.depth) return ZKP_ERR_LENGTH;
    if (index >= s.max_h) return ZKP_ERR_RANGE;
    int ok = 1;
    for (size_t i = 0; i < n_mats; i++) {
        uint64_t r = row_index(&s, mats[i].height, index);
        if (mats[i].width) ok &= zkpi_f31_all_canonical(mats[i].values + (size_t)r * mats[i].width, mats[i].width, f->p);
    }
    const uint32_t *level = nodes;
    uint64_t len = padded(s.max_h), at = index;
    for (unsigned k = 0; k < s.depth; k++, at >>= 1) {
        ok &= zkpi_f31_all_canonical(level + 8 * (at ^ 1), 8, f->p);
        level += 8 * len;
        len = padded(len / 2);
    }
    if (!ok) return ZKP_ERR_RANGE;
    size_t o = 0;
    for (size_t i = 0; i < n_mats; o += mats[i].width, i++) {
        uint64_t r = row_index(&s, mats[i].height, index);
        if (mats[i].width) memcpy(rows + o, mats[i].values + (size_t)r * mats[i].width, mats[i].width * 4);
    }
    level = nodes, len = padded(s.max_h), at = index;
    for (unsigned k = 0; k < s.depth; k++, at >>= 1) {
        memcpy(proof + 8 * k, level + 8 * (at ^ 1), NODE);
        level += 8 * len;
        len = padded(len / 2);
    }
    return ZKP_OK;
}

static zkp_status mmcs_verify(zkpi_p2t_field f, const uint32_t root[8], const mat_t *dims, size_t n_mats, uint64_t index,
                         const uint32_t *rows, size_t rows_n, const uint32_t *proof, size_t proof_n) {
    if (!root || (rows_n && !rows) || (proof_n && !proof)) return ZKP_ERR_NULL;
    mmcs_shape s;
    zkp_status st = shape_of(dims, n_mats, &s);
    if (st != ZKP_OK) return st;
    if (rows_n != s.row_n || proof_n != s.depth) return ZKP_ERR_PROOF_SHAPE;
    if (index >= s.max_h) return ZKP_ERR_RANGE;
    if (!(zkpi_f31_all_canonical(root, 8, f->p) & zkpi_f31_all_canonical(rows, rows_n, f->p) & zkpi_f31_all_canonical(proof, 8 * proof_n, f->p)))
        return ZKP_ERR_RANGE;
    group g = {dims, n_mats, s.max_h, rows};
    uint8_t pair[2 * NODE]; /* the running digest is pair[0 .. NODE) */
    group_rows(f, &g, 0, 1, pair);
    for (unsigned k = 1; k <= s.depth; k++, index >>= 1) {
        const uint8_t *sib = (const uint8_t *)(proof + 8 * (k - 1));
        if (index & 1) memcpy(pair + NODE, pair, NODE), memcpy(pair, sib, NODE);
        else memcpy(pair + NODE, sib, NODE);
        zkpi_p2t_pairs(f, pair, 1, pair);
        g.h = rung(s.max_h, k);
        if (enters_at(dims, n_mats, g.h)) {
            group_rows(f, &g, 0, 1, pair + NODE);
            zkpi_p2t_pairs(f, pair, 1, pair);
        }
    }
    return zkpi_p2t_node_equal(pair, (const uint8_t *)root) ? ZKP_OK : ZKP_ERR_VERIFY;
}

/* ---- the public functions ------------------------------------------------------ */

zkp_status zkp_poseidon2_babybear_mmcs_commit(const mat_t *mats, size_t n_mats, uint32_t *nodes, size_t n_nodes) {
    return mmcs_commit(&zkpi_p2_babybear16, mats, n_mats, nodes, n_nodes);
}
zkp_status zkp_poseidon2_koalabear_mmcs_commit(const mat_t *mats, size_t n_mats, uint32_t *nodes, size_t n_nodes) {
    return mmcs_commit(&zkpi_p2_koalabear16, mats, n_mats, nodes, n_nodes);
}
zkp_status zkp_poseidon2_babybear_mmcs_open(const mat_t *mats, size_t n_mats, const uint32_t *nodes, size_t n_nodes,
                                            uint64_t index, uint32_t *rows, size_t rows_n, uint32_t *proof,
                                            size_t proof_n) {
    return mmcs_open(&zkpi_p2_babybear16, mats, n_mats, nodes, n_nodes, index, rows, rows_n, proof, proof_n);
}
zkp_status zkp_poseidon2_koalabear_mmcs_open(const mat_t *mats, size_t n_mats, const uint32_t *nodes, size_t n_nodes,
                                             uint64_t index, uint32_t *rows, size_t rows_n, uint32_t *proof,
                                             size_t proof_n) {
    return mmcs_open(&zkpi_p2_koalabear16, mats, n_mats, nodes, n_nodes, index, rows, rows_n, proof, proof_n);
}
zkp_status zkp_poseidon2_babybear_mmcs_verify(const uint32_t root[8], const mat_t *dims, size_t n_mats,
                                              uint64_t index, const uint32_t *rows, size_t rows_n,
                                              const uint32_t *proof, size_t proof_n) {
    return mmcs_verify(&zkpi_p2_babybear16, root, dims, n_mats, index, rows, rows_n, proof, proof_n);
}
zkp_status zkp_poseidon2_koalabear_mmcs_verify(const uint32_t root[8], const mat_t *dims, size_t n_mats,
                                               uint64_t index, const uint32_t *rows, size_t rows_n,
                                               const uint32_t *proof, size_t proof_n) {
    return mmcs_verify(&zkpi_p2_koalabear16, root, dims, n_mats, index, rows, rows_n, proof, proof_n);
}
