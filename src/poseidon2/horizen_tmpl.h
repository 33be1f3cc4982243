/*
 * The Poseidon2 permutation as the HorizenLabs reference computes it
 * (eprint 2023/323; plain_implementations/src/poseidon2/poseidon2.rs), over
 * any field layer. Written for clarity: one state in memory, no lazy
 * reductions; the only branches are on the instance's public shape.
 *
 * The includer defines, then includes this file (once per field):
 *   HZ_FE               the element type
 *   HZ_CTX              the type of the field argument every operation takes
 *   HZ_ADD(c, r, a, b)  *r = *a + *b   (pointers; r may alias a or b)
 *   HZ_MUL(c, r, a, b)  *r = *a * *b
 *   HZ_NAME(x)          the name of the generated static function x
 * and gets HZ_NAME(permute)(c, state, inst shape, rc, diag).
 *
 * The rounds: M_E; R_F / 2 full rounds (t constants, S-box x^alpha on
 * every lane, M_E); R_P partial rounds (one constant and the S-box on lane
 * 0, M_I); R_F / 2 full rounds.
 *  - M_E: t = 2: circ(2, 1); t = 3: circ(2, 1, 1); t = 4k: the matrix M4
 *    = [[5,7,1,3],[4,6,1,1],[1,3,5,7],[1,1,4,6]] on each block of four,
 *    then every lane plus the sum of the lanes at its position in all
 *    blocks (circ(2 M4, M4, ..., M4) for t >= 8).
 *  - M_I: t = 2: [[2,1],[1,3]]; t = 3: [[2,1,1],[1,2,1],[1,1,3]]; t >= 4:
 *    s_i -> D_i s_i + sum(s) (1 1^T + diag(D)).
 */

/* x^alpha, alpha = 5 or 7. */
static void HZ_NAME(sbox)(HZ_CTX c, HZ_FE *x, unsigned alpha) {
    HZ_FE x2, x4;
    HZ_MUL(c, &x2, x, x);
    HZ_MUL(c, &x4, &x2, &x2);
    if (alpha == 7) HZ_MUL(c, &x4, &x4, &x2);
    HZ_MUL(c, x, &x4, x);
}

/* M4 on s[0..3] in additions only: with a = s0 + s1, b = s2 + s3,
 * u = 2 s1 + b, v = 2 s3 + a, the rows are (v + 4a + u, 4a + u, u + 4b + v,
 * 4b + v). */
static void HZ_NAME(m4)(HZ_CTX c, HZ_FE *s) {
    HZ_FE a, b, u, v, a4, b4;
    HZ_ADD(c, &a, &s[0], &s[1]);
    HZ_ADD(c, &b, &s[2], &s[3]);
    HZ_ADD(c, &u, &s[1], &s[1]);
    HZ_ADD(c, &u, &u, &b);
    HZ_ADD(c, &v, &s[3], &s[3]);
    HZ_ADD(c, &v, &v, &a);
    HZ_ADD(c, &a4, &a, &a);
    HZ_ADD(c, &a4, &a4, &a4);
    HZ_ADD(c, &b4, &b, &b);
    HZ_ADD(c, &b4, &b4, &b4);
    HZ_ADD(c, &s[1], &a4, &u); /* 4 s0 + 6 s1 + s2 + s3 */
    HZ_ADD(c, &s[3], &b4, &v); /* s0 + s1 + 4 s2 + 6 s3 */
    HZ_ADD(c, &s[0], &s[1], &v);
    HZ_ADD(c, &s[2], &s[3], &u);
}

/* The sum of all t lanes. */
static void HZ_NAME(sum)(HZ_CTX c, HZ_FE *sum, const HZ_FE *s, unsigned t) {
    *sum = s[0];
    for (unsigned i = 1; i < t; i++) HZ_ADD(c, sum, sum, &s[i]);
}

static void HZ_NAME(external)(HZ_CTX c, HZ_FE *s, unsigned t) {
    if (t <= 3) { /* circ(2, 1[, 1]): each lane plus the sum */
        HZ_FE sum;
        HZ_NAME(sum)(c, &sum, s, t);
        for (unsigned i = 0; i < t; i++) HZ_ADD(c, &s[i], &s[i], &sum);
        return;
    }
    for (unsigned i = 0; i < t; i += 4) HZ_NAME(m4)(c, s + i);
    if (t == 4) return;
    HZ_FE col[4];
    for (unsigned l = 0; l < 4; l++) {
        col[l] = s[l];
        for (unsigned i = 4 + l; i < t; i += 4) HZ_ADD(c, &col[l], &col[l], &s[i]);
    }
    for (unsigned i = 0; i < t; i++) HZ_ADD(c, &s[i], &s[i], &col[i % 4]);
}

static void HZ_NAME(internal)(HZ_CTX c, HZ_FE *s, unsigned t, const HZ_FE *diag) {
    HZ_FE sum;
    HZ_NAME(sum)(c, &sum, s, t);
    if (t <= 3) { /* 1 1^T + diag(1, ..., 1, 2): the last lane counts thrice */
        HZ_ADD(c, &s[t - 1], &s[t - 1], &s[t - 1]);
        for (unsigned i = 0; i < t; i++) HZ_ADD(c, &s[i], &s[i], &sum);
        return;
    }
    for (unsigned i = 0; i < t; i++) {
        HZ_MUL(c, &s[i], &s[i], &diag[i]);
        HZ_ADD(c, &s[i], &s[i], &sum);
    }
}

static void HZ_NAME(full_round)(HZ_CTX c, HZ_FE *s, unsigned t, unsigned alpha, const HZ_FE *rc) {
    for (unsigned i = 0; i < t; i++) {
        HZ_ADD(c, &s[i], &s[i], &rc[i]);
        HZ_NAME(sbox)(c, &s[i], alpha);
    }
    HZ_NAME(external)(c, s, t);
}

static void HZ_NAME(permute)(HZ_CTX c, HZ_FE *s, unsigned t, unsigned alpha, unsigned rf, unsigned rp,
                             const HZ_FE *rc, const HZ_FE *diag) {
    HZ_NAME(external)(c, s, t);
    for (unsigned r = 0; r < rf / 2; r++, rc += t) HZ_NAME(full_round)(c, s, t, alpha, rc);
    for (unsigned r = 0; r < rp; r++, rc++) {
        HZ_ADD(c, &s[0], &s[0], rc);
        HZ_NAME(sbox)(c, &s[0], alpha);
        HZ_NAME(internal)(c, s, t, diag);
    }
    for (unsigned r = 0; r < rf / 2; r++, rc += t) HZ_NAME(full_round)(c, s, t, alpha, rc);
}
