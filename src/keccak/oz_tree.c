/*
 * OpenZeppelin Merkle trees (@openzeppelin/merkle-tree 1.0.8): the sorted
 * leaf order, the array layout, getProof, getMultiProof and
 * processMultiProof. The facts come from the package's dist/core.js and
 * dist/merkletree.js; the code is ours.
 *
 * Speed: the nodes of one stretch of the array whose children are all known
 * are hashed in one strided batch (the sorted pairs are copied to a small
 * scratch block first, since the array keeps the children in place).
 */
#include <stdlib.h>
#include <string.h>

#include "core/util.h"
#include "keccak/many_internal.h"
#include "zkprim/keccak.h"
#include "zkprim/oz_tree.h"

#define NODE 32
#define PAIR_BLOCK 128 /* pairs per batch: 8 KiB of scratch on the stack */

/* The package's standardNodeHash: Keccak-256 of the pair, smaller first. */
static void node_hash(const uint8_t *a, const uint8_t *b, uint8_t out[NODE]) {
    if (memcmp(a, b, NODE) > 0) {
        const uint8_t *t = a;
        a = b, b = t;
    }
    zkp_keccak256_pair(a, b, out);
}

/* ---- stable sort of the leaves ---------------------------------------------- *
 * Each leaf becomes a key (its first 8 bytes as a big-endian number) and its
 * input position, so the sort reads the 32-byte leaves only on a tie of 8
 * bytes. Counting sort on the key's top 16 bits (stable), then each bucket
 * by (key, whole leaf, position): equal leaves keep their input order, as
 * in the package's (stable) Array.prototype.sort. */

typedef struct {
    uint64_t key;
    size_t pos;
} sort_item;

static uint64_t be64(const uint8_t *p) {
    uint64_t v = 0;
    for (int i = 0; i < 8; i++) v = v << 8 | p[i];
    return v;
}

static int item_cmp(const uint8_t *leaves, const sort_item *a, const sort_item *b) {
    if (a->key != b->key) return a->key < b->key ? -1 : 1;
    int c = memcmp(leaves + NODE * a->pos + 8, leaves + NODE * b->pos + 8, NODE - 8);
    return c ? c : (a->pos > b->pos) - (a->pos < b->pos);
}

static _Thread_local const uint8_t *qsort_leaves;
static int qsort_cmp(const void *x, const void *y) { return item_cmp(qsort_leaves, x, y); }

static void sort_bucket(const uint8_t *leaves, sort_item *v, size_t m) {
    if (m > 32) {
        qsort_leaves = leaves;
        qsort(v, m, sizeof *v, qsort_cmp);
        return;
    }
    for (size_t i = 1; i < m; i++) {
        sort_item x = v[i];
        size_t j = i;
        while (j > 0 && item_cmp(leaves, &v[j - 1], &x) > 0) v[j] = v[j - 1], j--;
        v[j] = x;
    }
}

/* order[r] = input position of the r-th smallest leaf. */
static zkp_status sort_leaves(const uint8_t *leaves, size_t n, size_t *order) {
    sort_item *items = malloc(n * sizeof *items), *sorted = n >= 4096 ? malloc(n * sizeof *sorted) : NULL;
    size_t *start = n >= 4096 ? calloc(65537, sizeof *start) : NULL;
    if (!items || (n >= 4096 && (!sorted || !start))) {
        free(items), free(sorted), free(start);
        return ZKP_ERR_NOMEM;
    }
    for (size_t i = 0; i < n; i++) items[i] = (sort_item){be64(leaves + NODE * i), i};
    if (n < 4096) {
        sort_bucket(leaves, items, n);
    } else {
        for (size_t i = 0; i < n; i++) start[(items[i].key >> 48) + 1]++;
        for (size_t b = 1; b <= 65536; b++) start[b] += start[b - 1];
        for (size_t i = 0; i < n; i++) sorted[start[items[i].key >> 48]++] = items[i]; /* start[b] becomes end of b */
        for (size_t b = 0, lo = 0; b < 65536; lo = start[b++]) sort_bucket(leaves, sorted + lo, start[b] - lo);
        free(items);
        items = sorted;
    }
    for (size_t r = 0; r < n; r++) order[r] = items[r].pos;
    free(items), free(start);
    return ZKP_OK;
}

/* ---- build ------------------------------------------------------------------------ */

/* Hashes internal nodes lo..hi (their children are known) in batches. */
static void hash_stretch(const keccak_params *p, uint8_t *nodes, size_t lo, size_t hi) {
    uint8_t pairs[PAIR_BLOCK * 2 * NODE];
    for (size_t first = lo; first <= hi;) {
        size_t cnt = hi - first + 1 < PAIR_BLOCK ? hi - first + 1 : PAIR_BLOCK;
        for (size_t j = 0; j < cnt; j++) {
            const uint8_t *a = nodes + NODE * (2 * (first + j) + 1), *b = a + NODE;
            if (memcmp(a, b, NODE) > 0) {
                const uint8_t *t = a;
                a = b, b = t;
            }
            memcpy(pairs + 2 * NODE * j, a, NODE);
            memcpy(pairs + 2 * NODE * j + NODE, b, NODE);
        }
        zkpi_keccak_many_stride(p, pairs, 2 * NODE, 2 * NODE, cnt, nodes + NODE * first, NODE);
        first += cnt;
    }
}

zkp_status zkp_oz_tree_build(const uint8_t *leaves, size_t n, uint8_t *nodes, uint64_t *tree_index) {
    if (!leaves || !nodes) return ZKP_ERR_NULL;
    if (n == 0) return ZKP_ERR_COUNT;
    if (!zkpi_array_ok(n, 2 * NODE)) return ZKP_ERR_LENGTH;
    size_t *order = malloc(n * sizeof *order);
    if (!order) return ZKP_ERR_NOMEM;
    zkp_status st = sort_leaves(leaves, n, order);
    if (st != ZKP_OK) {
        free(order);
        return st;
    }
    size_t total = 2 * n - 1;
    for (size_t r = 0; r < n; r++) {
        memcpy(nodes + NODE * (total - 1 - r), leaves + NODE * order[r], NODE);
        if (tree_index) tree_index[order[r]] = total - 1 - r;
    }
    free(order);
    /* Internal nodes n-2 .. 0, from the end: a stretch lo..hi is ready when
     * its first child 2lo+1 lies past hi. */
    if (n > 1) {
        keccak_params p;
        (void)keccak_params_of(ZKP_KECCAK_256, &p);
        size_t hi = n - 2;
        for (;;) {
            size_t lo = hi == 0 ? 0 : (hi - 1) / 2 + 1;
            hash_stretch(&p, nodes, lo, hi);
            if (lo == 0) break;
            hi = lo - 1;
        }
    }
    return ZKP_OK;
}

/* ---- proofs ---------------------------------------------------------------------- */

/* n_nodes = 2n - 1 with n >= 1, and index a leaf's place in it. */
static zkp_status check_leaf_index(size_t n_nodes, uint64_t index) {
    if (n_nodes == 0 || n_nodes % 2 == 0) return ZKP_ERR_COUNT;
    if (!zkpi_array_ok(n_nodes, NODE)) return ZKP_ERR_LENGTH;
    size_t n = (n_nodes + 1) / 2;
    if (index < n - 1 || index >= n_nodes) return ZKP_ERR_RANGE;
    return ZKP_OK;
}

static uint64_t sibling_of(uint64_t i) { return i % 2 ? i + 1 : i - 1; }
static uint64_t parent_of(uint64_t i) { return (i - 1) / 2; }

zkp_status zkp_oz_tree_proof(const uint8_t *nodes, size_t n_nodes, uint64_t index, uint8_t *proof, size_t cap,
                             size_t *depth) {
    if (!nodes || !depth) return ZKP_ERR_NULL;
    zkp_status st = check_leaf_index(n_nodes, index);
    if (st != ZKP_OK) return st;
    size_t d = 0;
    for (uint64_t i = index; i > 0; i = parent_of(i)) d++;
    if (d > cap) return ZKP_ERR_LENGTH;
    if (d && !proof) return ZKP_ERR_NULL;
    d = 0;
    for (uint64_t i = index; i > 0; i = parent_of(i)) memcpy(proof + NODE * d++, nodes + NODE * sibling_of(i), NODE);
    *depth = d;
    return ZKP_OK;
}

zkp_status zkp_oz_tree_verify(const uint8_t root[32], const uint8_t leaf[32], const uint8_t *proof, size_t depth) {
    if (!root || !leaf || (depth && !proof)) return ZKP_ERR_NULL;
    if (!zkpi_array_ok(depth, NODE)) return ZKP_ERR_LENGTH;
    uint8_t acc[NODE];
    memcpy(acc, leaf, NODE);
    for (size_t i = 0; i < depth; i++) node_hash(acc, proof + NODE * i, acc);
    return memcmp(acc, root, NODE) == 0 ? ZKP_OK : ZKP_ERR_VERIFY;
}

static int cmp_desc(const void *x, const void *y) {
    uint64_t a = *(const uint64_t *)x, b = *(const uint64_t *)y;
    return (a < b) - (a > b);
}

zkp_status zkp_oz_tree_multi_proof(const uint8_t *nodes, size_t n_nodes, const uint64_t *indices, size_t k,
                                   uint64_t *leaf_indices, uint8_t *proof, size_t proof_cap, size_t *proof_n,
                                   uint8_t *flags, size_t flags_cap, size_t *flags_n) {
    if (!nodes || !proof_n || !flags_n || (k && (!indices || !leaf_indices))) return ZKP_ERR_NULL;
    if ((proof_cap && !proof) || (flags_cap && !flags)) return ZKP_ERR_NULL;
    if (n_nodes == 0 || n_nodes % 2 == 0) return ZKP_ERR_COUNT;
    if (!zkpi_array_ok(n_nodes, NODE) || !zkpi_array_ok(k, sizeof *indices)) return ZKP_ERR_LENGTH;
    for (size_t i = 0; i < k; i++) {
        zkp_status st = check_leaf_index(n_nodes, indices[i]);
        if (st != ZKP_OK) return st;
    }
    if (k) { /* k == 0 may come with NULL arrays: no memmove/qsort on them */
        memmove(leaf_indices, indices, k * sizeof *indices);
        qsort(leaf_indices, k, sizeof *leaf_indices, cmp_desc);
    }
    for (size_t i = 1; i < k; i++)
        if (leaf_indices[i] == leaf_indices[i - 1]) return ZKP_ERR_PARAM;
    size_t np = 0, nf = 0;
    if (k == 0) {
        if (proof_cap < 1) return ZKP_ERR_LENGTH;
        memcpy(proof, nodes, NODE);
        *proof_n = 1, *flags_n = 0;
        return ZKP_OK;
    }
    /* The package's queue (shift from the front, push to the back) never
     * holds more than k entries: a ring of k. */
    uint64_t *q = malloc(k * sizeof *q);
    if (!q) return ZKP_ERR_NOMEM;
    memcpy(q, leaf_indices, k * sizeof *q);
    size_t head = 0, len = k;
    zkp_status st = ZKP_OK;
    while (len > 0 && q[head] > 0) {
        uint64_t j = q[head];
        head = (head + 1) % k, len--;
        uint64_t s = sibling_of(j);
        if (len > 0 && q[head] == s) {
            if (nf >= flags_cap) { st = ZKP_ERR_LENGTH; break; }
            flags[nf++] = 1;
            head = (head + 1) % k, len--;
        } else {
            if (nf >= flags_cap || np >= proof_cap) { st = ZKP_ERR_LENGTH; break; }
            flags[nf++] = 0;
            memcpy(proof + NODE * np++, nodes + NODE * s, NODE);
        }
        q[(head + len) % k] = parent_of(j);
        len++;
    }
    free(q);
    if (st != ZKP_OK) return st;
    *proof_n = np, *flags_n = nf;
    return ZKP_OK;
}

zkp_status zkp_oz_tree_multi_verify(const uint8_t root[32], const uint8_t *leaves, size_t n_leaves,
                                    const uint8_t *proof, size_t n_proof, const uint8_t *flags, size_t n_flags) {
    if (!root || (n_leaves && !leaves) || (n_proof && !proof) || (n_flags && !flags)) return ZKP_ERR_NULL;
    if (!zkpi_array_ok(n_leaves, NODE) || !zkpi_array_ok(n_proof, NODE) || !zkpi_array_ok(n_flags, NODE))
        return ZKP_ERR_LENGTH;
    size_t falses = 0;
    for (size_t i = 0; i < n_flags; i++) falses += !flags[i];
    /* n_leaves + n_proof == n_flags + 1, all three below PTRDIFF_MAX / 32 */
    if (n_proof < falses || n_leaves + n_proof != n_flags + 1) return ZKP_ERR_PROOF_SHAPE;
    uint8_t *hashes = n_flags ? malloc(NODE * n_flags) : NULL;
    if (n_flags && !hashes) return ZKP_ERR_NOMEM;
    size_t leaf_pos = 0, hash_pos = 0, proof_pos = 0, made = 0;
    zkp_status st = ZKP_OK;
    for (size_t i = 0; i < n_flags && st == ZKP_OK; i++) {
        const uint8_t *ab[2];
        for (int t = 0; t < 2; t++) {
            if (t == 1 && !flags[i]) ab[1] = proof + NODE * proof_pos++; /* falses <= n_proof */
            else if (leaf_pos < n_leaves) ab[t] = leaves + NODE * leaf_pos++;
            else if (hash_pos < made) ab[t] = hashes + NODE * hash_pos++;
            else st = ZKP_ERR_PROOF_SHAPE; /* the package's queue ran dry */
        }
        if (st == ZKP_OK) node_hash(ab[0], ab[1], hashes + NODE * made++);
    }
    if (st == ZKP_OK) {
        size_t left = (n_leaves - leaf_pos) + (made - hash_pos) + (n_proof - proof_pos);
        if (left != 1) st = ZKP_ERR_PROOF_SHAPE;
        else {
            /* stack.pop() ?? proof.shift(): the newest queued node, else the proof's */
            const uint8_t *r = made > hash_pos          ? hashes + NODE * (made - 1)
                               : n_leaves > leaf_pos    ? leaves + NODE * (n_leaves - 1)
                                                        : proof + NODE * proof_pos;
            st = memcmp(r, root, NODE) == 0 ? ZKP_OK : ZKP_ERR_VERIFY;
        }
    }
    free(hashes);
    return st;
}

/* ---- a tree read back ----------------------------------------------------------------- */

zkp_status zkp_oz_tree_check(const uint8_t *nodes, size_t n_nodes, size_t *bad) {
    if (bad) *bad = SIZE_MAX;
    if (n_nodes % 2 == 0) return ZKP_ERR_COUNT;
    if (!nodes) return ZKP_ERR_NULL;
    if (!zkpi_array_ok(n_nodes, NODE)) return ZKP_ERR_LENGTH;
    for (size_t k = n_nodes / 2; k-- > 0;) { /* from the bottom up: the deepest bad node is named */
        uint8_t h[NODE];
        node_hash(nodes + NODE * (2 * k + 1), nodes + NODE * (2 * k + 2), h);
        if (memcmp(h, nodes + NODE * k, NODE)) {
            if (bad) *bad = k;
            return ZKP_ERR_VERIFY;
        }
    }
    return ZKP_OK;
}

/* ---- leaves from values ------------------------------------------------------------ */

/* zkp_oz_abi_encode's verdict on n values: 1 when they are valid (the size
 * query then says ZKP_ERR_LENGTH with *need set, or ZKP_OK for an empty
 * encoding), else 0 with the status in *st. */
static int encodable(const zkp_oz_abi_type *types, const zkp_oz_abi_value *values, size_t n, size_t *need,
                     zkp_status *st) {
    *need = SIZE_MAX; /* encode writes it only once every value is valid */
    *st = zkp_oz_abi_encode(types, values, n, NULL, 0, need);
    return *st == ZKP_OK || (*st == ZKP_ERR_LENGTH && *need != SIZE_MAX);
}

zkp_status zkp_oz_leaf_hash_values(const zkp_oz_abi_type *types, size_t n_types, const zkp_oz_abi_value *values,
                                   size_t n, uint8_t *out, size_t *bad) {
    if (bad) *bad = SIZE_MAX;
    if (n == 0) return ZKP_OK;
    if (!out || (n_types && (!types || !values))) return ZKP_ERR_NULL;
    if (!zkpi_array_ok(n_types, sizeof *values) || !zkpi_array_ok(n, n_types * sizeof *values) ||
        !zkpi_array_ok(n, NODE))
        return ZKP_ERR_LENGTH;
    size_t *off = malloc((n + 1) * sizeof *off);
    if (!off) return ZKP_ERR_NOMEM;
    /* pass 1: every tuple's length, and the first bad value named */
    zkp_status st = ZKP_OK;
    size_t total = 0, need;
    for (size_t i = 0; i < n && st == ZKP_OK; i++) {
        const zkp_oz_abi_value *tuple = n_types ? values + n_types * i : values; /* no offset on NULL */
        if (!encodable(types, tuple, n_types, &need, &st)) {
            for (size_t j = 0; j < n_types; j++) {
                size_t one;
                zkp_status sj;
                if (!encodable(&types[j], &tuple[j], 1, &one, &sj)) {
                    if (bad) *bad = n_types * i + j;
                    st = sj;
                    break;
                }
            }
            break; /* no single value at fault: the tuple's total size (st says so) */
        }
        st = need > ZKP_MAX_BYTES - total ? ZKP_ERR_LENGTH : ZKP_OK; /* the size query's own LENGTH is no error */
        off[i] = total;
        total += need;
    }
    off[n] = total;
    uint8_t *enc = st == ZKP_OK ? malloc(total ? total : 1) : NULL;
    const uint8_t **ptrs = enc ? malloc(n * sizeof *ptrs) : NULL;
    size_t *lens = ptrs ? malloc(n * sizeof *lens) : NULL;
    if (st == ZKP_OK && !lens) st = ZKP_ERR_NOMEM;
    /* pass 2: the encodings back to back, then both Keccak rounds in batches */
    for (size_t i = 0; i < n && st == ZKP_OK; i++) {
        ptrs[i] = enc + off[i];
        lens[i] = off[i + 1] - off[i];
        st = zkp_oz_abi_encode(types, n_types ? values + n_types * i : values, n_types, enc + off[i], lens[i], &need);
    }
    if (st == ZKP_OK) st = zkp_oz_leaf_hash_batch(ptrs, lens, n, out);
    free(lens), free(ptrs), free(enc), free(off);
    return st;
}
