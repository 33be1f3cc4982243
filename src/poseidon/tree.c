/*
 * Circom-style Poseidon Merkle trees (poseidon.h): node = hash(left, right)
 * over power-of-two leaf counts. The root keeps its pairs in Montgomery
 * form between levels (no conversion per hash); build, proofs and
 * verification go through the public hash calls.
 */
#include <string.h>

#include "core/util.h"
#include "bn254/fr.h"
#include "poseidon/internal.h"
#include "zkprim/poseidon.h"

#define MANY_CHUNK 16 /* states per ops->hash_many call: two IFMA passes of eight */

static const zkpi_fr k_one_canonical = {{1, 0, 0, 0}};

static void from_pub(zkpi_fr *x, const zkp_poseidon_fr *p) { memcpy(x->v, p->limb, sizeof x->v); }
static void to_pub(zkp_poseidon_fr *p, const zkpi_fr *x) { memcpy(p->limb, x->v, sizeof x->v); }
static void to_mont(const zkpi_poseidon_ops *ops, zkpi_fr *x) { ops->mul(x, x, &zkpi_bn254_r2); }
static void from_mont(const zkpi_poseidon_ops *ops, zkpi_fr *x) { ops->mul(x, x, &k_one_canonical); }


/* n_leaves: ZKP_ERR_COUNT unless a power of two; ZKP_ERR_LENGTH when an
 * array of `per_leaf` elements per leaf could not be an object. */
static zkp_status check_leaves(size_t n_leaves, size_t per_leaf) {
    /* a build without width 3 (ZKP_POSEIDON_ONLY_T, params.h) has no pair hash */
    if (!zkpi_is_pow2(n_leaves) || !ZKPI_POSEIDON_HAS_T(3)) return ZKP_ERR_COUNT;
    if (!zkpi_array_ok(n_leaves, per_leaf * sizeof(zkp_poseidon_fr))) return ZKP_ERR_LENGTH;
    return ZKP_OK;
}

static zkp_status check_all(const zkp_poseidon_fr *v, size_t n) {
    for (size_t i = 0; i < n; i++) {
        zkpi_fr x;
        from_pub(&x, &v[i]);
        if (!zkpi_bn254_is_canonical(x.v)) return ZKP_ERR_RANGE;
    }
    return ZKP_OK;
}

/* Hashes pairs: out[i] = H(in[2i], in[2i+1]) for i < npairs; in Montgomery
 * form on both sides (internal helper for the tree builders). */
static void hash_pairs_mont(const zkpi_poseidon_ops *ops, const zkpi_fr *in, size_t npairs, zkpi_fr *out) {
    zkpi_fr s[MANY_CHUNK * 3];
    for (size_t base = 0; base < npairs; base += MANY_CHUNK) {
        size_t m = npairs - base < MANY_CHUNK ? npairs - base : MANY_CHUNK;
        for (size_t j = 0; j < m; j++) {
            memset(&s[3 * j], 0, sizeof s[0]);
            s[3 * j + 1] = in[2 * (base + j)];
            s[3 * j + 2] = in[2 * (base + j) + 1];
        }
        ops->hash_many(3, s, m);
        for (size_t j = 0; j < m; j++) out[base + j] = s[3 * j];
    }
}

zkp_status zkp_poseidon_tree_root(const zkp_poseidon_fr *leaves, size_t n_leaves, zkp_poseidon_fr *root) {
    zkp_status st = check_leaves(n_leaves, 1);
    if (st != ZKP_OK) return st;
    if (!leaves || !root) return ZKP_ERR_NULL;
    st = check_all(leaves, n_leaves);
    if (st != ZKP_OK) return st;
    const zkpi_poseidon_ops *ops = zkpi_poseidon_kernel_active()->ops;
    /* Leaves go in blocks of up to 32: each block's subtree root is computed
     * level by level with the batch kernel, then merged into a stack of pending
     * subtree roots (one per level, like a binary counter). */
    enum { BLOCK = 32 };
    const size_t block = n_leaves < BLOCK ? n_leaves : BLOCK;
    zkpi_fr stack[64];
    unsigned char have[64] = {0};
    for (size_t b = 0; b < n_leaves; b += block) {
        zkpi_fr lvl[BLOCK];
        for (size_t i = 0; i < block; i++) {
            from_pub(&lvl[i], &leaves[b + i]);
            to_mont(ops, &lvl[i]);
        }
        for (size_t w = block; w > 1; w /= 2) hash_pairs_mont(ops, lvl, w / 2, lvl);
        zkpi_fr node = lvl[0];
        unsigned level = 0;
        while (have[level]) {
            zkpi_fr pair[2] = {stack[level], node};
            hash_pairs_mont(ops, pair, 1, &node);
            have[level++] = 0;
        }
        stack[level] = node;
        have[level] = 1;
    }
    for (unsigned level = 0; level < 64; level++)
        if (have[level]) {
            from_mont(ops, &stack[level]);
            to_pub(root, &stack[level]);
        }
    return ZKP_OK;
}

zkp_status zkp_poseidon_tree_build(const zkp_poseidon_fr *leaves, size_t n_leaves, zkp_poseidon_fr *nodes) {
    /* nodes holds 2n - 1 elements */
    zkp_status st = check_leaves(n_leaves, 2);
    if (st != ZKP_OK) return st;
    if (!leaves || !nodes) return ZKP_ERR_NULL;
    st = check_all(leaves, n_leaves);
    if (st != ZKP_OK) return st;
    memmove(nodes, leaves, n_leaves * sizeof *nodes);
    size_t in = 0, w = n_leaves;
    while (w > 1) {
        zkp_status s = zkp_poseidon_hash_batch(&nodes[in], 2, w / 2, &nodes[in + w]);
        if (s != ZKP_OK) return s;
        in += w;
        w /= 2;
    }
    return ZKP_OK;
}

zkp_status zkp_poseidon_tree_proof(const zkp_poseidon_fr *nodes, size_t n_leaves, uint64_t index,
                                   zkp_poseidon_fr *proof) {
    if (!nodes) return ZKP_ERR_NULL;
    zkp_status st = check_leaves(n_leaves, 2);
    if (st != ZKP_OK) return st;
    if (index >= n_leaves) return ZKP_ERR_RANGE;
    if (n_leaves > 1 && !proof) return ZKP_ERR_NULL;
    size_t level = 0, i = (size_t)index;
    for (size_t w = n_leaves, d = 0; w > 1; level += w, w /= 2, d++, i /= 2) proof[d] = nodes[level + (i ^ 1)];
    return ZKP_OK;
}

zkp_status zkp_poseidon_tree_proof_from_leaves(const zkp_poseidon_fr *leaves, size_t n_leaves, uint64_t index,
                                               zkp_poseidon_fr *proof, zkp_poseidon_fr *root) {
    zkp_status st = check_leaves(n_leaves, 1);
    if (st != ZKP_OK) return st;
    if (!leaves || (n_leaves > 1 && !proof)) return ZKP_ERR_NULL;
    if (index >= n_leaves) return ZKP_ERR_RANGE;
    st = check_all(leaves, n_leaves); /* every leaf, as tree_root: the same tree is refused the same way */
    /* The sibling at level d is the root of the 2^d leaves beside the path:
     * the subtrees together hash n - 1 - depth pairs, about one root's work,
     * in tree_root's O(log n) memory instead of build's 2n - 1 nodes. */
    const size_t i = (size_t)index;
    size_t depth = 0;
    for (size_t w = 1; st == ZKP_OK && w < n_leaves; w *= 2, depth++)
        st = zkp_poseidon_tree_root(leaves + ((i / w) ^ 1) * w, w, &proof[depth]);
    if (st == ZKP_OK && root) st = zkp_poseidon_tree_proof_root(&leaves[i], index, proof, depth, root);
    return st;
}

zkp_status zkp_poseidon_tree_proof_root(const zkp_poseidon_fr *leaf, uint64_t index, const zkp_poseidon_fr *proof,
                                        size_t depth, zkp_poseidon_fr *root) {
    if (!leaf || !root || (depth && !proof)) return ZKP_ERR_NULL;
    if (depth > 64) return ZKP_ERR_PROOF_SHAPE; /* more siblings than a 64-bit index can address */
    if (depth < 64 && (index >> depth) != 0) return ZKP_ERR_RANGE;
    zkp_status st = check_all(leaf, 1);
    if (st == ZKP_OK) st = check_all(proof, depth);
    if (st != ZKP_OK) return st;
    zkp_poseidon_fr node = *leaf;
    for (size_t k = 0; k < depth; k++) {
        zkp_poseidon_fr pair[2];
        if ((index >> k) & 1) {
            pair[0] = proof[k];
            pair[1] = node;
        } else {
            pair[0] = node;
            pair[1] = proof[k];
        }
        st = zkp_poseidon_hash(pair, 2, &node);
        if (st != ZKP_OK) return st;
    }
    *root = node;
    return ZKP_OK;
}

zkp_status zkp_poseidon_tree_verify(const zkp_poseidon_fr *root, const zkp_poseidon_fr *leaf, uint64_t index,
                                    const zkp_poseidon_fr *proof, size_t depth) {
    if (!root) return ZKP_ERR_NULL;
    zkp_poseidon_fr got;
    zkp_status st = zkp_poseidon_tree_proof_root(leaf, index, proof, depth, &got);
    if (st == ZKP_OK) st = check_all(root, 1);
    if (st != ZKP_OK) return st;
    uint64_t diff = 0;
    for (int i = 0; i < 4; i++) diff |= got.limb[i] ^ root->limb[i];
    return diff ? ZKP_ERR_VERIFY : ZKP_OK;
}
