/*
 * Poseidon2 Merkle trees (poseidon2.h): the leaf and node hashes of each
 * family, handed to the library's one tree engine. Roots are the merge
 * stack's (core/merge_stack.h: leaves hashed in groups, each run of
 * sibling pairs one batch call); tree_build hashes a level per batch call
 * into tree_build's node layout (level 0 first, as every family's build);
 * batched openings are core/multiproof.c's (poseidon2/multiproof.c).
 *
 *  - BabyBear / KoalaBear: Plonky3's MerkleTreeMmcs over one matrix with
 *    PaddingFreeSponge<16, 8, 8> leaves and TruncatedPermutation<2, 8, 16>
 *    nodes. A pair of 8-element nodes is exactly one width-16 state, so a
 *    level is one permute_batch (the vector kernels' path) whose first 8
 *    lanes per state are the parents.
 *  - BN254: Aztec / barretenberg's tree hash (hash_pair = Poseidon2::hash
 *    of the two children, Noir's poseidon2 hash of length 2); leaves are
 *    field elements taken as they are.
 */
#include <string.h>

#include "bn254/fr.h"
#include "core/util.h"
#include "poseidon2/bn254.h"
#include "poseidon2/tree_internal.h"
#include "zkprim/poseidon2.h"

#define NODE ZKPI_NODE_BYTES
#define CHUNK 64 /* states per batch call from the scratch below (4 KiB) */

_Static_assert(sizeof(zkp_poseidon_fr) == NODE, "a BN254 node is one element");
_Static_assert(ZKP_POSEIDON2_31_DIGEST * sizeof(uint32_t) == NODE, "a 31-bit node is eight elements");

/* ---- the hashes -------------------------------------------------------------- */

void zkpi_p2t_rows(zkpi_p2t_field f, const uint8_t *rows, size_t row_len, size_t m, uint8_t *out) {
    uint32_t st[CHUNK * 16];
    zkpi_p2_31_batch_fn batch = zkpi_p2_31_kernel_active()->batch;
    const size_t row_bytes = row_len * sizeof(uint32_t);
    for (size_t a = 0; a < m; a += CHUNK) {
        size_t g = m - a < CHUNK ? m - a : CHUNK;
        memset(st, 0, g * 16 * sizeof(uint32_t));
        /* the sponge, g rows side by side: each block of 8 overwrites the
         * first lanes of its state (a short last block only its own) */
        for (size_t b = 0; b < row_len; b += 8) {
            size_t w = row_len - b < 8 ? row_len - b : 8;
            for (size_t i = 0; i < g; i++)
                memcpy(&st[16 * i], rows + (a + i) * row_bytes + b * sizeof(uint32_t), w * sizeof(uint32_t));
            batch(f, st, g);
        }
        for (size_t i = 0; i < g; i++) memcpy(out + (a + i) * NODE, &st[16 * i], NODE);
    }
}

/* n BN254 nodes, each Noir's hash of its two children: one permutation of
 * [l, r, 0, 2 * 2^64] (zkp_poseidon2_bn254_hash's state for two inputs),
 * whose lane 0 is the node; so a level is one permute_batch (eight states a
 * pass with IFMA). Children are canonical (checked by the callers, or this
 * hash's outputs), so the batch cannot fail. */
static void bn_pairs(const uint8_t *in, size_t n, uint8_t *out) {
    enum { G = 32 }; /* states per call: 4 KiB of scratch */
    zkp_poseidon_fr st[G * 4];
    /* chunk c writes below where chunk c + 1 reads: out may equal in */
    for (size_t a = 0; a < n; a += G) {
        size_t g = n - a < G ? n - a : G;
        for (size_t i = 0; i < g; i++) {
            memcpy(&st[4 * i], in + 2 * NODE * (a + i), 2 * NODE);
            memset(&st[4 * i + 2], 0, sizeof st[0]);
            const zkp_poseidon_fr cap2 = {{0, 2, 0, 0}};
            st[4 * i + 3] = cap2;
        }
        if (zkp_poseidon2_bn254_permute_batch(st, g) != ZKP_OK) memset(st, 0, g * 4 * sizeof st[0]);
        for (size_t i = 0; i < g; i++) memcpy(out + NODE * (a + i), &st[4 * i], NODE);
    }
}

void zkpi_p2t_pairs(zkpi_p2t_field f, const uint8_t *in, size_t n, uint8_t *out) {
    if (!f) {
        bn_pairs(in, n, out);
        return;
    }
    uint32_t st[CHUNK * 16];
    zkpi_p2_31_batch_fn batch = zkpi_p2_31_kernel_active()->batch;
    /* chunk c writes below where chunk c + 1 reads: out may equal in */
    for (size_t a = 0; a < n; a += CHUNK) {
        size_t g = n - a < CHUNK ? n - a : CHUNK;
        memcpy(st, in + 2 * NODE * a, g * 2 * NODE);
        batch(f, st, g);
        for (size_t i = 0; i < g; i++) memcpy(out + NODE * (a + i), &st[16 * i], NODE);
    }
}

/* ---- the engine's table (core/merge_stack.h) ------------------------------- */

static zkpi_p2t_field field_of(int alg) {
    return alg == 1 ? &zkpi_p2_babybear16 : alg == 2 ? &zkpi_p2_koalabear16 : NULL;
}

static zkp_status leaf_batch(const zkpi_tree_shape *t, const uint8_t *p, size_t len, uint64_t first, size_t m,
                             uint8_t (*out)[NODE]) {
    (void)len, (void)first;
    zkpi_p2t_field f = field_of(t->alg);
    if (f) zkpi_p2t_rows(f, p, (size_t)t->leaf_size / sizeof(uint32_t), m, &out[0][0]);
    else memcpy(out, p, m * NODE);
    return ZKP_OK;
}

static zkp_status node_batch(const zkpi_tree_shape *t, uint8_t (*cv)[NODE], size_t n) {
    zkpi_p2t_pairs(field_of(t->alg), &cv[0][0], n, &cv[0][0]);
    return ZKP_OK;
}

static void node_of(zkpi_p2t_field f, const uint8_t l[NODE], const uint8_t r[NODE], uint8_t out[NODE]) {
    uint8_t lr[2 * NODE];
    memcpy(lr, l, NODE);
    memcpy(lr + NODE, r, NODE);
    zkpi_p2t_pairs(f, lr, 1, out);
}
static void node_bn254(const uint8_t l[NODE], const uint8_t r[NODE], int is_root, uint8_t out[NODE]) {
    (void)is_root;
    node_of(NULL, l, r, out);
}
static void node_babybear(const uint8_t l[NODE], const uint8_t r[NODE], int is_root, uint8_t out[NODE]) {
    (void)is_root;
    node_of(&zkpi_p2_babybear16, l, r, out);
}
static void node_koalabear(const uint8_t l[NODE], const uint8_t r[NODE], int is_root, uint8_t out[NODE]) {
    (void)is_root;
    node_of(&zkpi_p2_koalabear16, l, r, out);
}

/* alg: 0 BN254, 1 BabyBear, 2 KoalaBear; leaf_size in bytes (a row). */
static zkpi_tree_shape shape_of(int alg, size_t leaf_size) {
    static const zkpi_node_fn nodes[3] = {node_bn254, node_babybear, node_koalabear};
    zkpi_tree_shape t = {leaf_batch, node_batch, nodes[alg], leaf_size, 1, alg};
    return t;
}

/* ---- checks ------------------------------------------------------------------ */

/* n_leaves a power of two (ZKP_ERR_COUNT), row_len >= 1 (ZKP_ERR_COUNT),
 * the rows and a node array of 2n - 1 nodes addressable (ZKP_ERR_LENGTH). */
static zkp_status check_shape(size_t n_leaves, size_t row_bytes) {
    if (!zkpi_is_pow2(n_leaves) || row_bytes == 0) return ZKP_ERR_COUNT;
    if (!zkpi_array_ok(n_leaves, row_bytes) || !zkpi_array_ok(n_leaves, 2 * NODE)) return ZKP_ERR_LENGTH;
    return ZKP_OK;
}

/* ---- generic over the family: nodes are 32 bytes, leaves leaf_bytes ------- */

static zkp_status p2t_root(int alg, const uint8_t *rows, size_t n, size_t leaf_bytes, uint8_t root[NODE]) {
    zkpi_tree_shape t = shape_of(alg, leaf_bytes);
    return zkpi_stack_root_perfect(&t, rows, n, 1, 1, root);
}

static void p2t_build(int alg, const uint8_t *rows, size_t n, size_t leaf_bytes, uint8_t *nodes) {
    zkpi_p2t_field f = field_of(alg);
    if (f) zkpi_p2t_rows(f, rows, leaf_bytes / sizeof(uint32_t), n, nodes);
    else memmove(nodes, rows, n * NODE);
    for (size_t w = n; w > 1; w /= 2) {
        zkpi_p2t_pairs(f, nodes, w / 2, nodes + w * NODE);
        nodes += w * NODE;
    }
}

static zkp_status p2t_proof(const uint8_t *nodes, size_t n, uint64_t index, uint8_t *proof) {
    if (!nodes) return ZKP_ERR_NULL;
    zkp_status st = check_shape(n, NODE);
    if (st != ZKP_OK) return st;
    if (index >= n) return ZKP_ERR_RANGE;
    if (n > 1 && !proof) return ZKP_ERR_NULL;
    size_t i = (size_t)index;
    for (size_t w = n, d = 0; w > 1; w /= 2, d++, i /= 2) {
        memcpy(proof + NODE * d, nodes + NODE * (i ^ 1), NODE);
        nodes += NODE * w;
    }
    return ZKP_OK;
}

/* The root a leaf digest and its siblings lead to. */
static void p2t_walk(int alg, const uint8_t leaf[NODE], uint64_t index, const uint8_t *proof, size_t depth,
                     uint8_t out[NODE]) {
    zkpi_node_fn node = shape_of(alg, NODE).node;
    memcpy(out, leaf, NODE);
    for (size_t d = 0; d < depth; d++, index >>= 1) {
        if (index & 1) node(proof + NODE * d, out, 0, out);
        else node(out, proof + NODE * d, 0, out);
    }
}

/* Shape checks of a single opening: ZKP_ERR_PROOF_SHAPE for depth > 64,
 * ZKP_ERR_RANGE for an index past 2^depth leaves. */
static zkp_status check_opening(uint64_t index, size_t depth) {
    if (depth > 64) return ZKP_ERR_PROOF_SHAPE;
    if (depth < 64 && (index >> depth) != 0) return ZKP_ERR_RANGE;
    return ZKP_OK;
}

/* ---- 31-bit fields -------------------------------------------------------------- */

static zkp_status t31_root(int alg, const uint32_t *rows, size_t n, size_t row_len, uint32_t root[8]) {
    zkp_status st = check_shape(n, row_len * sizeof(uint32_t));
    if (row_len > SIZE_MAX / sizeof(uint32_t)) st = ZKP_ERR_LENGTH;
    if (st != ZKP_OK) return st;
    if (!rows || !root) return ZKP_ERR_NULL;
    if (!zkpi_f31_all_canonical(rows, n * row_len, field_of(alg)->p)) return ZKP_ERR_RANGE;
    uint8_t r[NODE];
    st = p2t_root(alg, (const uint8_t *)rows, n, row_len * sizeof(uint32_t), r);
    if (st == ZKP_OK) memcpy(root, r, NODE);
    return st;
}

static zkp_status t31_build(int alg, const uint32_t *rows, size_t n, size_t row_len, uint32_t *nodes) {
    zkp_status st = check_shape(n, row_len * sizeof(uint32_t));
    if (row_len > SIZE_MAX / sizeof(uint32_t)) st = ZKP_ERR_LENGTH;
    if (st != ZKP_OK) return st;
    if (!rows || !nodes) return ZKP_ERR_NULL;
    if (!zkpi_f31_all_canonical(rows, n * row_len, field_of(alg)->p)) return ZKP_ERR_RANGE;
    p2t_build(alg, (const uint8_t *)rows, n, row_len * sizeof(uint32_t), (uint8_t *)nodes);
    return ZKP_OK;
}

static zkp_status t31_verify(int alg, const uint32_t root[8], const uint32_t *row, size_t row_len, uint64_t index,
                             const uint32_t *proof, size_t depth) {
    if (!root || !row || (depth && !proof)) return ZKP_ERR_NULL;
    if (row_len == 0) return ZKP_ERR_COUNT;
    if (row_len > ZKP_MAX_BYTES / sizeof(uint32_t)) return ZKP_ERR_LENGTH;
    zkp_status st = check_opening(index, depth);
    if (st != ZKP_OK) return st;
    const uint32_t p = field_of(alg)->p;
    if (!zkpi_f31_all_canonical(root, 8, p) || !zkpi_f31_all_canonical(row, row_len, p) || !zkpi_f31_all_canonical(proof, 8 * depth, p))
        return ZKP_ERR_RANGE;
    uint8_t leaf[NODE], got[NODE];
    zkpi_p2t_rows(field_of(alg), (const uint8_t *)row, row_len, 1, leaf);
    p2t_walk(alg, leaf, index, (const uint8_t *)proof, depth, got);
    return zkpi_p2t_node_equal(got, (const uint8_t *)root) ? ZKP_OK : ZKP_ERR_VERIFY;
}

zkp_status zkp_poseidon2_babybear_tree_root(const uint32_t *rows, size_t n_leaves, size_t row_len, uint32_t root[8]) {
    return t31_root(1, rows, n_leaves, row_len, root);
}
zkp_status zkp_poseidon2_babybear_tree_build(const uint32_t *rows, size_t n_leaves, size_t row_len, uint32_t *nodes) {
    return t31_build(1, rows, n_leaves, row_len, nodes);
}
zkp_status zkp_poseidon2_babybear_tree_proof(const uint32_t *nodes, size_t n_leaves, uint64_t index, uint32_t *proof) {
    return p2t_proof((const uint8_t *)nodes, n_leaves, index, (uint8_t *)proof);
}
zkp_status zkp_poseidon2_babybear_tree_verify(const uint32_t root[8], const uint32_t *row, size_t row_len,
                                              uint64_t index, const uint32_t *proof, size_t depth) {
    return t31_verify(1, root, row, row_len, index, proof, depth);
}

zkp_status zkp_poseidon2_koalabear_tree_root(const uint32_t *rows, size_t n_leaves, size_t row_len,
                                             uint32_t root[8]) {
    return t31_root(2, rows, n_leaves, row_len, root);
}
zkp_status zkp_poseidon2_koalabear_tree_build(const uint32_t *rows, size_t n_leaves, size_t row_len,
                                              uint32_t *nodes) {
    return t31_build(2, rows, n_leaves, row_len, nodes);
}
zkp_status zkp_poseidon2_koalabear_tree_proof(const uint32_t *nodes, size_t n_leaves, uint64_t index,
                                              uint32_t *proof) {
    return p2t_proof((const uint8_t *)nodes, n_leaves, index, (uint8_t *)proof);
}
zkp_status zkp_poseidon2_koalabear_tree_verify(const uint32_t root[8], const uint32_t *row, size_t row_len,
                                               uint64_t index, const uint32_t *proof, size_t depth) {
    return t31_verify(2, root, row, row_len, index, proof, depth);
}

/* ---- BN254 ---------------------------------------------------------------------- */

zkp_status zkp_poseidon2_bn254_tree_root(const zkp_poseidon_fr *leaves, size_t n_leaves, zkp_poseidon_fr *root) {
    zkp_status st = check_shape(n_leaves, NODE);
    if (st != ZKP_OK) return st;
    if (!leaves || !root) return ZKP_ERR_NULL;
    if (!zkpi_p2t_bn_canonical(leaves, n_leaves)) return ZKP_ERR_RANGE;
    uint8_t r[NODE];
    st = p2t_root(0, (const uint8_t *)leaves, n_leaves, NODE, r);
    if (st == ZKP_OK) memcpy(root, r, NODE);
    return st;
}

zkp_status zkp_poseidon2_bn254_tree_build(const zkp_poseidon_fr *leaves, size_t n_leaves, zkp_poseidon_fr *nodes) {
    zkp_status st = check_shape(n_leaves, NODE);
    if (st != ZKP_OK) return st;
    if (!leaves || !nodes) return ZKP_ERR_NULL;
    if (!zkpi_p2t_bn_canonical(leaves, n_leaves)) return ZKP_ERR_RANGE;
    p2t_build(0, (const uint8_t *)leaves, n_leaves, NODE, (uint8_t *)nodes);
    return ZKP_OK;
}

zkp_status zkp_poseidon2_bn254_tree_proof(const zkp_poseidon_fr *nodes, size_t n_leaves, uint64_t index,
                                          zkp_poseidon_fr *proof) {
    return p2t_proof((const uint8_t *)nodes, n_leaves, index, (uint8_t *)proof);
}

zkp_status zkp_poseidon2_bn254_tree_verify(const zkp_poseidon_fr *root, const zkp_poseidon_fr *leaf, uint64_t index,
                                           const zkp_poseidon_fr *proof, size_t depth) {
    if (!root || !leaf || (depth && !proof)) return ZKP_ERR_NULL;
    zkp_status st = check_opening(index, depth);
    if (st != ZKP_OK) return st;
    if (!zkpi_p2t_bn_canonical(root, 1) || !zkpi_p2t_bn_canonical(leaf, 1) || !zkpi_p2t_bn_canonical(proof, depth)) return ZKP_ERR_RANGE;
    uint8_t got[NODE];
    p2t_walk(0, (const uint8_t *)leaf, index, (const uint8_t *)proof, depth, got);
    return zkpi_p2t_node_equal(got, (const uint8_t *)root) ? ZKP_OK : ZKP_ERR_VERIFY;
}
