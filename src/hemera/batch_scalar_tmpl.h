/*
 * Template: the scalar batched Hemera permutation, L independent states
 * interleaved in structure-of-arrays order (scalar instruction-level
 * parallelism: L independent multiply chains), one shared field inversion
 * per partial round (Montgomery's trick). The layers are here; the round
 * schedule is batch_tmpl.h. Instantiated by batch_portable.c (plain C) and
 * batch_aarch64.c (gl.h's reduction in aarch64 asm, goldilocks/
 * gl_aarch64.h). Convention: docs/internals.md.
 *
 * Parameters, defined by the including file:
 *   TMPL_SUFFIX   kernel name suffix (required). Defines
 *                 zkpi_hb_permute_<suffix>, zkpi_hb_trace_<suffix> and
 *                 zkpi_hb_phase_<suffix> (batch_internal.h).
 *   HB_GROUP      the widest lane group, 8 or 16 (default 16): n states go
 *                 in groups of HB_GROUP, then 8, 4, 2, 1 for the tail.
 *   HB_STAGED     1: the full-round S-boxes and M_I stage by stage across
 *                 the lanes (hb_sbox_full, partial_round below); 0
 *                 (default): lane by lane.
 *
 * Bounds used for lazy reduction (spec 2.2): every output of M_E is a sum of
 * u64 representatives with coefficients summing to 35; summed as 32-bit
 * halves (plus one round constant folded in) each half stays below
 * 36 * 2^32 and one gl_recombine reduces it. In M_I, d[i]*s[i] + S fits a
 * u128 (gl_muladd), and the 16-term sum S a u128 with a high word < 16.
 */
#include "core/tmpl.h"
#include "goldilocks/gl.h"
#include "hemera/batch_internal.h"

#if !defined(HB_STAGED)
#define HB_STAGED 0
#endif
#if !defined(HB_GROUP)
#define HB_GROUP 16 /* lanes per interleaved group in this kernel */
#endif
#if HB_GROUP != 8 && HB_GROUP != 16
#error "HB_GROUP must be 8 or 16"
#endif

/* In place: x[i] <- x[i]^-1 (0 -> 0) for i < n, with one field inversion
 * (Montgomery's trick). Zero lanes are 1 in the product and 0 in the
 * result. */
static void hb_batch_inverse(uint64_t *x, unsigned n) {
    uint64_t pre[64], m[64];
    uint64_t zmask = 0;
    uint64_t acc = 1;
    /* Two interleaved prefix chains (even / odd lanes) halve the serial
     * latency of the product and of the back-substitution. */
    uint64_t acc2 = 1;
    for (unsigned i = 0; i < n; i++) {
        uint64_t c = gl_canon(x[i]);
        uint64_t z = c == 0;
        zmask |= z << i;
        m[i] = z ? 1 : c;
        if (i & 1) pre[i] = acc2 = gl_mul(acc2, m[i]);
        else pre[i] = acc = gl_mul(acc, m[i]);
    }
    /* one inversion: the binary GCD gl_inv_vartime (variable time, public data;
     * about 3x lower latency than the 72-product chain) */
    uint64_t inv = gl_inv_vartime(gl_mul(acc, acc2));
    /* inv_even = inv * acc2, inv_odd = inv * acc: inverses of each chain. */
    uint64_t ie = gl_mul(inv, acc2), io = gl_mul(inv, acc);
    unsigned last = n - 1;
    for (unsigned k = 0; k <= last; k++) {
        unsigned i = last - k;
        uint64_t *chain = (i & 1) ? &io : &ie;
        uint64_t r = i >= 2 ? gl_mul(*chain, pre[i - 2]) : *chain;
        if (i >= 2) *chain = gl_mul(*chain, m[i]);
        x[i] = (zmask >> i) & 1 ? 0 : r;
    }
}

/* ---- SoA rounds (L lanes; inlined with L constant) --------------------- */

/* The layers work on scalar words: the templates' element type, one lane. */
#include "goldilocks/gl_lane1.h"
#include "hemera/batch_trace_tmpl.h"
#if HB_STAGED
#include "hemera/rounds_tmpl.h"
#endif

/* s <- M_E s (+ addc, the next round's constants, when not NULL), on
 * 32-bit halves: each output half is a sum of input halves with
 * coefficients summing to 35 (< 36 * 2^32 with a constant folded in), then
 * lo + hi * 2^32 is reduced once. Plain u64 adds with the lane loop
 * innermost (no u128 temporaries, which GCC spills), and the compiler may
 * vectorise it with baseline SIMD. */
ZKP_INLINE void hb_mds_ext(uint64_t *s, unsigned L, const uint64_t *addc) {
    uint64_t yl[16][16], yh[16][16]; /* L <= 16 (the phase entry runs 16 lanes) */
    for (unsigned c = 0; c < 4; c++)
        for (unsigned l = 0; l < L; l++) {
            const uint64_t *x = s + 4 * c * L + l;
            uint64_t x0 = x[0], x1 = x[L], x2 = x[2 * L], x3 = x[3 * L];
            uint64_t a0 = x0 & GL_E, a1 = x1 & GL_E, a2 = x2 & GL_E, a3 = x3 & GL_E;
            uint64_t b0 = x0 >> 32, b1 = x1 >> 32, b2 = x2 >> 32, b3 = x3 >> 32;
            uint64_t s01 = a0 + a1, s23 = a2 + a3, t = s01 + s23, u = t + a1, w = t + a3;
            yl[4 * c][l] = u + s01;
            yl[4 * c + 1][l] = u + 2 * a2;
            yl[4 * c + 2][l] = w + s23;
            yl[4 * c + 3][l] = w + 2 * a0;
            s01 = b0 + b1, s23 = b2 + b3, t = s01 + s23, u = t + b1, w = t + b3;
            yh[4 * c][l] = u + s01;
            yh[4 * c + 1][l] = u + 2 * b2;
            yh[4 * c + 2][l] = w + s23;
            yh[4 * c + 3][l] = w + 2 * b0;
        }
    for (unsigned k = 0; k < 4; k++)
        for (unsigned l = 0; l < L; l++) {
            uint64_t tl = yl[k][l] + yl[4 + k][l] + yl[8 + k][l] + yl[12 + k][l];
            uint64_t th = yh[k][l] + yh[4 + k][l] + yh[8 + k][l] + yh[12 + k][l];
            for (unsigned c = 0; c < 4; c++) {
                unsigned i = 4 * c + k;
                uint64_t ol = yl[i][l] + tl, oh = yh[i][l] + th;
                if (addc) {
                    ol += addc[i] & GL_E;
                    oh += addc[i] >> 32;
                }
                ZKP_VERIFY_CHECK(ol < 36 * GL_E && oh < 36 * GL_E, "mds_ext half sums < 36 2^32");
                s[i * L + l] = gl_recombine(ol, oh);
            }
        }
}

/* Full-round S-box on every element (constants added first when addc). */
#if HB_STAGED
/* Stage by stage across the L lanes of a word (all adds, all x^2, all x^3,
 * ...: rounds_tmpl.h's S-box layer with one constant per word): the L
 * multiply chains are interleaved in program order, so an in-order window
 * sees them side by side instead of one x^7 chain after another. */
ZKP_INLINE void hb_sbox_full(uint64_t *s, unsigned L, const uint64_t *addc) {
    for (unsigned i = 0; i < 16; i++) hr_sbox_layer(s + i * L, L, addc ? addc + i : NULL, 0, 0);
}
#else
ZKP_INLINE void hb_sbox_full(uint64_t *s, unsigned L, const uint64_t *addc) {
    for (unsigned i = 0; i < 16; i++)
        for (unsigned l = 0; l < L; l++) {
            uint64_t x = s[i * L + l];
            if (addc) x = gl_add_1c(x, addc[i]); /* round constants < p */
            s[i * L + l] = gl_pow7(x);
        }
}
#endif

/* With o: the S-box input and output columns of round j and its state
 * row (row). */
ZKP_INLINE void partial_round(uint64_t *s, unsigned L, uint64_t rc, int inverse, const uint64_t *d,
                              const hb_trace_out *o, unsigned j, unsigned row) {
#if ZKP_HAVE_U128 && !HB_STAGED
    typedef unsigned __int128 u128;
#endif
    uint64_t x[HB_MAX_LANES];
    for (unsigned l = 0; l < L; l++) x[l] = gl_add_1c(s[l], rc); /* rc < p */
    if (o) hb_tr_col(o, x, L, HB_TR_SBOX_IN(j));
    if (inverse) hb_batch_inverse(x, L);
    else
        for (unsigned l = 0; l < L; l++) x[l] = gl_pow7(x[l]);
    if (o) hb_tr_col(o, x, L, HB_TR_SBOX_OUT(j));
#if HB_STAGED
    /* M_I word by word across the lanes: the L sums as two-word lazy sums
     * (gl.h's gl_w), then each word's L independent products. */
    gl_w sum[16];
    for (unsigned l = 0; l < L; l++) sum[l] = gl_w_from(x[l]);
    for (unsigned i = 1; i < 16; i++)
        for (unsigned l = 0; l < L; l++) sum[l] = gl_w_add64(sum[l], s[i * L + l]);
    uint64_t S[16];
    for (unsigned l = 0; l < L; l++) {
        ZKP_VERIFY_CHECK(sum[l].hi < 16, "partial_round M_I sum of 16 lanes < 16 2^64");
        S[l] = gl_w_reduce_small(sum[l]);
    }
    for (unsigned l = 0; l < L; l++) s[l] = gl_muladd(d[0], x[l], S[l]);
    for (unsigned i = 1; i < 16; i++)
        for (unsigned l = 0; l < L; l++) s[i * L + l] = gl_muladd(d[i], s[i * L + l], S[l]);
#else
    for (unsigned l = 0; l < L; l++) {
#if ZKP_HAVE_U128
        u128 sum = x[l];
        for (unsigned i = 1; i < 16; i++) sum += s[i * L + l];
        ZKP_VERIFY_CHECK((sum >> 64) < 16, "partial_round M_I sum of 16 lanes < 16 2^64");
        uint64_t S = gl_reduce_small((uint64_t)sum, (uint64_t)(sum >> 64));
#else /* two words (gl.h's lazy sums) where there is no __int128 */
        gl_w sum = gl_w_from(x[l]);
        for (unsigned i = 1; i < 16; i++) sum = gl_w_add64(sum, s[i * L + l]);
        ZKP_VERIFY_CHECK(sum.hi < 16, "partial_round M_I sum of 16 lanes < 16 2^64");
        uint64_t S = gl_w_reduce_small(sum);
#endif
        s[l] = gl_muladd(d[0], x[l], S);
        for (unsigned i = 1; i < 16; i++) s[i * L + l] = gl_muladd(d[i], s[i * L + l], S);
    }
#endif
    if (o) hb_tr_state(o, s, L, row);
}

ZKP_INLINE void hb_partial_rounds(uint64_t *s, unsigned L, const hemera_profile *pr, const hb_trace_out *o) {
    for (unsigned j = 0; j < pr->rp; j++)
        partial_round(s, L, pr->rc_partial[j], pr->partial_inverse, pr->diag, o, j, 1 + pr->rf_half + j);
}

/* The round schedule and the per-phase entry zkpi_hb_phase_<suffix>, over
 * the layers above on scalar words (16 lanes per phase block). */
#include "hemera/batch_tmpl.h"

static void permute_group(uint64_t (*st)[16], unsigned L, const hemera_profile *pr) {
    uint64_t s[16 * HB_MAX_LANES];
    for (unsigned l = 0; l < L; l++)
        for (unsigned i = 0; i < 16; i++) s[i * L + l] = st[l][i];
    switch (L) {
#if HB_GROUP == 16
    case 16: hb_permute_soa(s, 16, pr); break;
#endif
    case 8: hb_permute_soa(s, 8, pr); break;
    case 4: hb_permute_soa(s, 4, pr); break;
    case 2: hb_permute_soa(s, 2, pr); break;
    default: hb_permute_soa(s, 1, pr); break;
    }
    for (unsigned l = 0; l < L; l++)
        for (unsigned i = 0; i < 16; i++) st[l][i] = s[i * L + l];
}

void TMPL_NAME(zkpi_hb_permute)(uint64_t (*states)[16], unsigned n, const hemera_profile *pr) {
    ZKPI_HEMERA_TABLES();
    while (n) {
        unsigned L = n >= HB_GROUP ? HB_GROUP : n >= 8 ? 8 : n >= 4 ? 4 : n >= 2 ? 2 : 1;
        if (L > 2 || !zkpi_hb_try_single(states, L, pr)) permute_group(states, L, pr); /* 1-2 lanes: singles are faster */
        states += L;
        n -= L;
    }
}

/* Witness rows of n <= 64 states: groups of 16, 8, 4, 2 or 1 lanes. */
static void trace_group(const uint64_t (*st)[16], unsigned L, const hb_trace_out *o) {
    uint64_t s[16 * 16];
    for (unsigned l = 0; l < L; l++)
        for (unsigned i = 0; i < 16; i++) s[i * L + l] = st[l][i];
    const hemera_profile *pr = &zkpi_hemera_profile_default;
    switch (L) {
#if HB_GROUP == 16
    case 16: hb_trace_soa(s, 16, pr, o); break;
#endif
    case 8: hb_trace_soa(s, 8, pr, o); break;
    case 4: hb_trace_soa(s, 4, pr, o); break;
    case 2: hb_trace_soa(s, 2, pr, o); break;
    default: hb_trace_soa(s, 1, pr, o); break;
    }
}

void TMPL_NAME(zkpi_hb_trace)(const uint64_t (*states)[16], unsigned n, const hb_trace_out *o) {
    hb_trace_out g = *o;
    while (n) {
        unsigned L = n >= HB_GROUP ? HB_GROUP : n >= 8 ? 8 : n >= 4 ? 4 : n >= 2 ? 2 : 1;
        trace_group(states, L, &g);
        states += L;
        g.base += L * g.sp;
        n -= L;
    }
}
