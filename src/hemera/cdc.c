/*
 * Content-defined-chunking root (spec 7.6): the newest crate's root_hash,
 * section_cdc_tree(data, S = 1, is_root = true). Not the tree inclusion
 * proofs use (that is the fixed 4 KiB tree, tree.c): the two roots agree
 * up to 2048 bytes (a single chunk) and differ in general above.
 *
 * Chunking with element size S = 1 and window W = 4096: from a chunk start
 * s, the boundary is after the earliest element of minimum fingerprint
 * GEAR[byte] in [s + W/2 - 1, min(s + 2W - 1, n - 1)]; when s + W/2 - 1 is
 * past the end the rest is one chunk. Chunks are hashed as leaves with
 * their index as counter and merged left-balanced.
 */
#include <string.h>

#include "hemera/params.h"
#if ZKP_HEMERA_DERIVED_TABLES
/* derived on the chunker's first use (derived_tables.c, params.h), not
 * gear_table.h's constants */
#define hm_gear zkpi_hm_gear
#define hm_gear_order zkpi_hm_gear_order
#else
#include "hemera/gear_table.h"
#define ZKPI_HM_GEAR() ((void)0)
#endif
#include "hemera/modes.h"
#include "hemera/tree_stream.h"

#define CDC_WINDOW 4096u

/* Byte values looked for with memchr before the window is scanned byte by
 * byte. A failed memchr reads the window at tens of bytes per cycle, the
 * scan at about one, so 16 failed probes add a fraction of one scan; and
 * one of the 16 rarest-fingerprint bytes is in almost every real window
 * (random data: the first one, all but e^-24 of the time). */
#define CDC_PROBES 16u

/* End (exclusive) of the chunk starting at s. Variable time: public data.
 * Shared with the streaming CDC root (cdc_stream.c). The least GEAR value
 * in the window belongs to one byte value only (the table's values are
 * distinct), so its earliest position is the first occurrence of the first
 * byte of hm_gear_order present in the window. */
size_t zkpi_hm_cdc_next(const uint8_t *d, size_t n, size_t s) {
    ZKPI_HM_GEAR();
    size_t lo = s + CDC_WINDOW / 2 - 1;
    if (lo >= n) return n;
    size_t hi = s + 2 * CDC_WINDOW - 1;
    if (hi > n - 1) hi = n - 1;
    for (unsigned k = 0; k < CDC_PROBES; k++) {
        const uint8_t *p = memchr(d + lo, hm_gear_order[k], hi - lo + 1);
        if (p) return (size_t)(p - d) + 1;
    }
    /* None of them: low-entropy data (a constant run, a small alphabet). */
    size_t m = lo;
    uint64_t best = hm_gear[d[lo]];
    for (size_t j = lo + 1; j <= hi; j++) {
        uint64_t g = hm_gear[d[j]];
        if (g < best) { /* strict: ties keep the earliest index */
            best = g;
            m = j;
        }
    }
    return m + 1;
}

zkp_status zkp_hemera_tree_root_cdc(const uint8_t *data, size_t len, uint8_t out[ZKP_HEMERA_DIGEST_BYTES]) {
    if ((!data && len) || !out) return ZKP_ERR_NULL;
    if (!zkpi_bytes_ok(len)) return ZKP_ERR_LENGTH;
    size_t end = len ? zkpi_hm_cdc_next(data, len, 0) : 0;
    if (end == len) {  /* empty, or a single chunk: the root leaf */
        return zkpi_hm_leaf(data, len, 0, 1, out);
    }
    /* Chunks are found LEAF_GROUP at a time and hashed together through
     * the lane-parallel batch path (unequal lengths are fine there), into
     * stack buffers: the root stays heap-free. */
    enum { LEAF_GROUP = 64 };
    const uint8_t *ptr[LEAF_GROUP];
    size_t lens[LEAF_GROUP];
    uint64_t ctr[LEAF_GROUP];
    uint8_t cv[LEAF_GROUP][ZKP_HEMERA_DIGEST_BYTES];
    uint8_t stack[ZKPI_STACK_MAX][ZKP_HEMERA_DIGEST_BYTES];
    uint32_t depth = 0;
    uint64_t count = 0;
    size_t start = 0;
    uint64_t index = 0;
    for (;;) {
        unsigned m = 0;
        while (m < LEAF_GROUP && start < len) {
            ptr[m] = data + start;
            lens[m] = end - start;
            ctr[m] = index++;
            m++;
            start = end;
            if (start < len) end = zkpi_hm_cdc_next(data, len, start);
        }
        zkp_status st = zkp_hemera_hash_leaf_batch(ptr, lens, ctr, m, 0, cv);
        if (st != ZKP_OK) return st;
        if (start < len) { /* more chunks follow every one of this group */
            for (unsigned l = 0; l < m; l++) zkpi_stack_push(stack, &depth, &count, cv[l], 0, zkpi_hm_node);
            continue;
        }
        for (unsigned l = 0; l + 1 < m; l++) zkpi_stack_push(stack, &depth, &count, cv[l], 0, zkpi_hm_node);
        zkpi_stack_fold((const uint8_t(*)[ZKP_HEMERA_DIGEST_BYTES])stack, depth, cv[m - 1], 1, zkpi_hm_node, out);
        return ZKP_OK;
    }
}
