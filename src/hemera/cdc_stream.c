/*
 * Streaming content-defined-chunking root (spec 7.6; one-shot in cdc.c):
 * the zkp_hemera_cdc_hasher.
 *
 * The chunk starting at s ends at the earliest minimum of the gear
 * fingerprint over [s + W/2 - 1, s + 2W - 1] (W = 4096), so its end is
 * fixed once 2W bytes from s are known, whatever follows; with more than 2W
 * bytes known it is also known not to be the last chunk. The buffer holds
 * the stream from the start of the current chunk. When it is full, every
 * chunk with more than 2W bytes after its start is cut, the chunks are
 * hashed in one lane-parallel batch and pushed, and the rest (at most 2W
 * bytes, the chunker's lookahead) moves to the front. finalize cuts the
 * rest with the stream's end as the one-shot does.
 */
#include <string.h>

#include "hemera/tree_stream.h"

#define LOOKAHEAD 8192u                          /* 2W: fixes a chunk's end */
#define MIN_CHUNK 2048u                          /* W/2: no chunk but the last is shorter */
#define MAX_CUT (ZKP_HEMERA_CDC_HASHER_BUF / MIN_CHUNK + 1)
#define CS_MAGIC 0x43530000u                     /* "CS" */

static int cs_valid(const zkp_hemera_cdc_hasher *h) {
    return h->flags == CS_MAGIC && h->fill <= ZKP_HEMERA_CDC_HASHER_BUF && h->depth <= ZKPI_STACK_MAX &&
           (int)h->depth == zkpi_stack_depth_of(h->chunks) && h->total >= h->fill && (h->fill > 0 || h->total == 0) &&
           h->chunks <= (h->total - h->fill) / MIN_CHUNK && h->chunks >= (h->total - h->fill + LOOKAHEAD - 1) / LOOKAHEAD &&
           h->consumed == (uint32_t)(h->total - h->fill);
}

void zkp_hemera_cdc_hasher_init(zkp_hemera_cdc_hasher *h) {
    if (!h) return;
    h->chunks = 0;
    h->total = 0;
    h->depth = 0;
    h->fill = 0;
    h->consumed = 0;
    h->flags = CS_MAGIC;
}

/* Hashes n cut chunks (counters from *count) in one batch into cv. */
static zkp_status hash_cut(const uint8_t *const *ptr, const size_t *lens, size_t n, uint64_t first,
                           uint8_t (*cv)[ZKP_HEMERA_DIGEST_BYTES]) {
    uint64_t ctr[MAX_CUT] = {0};
    if (n > MAX_CUT) return ZKP_ERR_LENGTH; /* cannot happen: at most MAX_CUT chunks fit the buffer */
    for (size_t i = 0; i < n; i++) ctr[i] = first + i;
    return zkp_hemera_hash_leaf_batch(ptr, lens, ctr, n, 0, cv);
}

/* Cuts, hashes and pushes every chunk of the full buffer that more than
 * LOOKAHEAD bytes follow from its start, then moves the rest to the front. */
static zkp_status flush(zkp_hemera_cdc_hasher *h) {
    const uint8_t *ptr[MAX_CUT] = {0}; /* zeroed: GCC -O1 cannot see that n > 0 entries are set */
    size_t lens[MAX_CUT] = {0}, pos = 0, n = 0;
    while (h->fill - pos > LOOKAHEAD) {
        size_t e = zkpi_hm_cdc_next(h->buf, h->fill, pos);
        ptr[n] = h->buf + pos;
        lens[n++] = e - pos;
        pos = e;
    }
    uint8_t cv[MAX_CUT][ZKP_HEMERA_DIGEST_BYTES];
    zkp_status st = hash_cut(ptr, lens, n, h->chunks, cv);
    if (st != ZKP_OK) return st;
    for (size_t i = 0; i < n; i++) zkpi_stack_push(h->stack, &h->depth, &h->chunks, cv[i], 0, zkpi_hm_node);
    memmove(h->buf, h->buf + pos, h->fill - pos);
    h->fill -= (uint32_t)pos;
    h->consumed += (uint32_t)pos;
    return ZKP_OK;
}

zkp_status zkp_hemera_cdc_hasher_update(zkp_hemera_cdc_hasher *h, const uint8_t *data, size_t len) {
    if (!h || (!data && len)) return ZKP_ERR_NULL;
    if (!zkpi_bytes_ok(len)) return ZKP_ERR_LENGTH;
    if (!cs_valid(h)) return ZKP_ERR_STATE;
    if (len > UINT64_MAX - h->total) return ZKP_ERR_LENGTH;
    while (len > 0) {
        if (h->fill == ZKP_HEMERA_CDC_HASHER_BUF) {
            zkp_status st = flush(h);
            if (st != ZKP_OK) return st;
        }
        size_t take = hm_buffer_take(h->buf, &h->fill, &h->total, ZKP_HEMERA_CDC_HASHER_BUF, data, len);
        data += take;
        len -= take;
    }
    return ZKP_OK;
}

zkp_status zkp_hemera_cdc_hasher_finalize(const zkp_hemera_cdc_hasher *h, uint8_t out[ZKP_HEMERA_DIGEST_BYTES]) {
    if (!h || !out) return ZKP_ERR_NULL;
    if (!cs_valid(h)) return ZKP_ERR_STATE;
    const uint8_t *ptr[MAX_CUT] = {0}; /* zeroed: GCC -O1 cannot see that n > 0 entries are set */
    size_t lens[MAX_CUT] = {0}, pos = 0, n = 0;
    do { /* the rest, cut against the end of the stream (at least one chunk) */
        size_t e = h->fill ? zkpi_hm_cdc_next(h->buf, h->fill, pos) : 0;
        ptr[n] = h->buf + pos;
        lens[n++] = e - pos;
        pos = e;
    } while (pos < h->fill);
    if (h->chunks == 0 && n == 1) return zkpi_hm_leaf(h->buf, h->fill, 0, 1, out); /* one chunk: the root leaf */
    uint8_t cv[MAX_CUT][ZKP_HEMERA_DIGEST_BYTES], stack[ZKPI_STACK_MAX][ZKP_HEMERA_DIGEST_BYTES];
    zkp_status st = hash_cut(ptr, lens, n, h->chunks, cv);
    if (st != ZKP_OK) return st;
    memcpy(stack, h->stack, (size_t)h->depth * ZKP_HEMERA_DIGEST_BYTES);
    uint32_t depth = h->depth;
    uint64_t count = h->chunks;
    for (size_t i = 0; i + 1 < n; i++) zkpi_stack_push(stack, &depth, &count, cv[i], 0, zkpi_hm_node);
    zkpi_stack_fold((const uint8_t(*)[ZKP_HEMERA_DIGEST_BYTES])stack, depth, cv[n - 1], 1, zkpi_hm_node, out);
    return ZKP_OK;
}
