/*
 * Portable batched Hemera permutation: L independent states interleaved in
 * structure-of-arrays order (scalar instruction-level parallelism), one
 * shared field inversion per partial round (Montgomery's trick).
 *
 * Bounds used for lazy reduction (spec 2.2): every output of M_E is a sum of
 * u64 representatives with coefficients summing to 35, so a u128 accumulator
 * (plus one u64 round constant folded in) stays below 36 * 2^64 and needs
 * one short reduction. In M_I, d[i]*s[i] + S fits a u128 as well.
 */
#include "hemera/batch_internal.h"
#include "hemera/gl.h"

#define HB_GROUP 16 /* lanes per interleaved group in this kernel */

/* (hi*2^64 + lo) with hi < 2^32: lo + hi*E, one conditional correction. */
ZKP_INLINE uint64_t hb_reduce_small(uint64_t lo, uint64_t hi) {
    ZKP_VERIFY_CHECK(hi >> 32 == 0, "hb_reduce_small hi < 2^32");
    uint64_t m = (hi << 32) - hi, r;
    uint64_t c = __builtin_add_overflow(lo, m, &r);
    return r + ((0 - c) & HB_E); /* wrapped value < m < 2^64 - E: no second wrap */
}

void zkpi_hb_batch_inverse(uint64_t *x, unsigned n) {
    uint64_t pre[64], m[64];
    uint64_t zmask = 0;
    uint64_t acc = 1;
    /* Two interleaved prefix chains (even / odd lanes) halve the serial
     * latency of the product and of the back-substitution. */
    uint64_t acc2 = 1;
    for (unsigned i = 0; i < n; i++) {
        uint64_t c = hb_canon(x[i]);
        uint64_t z = c == 0;
        zmask |= z << i;
        m[i] = z ? 1 : c;
        if (i & 1) pre[i] = acc2 = hb_mul(acc2, m[i]);
        else pre[i] = acc = hb_mul(acc, m[i]);
    }
    /* one inversion: the binary GCD gl_inv_vartime (variable time, public data;
     * about 3x lower latency than the 72-product chain) */
    uint64_t inv = gl_inv_vartime(hb_mul(acc, acc2));
    /* inv_even = inv * acc2, inv_odd = inv * acc: inverses of each chain. */
    uint64_t ie = hb_mul(inv, acc2), io = hb_mul(inv, acc);
    unsigned last = n - 1;
    for (unsigned k = 0; k <= last; k++) {
        unsigned i = last - k;
        uint64_t *chain = (i & 1) ? &io : &ie;
        uint64_t r = i >= 2 ? hb_mul(*chain, pre[i - 2]) : *chain;
        if (i >= 2) *chain = hb_mul(*chain, m[i]);
        x[i] = (zmask >> i) & 1 ? 0 : r;
    }
}

/* ---- SoA rounds (L lanes; inlined with L constant) --------------------- */

/* s <- M_E s (+ addc, the next round's constants, when not NULL), on
 * 32-bit halves: each output half is a sum of input halves with
 * coefficients summing to 35 (< 36 * 2^32 with a constant folded in), then
 * lo + hi * 2^32 is reduced once. Plain u64 adds with the lane loop
 * innermost (no u128 temporaries, which GCC spills), and the compiler may
 * vectorise it with baseline SIMD. */
ZKP_INLINE void mds_ext(uint64_t *s, unsigned L, const uint64_t *addc) {
    uint64_t yl[16][HB_GROUP], yh[16][HB_GROUP];
    for (unsigned c = 0; c < 4; c++)
        for (unsigned l = 0; l < L; l++) {
            const uint64_t *x = s + 4 * c * L + l;
            uint64_t x0 = x[0], x1 = x[L], x2 = x[2 * L], x3 = x[3 * L];
            uint64_t a0 = x0 & HB_E, a1 = x1 & HB_E, a2 = x2 & HB_E, a3 = x3 & HB_E;
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
                    ol += addc[i] & HB_E;
                    oh += addc[i] >> 32;
                }
                ZKP_VERIFY_CHECK(ol < 36 * HB_E && oh < 36 * HB_E, "mds_ext half sums < 36 2^32");
                /* ol + oh * 2^32 = ol + (oh mod 2^32) * 2^32 + (oh >> 32) * E */
                uint64_t u = ol + ((oh >> 32) << 32) - (oh >> 32); /* < 2^41 */
                ZKP_VERIFY_CHECK(u >> 41 == 0, "mds_ext recombination u < 2^41");
                uint64_t r = (oh << 32) + u;
                s[i * L + l] = r + ((0 - (uint64_t)(r < u)) & HB_E); /* wrapped r < u: no second wrap */
            }
        }
}

/* Full-round S-box on every element (constants added first when addc). */
ZKP_INLINE void sbox_full(uint64_t *s, unsigned L, const uint64_t *addc) {
    for (unsigned i = 0; i < 16; i++)
        for (unsigned l = 0; l < L; l++) {
            uint64_t x = s[i * L + l];
            if (addc) x = hb_add(x, addc[i]);
            s[i * L + l] = hb_pow7(x);
        }
}

ZKP_INLINE void partial_round(uint64_t *s, unsigned L, uint64_t rc, int inverse, const uint64_t *d) {
    typedef unsigned __int128 u128;
    uint64_t x[HB_MAX_LANES];
    for (unsigned l = 0; l < L; l++) x[l] = hb_add(s[l], rc);
    if (inverse) zkpi_hb_batch_inverse(x, L);
    else
        for (unsigned l = 0; l < L; l++) x[l] = hb_pow7(x[l]);
    for (unsigned l = 0; l < L; l++) {
        u128 sum = x[l];
        for (unsigned i = 1; i < 16; i++) sum += s[i * L + l];
        ZKP_VERIFY_CHECK((sum >> 64) < 16, "partial_round M_I sum of 16 lanes < 16 2^64");
        uint64_t S = hb_reduce_small((uint64_t)sum, (uint64_t)(sum >> 64));
        s[l] = hb_muladd(d[0], x[l], S);
        for (unsigned i = 1; i < 16; i++) s[i * L + l] = hb_muladd(d[i], s[i * L + l], S);
    }
}

ZKP_INLINE void permute_soa(uint64_t *s, unsigned L, const hemera_profile *pr) {
    const unsigned R = pr->rf_half;
    const uint64_t *rc = pr->rc_full;
    /* Each M_E folds in the constants of the full round that follows it. */
    mds_ext(s, L, rc);
    for (unsigned r = 0; r < R; r++) {
        sbox_full(s, L, NULL);
        mds_ext(s, L, r + 1 < R ? rc + 16 * (r + 1) : NULL);
    }
    for (unsigned j = 0; j < pr->rp; j++) partial_round(s, L, pr->rc_partial[j], pr->partial_inverse, pr->diag);
    for (unsigned r = R; r < 2 * R; r++) {
        sbox_full(s, L, r == R ? rc + 16 * r : NULL);
        mds_ext(s, L, r + 1 < 2 * R ? rc + 16 * (r + 1) : NULL);
    }
    for (unsigned i = 0; i < 16 * L; i++) {
        s[i] = hb_canon(s[i]);
        ZKP_VERIFY_CHECK(s[i] < HB_P, "batch permutation output < p");
    }
}

static void permute_group(uint64_t (*st)[16], unsigned L, const hemera_profile *pr) {
    uint64_t s[16 * HB_MAX_LANES];
    for (unsigned l = 0; l < L; l++)
        for (unsigned i = 0; i < 16; i++) s[i * L + l] = st[l][i];
    switch (L) {
    case 16: permute_soa(s, 16, pr); break;
    case 8: permute_soa(s, 8, pr); break;
    case 4: permute_soa(s, 4, pr); break;
    case 2: permute_soa(s, 2, pr); break;
    default: permute_soa(s, 1, pr); break;
    }
    for (unsigned l = 0; l < L; l++)
        for (unsigned i = 0; i < 16; i++) st[l][i] = s[i * L + l];
}

void zkpi_hb_permute_portable(uint64_t (*states)[16], unsigned n, const hemera_profile *pr) {
    while (n) {
        unsigned L = n >= 16 ? 16 : n >= 8 ? 8 : n >= 4 ? 4 : n >= 2 ? 2 : 1;
        if (L > 2 || !zkpi_hb_try_single(states, L, pr)) permute_group(states, L, pr); /* 1-2 lanes: singles are faster */
        states += L;
        n -= L;
    }
}

/* Per-phase benchmark entry: one phase kind over a 16-lane SoA block, with
 * the same round counts as a whole permutation. */
void zkpi_hb_phase_portable(uint64_t *s, int which, const hemera_profile *pr) {
    const unsigned R = pr->rf_half;
    if (which == 0) {
        for (unsigned r = 0; r < 2 * R; r++) sbox_full(s, 16, pr->rc_full + 16 * r);
    } else if (which == 1) {
        for (unsigned j = 0; j < pr->rp; j++) partial_round(s, 16, pr->rc_partial[j], pr->partial_inverse, pr->diag);
    } else {
        for (unsigned r = 0; r < 2 * R + 1; r++) mds_ext(s, 16, NULL);
    }
}
