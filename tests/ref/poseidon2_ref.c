/* The definitional Poseidon2 oracle: see poseidon2_ref.h. */
#include "poseidon2_ref.h"

#include <string.h>

static const unsigned k_circ[4][4] = {{2, 3, 1, 1}, {1, 2, 3, 1}, {1, 1, 2, 3}, {3, 1, 1, 2}};
static const unsigned k_hl[4][4] = {{5, 7, 1, 3}, {4, 6, 1, 1}, {1, 3, 5, 7}, {1, 1, 4, 6}};

/* The paper's external matrix: M4 for t = 4, else the block matrix with
 * 2 M4 on the diagonal blocks and M4 off the diagonal. */
static unsigned m_ext(p2ref_m4 which, unsigned t, unsigned i, unsigned j) {
    unsigned m = (which == P2REF_M4_HL ? k_hl : k_circ)[i % 4][j % 4];
    return (t > 4 && i / 4 == j / 4) ? 2 * m : m;
}

static uint64_t powmod31(uint64_t x, unsigned e, uint64_t p) {
    uint64_t r = 1;
    while (e--) r = r * x % p;
    return r;
}

static void ext31(uint32_t *s, unsigned t, uint32_t p) {
    uint64_t y[32];
    for (unsigned i = 0; i < t; i++) {
        y[i] = 0;
        for (unsigned j = 0; j < t; j++) y[i] = (y[i] + (uint64_t)m_ext(P2REF_M4_CIRC2311, t, i, j) * s[j]) % p;
    }
    for (unsigned i = 0; i < t; i++) s[i] = (uint32_t)y[i];
}

/* M_I = J + diag(D): the all-ones matrix plus the diagonal. */
static void int31(uint32_t *s, unsigned t, uint32_t p, const uint32_t *diag) {
    uint64_t y[32];
    for (unsigned i = 0; i < t; i++) {
        y[i] = 0;
        for (unsigned j = 0; j < t; j++) {
            uint64_t m = (1 + (i == j ? (uint64_t)diag[i] : 0)) % p;
            y[i] = (y[i] + m * s[j]) % p;
        }
    }
    for (unsigned i = 0; i < t; i++) s[i] = (uint32_t)y[i];
}

void p2ref_from_montgomery31(uint32_t p, const uint32_t *mont, unsigned n, uint32_t *out) {
    uint64_t rinv = 1, x = ((uint64_t)1 << 32) % p; /* (2^32)^(p - 2), square and multiply */
    for (uint64_t e = p - 2; e; e >>= 1, x = x * x % p)
        if (e & 1) rinv = rinv * x % p;
    for (unsigned i = 0; i < n; i++) out[i] = (uint32_t)(mont[i] * rinv % p);
}

void p2ref_permute31(uint32_t p, unsigned t, unsigned rf, unsigned rp, unsigned alpha, const uint32_t *rc,
                     const uint32_t *diag, uint32_t *s) {
    ext31(s, t, p);
    for (unsigned r = 0; r < rf + rp; r++) {
        int full = r < rf / 2 || r >= rf / 2 + rp;
        if (full) {
            for (unsigned i = 0; i < t; i++) s[i] = (uint32_t)powmod31((s[i] + (uint64_t)*rc++) % p, alpha, p);
            ext31(s, t, p);
        } else {
            s[0] = (uint32_t)powmod31((s[0] + (uint64_t)*rc++) % p, alpha, p);
            int31(s, t, p, diag);
        }
    }
}

static rb pow5(const rb *x) {
    rb r = *x;
    for (int k = 1; k < 5; k++) r = rb_mulmod(&r, x);
    return r;
}

static void ext_bn(rb s[4]) {
    rb y[4];
    for (unsigned i = 0; i < 4; i++) {
        y[i] = rb_small(0);
        for (unsigned j = 0; j < 4; j++) /* a small entry m: s_j added m times */
            for (unsigned m = m_ext(P2REF_M4_HL, 4, i, j); m > 0; m--) y[i] = rb_addmod(&y[i], &s[j]);
    }
    memcpy(s, y, sizeof y);
}

static void int_bn(rb s[4], const rb diag[4]) {
    rb y[4], one = rb_small(1);
    for (unsigned i = 0; i < 4; i++) {
        y[i] = rb_small(0);
        for (unsigned j = 0; j < 4; j++) {
            if (i != j) { /* the entry 1 */
                y[i] = rb_addmod(&y[i], &s[j]);
                continue;
            }
            rb m = rb_addmod(&one, &diag[i]), prod = rb_mulmod(&m, &s[j]);
            y[i] = rb_addmod(&y[i], &prod);
        }
    }
    memcpy(s, y, sizeof y);
}

void p2ref_permute_bn254(rb s[4], unsigned rf, unsigned rp, const rb *rc, const rb diag[4]) {
    ext_bn(s);
    for (unsigned r = 0; r < rf + rp; r++) {
        int full = r < rf / 2 || r >= rf / 2 + rp;
        for (unsigned i = 0; i < (full ? 4u : 1u); i++) {
            rb a = rb_addmod(&s[i], rc++);
            s[i] = pow5(&a);
        }
        if (full) ext_bn(s);
        else int_bn(s, diag);
    }
}
