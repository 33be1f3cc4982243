/*
 * LeanIMT over Poseidon(2) (include/zkprim/lean_imt.h): every level of the
 * tree kept as a growable array of canonical elements, so that an insert of
 * n leaves hashes each level's new nodes in one zkp_poseidon_hash_batch call
 * (eight states per pass on the IFMA kernel) and a proof is a walk down the
 * stored levels.
 *
 * Level l holds ceil(size / 2^l) nodes. Node i of level l + 1 is
 * H(level[l][2i], level[l][2i + 1]) when the right child exists and
 * level[l][2i] otherwise (the carry that replaces zero hashes).
 */
#include <stdlib.h>
#include <string.h>

#include "core/util.h"
#include "poseidon/internal.h"
#include "zkprim/lean_imt.h"
#include "zkprim/poseidon.h"

#define LI_LEVELS (ZKP_LEAN_IMT_MAX_DEPTH + 1)
#define LI_MAGIC 0x4c65616e494d5431ull /* "LeanIMT1" */
#define LI_MIN_CAP 16

typedef struct li_body {
    uint64_t magic;
    size_t size;  /* leaves */
    size_t depth; /* levels - 1 */
    zkp_poseidon_fr *level[LI_LEVELS];
    size_t cap[LI_LEVELS]; /* elements allocated per level */
} li_body;

/* The check word ties the public struct to its body: a struct that was never
 * initialised (or was overwritten) fails it before its pointer is followed. */
static uint64_t li_check_of(const li_body *b) { return (uint64_t)(uintptr_t)b ^ LI_MAGIC; }

/* The tree's body, or NULL with *st = ZKP_ERR_STATE. A valid empty tree may
 * have no body yet (init does not allocate): then *st stays ZKP_OK. */
static li_body *li_body_of(const zkp_lean_imt *t, zkp_status *st) {
    *st = ZKP_OK;
    if (t->check != li_check_of(t->body)) {
        *st = ZKP_ERR_STATE;
        return NULL;
    }
    li_body *b = t->body;
    if (b && (b->magic != LI_MAGIC || b->depth > ZKP_LEAN_IMT_MAX_DEPTH)) *st = ZKP_ERR_STATE;
    return *st == ZKP_OK ? b : NULL;
}

/* Nodes of level l in a tree of `size` leaves: ceil(size / 2^l). */
static size_t li_level_count(size_t size, size_t l) {
    if (size == 0) return 0;
    return l >= 64 ? 1 : ((size - 1) >> l) + 1;
}

/* Smallest d with 2^d >= size (0 for size <= 1), as the package's
 * ceil(log2(size)). */
static size_t li_depth_of(size_t size) {
    size_t d = 0;
    while (d < 64 && ((size_t)1 << d) < size) d++;
    return d;
}

static void li_load(zkp_poseidon_fr *out, const uint8_t in[32], zkp_status *st) {
    if (zkp_poseidon_fr_from_be(out, in) != ZKP_OK) *st = ZKP_ERR_RANGE;
}

/* Canonical inputs and a valid count: fails only in a library built without
 * width 3 (ZKP_POSEIDON_ONLY_T, src/poseidon/params.h), and then every tree
 * call reports it instead of hashing to a wrong node. */
static zkp_status li_hash2(const zkp_poseidon_fr *left, const zkp_poseidon_fr *right, zkp_poseidon_fr *out) {
    const zkp_poseidon_fr pair[2] = {*left, *right};
    return zkp_poseidon_hash(pair, 2, out);
}

void zkp_lean_imt_init(zkp_lean_imt *t) {
    if (!t) return;
    t->body = NULL;
    t->check = li_check_of(NULL);
}

void zkp_lean_imt_free(zkp_lean_imt *t) {
    if (!t) return;
    zkp_status st;
    li_body *b = li_body_of(t, &st);
    if (st != ZKP_OK) return; /* corrupted: its memory cannot be trusted */
    if (b) {
        for (size_t l = 0; l < LI_LEVELS; l++) free(b->level[l]);
        b->magic = 0;
        free(b);
    }
    t->body = NULL;
    t->check = 0; /* as never initialised */
}

/* Room for `size` leaves on every level; on failure the contents are
 * unchanged (a level may have grown). */
static zkp_status li_reserve(li_body *b, size_t size) {
    const size_t depth = li_depth_of(size);
    for (size_t l = 0; l <= depth; l++) {
        const size_t need = li_level_count(size, l);
        if (b->cap[l] >= need) continue;
        size_t cap = b->cap[l] * 2 > need ? b->cap[l] * 2 : need;
        if (cap < LI_MIN_CAP) cap = LI_MIN_CAP;
        if (!zkpi_array_ok(cap, sizeof(zkp_poseidon_fr))) cap = need; /* need itself was checked */
        zkp_poseidon_fr *p = realloc(b->level[l], cap * sizeof *p);
        if (!p) return ZKP_ERR_NOMEM;
        b->level[l] = p;
        b->cap[l] = cap;
    }
    return ZKP_OK;
}

zkp_status zkp_lean_imt_insert_batch(zkp_lean_imt *t, const uint8_t *leaves, size_t n) {
    if (n == 0) return ZKP_ERR_COUNT;
    if (!t || !leaves) return ZKP_ERR_NULL;
    zkp_status st;
    li_body *b = li_body_of(t, &st);
    if (st != ZKP_OK) return st;
    const size_t old = b ? b->size : 0;
    /* the leaves' bytes, and the node arrays of the grown tree (fewer than
     * 2 * size elements in all), must be possible objects */
    const size_t max_leaves = ZKP_MAX_BYTES / (2 * sizeof(zkp_poseidon_fr));
    if (!zkpi_array_ok(n, ZKP_LEAN_IMT_BYTES) || n > max_leaves - old) return ZKP_ERR_LENGTH;
    for (size_t i = 0; i < n; i++) {
        zkp_poseidon_fr x;
        li_load(&x, leaves + ZKP_LEAN_IMT_BYTES * i, &st);
    }
    if (st != ZKP_OK) return st;
    if (!b) {
        b = calloc(1, sizeof *b);
        if (!b) return ZKP_ERR_NOMEM;
        b->magic = LI_MAGIC;
        t->body = b;
        t->check = li_check_of(b);
    }
    const size_t size = old + n, depth = li_depth_of(size);
    st = li_reserve(b, size);
    if (st != ZKP_OK) return st;
    for (size_t i = 0; i < n; i++) li_load(&b->level[0][old + i], leaves + ZKP_LEAN_IMT_BYTES * i, &st);
    /* Level by level, the parents whose subtree holds a new leaf: from
     * old >> (l + 1) (the parent of the first changed node) to the end. */
    for (size_t l = 0; l < depth; l++) {
        const size_t count = li_level_count(size, l), first = old >> (l + 1), pairs = count / 2;
        zkp_poseidon_fr *lo = b->level[l], *hi = b->level[l + 1];
        if (pairs > first) st = zkp_poseidon_hash_batch(&lo[2 * first], 2, pairs - first, &hi[first]);
        if (st != ZKP_OK) return st; /* canonical nodes: cannot happen */
        if (count & 1) hi[pairs] = lo[count - 1];
    }
    b->size = size;
    b->depth = depth;
    return ZKP_OK;
}

zkp_status zkp_lean_imt_insert(zkp_lean_imt *t, const uint8_t leaf[ZKP_LEAN_IMT_BYTES]) {
    return zkp_lean_imt_insert_batch(t, leaf, 1);
}

zkp_status zkp_lean_imt_update(zkp_lean_imt *t, uint64_t index, const uint8_t leaf[ZKP_LEAN_IMT_BYTES]) {
    if (!t || !leaf) return ZKP_ERR_NULL;
    zkp_status st;
    li_body *b = li_body_of(t, &st);
    if (st != ZKP_OK) return st;
    if (!b || index >= b->size) return ZKP_ERR_RANGE;
    zkp_poseidon_fr node;
    li_load(&node, leaf, &st);
    if (st != ZKP_OK) return st;
    /* the new path first, written only once every hash succeeded */
    zkp_poseidon_fr path[LI_LEVELS];
    size_t i = (size_t)index;
    for (size_t l = 0; l < b->depth && st == ZKP_OK; l++, i >>= 1) {
        const zkp_poseidon_fr *lv = b->level[l];
        path[l] = node;
        if (i & 1) st = li_hash2(&lv[i - 1], &path[l], &node);
        else if (i + 1 < li_level_count(b->size, l)) st = li_hash2(&path[l], &lv[i + 1], &node);
    }
    if (st != ZKP_OK) return st;
    i = (size_t)index;
    for (size_t l = 0; l < b->depth; l++, i >>= 1) b->level[l][i] = path[l];
    b->level[b->depth][0] = node;
    return ZKP_OK;
}

size_t zkp_lean_imt_size(const zkp_lean_imt *t) {
    zkp_status st;
    const li_body *b = t ? li_body_of(t, &st) : NULL;
    return b ? b->size : 0;
}

size_t zkp_lean_imt_depth(const zkp_lean_imt *t) {
    zkp_status st;
    const li_body *b = t ? li_body_of(t, &st) : NULL;
    return b ? b->depth : 0;
}

/* The tree's body for a read that needs at least one leaf. */
static const li_body *li_nonempty(const zkp_lean_imt *t, zkp_status *st) {
    const li_body *b = li_body_of(t, st);
    if (*st == ZKP_OK && (!b || b->size == 0)) *st = ZKP_ERR_COUNT;
    return *st == ZKP_OK ? b : NULL;
}

zkp_status zkp_lean_imt_tree_root(const zkp_lean_imt *t, uint8_t root[ZKP_LEAN_IMT_BYTES]) {
    if (!t || !root) return ZKP_ERR_NULL;
    zkp_status st;
    const li_body *b = li_nonempty(t, &st);
    if (st != ZKP_OK) return st;
    zkp_poseidon_fr_to_be(root, &b->level[b->depth][0]);
    return ZKP_OK;
}

/* All ones when a == b, else 0, without a branch on the values. */
static uint64_t li_eq_mask(const zkp_poseidon_fr *a, const zkp_poseidon_fr *b) {
    uint64_t d = 0;
    for (int k = 0; k < 4; k++) d |= a->limb[k] ^ b->limb[k];
    return ((d | (0 - d)) >> 63) - 1;
}

zkp_status zkp_lean_imt_index_of(const zkp_lean_imt *t, const uint8_t leaf[ZKP_LEAN_IMT_BYTES], uint64_t *index) {
    if (!t || !leaf || !index) return ZKP_ERR_NULL;
    zkp_status st;
    const li_body *b = li_body_of(t, &st);
    if (st != ZKP_OK) return st;
    zkp_poseidon_fr x;
    li_load(&x, leaf, &st);
    if (st != ZKP_OK) return st;
    uint64_t found = 0, at = ZKP_LEAN_IMT_NOT_FOUND;
    const size_t size = b ? b->size : 0;
    for (size_t i = 0; i < size; i++) {
        const uint64_t take = li_eq_mask(&b->level[0][i], &x) & ~found; /* the first match only */
        at = (at & ~take) | ((uint64_t)i & take);
        found |= take;
    }
    *index = at;
    return ZKP_OK;
}

zkp_status zkp_lean_imt_tree_proof(const zkp_lean_imt *t, uint64_t index, zkp_lean_imt_proof *proof) {
    if (!t || !proof) return ZKP_ERR_NULL;
    zkp_status st;
    const li_body *b = li_nonempty(t, &st);
    if (st != ZKP_OK) return st;
    if (index >= b->size) return ZKP_ERR_RANGE;
    memset(proof, 0, sizeof *proof);
    size_t i = (size_t)index, k = 0;
    uint64_t bits = 0;
    zkp_poseidon_fr_to_be(proof->leaf, &b->level[0][i]);
    for (size_t l = 0; l < b->depth; l++, i >>= 1) {
        const size_t right = i & 1, sib = right ? i - 1 : i + 1;
        if (sib >= li_level_count(b->size, l)) continue; /* carried: no sibling, no bit */
        zkp_poseidon_fr_to_be(proof->siblings[k], &b->level[l][sib]);
        bits |= (uint64_t)right << k++;
    }
    zkp_poseidon_fr_to_be(proof->root, &b->level[b->depth][0]);
    proof->index = bits;
    proof->n_siblings = k;
    return ZKP_OK;
}

size_t zkpi_lean_imt_level_be(const zkp_lean_imt *t, size_t l, uint8_t *out, size_t cap) {
    zkp_status st;
    const li_body *b = t ? li_nonempty(t, &st) : NULL;
    if (!b || !out || l > b->depth) return 0;
    const size_t n = li_level_count(b->size, l);
    if (n > cap) return 0;
    for (size_t i = 0; i < n; i++) zkp_poseidon_fr_to_be(out + 32 * i, &b->level[l][i]);
    return n;
}

zkp_status zkp_lean_imt_tree_verify(const zkp_lean_imt_proof *proof) {
    if (!proof) return ZKP_ERR_NULL;
    const size_t n = proof->n_siblings;
    if (n > ZKP_LEAN_IMT_MAX_DEPTH) return ZKP_ERR_PROOF_SHAPE;
    if (n < 64 && (proof->index >> n) != 0) return ZKP_ERR_RANGE;
    zkp_status st = ZKP_OK;
    zkp_poseidon_fr root, node, sib;
    li_load(&root, proof->root, &st);
    li_load(&node, proof->leaf, &st);
    for (size_t k = 0; k < n; k++) li_load(&sib, proof->siblings[k], &st);
    if (st != ZKP_OK) return st;
    for (size_t k = 0; k < n; k++) {
        li_load(&sib, proof->siblings[k], &st);
        st = (proof->index >> k) & 1 ? li_hash2(&sib, &node, &node) : li_hash2(&node, &sib, &node);
        if (st != ZKP_OK) return st;
    }
    return li_eq_mask(&node, &root) ? ZKP_OK : ZKP_ERR_VERIFY;
}
