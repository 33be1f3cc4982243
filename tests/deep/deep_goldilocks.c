/*
 * Deep run, Goldilocks field p = 2^64 - 2^32 + 1 (deep.h).
 *
 *   ops      the public scalar functions (reduce, reduce128, add, sub, neg,
 *            mul, square, pow, inverse, inverse_vartime) on edge and random
 *            operands, non-canonical ones ([p, 2^64)) included, against an
 *            unsigned __int128 remainder reference; inverses also by
 *            a * a^-1 == 1; oracle: bit-serial (shift-and-subtract) 128-bit
 *            remainders and a square-and-multiply power on them.
 *   kernels  the field code each Hemera kernel inlines (op_chain hooks of
 *            every kernel: mul, mul_ct, 8-chain throughput mul, the inverse
 *            chains, binary-GCD and constant-time inverses) against the
 *            portable kernel and the u128 reference.
 *
 * The public calls go through the wrappers below only (one place to follow
 * an API rename).
 */
#include <string.h>

#include "core/cpu_internal.h"
#include "deep.h"
#include "hemera/kernels.h"
#include "zkprim/goldilocks.h"

#define P 0xFFFFFFFF00000001ull
typedef unsigned __int128 u128;

/* ---- the API under test ----------------------------------------------------- */

static uint64_t api_reduce(uint64_t x) { return zkp_goldilocks_reduce(x); }
static uint64_t api_reduce128(uint64_t lo, uint64_t hi) { return zkp_goldilocks_reduce128(lo, hi); }
static uint64_t api_add(uint64_t a, uint64_t b) { return zkp_goldilocks_add(a, b); }
static uint64_t api_sub(uint64_t a, uint64_t b) { return zkp_goldilocks_sub(a, b); }
static uint64_t api_neg(uint64_t a) { return zkp_goldilocks_neg(a); }
static uint64_t api_mul(uint64_t a, uint64_t b) { return zkp_goldilocks_mul(a, b); }
static uint64_t api_square(uint64_t a) { return zkp_goldilocks_square(a); }
static uint64_t api_pow(uint64_t a, uint64_t e) { return zkp_goldilocks_pow(a, e); }
/* The inverses return a status: ZKP_ERR_RANGE exactly for a = 0 mod p (with r = 0). A status
 * that disagrees turns into a non-canonical result, which every comparison reports. */
static uint64_t api_inv_checked(zkp_status s, uint64_t r, uint64_t a) {
    return ((s == ZKP_ERR_RANGE) == (a % P == 0) && (s == ZKP_OK || s == ZKP_ERR_RANGE)) ? r : ~0ull;
}
static uint64_t api_inv(uint64_t a) { uint64_t r = 1; zkp_status s = zkp_goldilocks_inv(&r, a); return api_inv_checked(s, r, a); }
static uint64_t api_inv_vartime(uint64_t a) {
    uint64_t r = 1;
    zkp_status s = zkp_goldilocks_inv_vartime(&r, a);
    return api_inv_checked(s, r, a);
}

/* ---- references ------------------------------------------------------------------ */

static uint64_t r_mod(u128 x) { return (uint64_t)(x % P); }
static uint64_t r_mul(uint64_t a, uint64_t b) { return r_mod((u128)a * b); }
static uint64_t r_pow(uint64_t a, uint64_t e) {
    uint64_t r = 1, b = a % P;
    for (; e; e >>= 1, b = r_mul(b, b))
        if (e & 1) r = r_mul(r, b);
    return r;
}
static uint64_t r_inv(uint64_t a) { return r_pow(a, P - 2); /* 0 -> 0 */ }

/* The oracle: 128-bit remainder one bit at a time (no division). */
static uint64_t o_mod(u128 x) {
    u128 r = 0;
    for (int i = 127; i >= 0; i--) {
        r = (r << 1) | (uint64_t)((x >> i) & 1); /* r < 2p < 2^65 */
        if (r >= P) r -= P;
    }
    return (uint64_t)r;
}
static uint64_t o_pow(uint64_t a, uint64_t e) {
    uint64_t r = 1;
    a = o_mod(a);
    for (int i = 63; i >= 0; i--) {
        r = o_mod((u128)r * r);
        if ((e >> i) & 1) r = o_mod((u128)r * a);
    }
    return r;
}

static const uint64_t k_edges[] = {0,         1,         2,         P - 2,       P - 1,        P,
                                   P + 1,     P + 2,     ~0ull,     ~0ull - 1,   0xFFFFFFFFull, 0x100000000ull,
                                   1ull << 63, (1ull << 63) + 1, 0xFFFFFFFEFFFFFFFFull, 0x1FFFFFFFEull};
#define NEDGES (sizeof k_edges / sizeof k_edges[0])

static uint64_t operand(void) {
    if (th_rand_below(8) == 0) return P + th_rand_below(0xFFFFFFFFull); /* non-canonical */
    return deep_edge_u64(k_edges, NEDGES);
}

static void suite_ops(void) {
    deep_suite S;
    if (!deep_begin(&S, "goldilocks", "ops")) return;
    deep_kernel(&S, "public");
    uint64_t in[3], got[10], want[10];
    static const char *const names[10] = {"reduce", "reduce128", "add", "sub", "neg",
                                          "mul",    "square",    "pow", "inverse", "inverse_vartime"};
    char what[64];
    for (uint64_t i = 0; i < g_deep.n; i++) {
        const uint64_t a = operand(), b = operand(), e = operand();
        in[0] = a, in[1] = b, in[2] = e;
        got[0] = api_reduce(a), want[0] = a % P;
        got[1] = api_reduce128(a, b), want[1] = r_mod((u128)b << 64 | a);
        got[2] = api_add(a, b), want[2] = r_mod((u128)a + b);
        got[3] = api_sub(a, b), want[3] = r_mod((u128)(a % P) + P - b % P);
        got[4] = api_neg(a), want[4] = r_mod(P - a % P);
        got[5] = api_mul(a, b), want[5] = r_mul(a, b);
        got[6] = api_square(a), want[6] = r_mul(a, a);
        got[7] = api_pow(a, e), want[7] = r_pow(a, e);
        got[8] = api_inv(a), want[8] = r_inv(a);
        got[9] = api_inv_vartime(a), want[9] = want[8];
        for (int k = 0; k < 10; k++) {
            snprintf(what, sizeof what, "%s vs u128 reference", names[k]);
            deep_eq(&S, what, &got[k], &want[k], 8, in, sizeof in);
        }
        deep_ok(&S, "a * inverse(a) == 1 (or a = 0 mod p and 0)",
                a % P ? r_mul(a, got[8]) == 1 : got[8] == 0, in, sizeof in);
        if (deep_oracle_pick(&S, i)) {
            uint64_t o[4] = {o_mod((u128)b << 64 | a), o_mod((u128)a * b), o_pow(a, e), o_pow(a, P - 2)};
            deep_eq(&S, "reduce128 vs bit-serial oracle", &got[1], &o[0], 8, in, sizeof in);
            deep_eq(&S, "mul vs bit-serial oracle", &got[5], &o[1], 8, in, sizeof in);
            deep_eq(&S, "pow vs bit-serial oracle", &got[7], &o[2], 8, in, sizeof in);
            deep_eq(&S, "inverse vs bit-serial oracle", &got[8], &o[3], 8, in, sizeof in);
        }
        S.inputs++;
    }
    deep_end(&S);
}

/* ---- kernels --------------------------------------------------------------------- */

static const uint64_t k_c = 0x9E3779B97F4A7C15ull; /* op_chain's multiplier */

typedef struct {
    uint64_t (*mod)(u128 x);
    uint64_t (*pow)(uint64_t a, uint64_t e);
} field_ref;
static const field_ref k_u128 = {r_mod, r_pow}, k_bitserial = {o_mod, o_pow};

/* op_chain (src/hemera/permute_impl.h) on a reference field: x through n
 * steps, canonical result. */
static uint64_t ref_chain(const field_ref *F, int op, uint64_t x, uint64_t n) {
    switch (op) {
    case HEMERA_OP_MUL:
    case HEMERA_OP_MUL_CT:
        for (uint64_t i = 0; i < n; i++) x = F->mod((u128)x * k_c);
        return F->mod(x);
    case HEMERA_OP_MUL_TPUT: {
        uint64_t r = 0;
        for (int k = 0; k < 8; k++) {
            uint64_t v = x + (uint64_t)k; /* as the kernel: a u64 sum, then field steps */
            for (uint64_t i = 0; i < n / 8; i++) v = F->mod((u128)v * k_c);
            r ^= F->mod(v);
        }
        return r;
    }
    default: /* the inverse chains: x <- x^-1 + 1 (0^-1 = 0) */
        for (uint64_t i = 0; i < n; i++) x = F->mod((u128)F->pow(x, P - 2) + 1);
        return x;
    }
}

static void suite_kernels(void) {
    deep_suite S;
    if (!deep_begin(&S, "goldilocks", "kernels")) return;
    static const char *const ops[HEMERA_OP_COUNT] = {"mul", "mul_ct", "mul_tput", "inv_chain", "inv_chain_ct",
                                                     "inv_vartime", "inv_ct"};
    const hemera_perm_kernel *port = &zkpi_hemera_perm_kernels[zkpi_hemera_perm_kernel_count - 1];
    char what[96];
    for (unsigned k = 0; k < zkpi_hemera_perm_kernel_count; k++)
        if (zkpi_kernel_usable(&zkpi_hemera_perm_kernels[k].info)) deep_kernel(&S, zkpi_hemera_perm_kernels[k].info.name);
    for (uint64_t i = 0; i < g_deep.n; i++) {
        const int op = (int)(i % HEMERA_OP_COUNT);
        const uint64_t x = operand(), n = op == HEMERA_OP_MUL_TPUT ? 8 * (1 + th_rand_below(4)) : 1 + th_rand_below(4);
        const uint64_t in[3] = {(uint64_t)op, x, n};
        const uint64_t want = port->op_chain(op, x, n), ref = ref_chain(&k_u128, op, x, n), wc = op == HEMERA_OP_MUL_TPUT ? want : want % P;
        snprintf(what, sizeof what, "portable %s chain vs u128 reference", ops[op]);
        deep_eq(&S, what, &wc, &ref, 8, in, sizeof in);
        for (unsigned k = 0; k + 1 < zkpi_hemera_perm_kernel_count; k++) {
            const hemera_perm_kernel *K = &zkpi_hemera_perm_kernels[k];
            if (!zkpi_kernel_usable(&K->info)) continue;
            const uint64_t got = K->op_chain(op, x, n);
            snprintf(what, sizeof what, "%s %s chain vs portable", K->info.name, ops[op]);
            deep_eq(&S, what, &got, &want, 8, in, sizeof in);
        }
        if (deep_oracle_pick(&S, i)) {
            const uint64_t o = ref_chain(&k_bitserial, op, x, n);
            snprintf(what, sizeof what, "portable %s chain vs bit-serial oracle", ops[op]);
            deep_eq(&S, what, &wc, &o, 8, in, sizeof in);
        }
        S.inputs++;
    }
    deep_end(&S);
}

int deep_goldilocks(void) {
    suite_ops();
    suite_kernels();
    return 0;
}
