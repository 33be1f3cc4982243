/*
 * The single-permutation kernels, written once and compiled once per
 * instruction-set file (permute_portable.c, permute_bmi2.c): the including
 * file defines HEMERA_KERNEL_SUFFIX and its own compiler flags decide the
 * code (mulx/shrx/tzcnt with BMI2, umulh on aarch64, ...).
 *
 * Structure (spec section 3): M_E; 4 full rounds; 16 partial rounds; 4 full
 * rounds; canonicalise. The partial rounds are fused: only lane 0 is on the
 * critical path, so the kernel carries x = (next S-box input) and
 * S1 = sum(state[1..16]) and computes
 *     y = inverse(x),   x' = (d0 + 1)*y + (S1 + RC[next])
 * (one multiply after each inverse), while the fifteen updates
 * state[i] = d[i]*state[i] + (y + S1) run beside the next inverse.
 */
#include "hemera/gl.h"
#include "hemera/kernels.h"
#include "hemera/params.h"

#define HK_CAT2(a, b) a##_##b
#define HK_CAT(a, b) HK_CAT2(a, b)
#define HK_NAME(base) HK_CAT(base, HEMERA_KERNEL_SUFFIX)

/* ---- fast (variable time) --------------------------------------------------*/

static inline __attribute__((always_inline)) void hk_full_rounds(uint64_t s[16], const uint64_t *rc) {
    for (int r = 0; r < HEMERA_RF_HALF; r++) {
        for (int i = 0; i < 16; i++) s[i] = gl_pow7(gl_add_1c(s[i], rc[16 * r + i]));
        gl_mat_ext(s);
    }
}

static inline __attribute__((always_inline)) void hk_full_rounds_ct(uint64_t s[16], const uint64_t *rc) {
    for (int r = 0; r < HEMERA_RF_HALF; r++) {
        for (int i = 0; i < 16; i++) s[i] = gl_pow7_ct(gl_add_1c_ct(s[i], rc[16 * r + i]));
        gl_mat_ext(s);
    }
}

void HK_NAME(zkp_hemera_permute)(uint64_t st[16]) {
    uint64_t s[16];
    for (int i = 0; i < 16; i++) s[i] = st[i];
    gl_mat_ext(s);
    hk_full_rounds(s, zkp_hemera_rc);

    const uint64_t *d = zkp_hemera_diag;
    const uint64_t *rcp = zkp_hemera_rc + 2 * HEMERA_RF_HALF * 16;
    const uint64_t d0p1 = d[0] + 1; /* d0 < p - 1, so d0 + 1 < p */
    gl_u128 acc = 0;
    for (int i = 1; i < 16; i++) acc += s[i];
    uint64_t S1 = gl_reduce_u128_small(acc);
    uint64_t x = gl_add_1c(s[0], rcp[0]);
    for (int j = 0; j < HEMERA_RP; j++) {
        uint64_t y = gl_inv_vartime(x); /* canonical */
        uint64_t w = j + 1 < HEMERA_RP ? gl_add_1c(S1, rcp[j + 1]) : S1;
        /* critical path: the next S-box input (state[0] after M_I, plus RC) */
        x = gl_muladd(d0p1, y, w);
        uint64_t sum = gl_add_1c(S1, y);
        acc = 0;
        for (int i = 1; i < 16; i++) {
            s[i] = gl_muladd(d[i], s[i], sum);
            acc += s[i];
        }
        S1 = gl_reduce_u128_small(acc);
    }
    s[0] = x; /* after the last partial round x carries no constant */

    hk_full_rounds(s, zkp_hemera_rc + HEMERA_RF_HALF * 16);
    for (int i = 0; i < 16; i++) st[i] = gl_canon(s[i]);
}

/* ---- constant time -------------------------------------------------------- */

void HK_NAME(zkp_hemera_permute_ct)(uint64_t st[16]) {
    uint64_t s[16];
    for (int i = 0; i < 16; i++) s[i] = st[i];
    gl_mat_ext(s);
    hk_full_rounds_ct(s, zkp_hemera_rc);

    const uint64_t *d = zkp_hemera_diag;
    const uint64_t *rcp = zkp_hemera_rc + 2 * HEMERA_RF_HALF * 16;
    const uint64_t d0p1 = d[0] + 1;
    gl_u128 acc = 0;
    for (int i = 1; i < 16; i++) acc += s[i];
    uint64_t S1 = gl_reduce_u128_small(acc);
    uint64_t x = gl_add_1c_ct(s[0], rcp[0]);
    for (int j = 0; j < HEMERA_RP; j++) {
        /* the chain maps 0 (and p) to 0 with no test */
        uint64_t y = gl_inv_chain_ct(x);
        uint64_t w = j + 1 < HEMERA_RP ? gl_add_1c_ct(S1, rcp[j + 1]) : S1;
        x = gl_muladd_ct(d0p1, y, w);
        uint64_t sum = gl_add_ct(S1, y); /* y is not canonical here */
        acc = 0;
        for (int i = 1; i < 16; i++) {
            s[i] = gl_muladd_ct(d[i], s[i], sum);
            acc += s[i];
        }
        S1 = gl_reduce_u128_small(acc);
    }
    s[0] = x;

    hk_full_rounds_ct(s, zkp_hemera_rc + HEMERA_RF_HALF * 16);
    for (int i = 0; i < 16; i++) st[i] = gl_canon_ct(s[i]);
}
