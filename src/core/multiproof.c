/*
 * The batched multi-opening / multiproof engine (the contract is in
 * multiproof.h). One pass per level over the distinct path nodes, kept
 * sorted: entries (node index, the range of openings below it) and their
 * hashes, rewritten in place level after level (an output never overtakes
 * the input it comes from).
 */
#include "core/multiproof.h"

#include <stdlib.h>
#include <string.h>

#include "core/parallel.h"
#include "core/util.h"

/* ---- shape ---------------------------------------------------------------- */

static uint64_t up(uint64_t x, unsigned l) { return l >= 64 ? 0 : x >> l; }

/* The last node of an odd level of a left-balanced tree has no sibling. */
static int carried(const zkpi_mp_shape *s, unsigned l, uint64_t node) {
    if (!s->n_leaves) return 0;
    uint64_t w = up(s->n_leaves - 1, l) + 1;
    return (w & 1) && node == w - 1;
}

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
    for (unsigned l = 0; l < s->levels; l++) total += walk_level(s, indices, k, l, fn, ctx, total, st);
    return total;
}

unsigned zkpi_mp_path_len(const zkpi_mp_shape *s, uint64_t index) {
    unsigned n = 0;
    for (unsigned l = 0; l < s->levels; l++) n += !carried(s, l, up(index, l));
    return n;
}

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

/* ---- one segment of the sorted set ---------------------------------------- */

typedef struct mp_entry {
    uint64_t node;
    size_t first, last;  /* the openings below this node: [first, last) */
} mp_entry;

typedef struct mp_seg {
    const zkpi_mp_family *f;
    const zkpi_mp_shape *s;
    const zkpi_mp_input *in;
    size_t first, k;            /* openings [first, first + k) */
    unsigned stop;              /* levels [0, stop) run here */
    mp_entry *e;                /* slices starting at `first` */
    uint8_t (*h)[ZKPI_MP_NODE];
    uint8_t (*pairs)[2 * ZKPI_MP_NODE];
    uint8_t *cursor;            /* openings form: siblings consumed per opening (global) */
    uint64_t pos[64];           /* multiproof form: next stream node per level */
    size_t m;                   /* live entries */
    uint8_t diff;               /* OR of every disagreement */
    zkp_status st;
} mp_seg;

static void diff_into(uint8_t *diff, const uint8_t *a, const uint8_t *b) {
    uint8_t d = 0;
    for (int i = 0; i < ZKPI_MP_NODE; i++) d |= (uint8_t)(a[i] ^ b[i]);
    *diff |= d;
}

/* Every opening below `run` supplies the sibling at this level: each must
 * equal `value`; their cursors advance. */
static const uint8_t *supplied(const mp_seg *g, size_t o) {
    const zkpi_mp_input *in = g->in;
    const uint8_t *p = in->proofs ? in->proofs[o] : in->proof_base + o * in->proof_stride;
    return p + (size_t)ZKPI_MP_NODE * g->cursor[o];
}

static void check_run(mp_seg *g, mp_entry run, const uint8_t *value) {
    for (size_t o = run.first; o < run.last; o++) {
        diff_into(&g->diff, supplied(g, o), value);
        g->cursor[o]++;
    }
}

static int is_openings(const zkpi_mp_input *in) { return in->proofs || in->proof_base; }

static void level_step(mp_seg *g, unsigned l) {
    const zkpi_mp_input *in = g->in;
    const int openings = is_openings(in);
    size_t m = g->m, out = 0;
    int have_carry = 0;
    mp_entry carry_e = {0, 0, 0};
    uint8_t carry_h[ZKPI_MP_NODE];
    for (size_t i = 0; i < m; i++) {
        mp_entry a = g->e[i];
        if (carried(g->s, l, a.node)) { /* the last node of the level */
            have_carry = 1;
            carry_e = a;
            memcpy(carry_h, g->h[i], ZKPI_MP_NODE);
            continue;
        }
        uint8_t *pair = g->pairs[out];
        if (!(a.node & 1) && i + 1 < m && g->e[i + 1].node == (a.node | 1)) {
            /* both children known: what the openings supplied for each
             * must be the other's computed value */
            mp_entry b = g->e[i + 1];
            if (openings) {
                check_run(g, a, g->h[i + 1]);
                check_run(g, b, g->h[i]);
            }
            memcpy(pair, g->h[i], ZKPI_MP_NODE);
            memcpy(pair + ZKPI_MP_NODE, g->h[i + 1], ZKPI_MP_NODE);
            a.last = b.last;
            i++;
        } else {
            const uint8_t *sib;
            if (openings) {
                sib = supplied(g, a.first);
                check_run(g, a, sib);
            } else {
                sib = in->stream + (size_t)ZKPI_MP_NODE * g->pos[l]++;
            }
            int right = (int)(a.node & 1);
            memcpy(pair + (right ? 0 : ZKPI_MP_NODE), sib, ZKPI_MP_NODE);
            memcpy(pair + (right ? ZKPI_MP_NODE : 0), g->h[i], ZKPI_MP_NODE);
        }
        g->e[out++] = (mp_entry){a.node >> 1, a.first, a.last};
    }
    if (out) {
        zkp_status st = g->f->hash_pairs(g->f->ctx, (const uint8_t(*)[2 * ZKPI_MP_NODE])g->pairs, out,
                                         l + 1 == g->s->levels, g->h);
        if (st != ZKP_OK && g->st == ZKP_OK) g->st = st;
    }
    if (have_carry) {
        memcpy(g->h[out], carry_h, ZKPI_MP_NODE);
        g->e[out++] = (mp_entry){carry_e.node >> 1, carry_e.first, carry_e.last};
    }
    g->m = out;
}

/* Leaf nodes, then levels [0, stop). */
static void seg_run(mp_seg *g) {
    for (size_t i = 0; i < g->k; i++)
        g->e[i] = (mp_entry){g->in->indices[g->first + i], g->first + i, g->first + i + 1};
    g->m = g->k;
    g->st = g->f->leaves(g->f->ctx, g->first, g->k, g->h);
    for (unsigned l = 0; l < g->stop && g->st == ZKP_OK; l++) level_step(g, l);
}

static void seg_task(void *segs, size_t j) { seg_run((mp_seg *)segs + j); }

/* ---- the split -------------------------------------------------------------- */

/* Level at which the paths of two distinct leaves first meet as siblings:
 * their highest differing bit. */
static unsigned meet_level(uint64_t a, uint64_t b) {
    unsigned l = 0;
    for (uint64_t x = (a ^ b) >> 1; x; x >>= 1) l++;
    return l;
}

/* Cuts [0, k) into t segments near equal sizes, each cut where the two
 * neighbouring paths meet as high as possible (searched within a quarter
 * of a segment of the even cut). Returns the level below which the segments
 * are independent; cut[0..t] are the segment starts. */
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
            unsigned lev = meet_level(idx[p - 1], idx[p]);
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
    const int openings = is_openings(in);
    mp_entry *e = malloc(k * sizeof *e);
    uint8_t(*h)[ZKPI_MP_NODE] = malloc(k * sizeof *h);
    uint8_t(*pairs)[2 * ZKPI_MP_NODE] = malloc(k * sizeof *pairs);
    uint8_t *cursor = openings ? calloc(k, 1) : NULL;
    zkp_status st = ZKP_OK;
    if (!e || !h || !pairs || (openings && !cursor)) {
        st = ZKP_ERR_NOMEM;
        goto done;
    }

    size_t t = zkpi_threads_clamp(threads);
    if (t > k / 2) t = k / 2; /* a segment of one opening is not worth a thread */
    size_t cut[ZKPI_MAX_THREADS + 1];
    unsigned stop = 0;
    if (t > 1 && s->levels > 0) stop = choose_cuts(in->indices, k, t, cut);
    if (stop == 0) t = 1, cut[0] = 0, cut[1] = k;

    /* multiproof form: where each segment's siblings of each level start */
    uint64_t base = 0;
    mp_seg *seg = malloc(t * sizeof *seg);
    if (!seg) {
        st = ZKP_ERR_NOMEM;
        goto done;
    }
    for (size_t j = 0; j < t; j++) {
        seg[j] = (mp_seg){.f = f, .s = s, .in = in, .first = cut[j], .k = cut[j + 1] - cut[j], .stop = stop,
                          .e = e + cut[j], .h = h + cut[j], .pairs = pairs + cut[j], .cursor = cursor};
    }
    if (!openings) {
        for (unsigned l = 0; l < stop; l++) {
            for (size_t j = 0; j < t; j++) {
                seg[j].pos[l] = base;
                base += zkpi_mp_level_count(s, in->indices + seg[j].first, seg[j].k, l);
            }
        }
    }

    zkpi_parallel_run(t, (unsigned)t, seg_task, seg);

    /* merge the segments' level-`stop` nodes and finish on this thread */
    mp_seg all = seg[0];
    all.k = k;
    for (size_t j = 1; j < t; j++) {
        memmove(e + all.m, seg[j].e, seg[j].m * sizeof *e);
        memmove(h + all.m, seg[j].h, seg[j].m * sizeof *h);
        all.m += seg[j].m;
        all.diff |= seg[j].diff;
        if (all.st == ZKP_OK) all.st = seg[j].st;
    }
    free(seg);
    for (unsigned l = stop; l < s->levels; l++) all.pos[l] = base; /* one running stream position */
    for (unsigned l = stop; l < s->levels && all.st == ZKP_OK; l++) {
        level_step(&all, l);
        if (l + 1 < s->levels) all.pos[l + 1] = all.pos[l];
    }
    st = all.st;
    if (st == ZKP_OK) {
        diff_into(&all.diff, h[0], root);
        st = all.diff ? ZKP_ERR_VERIFY : ZKP_OK;
    }
done:
    free(e);
    free(h);
    free(pairs);
    free(cursor);
    return st;
}
