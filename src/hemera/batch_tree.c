/*
 * Fixed 4 KiB-chunk tree (spec 7.5) through the batch path, optionally on
 * several threads.
 *
 * The left-balanced merge of spec 7.4 (left part = the largest power of two
 * strictly below n) is the same tree as hashing level by level: pair
 * neighbours, carry an odd last value up unchanged. By induction: after
 * ceil(log2 n) - 1 levels the first 2^(h-1) leaves have become one value
 * and the rest another. So each level is one hash_node_batch call, and the
 * leaves are one hash_leaf_batch over equal-length chunks (the last chunk
 * may be shorter; the leaf batch handles unequal lengths).
 *
 * Threads take contiguous ranges of whole 64-leaf groups (and of pairs on
 * big levels); every value is computed by the same function from the same
 * inputs whatever the split, so the root does not depend on the count.
 */
#include <stdlib.h>
#include <string.h>

#include "core/parallel.h"
#include "hemera/batch_internal.h"
#include "hemera/modes.h"
#include "zkprim/hemera.h"

#define CHUNK ZKP_HEMERA_CHUNK_BYTES
#define LEAVES_PER_CALL 64  /* leaves handed to one hash_leaf_batch call */
#define PAR_MIN_PAIRS 1024  /* levels smaller than this stay on one thread */

typedef struct job {
    const uint8_t *data;
    size_t len;
    size_t n_leaves;
    size_t lo, hi;          /* leaf range, or pair range for a level */
    const uint8_t (*pairs)[64];
    uint8_t (*cv)[32];
    zkp_status st;          /* its result */
} job;

static zkp_status leaves_range(const job *j) {
    const uint8_t *ptr[LEAVES_PER_CALL];
    size_t lens[LEAVES_PER_CALL];
    uint64_t ctr[LEAVES_PER_CALL];
    for (size_t a = j->lo; a < j->hi; a += LEAVES_PER_CALL) {
        size_t m = j->hi - a < LEAVES_PER_CALL ? j->hi - a : LEAVES_PER_CALL;
        for (size_t l = 0; l < m; l++) {
            size_t i = a + l;
            ptr[l] = j->data + i * CHUNK;
            lens[l] = i + 1 < j->n_leaves ? CHUNK : j->len - i * CHUNK;
            ctr[l] = i;
        }
        zkp_status st = zkp_hemera_hash_leaf_batch(ptr, lens, ctr, m, 0, j->cv + a);
        if (st != ZKP_OK) return st;
    }
    return ZKP_OK;
}

static zkp_status pairs_range(const job *j) {
    return zkp_hemera_hash_node_batch(j->pairs + j->lo, j->hi - j->lo, 0, j->cv + j->lo);
}

typedef struct split {
    zkp_status (*fn)(const job *);
    job *jobs;
} split;

static void split_task(void *ctx, size_t t) {
    split *s = ctx;
    s->jobs[t].st = s->fn(&s->jobs[t]);
}

/* Runs fn over [0, total) split into `threads` contiguous ranges whose
 * boundaries are multiples of `align` (core/parallel.h). Returns the first
 * range's failure, or ZKP_OK. */
static zkp_status run_split(zkp_status (*fn)(const job *), job base, size_t total, unsigned threads, size_t align) {
    size_t units = (total + align - 1) / align;
    threads = zkpi_threads_clamp(threads);
    if (threads > units) threads = (unsigned)units;
    if (threads <= 1) {
        base.lo = 0;
        base.hi = total;
        return fn(&base);
    }
    job jobs[ZKPI_MAX_THREADS];
    for (unsigned t = 0; t < threads; t++) {
        jobs[t] = base;
        jobs[t].lo = units * t / threads * align;
        jobs[t].hi = units * (t + 1) / threads * align;
        if (jobs[t].hi > total) jobs[t].hi = total;
        if (jobs[t].lo > total) jobs[t].lo = total;
    }
    split s = {fn, jobs};
    zkpi_parallel_run(threads, threads, split_task, &s);
    for (unsigned t = 0; t < threads; t++)
        if (jobs[t].st != ZKP_OK) return jobs[t].st;
    return ZKP_OK;
}

zkp_status zkpi_hb_tree_root_levels(const uint8_t *data, size_t len, unsigned threads,
                                   uint8_t out[ZKP_HEMERA_DIGEST_BYTES]) {
    if (len <= CHUNK) {
        /* one chunk (also the empty input): hash_leaf(data, 0, root) */
        const uint8_t *p[1] = {data};
        size_t l[1] = {len};
        uint64_t c[1] = {0};
        return zkp_hemera_hash_leaf_batch(p, l, c, 1, 1, (uint8_t(*)[32])out);
    }
    size_t n = (len + CHUNK - 1) / CHUNK;
    /* two buffers: levels read one and write the other, so threads never
     * overwrite values another thread has still to read */
    uint8_t(*a)[32] = malloc(n * 32);
    uint8_t(*b)[32] = malloc((n / 2 + 1) * 32);
    if (!a || !b) {
        free(a);
        free(b);
        return ZKP_ERR_NOMEM;
    }
    job base = {data, len, n, 0, 0, NULL, a, ZKP_OK};
    zkp_status s = run_split(leaves_range, base, n, threads, LEAVES_PER_CALL);
    uint8_t(*cur)[32] = a, (*nxt)[32] = b;
    size_t m = n;
    while (s == ZKP_OK && m > 2) {
        size_t pairs = m / 2;
        job lv = {NULL, 0, 0, 0, 0, (const uint8_t(*)[64])cur, nxt, ZKP_OK};
        s = run_split(pairs_range, lv, pairs, pairs >= PAR_MIN_PAIRS ? threads : 1, LEAVES_PER_CALL);
        if (m & 1) memcpy(nxt[pairs], cur[m - 1], 32); /* odd last value carried up */
        m = pairs + (m & 1);
        uint8_t(*t)[32] = cur;
        cur = nxt;
        nxt = t;
    }
    if (s == ZKP_OK) s = zkp_hemera_hash_node_batch((const uint8_t(*)[64])cur, 1, 1, (uint8_t(*)[32])out);
    free(a);
    free(b);
    return s;
}
