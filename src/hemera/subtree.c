/*
 * Subtrees of the fixed 4 KiB-chunk tree (docs/streaming.md): hash parts of
 * the input apart (on other threads, processes or machines) and merge
 * their roots into the root of the whole.
 *
 * Why the split rule makes a part a node: the left-balanced tree over n
 * leaves puts the largest power of two below n on the left, so every
 * aligned block of 2^k leaves that more leaves follow is a perfect
 * subtree, and the tail of c <= 2^k leaves starting at a multiple of 2^k
 * (the bits of n below k) is the right spine's node. Tree nodes nest, so
 * merging parts recursively along the left-balanced splits always lands
 * on part boundaries; merge_parts checks every part anyway.
 */
#include <string.h>

#include "hemera/tree_stream.h"

#define CHUNK ZKP_HEMERA_CHUNK_BYTES
#define MAX_CHUNK_INDEX ((uint64_t)1 << 52) /* 2^52 chunks of 4 KiB = 2^64 bytes */

/* Smallest power of two >= c (c >= 1, c <= 2^63). */
static uint64_t pow2_ceil(uint64_t c) {
    uint64_t p = 1;
    while (p < c) p <<= 1;
    return p;
}

static uint64_t chunks_of(uint64_t len) { return len == 0 ? 1 : (len - 1) / CHUNK + 1; }

zkp_status zkp_hemera_subtree_root(const uint8_t *data, size_t len, uint64_t first_chunk,
                                   uint8_t out[ZKP_HEMERA_DIGEST_BYTES]) {
    if ((!data && len) || !out) return ZKP_ERR_NULL;
    if (len == 0 || !zkp_bytes_ok(len)) return ZKP_ERR_LENGTH;
    uint64_t c = chunks_of(len);
    if (first_chunk >= MAX_CHUNK_INDEX || c > MAX_CHUNK_INDEX - first_chunk) return ZKP_ERR_RANGE;
    if (first_chunk % pow2_ceil(c) != 0) return ZKP_ERR_RANGE;
    return zkpi_hm_chunks_root(data, len, first_chunk, out);
}

typedef struct parts {
    const uint8_t (*cvs)[ZKP_HEMERA_DIGEST_BYTES];
    size_t n;
} parts;

/* Index of the part starting at chunk lo, or n when none does. */
static size_t part_at(const parts *P, const uint64_t *off, uint64_t lo) {
    size_t a = 0, b = P->n;
    while (a < b) { /* offsets are increasing: binary search on the start chunk */
        size_t m = a + (b - a) / 2;
        uint64_t f = off[m] / CHUNK;
        if (f == lo) return m;
        if (f < lo) a = m + 1;
        else b = m;
    }
    return P->n;
}

/* Root of the node over chunks [lo, lo + cnt): a part's root, or two
 * halves merged at the left-balanced split. */
static zkp_status node(const parts *P, const uint64_t *off, uint64_t lo, uint64_t cnt, int is_root,
                       uint8_t out[ZKP_HEMERA_DIGEST_BYTES]) {
    size_t i = part_at(P, off, lo);
    if (i == P->n) return ZKP_ERR_RANGE; /* a split inside a part: the parts were not legal */
    uint64_t c = chunks_of(off[i + 1] - off[i]);
    if (c == cnt) {
        if (is_root) return ZKP_ERR_COUNT; /* one part is the whole input */
        memcpy(out, P->cvs[i], ZKP_HEMERA_DIGEST_BYTES);
        return ZKP_OK;
    }
    if (cnt < 2 || c > cnt) return ZKP_ERR_RANGE;
    uint64_t left = hm_left_size(cnt);
    uint8_t l[ZKP_HEMERA_DIGEST_BYTES], r[ZKP_HEMERA_DIGEST_BYTES];
    zkp_status st = node(P, off, lo, left, 0, l);
    if (st == ZKP_OK) st = node(P, off, lo + left, cnt - left, 0, r);
    if (st != ZKP_OK) return st;
    zkpi_hm_node(l, r, is_root, out);
    return ZKP_OK;
}

zkp_status zkp_hemera_subtree_merge_parts(const uint8_t (*cvs)[ZKP_HEMERA_DIGEST_BYTES], const uint64_t *offsets,
                                          size_t n_parts, uint8_t out[ZKP_HEMERA_DIGEST_BYTES]) {
    if (!cvs || !offsets || !out) return ZKP_ERR_NULL;
    if (!zkp_array_ok(n_parts, ZKP_HEMERA_DIGEST_BYTES) || n_parts == SIZE_MAX) return ZKP_ERR_LENGTH;
    if (n_parts < 2) return ZKP_ERR_COUNT;
    if (offsets[0] != 0) return ZKP_ERR_RANGE;
    for (size_t i = 0; i < n_parts; i++) {
        uint64_t a = offsets[i], b = offsets[i + 1];
        if (b <= a || a % CHUNK) return ZKP_ERR_RANGE;
        uint64_t c = chunks_of(b - a), f = a / CHUNK;
        int last = i + 1 == n_parts;
        if (!last && ((b - a) % CHUNK || (c & (c - 1)))) return ZKP_ERR_RANGE;
        if (f % pow2_ceil(c)) return ZKP_ERR_RANGE;
    }
    parts P = {cvs, n_parts};
    return node(&P, offsets, 0, chunks_of(offsets[n_parts]), 1, out);
}

zkp_status zkp_hemera_subtree_split(uint64_t total_len, size_t max_parts, uint64_t *offsets, size_t *n_parts) {
    if (!offsets || !n_parts) return ZKP_ERR_NULL;
    if (max_parts == 0) return ZKP_ERR_COUNT;
    if (max_parts >= SIZE_MAX || !zkp_array_ok(max_parts + 1, sizeof *offsets)) return ZKP_ERR_LENGTH;
    uint64_t n = chunks_of(total_len), per = 1;
    while ((n - 1) / per + 1 > max_parts) per <<= 1; /* equal power-of-two parts, aligned */
    size_t k = (size_t)((n - 1) / per + 1);
    for (size_t i = 0; i < k; i++) offsets[i] = (uint64_t)i * per * CHUNK; /* i * per < n <= 2^52 */
    offsets[k] = total_len;
    *n_parts = k;
    return ZKP_OK;
}
