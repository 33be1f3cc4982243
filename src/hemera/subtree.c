/*
 * Subtrees of the fixed 4 KiB-chunk tree (docs/streaming.md): hash parts of
 * the input apart (on other threads, processes or machines) and merge
 * their roots into the root of the whole. The split rule, and why it makes
 * a part a node of the left-balanced tree, is core/subtree.h's.
 */
#include <string.h>

#include "core/subtree.h"
#include "hemera/tree_stream.h"

#define CHUNK ZKP_HEMERA_CHUNK_BYTES
#define MAX_CHUNK_INDEX ((uint64_t)1 << 52) /* 2^52 chunks of 4 KiB = 2^64 bytes */

zkp_status zkp_hemera_subtree_root(const uint8_t *data, size_t len, uint64_t first_chunk,
                                   uint8_t out[ZKP_HEMERA_DIGEST_BYTES]) {
    if ((!data && len) || !out) return ZKP_ERR_NULL;
    if (len == 0 || !zkpi_bytes_ok(len)) return ZKP_ERR_LENGTH;
    uint64_t c = zkpi_units_of(len, CHUNK);
    if (first_chunk >= MAX_CHUNK_INDEX || c > MAX_CHUNK_INDEX - first_chunk) return ZKP_ERR_RANGE;
    if (first_chunk % zkpi_pow2_ceil(c) != 0) return ZKP_ERR_RANGE;
    return zkpi_hm_chunks_root(data, len, first_chunk, 0, out);
}

zkp_status zkp_hemera_subtree_merge_parts(const uint8_t (*cvs)[ZKP_HEMERA_DIGEST_BYTES], const uint64_t *offsets,
                                          size_t n_parts, uint8_t out[ZKP_HEMERA_DIGEST_BYTES]) {
    if (!cvs || !offsets || !out) return ZKP_ERR_NULL;
    if (!zkpi_array_ok(n_parts, ZKP_HEMERA_DIGEST_BYTES) || n_parts == SIZE_MAX) return ZKP_ERR_LENGTH;
    if (n_parts < 2) return ZKP_ERR_COUNT; /* one part is the whole input: its root is not flagged */
    zkp_status st = zkpi_parts_check(offsets, n_parts, CHUNK);
    if (st != ZKP_OK) return st;
    return zkpi_parts_merge(cvs, offsets, n_parts, CHUNK, 0, zkpi_hm_node, out);
}

zkp_status zkp_hemera_subtree_split(uint64_t total_len, size_t max_parts, uint64_t *offsets, size_t *n_parts) {
    if (!offsets || !n_parts) return ZKP_ERR_NULL;
    if (max_parts == 0) return ZKP_ERR_COUNT;
    if (max_parts >= SIZE_MAX || !zkpi_array_ok(max_parts + 1, sizeof *offsets)) return ZKP_ERR_LENGTH;
    zkpi_parts_split(total_len, CHUNK, max_parts, offsets, n_parts);
    return ZKP_OK;
}
