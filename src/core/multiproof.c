/*
 * The batched multi-opening / multiproof engine (the contract is in
 * multiproof.h). One pass per level over the distinct path nodes, kept
 * sorted: entries (node index, the first opening below it) and their
 * hashes, rewritten in place level after level (an output never overtakes
 * the input it comes from). A level's pairs are gathered MP_CHUNK at a
 * time and hashed by one call each, so the buffers a level touches stay
 * small whatever k is.
 *
 * The openings form reads each supplied sibling about once. Two
 * neighbours of the sorted set, openings o - 1 and o, have the same path
 * from the level where their leaves meet up to the root, so their proofs
 * must carry the same siblings there: one pass over the proofs compares
 * each proof's tail with the one before it (proof_tails). After that every
 * opening below a node supplies the same sibling for it as the first
 * opening below it does, and the level walk reads just that one: as the
 * sibling when the batch does not compute it, and, when it does (both
 * children known), to compare with the other child's computed value.
 */
#include "core/multiproof.h"

#include <stdlib.h>
#include <string.h>

#include "core/parallel.h"
#include "core/util.h"

#define NODE ZKPI_MP_NODE

/* Pairs gathered before one hash call: 16 KiB, a multiple of every batch
 * kernel's lane count. */
#define MP_CHUNK 256

/* ---- shape ---------------------------------------------------------------- */

static uint64_t up(uint64_t x, unsigned l) { return l >= 64 ? 0 : x >> l; }

/* The last node of an odd level of a left-balanced tree has no sibling. */
static int carried(const zkpi_mp_shape *s, unsigned l, uint64_t node) {
    if (!s->n_leaves) return 0;
    uint64_t w = up(s->n_leaves - 1, l) + 1;
    return (w & 1) && node == w - 1;
}

/* Bits of x (0 for 0): without a compiler builtin, six steps. */
static unsigned bit_length(uint64_t x) {
    unsigned n = 0;
    if (x >> 32) n += 32, x >>= 32;
    if (x >> 16) n += 16, x >>= 16;
    if (x >> 8) n += 8, x >>= 8;
    if (x >> 4) n += 4, x >>= 4;
    if (x >> 2) n += 2, x >>= 2;
    if (x >> 1) n += 1, x >>= 1;
    return n + (unsigned)x;
}

/* The lowest level at which leaves a != b have the same ancestor. Below
 * it their paths are apart; one level below it they are siblings. */
static unsigned meet(uint64_t a, uint64_t b) { return bit_length(a ^ b); }

/* Walks the distinct level-l ancestors of the sorted set; for each one whose
 * sibling is neither carried nor itself an ancestor, calls fn (if any) with
 * the sibling's index. Returns how many there were. */
static uint64_t walk_level(const zkpi_mp_shape *s, const uint64_t *idx, size_t k, unsigned l,
                           zkp_status (*fn)(void *, unsigned, uint64_t, uint64_t), void *ctx, uint64_t pos,
                           zkp_status *st) {
    uint64_t cnt = 0;
    size_t i = 0;
    while (i < k) {
        uint64_t a = up(idx[i], l);
        while (i < k && up(idx[i], l) == a) i++;
        if (carried(s, l, a)) continue;
        if (!(a & 1) && i < k && up(idx[i], l) == (a | 1)) {
            while (i < k && up(idx[i], l) == (a | 1)) i++;
            continue;
        }
        if (fn && *st == ZKP_OK) *st = fn(ctx, l, a ^ 1, pos + cnt);
        cnt++;
    }
    return cnt;
}

/* cnt[l] = zkpi_mp_level_count(s, idx, k, l) for every level. In a full
 * tree (nothing carried) without a walk per level: at level l the set has
 * 1 + (neighbours meeting above l) distinct ancestors, and a neighbour
 * meeting exactly at l + 1 is a pair of siblings among them, which takes
 * no sibling from the proof. */
static void level_counts(const zkpi_mp_shape *s, const uint64_t *idx, size_t k, uint64_t cnt[64]) {
    if (s->n_leaves || !k) {
        for (unsigned l = 0; l < s->levels; l++) cnt[l] = walk_level(s, idx, k, l, NULL, NULL, 0, NULL);
        return;
    }
    uint64_t at[65] = {0}; /* at[m]: neighbours meeting at level m (1..levels) */
    for (size_t i = 1; i < k; i++) at[meet(idx[i - 1], idx[i])]++;
    uint64_t above = 0; /* neighbours meeting above level l */
    for (unsigned l = s->levels; l-- > 0;) {
        above += at[l + 1];
        cnt[l] = 1 + above - 2 * at[l + 1];
    }
}

uint64_t zkpi_mp_level_count(const zkpi_mp_shape *s, const uint64_t *indices, size_t k, unsigned level) {
    zkp_status st = ZKP_OK;
    return walk_level(s, indices, k, level, NULL, NULL, 0, &st);
}

uint64_t zkpi_mp_siblings(const zkpi_mp_shape *s, const uint64_t *indices, size_t k,
                          zkp_status (*fn)(void *ctx, unsigned level, uint64_t node, uint64_t pos), void *ctx,
                          zkp_status *st) {
    zkp_status local = ZKP_OK;
    if (!st) st = &local;
    uint64_t total = 0;
    if (!fn) { /* the count alone */
        uint64_t cnt[64];
        level_counts(s, indices, k, cnt);
        for (unsigned l = 0; l < s->levels; l++) total += cnt[l];
        return total;
    }
    for (unsigned l = 0; l < s->levels; l++) total += walk_level(s, indices, k, l, fn, ctx, total, st);
    return total;
}

/* Siblings on the path of leaf `index` below `level`: where that level's
 * sibling sits in the leaf's single proof. */
static unsigned path_offset(const zkpi_mp_shape *s, uint64_t index, unsigned level) {
    if (!s->n_leaves) return level;
    unsigned n = 0;
    for (unsigned l = 0; l < level; l++) n += !carried(s, l, up(index, l));
    return n;
}

unsigned zkpi_mp_path_len(const zkpi_mp_shape *s, uint64_t index) { return path_offset(s, index, s->levels); }

zkp_status zkpi_mp_check_indices(const zkpi_mp_shape *s, const uint64_t *indices, size_t k) {
    if (k == 0) return ZKP_ERR_COUNT;
    for (size_t i = 0; i < k; i++) {
        if (i && indices[i] <= indices[i - 1]) return ZKP_ERR_PROOF_SHAPE;
        if (s->n_leaves ? indices[i] >= s->n_leaves : up(indices[i], s->levels) != 0) return ZKP_ERR_RANGE;
    }
    return ZKP_OK;
}

/* ---- full trees in a node array ------------------------------------------- */

zkp_status zkpi_mp_full_count(const uint64_t *indices, size_t k, size_t depth, size_t *count) {
    if (!count || (k && !indices)) return ZKP_ERR_NULL;
    if (!zkpi_array_ok(k, sizeof *indices)) return ZKP_ERR_LENGTH;
    if (depth > 64) return ZKP_ERR_PROOF_SHAPE;
    zkpi_mp_shape s = {(unsigned)depth, 0};
    zkp_status st = zkpi_mp_check_indices(&s, indices, k);
    if (st != ZKP_OK) return st;
    uint64_t c = zkpi_mp_siblings(&s, indices, k, NULL, NULL, NULL);
    if (!zkpi_array_ok((size_t)c, ZKPI_MP_NODE) || c > SIZE_MAX) return ZKP_ERR_LENGTH;
    *count = (size_t)c;
    return ZKP_OK;
}

typedef struct mp_copier {
    const uint8_t *nodes;
    size_t n;
    uint8_t *proof;
} mp_copier;

/* Node j of level l: tree_build's level l starts at node 2n - 2(n >> l). */
static zkp_status copy_node(void *ctx, unsigned level, uint64_t node, uint64_t pos) {
    mp_copier *w = ctx;
    size_t at = 2 * w->n - 2 * (w->n >> level) + (size_t)node;
    memcpy(w->proof + (size_t)pos * ZKPI_MP_NODE, w->nodes + at * ZKPI_MP_NODE, ZKPI_MP_NODE);
    return ZKP_OK;
}

zkp_status zkpi_mp_full_proof(const uint8_t *nodes, size_t n, const uint64_t *indices, size_t k, uint8_t *proof,
                              size_t cap, size_t *count) {
    if (!nodes || !count || (!proof && cap)) return ZKP_ERR_NULL;
    if (!n || (n & (n - 1))) return ZKP_ERR_COUNT;
    if (!zkpi_array_ok(n, 2 * ZKPI_MP_NODE) || !zkpi_array_ok(cap, ZKPI_MP_NODE)) return ZKP_ERR_LENGTH;
    unsigned depth = 0;
    while (((size_t)1 << depth) < n) depth++;
    zkp_status st = zkpi_mp_full_count(indices, k, depth, count);
    if (st != ZKP_OK) return st;
    if (cap < *count) return ZKP_ERR_LENGTH;
    zkpi_mp_shape s = {depth, 0};
    mp_copier w = {nodes, n, proof};
    (void)zkpi_mp_siblings(&s, indices, k, copy_node, &w, NULL);
    return ZKP_OK;
}

/* ---- comparing nodes -------------------------------------------------------- */

/* Nonzero iff the n nodes at a and b differ; no early exit, so the time
 * depends on n only (the Keccak and Poseidon verifiers are ZKP_CT). The
 * words are compared, not interpreted: byte order does not matter. */
static uint64_t word(const uint8_t *p) {
    uint64_t v;
    memcpy(&v, p, 8);
    return v;
}

static uint64_t node_diff(const uint8_t *a, const uint8_t *b) {
    return (word(a) ^ word(b)) | (word(a + 8) ^ word(b + 8)) | (word(a + 16) ^ word(b + 16)) |
           (word(a + 24) ^ word(b + 24));
}

static uint64_t nodes_diff(const uint8_t *a, const uint8_t *b, size_t n) {
    uint64_t d = 0;
    for (size_t i = 0; i < n; i++) d |= node_diff(a + NODE * i, b + NODE * i);
    return d;
}

/* ---- one segment of the sorted set ---------------------------------------- */

/* A distinct path node of the current level. Openings form: `sib` points
 * at the sibling that the first opening below the node supplies at this
 * level, i.e. into that opening's proof just past the siblings of the
 * levels below (a carried level has none). After proof_tails, every
 * opening below the node supplies the same sibling as the first one does,
 * so that one pointer stands for them all, and it moves one node up the
 * proof with each level. Multiproof form: unused (the stream is read in
 * order). Sixteen bytes: the level walk reads and rewrites every entry of
 * every level. */
typedef struct mp_entry {
    uint64_t node;
    const uint8_t *sib;
} mp_entry;

typedef struct mp_seg {
    const zkpi_mp_family *f;
    const zkpi_mp_shape *s;
    const zkpi_mp_input *in;
    size_t first, k;            /* openings [first, first + k) */
    unsigned stop;              /* levels [0, stop) run here */
    mp_entry *e;                /* slices starting at `first` */
    uint8_t (*h)[NODE];
    uint8_t (*pairs)[2 * NODE]; /* MP_CHUNK pairs (fewer when k is smaller); with
                                 * hash_halves, the chunk's left and right pointers */
    size_t chunk;
    uint64_t pos[64];           /* multiproof form: next stream node per level */
    size_t m;                   /* live entries */
    uint64_t diff;              /* OR of every disagreement */
    zkp_status st;
} mp_seg;

static int is_openings(const zkpi_mp_input *in) { return in->proofs || in->proof_base; }

static const uint8_t *proof_of(const zkpi_mp_input *in, size_t o) {
    return in->proofs ? in->proofs[o] : in->proof_base + o * in->proof_stride;
}

/* Openings [first, first + k) against the one before each: from the level
 * where their leaves meet, both proofs end with the same nodes (a carried
 * level has no sibling in either). */
static uint64_t proof_tails(const mp_seg *g) {
    const zkpi_mp_shape *s = g->s;
    const zkpi_mp_input *in = g->in;
    const uint64_t *idx = in->indices;
    uint64_t d = 0;
    for (size_t o = g->first ? g->first : 1; o < g->first + g->k; o++) {
        unsigned lm = meet(idx[o - 1], idx[o]);
        unsigned at_prev = path_offset(s, idx[o - 1], lm), at = path_offset(s, idx[o], lm);
        unsigned n = path_offset(s, idx[o], s->levels) - at;
        d |= nodes_diff(proof_of(in, o - 1) + (size_t)NODE * at_prev, proof_of(in, o) + (size_t)NODE * at, n);
    }
    return d;
}

/* Where a chunk's pointers go with hash_halves: left[0 .. chunk), then right. */
static const uint8_t **halves(const mp_seg *g) { return (const uint8_t **)(void *)g->pairs; }

/* Hashes the n pairs gathered at level l into h[out0 ..). */
static void flush(mp_seg *g, unsigned l, size_t n, size_t out0) {
    const zkpi_mp_family *f = g->f;
    int top = l + 1 == g->s->levels;
    zkp_status st = f->hash_halves ? f->hash_halves(f->ctx, halves(g), halves(g) + g->chunk, n, top, g->h + out0)
                                   : f->hash_pairs(f->ctx, (const uint8_t(*)[2 * NODE])g->pairs, n, top, g->h + out0);
    if (st != ZKP_OK && g->st == ZKP_OK) g->st = st;
}

/* The pairs of entries e[0 .. m) of level l, gathered and hashed a chunk
 * at a time; the entries rewritten as the next level's. Inlined once per
 * form (`openings`: siblings from the proofs, else from the stream at
 * *taken) and per hash path (`by_ptr`: hash_halves, else copied pairs), so
 * that the loop tests neither. Returns the entries written. */
ZKP_INLINE size_t level_walk(mp_seg *g, unsigned l, size_t m, const int openings, const int by_ptr,
                             const uint8_t *stream, size_t *taken, uint64_t *diff) {
    mp_entry *e = g->e;
    uint8_t(*h)[NODE] = g->h;
    const uint8_t **left = halves(g), **right = left + g->chunk;
    size_t out = 0, np = 0, tk = 0;
    uint64_t d = 0;
    for (size_t i = 0; i < m;) {
        mp_entry a = e[i];
        const uint8_t *lp, *rp;
        if (!(a.node & 1) && i + 1 < m && e[i + 1].node == (a.node | 1)) {
            /* both children known: the siblings supplied for each must be
             * the other's computed value */
            if (openings) d |= node_diff(a.sib, h[i + 1]) | node_diff(e[i + 1].sib, h[i]);
            lp = h[i], rp = h[i + 1];
            i += 2;
        } else {
            const uint8_t *sib = openings ? a.sib : stream + (size_t)NODE * tk++;
            const int is_right = (int)(a.node & 1);
            lp = is_right ? sib : h[i];
            rp = is_right ? h[i] : sib;
            /* with hash_halves the kernel, not this loop, loads the
             * sibling, just before the permutation that needs it: asked
             * for now, the loads overlap (4096 openings at 2^20: 2.6 MB
             * of proofs, mostly out of cache) */
            if (by_ptr) zkpi_prefetch(sib);
            i += 1;
        }
        if (by_ptr) { /* hashed where they lie: h[i] is overwritten only after its group is read */
            left[np] = lp, right[np] = rp;
        } else {
            memcpy(g->pairs[np], lp, NODE);
            memcpy(g->pairs[np] + NODE, rp, NODE);
        }
        e[out++] = (mp_entry){a.node >> 1, openings ? a.sib + NODE : NULL};
        if (++np == g->chunk) {
            flush(g, l, np, out - np);
            np = 0;
        }
    }
    if (np) flush(g, l, np, out - np);
    *taken += tk;
    *diff |= d;
    return out;
}

static void level_step(mp_seg *g, unsigned l) {
    const zkpi_mp_input *in = g->in;
    const int openings = is_openings(in), by_ptr = g->f->hash_halves != NULL;
    mp_entry *e = g->e;
    uint8_t(*h)[NODE] = g->h;
    size_t m = g->m, out, taken = 0;
    uint64_t diff = 0;
    const uint8_t *stream = openings ? NULL : in->stream + (size_t)NODE * g->pos[l];
    /* only the last node of a level can be carried: set it aside (a
     * chunk's hashes may land on its slot); its sibling pointer stays, a
     * carried level has no sibling in the proof */
    int carry = m && carried(g->s, l, e[m - 1].node);
    mp_entry carry_e = {0, NULL};
    uint8_t carry_h[NODE];
    if (carry) {
        carry_e = e[--m];
        memcpy(carry_h, h[m], NODE);
    }
#if ZKP_SMALL_CODE
    /* one copy of the loop: the JS package's size-budgeted modules */
    out = level_walk(g, l, m, openings, by_ptr, stream, &taken, &diff);
#else
    if (openings)
        out = by_ptr ? level_walk(g, l, m, 1, 1, NULL, &taken, &diff) : level_walk(g, l, m, 1, 0, NULL, &taken, &diff);
    else
        out = by_ptr ? level_walk(g, l, m, 0, 1, stream, &taken, &diff)
                     : level_walk(g, l, m, 0, 0, stream, &taken, &diff);
#endif
    if (carry) {
        memcpy(h[out], carry_h, NODE);
        carry_e.node >>= 1;
        e[out++] = carry_e;
    }
    if (!openings) g->pos[l] += taken;
    g->m = out;
    g->diff |= diff;
}

/* Leaf nodes, then levels [0, stop). */
static void seg_run(mp_seg *g) {
    if (is_openings(g->in)) g->diff |= proof_tails(g);
    const int openings = is_openings(g->in);
    for (size_t i = 0; i < g->k; i++)
        g->e[i] = (mp_entry){g->in->indices[g->first + i], openings ? proof_of(g->in, g->first + i) : NULL};
    g->m = g->k;
    g->st = g->f->leaves(g->f->ctx, g->first, g->k, g->h);
    for (unsigned l = 0; l < g->stop && g->st == ZKP_OK; l++) level_step(g, l);
}

static void seg_task(void *segs, size_t j) { seg_run((mp_seg *)segs + j); }

/* ---- the split -------------------------------------------------------------- */

/* Cuts [0, k) into t segments near equal sizes, each cut where the two
 * neighbouring paths meet as high as possible (searched within a quarter
 * of a segment of the even cut). Returns the level below which the segments
 * are independent (the lowest level at which two neighbours across a cut
 * are siblings); cut[0..t] are the segment starts. */
static unsigned choose_cuts(const uint64_t *idx, size_t k, size_t t, size_t *cut) {
    unsigned stop = 64;
    cut[0] = 0;
    for (size_t j = 1; j < t; j++) {
        size_t even = j * k / t, wnd = k / (4 * t) ? k / (4 * t) : 1;
        size_t lo = even > wnd ? even - wnd : 1, hi = even + wnd < k ? even + wnd : k - 1;
        if (lo <= cut[j - 1]) lo = cut[j - 1] + 1;
        size_t best = lo;
        unsigned best_lev = 0;
        for (size_t p = lo; p <= hi; p++) {
            unsigned lev = meet(idx[p - 1], idx[p]) - 1;
            size_t dist = p > even ? p - even : even - p, bdist = best > even ? best - even : even - best;
            if (lev > best_lev || (lev == best_lev && dist < bdist)) best = p, best_lev = lev;
        }
        cut[j] = best;
        if (best_lev < stop) stop = best_lev;
    }
    cut[t] = k;
    return stop;
}

zkp_status zkpi_mp_verify(const zkpi_mp_family *f, const zkpi_mp_shape *s, const zkpi_mp_input *in,
                          const uint8_t root[ZKPI_MP_NODE], unsigned threads) {
    size_t k = in->k;
    size_t t = zkpi_threads_clamp(threads);
    if (t > k / 2) t = k / 2; /* a segment of one opening is not worth a thread */
    size_t cut[ZKPI_MAX_THREADS + 1];
    unsigned stop = 0;
    if (t > 1 && s->levels > 0) stop = choose_cuts(in->indices, k, t, cut);
    if (stop == 0) t = 1, cut[0] = 0, cut[1] = k;

    /* one block: entries and hashes (k each), a pair buffer per segment */
    size_t chunk = k < MP_CHUNK ? k : MP_CHUNK;
    size_t pair_bytes = t * chunk * 2 * NODE;
    int fits = k <= (SIZE_MAX - pair_bytes) / (sizeof(mp_entry) + NODE);
    mp_seg *seg = fits ? malloc(t * sizeof *seg) : NULL;
    void *block = fits ? malloc(k * (sizeof(mp_entry) + NODE) + pair_bytes) : NULL;
    zkp_status st = ZKP_OK;
    if (!seg || !block) {
        st = ZKP_ERR_NOMEM;
        goto done;
    }
    mp_entry *e = block;
    uint8_t(*h)[NODE] = (uint8_t(*)[NODE])(void *)(e + k);
    uint8_t(*pairs)[2 * NODE] = (uint8_t(*)[2 * NODE])(void *)(h + k);
    for (size_t j = 0; j < t; j++) {
        seg[j] = (mp_seg){.f = f, .s = s, .in = in, .first = cut[j], .k = cut[j + 1] - cut[j], .stop = stop,
                          .e = e + cut[j], .h = h + cut[j], .pairs = pairs + j * chunk, .chunk = chunk};
    }
    /* multiproof form: where each segment's siblings of each level start */
    uint64_t base = 0;
    if (!is_openings(in) && stop) {
        uint64_t cnt[64];
        for (size_t j = 0; j < t; j++) {
            level_counts(s, in->indices + seg[j].first, seg[j].k, cnt);
            for (unsigned l = 0; l < stop; l++) seg[j].pos[l] = cnt[l];
        }
        for (unsigned l = 0; l < stop; l++) {
            for (size_t j = 0; j < t; j++) {
                uint64_t c = seg[j].pos[l];
                seg[j].pos[l] = base;
                base += c;
            }
        }
    }

    zkpi_parallel_run(t, (unsigned)t, seg_task, seg);

    /* merge the segments' level-`stop` nodes and finish on this thread,
     * with the first segment's pair buffer */
    mp_seg all = seg[0];
    all.k = k;
    for (size_t j = 1; j < t; j++) {
        memmove(e + all.m, seg[j].e, seg[j].m * sizeof *e);
        memmove(h + all.m, seg[j].h, seg[j].m * sizeof *h);
        all.m += seg[j].m;
        all.diff |= seg[j].diff;
        if (all.st == ZKP_OK) all.st = seg[j].st;
    }
    for (unsigned l = stop; l < s->levels; l++) all.pos[l] = base; /* one running stream position */
    for (unsigned l = stop; l < s->levels && all.st == ZKP_OK; l++) {
        level_step(&all, l);
        if (l + 1 < s->levels) all.pos[l + 1] = all.pos[l];
    }
    st = all.st;
    if (st == ZKP_OK) {
        all.diff |= node_diff(h[0], root);
        st = all.diff ? ZKP_ERR_VERIFY : ZKP_OK;
    }
done:
    free(seg);
    free(block);
    return st;
}
