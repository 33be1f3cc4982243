/*
 * Subtree split and merge (subtree.h). The merge walks the tree padded to
 * a power of two from the top: a node that is a part is that part's root;
 * past the end it is the all-zero subtree (zero-padded) or, when its right
 * half lies past the end, its left child (left-balanced); otherwise its two
 * halves merged. Tree nodes nest, so the walk lands on part boundaries;
 * a part that does not would give ZKP_ERR_RANGE (the check rules it out).
 */
#include "core/subtree.h"

#include <string.h>

#include "core/util.h"

zkp_status zkpi_parts_check(const uint64_t *offsets, size_t n_parts, uint64_t unit) {
    if (offsets[0] != 0) return ZKP_ERR_RANGE;
    for (size_t i = 0; i < n_parts; i++) {
        uint64_t a = offsets[i], b = offsets[i + 1];
        if (b < a || (b == a && n_parts > 1) || a % unit) return ZKP_ERR_RANGE;
        uint64_t c = zkpi_units_of(b - a, unit), f = a / unit;
        if (i + 1 < n_parts && ((b - a) % unit || !zkpi_is_pow2(c))) return ZKP_ERR_RANGE;
        uint64_t align = zkpi_pow2_ceil(c);
        if (align ? f % align : f) return ZKP_ERR_RANGE; /* align 0: 2^64 */
    }
    return ZKP_OK;
}

typedef struct walk {
    const uint8_t (*cvs)[ZKPI_NODE_BYTES];
    const uint64_t *off;
    size_t n;
    uint64_t unit, total; /* total: units of the whole input */
    unsigned height;
    int zero_padded;
    zkpi_node_fn node;
    uint8_t zero[65][ZKPI_NODE_BYTES]; /* zero-padded: all-zero subtree roots by level */
} walk;

/* Index of the part starting at unit lo, or n when none does (the offsets
 * increase: binary search on the start unit). */
static size_t part_at(const walk *w, uint64_t lo) {
    size_t a = 0, b = w->n;
    while (a < b) {
        size_t m = a + (b - a) / 2;
        uint64_t f = w->off[m] / w->unit;
        if (f == lo) return m;
        if (f < lo) a = m + 1;
        else b = m;
    }
    return w->n;
}

/* Root of the node over units [lo, lo + 2^lvl) (lo < total). */
static zkp_status node_at(const walk *w, uint64_t lo, unsigned lvl, uint8_t out[ZKPI_NODE_BYTES]) {
    size_t i = part_at(w, lo);
    if (i < w->n && zkpi_pow2_ceil(zkpi_units_of(w->off[i + 1] - w->off[i], w->unit)) == zkpi_pow2(lvl)) {
        memcpy(out, w->cvs[i], ZKPI_NODE_BYTES);
        return ZKP_OK;
    }
    if (lvl == 0) return ZKP_ERR_RANGE; /* a split inside a part */
    uint64_t half = (uint64_t)1 << (lvl - 1);
    if (lo + half >= w->total) {
        if (!w->zero_padded) return node_at(w, lo, lvl - 1, out); /* left-balanced: carried up */
        zkp_status st = node_at(w, lo, lvl - 1, out);
        if (st == ZKP_OK) w->node(out, w->zero[lvl - 1], lvl == w->height, out);
        return st;
    }
    uint8_t l[ZKPI_NODE_BYTES], r[ZKPI_NODE_BYTES];
    zkp_status st = node_at(w, lo, lvl - 1, l);
    if (st == ZKP_OK) st = node_at(w, lo + half, lvl - 1, r);
    if (st == ZKP_OK) w->node(l, r, lvl == w->height, out);
    return st;
}

zkp_status zkpi_parts_merge(const uint8_t (*cvs)[ZKPI_NODE_BYTES], const uint64_t *offsets, size_t n_parts,
                            uint64_t unit, int zero_padded, zkpi_node_fn node, uint8_t out[ZKPI_NODE_BYTES]) {
    walk w;
    w.cvs = cvs;
    w.off = offsets;
    w.n = n_parts;
    w.unit = unit;
    w.total = zkpi_units_of(offsets[n_parts], unit);
    w.zero_padded = zero_padded;
    w.node = node;
    w.height = 0;
    while (w.height < 64 && ((uint64_t)1 << w.height) < w.total) w.height++;
    if (zero_padded) {
        memset(w.zero[0], 0, ZKPI_NODE_BYTES);
        for (unsigned l = 1; l <= w.height; l++) node(w.zero[l - 1], w.zero[l - 1], 0, w.zero[l]);
    }
    return node_at(&w, 0, w.height, out);
}

void zkpi_parts_split(uint64_t total_len, uint64_t unit, size_t max_parts, uint64_t *offsets, size_t *n_parts) {
    uint64_t n = zkpi_units_of(total_len, unit), per = 1;
    while ((n - 1) / per + 1 > max_parts) per <<= 1;
    size_t k = (size_t)((n - 1) / per + 1);
    for (size_t i = 0; i < k; i++) offsets[i] = (uint64_t)i * per * unit; /* i * per < n: below total_len */
    offsets[k] = total_len;
    *n_parts = k;
}
