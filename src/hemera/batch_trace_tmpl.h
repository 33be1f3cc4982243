/*
 * Template: where a batched kernel writes the witness matrix of
 * zkp_hemera_trace_batch (hemera.h; the columns: docs/hemera.md, "Traces").
 * Included by batch_portable.c (V = uint64_t) and batch_simd_tmpl.h
 * (vectors) before their layers, which call these at the round boundaries
 * when their trace argument is not NULL (NULL in the untraced kernels: a
 * constant after inlining, so those compile as before).
 *
 * Parameters: V, V_LANES, V_STORE (aligned), V_STOREU, V_CANON; optional
 * HB_HAVE_TRANSPOSE 1 with hb_transpose(V r[V_LANES]) (r[k] = word k of the
 * lanes -> r[l] = V_LANES consecutive words of lane l), which row-major
 * states then use instead of the staging block.
 *
 * Element (lane l of the group, column c) goes to base[l * sp + c * sc]:
 * row-major sp = ZKP_HEMERA_TRACE_COLS, sc = 1; column-major sp = 1,
 * sc = n. Column-major stores whole vectors (the lanes are consecutive);
 * row-major goes through a small staging block and writes each lane's 16
 * limbs of a row consecutively.
 */
#include <stddef.h>

#include "hemera/batch_internal.h"

#if !defined(HB_HAVE_TRANSPOSE)
#define HB_HAVE_TRANSPOSE 0
#endif
#if !defined(HB_STREAM)
#define HB_STREAM V_STOREU
#endif

/* A whole vector to the matrix: streamed when asked for and aligned. */
ZKP_INLINE void hb_tr_put(const hb_trace_out *o, uint64_t *d, V v) {
    if (o->stream && ((uintptr_t)d & (sizeof(V) - 1)) == 0) HB_STREAM(d, v);
    else V_STOREU(d, v);
}

/* 16 words of nv vectors (word i at s[i * nv + v]) as the 16 columns
 * c0 .. c0 + 15, canonical: a state row, or the 16 S-box inputs or outputs. */
ZKP_INLINE void hb_tr_block(const hb_trace_out *o, const V *s, unsigned nv, unsigned c0) {
#if HB_HAVE_TRANSPOSE
    if (o->sc == 1) { /* row-major: each lane's 16 words, V_LANES at a time */
        for (unsigned v = 0; v < nv; v++)
            for (unsigned b = 0; b < 16; b += V_LANES) {
                V r[V_LANES];
                for (unsigned k = 0; k < V_LANES; k++) r[k] = V_CANON(s[(b + k) * nv + v]);
                hb_transpose(r);
                for (unsigned l = 0; l < V_LANES; l++) hb_tr_put(o, o->base + (v * V_LANES + l) * o->sp + c0 + b, r[l]);
            }
        return;
    }
#endif
    if (o->sp == 1) {
        for (unsigned i = 0; i < 16; i++)
            for (unsigned v = 0; v < nv; v++) hb_tr_put(o, o->base + (c0 + i) * o->sc + v * V_LANES, V_CANON(s[i * nv + v]));
        return;
    }
    uint64_t tmp[16][HB_MAX_LANES] ZKP_ALIGN(64);
    for (unsigned i = 0; i < 16; i++)
        for (unsigned v = 0; v < nv; v++) V_STORE(tmp[i] + v * V_LANES, V_CANON(s[i * nv + v]));
    for (unsigned l = 0; l < nv * V_LANES; l++) {
        uint64_t *dst = o->base + l * o->sp + c0 * o->sc;
        for (unsigned i = 0; i < 16; i++) dst[i * o->sc] = tmp[i][l];
    }
}

/* State row `row` (after M_E, after round row - 1). */
ZKP_INLINE void hb_tr_state(const hb_trace_out *o, const V *s, unsigned nv, unsigned row) {
    hb_tr_block(o, s, nv, HB_TR_STATE_COLS(row));
}

/* One column (nv vectors, one word per lane), canonical. */
ZKP_INLINE void hb_tr_col(const hb_trace_out *o, const V *x, unsigned nv, unsigned col) {
    if (o->sp == 1) {
        for (unsigned v = 0; v < nv; v++) hb_tr_put(o, o->base + col * o->sc + v * V_LANES, V_CANON(x[v]));
        return;
    }
    uint64_t tmp[HB_MAX_LANES] ZKP_ALIGN(64);
    for (unsigned v = 0; v < nv; v++) V_STORE(tmp + v * V_LANES, V_CANON(x[v]));
    for (unsigned l = 0; l < nv * V_LANES; l++) o->base[l * o->sp + col * o->sc] = tmp[l];
}
