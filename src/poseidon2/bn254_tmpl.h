/*
 * Poseidon2 over BN254, t = 4 (barretenberg's instance, Noir's
 * std::hash::poseidon2_permutation): x^5 S-box, R_F = 8, R_P = 56, M_E = M4
 * of params.h, M_I = 1 1^T + diag(D); elements in Montgomery form (R =
 * 2^256); constant time. Template parameters (docs/internals.md):
 *   TMPL_SUFFIX       the kernel name suffix
 *   V_MONTMUL(T, a, b) T[4..7] = a b / 2^256 (< 2p) for canonical a, b
 *                     (uint64_t T[8], a and b uint64_t[4])
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

ZKP_INLINE void p2b_sbox(zkpi_bn254_fr *x) {
    zkpi_bn254_fr x2, x4;
    p2b_mul(&x2, x, x);
    p2b_mul(&x4, &x2, &x2);
    p2b_mul(x, &x4, x);
}

/* y = M4 x with M4 = [[5,7,1,3],[4,6,1,1],[1,3,5,7],[1,1,4,6]] in additions:
 * a = x0 + x1, b = x2 + x3, c = 2 x1 + b, d = 2 x3 + a; then row 3 is
 * 4b + d, row 1 is 4a + c, row 0 is row 1 + d, row 2 is row 3 + c. */
ZKP_INLINE void p2b_m4(zkpi_bn254_fr x[4]) {
    zkpi_bn254_fr a, b, c, d, r0, r1, r2, r3;
    zkpi_bn254_add(&a, &x[0], &x[1]);
    zkpi_bn254_add(&b, &x[2], &x[3]);
    zkpi_bn254_add(&c, &x[1], &x[1]);
    zkpi_bn254_add(&c, &c, &b);
    zkpi_bn254_add(&d, &x[3], &x[3]);
    zkpi_bn254_add(&d, &d, &a);
    zkpi_bn254_add(&r3, &b, &b);
    zkpi_bn254_add(&r3, &r3, &r3);
    zkpi_bn254_add(&r3, &r3, &d);
    zkpi_bn254_add(&r1, &a, &a);
    zkpi_bn254_add(&r1, &r1, &r1);
    zkpi_bn254_add(&r1, &r1, &c);
    zkpi_bn254_add(&r0, &r1, &d);
    zkpi_bn254_add(&r2, &r3, &c);
    x[0] = r0, x[1] = r1, x[2] = r2, x[3] = r3;
}

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
    for (int r = 0; r < ZKPI_P2_BN254_RP; r++, rc++) {
        zkpi_bn254_add(&s[0], &s[0], rc);
        p2b_sbox(&s[0]);
        zkpi_bn254_fr sum;
        zkpi_bn254_add(&sum, &s[0], &s[1]);
        zkpi_bn254_add(&sum, &sum, &s[2]);
        zkpi_bn254_add(&sum, &sum, &s[3]);
        for (int i = 0; i < 4; i++) {
            p2b_mul(&s[i], &s[i], &zkpi_p2_diag_bn254[i]);
            zkpi_bn254_add(&s[i], &s[i], &sum);
        }
    }
    for (int r = 0; r < ZKPI_P2_RF / 2; r++, rc += 4) p2b_full_round(s, rc);
}
