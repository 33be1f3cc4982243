/*
 * Poseidon2 over BN254, t = 4 (barretenberg's instance, Noir's
 * std::hash::poseidon2_permutation): x^5 S-box, R_F = 8, R_P = 56, M_E = M4
 * of params.h, M_I = 1 1^T + diag(D); elements in Montgomery form (R =
 * 2^256); constant time. Template parameters (docs/internals.md):
 *   TMPL_SUFFIX       the kernel name suffix
 *   V_MONTMUL(T, a, b) T[4..7] = a b / 2^256 (< 2p) for a, b < 2p
 *                     (uint64_t T[8], a and b uint64_t[4])
 *   V_SQR512(T, a)    T = a^2 (uint64_t T[8], a uint64_t[4])
 *   V_REDC8(T)        T[4..7] = (T + m p) / 2^256 < T / 2^256 + p
 * Defines TMPL_NAME(zkpi_p2_bn254_permute_mont) (bn254.h). Instances:
 * bn254_portable.c (bn254/fr.h), bn254_bmi2.c (bn254/fr_mulx.h).
 */
#include "bn254/fr.h"
#include "core/tmpl.h"
#include "poseidon2/bn254.h"
#include "poseidon2/params.h"

ZKP_INLINE void p2b_mul(zkpi_bn254_fr *r, const zkpi_bn254_fr *a, const zkpi_bn254_fr *b) {
    uint64_t T[8];
    V_MONTMUL(T, a->v, b->v); /* < 2p for canonical a, b */
    zkpi_bn254_condsub(r->v, T + 4, zkpi_bn254_p);
}

/* x^2 / R left in [0, 2p): for a < 2p, a^2 < 4p^2 < 2^512 - 2^256 p (the
 * reduction's precondition) and the result is < 4p^2 / 2^256 + p < 1.76p.
 * The squaring's 10 limb products (instead of 16) and no conditional
 * subtraction: the next product takes operands < 2p. */
ZKP_INLINE void p2b_sqr_lazy(zkpi_bn254_fr *r, const zkpi_bn254_fr *a) {
    uint64_t T[8];
    ZKP_VERIFY_CHECK(zkpi_bn254_verify_lt(a->v, 2, 1), "p2b_sqr_lazy operand < 2p");
    V_SQR512(T, a->v);
    V_REDC8(T);
    ZKP_VERIFY_CHECK(zkpi_bn254_verify_lt(T + 4, 2, 1), "p2b_sqr_lazy a^2 / R < 2p");
    r->v[0] = T[4], r->v[1] = T[5], r->v[2] = T[6], r->v[3] = T[7];
}

/* x^5 for canonical x: x^2 and x^4 stay in [0, 2p), x^4 x / R < 2p is made
 * canonical once. */
ZKP_INLINE void p2b_sbox(zkpi_bn254_fr *x) {
    zkpi_bn254_fr x2, x4;
    p2b_sqr_lazy(&x2, x);
    p2b_sqr_lazy(&x4, &x2);
    p2b_mul(x, &x4, x);
}

/* s0 + s1 + s2 + s3 for canonical lanes: the raw sum (< 4p < 2^256) is made
 * canonical by subtracting 2p, then p, when not below (two conditional
 * subtractions instead of one per addition). */
ZKP_INLINE void p2b_sum4(zkpi_bn254_fr *r, const zkpi_bn254_fr s[4]) {
    uint64_t x[4] = {s[0].v[0], s[0].v[1], s[0].v[2], s[0].v[3]};
    for (int i = 0; i < 4; i++) ZKP_VERIFY_CHECK(zkpi_bn254_verify_lt(s[i].v, 1, 1), "p2b_sum4 lanes < p");
    zkpi_bn254_add_raw(x, s[1].v);
    zkpi_bn254_add_raw(x, s[2].v);
    zkpi_bn254_add_raw(x, s[3].v);
    zkpi_bn254_condsub(x, x, zkpi_bn254_2p);
    ZKP_VERIFY_CHECK(zkpi_bn254_verify_lt(x, 2, 1), "p2b_sum4 sum - 2p (if >= 2p) < 2p");
    zkpi_bn254_condsub(r->v, x, zkpi_bn254_p);
}

/* y = M4 x in modular additions (bn254.h). */
ZKP_INLINE void p2b_m4(zkpi_bn254_fr x[4]) { ZKPI_P2_BN254_M4(zkpi_bn254_fr, zkpi_bn254_add, x); }

ZKP_INLINE void p2b_full_round(zkpi_bn254_fr s[4], const zkpi_bn254_fr *rc) {
    for (int i = 0; i < 4; i++) {
        zkpi_bn254_add(&s[i], &s[i], &rc[i]);
        p2b_sbox(&s[i]);
    }
    p2b_m4(s);
}

void TMPL_NAME(zkpi_p2_bn254_permute_mont)(zkpi_bn254_fr s[4]) {
    const zkpi_bn254_fr *rc = zkpi_p2_rc_bn254;
    p2b_m4(s);
    for (int r = 0; r < ZKPI_P2_RF / 2; r++, rc += 4) p2b_full_round(s, rc);
    /* M_I = 1 1^T + diag(D): s_i' = D_i s_i + (s_0 + s_1 + s_2 + s_3) after
     * lane 0's S-box. The products D_k s_k (k >= 1) do not wait for the
     * S-box: written between its dependent steps, they fill the multiplier
     * while each step's product waits for the previous one (3-6 % faster
     * than after it, bmi2). */
    for (int r = 0; r < ZKPI_P2_BN254_RP; r++, rc++) {
        zkpi_bn254_fr x, x2, x4, t1, t2, t3, sum;
        zkpi_bn254_add(&x, &s[0], rc);
        p2b_sqr_lazy(&x2, &x);
        p2b_mul(&t1, &s[1], &zkpi_p2_diag_bn254[1]);
        p2b_sqr_lazy(&x4, &x2);
        p2b_mul(&t2, &s[2], &zkpi_p2_diag_bn254[2]);
        p2b_mul(&s[0], &x4, &x); /* x^5 (p2b_sbox's steps) */
        p2b_mul(&t3, &s[3], &zkpi_p2_diag_bn254[3]);
        p2b_sum4(&sum, s);
        p2b_mul(&s[0], &s[0], &zkpi_p2_diag_bn254[0]);
        zkpi_bn254_add(&s[0], &s[0], &sum);
        zkpi_bn254_add(&s[1], &t1, &sum);
        zkpi_bn254_add(&s[2], &t2, &sum);
        zkpi_bn254_add(&s[3], &t3, &sum);
    }
    for (int r = 0; r < ZKPI_P2_RF / 2; r++, rc += 4) p2b_full_round(s, rc);
}
