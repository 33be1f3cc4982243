/* Definitional Hemera oracle (see hemera_oracle.h). Independent of the
 * library's arithmetic: only the constant tables are shared, and those are
 * checked against the vectors file on their own. */
#include "hemera_oracle.h"

#include <string.h>

#include "hemera/params.h"

typedef unsigned __int128 u128;

uint64_t oracle_add(uint64_t a, uint64_t b) { return (uint64_t)(((u128)a + b) % ORACLE_P); }
uint64_t oracle_sub(uint64_t a, uint64_t b) {
    return (uint64_t)(((u128)(a % ORACLE_P) + ORACLE_P - (b % ORACLE_P)) % ORACLE_P);
}
uint64_t oracle_mul(uint64_t a, uint64_t b) { return (uint64_t)(((u128)a * b) % ORACLE_P); }

uint64_t oracle_pow(uint64_t a, uint64_t e) {
    uint64_t r = 1;
    a %= ORACLE_P;
    for (int i = 63; i >= 0; i--) {
        r = oracle_mul(r, r);
        if ((e >> i) & 1) r = oracle_mul(r, a);
    }
    return r;
}

uint64_t oracle_inv(uint64_t a) { return oracle_pow(a, ORACLE_P - 2); /* 0^(p-2) = 0 */ }

static void m4(uint64_t *x) {
    static const int M[4][4] = {{2, 3, 1, 1}, {1, 2, 3, 1}, {1, 1, 2, 3}, {3, 1, 1, 2}};
    uint64_t y[4];
    for (int r = 0; r < 4; r++) {
        uint64_t acc = 0;
        for (int c = 0; c < 4; c++) acc = oracle_add(acc, oracle_mul((uint64_t)M[r][c], x[c]));
        y[r] = acc;
    }
    memcpy(x, y, sizeof y);
}

/* M_E as the full block matrix: diagonal blocks 2*M4, the others M4. */
static void mat_ext(uint64_t *st) {
    uint64_t blocks[4][4], out[16];
    for (int c = 0; c < 4; c++) {
        memcpy(blocks[c], st + 4 * c, 32);
        m4(blocks[c]);
    }
    for (int c = 0; c < 4; c++)
        for (int k = 0; k < 4; k++) {
            uint64_t acc = 0;
            for (int c2 = 0; c2 < 4; c2++) acc = oracle_add(acc, oracle_mul(c2 == c ? 2 : 1, blocks[c2][k]));
            out[4 * c + k] = acc;
        }
    memcpy(st, out, sizeof out);
}

static void mat_int(uint64_t *st) {
    uint64_t sum = 0;
    for (int i = 0; i < 16; i++) sum = oracle_add(sum, st[i]);
    for (int i = 0; i < 16; i++) st[i] = oracle_add(oracle_mul(zkpi_hemera_diag[i], st[i]), sum);
}

static uint64_t pow7(uint64_t x) {
    uint64_t r = x;
    for (int k = 1; k < 7; k++) r = oracle_mul(r, x);
    return r;
}

static void full_round(uint64_t *st, int r) {
    for (int i = 0; i < 16; i++) st[i] = pow7(oracle_add(st[i], zkpi_hemera_rc[16 * r + i]));
    mat_ext(st);
}

static void run(uint64_t st[16], uint64_t (*trace)[16]) {
    int t = 0;
    for (int i = 0; i < 16; i++) st[i] %= ORACLE_P;
    mat_ext(st);
    if (trace) memcpy(trace[t++], st, 128);
    for (int r = 0; r < 4; r++) {
        full_round(st, r);
        if (trace) memcpy(trace[t++], st, 128);
    }
    for (int j = 0; j < 16; j++) {
        st[0] = oracle_inv(oracle_add(st[0], zkpi_hemera_rc[128 + j]));
        mat_int(st);
        if (trace) memcpy(trace[t++], st, 128);
    }
    for (int r = 4; r < 8; r++) {
        full_round(st, r);
        if (trace) memcpy(trace[t++], st, 128);
    }
}

void hemera_oracle_permute(uint64_t st[16]) { run(st, NULL); }

void hemera_oracle_permute_trace(uint64_t st[16], uint64_t trace[25][16]) { run(st, trace); }
