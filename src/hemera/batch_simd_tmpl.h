/*
 * Template: the batched Hemera permutation on vectors, written once and
 * instantiated by batch_avx2.c (4 lanes per vector), batch_avx512.c (8
 * lanes) and batch_wasm_simd128.c (2 lanes); M_E and the S-box layer are the round pieces of rounds_tmpl.h,
 * shared with the single permutation. The portable batch kernel
 * (batch_portable.c) is scalar code of its own (docs/hemera.md, "One
 * definition of the round pieces", says why). Convention: docs/internals.md.
 *
 * Parameters, defined by the including file:
 *   TMPL_SUFFIX    kernel name suffix (required). Defines
 *                  zkpi_hb_permute_<suffix> and, through batch_tmpl.h (the
 *                  round schedule, instantiated with this file's layers),
 *                  zkpi_hb_phase_<suffix> (batch_internal.h).
 *   V, V_MASK, V_LANES, V_<OP>
 *                  the Goldilocks vector layer: the file includes
 *                  goldilocks/gl_avx2.h or goldilocks/gl_avx512.h.
 *
 * State layout: element i, vector v of a group of L = nv * V_LANES lanes at
 * s[i * nv + v]. Groups of 64, 32, 16 or 8 lanes (nv in {1, 2, 4, 8}, with 4
 * lanes per vector up to 16); see the permute entry for how a batch is cut.
 *
 * Partial rounds with the inverse S-box: the lanes share one scalar field
 * inversion per round. Their S-box inputs are first multiplied together
 * vertically (vector v of the group times the next, a vector chain), the
 * V_LANES products in the last vector go through a scalar Montgomery batch
 * inversion (one field inversion by the binary GCD gl_inv_vartime),
 * and the inverses come back through the vertical chain. While the scalar
 * part runs (latency-bound), the diagonal updates of the previous round
 * are interleaved with it in program order (one unit of vector work per
 * scalar product), so the vector ports stay busy: the next S-box input
 * only needs
 * (d0 + 1) * y + sum_{i>=1} s_i + RC, and sum_{i>=1} s_i is accumulated as
 * the diagonal updates complete (spec 3, implementation notes).
 *
 * Variable time (the batch is for public data): the scalar inversion is the
 * binary GCD.
 */
#include "core/tmpl.h"
#include "goldilocks/gl.h"
#include "hemera/batch_internal.h"
#include "hemera/rounds_tmpl.h"

#define HB_VMAX (64 / V_LANES)
/* 1: a single state of another profile is padded to one vector group too,
 * instead of going to the portable kernel, which a module can then leave
 * out (the 2-lane SIMD128 kernel; padding 4 or 8 lanes costs more). */
#if !defined(HB_PAD_ONE)
#define HB_PAD_ONE 0
#endif
#if !defined(HB_STREAM_FENCE) /* after HB_STREAM's stores (x86: sfence) */
#define HB_STREAM_FENCE() _mm_sfence()
#endif

#include "hemera/batch_trace_tmpl.h"

/* ---- full rounds: the round pieces of rounds_tmpl.h --------------------- */

/* s <- M_E s (+ addc, the next round's constants, when not NULL), one
 * column of vectors (stride nv) at a time. */
ZKP_INLINE void hb_mds_ext(V *s, unsigned nv, const uint64_t *addc) {
    for (unsigned v = 0; v < nv; v++) hr_mat_ext(s + v, nv, addc);
}

/* Full-round S-box on every element; addc (the round constants, < p) added
 * first when not NULL: the nv vectors of one word at a time. */
ZKP_INLINE void hb_sbox_full(V *s, unsigned nv, const uint64_t *addc) {
    for (unsigned i = 0; i < 16; i++) {
        V c = addc ? V_SET1(addc[i]) : V_ZERO();
        hr_sbox_layer(s + i * nv, nv, addc ? &c : NULL, 0, 0);
    }
}

/* ---- partial rounds ------------------------------------------------------ */

/* Pending diagonal work: s_i <- d_i * s_i + S for i = 1..15, all vectors,
 * with the lazily summed halves of the results (for the next T). */
typedef struct hb_diag_work {
    V *s;
    const uint64_t *d;
    unsigned nv, next, total, i, v;
    V S[HB_VMAX];
    V L[HB_VMAX], H[HB_VMAX];
} hb_diag_work;

/* HB_WORK_INLINE: how the unit of work is compiled (default ZKP_INLINE;
 * out of line where code size counts: it is issued from several places). */
#if !defined(HB_WORK_INLINE)
#define HB_WORK_INLINE ZKP_INLINE
#endif
HB_WORK_INLINE void hb_work_step(hb_diag_work *w) {
    if (w->next >= w->total) return;
    w->next++;
    unsigned i = w->i, v = w->v;
    if (++w->v == w->nv) {
        w->v = 0;
        w->i++;
    }
    V r = V_MULADD(w->s[i * w->nv + v], V_SET1(w->d[i]), V_SET1(w->d[i] >> 32), w->S[v]);
    w->s[i * w->nv + v] = r;
    w->L[v] = V_ADD64(w->L[v], V_LO32(r));
    w->H[v] = V_ADD64(w->H[v], V_HI32(r));
}

ZKP_INLINE void hb_work_finish(hb_diag_work *w) {
    while (w->next < w->total) hb_work_step(w);
}

/* Scalar product with one unit of vector work issued next to it. */
ZKP_INLINE uint64_t hb_smul_w(uint64_t a, uint64_t b, hb_diag_work *w) {
    hb_work_step(w);
    return gl_mul(a, b);
}

/* y[v] = x[v]^-1 (0 -> 0) for nv vectors, sharing one inversion. */
ZKP_INLINE void hb_batch_inverse_v(const V *x, V *y, unsigned nv, hb_diag_work *w) {
    V m[HB_VMAX], P[HB_VMAX];
    V_MASK z[HB_VMAX];
    for (unsigned v = 0; v < nv; v++) {
        V c = V_CANON(x[v]);
        z[v] = V_EQ0(c);
        m[v] = V_ONE_IF(c, z[v]);
        P[v] = v ? V_MUL(P[v - 1], m[v]) : m[v];
        hb_work_step(w);
    }
    /* the V_LANES lane products of the last prefix: scalar Montgomery */
    uint64_t p[V_LANES] ZKP_ALIGN(64), pre[V_LANES];
    V_STORE(p, P[nv - 1]);
    uint64_t acc = p[0];
    pre[0] = acc;
    for (unsigned l = 1; l < V_LANES; l++) pre[l] = acc = hb_smul_w(acc, p[l], w);
    uint64_t inv = gl_inv_vartime(acc); /* binary GCD: lower latency, fewer scalar uops than a chain */
    for (unsigned l = V_LANES - 1; l > 0; l--) {
        uint64_t r = hb_smul_w(inv, pre[l - 1], w);
        inv = hb_smul_w(inv, p[l], w);
        p[l] = r;
    }
    p[0] = inv;
    V iv = V_LOAD(p);
    for (unsigned v = nv - 1; v > 0; v--) {
        y[v] = V_ZERO_IF(V_MUL(iv, P[v - 1]), z[v]);
        iv = V_MUL(iv, m[v]);
        hb_work_step(w);
    }
    y[0] = V_ZERO_IF(iv, z[0]);
}

/* With a trace (o): the S-box inputs and outputs of each round kept in sx,
 * sy and written as two 16-column blocks after the last round (one
 * transpose per block in row-major instead of 32 scattered columns); the
 * state row of round j once its diagonal work is done (during round j + 1,
 * or after the loop for the last), with word 0 kept in s meanwhile (word 0
 * is otherwise not read after the first round). The trace needs rp = 16. */
ZKP_INLINE void hb_partial_rounds(V *s, unsigned nv, const hemera_profile *pr, const hb_trace_out *o) {
    const unsigned rp = pr->rp;
    const uint64_t *d = pr->diag;
    const V d0l = V_SET1(d[0]), d0h = V_SET1(d[0] >> 32);
    hb_diag_work w;
    w.s = s;
    w.d = d;
    w.nv = nv;
    w.next = w.total = 0;
    w.i = 1;
    w.v = 0;
    for (unsigned v = 0; v < HB_VMAX; v++) w.S[v] = w.L[v] = w.H[v] = V_ZERO();
    V x[HB_VMAX], y[HB_VMAX], T[HB_VMAX];
    for (unsigned v = 0; v < nv; v++) {
        x[v] = V_ADD_1C(s[v], V_SET1(pr->rc_partial[0]));
        V L = V_LO32(s[nv + v]), H = V_HI32(s[nv + v]);
        for (unsigned i = 2; i < 16; i++) {
            L = V_ADD64(L, V_LO32(s[i * nv + v]));
            H = V_ADD64(H, V_HI32(s[i * nv + v]));
        }
        T[v] = V_RECOMBINE(L, H); /* 15 terms: halves < 2^36 */
    }
    V sx[16 * HB_VMAX], sy[16 * HB_VMAX];
    for (unsigned j = 0; j < rp; j++) {
        if (o)
            for (unsigned v = 0; v < nv; v++) sx[j * nv + v] = x[v];
        if (pr->partial_inverse) {
            hb_batch_inverse_v(x, y, nv, &w);
        } else { /* x^7 by the full rounds' S-box layer: one copy of that code */
            for (unsigned v = 0; v < nv; v++) y[v] = x[v];
            hr_sbox_layer(y, nv, NULL, 0, 0);
        }
        if (o)
            for (unsigned v = 0; v < nv; v++) sy[j * nv + v] = y[v];
        if (j > 0) {
            hb_work_finish(&w);
            if (o) hb_tr_state(o, s, nv, pr->rf_half + j); /* row of round j - 1 */
            for (unsigned v = 0; v < nv; v++) T[v] = V_RECOMBINE(w.L[v], w.H[v]); /* 15 terms */
        }
        for (unsigned v = 0; v < nv; v++) {
            V S = V_ADD(y[v], T[v]);
            V s0 = V_MULADD(y[v], d0l, d0h, S);
            if (o) s[v] = s0;
            x[v] = j + 1 < rp ? V_ADD_1C(s0, V_SET1(pr->rc_partial[j + 1])) : s0;
            w.S[v] = S;
            w.L[v] = V_ZERO();
            w.H[v] = V_ZERO();
        }
        w.next = 0;
        w.total = 15 * nv;
        w.i = 1;
        w.v = 0;
    }
    hb_work_finish(&w);
    for (unsigned v = 0; v < nv; v++) s[v] = x[v];
    if (o) {
        hb_tr_state(o, s, nv, pr->rf_half + rp);
        hb_tr_block(o, sx, nv, HB_TR_SBOX_IN(0));
        hb_tr_block(o, sy, nv, HB_TR_SBOX_OUT(0));
    }
}

#include "hemera/batch_tmpl.h"

/* L = nv * V_LANES AoS states into the SoA vectors s (buf: staging). */
ZKP_INLINE void hb_load_group(V *s, uint64_t *buf, const uint64_t (*st)[16], unsigned nv) {
    const unsigned L = nv * V_LANES;
    for (unsigned l = 0; l < L; l++)
        for (unsigned i = 0; i < 16; i++) buf[i * L + l] = st[l][i];
    for (unsigned k = 0; k < 16 * nv; k++) s[k] = V_LOAD(buf + V_LANES * k);
}

/* One group of L = nv * V_LANES states (AoS in/out). */
ZKP_INLINE void hb_permute_group(uint64_t (*st)[16], unsigned nv, const hemera_profile *pr) {
    const unsigned L = nv * V_LANES;
    uint64_t buf[16 * 64] ZKP_ALIGN(64);
    V s[16 * HB_VMAX];
    hb_load_group(s, buf, (const uint64_t(*)[16])st, nv);
    hb_permute_soa(s, nv, pr);
    for (unsigned k = 0; k < 16 * nv; k++) V_STORE(buf + V_LANES * k, s[k]);
    for (unsigned l = 0; l < L; l++)
        for (unsigned i = 0; i < 16; i++) st[l][i] = buf[i * L + l];
}

static void hb_group_v1(uint64_t (*st)[16], const hemera_profile *pr) { hb_permute_group(st, 1, pr); }
static void hb_group_v2(uint64_t (*st)[16], const hemera_profile *pr) { hb_permute_group(st, 2, pr); }
static void hb_group_v4(uint64_t (*st)[16], const hemera_profile *pr) { hb_permute_group(st, 4, pr); }
static void hb_group_v8(uint64_t (*st)[16], const hemera_profile *pr) { hb_permute_group(st, 8, pr); }
#if HB_VMAX >= 16
static void hb_group_v16(uint64_t (*st)[16], const hemera_profile *pr) { hb_permute_group(st, 16, pr); }
#endif

/* Any n <= 64: groups of 64/32/16/8 lanes (whole vectors, powers of two);
 * a tail of fewer than V_LANES states: up to three states of the live
 * profile go to the single permutation (zkpi_hb_try_single), otherwise the
 * tail is padded to one vector (cheaper than the scalar interleave); a
 * single state of another profile goes to the portable kernel (padded
 * with HB_PAD_ONE). */
void TMPL_NAME(zkpi_hb_permute)(uint64_t (*states)[16], unsigned n, const hemera_profile *pr) {
    ZKPI_HEMERA_TABLES(); /* derived on first use in the JS package's module (params.h) */
    while (n >= V_LANES) {
        unsigned nv = n / V_LANES;
        nv = nv >= 16 ? 16 : nv >= 8 ? 8 : nv >= 4 ? 4 : nv >= 2 ? 2 : 1;
#if HB_VMAX >= 16
        if (nv == 16) hb_group_v16(states, pr);
        else
#else
        if (nv == 16) nv = 8;
#endif
        if (nv == 8) hb_group_v8(states, pr);
        else if (nv == 4) hb_group_v4(states, pr);
        else if (nv == 2) hb_group_v2(states, pr);
        else hb_group_v1(states, pr);
        states += nv * V_LANES;
        n -= nv * V_LANES;
    }
    if (n && n <= 3 && zkpi_hb_try_single(states, n, pr)) return;
    if (n >= 2 || (HB_PAD_ONE && n)) {
        uint64_t pad[V_LANES][16];
        for (unsigned l = 0; l < V_LANES; l++)
            for (unsigned i = 0; i < 16; i++) pad[l][i] = states[l < n ? l : 0][i];
        hb_group_v1(pad, pr);
        for (unsigned l = 0; l < n; l++)
            for (unsigned i = 0; i < 16; i++) states[l][i] = pad[l][i];
    } else if (n) {
        zkpi_hb_permute_portable(states, n, pr);
    }
}

/* ---- witness rows (zkp_hemera_trace_batch) --------------------------------- */

#if !ZKP_HEMERA_PERMUTE_ONLY /* not in the tables then (batch.c) */
/* One group of nv * V_LANES states, traced into o (states not modified). */
ZKP_INLINE void hb_trace_group(const uint64_t (*st)[16], unsigned nv, const hb_trace_out *o) {
    uint64_t buf[16 * 64] ZKP_ALIGN(64);
    V s[16 * HB_VMAX];
    hb_load_group(s, buf, st, nv);
    hb_trace_soa(s, nv, &zkpi_hemera_profile_default, o);
}

static void hb_trace_v1(const uint64_t (*st)[16], const hb_trace_out *o) { hb_trace_group(st, 1, o); }
static void hb_trace_v2(const uint64_t (*st)[16], const hb_trace_out *o) { hb_trace_group(st, 2, o); }
static void hb_trace_v4(const uint64_t (*st)[16], const hb_trace_out *o) { hb_trace_group(st, 4, o); }
static void hb_trace_v8(const uint64_t (*st)[16], const hb_trace_out *o) { hb_trace_group(st, 8, o); }

/* Any n <= 64: groups of 8 vectors at most (one group's trace staging and
 * state stay in L1), then whole vectors; a tail of fewer than V_LANES
 * states goes to the portable kernel (no padded lanes to write). */
void TMPL_NAME(zkpi_hb_trace)(const uint64_t (*states)[16], unsigned n, const hb_trace_out *o) {
    hb_trace_out g = *o;
    while (n >= V_LANES) {
        unsigned nv = n / V_LANES;
        nv = nv >= 8 ? 8 : nv >= 4 ? 4 : nv >= 2 ? 2 : 1;
        if (nv == 8) hb_trace_v8(states, &g);
        else if (nv == 4) hb_trace_v4(states, &g);
        else if (nv == 2) hb_trace_v2(states, &g);
        else hb_trace_v1(states, &g);
        states += nv * V_LANES;
        g.base += nv * V_LANES * g.sp;
        n -= nv * V_LANES;
    }
    if (n) zkpi_hb_trace_portable(states, n, &g);
    if (o->stream) HB_STREAM_FENCE(); /* streamed stores are visible before the call returns */
}
#endif
