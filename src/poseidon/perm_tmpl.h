/*
 * Template: the Poseidon permutation, written once and instantiated per
 * scalar kernel (kernel_portable.c, kernel_bmi2.c) over one layer of the
 * BN254 field (bn254/fr.h portable, bn254/fr_mulx.h MULX/ADX); only the
 * permutation's schedule and its lazy-reduction bounds live here.
 * Convention: docs/internals.md.
 *
 * Parameters, defined by the including file:
 *   TMPL_SUFFIX          kernel name suffix (required). Defines
 *                        `const zkpi_poseidon_ops zkpi_poseidon_ops_<suffix>`
 *                        and the hooks of internal.h with that suffix.
 *   V_MUL512(T, a, b)    T[0..7] = a * b
 *   V_SQR512(T, a)       T[0..7] = a^2
 *   V_MAC512(T, a, b)    T[0..7] += a * b   (sum stays < 2^512)
 *   V_REDC8(T)           T[4..7] = Montgomery reduction of T (< T/2^256 + p)
 *   V_MONTMUL(T, a, b)   optional: T[4..7] = a * b / 2^256 (< 2p) in one pass
 *   TMPL_HAVE_DOTN       1: the layer has the fused Montgomery dot products
 *                        zkpi_bn254_dot{2,3,4}_mulx (n <= 4 terms)
 *   TMPL_HAVE_DOTX       1: and zkpi_bn254_montmul_pre_mulx and
 *                        zkpi_bn254_add512_mulx (the partial round's
 *                        x^4 s0 + what s form)
 *   TMPL_OWN_OPS         defined: no ops table here (the including file
 *                        builds its own from these functions and others)
 *   TMPL_MANY            states interleaved per hash_many call for narrow
 *                        widths (default 2)
 * The operations act on 4-limb field elements (a, b) and 8-limb
 * accumulators (T), in place of the vector type of other templates.
 *
 * Fixed width: every routine is always inlined (ZKP_INLINE) with the width as a
 * parameter, and one wrapper per width t = 2..17 passes a constant, so the
 * compiler unrolls the lane loops (the round loops stay loops).
 */
#include <string.h>

#include "core/tmpl.h"
#include "bn254/fr.h"
#include "poseidon/internal.h"

#ifndef TMPL_HAVE_DOTN
#define TMPL_HAVE_DOTN 0
#endif
#ifndef TMPL_HAVE_DOTX
#define TMPL_HAVE_DOTX 0
#endif

#define FR_MAXT 17

/* ---- verification build (core/verify.h, docs/verify.md) -------------------
 * The field layers check their own preconditions and outputs (bn254/fr.h,
 * fr_mulx.h); the template checks the bounds of its lazy schedule. Bounds
 * in multiples of p use p / 2^256 = 0.1890306 < 0.189031 (these comments
 * said < 0.18903 until the checks showed it 5.5e-7 short; the n = 3 / 4 dot
 * products' stated 2.13p / 2.51p / 1.51p were short by as much and now read
 * 2.14p / 2.52p / 1.52p). */
#define FR_E6 189031u /* 10^6 p / 2^256, rounded up */
/* x < (k / 100) p, k in hundredths as the comments state the bounds. */
#define FR_CHECK_LT(x, k100, what) ZKP_VERIFY_CHECK(zkpi_bn254_verify_lt((x), (k100), 100), what)

ZKP_INLINE void k_mul(zkpi_fr *r, const zkpi_fr *a, const zkpi_fr *b) {
    uint64_t T[8];
    FR_CHECK_LT(a->v, 200, "k_mul operand a < 2p");
    FR_CHECK_LT(b->v, 200, "k_mul operand b < 2p");
#ifdef V_MONTMUL
    V_MONTMUL(T, a->v, b->v);
#else
    V_MUL512(T, a->v, b->v);
    V_REDC8(T);
#endif
    FR_CHECK_LT(T + 4, 200, "k_mul product a b / R < 2p");
    zkpi_bn254_condsub(r->v, T + 4, zkpi_bn254_p); /* < 2p -> < p */
    FR_CHECK_LT(r->v, 100, "k_mul output < p");
}

ZKP_INLINE void k_sqr(zkpi_fr *r, const zkpi_fr *a) {
    uint64_t T[8];
    FR_CHECK_LT(a->v, 200, "k_sqr operand < 2p");
    V_SQR512(T, a->v);
    V_REDC8(T);
    FR_CHECK_LT(T + 4, 200, "k_sqr a^2 / R < 2p");
    zkpi_bn254_condsub(r->v, T + 4, zkpi_bn254_p);
    FR_CHECK_LT(r->v, 100, "k_sqr output < p");
}

/* After reducing a dot product of n <= 17 canonical terms the value is
 * < n (p / 2^256) p + p = (0.189031 n + 1) p: below 1.95p for n <= 5 (one
 * conditional subtraction of p), below 3.84p for n <= 15 (2p, then p), and
 * below 4.22p for n <= 17 (2p, p, p). n is a compile-time constant in the
 * per-width code, so only the needed subtractions remain. */
ZKP_INLINE void k_final_dot(zkpi_fr *r, uint64_t T[8], const unsigned n) {
    V_REDC8(T);
    ZKP_VERIFY_CHECK(zkpi_bn254_verify_lt(T + 4, FR_E6 * n + 1000000u, 1000000u),
                     "k_final_dot reduced dot product < (0.189031 n + 1) p");
    if (n > 5) zkpi_bn254_condsub(T + 4, T + 4, zkpi_bn254_2p);
    if (n > 15) zkpi_bn254_condsub(T + 4, T + 4, zkpi_bn254_p);
    zkpi_bn254_condsub(r->v, T + 4, zkpi_bn254_p);
    FR_CHECK_LT(r->v, 100, "k_final_dot output < p");
}

/* sum_k a[k] * b[k]: products accumulate unreduced in 512 bits, then one
 * Montgomery reduction for the whole row. */
ZKP_INLINE void k_dot(zkpi_fr *r, const zkpi_fr *a, const zkpi_fr *b, const unsigned n) {
    uint64_t T[8];
#if TMPL_HAVE_DOTN
    if (n >= 2 && n <= 4) { /* interleaved form: no carry ripple (bn254/fr_mulx.h) */
        /* the layer checks its full operands b (sum + p < 5p) */
        for (unsigned k = 0; k < n; k++) FR_CHECK_LT(a[k].v, 100, "k_dot scanned operands < p");
        if (n == 2) zkpi_bn254_dot2_mulx(T, a, b);
        else if (n == 3) zkpi_bn254_dot3_mulx(T, a, b);
        else zkpi_bn254_dot4_mulx(T, a, b);
        FR_CHECK_LT(T + 4, 176, "k_dot dotN_mulx output < 1.76p (n <= 4, canonical terms)");
        zkpi_bn254_condsub(r->v, T + 4, zkpi_bn254_p); /* n <= 4: < 1.76p */
        FR_CHECK_LT(r->v, 100, "k_dot output < p");
        return;
    }
#endif
    V_MUL512(T, a[0].v, b[0].v);
    for (unsigned k = 1; k < n; k++) V_MAC512(T, a[k].v, b[k].v);
    k_final_dot(r, T, n);
}

/* a^2 / R left in [0, 2p): for a < 2p, a^2 < 4p^2 < p 2^256, so the
 * reduction returns < 4p^2 / 2^256 + p < 2p and its input bound holds. */
ZKP_INLINE void k_sqr_lazy(zkpi_fr *r, const zkpi_fr *a) {
    uint64_t T[8];
    FR_CHECK_LT(a->v, 200, "k_sqr_lazy operand < 2p");
    V_SQR512(T, a->v);
    ZKP_VERIFY_CHECK(zkpi_bn254_verify_lt_p2(T, 4), "k_sqr_lazy a^2 < 4p^2");
    V_REDC8(T);
    FR_CHECK_LT(T + 4, 200, "k_sqr_lazy a^2 / R < 2p");
    r->v[0] = T[4], r->v[1] = T[5], r->v[2] = T[6], r->v[3] = T[7];
}

/* x^5: the two squarings stay in [0, 2p) (no conditional subtraction);
 * the final product (< 2p for operands < 2p, since 4p < 2^256) is made
 * canonical. */
ZKP_INLINE void k_pow5(zkpi_fr *r, const zkpi_fr *x) {
    zkpi_fr x2, x4;
    k_sqr_lazy(&x2, x);
    k_sqr_lazy(&x4, &x2);
    k_mul(r, &x4, x);
}

#ifdef V_MONTMUL
/* T[4..7] = x^5 / R + c < 3p for x < 2p and a constant c < p: x^2, x^4 < 2p
 * (k_sqr_lazy), the one-pass product x^4 x / R < 2p, plus c. */
ZKP_INLINE void k_pow5_add_3p(uint64_t T[8], const zkpi_fr *x, const zkpi_fr *c) {
    zkpi_fr x2, x4;
    k_sqr_lazy(&x2, x);
    k_sqr_lazy(&x4, &x2);
    V_MONTMUL(T, x4.v, x->v);
    FR_CHECK_LT(T + 4, 200, "k_pow5_add x^4 x / R < 2p");
    FR_CHECK_LT(c->v, 100, "k_pow5_add constant < p");
    zkpi_bn254_add_raw(T + 4, c->v);
    FR_CHECK_LT(T + 4, 300, "k_pow5_add x^5 + c < 3p");
}
#endif

/* x^5 + c: the product (< 2p) plus c (< p) is < 3p; subtracting 2p then p
 * (conditionally) makes it canonical without storing x^5 first. */
ZKP_INLINE void k_pow5_add(zkpi_fr *r, const zkpi_fr *x, const zkpi_fr *c) {
#ifdef V_MONTMUL
    uint64_t T[8];
    k_pow5_add_3p(T, x, c);
    zkpi_bn254_condsub(T + 4, T + 4, zkpi_bn254_2p);
    zkpi_bn254_condsub(r->v, T + 4, zkpi_bn254_p);
    FR_CHECK_LT(r->v, 100, "k_pow5_add output < p");
#else
    k_pow5(r, x);
    zkpi_bn254_add(r, r, c);
#endif
}

/* ---- lazy reduction for narrow widths ------------------------------------ */

/* With the one-pass product and the interleaved 2..4-term dot products
 * (bn254/fr_mulx.h), widths t <= 4 keep state elements in [0, 2p) instead of
 * [0, p) between steps, which saves conditional subtractions. Bounds of
 * the full rounds (p / 2^256 < 0.189031; the partial rounds' are at
 * k_settle):
 *  - x^5 + c: x^2, x^4 < 2p (k_sqr_lazy), x^4 x / R < 2p, + c < 3p; one
 *    subtraction of 2p when >= 2p leaves < 2p;
 *  - row dot products: the state is the limb-scanned operand and the
 *    constants (< p) the full one, so the CIOS intermediate stays below
 *    (sum of constants + p) 2^64 <= 5p 2^64 < 2^320 whatever the state's
 *    size; the result is < n 2p p / 2^256 + p: 1.76p for n = 2 (kept
 *    as is), 2.14p / 2.52p for n = 3 / 4 (one subtraction of p: < 1.52p);
 *  - the permutation's outputs get one subtraction of p (canonical).
 * Wider rows use the separate 512-bit accumulation, where a 2p operand
 * would overflow for t > 11, so they stay canonical. */
#if defined(V_MONTMUL) && TMPL_HAVE_DOTN
#define K_LAZY(T) ((T) <= 4)
#else
#define K_LAZY(T) 0
#endif

ZKP_INLINE void k_pow5_add_l(zkpi_fr *r, const zkpi_fr *x, const zkpi_fr *c, const int lazy) {
#if defined(V_MONTMUL) && TMPL_HAVE_DOTN
    if (lazy) {
        uint64_t T[8];
        k_pow5_add_3p(T, x, c);
        zkpi_bn254_condsub(r->v, T + 4, zkpi_bn254_2p);
        FR_CHECK_LT(r->v, 200, "k_pow5_add_l output < 2p (lazy state)");
        return;
    }
#endif
    (void)lazy;
    k_pow5_add(r, x, c);
}

/* <c, s> for a constant row c and state s. */
ZKP_INLINE void k_dot_l(zkpi_fr *r, const zkpi_fr *c, const zkpi_fr *s, const unsigned n, const int lazy) {
#if defined(V_MONTMUL) && TMPL_HAVE_DOTN
    if (lazy) {
        uint64_t T[8];
        /* the layer checks its full operands c (sum + p < 5p) */
        for (unsigned k = 0; k < n; k++) FR_CHECK_LT(s[k].v, 200, "k_dot_l lazy state < 2p");
        if (n == 2) {
            zkpi_bn254_dot2_mulx(T, s, c);
            FR_CHECK_LT(T + 4, 176, "k_dot_l dot2_mulx output < 1.76p");
            r->v[0] = T[4], r->v[1] = T[5], r->v[2] = T[6], r->v[3] = T[7];
            return;
        }
        if (n == 3) zkpi_bn254_dot3_mulx(T, s, c);
        else zkpi_bn254_dot4_mulx(T, s, c);
        FR_CHECK_LT(T + 4, n == 3 ? 214 : 252, "k_dot_l dot3_mulx / dot4_mulx output < 2.14p / 2.52p");
        zkpi_bn254_condsub(r->v, T + 4, zkpi_bn254_p);
        FR_CHECK_LT(r->v, 152, "k_dot_l output < 1.52p");
        return;
    }
#endif
    (void)lazy;
    k_dot(r, c, s, n);
}

/* ---- sparse schedule, NS independent states interleaved ------------------ */

/* Full round of the sparse schedule: s = M (s^5 + c) (c may be NULL: last
 * round). lane0_only: compute only lane 0 of the product (the hash output). */
ZKP_INLINE void k_full_round(const unsigned T, const unsigned NS, zkpi_fr *s, const zkpi_fr *c,
                             const zkpi_fr *M, const int lane0_only) {
    const int lazy = K_LAZY(T);
    for (unsigned h = 0; h < NS; h++)
        for (unsigned i = 0; i < T; i++) {
            if (c) k_pow5_add_l(&s[h * T + i], &s[h * T + i], &c[i], lazy);
            else k_pow5(&s[h * T + i], &s[h * T + i]);
        }
    zkpi_fr n[FR_MAXT * 4];
    const unsigned rows = lane0_only ? 1 : T;
    for (unsigned h = 0; h < NS; h++)
        for (unsigned i = 0; i < rows; i++) k_dot_l(&n[h * T + i], &M[i * T], &s[h * T], T, lazy);
    for (unsigned h = 0; h < NS; h++)
        for (unsigned i = 0; i < rows; i++) s[h * T + i] = n[h * T + i];
}

/* The R_P partial rounds on the rescaled state of the sz tables
 * (gen/poseidon_constants.py, scaled_partial): with y = s0^5,
 *   z = y + chat,  new s0 = z + sum_k what_k s_k,  new s_k = beta_k s_k + z.
 * y is only added, never multiplied, so the product x^4 * s0 stays an
 * unreduced 512-bit Y (plus chat * 2^256) and each new lane is one
 * reduction of Y + (its products): per round 2 squarings, 1 + 2(t - 1)
 * products and t reductions (t + 1 in the C form, which reduces Y once),
 * against 3 + 2t - 1 products and t + 2 reductions for the plain sparse
 * form. After the rounds the t final scales multiply the state back.
 * Bounds (p / 2^256 < 0.189031, p^2 / 2^512 < 0.03574), state elements < B:
 *  - lazy widths (t <= 4), B = 2p: x^4 < 2p, Y < 4p^2; a new lane sums Y,
 *    chat 2^256 and t - 1 (dot) or 1 (update) products < 2p^2, so REDC's
 *    input (plus m p < p 2^256) stays below 2^512 and its output is below
 *    (2(t + 1) 0.189031 + 2) p < 3.9p: one subtraction of 2p leaves [0, 2p);
 *  - canonical widths, B = p: x^4 is made canonical, so Y < p^2 and REDC's
 *    input is below t p^2 + 2 p 2^256 < 0.99 2^512 even for t = 17; the
 *    output is below (0.189031 t + 2) p: 2p then p for t <= 10 and for the
 *    updates (< 2.38p), 4p, 2p then p for wider rows (< 5.22p). */
ZKP_INLINE void k_settle(zkpi_fr *r, uint64_t x[4], const unsigned terms, const int lazy) {
    if (lazy) {
        ZKP_VERIFY_CHECK(zkpi_bn254_verify_lt(x, 2 * FR_E6 * (terms + 1) + 2000000u, 1000000u),
                         "k_settle lazy lane < (2 (t + 1) 0.189031 + 2) p");
        zkpi_bn254_condsub(r->v, x, zkpi_bn254_2p);
        FR_CHECK_LT(r->v, 200, "k_settle lazy output < 2p");
        return;
    }
    ZKP_VERIFY_CHECK(zkpi_bn254_verify_lt(x, FR_E6 * terms + 2000000u, 1000000u),
                     "k_settle canonical lane < (0.189031 t + 2) p");
    if (terms > 10) zkpi_bn254_condsub(x, x, zkpi_bn254_4p);
    zkpi_bn254_condsub(x, x, zkpi_bn254_2p);
    zkpi_bn254_condsub(r->v, x, zkpi_bn254_p);
    FR_CHECK_LT(r->v, 100, "k_settle canonical output < p");
}

#if TMPL_HAVE_DOTX
/* A new s_k = beta_k s_k + z from Y = x^4 s0 + chat R: Y's low half is
 * preloaded into the one-pass reduction of beta_k s_k (zkpi_bn254_montmul_pre_mulx),
 * its high half added after (< 1.38p + 1 + 1.76p < 3.2p for the lazy state,
 * < 2.38p for the canonical one; see above). */
ZKP_INLINE void k_lane_from_y(zkpi_fr *sk, const uint64_t Y[8], const zkpi_fr *beta, const int lazy) {
    uint64_t B[8] = {Y[0], Y[1], Y[2], Y[3]};
    zkpi_bn254_montmul_pre_mulx(B, beta, sk);
    ZKP_VERIFY_CHECK(zkpi_bn254_verify_lt(B + 4, FR_E6 * (lazy ? 2 : 1) + 1000001u, 1000000u),
                     "montmul_pre_mulx (Y_lo + beta s) / R < (0.189031 B + 1) p + 1");
    zkpi_bn254_add_raw(B + 4, Y + 4);
    k_settle(sk, B + 4, 2, lazy);
}

/* One partial round for t = 2, 3 (lazy state) on b[h] = (x^4, s0, s1[, s2])
 * per state (x^4 next to the state: the buffer form measured about 5%
 * faster at t = 2 than the generic k_partial_round below). The new s0,
 * (x^4 s0 + sum_k what_k s_k) / R + chat (< (4p^2 + (t - 1) 2p^2) / 2^256 +
 * 2p < 3.6p), is on the chain from one S-box to the next: sum_k what_k s_k
 * is summed first, off the chain, and Y = x^4 s0 + chat R, which every
 * other lane needs anyway, is added to it right before one separate
 * reduction. Until 2026-12-03 x^4 s0 was multiplied twice, once for Y and
 * once inside the new s0's product (t = 3: the one-pass CIOS dot product
 * zkpi_bn254_dotx3_mulx, 3% faster than the off-chain sum with its own
 * x^4 s0); adding Y instead saves 16 of the round's ~196 MULX (docs/poseidon.md). */
ZKP_INLINE void k_partial_round_x(const unsigned T, const unsigned NS, zkpi_fr (*b)[4], const zkpi_fr *Z) {
    for (unsigned h = 0; h < NS; h++) {
        zkpi_fr x2;
        k_sqr_lazy(&x2, &b[h][1]);
        k_sqr_lazy(&b[h][0], &x2);
    }
    for (unsigned h = 0; h < NS; h++) {
        zkpi_fr *st = &b[h][1];
        uint64_t A[8], Y[8];
        V_MUL512(A, Z[1].v, st[1].v); /* off the chain: what_k s_k + chat R */
        if (T == 3) V_MAC512(A, Z[2].v, st[2].v);
        zkpi_bn254_add_raw(A + 4, Z[0].v);
        V_MUL512(Y, b[h][0].v, st[0].v); /* x^4 s0, once for all lanes */
        ZKP_VERIFY_CHECK(zkpi_bn254_verify_lt_p2(Y, 4), "partial round Y = x^4 s0 < 4p^2 (lazy)");
        zkpi_bn254_add512_mulx(A, Y);
        V_REDC8(A);
        zkpi_bn254_add_raw(Y + 4, Z[0].v);
        k_settle(&st[0], A + 4, T, 1);
        for (unsigned k = 1; k < T; k++) k_lane_from_y(&st[k], Y, &Z[T - 1 + k], 1);
    }
}

ZKP_INLINE void k_partial_rounds_x(const unsigned T, const unsigned NS, zkpi_fr *s, const zkpi_fr *Z,
                                   const unsigned rounds) {
    zkpi_fr b[4][4];
    for (unsigned h = 0; h < NS; h++) memcpy(&b[h][1], &s[h * T], T * sizeof *s);
    for (unsigned r = 0; r < rounds; r++, Z += 2 * T - 1) k_partial_round_x(T, NS, b, Z);
    for (unsigned h = 0; h < NS; h++) memcpy(&s[h * T], &b[h][1], T * sizeof *s);
}
#endif

/* One partial round; Z points at the round's 2t - 1 constants. */
ZKP_INLINE void k_partial_round(const unsigned T, const unsigned NS, zkpi_fr *s, const zkpi_fr *Z, const int lazy) {
    uint64_t W[4][8], Y[4][8];
    zkpi_fr x4[4];
    for (unsigned h = 0; h < NS; h++) { /* the constant x state part of the new lane 0 */
        const zkpi_fr *st = &s[h * T];
        V_MUL512(W[h], Z[1].v, st[1].v);
        for (unsigned k = 2; k < T; k++) V_MAC512(W[h], Z[k].v, st[k].v);
    }
    for (unsigned h = 0; h < NS; h++) {
        zkpi_fr x2;
        k_sqr_lazy(&x2, &s[h * T]);
        if (lazy) k_sqr_lazy(&x4[h], &x2);
        else k_sqr(&x4[h], &x2);
    }
    for (unsigned h = 0; h < NS; h++) {
        zkpi_fr *st = &s[h * T];
        V_MUL512(Y[h], x4[h].v, st[0].v);
        ZKP_VERIFY_CHECK(zkpi_bn254_verify_lt_p2(Y[h], lazy ? 4 : 1), "partial round Y = x^4 s0 < 4p^2 (lazy) / p^2");
        zkpi_bn254_add_raw(Y[h] + 4, Z[0].v);
#if TMPL_HAVE_DOTX
        /* asm: the new lane 0 is on the chain from one S-box to the next, so
         * Y (x^4 s0 + chat R, the product made once) is added last to the
         * off-chain part, right before its reduction; each s_k preloads Y's
         * low half into the one-pass reduction of beta_k s_k and adds the
         * high half after. */
        zkpi_bn254_add512_mulx(W[h], Y[h]);
        V_REDC8(W[h]);
        k_settle(&st[0], W[h] + 4, T, lazy);
        for (unsigned k = 1; k < T; k++) k_lane_from_y(&st[k], Y[h], &Z[T - 1 + k], lazy);
#else
        /* C: z = Y / R once (made canonical), then every new lane is one
         * reduction with z added into its high half, like a multiply-add:
         * cheaper than accumulating the 512-bit Y into each lane. */
        zkpi_fr z;
        V_REDC8(Y[h]);
        k_settle(&z, Y[h] + 4, 2, 0);
        zkpi_bn254_add_raw(W[h] + 4, z.v);
        V_REDC8(W[h]);
        k_settle(&st[0], W[h] + 4, T, lazy);
        for (unsigned k = 1; k < T; k++) {
            uint64_t B[8];
            V_MUL512(B, Z[T - 1 + k].v, st[k].v);
            zkpi_bn254_add_raw(B + 4, z.v);
            V_REDC8(B);
            k_settle(&st[k], B + 4, 2, lazy);
        }
#endif
    }
}

/* Partial rounds r0 .. r0 + n - 1 (all R_P of them in a permutation); with
 * `unscale` the final scales follow (canonical out). */
ZKP_INLINE void k_partial_rounds(const unsigned T, const unsigned NS, zkpi_fr *s, const unsigned r0, const unsigned n,
                                 const int unscale, const int lazy) {
    const zkpi_fr *Z = zkpi_poseidon_sz[T] + (size_t)r0 * (2 * T - 1);
    for (unsigned i = 0; i < NS * T; i++)
        FR_CHECK_LT(s[i].v, lazy ? 200 : 100, "partial rounds: state in < 2p (t <= 4, asm) / < p");
#if TMPL_HAVE_DOTX
    if (lazy && T <= 3) k_partial_rounds_x(T, NS, s, Z, n); /* the asm forms (bn254/fr_mulx.h) */
    else
#endif
        for (unsigned r = 0; r < n; r++, Z += 2 * T - 1) k_partial_round(T, NS, s, Z, lazy);
    for (unsigned i = 0; i < NS * T; i++)
        FR_CHECK_LT(s[i].v, lazy ? 200 : 100, "partial rounds: state out < 2p (t <= 4, asm) / < p");
    if (!unscale) return;
    Z = zkpi_poseidon_sz[T] + (size_t)zkpi_poseidon_rp[T] * (2 * T - 1);
    for (unsigned h = 0; h < NS; h++)
        for (unsigned i = 0; i < T; i++) k_mul(&s[h * T + i], &s[h * T + i], &Z[i]);
}

/* The partial rounds of one state as a function per width (called once per
 * permutation; also exported for the IFMA kernel's single-state path, and a
 * single round of any width for the tests). */
/* A table entry for width T: NULL in a build restricted to another width
 * (ZKP_POSEIDON_ONLY_T, params.h), which then drops that width's code. */
#define K_ENTRY(T, fn) (ZKPI_POSEIDON_HAS_T(T) ? (fn) : NULL)
#if defined(__GNUC__)
#define K_UNUSED __attribute__((unused))
#else
#define K_UNUSED
#endif
#define K_PART(T)                                                                                   \
    K_UNUSED static void TMPL_NAME(part_t##T)(zkpi_fr *s, unsigned r0, unsigned n, int unscale) {             \
        k_partial_rounds(T, 1, s, r0, n, unscale, K_LAZY(T));                                       \
    }
K_PART(2) K_PART(3) K_PART(4) K_PART(5) K_PART(6) K_PART(7) K_PART(8) K_PART(9)
K_PART(10) K_PART(11) K_PART(12) K_PART(13) K_PART(14) K_PART(15) K_PART(16) K_PART(17)
#undef K_PART
static void (*const TMPL_NAME(part_tab)[18])(zkpi_fr *s, unsigned r0, unsigned n, int unscale) = {
    NULL, NULL, K_ENTRY(2, TMPL_NAME(part_t2)), K_ENTRY(3, TMPL_NAME(part_t3)), K_ENTRY(4, TMPL_NAME(part_t4)), K_ENTRY(5, TMPL_NAME(part_t5)),
    K_ENTRY(6, TMPL_NAME(part_t6)), K_ENTRY(7, TMPL_NAME(part_t7)), K_ENTRY(8, TMPL_NAME(part_t8)), K_ENTRY(9, TMPL_NAME(part_t9)),
    K_ENTRY(10, TMPL_NAME(part_t10)), K_ENTRY(11, TMPL_NAME(part_t11)), K_ENTRY(12, TMPL_NAME(part_t12)), K_ENTRY(13, TMPL_NAME(part_t13)),
    K_ENTRY(14, TMPL_NAME(part_t14)), K_ENTRY(15, TMPL_NAME(part_t15)), K_ENTRY(16, TMPL_NAME(part_t16)), K_ENTRY(17, TMPL_NAME(part_t17))};

/* One call site for the full round and one for the partial round keeps the
 * code (and the compile time) small: each is inlined and unrolled once per
 * width. Round index f = 0..7 counts full rounds; f = 4 follows the partial
 * rounds. */
ZKP_INLINE void k_perm_sparse(const unsigned T, const unsigned NS, zkpi_fr *s, const int lane0_only) {
    const int lazy = K_LAZY(T);
    const unsigned rp = zkpi_poseidon_rp[T];
    const zkpi_fr *C = zkpi_poseidon_sc[T];
    const zkpi_fr *M = zkpi_poseidon_mds[T];
    for (unsigned h = 0; h < NS; h++)
        for (unsigned i = 0; i < T; i++) zkpi_bn254_add(&s[h * T + i], &s[h * T + i], &C[i]);
    C += T;
    for (unsigned f = 0; f < ZKP_POSEIDON_RF; f++) {
        const int last = f == ZKP_POSEIDON_RF - 1;
        k_full_round(T, NS, s, last ? NULL : C, f == 3 ? zkpi_poseidon_sp[T] : M, last && lane0_only);
        C += T;
        if (f != 3) continue;
        if (NS == 1) TMPL_NAME(part_tab)[T](s, 0, rp, 1);
        else k_partial_rounds(T, NS, s, 0, rp, 1, lazy);
        C += rp;
    }
    if (lazy) /* [0, 2p) -> canonical */
        for (unsigned h = 0; h < NS; h++)
            for (unsigned i = 0; i < (lane0_only ? 1 : T); i++) {
                zkpi_bn254_condsub(s[h * T + i].v, s[h * T + i].v, zkpi_bn254_p);
                FR_CHECK_LT(s[h * T + i].v, 100, "permutation output < p");
            }
}

/* ---- per-width wrappers -------------------------------------------------- */

#ifndef TMPL_MANY
#define TMPL_MANY 2
#endif

/* One specialised permutation per width (lane0_only is a run-time flag: it
 * only changes the last round). Interleaved hash_many variants only for the
 * narrow widths, where one state alone leaves the multiplier idle (the
 * partial round is a chain of dependent products); from t = 6 on, the t - 1
 * independent products of each partial round already fill it. */
#define K_WIDTH(T)                                                                                  \
    K_UNUSED static void TMPL_NAME(perm_t##T)(zkpi_fr *s, int lane0_only) { k_perm_sparse(T, 1, s, lane0_only); }
#define K_MANY(T)                                                                                   \
    K_UNUSED static void TMPL_NAME(many_t##T)(zkpi_fr *s) { k_perm_sparse(T, TMPL_MANY, s, 1); }
K_WIDTH(2) K_WIDTH(3) K_WIDTH(4) K_WIDTH(5) K_WIDTH(6) K_WIDTH(7) K_WIDTH(8) K_WIDTH(9)
K_WIDTH(10) K_WIDTH(11) K_WIDTH(12) K_WIDTH(13) K_WIDTH(14) K_WIDTH(15) K_WIDTH(16) K_WIDTH(17)
K_MANY(2) K_MANY(3) K_MANY(4) K_MANY(5)
#undef K_WIDTH
#undef K_MANY

typedef void (*k_perm_fn)(zkpi_fr *s, int lane0_only);
typedef void (*k_many_fn)(zkpi_fr *s);
static const k_perm_fn TMPL_NAME(perm_tab)[18] = {
    NULL, NULL, K_ENTRY(2, TMPL_NAME(perm_t2)), K_ENTRY(3, TMPL_NAME(perm_t3)), K_ENTRY(4, TMPL_NAME(perm_t4)), K_ENTRY(5, TMPL_NAME(perm_t5)),
    K_ENTRY(6, TMPL_NAME(perm_t6)), K_ENTRY(7, TMPL_NAME(perm_t7)), K_ENTRY(8, TMPL_NAME(perm_t8)), K_ENTRY(9, TMPL_NAME(perm_t9)),
    K_ENTRY(10, TMPL_NAME(perm_t10)), K_ENTRY(11, TMPL_NAME(perm_t11)), K_ENTRY(12, TMPL_NAME(perm_t12)), K_ENTRY(13, TMPL_NAME(perm_t13)),
    K_ENTRY(14, TMPL_NAME(perm_t14)), K_ENTRY(15, TMPL_NAME(perm_t15)), K_ENTRY(16, TMPL_NAME(perm_t16)), K_ENTRY(17, TMPL_NAME(perm_t17))};
static const k_many_fn TMPL_NAME(many_tab)[6] = {NULL, NULL, K_ENTRY(2, TMPL_NAME(many_t2)), K_ENTRY(3, TMPL_NAME(many_t3)), K_ENTRY(4, TMPL_NAME(many_t4)),
                                             K_ENTRY(5, TMPL_NAME(many_t5))};

static void TMPL_NAME(op_mul)(zkpi_fr *r, const zkpi_fr *a, const zkpi_fr *b) { k_mul(r, a, b); }
static void TMPL_NAME(op_sqr)(zkpi_fr *r, const zkpi_fr *a) { k_sqr(r, a); }
static void TMPL_NAME(op_dot)(zkpi_fr *r, const zkpi_fr *a, const zkpi_fr *b, unsigned n) {
    /* the fixed-size forms the permutation uses for narrow widths */
    if (n == 2) k_dot(r, a, b, 2);
    else if (n == 3) k_dot(r, a, b, 3);
    else if (n == 4) k_dot(r, a, b, 4);
    else {
        uint64_t T[8];
        V_MUL512(T, a[0].v, b[0].v);
        for (unsigned k = 1; k < n; k++) V_MAC512(T, a[k].v, b[k].v);
        k_final_dot(r, T, n);
    }
}
static void TMPL_NAME(op_permute)(unsigned t, zkpi_fr *s) { TMPL_NAME(perm_tab)[t](s, 0); }
static void TMPL_NAME(op_hash)(unsigned t, zkpi_fr *s) { TMPL_NAME(perm_tab)[t](s, 1); }
static void TMPL_NAME(op_hash_many)(unsigned t, zkpi_fr *s, size_t count) {
    size_t i = 0;
    if (t <= 5)
        for (; i + TMPL_MANY <= count; i += TMPL_MANY) TMPL_NAME(many_tab)[t](s + i * t);
    for (; i < count; i++) TMPL_NAME(perm_tab)[t](s + i * t, 1);
}

#ifndef TMPL_OWN_OPS /* else the including file defines the ops table (kernel_portable.c in WebAssembly) */
const zkpi_poseidon_ops TMPL_NAME(zkpi_poseidon_ops) = {
    TMPL_NAME(op_mul), TMPL_NAME(op_sqr), TMPL_NAME(op_dot), TMPL_NAME(op_permute),
    TMPL_NAME(op_hash), TMPL_NAME(op_hash_many), TMPL_MANY,
};
#endif

/* Benchmark helper (bench/bench_poseidon.c, rows fr-mul-inline / fr-sqr-inline):
 * `iters` Montgomery products (sqr = 0) or squares on four independent
 * chains a[0..3], with the product inlined in the loop, so the figure is
 * the product's throughput without a call per product. */
void TMPL_NAME(zkpi_poseidon_mul_chains)(zkpi_fr a[4], const zkpi_fr *b, uint64_t iters, int sqr) {
    zkpi_fr x0 = a[0], x1 = a[1], x2 = a[2], x3 = a[3], y = *b;
    if (sqr)
        for (uint64_t i = 0; i < iters; i += 4) {
            k_sqr(&x0, &x0);
            k_sqr(&x1, &x1);
            k_sqr(&x2, &x2);
            k_sqr(&x3, &x3);
        }
    else
        for (uint64_t i = 0; i < iters; i += 4) {
            k_mul(&x0, &x0, &y);
            k_mul(&x1, &x1, &y);
            k_mul(&x2, &x2, &y);
            k_mul(&x3, &x3, &y);
        }
    a[0] = x0, a[1] = x1, a[2] = x2, a[3] = x3;
}

/* The partial rounds alone on a canonical state (canonical out): the IFMA
 * kernel runs the full rounds of one state in vector lanes and these in
 * scalar code. */
void TMPL_NAME(zkpi_poseidon_partial)(unsigned t, zkpi_fr *s) {
    TMPL_NAME(part_tab)[t](s, 0, zkpi_poseidon_rp[t], 1);
    if (K_LAZY(t))
        for (unsigned i = 0; i < t; i++) zkpi_bn254_condsub(s[i].v, s[i].v, zkpi_bn254_p);
    for (unsigned i = 0; i < t; i++) FR_CHECK_LT(s[i].v, 100, "zkpi_poseidon_partial output < p");
}

/* Test hook (tests/test_poseidon.c): partial round r of width t on s, in
 * the kernel's own state invariant ([0, 2p) for t <= 4, else [0, p)), so
 * the tests can feed edge values of that range. Returns the invariant's
 * bound in multiples of p (1 or 2). */
int TMPL_NAME(zkpi_poseidon_partial_round)(unsigned t, zkpi_fr *s, unsigned r) {
    TMPL_NAME(part_tab)[t](s, r, 1, 0);
    return 1 + K_LAZY(t);
}
