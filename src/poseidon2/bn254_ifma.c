/*
 * Poseidon2 BN254 t = 4, AVX-512 IFMA batch kernel: eight states at once, one
 * per 64-bit lane of a zmm register, over the radix-2^52 layer of
 * bn254/fr52_ifma.h (five 52-bit limbs, one zmm per limb, Montgomery form with
 * R' = 2^260 -- not the scalar kernels' R = 2^256). States enter and leave as
 * canonical integers; the constants are the generated R-form tables
 * (constants.c) times 16 = R' / R, converted once (p2i_get_consts).
 *
 * Lazy reduction (e = p / 2^260 < 0.0118145; every Montgomery reduction of an
 * accumulator T returns (T + m p) / 2^260 < T / 2^260 + p, and a value v added
 * into T's high half comes out as + v). A multiplier operand only needs its
 * limbs below 2^52, i.e. a value below 2^260 = 84.6p, so the state runs far
 * above p and nothing is ever conditionally subtracted:
 *  - full rounds: for an S-box input x < 25p, x^2 < 25^2 e p + p < 8.4p, x^4 <
 *    1.84p, x^5 < 1.55p; M4 (entries summing to <= 16 per row) and the next
 *    round's constant are limb additions, then one carry pass. Through the
 *    rounds the inputs grow as 17.2p, 21.1p, 22.8p, 23.9p (first half; the
 *    entry leaves < 1.012p, M4 makes it 16.2p) and 4.8p (the partial
 *    rounds' output + constant), 18p, 21.4p, 23p (second half), the output of
 *    the fourth M4 below 23.8p: every S-box input and M4 output + constant is
 *    below 25p (checked);
 *  - partial rounds, state s0 + c < 25p, s_k < 25p in (k = 1..3), M_I = 1 1^T +
 *    diag(D): Y = x^4 s0 stays unreduced (< 1.84 25 e p^2 < 0.55p 2^260), the
 *    sum of the other lanes s1 + s2 + s3 (< 75p, still below 2^260) is reduced
 *    by one product with 1 (R' mod p) in the same accumulator as Y: S =
 *    REDC(Y + one (s1 + s2 + s3)) = x^5 + s1 + s2 + s3 < (0.55 + 75 e + 1)p <
 *    2.45p; then s_k' = REDC(D_k s_k + S 2^260) < (25 e + 2.45 + 1)p < 3.8p and
 *    s0' = REDC(D_0 x^5 + (S + c') 2^260) < (1.55 e + 2.45 + 2)p < 4.5p with
 *    the next round's constant c' folded in. So 25p holds through all R_P
 *    rounds (the steady state is about 3.2p and 2.2p);
 *  - leaving: the Montgomery reduction of the state itself (x / R', the
 *    product with 1 for free) is < 25 e p + p < 1.3p: one scalar conditional
 *    subtraction per element makes it canonical.
 * Accumulator columns stay far below 2^60: at most 3 products' ten terms of
 * < 2^52 each per column, plus the reduction's.
 * Constant time: no branch or index depends on the states.
 */
#include <string.h>

#include "bn254/fr52_ifma.h"
#include "core/once.h"
#include "poseidon2/bn254.h"
#include "poseidon2/params.h"

typedef zkpi_bn254_v8 v8;
typedef zkpi_bn254_v52 vfr;
typedef zkpi_bn254_fr52 fr52;
#define LANES ZKPI_BN254_LANES
#define P2I_UNROLL ZKPI_BN254_UNROLL

/* The R'-form constants: round constants, diagonal, 1 and the
 * entry factor R'^2 mod p (x -> x R' by one Montgomery product). */
typedef struct {
    fr52 rc[8 * 4 + ZKPI_P2_BN254_RP];
    fr52 diag[4];
    fr52 one;
    fr52 k_in;
} p2i_consts;

/* Verification build: every lane normalised (limbs below 2^52) and below
 * (num / den) p, which may exceed 2^256 here (the layer's own check stops
 * there). */
ZKP_VERIFY_HELPER int p2i_verify_lt(const vfr *x, uint64_t num, uint64_t den) {
    uint64_t b[5][LANES];
    for (int k = 0; k < 5; k++) _mm512_storeu_si512((void *)b[k], x->l[k]);
    for (unsigned j = 0; j < LANES; j++) {
        const uint64_t l[5] = {b[0][j], b[1][j], b[2][j], b[3][j], b[4][j]};
        if ((l[0] | l[1] | l[2] | l[3] | l[4]) >> 52) return 0;
        const uint64_t v[5] = {l[0] | (l[1] << 52), (l[1] >> 12) | (l[2] << 40), (l[2] >> 24) | (l[3] << 28),
                               (l[3] >> 36) | (l[4] << 16), l[4] >> 48};
        if (!zkpi_verify_lt_frac(v, 5, zkpi_bn254_p, 4, num, den)) return 0;
    }
    return 1;
}
/* the name scripts/verify-table.py lists (as in the circom IFMA kernel) */
#define V_CHECK_LT(x, k100, what) ZKP_VERIFY_CHECK(p2i_verify_lt((x), (k100), 100), what)

/* ---- constants ----------------------------------------------------------- */

static void p2i_split(fr52 *r, const uint64_t v[4]) {
    r->l[0] = v[0] & ZKPI_BN254_M52;
    r->l[1] = ((v[0] >> 52) | (v[1] << 12)) & ZKPI_BN254_M52;
    r->l[2] = ((v[1] >> 40) | (v[2] << 24)) & ZKPI_BN254_M52;
    r->l[3] = ((v[2] >> 28) | (v[3] << 36)) & ZKPI_BN254_M52;
    r->l[4] = v[3] >> 16;
}

/* r = x 2^k mod p for canonical x, in radix 2^52. */
static void p2i_shifted(fr52 *r, const zkpi_bn254_fr *x, int k) {
    zkpi_bn254_fr y = *x;
    for (int i = 0; i < k; i++) zkpi_bn254_add(&y, &y, &y);
    p2i_split(r, y.v);
}

static void p2i_consts_init(p2i_consts *K) {
    for (unsigned i = 0; i < 8 * 4 + ZKPI_P2_BN254_RP; i++) p2i_shifted(&K->rc[i], &zkpi_p2_rc_bn254[i], 4);
    for (unsigned i = 0; i < 4; i++) p2i_shifted(&K->diag[i], &zkpi_p2_diag_bn254[i], 4);
    /* 2^256 mod p = 2^256 - 5p (5p < 2^256 < 6p), then times 16 */
    zkpi_bn254_fr r = {{0}};
    uint64_t five_p[4] = {zkpi_bn254_4p[0], zkpi_bn254_4p[1], zkpi_bn254_4p[2], zkpi_bn254_4p[3]};
    zkpi_bn254_add_raw(five_p, zkpi_bn254_p);
    uint64_t carry = 1; /* -5p = ~5p + 1 mod 2^256 */
    for (int i = 0; i < 4; i++) {
        r.v[i] = ~five_p[i] + carry;
        carry = carry && r.v[i] == 0;
    }
    p2i_shifted(&K->one, &r, 4);
    p2i_shifted(&K->k_in, &zkpi_bn254_r2, 8); /* 2^512 2^8 = R'^2 mod p */
}

/* ---- vector helpers ------------------------------------------------------ */

ZKP_INLINE void p2i_add(vfr *r, const vfr *a, const vfr *b) {
    P2I_UNROLL
    for (int k = 0; k < 5; k++) r->l[k] = _mm512_add_epi64(a->l[k], b->l[k]);
}

ZKP_INLINE void p2i_add_c(vfr *r, const fr52 *c) {
    P2I_UNROLL
    for (int k = 0; k < 5; k++) r->l[k] = _mm512_add_epi64(r->l[k], ZKPI_BN254_BC(c->l[k]));
}

/* Carry pass: limbs below 2^63 in, normalised out (the value below 2^260 is
 * the caller's bound). */
ZKP_INLINE void p2i_norm(vfr *x) {
    const v8 mask = ZKPI_BN254_BC(ZKPI_BN254_M52);
    P2I_UNROLL
    for (int k = 0; k < 4; k++) {
        x->l[k + 1] = _mm512_add_epi64(x->l[k + 1], _mm512_srli_epi64(x->l[k], 52));
        x->l[k] = _mm512_and_si512(x->l[k], mask);
    }
}

/* T[5..9] += x: the reduction of T then returns ... + x. */
ZKP_INLINE void p2i_addhi(v8 T[10], const vfr *x) {
    P2I_UNROLL
    for (int k = 0; k < 5; k++) T[5 + k] = _mm512_add_epi64(T[5 + k], x->l[k]);
}

/* r = x^2 / R', lazily (the bounds in the file comment). */
ZKP_INLINE void p2i_sqr(vfr *r, const vfr *x) {
    v8 T[10];
    zkpi_bn254_v52_sqr(T, x);
    zkpi_bn254_v52_redc(r, T);
}

/* y = M4 x in limb additions, no reduction (bn254.h): limbs grow to below
 * 16 2^52. */
ZKP_INLINE void p2i_m4(vfr x[4]) { ZKPI_P2_BN254_M4(vfr, p2i_add, x); }

/* After M4: add the next round's constants (c: four, one for lane 0 only
 * when lane0_only, or none when NULL) and normalise. */
ZKP_INLINE void p2i_m4_then(vfr s[4], const fr52 *c, int lane0_only) {
    p2i_m4(s);
    for (int i = 0; i < 4; i++) {
        if (c && (i == 0 || !lane0_only)) p2i_add_c(&s[i], &c[i]);
        p2i_norm(&s[i]);
        V_CHECK_LT(&s[i], 2500, "p2 bn254 ifma: M4 output + constant < 25p");
    }
}

/* x^5 for an S-box input x < 25p: < 1.55p. */
ZKP_INLINE void p2i_pow5(vfr *x) {
    vfr x2, x4;
    v8 T[10];
    V_CHECK_LT(x, 2500, "p2 bn254 ifma: S-box input < 25p");
    p2i_sqr(&x2, x);
    V_CHECK_LT(&x2, 840, "p2 bn254 ifma: x^2 < 8.4p");
    p2i_sqr(&x4, &x2);
    zkpi_bn254_v52_zero(T);
    zkpi_bn254_v52_mac(T, &x4, x);
    zkpi_bn254_v52_redc(x, T);
    V_CHECK_LT(x, 155, "p2 bn254 ifma: x^5 < 1.55p");
}

/* One partial round (file comment): s0 holds s0 + c, the new s0 holds s0' +
 * cnext (cnext NULL: none). */
ZKP_INLINE void p2i_partial(vfr s[4], const p2i_consts *K, const fr52 *cnext) {
    v8 Y[10], A[10];
    vfr x2, x4, x5, sum, S;
    V_CHECK_LT(&s[0], 2500, "p2 bn254 ifma partial: s0 + c < 25p");
    for (int k = 1; k < 4; k++) V_CHECK_LT(&s[k], 2500, "p2 bn254 ifma partial: s_k < 25p");
    p2i_add(&sum, &s[1], &s[2]);
    p2i_add(&sum, &sum, &s[3]);
    p2i_norm(&sum); /* < 75p < 2^260 */
    p2i_sqr(&x2, &s[0]);
    p2i_sqr(&x4, &x2);
    zkpi_bn254_v52_zero(Y);
    zkpi_bn254_v52_mac(Y, &x4, &s[0]);
    zkpi_bn254_v52_zero(A);
    zkpi_bn254_v52_mac_c(A, &K->one, &sum);
    zkpi_bn254_v52_add_acc(A, Y);
    zkpi_bn254_v52_redc(&S, A); /* x^5 + s1 + s2 + s3 */
    V_CHECK_LT(&S, 250, "p2 bn254 ifma partial: lane sum < 2.5p");
    zkpi_bn254_v52_redc(&x5, Y);
    for (int k = 1; k < 4; k++) {
        zkpi_bn254_v52_zero(A);
        zkpi_bn254_v52_mac_c(A, &K->diag[k], &s[k]);
        p2i_addhi(A, &S);
        zkpi_bn254_v52_redc(&s[k], A);
        V_CHECK_LT(&s[k], 380, "p2 bn254 ifma partial: new s_k < 3.8p");
    }
    zkpi_bn254_v52_zero(A);
    zkpi_bn254_v52_mac_c(A, &K->diag[0], &x5);
    p2i_addhi(A, &S);
    if (cnext) zkpi_bn254_v52_addhi_c(A, cnext);
    zkpi_bn254_v52_redc(&s[0], A);
    V_CHECK_LT(&s[0], 450, "p2 bn254 ifma partial: new s0 + c < 4.5p");
}

/* The permutation of eight states in R' form (s: the entry's output, < 1.1p). */
ZKP_INLINE void p2i_permute(vfr s[4], const p2i_consts *K) {
    const fr52 *rc = K->rc;
    p2i_m4_then(s, rc, 0);
    for (int r = 0; r < ZKPI_P2_RF / 2; r++, rc += 4) {
        for (int i = 0; i < 4; i++) p2i_pow5(&s[i]);
        const int last = r == ZKPI_P2_RF / 2 - 1; /* then the first partial round's constant */
        p2i_m4_then(s, rc + 4, last);
    }
    for (int r = 0; r < ZKPI_P2_BN254_RP; r++, rc++) p2i_partial(s, K, r + 1 < ZKPI_P2_BN254_RP ? rc + 1 : NULL);
    for (int i = 0; i < 4; i++) {
        p2i_add_c(&s[i], &rc[i]);
        p2i_norm(&s[i]);
    }
    for (int r = 0; r < ZKPI_P2_RF / 2; r++, rc += 4) {
        for (int i = 0; i < 4; i++) p2i_pow5(&s[i]);
        p2i_m4_then(s, r + 1 < ZKPI_P2_RF / 2 ? rc + 4 : NULL, 0);
    }
}

/* ---- lanes <-> states ---------------------------------------------------- */

/* Element i of states 0..count-1 (canonical) into lane j, times R' (zero
 * lanes past count). */
ZKP_INLINE void p2i_load(vfr s[4], const zkp_poseidon_fr *st, size_t count, const p2i_consts *K) {
    for (int i = 0; i < 4; i++) {
        uint64_t b[5][LANES] ZKP_ALIGN(64);
        for (unsigned j = 0; j < LANES; j++) zkpi_bn254_r52_split(b, j, j < count ? st[4 * j + (unsigned)i].limb : NULL);
        vfr x;
        P2I_UNROLL
        for (int k = 0; k < 5; k++) x.l[k] = _mm512_load_si512((const void *)b[k]);
        v8 T[10];
        zkpi_bn254_v52_zero(T);
        zkpi_bn254_v52_mac_c(T, &K->k_in, &x);
        zkpi_bn254_v52_redc(&s[i], T);
        V_CHECK_LT(&s[i], 110, "p2 bn254 ifma: entry < 1.1p");
    }
}

/* Back to canonical integers: x / R' (the reduction of x itself), < 1.3p,
 * then one conditional subtraction per element. */
ZKP_INLINE void p2i_store(const vfr s[4], zkp_poseidon_fr *st, size_t count) {
    for (int i = 0; i < 4; i++) {
        v8 T[10];
        zkpi_bn254_v52_zero(T);
        P2I_UNROLL
        for (int k = 0; k < 5; k++) T[k] = s[i].l[k];
        vfr y;
        zkpi_bn254_v52_redc(&y, T);
        V_CHECK_LT(&y, 130, "p2 bn254 ifma: exit < 1.3p");
        uint64_t b[5][LANES] ZKP_ALIGN(64);
        P2I_UNROLL
        for (int k = 0; k < 5; k++) _mm512_store_si512((void *)b[k], y.l[k]);
        for (unsigned j = 0; j < LANES && j < count; j++) zkpi_bn254_r52_join_canonical(st[4 * j + (unsigned)i].limb, b, j);
    }
}

/* Groups of eight states; a short last group of at least two runs with zero
 * padding lanes. Returns how many states it permuted: all but a lone last one
 * (a padded pass costs more than one scalar permutation; the caller runs it). */
/* The constants, converted by the first call (about 1.5 us: as much as a
 * fifth of an eight-state pass) and kept (core/once.h): the call that claims
 * the state fills the table and publishes it; calls that find it being
 * filled convert their own copy. The values are public. */
static p2i_consts p2i_table;
static _Atomic int p2i_table_state;

static const p2i_consts *p2i_get_consts(p2i_consts *own) {
    switch (zkpi_once_claim(&p2i_table_state)) {
    case ZKPI_ONCE_READY:
        return &p2i_table;
    case ZKPI_ONCE_MINE:
        p2i_consts_init(&p2i_table);
        zkpi_once_publish(&p2i_table_state, 1);
        return &p2i_table;
    default:
        p2i_consts_init(own);
        return own;
    }
}

size_t zkpi_p2_bn254_batch_ifma(zkp_poseidon_fr *states, size_t n) {
    if (n < 2) return 0;
    p2i_consts own;
    const p2i_consts *K = p2i_get_consts(&own);
    size_t i = 0;
    for (; i < n; i += LANES) {
        const size_t m = n - i < LANES ? n - i : LANES;
        if (m < 2) break;
        vfr s[4];
        p2i_load(s, states + 4 * i, m, K);
        p2i_permute(s, K);
        p2i_store(s, states + 4 * i, m);
    }
    return i < n ? i : n;
}
