/*
 * Streaming fixed 4 KiB-chunk root (spec 7.5) in bounded memory: the
 * zkp_hemera_tree_hasher, over the merge stack of core/merge_stack.h with
 * the table zkpi_hm_shape. The one-shot zkp_hemera_tree_root_fixed is this
 * core given the whole input at once (zkpi_hm_tree_root, below).
 *
 * The hasher holds the stream's tail in buf (1..16 chunks once any byte
 * arrived): a chunk is hashed only when a byte after it is known, because
 * the last chunk is folded differently (a one-chunk tree is a root leaf,
 * and its parent is the last node of the fold). Long updates are hashed in
 * place from the caller's memory (leaves 64 per batch call, each run of
 * sibling pairs in one node-batch call), or with threads, in rounds: each
 * thread roots up to 16 aligned groups of 64 chunks (an aligned 2^6-chunk
 * group is a node of the tree once data follows it), and the calling
 * thread pushes the group roots in order. Only the chunks before the first
 * group boundary of an update and after its last one (fewer than 64 + 128)
 * are hashed on the calling thread alone.
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
 * counters first.., in one batch call (the shape's leaf_batch). */
static zkp_status leaf_group(const zkpi_tree_shape *t, const uint8_t *p, size_t len, uint64_t first, size_t m,
                             uint8_t (*cv)[ZKP_HEMERA_DIGEST_BYTES]) {
    (void)t;
    const uint8_t *ptr[GROUP];
    size_t lens[GROUP];
    uint64_t ctr[GROUP];
    for (size_t l = 0; l < m; l++) {
        size_t off = l * CHUNK;
        ptr[l] = p + off;
        lens[l] = len - off < CHUNK ? len - off : CHUNK;
        ctr[l] = first + l;
    }
    return zkp_hemera_hash_leaf_batch(ptr, lens, ctr, m, 0, cv);
}

static zkp_status node_batch(const zkpi_tree_shape *t, uint8_t (*cv)[ZKP_HEMERA_DIGEST_BYTES], size_t n) {
    (void)t;
    return zkp_hemera_hash_node_batch((const uint8_t(*)[2 * ZKP_HEMERA_DIGEST_BYTES])cv, n, 0, cv);
}

const zkpi_tree_shape zkpi_hm_shape = {leaf_group, node_batch, zkpi_hm_node, CHUNK, 0, 0};

/* The stack merges from `first` with no entries below it: the part is
 * aligned (first a multiple of pow2_ceil of its chunks), so every merge
 * stays inside it and the counters are the global chunk indices. */
zkp_status zkpi_hm_chunks_root(const uint8_t *p, size_t len, uint64_t first, int is_root,
                               uint8_t out[ZKP_HEMERA_DIGEST_BYTES]) {
    uint8_t stack[ZKPI_STACK_MAX][ZKP_HEMERA_DIGEST_BYTES];
    return zkpi_stack_finish(stack, 0, first, p, len, is_root, &zkpi_hm_shape, out);
}

/* ---- threaded rounds ------------------------------------------------------- */

/* Roots u aligned full groups at p (u <= threads * JOB_GROUPS) on the
 * hasher's threads (core/merge_stack.h) and pushes them in order. */
static zkp_status push_groups(zkp_hemera_tree_hasher *h, const uint8_t *p, size_t u) {
    uint8_t cv[ZKPI_MAX_THREADS * JOB_GROUPS][ZKP_HEMERA_DIGEST_BYTES];
    zkp_status st = zkpi_stack_part_roots(&zkpi_hm_shape, p, h->chunks, GROUP, u, h->threads, cv);
    for (size_t i = 0; st == ZKP_OK && i < u; i++)
        zkpi_stack_push(h->stack, &h->depth, &h->chunks, cv[i], GROUP_LEVEL, zkpi_hm_node);
    return st;
}

/* m whole chunks at p, none of them the last of the stream. */
static zkp_status consume(zkp_hemera_tree_hasher *h, const uint8_t *p, size_t m) {
    while (h->threads > 1 && m >= 2 * GROUP) {
        size_t to_aligned = (size_t)((GROUP - (h->chunks & (GROUP - 1))) & (GROUP - 1));
        if (to_aligned) { /* on this thread up to the next group boundary */
            zkp_status st = zkpi_stack_push_leaves(h->stack, &h->depth, &h->chunks, p, to_aligned, &zkpi_hm_shape);
            if (st != ZKP_OK) return st;
            p += to_aligned * CHUNK;
            m -= to_aligned;
            continue;
        }
        size_t u = m / GROUP, cap = (size_t)h->threads * JOB_GROUPS;
        if (u > cap) u = cap;
        zkp_status st = push_groups(h, p, u);
        if (st != ZKP_OK) return st;
        p += u * GROUP * CHUNK;
        m -= u * GROUP;
    }
    return zkpi_stack_push_leaves(h->stack, &h->depth, &h->chunks, p, m, &zkpi_hm_shape);
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
    return zkpi_stack_finish(stack, depth, count, p, len, 1, &zkpi_hm_shape, out);
}

zkp_status zkp_hemera_tree_hasher_finalize(const zkp_hemera_tree_hasher *h, uint8_t out[ZKP_HEMERA_DIGEST_BYTES]) {
    if (!h || !out) return ZKP_ERR_NULL;
    if (!ts_valid(h)) return ZKP_ERR_STATE;
    uint8_t stack[ZKPI_STACK_MAX][ZKP_HEMERA_DIGEST_BYTES];
    memcpy(stack, h->stack, (size_t)h->depth * ZKP_HEMERA_DIGEST_BYTES);
    return finish(stack, h->depth, h->chunks, h->buf, h->fill, out);
}

/* ---- the one-shot root ------------------------------------------------------ */

#define MAX_PARTS 256      /* parts of a threaded one-shot root (8 KiB of roots) */
#define PARTS_PER_THREAD 32

typedef struct parts_job {
    const uint8_t *data;
    size_t len, per; /* per: chunks of every part but the last */
    uint8_t (*cv)[ZKP_HEMERA_DIGEST_BYTES];
    zkp_status st[MAX_PARTS];
} parts_job;

static void part_task(void *ctx, size_t i) {
    parts_job *j = ctx;
    size_t off = i * j->per * CHUNK, len = j->len - off < j->per * CHUNK ? j->len - off : j->per * CHUNK;
    j->st[i] = zkpi_hm_chunks_root(j->data + off, len, (uint64_t)i * j->per, 0, j->cv[i]);
}

/* zkp_hemera_tree_root_fixed (tree.c): the hasher's core given the whole
 * input, without the copy into its buffer. With threads the input is cut
 * into equal aligned parts of >= GROUP chunks (the subtree rule, core/
 * subtree.h), the parts' roots are taken on the threads, and the calling
 * thread pushes them on the merge stack and folds the last one in. */
static zkp_status root_parts(const uint8_t *data, size_t len, size_t n, size_t t, uint8_t out[ZKP_HEMERA_DIGEST_BYTES]) {
    size_t max_parts = t * PARTS_PER_THREAD < MAX_PARTS ? t * PARTS_PER_THREAD : MAX_PARTS;
    size_t per = GROUP;
    unsigned level = GROUP_LEVEL;
    while ((n - 1) / per + 1 > max_parts) per *= 2, level++;
    size_t k = (n - 1) / per + 1; /* >= 2: n > per */
    uint8_t cv[MAX_PARTS][ZKP_HEMERA_DIGEST_BYTES], stack[ZKPI_STACK_MAX][ZKP_HEMERA_DIGEST_BYTES];
    parts_job j = {.data = data, .len = len, .per = per, .cv = cv};
    zkpi_parallel_run(k, (unsigned)t, part_task, &j);
    uint32_t depth = 0;
    uint64_t count = 0;
    for (size_t i = 0; i < k; i++) {
        if (j.st[i] != ZKP_OK) return j.st[i];
        if (i + 1 < k) zkpi_stack_push(stack, &depth, &count, cv[i], level, zkpi_hm_node);
    }
    zkpi_stack_fold((const uint8_t(*)[ZKP_HEMERA_DIGEST_BYTES])stack, depth, cv[k - 1], 1, zkpi_hm_node, out);
    return ZKP_OK;
}

zkp_status zkpi_hm_tree_root(const uint8_t *data, size_t len, unsigned threads, uint8_t out[ZKP_HEMERA_DIGEST_BYTES]) {
    size_t n = len == 0 ? 1 : (len - 1) / CHUNK + 1, t = zkpi_threads_clamp(threads);
    if (t > 1 && n >= 2 * GROUP) return root_parts(data, len, n, t, out);
    uint8_t stack[ZKPI_STACK_MAX][ZKP_HEMERA_DIGEST_BYTES];
    return finish(stack, 0, 0, data, len, out);
}
