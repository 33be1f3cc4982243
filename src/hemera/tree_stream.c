/*
 * Streaming fixed 4 KiB-chunk root (spec 7.5) in bounded memory: the
 * zkp_hemera_tree_hasher. The one-shot zkp_hemera_tree_root_fixed on one
 * thread is this core with the whole input given at once (tree.c).
 *
 * The hasher holds the stream's tail in buf (1..16 chunks once any byte
 * arrived): a chunk is hashed only when a byte after it is known, because
 * the last chunk is folded differently (a one-chunk tree is a root leaf,
 * and its parent is the last node of the fold). Long updates are hashed in
 * place from the caller's memory, 64 chunks per lane-parallel batch call,
 * or with threads, in rounds: each thread roots up to 16 aligned groups of
 * 64 chunks (an aligned 2^6-chunk group is a node of the tree once data
 * follows it), and the calling thread pushes the group roots in order. Only
 * the chunks before the first group boundary of an update and after its
 * last one (fewer than 64 + 128) are hashed on the calling thread alone.
 */
#include <string.h>

#include "core/parallel.h"
#include "hemera/tree_stream.h"

#define CHUNK ZKP_HEMERA_CHUNK_BYTES
#define BUF_BYTES (ZKP_HEMERA_TREE_HASHER_CHUNKS * CHUNK)
#define GROUP_LEVEL 6
#define GROUP (1u << GROUP_LEVEL)   /* leaves per hash_leaf_batch call */
#define JOB_GROUPS 16               /* a thread's share of a round: 1024 chunks, 4 MiB */
#define TS_MAGIC 0x54530000u        /* "TS" */

/* Leaf roots of up to GROUP chunks of p[0..len) (the last may be short),
 * counters first.., in one batch call. Returns the count hashed. */
static zkp_status leaf_group(const uint8_t *p, size_t len, uint64_t first, unsigned m,
                             uint8_t (*cv)[ZKP_HEMERA_DIGEST_BYTES]) {
    const uint8_t *ptr[GROUP];
    size_t lens[GROUP];
    uint64_t ctr[GROUP];
    for (unsigned l = 0; l < m; l++) {
        size_t off = (size_t)l * CHUNK;
        ptr[l] = p + off;
        lens[l] = len - off < CHUNK ? len - off : CHUNK;
        ctr[l] = first + l;
    }
    return zkp_hemera_hash_leaf_batch(ptr, lens, ctr, m, 0, cv);
}

/* The root of a full aligned group from its GROUP leaf roots, into cv[0]:
 * its levels go through hash_node_batch in place (lane-parallel). */
static zkp_status group_root(uint8_t (*cv)[ZKP_HEMERA_DIGEST_BYTES]) {
    for (unsigned w = GROUP; w > 1; w /= 2) {
        zkp_status st = zkp_hemera_hash_node_batch((const uint8_t(*)[2 * ZKP_HEMERA_DIGEST_BYTES])cv, w / 2, 0, cv);
        if (st != ZKP_OK) return st;
    }
    return ZKP_OK;
}

/* Pushes g leaf roots. A full group starting at a multiple of GROUP chunks
 * is an aligned perfect subtree that data follows: only its root is pushed. */
static zkp_status push_group(uint8_t (*stack)[ZKP_HEMERA_DIGEST_BYTES], uint32_t *depth, uint64_t *count,
                             uint8_t (*cv)[ZKP_HEMERA_DIGEST_BYTES], unsigned g) {
    if (g == GROUP && *count % GROUP == 0) {
        zkp_status st = group_root(cv);
        if (st == ZKP_OK) zkpi_stack_push(stack, depth, count, cv[0], GROUP_LEVEL, zkpi_hm_node);
        return st;
    }
    for (unsigned l = 0; l < g; l++) zkpi_stack_push(stack, depth, count, cv[l], 0, zkpi_hm_node);
    return ZKP_OK;
}

zkp_status zkpi_hm_push_chunks(uint8_t (*stack)[ZKP_HEMERA_DIGEST_BYTES], uint32_t *depth, uint64_t *count,
                               const uint8_t *p, size_t m) {
    uint8_t cv[GROUP][ZKP_HEMERA_DIGEST_BYTES];
    while (m > 0) {
        unsigned g = m < GROUP ? (unsigned)m : GROUP;
        zkp_status st = leaf_group(p, (size_t)g * CHUNK, *count, g, cv);
        if (st == ZKP_OK) st = push_group(stack, depth, count, cv, g);
        if (st != ZKP_OK) return st;
        p += (size_t)g * CHUNK;
        m -= g;
    }
    return ZKP_OK;
}

/* Pushes every chunk of p[0..len) but the last (in groups, the last group
 * in one batch call with the last chunk) and returns the last's leaf root
 * in last: the caller folds it. count is the number of chunks merged so far,
 * which is also the counter of the first chunk at p. */
static zkp_status push_all_but_last(uint8_t (*stack)[ZKP_HEMERA_DIGEST_BYTES], uint32_t *depth, uint64_t *count,
                                    uint64_t counter, const uint8_t *p, size_t len,
                                    uint8_t last[ZKP_HEMERA_DIGEST_BYTES]) {
    size_t m = len == 0 ? 1 : (len - 1) / CHUNK + 1;
    size_t lead = (m - 1) / GROUP * GROUP;
    uint8_t cv[GROUP][ZKP_HEMERA_DIGEST_BYTES];
    for (size_t a = 0; a < lead; a += GROUP) {
        zkp_status st = leaf_group(p + a * CHUNK, GROUP * CHUNK, counter + a, GROUP, cv);
        if (st == ZKP_OK) st = push_group(stack, depth, count, cv, GROUP);
        if (st != ZKP_OK) return st;
    }
    unsigned g = (unsigned)(m - lead);
    zkp_status st = leaf_group(p + lead * CHUNK, len - lead * CHUNK, counter + lead, g, cv);
    if (st != ZKP_OK) return st;
    for (unsigned l = 0; l + 1 < g; l++) zkpi_stack_push(stack, depth, count, cv[l], 0, zkpi_hm_node);
    memcpy(last, cv[g - 1], ZKP_HEMERA_DIGEST_BYTES);
    return ZKP_OK;
}

zkp_status zkpi_hm_chunks_root(const uint8_t *p, size_t len, uint64_t first, int is_root,
                               uint8_t out[ZKP_HEMERA_DIGEST_BYTES]) {
    uint8_t stack[ZKPI_STACK_MAX][ZKP_HEMERA_DIGEST_BYTES], last[ZKP_HEMERA_DIGEST_BYTES];
    uint32_t depth = 0;
    uint64_t count = 0; /* the part is aligned: merging relative to its start is the global merge */
    zkp_status st = push_all_but_last(stack, &depth, &count, first, p, len, last);
    if (st != ZKP_OK) return st;
    zkpi_stack_fold((const uint8_t(*)[ZKP_HEMERA_DIGEST_BYTES])stack, depth, last, is_root, zkpi_hm_node, out);
    return ZKP_OK;
}

/* ---- threaded rounds ------------------------------------------------------- */

typedef struct group_job {
    const uint8_t *p;    /* its first chunk, at a multiple of GROUP */
    uint64_t first;      /* that chunk's counter */
    unsigned groups;     /* 1..JOB_GROUPS full groups */
    uint8_t cv[JOB_GROUPS][ZKP_HEMERA_DIGEST_BYTES];
    zkp_status st;
} group_job;

static void group_job_run(group_job *j) {
    uint8_t cv[GROUP][ZKP_HEMERA_DIGEST_BYTES];
    j->st = ZKP_OK;
    for (unsigned g = 0; g < j->groups && j->st == ZKP_OK; g++) {
        j->st = leaf_group(j->p + (size_t)g * GROUP * CHUNK, GROUP * CHUNK, j->first + (uint64_t)g * GROUP, GROUP, cv);
        if (j->st == ZKP_OK) j->st = group_root(cv);
        memcpy(j->cv[g], cv[0], ZKP_HEMERA_DIGEST_BYTES);
    }
}

static void group_task(void *jobs, size_t i) { group_job_run((group_job *)jobs + i); }

/* Roots u aligned full groups at p (u <= t * JOB_GROUPS) on up to t threads
 * (the caller's included), contiguous shares, and pushes them in order. */
static zkp_status push_groups(zkp_hemera_tree_hasher *h, const uint8_t *p, size_t u, unsigned t) {
    group_job jobs[ZKPI_MAX_THREADS];
    if (t > u) t = (unsigned)u;
    size_t done = 0;
    for (unsigned i = 0; i < t; i++) {
        size_t share = (u - done) / (t - i); /* the first ones get the smaller shares */
        jobs[i].p = p + done * GROUP * CHUNK;
        jobs[i].first = h->chunks + (uint64_t)done * GROUP;
        jobs[i].groups = (unsigned)share;
        done += share;
    }
    zkpi_parallel_run(t, t, group_task, jobs);
    for (unsigned i = 0; i < t; i++) {
        if (jobs[i].st != ZKP_OK) return jobs[i].st;
        for (unsigned g = 0; g < jobs[i].groups; g++)
            zkpi_stack_push(h->stack, &h->depth, &h->chunks, jobs[i].cv[g], GROUP_LEVEL, zkpi_hm_node);
    }
    return ZKP_OK;
}

/* m whole chunks at p, none of them the last of the stream. */
static zkp_status consume(zkp_hemera_tree_hasher *h, const uint8_t *p, size_t m) {
    while (h->threads > 1 && m >= 2 * GROUP) {
        size_t to_aligned = (size_t)((GROUP - (h->chunks & (GROUP - 1))) & (GROUP - 1));
        if (to_aligned) { /* on this thread up to the next group boundary */
            zkp_status st = zkpi_hm_push_chunks(h->stack, &h->depth, &h->chunks, p, to_aligned);
            if (st != ZKP_OK) return st;
            p += to_aligned * CHUNK;
            m -= to_aligned;
            continue;
        }
        size_t u = m / GROUP, cap = (size_t)h->threads * JOB_GROUPS;
        if (u > cap) u = cap;
        zkp_status st = push_groups(h, p, u, h->threads);
        if (st != ZKP_OK) return st;
        p += u * GROUP * CHUNK;
        m -= u * GROUP;
    }
    return zkpi_hm_push_chunks(h->stack, &h->depth, &h->chunks, p, m);
}

/* ---- the hasher -------------------------------------------------------------- */

/* Every private field is checked: they drive memcpy sizes and indices. */
static int ts_valid(const zkp_hemera_tree_hasher *h) {
    return h->flags == TS_MAGIC && h->fill <= BUF_BYTES && h->depth <= ZKPI_STACK_MAX && h->threads <= ZKPI_MAX_THREADS &&
           (int)h->depth == zkpi_stack_depth_of(h->chunks) && h->chunks <= (UINT64_MAX - h->fill) / CHUNK &&
           h->total == h->chunks * CHUNK + h->fill && (h->fill > 0 || h->total == 0);
}

void zkp_hemera_tree_hasher_init(zkp_hemera_tree_hasher *h, unsigned threads) {
    if (!h) return;
    h->chunks = 0;
    h->total = 0;
    h->depth = 0;
    h->fill = 0;
    h->threads = threads > ZKPI_MAX_THREADS ? ZKPI_MAX_THREADS : threads;
    h->flags = TS_MAGIC;
}

zkp_status zkp_hemera_tree_hasher_update(zkp_hemera_tree_hasher *h, const uint8_t *data, size_t len) {
    if (!h || (!data && len)) return ZKP_ERR_NULL;
    if (!zkpi_bytes_ok(len)) return ZKP_ERR_LENGTH;
    if (!ts_valid(h)) return ZKP_ERR_STATE;
    if (len > UINT64_MAX - h->total) return ZKP_ERR_LENGTH;
    while (len > 0) {
        if (h->fill == BUF_BYTES) { /* a full buffer and more data: none of it is last */
            zkp_status st = consume(h, h->buf, ZKP_HEMERA_TREE_HASHER_CHUNKS);
            if (st != ZKP_OK) return st;
            h->fill = 0;
        }
        if (h->fill == 0 && len > BUF_BYTES) {
            /* hash in place every chunk a byte follows; the rest (1..4096
             * bytes) goes to the buffer */
            size_t m = (len - 1) / CHUNK;
            zkp_status st = consume(h, data, m);
            if (st != ZKP_OK) return st;
            data += m * CHUNK;
            len -= m * CHUNK;
            h->total += (uint64_t)m * CHUNK;
        }
        size_t take = hm_buffer_take(h->buf, &h->fill, &h->total, BUF_BYTES, data, len);
        data += take;
        len -= take;
    }
    return ZKP_OK;
}

/* Root of a stream whose merged part is (stack, depth, count) and whose
 * last len bytes are p[0..len) (len >= 1 unless the stream is empty). */
static zkp_status finish(uint8_t (*stack)[ZKP_HEMERA_DIGEST_BYTES], uint32_t depth, uint64_t count, const uint8_t *p,
                         size_t len, uint8_t out[ZKP_HEMERA_DIGEST_BYTES]) {
    if (count == 0 && len <= CHUNK) return zkpi_hm_leaf(p, len, 0, 1, out); /* one chunk: the root leaf */
    uint8_t last[ZKP_HEMERA_DIGEST_BYTES];
    zkp_status st = push_all_but_last(stack, &depth, &count, count, p, len, last);
    if (st != ZKP_OK) return st;
    zkpi_stack_fold((const uint8_t(*)[ZKP_HEMERA_DIGEST_BYTES])stack, depth, last, 1, zkpi_hm_node, out);
    return ZKP_OK;
}

zkp_status zkp_hemera_tree_hasher_finalize(const zkp_hemera_tree_hasher *h, uint8_t out[ZKP_HEMERA_DIGEST_BYTES]) {
    if (!h || !out) return ZKP_ERR_NULL;
    if (!ts_valid(h)) return ZKP_ERR_STATE;
    uint8_t stack[ZKPI_STACK_MAX][ZKP_HEMERA_DIGEST_BYTES];
    memcpy(stack, h->stack, (size_t)h->depth * ZKP_HEMERA_DIGEST_BYTES);
    return finish(stack, h->depth, h->chunks, h->buf, h->fill, out);
}

/* The one-shot root on the calling thread (tree.c): no copy into a buffer;
 * every chunk but the last is pushed in groups, as the hasher does. */
zkp_status zkpi_hm_tree_root_stream(const uint8_t *data, size_t len, uint8_t out[ZKP_HEMERA_DIGEST_BYTES]) {
    uint8_t stack[ZKPI_STACK_MAX][ZKP_HEMERA_DIGEST_BYTES];
    return finish(stack, 0, 0, data, len, out);
}
