/*
 * The single-permutation kernels, written once and compiled once per
 * instruction-set file (permute_portable.c, permute_bmi2.c, permute_avx2.c,
 * permute_avx512.c): the including file defines HEMERA_KERNEL_SUFFIX (and
 * may replace the full rounds and the M_I side updates by vector forms, see
 * the hooks below); its own compiler flags decide the scalar code
 * (mulx/shrx/tzcnt with BMI2, umulh on aarch64, ...).
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

/* The inverse of the constant-time kernel (any u64 in, any u64 out, 0 -> 0). */
#ifndef HK_INV_CT
#define HK_INV_CT gl_inv_chain_ct
#endif

/* ---- full rounds ------------------------------------------------------------
 * A kernel file may supply its own (vector) full rounds by defining
 * HK_HAVE_FULL_ROUNDS and the four functions below before including this
 * file: hk_first_half (M_E + full rounds 0..3) and hk_second_half (full
 * rounds 4..7), each with a _ct twin; any u64 in, any u64 out. */
#ifndef HK_HAVE_FULL_ROUNDS
/* The S-box layer is written stage by stage across the 16 lanes (all x^2,
 * then all x^3, ...) rather than lane by lane: each round ends in M_E, so
 * the round is latency-bound, and issuing the independent first steps of
 * every lane early lets the out-of-order core overlap them (about 1.6x
 * faster full rounds than the lane-by-lane order with GCC and Clang). */
#define HK_DEFINE_FULL_ROUNDS(name, ADD, MUL, SQR)                                     \
    static inline __attribute__((always_inline)) void name(uint64_t s[16], const uint64_t *rc) { \
        for (int r = 0; r < HEMERA_RF_HALF; r++, rc += 16) {                         \
            uint64_t x2[16], x3[16];                                                 \
            for (int i = 0; i < 16; i++) s[i] = ADD(s[i], rc[i]);                    \
            for (int i = 0; i < 16; i++) x2[i] = SQR(s[i]);                          \
            for (int i = 0; i < 16; i++) x3[i] = MUL(x2[i], s[i]);                   \
            for (int i = 0; i < 16; i++) x2[i] = SQR(x2[i]);                         \
            for (int i = 0; i < 16; i++) s[i] = MUL(x3[i], x2[i]);                   \
            gl_mat_ext(s);                                                           \
        }                                                                            \
    }
HK_DEFINE_FULL_ROUNDS(hk_full_rounds, gl_add_1c, gl_mul, gl_sqr)
HK_DEFINE_FULL_ROUNDS(hk_full_rounds_ct, gl_add_1c_ct, gl_mul_ct, gl_sqr_ct)

static inline void hk_first_half(uint64_t s[16]) {
    gl_mat_ext(s);
    hk_full_rounds(s, zkpi_hemera_rc);
}
static inline void hk_second_half(uint64_t s[16]) { hk_full_rounds(s, zkpi_hemera_rc + HEMERA_RF_HALF * 16); }
static inline void hk_first_half_ct(uint64_t s[16]) {
    gl_mat_ext(s);
    hk_full_rounds_ct(s, zkpi_hemera_rc);
}
static inline void hk_second_half_ct(uint64_t s[16]) { hk_full_rounds_ct(s, zkpi_hemera_rc + HEMERA_RF_HALF * 16); }
#endif

/* ---- M_I updates of lanes 1..15 beside the inverse ------------------------
 * A kernel may supply a vector form by defining HK_HAVE_SIDE, a type
 * hk_side_t and: hk_side_init (load state[1..16], return S1 = their sum),
 * hk_side_update[_ct] (state[i] = d[i]*state[i] + sum for i >= 1, return
 * the new S1), hk_side_store (write state[1..16] back). S1 any u64. */
#ifndef HK_HAVE_SIDE
/* Scalar: works in place on the kernel's state array (a copy costs 10%:
 * GCC then reloads the diagonal after every store). */
typedef struct {
    uint64_t *s;
} hk_side_t;

static inline __attribute__((always_inline)) uint64_t hk_side_init(hk_side_t *sd, uint64_t s[16]) {
    sd->s = s;
    gl_w acc = gl_w_from(s[1]);
    for (int i = 2; i < 16; i++) acc = gl_w_add64(acc, s[i]);
    return gl_w_reduce_small(acc);
}

#define HK_DEFINE_SIDE_UPDATE(name, MULADD)                                          \
    static inline __attribute__((always_inline)) uint64_t name(hk_side_t *sd, uint64_t sum) { \
        const uint64_t *d = zkpi_hemera_diag;                                         \
        gl_w acc = gl_w_from(0);                                                     \
        for (int i = 1; i < 16; i++) {                                               \
            sd->s[i] = MULADD(d[i], sd->s[i], sum);                                  \
            acc = gl_w_add64(acc, sd->s[i]);                                         \
        }                                                                            \
        return gl_w_reduce_small(acc);                                               \
    }
HK_DEFINE_SIDE_UPDATE(hk_side_update, gl_muladd)
HK_DEFINE_SIDE_UPDATE(hk_side_update_ct, gl_muladd_ct)

static inline __attribute__((always_inline)) void hk_side_store(const hk_side_t *sd, uint64_t s[16]) {
    (void)sd;
    (void)s;
}
#endif

/* ---- fast (variable time) --------------------------------------------------*/

void HK_NAME(zkpi_hemera_permute)(uint64_t st[16]) {
    uint64_t s[16];
    for (int i = 0; i < 16; i++) s[i] = st[i];
    hk_first_half(s);

    const uint64_t *rcp = zkpi_hemera_rc + 2 * HEMERA_RF_HALF * 16;
    const uint64_t d0p1 = zkpi_hemera_diag[0] + 1; /* d0 < p - 1, so d0 + 1 < p */
    hk_side_t sd;
    uint64_t S1 = hk_side_init(&sd, s);
    uint64_t x = gl_add_1c(s[0], rcp[0]);
    for (int j = 0; j < HEMERA_RP; j++) {
        uint64_t y = gl_inv_vartime(x); /* canonical */
        uint64_t w = j + 1 < HEMERA_RP ? gl_add_1c(S1, rcp[j + 1]) : S1;
        /* critical path: the next S-box input (state[0] after M_I, plus RC) */
        x = gl_muladd(d0p1, y, w);
        S1 = hk_side_update(&sd, gl_add_1c(S1, y));
    }
    hk_side_store(&sd, s);
    s[0] = x; /* after the last partial round x carries no constant */

    hk_second_half(s);
    for (int i = 0; i < 16; i++) st[i] = gl_canon(s[i]);
}

/* ---- constant time -------------------------------------------------------- */

void HK_NAME(zkpi_hemera_permute_ct)(uint64_t st[16]) {
    uint64_t s[16];
    for (int i = 0; i < 16; i++) s[i] = st[i];
    hk_first_half_ct(s);

    const uint64_t *rcp = zkpi_hemera_rc + 2 * HEMERA_RF_HALF * 16;
    const uint64_t d0p1 = zkpi_hemera_diag[0] + 1;
    hk_side_t sd;
    uint64_t S1 = hk_side_init(&sd, s);
    uint64_t x = gl_add_1c_ct(s[0], rcp[0]);
    for (int j = 0; j < HEMERA_RP; j++) {
        /* the chain maps 0 (and p) to 0 with no test */
        uint64_t y = HK_INV_CT(x);
        uint64_t w = j + 1 < HEMERA_RP ? gl_add_1c_ct(S1, rcp[j + 1]) : S1;
        x = gl_muladd_ct(d0p1, y, w);
        S1 = hk_side_update_ct(&sd, gl_add_ct(S1, y)); /* y is not canonical here */
    }
    hk_side_store(&sd, s);
    s[0] = x;

    hk_second_half_ct(s);
    for (int i = 0; i < 16; i++) st[i] = gl_canon_ct(s[i]);
}

/* ---- micro-benchmark / test hook (see kernels.h) ------------------------- */

uint64_t HK_NAME(zkpi_hemera_op_chain)(int op, uint64_t x, uint64_t n) {
    const uint64_t c = 0x9E3779B97F4A7C15ull;
    switch (op) {
    case HEMERA_OP_MUL:
        for (uint64_t i = 0; i < n; i++) x = gl_mul(x, c);
        return gl_canon(x);
    case HEMERA_OP_MUL_CT:
        for (uint64_t i = 0; i < n; i++) x = gl_mul_ct(x, c);
        return gl_canon_ct(x);
    case HEMERA_OP_MUL_TPUT: {
        uint64_t v[8];
        for (int k = 0; k < 8; k++) v[k] = x + (uint64_t)k;
        for (uint64_t i = 0; i < n / 8; i++)
            for (int k = 0; k < 8; k++) v[k] = gl_mul(v[k], c);
        uint64_t r = 0;
        for (int k = 0; k < 8; k++) r ^= gl_canon(v[k]);
        return r;
    }
    case HEMERA_OP_INV_CHAIN:
        for (uint64_t i = 0; i < n; i++) x = gl_inv_chain(x) + 1;
        return gl_canon(x);
    case HEMERA_OP_INV_CHAIN_CT:
        for (uint64_t i = 0; i < n; i++) x = gl_inv_chain_ct(x) + 1;
        return gl_canon_ct(x);
    case HEMERA_OP_INV_VARTIME:
        for (uint64_t i = 0; i < n; i++) x = gl_inv_vartime(x) + 1;
        return x;
    case HEMERA_OP_INV_CT:
        for (uint64_t i = 0; i < n; i++) x = HK_INV_CT(x) + 1;
        return gl_canon_ct(x);
    default:
        return 0;
    }
}
