/* Textbook Hemera arithmetic for the batch tests; see hemera_batch_ref.h. */
#include "hemera_batch_ref.h"

#include <string.h>

typedef unsigned __int128 u128;

uint64_t ref_add(uint64_t a, uint64_t b) { return (uint64_t)(((u128)a + b) % REF_P); }
uint64_t ref_sub(uint64_t a, uint64_t b) { return (uint64_t)(((u128)(a % REF_P) + REF_P - b % REF_P) % REF_P); }
uint64_t ref_mul(uint64_t a, uint64_t b) { return (uint64_t)(((u128)a * b) % REF_P); }

uint64_t ref_pow(uint64_t x, uint64_t e) {
    uint64_t r = 1;
    x %= REF_P;
    while (e) {
        if (e & 1) r = ref_mul(r, x);
        x = ref_mul(x, x);
        e >>= 1;
    }
    return r;
}

static const uint64_t m4[4][4] = {{2, 3, 1, 1}, {1, 2, 3, 1}, {1, 1, 2, 3}, {3, 1, 1, 2}};

static uint64_t me_coef(unsigned r, unsigned c) {
    uint64_t k = m4[r % 4][c % 4];
    return r / 4 == c / 4 ? 2 * k : k;
}

static void mat_apply(uint64_t st[16], uint64_t M[16][16]) {
    uint64_t o[16];
    for (unsigned r = 0; r < 16; r++) {
        uint64_t acc = 0;
        for (unsigned c = 0; c < 16; c++) acc = ref_add(acc, ref_mul(M[r][c], st[c]));
        o[r] = acc;
    }
    memcpy(st, o, sizeof o);
}

static void me_matrix(uint64_t M[16][16]) {
    for (unsigned r = 0; r < 16; r++)
        for (unsigned c = 0; c < 16; c++) M[r][c] = me_coef(r, c);
}

static void mi_matrix(uint64_t M[16][16], const uint64_t *d) {
    for (unsigned r = 0; r < 16; r++)
        for (unsigned c = 0; c < 16; c++) M[r][c] = r == c ? ref_add(d[r] % REF_P, 1) : 1;
}

static uint64_t inv(uint64_t x) { return ref_pow(x, REF_P - 2); } /* 0 -> 0 */

static void mat_invert(uint64_t M[16][16]) {
    uint64_t A[16][32];
    for (unsigned r = 0; r < 16; r++)
        for (unsigned c = 0; c < 32; c++) A[r][c] = c < 16 ? M[r][c] : (c - 16 == r);
    for (unsigned col = 0; col < 16; col++) {
        unsigned piv = col;
        while (A[piv][col] == 0) piv++; /* the matrices are invertible */
        if (piv != col)
            for (unsigned c = 0; c < 32; c++) {
                uint64_t t = A[col][c];
                A[col][c] = A[piv][c];
                A[piv][c] = t;
            }
        uint64_t f = inv(A[col][col]);
        for (unsigned c = 0; c < 32; c++) A[col][c] = ref_mul(A[col][c], f);
        for (unsigned r = 0; r < 16; r++)
            if (r != col && A[r][col]) {
                uint64_t g = A[r][col];
                for (unsigned c = 0; c < 32; c++) A[r][c] = ref_sub(A[r][c], ref_mul(g, A[col][c]));
            }
    }
    for (unsigned r = 0; r < 16; r++)
        for (unsigned c = 0; c < 16; c++) M[r][c] = A[r][16 + c];
}

void ref_permute(uint64_t st[16], const hemera_profile *pr) {
    uint64_t ME[16][16], MI[16][16];
    me_matrix(ME);
    mi_matrix(MI, pr->diag);
    for (unsigned i = 0; i < 16; i++) st[i] %= REF_P;
    mat_apply(st, ME);
    for (unsigned r = 0; r < 2 * pr->rf_half; r++) {
        if (r == pr->rf_half)
            for (unsigned j = 0; j < pr->rp; j++) {
                uint64_t x = ref_add(st[0], pr->rc_partial[j]);
                st[0] = pr->partial_inverse ? inv(x) : ref_pow(x, 7);
                mat_apply(st, MI);
            }
        for (unsigned i = 0; i < 16; i++) st[i] = ref_pow(ref_add(st[i], pr->rc_full[16 * r + i]), 7);
        mat_apply(st, ME);
    }
    if (pr->rf_half == 0)
        for (unsigned j = 0; j < pr->rp; j++) {
            uint64_t x = ref_add(st[0], pr->rc_partial[j]);
            st[0] = pr->partial_inverse ? inv(x) : ref_pow(x, 7);
            mat_apply(st, MI);
        }
}

/* 7th root: x^(7^-1 mod (p-1)); gcd(7, p-1) = 1. */
static uint64_t root7(uint64_t x) {
    /* 7^-1 mod (p - 1) by the extended Euclidean algorithm on u128 */
    __int128 a = 7, m = (__int128)(REF_P - 1), x0 = 1, x1 = 0;
    __int128 b = m;
    while (b) {
        __int128 q = a / b, t = a - q * b;
        a = b;
        b = t;
        t = x0 - q * x1;
        x0 = x1;
        x1 = t;
    }
    if (x0 < 0) x0 += m;
    return ref_pow(x, (uint64_t)x0);
}

void ref_input_for_zero_partial(uint64_t out[16], unsigned j, const uint64_t fill[16], const hemera_profile *pr) {
    uint64_t MEi[16][16], MIi[16][16];
    me_matrix(MEi);
    mat_invert(MEi);
    mi_matrix(MIi, pr->diag);
    mat_invert(MIi);
    uint64_t st[16];
    for (unsigned i = 0; i < 16; i++) st[i] = fill[i] % REF_P;
    st[0] = ref_sub(0, pr->rc_partial[j]); /* state[0] + RC[j] == 0 */
    for (unsigned k = j; k-- > 0;) {
        mat_apply(st, MIi);
        st[0] = pr->partial_inverse ? inv(st[0]) : root7(st[0]);
        st[0] = ref_sub(st[0], pr->rc_partial[k]);
    }
    for (unsigned r = pr->rf_half; r-- > 0;) {
        mat_apply(st, MEi);
        for (unsigned i = 0; i < 16; i++) st[i] = ref_sub(root7(st[i]), pr->rc_full[16 * r + i]);
    }
    mat_apply(st, MEi);
    memcpy(out, st, sizeof st);
}
