/*
 * Template: where a batched kernel writes the witness matrix of
 * zkp_hemera_trace_batch (hemera.h; the columns: docs/hemera.md, "Traces").
 * Included by batch_portable.c (V = uint64_t) and batch_simd_tmpl.h
 * (vectors) before their layers, which call these at the round boundaries
 * when their trace argument is not NULL (NULL in the untraced kernels: a
 * constant after inlining, so those compile as before).
 *
 * Parameters: V, V_LANES, V_STORE (aligned), V_STOREU, V_CANON.
 *
 * Element (lane l of the group, column c) goes to base[l * sp + c * sc]:
 * row-major sp = ZKP_HEMERA_TRACE_COLS, sc = 1; column-major sp = 1,
 * sc = n. Column-major stores whole vectors (the lanes are consecutive);
 * row-major goes through a small staging block and writes each lane's 16
 * limbs of a row consecutively.
 */
#include <stddef.h>

#include "hemera/batch_internal.h"

/* One state (16 words of nv vectors, word i at s[i * stride + v]) as the 16
 * columns 16 * row .. 16 * row + 15, canonical. */
ZKP_INLINE void hb_tr_state(const hb_trace_out *o, const V *s, unsigned nv, unsigned row) {
    const unsigned c0 = HB_TR_STATE_COLS(row);
    if (o->sp == 1) {
        for (unsigned i = 0; i < 16; i++)
            for (unsigned v = 0; v < nv; v++) V_STOREU(o->base + (c0 + i) * o->sc + v * V_LANES, V_CANON(s[i * nv + v]));
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

/* One column (nv vectors, one word per lane), canonical. */
ZKP_INLINE void hb_tr_col(const hb_trace_out *o, const V *x, unsigned nv, unsigned col) {
    if (o->sp == 1) {
        for (unsigned v = 0; v < nv; v++) V_STOREU(o->base + col * o->sc + v * V_LANES, V_CANON(x[v]));
        return;
    }
    uint64_t tmp[HB_MAX_LANES] ZKP_ALIGN(64);
    for (unsigned v = 0; v < nv; v++) V_STORE(tmp + v * V_LANES, V_CANON(x[v]));
    for (unsigned l = 0; l < nv * V_LANES; l++) o->base[l * o->sp + col * o->sc] = tmp[l];
}
