/*
 * Many openings of one tree (docs/keccak.md, hemera.md, poseidon.md: "Many
 * openings and multiproofs"): k random openings of a 2^20-leaf tree, one op
 * = the whole set.
 *
 *   <family>/multi/2^20/k1024/single      k calls of the single verifier
 *   <family>/multi/2^20/k1024/batch       zkp_<family>_tree_verify_batch, 1 thread
 *   <family>/multi/2^20/k1024/multiproof  zkp_<family>_tree_multi_verify, 1 thread
 *   <family>/multi/2^20/k4096/batch/{1t,2t}   threads 1 and 2
 *
 * The k1024 batch and multiproof rows print the floor beside their time:
 * the distinct permutations the verification needs (every opened Hemera
 * chunk's leaf sponge, floor(4096 / 56) + 2 = 75 permutations; one per
 * distinct node on the union of the paths, the root included) times the
 * batched per-permutation cost measured right after the row, in the same
 * process (Hemera's zkp_hemera_permute_batch of 4096 states, Keccak's
 * zkp_keccak_hash_batch of 4096 64-byte nodes, Poseidon's
 * zkp_poseidon_hash_batch of 4096 pairs: the batch kernels the verifier's
 * levels call), and time/floor from 11 pairs of the row's work and the
 * floor's timed back to back in thread CPU time (paired_ratio says why).
 * The batch rows add, from the same pairs, the batch's gain over the k
 * single verifications and the batch kernel's gain per permutation over
 * the single one (zkp_hemera_permute, zkp_keccak_hash of 64 bytes,
 * zkp_poseidon_hash of 2).
 *
 * The one-thread rows (all but k4096/batch/2t) are timed in this thread's
 * CPU time, like the floor's pairs: on a shared machine the wall clock of
 * a 1 ms verification mostly measures the other processes' time slices
 * (bench compare gave wall medians 3-9 times the CPU time at load 13). The
 * 2t row keeps the wall clock: its second thread's time would not count.
 *
 * The tree (every node) and the opened set are made once, in setup, and
 * shared by a family's rows, so single and batch verify the same openings.
 * Hemera: a 2^20-chunk tree is 4 GiB of data; the bench tree's unopened
 * leaves are random chaining values instead of hashed chunks (the verifier
 * cannot tell: it hashes only the opened chunks, which are real 4 KiB
 * chunks whose leaf values are in the tree), so setup hashes 2^20 nodes,
 * not 4 GiB.
 */
#include <stdlib.h>
#include <stdio.h>
#include <string.h>

#include "bench.h"
#include "stats.h"
#include "core/multiproof.h"
#include "zkprim/hemera.h"
#include "zkprim/keccak.h"
#include "zkprim/poseidon.h"

#define LEVELS 20
#define LEAVES ((size_t)1 << LEVELS)
#define NODES (2 * LEAVES - 1)
#define CHUNK ZKP_HEMERA_CHUNK_BYTES

enum { FAM_KECCAK, FAM_HEMERA, FAM_POSEIDON, FAMS };

typedef struct mset {
    int fam;
    size_t k;
    uint64_t *idx;
    uint8_t *leaves;        /* k x 32: digests / elements */
    uint8_t *chunks;        /* Hemera: k x 4096 */
    const uint8_t **chunk_ptrs, **proof_ptrs;
    size_t *chunk_lens, *proof_lens;
    uint8_t *proofs;        /* k x LEVELS x 32 */
    uint8_t *multi;
    size_t multi_len;
    uint8_t root[32];
} mset;

static uint8_t *g_nodes[FAMS];            /* every node, level by level */

static size_t level_at(unsigned l) { return 2 * LEAVES - 2 * (LEAVES >> l); }

/* Chunk i of the Hemera bench data (only opened ones are ever made). */
static void hemera_chunk(uint64_t i, uint8_t *out) { bench_fill(out, CHUNK, 0x9e3779b97f4a7c15ull ^ i); }

static void build_tree(int fam) {
    uint8_t *nodes = malloc(32 * NODES);
    if (!nodes) abort();
    g_nodes[fam] = nodes;
    bench_fill(nodes, 32 * LEAVES, 1000 + (uint64_t)fam);
    if (fam == FAM_KECCAK) {
        BENCH_CHECK(zkp_keccak_tree_build(ZKP_KECCAK_256, nodes, LEAVES, 2, nodes));
    } else if (fam == FAM_POSEIDON) {
        zkp_poseidon_fr *fr = (zkp_poseidon_fr *)(void *)nodes;
        for (size_t i = 0; i < LEAVES; i++) fr[i].limb[3] &= 0x1fffffffffffffffull;
        BENCH_CHECK(zkp_poseidon_tree_build(fr, LEAVES, fr));
    } else {
        for (unsigned l = 0; l < LEVELS; l++)
            BENCH_CHECK(zkp_hemera_hash_node_batch((const uint8_t(*)[64])(nodes + 32 * level_at(l)), LEAVES >> (l + 1),
                                                   l + 1 == LEVELS, (uint8_t(*)[32])(nodes + 32 * level_at(l + 1))));
    }
}

/* Sets leaf i of the Hemera tree to the hash of its real chunk and rehashes
 * its path. */
static void hemera_set_leaf(uint64_t i, const uint8_t *chunk) {
    uint8_t *nodes = g_nodes[FAM_HEMERA];
    BENCH_CHECK(zkp_hemera_hash_leaf(chunk, CHUNK, i, 0, nodes + 32 * i));
    for (unsigned l = 0; l < LEVELS; l++, i >>= 1) {
        uint64_t left = i & ~(uint64_t)1;
        zkp_hemera_hash_node(nodes + 32 * (level_at(l) + left), nodes + 32 * (level_at(l) + left + 1), l + 1 == LEVELS,
                             nodes + 32 * (level_at(l + 1) + (i >> 1)));
    }
}

static int cmp_u64(const void *a, const void *b) {
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return x < y ? -1 : x > y;
}

static zkp_status write_sibling(void *ctx, unsigned level, uint64_t node, uint64_t pos) {
    mset *s = ctx;
    memcpy(s->multi + 32 * pos, g_nodes[s->fam] + 32 * (level_at(level) + node), 32);
    return ZKP_OK;
}

static mset *make_set(int fam, size_t k) {
    if (!g_nodes[fam]) build_tree(fam);
    mset *s = calloc(1, sizeof *s);
    s->fam = fam, s->k = k;
    s->idx = malloc(k * sizeof *s->idx);
    /* k distinct random leaves, sorted (the fixed seed makes every row's set the same) */
    uint64_t r = 0x2545f4914f6cdd1dull + k;
    size_t m = 0;
    while (m < k) {
        r ^= r << 13, r ^= r >> 7, r ^= r << 17;
        s->idx[m++] = r % LEAVES;
        if (m == k) {
            qsort(s->idx, m, sizeof *s->idx, cmp_u64);
            size_t d = 0;
            for (size_t i = 0; i < m; i++)
                if (!d || s->idx[i] != s->idx[d - 1]) s->idx[d++] = s->idx[i];
            m = d;
        }
    }
    if (fam == FAM_HEMERA) {
        s->chunks = malloc(k * CHUNK);
        s->chunk_ptrs = malloc(k * sizeof *s->chunk_ptrs);
        s->proof_ptrs = malloc(k * sizeof *s->proof_ptrs);
        s->chunk_lens = malloc(k * sizeof *s->chunk_lens);
        s->proof_lens = malloc(k * sizeof *s->proof_lens);
        for (size_t i = 0; i < k; i++) {
            hemera_chunk(s->idx[i], s->chunks + i * CHUNK);
            hemera_set_leaf(s->idx[i], s->chunks + i * CHUNK);
        }
    }
    const uint8_t *nodes = g_nodes[fam];
    memcpy(s->root, nodes + 32 * (NODES - 1), 32);
    s->leaves = malloc(32 * k);
    s->proofs = malloc(32 * LEVELS * k);
    for (size_t i = 0; i < k; i++) {
        memcpy(s->leaves + 32 * i, nodes + 32 * s->idx[i], 32);
        for (unsigned l = 0; l < LEVELS; l++)
            memcpy(s->proofs + 32 * (LEVELS * i + l), nodes + 32 * (level_at(l) + ((s->idx[i] >> l) ^ 1)), 32);
        if (fam == FAM_HEMERA) {
            s->chunk_ptrs[i] = s->chunks + i * CHUNK, s->chunk_lens[i] = CHUNK;
            s->proof_ptrs[i] = s->proofs + 32 * LEVELS * i, s->proof_lens[i] = 32 * LEVELS;
        }
    }
    zkpi_mp_shape shape = {LEVELS, 0};
    size_t count = (size_t)zkpi_mp_siblings(&shape, s->idx, k, NULL, NULL, NULL);
    s->multi = malloc(32 * count + 1);
    s->multi_len = 32 * count;
    (void)zkpi_mp_siblings(&shape, s->idx, k, write_sibling, s, NULL);
    return s;
}

/* Built once per (family, k): a later set of the Hemera tree changes leaves
 * the earlier set does not open, so the earlier set's root is refreshed. */
static mset *g_sets[FAMS][2];

static mset *set_for(int fam, size_t k) {
    mset **slot = &g_sets[fam][k == 4096];
    if (!*slot) {
        *slot = make_set(fam, k);
        for (int j = 0; j < 2; j++) {
            mset *o = g_sets[fam][j];
            if (fam == FAM_HEMERA && o && o != *slot) { /* leaves changed: refresh its proofs and root */
                memcpy(o->root, g_nodes[fam] + 32 * (NODES - 1), 32);
                for (size_t i = 0; i < o->k; i++)
                    for (unsigned l = 0; l < LEVELS; l++)
                        memcpy(o->proofs + 32 * (LEVELS * i + l),
                               g_nodes[fam] + 32 * (level_at(l) + ((o->idx[i] >> l) ^ 1)), 32);
                zkpi_mp_shape shape = {LEVELS, 0};
                (void)zkpi_mp_siblings(&shape, o->idx, o->k, write_sibling, o, NULL);
            }
        }
    }
    return *slot;
}

static zkp_status verify_single(const mset *s, size_t i) {
    const uint8_t *proof = s->proofs + 32 * LEVELS * i;
    switch (s->fam) {
    case FAM_KECCAK:
        return zkp_keccak_tree_verify(ZKP_KECCAK_256, s->root, s->leaves + 32 * i, s->idx[i], proof, LEVELS);
    case FAM_HEMERA:
        return zkp_hemera_tree_verify(s->root, s->chunk_ptrs[i], CHUNK, s->idx[i], (uint64_t)LEAVES * CHUNK, proof,
                                      32 * LEVELS);
    default:
        return zkp_poseidon_tree_verify((const zkp_poseidon_fr *)(const void *)s->root,
                                        (const zkp_poseidon_fr *)(const void *)(s->leaves + 32 * i), s->idx[i],
                                        (const zkp_poseidon_fr *)(const void *)proof, LEVELS);
    }
}

static zkp_status verify_batch(const mset *s, unsigned threads) {
    switch (s->fam) {
    case FAM_KECCAK:
        return zkp_keccak_tree_verify_batch(ZKP_KECCAK_256, s->root, s->leaves, s->idx, s->k, s->proofs, LEVELS, threads);
    case FAM_HEMERA:
        return zkp_hemera_tree_verify_batch(s->root, s->chunk_ptrs, s->chunk_lens, s->idx, s->k,
                                            (uint64_t)LEAVES * CHUNK, s->proof_ptrs, s->proof_lens, threads);
    default:
        return zkp_poseidon_tree_verify_batch((const zkp_poseidon_fr *)(const void *)s->root,
                                              (const zkp_poseidon_fr *)(const void *)s->leaves, s->idx, s->k,
                                              (const zkp_poseidon_fr *)(const void *)s->proofs, LEVELS, threads);
    }
}

static zkp_status verify_multi(const mset *s, unsigned threads) {
    switch (s->fam) {
    case FAM_KECCAK:
        return zkp_keccak_tree_multi_verify(ZKP_KECCAK_256, s->root, s->leaves, s->idx, s->k, s->multi, s->multi_len,
                                            LEVELS, threads);
    case FAM_HEMERA:
        return zkp_hemera_tree_multi_verify(s->root, s->chunk_ptrs, s->chunk_lens, s->idx, s->k,
                                            (uint64_t)LEAVES * CHUNK, s->multi, s->multi_len, threads);
    default:
        return zkp_poseidon_tree_multi_verify((const zkp_poseidon_fr *)(const void *)s->root,
                                              (const zkp_poseidon_fr *)(const void *)s->leaves, s->idx, s->k,
                                              (const zkp_poseidon_fr *)(const void *)s->multi, s->multi_len / 32,
                                              LEVELS, threads);
    }
}

/* Permutations a batched verification of s cannot avoid: its leaves'
 * (Hemera: the sponge of each 4 KiB chunk, floor(len / 56) + 1 blocks and
 * the leaf step; Keccak and Poseidon take the leaves as given) plus one per
 * distinct node on the union of the opened paths (the engine hashes a node
 * shared by several paths once). */
static uint64_t distinct_perms(const mset *s) {
    uint64_t perms = s->fam == FAM_HEMERA ? (uint64_t)s->k * (CHUNK / ZKP_HEMERA_RATE_BYTES + 2) : 0;
    for (unsigned l = 1; l <= LEVELS; l++)
        for (size_t i = 0; i < s->k; i++) /* idx is sorted: equal ancestors are adjacent */
            if (i == 0 || (s->idx[i] >> l) != (s->idx[i - 1] >> l)) perms++;
    return perms;
}

/* One call of the family's batch kernel on FLOOR_N independent inputs. */
#define FLOOR_N 4096
#define FLOOR_RUNS 11
static void floor_call(int fam, uint8_t *buf, uint8_t *out) {
    if (fam == FAM_HEMERA) {
        BENCH_CHECK(zkp_hemera_permute_batch((uint64_t(*)[16])(void *)buf, FLOOR_N));
    } else if (fam == FAM_KECCAK) {
        BENCH_CHECK(zkp_keccak_hash_batch(ZKP_KECCAK_256, buf, 64, 64, FLOOR_N, out, 32));
    } else {
        BENCH_CHECK(zkp_poseidon_hash_batch((const zkp_poseidon_fr *)(const void *)buf, 2, FLOOR_N,
                                            (zkp_poseidon_fr *)(void *)out));
    }
}

/* The same FLOOR_N permutations one call at a time (the single kernel). */
static void single_call(int fam, uint8_t *buf, uint8_t *out) {
    for (size_t i = 0; i < FLOOR_N; i++) {
        if (fam == FAM_HEMERA) {
            zkp_hemera_permute((uint64_t *)(void *)(buf + 128 * i));
        } else if (fam == FAM_KECCAK) {
            BENCH_CHECK(zkp_keccak_hash(ZKP_KECCAK_256, buf + 64 * i, 64, out + 32 * i, 32));
        } else {
            BENCH_CHECK(zkp_poseidon_hash((const zkp_poseidon_fr *)(const void *)(buf + 64 * i), 2,
                                          (zkp_poseidon_fr *)(void *)(out + 32 * i)));
        }
    }
}

/* FLOOR_RUNS pairs, each the row's work (run_row) and then the floor's,
 * timed back to back, each part about one of the row's timed batches long:
 * *per_perm is the median batched cost per permutation, the result the
 * median over the pairs of (row time per op) / (perms x cost per perm). A
 * short floor sample slips between the time slices of a shared machine and
 * looks faster, and the load drifts over the seconds between the row's
 * runs and a separate floor measurement; within a pair it hardly does.
 * Both parts are timed in this thread's CPU time (the k1024 rows run on one
 * thread), so time slices given to other processes do not count. */
static void run_row(void *ctx, uint64_t iters);

/* With `single` (the batch row), each pair also times the k single
 * verifications and FLOOR_N single-kernel permutations: *vs_single gets
 * the median of (single verifies) / (batch), *gain the median of (single
 * permutation) / (batched permutation). */
static double paired_ratio(void *row, void *single, int fam, uint64_t perms, double *per_perm, double *vs_single,
                           double *gain) {
    uint8_t *buf = malloc(128 * FLOOR_N), *out = malloc(32 * FLOOR_N); /* a Hemera state is 128 bytes */
    double per[FLOOR_RUNS], ratio[FLOOR_RUNS], vs[FLOOR_RUNS], gn[FLOOR_RUNS];
    if (!buf || !out) abort();
    bench_fill(buf, 128 * FLOOR_N, 77);
    if (fam == FAM_POSEIDON) { /* elements below the BN254 modulus, as in build_tree */
        zkp_poseidon_fr *fr = (zkp_poseidon_fr *)(void *)buf;
        for (size_t i = 0; i < 2 * FLOOR_N; i++) fr[i].limb[3] &= 0x1fffffffffffffffull;
    }
    const double target = bench_batch_ms() * 1e6;
    const int was_cpu = bench_cpu_time();
    bench_use_cpu_time(1); /* this thread's CPU time: slices given to other processes do not count */
    uint64_t t0 = bench_now_ns();
    floor_call(fam, buf, out); /* warm-up, and the calibrations */
    double one = (double)(bench_now_ns() - t0);
    t0 = bench_now_ns();
    run_row(row, 1);
    double one_row = (double)(bench_now_ns() - t0);
    uint64_t reps = (uint64_t)(target / (one > 1 ? one : 1)), reps_row = (uint64_t)(target / (one_row > 1 ? one_row : 1));
    if (reps < 1) reps = 1;
    if (reps_row < 1) reps_row = 1;
    for (int r = 0; r < FLOOR_RUNS; r++) {
        t0 = bench_now_ns();
        run_row(row, reps_row);
        uint64_t t1 = bench_now_ns();
        for (uint64_t i = 0; i < reps; i++) floor_call(fam, buf, out);
        uint64_t t2 = bench_now_ns();
        per[r] = (double)(t2 - t1) / ((double)reps * FLOOR_N);
        ratio[r] = ((double)(t1 - t0) / (double)reps_row) / ((double)perms * per[r]);
        if (single) { /* one of each: long enough, single verifies take seconds at portable */
            uint64_t t3 = bench_now_ns();
            run_row(single, 1);
            uint64_t t4 = bench_now_ns();
            single_call(fam, buf, out);
            uint64_t t5 = bench_now_ns();
            vs[r] = (double)(t4 - t3) / ((double)(t1 - t0) / (double)reps_row);
            gn[r] = (double)(t5 - t4) / FLOOR_N / per[r];
        }
    }
    if (single) {
        *vs_single = stats_median(vs, FLOOR_RUNS);
        *gain = stats_median(gn, FLOOR_RUNS);
    }
    bench_use_cpu_time(was_cpu);
    bench_sink(buf, 64);
    bench_sink(out, 32);
    free(buf);
    free(out);
    *per_perm = stats_median(per, FLOOR_RUNS);
    return stats_median(ratio, FLOOR_RUNS);
}

/* The set's k and what a row runs, packed into the ctx pointer's target. */
typedef struct mrow {
    mset *s;
    int what;           /* 0 single, 1 batch, 2 multiproof */
    unsigned threads;
    int was_cpu;        /* the clock before this row: restored in teardown */
} mrow;

static void run_row(void *ctx, uint64_t iters) {
    const mrow *r = ctx;
    for (uint64_t it = 0; it < iters; it++) {
        if (r->what == 0) {
            for (size_t i = 0; i < r->s->k; i++) BENCH_CHECK(verify_single(r->s, i));
        } else if (r->what == 1) {
            BENCH_CHECK(verify_batch(r->s, r->threads));
        } else {
            BENCH_CHECK(verify_multi(r->s, r->threads));
        }
    }
    bench_sink(r->s->root, 32);
}

static void teardown_row(void *ctx) {
    bench_use_cpu_time(((mrow *)ctx)->was_cpu);
    free(ctx);
}

/* The k1024 batch and multiproof rows: their floor, measured now. */
static void teardown_floor(void *ctx) {
    const mrow *r = ctx; /* run_row takes it as void *: paired_ratio passes ctx */
    uint64_t perms = distinct_perms(r->s);
    mrow single = {r->s, 0, 1, 0};
    double per, vs = 0, gain = 0;
    double ratio = paired_ratio(ctx, r->what == 1 ? &single : NULL, r->s->fam, perms, &per, &vs, &gain);
    char what[128];
    int n = snprintf(what, sizeof what, "%llu perms x %.1f ns (CPU time)", (unsigned long long)perms, per);
    if (r->what == 1 && n > 0 && (size_t)n < sizeof what)
        snprintf(what + n, sizeof what - (size_t)n, ", vs single %.2fx, kernel gain %.2fx", vs, gain);
    bench_floor((double)perms * per, ratio, what);
    teardown_row(ctx);
}

static void *row_ctx(int fam, size_t k, int what, unsigned threads) {
    mrow *r = malloc(sizeof *r);
    *r = (mrow){set_for(fam, k), what, threads, bench_cpu_time()};
    if (threads == 1) bench_use_cpu_time(1); /* the row's batches: one thread */
    return r;
}

#define ROW_SETUP(name, fam, k, what, threads) \
    static void *name(void) { return row_ctx(fam, k, what, threads); }
ROW_SETUP(k_single, FAM_KECCAK, 1024, 0, 1)
ROW_SETUP(k_batch, FAM_KECCAK, 1024, 1, 1)
ROW_SETUP(k_multi, FAM_KECCAK, 1024, 2, 1)
ROW_SETUP(k_b1, FAM_KECCAK, 4096, 1, 1)
ROW_SETUP(k_b2, FAM_KECCAK, 4096, 1, 2)
ROW_SETUP(h_single, FAM_HEMERA, 1024, 0, 1)
ROW_SETUP(h_batch, FAM_HEMERA, 1024, 1, 1)
ROW_SETUP(h_multi, FAM_HEMERA, 1024, 2, 1)
ROW_SETUP(h_b1, FAM_HEMERA, 4096, 1, 1)
ROW_SETUP(h_b2, FAM_HEMERA, 4096, 1, 2)
ROW_SETUP(p_single, FAM_POSEIDON, 1024, 0, 1)
ROW_SETUP(p_batch, FAM_POSEIDON, 1024, 1, 1)
ROW_SETUP(p_multi, FAM_POSEIDON, 1024, 2, 1)
ROW_SETUP(p_b1, FAM_POSEIDON, 4096, 1, 1)
ROW_SETUP(p_b2, FAM_POSEIDON, 4096, 1, 2)

static const char *name_keccak(void) { return zkp_keccak_batch_implementation(); }
static const char *name_hemera(void) { return zkp_hemera_permute_batch_implementation(); }
static const char *name_poseidon(void) { return zkp_poseidon_implementation(); }

#define ROW(name, setup, kname) {name, "multi", 0, setup, NULL, run_row, teardown_row, kname}
#define ROW_FLOOR(name, setup, kname) {name, "multi", 0, setup, NULL, run_row, teardown_floor, kname}
static const bench_case k_cases[] = {
    ROW("keccak/multi/2^20/k1024/single", k_single, name_keccak),
    ROW_FLOOR("keccak/multi/2^20/k1024/batch", k_batch, name_keccak),
    ROW_FLOOR("keccak/multi/2^20/k1024/multiproof", k_multi, name_keccak),
    ROW("keccak/multi/2^20/k4096/batch/1t", k_b1, name_keccak),
    ROW("keccak/multi/2^20/k4096/batch/2t", k_b2, name_keccak),
    ROW("hemera/multi/2^20/k1024/single", h_single, name_hemera),
    ROW_FLOOR("hemera/multi/2^20/k1024/batch", h_batch, name_hemera),
    ROW_FLOOR("hemera/multi/2^20/k1024/multiproof", h_multi, name_hemera),
    ROW("hemera/multi/2^20/k4096/batch/1t", h_b1, name_hemera),
    ROW("hemera/multi/2^20/k4096/batch/2t", h_b2, name_hemera),
    ROW("poseidon/multi/2^20/k1024/single", p_single, name_poseidon),
    ROW_FLOOR("poseidon/multi/2^20/k1024/batch", p_batch, name_poseidon),
    ROW_FLOOR("poseidon/multi/2^20/k1024/multiproof", p_multi, name_poseidon),
    ROW("poseidon/multi/2^20/k4096/batch/1t", p_b1, name_poseidon),
    ROW("poseidon/multi/2^20/k4096/batch/2t", p_b2, name_poseidon),
};

const bench_module bench_module_multiproof = {"multiproof", k_cases, sizeof k_cases / sizeof k_cases[0]};
