/*
 * BN254 field layers (src/bn254/) against the schoolbook oracle of
 * tests/ref/poseidon_bigint.c (32-bit limbs, long division; shares nothing
 * with src/bn254): the portable layer (bn254/fr.h, __int128 or 64-bit
 * halves), the WebAssembly-shaped 32-bit-limb forms (fr32.h, plain C, so
 * tested natively), the MULX/ADX layer (fr_mulx.h), the radix-2^52 IFMA
 * layer (fr52_ifma.h, eight lanes) and on aarch64 the one-pass product of
 * fr_aarch64.h, each on random inputs mixed with edge values
 * (0, 1, p - 1, p, 2p - 1, values next to 2^256 ...) as far as each
 * function's stated input bound allows, at every CPU level this machine
 * runs (an instruction-set layer only where the level has its features).
 */
#include <string.h>

#include "bn254/fr.h"
#include "bn254/fr32.h"
#include "bn254/fr_aarch64.h"
#include "bn254/layers.h"
#include "harness.h"
#include "poseidon_bigint.h"

/* ---- oracle helpers ------------------------------------------------------ */

static rb rb8(const uint64_t T[8]) { /* 8 limbs -> rb */
    rb r;
    for (int i = 0; i < 8; i++) r.w[2 * i] = (uint32_t)T[i], r.w[2 * i + 1] = (uint32_t)(T[i] >> 32);
    return r;
}
static rb rb4(const uint64_t v[4]) { return rb_from_u64x4(v); }
static void to8(uint64_t T[8], const rb *a) {
    for (int i = 0; i < 8; i++) T[i] = a->w[2 * i] | ((uint64_t)a->w[2 * i + 1] << 32);
}
/* a - b mod 2^512 */
static rb rb_sub512(const rb *a, const rb *b) {
    rb r;
    uint64_t borrow = 0;
    for (int i = 0; i < RB_LIMBS; i++) {
        uint64_t d = (uint64_t)a->w[i] - b->w[i] - borrow;
        r.w[i] = (uint32_t)d;
        borrow = (d >> 32) & 1;
    }
    return r;
}
static rb rb_modp(const rb *a) { return rb_mod(a, rb_p()); }
/* The high 256 bits of a 512-bit value, shifted down by `extra` more bits
 * (0..31). */
static rb rb_hi(const rb *a, unsigned extra) {
    rb r = rb_small(0);
    for (int i = 0; i < 8; i++) {
        uint64_t w = a->w[8 + i] | (i + 9 < RB_LIMBS ? (uint64_t)a->w[9 + i] << 32 : 0);
        r.w[i] = (uint32_t)(w >> extra);
    }
    return r;
}
static rb rb_mulsmall(const rb *a, uint32_t k) { rb s = rb_small(k); return rb_mul(a, &s); }

/* ---- inputs: random values below a bound, edge values half of the time ---- */

static int below(const rb *x, const rb *bound) { return rb_cmp(x, bound) < 0; }

/* A 256-bit value below `bound` (NULL: 2^256). */
static void pick(uint64_t v[4], const rb *bound) {
    const rb *p = rb_p();
    rb two = rb_small(2), four = rb_small(4), one = rb_small(1);
    rb p2 = rb_mul(p, &two), p4 = rb_mul(p, &four), top = rb_pow2(256), r256 = rb_sub512(&top, &one);
    const rb edges[] = {rb_small(0), rb_small(1), rb_small(2), rb_sub512(p, &one), *p, rb_add(p, &one),
                        rb_sub512(&p2, &one), p2, rb_sub512(&p4, &one), p4, rb_pow2(255), r256,
                        rb_sub512(&top, p), rb_pow2(64), rb_sub512(&top, &p2)};
    for (;;) {
        rb x;
        if (th_rand_edge64(0) & 1) {
            x = edges[th_rand_edge64(0) % (sizeof edges / sizeof edges[0])];
        } else {
            uint64_t r[4];
            th_rand_bytes(r, sizeof r);
            x = rb4(r);
            if (bound) x = rb_mod(&x, bound);
        }
        if (rb_cmp(&x, &top) >= 0 || (bound && !below(&x, bound))) continue;
        rb_to_u64x4(v, &x);
        return;
    }
}
static rb k_p_times(uint32_t num) { return rb_mulsmall(rb_p(), num); }

/* ---- the 64-bit-limb layers (portable and MULX) --------------------------- */

typedef struct wide_layer {
    const char *name;
    void (*mul512)(uint64_t T[8], const uint64_t a[4], const uint64_t b[4]);
    void (*sqr512)(uint64_t T[8], const uint64_t a[4]);
    void (*mac512)(uint64_t T[8], const uint64_t a[4], const uint64_t b[4]);
    void (*redc8)(uint64_t T[8]);
} wide_layer;

static void c_mul512(uint64_t T[8], const uint64_t a[4], const uint64_t b[4]) { zkpi_bn254_mul512_c(T, a, b); }
static void c_sqr512(uint64_t T[8], const uint64_t a[4]) { zkpi_bn254_sqr512_c(T, a); }
static void c_mac512(uint64_t T[8], const uint64_t a[4], const uint64_t b[4]) { zkpi_bn254_mac512_c(T, a, b); }
static void c_redc8(uint64_t T[8]) { zkpi_bn254_redc8_c(T); }
static void w32_mul512(uint64_t T[8], const uint64_t a[4], const uint64_t b[4]) { zkpi_bn254_mul512_w32(T, a, b); }
static void w32_sqr512(uint64_t T[8], const uint64_t a[4]) { zkpi_bn254_sqr512_w32(T, a); }
static void w32_mac512(uint64_t T[8], const uint64_t a[4], const uint64_t b[4]) { zkpi_bn254_mac512_w32(T, a, b); }
static void w32_redc8(uint64_t T[8]) { zkpi_bn254_redc8_w32(T); }

/* A Montgomery reduction's result r of T: r 2^256 = T (mod p) and
 * r <= floor(T / 2^256) + p. */
static int redc_ok(const uint64_t r[4], const rb *T) {
    rb R = rb4(r), top = rb_pow2(256), lhs = rb_mul(&R, &top);
    lhs = rb_modp(&lhs);
    rb rhs = rb_modp(T), hi = rb_hi(T, 0), lim = rb_add(&hi, rb_p());
    return rb_cmp(&lhs, &rhs) == 0 && rb_cmp(&R, &lim) <= 0;
}

static void test_wide(const wide_layer *L, uint64_t iters) {
    th_section(L->name);
    const rb top = rb_pow2(255), one = rb_small(1);
    const rb pp = rb_mul(rb_p(), rb_p());
    for (uint64_t it = 0; it < iters; it++) {
        uint64_t a[4], b[4], T[8];
        pick(a, NULL), pick(b, NULL);
        rb A = rb4(a), B = rb4(b), want = rb_mul(&A, &B);
        L->mul512(T, a, b);
        rb got = rb8(T);
        CHECK_MSG(rb_cmp(&got, &want) == 0, "%s mul512 (level %s)", L->name, th_level());
        L->sqr512(T, a);
        want = rb_mul(&A, &A), got = rb8(T);
        CHECK_MSG(rb_cmp(&got, &want) == 0, "%s sqr512 (level %s)", L->name, th_level());

        /* mac512: T + a b < 2^512 -- a, b < 2^255, T below 2^512 - a b */
        pick(a, &top), pick(b, &top);
        A = rb4(a), B = rb4(b);
        rb ab = rb_mul(&A, &B), zero = rb_small(0), room = rb_sub512(&zero, &ab); /* 2^512 - ab */
        uint64_t r8[8];
        th_rand_bytes(r8, sizeof r8);
        rb T0 = rb8(r8);
        if (it % 4 == 0) T0 = rb_sub512(&room, &one); /* the largest allowed */
        else T0 = rb_mod(&T0, &room);
        to8(T, &T0);
        L->mac512(T, a, b);
        want = rb_add(&T0, &ab), got = rb8(T);
        CHECK_MSG(rb_cmp(&got, &want) == 0, "%s mac512 (level %s)", L->name, th_level());

        /* redc8: T < 2^512 - 2^256 p */
        rb p256 = rb_mul(rb_p(), (rb[]){rb_pow2(256)}), lim = rb_sub512(&zero, &p256);
        th_rand_bytes(r8, sizeof r8);
        T0 = rb8(r8);
        switch (it % 5) {
        case 0: T0 = rb_sub512(&lim, &one); break;
        case 1: T0 = rb_mulsmall(&pp, 1 + (uint32_t)(it % 17)); break;
        case 2: T0 = rb_small((uint32_t)(it & 1)); break;
        default: T0 = rb_mod(&T0, &lim);
        }
        to8(T, &T0);
        L->redc8(T);
        CHECK_MSG(redc_ok(T + 4, &T0), "%s redc8 (level %s)", L->name, th_level());
    }
}

/* ---- the portable layer's element operations ------------------------------ */

static void test_portable_elements(uint64_t iters) {
    th_section("portable elements");
    const rb p = *rb_p();
    const rb mults[3] = {p, k_p_times(2), k_p_times(4)};
    const uint64_t *mlimbs[3] = {zkpi_bn254_p, zkpi_bn254_2p, zkpi_bn254_4p};
    rb r2 = rb4(zkpi_bn254_r2.v), top = rb_pow2(256), r2w = rb_mulmod((rb[]){rb_modp(&top)}, (rb[]){rb_modp(&top)});
    CHECK(rb_cmp(&r2, &r2w) == 0); /* R^2 mod p */
    for (int k = 0; k < 3; k++) {
        rb mk = rb4(mlimbs[k]);
        CHECK(rb_cmp(&mk, &mults[k]) == 0);
    }
    for (uint64_t it = 0; it < iters; it++) {
        zkpi_bn254_fr a, b, r;
        pick(a.v, &p), pick(b.v, &p);
        rb A = rb4(a.v), B = rb4(b.v);
        zkpi_bn254_add(&r, &a, &b);
        rb got = rb4(r.v), want = rb_addmod(&A, &B);
        CHECK_MSG(rb_cmp(&got, &want) == 0, "add");
        zkpi_bn254_sub(&r, &a, &b);
        got = rb4(r.v), want = rb_submod(&A, &B);
        CHECK_MSG(rb_cmp(&got, &want) == 0, "sub");
        /* condsub: x - m when x >= m, for x < 2^256 */
        uint64_t x[4], y[4];
        pick(x, NULL);
        rb X = rb4(x);
        for (int k = 0; k < 3; k++) {
            zkpi_bn254_condsub(y, x, mlimbs[k]);
            want = rb_cmp(&X, &mults[k]) >= 0 ? rb_sub512(&X, &mults[k]) : X;
            got = rb4(y);
            CHECK_MSG(rb_cmp(&got, &want) == 0, "condsub m = %dp", 1 << k);
        }
        CHECK_EQ_INT(zkpi_bn254_is_canonical(x), rb_cmp(&X, &p) < 0);
        /* add_raw: x + y for sums below 2^256 */
        pick(y, &p);
        rb Y = rb4(y), s = rb_add(&X, &Y);
        if (rb_cmp(&s, &top) < 0) {
            zkpi_bn254_add_raw(x, y);
            got = rb4(x);
            CHECK_MSG(rb_cmp(&got, &s) == 0, "add_raw");
        }
    }
}

/* ---- MULX fused forms ----------------------------------------------------- */

/* r (4 limbs) = (S + M p) / 2^256 for some M < 2^256: r 2^256 = S (mod p)
 * and r 2^256 < S + p 2^256. */
static int fused_ok(const uint64_t r[4], const rb *S) {
    rb R = rb4(r), top = rb_pow2(256), lhs = rb_mul(&R, &top), p256 = rb_mul(rb_p(), &top);
    rb m1 = rb_modp(&lhs), m2 = rb_modp(S), lim = rb_add(S, &p256);
    return rb_cmp(&m1, &m2) == 0 && rb_cmp(&lhs, &lim) < 0;
}

static void test_mulx_fused(uint64_t iters) {
    th_section("mulx fused");
    const rb p = *rb_p(), p2 = k_p_times(2);
    for (uint64_t it = 0; it < iters; it++) {
        uint64_t a[4][4], b[4][4], T[8];
        /* montmul: a, b < 2p -> < 2p */
        pick(a[0], &p2), pick(b[0], &p2);
        rb A = rb4(a[0]), B = rb4(b[0]), S = rb_mul(&A, &B);
        tb_mulx_montmul(T, a[0], b[0]);
        rb got = rb4(T + 4);
        CHECK_MSG(fused_ok(T + 4, &S) && rb_cmp(&got, &p2) < 0, "mulx montmul (level %s)", th_level());
        /* dotN: a (scanned) any, b (full) < p each: sum + p < 5p */
        for (unsigned n = 2; n <= 4; n++) {
            S = rb_small(0);
            for (unsigned k = 0; k < n; k++) {
                pick(a[k], NULL), pick(b[k], &p);
                A = rb4(a[k]), B = rb4(b[k]);
                rb t = rb_mul(&A, &B);
                S = rb_add(&S, &t);
            }
            tb_mulx_dot(T, (const uint64_t(*)[4])a, (const uint64_t(*)[4])b, n);
            CHECK_MSG(fused_ok(T + 4, &S), "mulx dot%u (level %s)", n, th_level());
        }
        /* dotx3: a0 a1 + a2 b0 + a3 b1, full operands a1 < 2p, b0, b1 < p */
        pick(a[0], NULL), pick(a[1], &p2), pick(a[2], NULL), pick(a[3], NULL), pick(b[0], &p), pick(b[1], &p);
        rb x0 = rb4(a[0]), x1 = rb4(a[1]), x2 = rb4(a[2]), x3 = rb4(a[3]), y0 = rb4(b[0]), y1 = rb4(b[1]);
        rb t0 = rb_mul(&x0, &x1), t1 = rb_mul(&x2, &y0), t2 = rb_mul(&x3, &y1);
        S = rb_add(&t0, &t1), S = rb_add(&S, &t2);
        tb_mulx_dotx3(T, (const uint64_t(*)[4])a, (const uint64_t(*)[4])b);
        CHECK_MSG(fused_ok(T + 4, &S), "mulx dotx3 (level %s)", th_level());
        /* montmul_pre: (T[0..3] + a b) / 2^256, a, b < 2p, T[0..3] any */
        pick(a[0], &p2), pick(b[0], &p2), pick(T, NULL);
        A = rb4(a[0]), B = rb4(b[0]);
        rb lo = rb4(T), ab = rb_mul(&A, &B);
        S = rb_add(&lo, &ab);
        tb_mulx_montmul_pre(T, a[0], b[0]);
        CHECK_MSG(fused_ok(T + 4, &S), "mulx montmul_pre (level %s)", th_level());
        /* add512: T + Y on eight limbs, any T below 2^512 - Y (the largest every 4th time) */
        uint64_t Y8[8], r8[8];
        th_rand_bytes(Y8, sizeof Y8), th_rand_bytes(r8, sizeof r8);
        rb Yv = rb8(Y8), zero = rb_small(0), one = rb_small(1), room = rb_sub512(&zero, &Yv), T0 = rb8(r8);
        if (it % 4 == 0) T0 = rb_sub512(&room, &one);
        else if (rb_cmp(&room, &zero) != 0) T0 = rb_mod(&T0, &room);
        else T0 = zero;
        to8(T, &T0);
        tb_mulx_add512(T, Y8);
        rb sum = rb_add(&T0, &Yv);
        got = rb8(T);
        CHECK_MSG(rb_cmp(&got, &sum) == 0, "mulx add512 (level %s)", th_level());
    }
}

/* ---- 32-bit-limb forms (fr32.h) ------------------------------------------ */

/* Beyond the oracle checks of test_wide: the one-pass montmul_w32 against
 * the oracle, and both reductions bit for bit against the 64-bit-limb C
 * forms (the same m, so the same integer, not just the same residue). */
static void test_w32_exact(uint64_t iters) {
    th_section("w32 montmul, redc8 bits");
    const rb p2 = k_p_times(2), zero = rb_small(0);
    const rb top = rb_pow2(256), p256 = rb_mul(rb_p(), &top), lim = rb_sub512(&zero, &p256);
    for (uint64_t it = 0; it < iters; it++) {
        uint64_t a[4], b[4], T[8], U[8];
        pick(a, &p2), pick(b, &p2); /* a, b < 2p -> < 2p */
        rb A = rb4(a), B = rb4(b), S = rb_mul(&A, &B);
        zkpi_bn254_montmul_w32(T, a, b);
        rb got = rb4(T + 4);
        CHECK_MSG(fused_ok(T + 4, &S) && rb_cmp(&got, &p2) < 0, "w32 montmul (level %s)", th_level());
        zkpi_bn254_mul512_c(U, a, b);
        zkpi_bn254_redc8_c(U);
        CHECK_MSG(memcmp(T + 4, U + 4, 32) == 0, "w32 montmul == mul512_c + redc8_c (level %s)", th_level());
        uint64_t r8[8];
        th_rand_bytes(r8, sizeof r8);
        rb T0 = rb8(r8);
        T0 = it % 3 == 0 ? rb_sub512(&lim, (rb[]){rb_small(1 + (uint32_t)(it % 7))}) : rb_mod(&T0, &lim);
        to8(T, &T0), to8(U, &T0);
        zkpi_bn254_redc8_w32(T);
        zkpi_bn254_redc8_c(U);
        CHECK_MSG(memcmp(T, U, sizeof T) == 0, "w32 redc8 == redc8_c (level %s)", th_level());
    }
}

/* ---- aarch64 one-pass product (fr_aarch64.h) ------------------------------ */

#if ZKPI_BN254_HAVE_A64
/* a, b < 2p -> < 2p, the oracle's bound, and the very bits of the portable
 * product + reduction: both add the unique M < 2^256 with a b + M p = 0 mod
 * 2^256. Outputs aliasing either input and both inputs the same too. */
static void test_a64_montmul(uint64_t iters) {
    th_section("aarch64 montmul");
    const rb p2 = k_p_times(2);
    for (uint64_t it = 0; it < iters; it++) {
        uint64_t a[4], b[4], r[4], T[8];
        pick(a, &p2), pick(b, &p2);
        rb A = rb4(a), B = rb4(b), S = rb_mul(&A, &B);
        zkpi_bn254_montmul_a64(r, a, b);
        rb got = rb4(r);
        CHECK_MSG(fused_ok(r, &S) && rb_cmp(&got, &p2) < 0, "a64 montmul vs oracle");
        zkpi_bn254_mul512_c(T, a, b);
        zkpi_bn254_redc8_c(T);
        CHECK_MSG(memcmp(r, T + 4, sizeof r) == 0, "a64 montmul vs portable");
        uint64_t x[4];
        memcpy(x, a, sizeof x);
        zkpi_bn254_montmul_a64(x, x, b);
        CHECK_MSG(memcmp(x, r, sizeof r) == 0, "a64 montmul r aliasing a");
        memcpy(x, b, sizeof x);
        zkpi_bn254_montmul_a64(x, a, x);
        CHECK_MSG(memcmp(x, r, sizeof r) == 0, "a64 montmul r aliasing b");
        zkpi_bn254_montmul_a64(x, a, a);
        zkpi_bn254_mul512_c(T, a, a);
        zkpi_bn254_redc8_c(T);
        CHECK_MSG(memcmp(x, T + 4, sizeof x) == 0, "a64 montmul square");
    }
}
#endif

/* ---- IFMA radix-2^52 layer ------------------------------------------------ */

/* r = (S + c 2^260 + M p) / 2^260, M < 2^260, normalised (< 2^256):
 * r 2^260 = S + c 2^260 (mod p) and 16 r <= floor(S / 2^256) + 16 (c + p).
 * S (up to 17 2^512, beyond the oracle's 512 bits) is given as S mod p and
 * floor(S / 2^256). */
static int ifma_ok(const uint64_t r[4], const rb *Sm, const rb *Shi, const rb *c) {
    rb R = rb4(r), k260 = rb_pow2(260), k260p = rb_modp(&k260), Rm = rb_modp(&R);
    rb lhs = rb_mulmod(&Rm, &k260p), cm = rb_modp(c), cterm = rb_mulmod(&cm, &k260p);
    rb rhs = rb_addmod(Sm, &cterm);
    rb R16 = rb_mulsmall(&R, 16), cp = rb_add(c, rb_p()), cp16 = rb_mulsmall(&cp, 16);
    rb lim = rb_add(Shi, &cp16);
    return rb_cmp(&lhs, &rhs) == 0 && rb_cmp(&R16, &lim) <= 0;
}

static void test_ifma(uint64_t iters) {
    th_section("ifma");
    static uint64_t a[17][8][4], b[17][8][4];
    uint64_t r[8][4], c[4];
    const rb p = *rb_p(), p2 = k_p_times(2), zero = rb_small(0);
    for (uint64_t it = 0; it < iters; it++) {
        /* n products of normalised elements (< 2^256), plus a constant */
        const unsigned n = it % 3 == 0 ? 1 : 1 + (unsigned)(it % 17);
        const int sqr = it % 4 == 1, with_c = it % 2 == 0;
        for (unsigned k = 0; k < n; k++)
            for (unsigned j = 0; j < 8; j++) pick(a[k][j], NULL), pick(b[k][j], NULL);
        pick(c, &p);
        tb_ifma_dot(r, (const uint64_t(*)[8][4])a, (const uint64_t(*)[8][4])b, sqr ? 1 : n, with_c ? c : NULL, sqr);
        rb C = with_c ? rb4(c) : zero;
        for (unsigned j = 0; j < 8; j++) {
            rb Sm = rb_small(0), lo = rb_small(0), hi = rb_small(0);
            for (unsigned k = 0; k < (sqr ? 1u : n); k++) {
                rb A = rb4(a[k][j]), B = sqr ? A : rb4(b[k][j]), t = rb_mul(&A, &B), th = rb_hi(&t, 0);
                rb tm = rb_modp(&t), tl = rb_sub512(&t, (rb[]){rb_mul(&th, (rb[]){rb_pow2(256)})});
                Sm = rb_addmod(&Sm, &tm), lo = rb_add(&lo, &tl), hi = rb_add(&hi, &th);
            }
            rb lo_hi = rb_hi(&lo, 0), Shi = rb_add(&hi, &lo_hi); /* floor(S / 2^256) */
            CHECK_MSG(ifma_ok(r[j], &Sm, &Shi, &C), "ifma %s n=%u lane %u (level %s)", sqr ? "sqr" : "dot",
                      sqr ? 1 : n, j, th_level());
        }
        /* split + join: canonical form of a value < 2p */
        for (unsigned j = 0; j < 8; j++) pick(a[0][j], &p2);
        tb_ifma_roundtrip(r, (const uint64_t(*)[4])a[0]);
        for (unsigned j = 0; j < 8; j++) {
            rb X = rb4(a[0][j]), want = rb_modp(&X), got = rb4(r[j]);
            CHECK_MSG(rb_cmp(&got, &want) == 0, "ifma split/join lane %u", j);
        }
    }
}

/* ---- per level ---------------------------------------------------------- */

static void per_level(void *ctx) {
    (void)ctx;
    const uint32_t cpu = zkp_cpu_active();
    const uint64_t iters = th_count(300);
    static const wide_layer portable = {"portable", c_mul512, c_sqr512, c_mac512, c_redc8};
    static const wide_layer mulx = {"mulx", tb_mulx_mul512, tb_mulx_sqr512, tb_mulx_mac512, tb_mulx_redc8};
    static const wide_layer w32 = {"w32", w32_mul512, w32_sqr512, w32_mac512, w32_redc8};
    test_wide(&portable, iters);
    test_portable_elements(iters);
    static int w32_done; /* plain C compiled into this file: one level is enough */
    if (!w32_done++) {
        test_wide(&w32, iters);
        test_w32_exact(iters);
    }
    const uint32_t need_mulx = ZKP_CPU_BMI2 | ZKP_CPU_ADX;
    if (tb_mulx_built() && (cpu & need_mulx) == need_mulx) {
        test_wide(&mulx, iters);
        test_mulx_fused(iters);
    }
    const uint32_t need_ifma = ZKP_CPU_AVX512F | ZKP_CPU_AVX512VL | ZKP_CPU_AVX512BW | ZKP_CPU_AVX512DQ |
                               ZKP_CPU_AVX512IFMA | ZKP_CPU_AVX2 | ZKP_CPU_BMI2;
    if (tb_ifma_built() && (cpu & need_ifma) == need_ifma) test_ifma(iters / 4 + 1);
#if ZKPI_BN254_HAVE_A64
    test_a64_montmul(iters); /* base aarch64 instructions: every level */
#endif
    printf("level %s: portable%s%s%s\n", th_level(), tb_mulx_built() && (cpu & need_mulx) == need_mulx ? " mulx" : "",
           tb_ifma_built() && (cpu & need_ifma) == need_ifma ? " ifma" : "", ZKPI_BN254_HAVE_A64 ? " a64" : "");
}

int main(void) {
    th_init("test_bn254");
    th_for_each_cpu_level(per_level, NULL);
    return th_finish();
}
