/*
 * Template: the round schedule of a batched Hemera kernel and its per-phase
 * benchmark entry, written once over the kernel's own layers. Included last
 * by batch_portable.c (scalar lanes) and by batch_simd_tmpl.h (vectors).
 * Convention: docs/internals.md.
 *
 * Parameters, defined by the including file:
 *   TMPL_SUFFIX        kernel name suffix (required). Defines
 *                      zkpi_hb_phase_<suffix> (batch_internal.h).
 *   V, V_LANES         the element the layers work on (uint64_t and 1 for the
 *                      scalar kernel, a Goldilocks vector otherwise) and its
 *                      lane count; a group of n elements per state word.
 *   V_LOAD(p), V_STORE(p, v), V_CANON(x)   load / store V_LANES words, the
 *                      canonical form
 *   the layer hooks, on s[16 * n] (word i of the group at s[i * n .. i * n + n)):
 *     hb_mds_ext(V *s, unsigned n, const uint64_t *addc)
 *                      M_E, then + addc[i] on word i when addc is not NULL
 *                      (the next full round's constants, all < p)
 *     hb_sbox_full(V *s, unsigned n, const uint64_t *addc)
 *                      + addc[i] first when addc is not NULL, then x^7 on
 *                      every word
 *     hb_partial_rounds(V *s, unsigned n, const hemera_profile *pr, const hb_trace_out *o)
 *                      all pr->rp partial rounds (S-box on word 0, M_I);
 *                      with o, partial round j's S-box input and output
 *                      columns and its state row 1 + rf_half + j
 *                      (batch_trace_tmpl.h)
 *   Inputs of every hook any u64, outputs any u64.
 */
#include "core/tmpl.h"
#include "hemera/batch_internal.h"

/* The permutation of a group in SoA order (spec 3): M_E, rf_half full
 * rounds, the partial rounds, rf_half full rounds, canonical output. The
 * constants of every full round but the first after the partial rounds are
 * folded into the M_E before it. */
ZKP_INLINE void hb_permute_soa(V *s, unsigned n, const hemera_profile *pr) {
    const unsigned R = pr->rf_half;
    const uint64_t *rc = pr->rc_full;
    hb_mds_ext(s, n, rc);
    for (unsigned r = 0;; r++) {
        if (r == R && pr->rp) hb_partial_rounds(s, n, pr, NULL);
        if (r == 2 * R) break;
        hb_sbox_full(s, n, r == R ? rc + 16 * r : NULL);
        hb_mds_ext(s, n, r + 1 < 2 * R && r + 1 != R ? rc + 16 * (r + 1) : NULL);
    }
    for (unsigned i = 0; i < 16 * n; i++) s[i] = V_CANON(s[i]);
}

/* The traced schedule (zkp_hemera_trace_batch): the same rounds without
 * the constants folded into M_E, so the state rows are recorded as they
 * are; the group's states are not written back. */
ZKP_INLINE void hb_trace_soa(V *s, unsigned n, const hemera_profile *pr, const hb_trace_out *o) {
    const unsigned R = pr->rf_half;
    unsigned row = 0;
    hb_mds_ext(s, n, NULL);
    hb_tr_state(o, s, n, row++);
    for (unsigned r = 0; r < 2 * R; r++) {
        if (r == R) {
            hb_partial_rounds(s, n, pr, o);
            row += pr->rp;
        }
        hb_sbox_full(s, n, pr->rc_full + 16 * r);
        hb_mds_ext(s, n, NULL);
        hb_tr_state(o, s, n, row++);
    }
}

/* Per-phase benchmark entry: one phase kind over a 16-lane SoA block (word
 * i of lane l at soa16[16 i + l]), with the round counts of a whole
 * permutation: which = 0 the full-round S-boxes, 1 the partial rounds,
 * 2 the M_E layers. */
#if !ZKP_HEMERA_PERMUTE_ONLY /* not in the tables then (batch.c) */
void TMPL_NAME(zkpi_hb_phase)(uint64_t *soa16, int which, const hemera_profile *pr) {
    enum { NV = 16 / V_LANES };
    V s[16 * NV];
    for (unsigned k = 0; k < 16 * NV; k++) s[k] = V_LOAD(soa16 + V_LANES * k);
    const unsigned R = pr->rf_half;
    if (which == 0) {
        for (unsigned r = 0; r < 2 * R; r++) hb_sbox_full(s, NV, pr->rc_full + 16 * r);
    } else if (which == 1) {
        hb_partial_rounds(s, NV, pr, NULL);
    } else {
        for (unsigned r = 0; r < 2 * R + 1; r++) hb_mds_ext(s, NV, NULL);
    }
    for (unsigned k = 0; k < 16 * NV; k++) V_STORE(soa16 + V_LANES * k, s[k]);
}
#endif
