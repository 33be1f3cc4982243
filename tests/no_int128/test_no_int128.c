/*
 * ctest no-int128: the arithmetic 32-bit targets (rv32im) build, checked on
 * the host. The ni_* functions are the library's Goldilocks and BN254 code
 * compiled without unsigned __int128 and without inline asm (ni.h); each is
 * held bit for bit against the library's own (__int128, asm on x86-64) code
 * on edge and random values, and the 64x64 -> 128 helpers and the Goldilocks
 * product also against a definitional __int128 oracle. Then the kernels:
 * Hemera permutations (single, constant-time, batched) and every Poseidon
 * BN254 operation (mul, sqr, dot, permute, hash, hash_many, t = 2..17).
 * The same checks hold the WebAssembly-shaped forms (w32_*: bn254/fr32.h,
 * goldilocks/gl32.h, the lane-complementing Keccak round, forced on the host
 * by ZKP_TEST_WASM_ARITH) against the library's code.
 * In the verify stage (-DZKP_VERIFY=ON reaches these files too) the no-
 * __int128 kernels run with every documented bound checked.
 */
#include <string.h>

#include "harness.h"
#include "no_int128/ni.h"

#include "goldilocks/gl.h"
#include "hemera/batch_internal.h"
#include "hemera/kernels.h"
#include "hemera/params.h"
#include "bn254/fr.h"
#include "bn254/fr_wasm29.h"
#include "keccak/f1600.h"
#include "poseidon/internal.h"

typedef unsigned __int128 u128;

static const uint64_t fr_k_2p_minus_1[4] = {0x87c3eb27e0000001u, 0x5067d090f372e122u, 0x70a08b6d0302b0bau,
                                            0x60c89ce5c2634053u};

/* A u64 for Goldilocks: 0, 1, p - 1, p, p + 1, 2^64 - 1, 2^32 +- 1, ... with
 * probability 1/2 (th_rand_edge64), else random. */
static uint64_t gl_val(void) { return th_rand_edge64(GL_P); }

/* A 256-bit value: each limb an edge u64 or random, or (one time in four)
 * one of p - 1, p, p + 1, 2p - 1, 2^256 - 1. */
static void fr_any(uint64_t x[4]) {
    switch (th_rand_below(16)) {
    case 0: memcpy(x, zkpi_bn254_p, 32), x[0] -= 1; return;
    case 1: memcpy(x, zkpi_bn254_p, 32); return;
    case 2: memcpy(x, zkpi_bn254_p, 32), x[0] += 1; return;
    case 3: memcpy(x, fr_k_2p_minus_1, 32); return;
    case 4: memset(x, 0xff, 32); return;
    default:
        for (int i = 0; i < 4; i++) x[i] = th_rand_edge64(0);
    }
}

/* canonical: reduce fr_any's value below p (x < 2^256 < 6p) */
static void fr_canon_val(uint64_t x[4]) {
    fr_any(x);
    for (int k = 0; k < 5; k++) zkpi_bn254_condsub(x, x, zkpi_bn254_p);
}

static void check_wide(uint64_t n) {
    th_section("core/wide.h against __int128");
    for (uint64_t it = 0; it < n; it++) {
        uint64_t a = th_rand_edge64(0), b = th_rand_edge64(0), c = th_rand_edge64(0), d = th_rand_edge64(0);
        uint64_t hi, lo = ni_mul64_wide(a, b, &hi);
        u128 want = (u128)a * b;
        CHECK_EQ_U64(lo, (uint64_t)want);
        CHECK_EQ_U64(hi, (uint64_t)(want >> 64));
        lo = ni_mac64_wide(a, b, c, d, &hi);
        want += (u128)c + d;
        CHECK_EQ_U64(lo, (uint64_t)want);
        CHECK_EQ_U64(hi, (uint64_t)(want >> 64));
        uint64_t cin = it & 1, cout, bout;
        u128 s = (u128)a + b + cin, df = (u128)a - b - cin;
        CHECK_EQ_U64(ni_adc64(a, b, cin, &cout), (uint64_t)s);
        CHECK_EQ_U64(cout, (uint64_t)(s >> 64));
        CHECK_EQ_U64(ni_sbb64(a, b, cin, &bout), (uint64_t)df);
        CHECK_EQ_U64(bout, (uint64_t)(df >> 64) & 1);
    }
}

static void check_gl(uint64_t n) {
    th_section("Goldilocks mul / muladd / reduce128 without __int128");
    for (uint64_t it = 0; it < n; it++) {
        uint64_t a = gl_val(), b = gl_val(), c = gl_val(), lo = th_rand_edge64(0), hi = th_rand_edge64(0);
        /* bit for bit the library's form (not only the same residue) */
        CHECK_EQ_U64(ni_gl_mul(a, b), gl_mul(a, b));
        CHECK_EQ_U64(ni_gl_muladd(a, b, c), gl_muladd(a, b, c));
        CHECK_EQ_U64(ni_gl_reduce128(lo, hi), gl_reduce128(lo, hi));
        /* and the residue by definition */
        CHECK_EQ_U64(gl_canon(ni_gl_muladd(a, b, c)), (uint64_t)(((u128)a * b + c) % GL_P));
        CHECK_EQ_U64(gl_canon(ni_gl_reduce128(lo, hi)), (uint64_t)((((u128)hi << 64) | lo) % GL_P));
        if (it < n / 16) CHECK_EQ_U64(ni_gl_inv_vartime(a), gl_inv_vartime(a));
    }
}

static void check_gl_w32(uint64_t n) {
    th_section("Goldilocks mul / muladd from 32x32 products (wasm shape)");
    for (uint64_t it = 0; it < n; it++) {
        uint64_t a = gl_val(), b = gl_val(), c = gl_val();
        CHECK_EQ_U64(w32_gl_mul(a, b), gl_mul(a, b));
        CHECK_EQ_U64(w32_gl_muladd(a, b, c), gl_muladd(a, b, c));
        CHECK_EQ_U64(gl_canon(w32_gl_muladd(a, b, c)), (uint64_t)(((u128)a * b + c) % GL_P));
    }
}

static void check_fr(uint64_t n) {
    th_section("BN254 limb arithmetic without __int128");
    for (uint64_t it = 0; it < n; it++) {
        uint64_t a[4], b[4], x[4], y[4], T[8], U[8];
        fr_any(a), fr_any(b);
        ni_fr_mul512(T, a, b), zkpi_bn254_mul512_c(U, a, b);
        CHECK_EQ_BYTES(T, U, 64);
        ni_fr_sqr512(T, a), zkpi_bn254_sqr512_c(U, a);
        CHECK_EQ_BYTES(T, U, 64);
        /* T += a * b with T, a, b < 2^255: below 2^511 */
        a[3] >>= 1, b[3] >>= 1, x[0] = th_rand64(), x[1] = th_rand64(), x[2] = th_rand64(), x[3] = th_rand64() >> 1;
        zkpi_bn254_mul512_c(T, x, b), memcpy(U, T, 64);
        ni_fr_mac512(T, a, b), zkpi_bn254_mac512_c(U, a, b);
        CHECK_EQ_BYTES(T, U, 64);
        /* Montgomery reduction: any T whose high half is below 2^256 - p */
        for (int i = 0; i < 8; i++) T[i] = th_rand_edge64(0);
        if (it & 1) T[7] &= 0x7fffffffffffffffu;
        else { /* the largest high half allowed, 2^256 - p - 1 */
            uint64_t m1[4] = {~ZKPI_BN254_P0, ~ZKPI_BN254_P1, ~ZKPI_BN254_P2, ~ZKPI_BN254_P3};
            memcpy(T + 4, m1, 32);
        }
        memcpy(U, T, 64);
        ni_fr_redc8(T), zkpi_bn254_redc8_c(U);
        CHECK_EQ_BYTES(T, U, 64);
        /* add / sub of canonical values, conditional subtraction, carries */
        fr_canon_val(a), fr_canon_val(b);
        ni_fr_add(x, a, b);
        zkpi_fr fa, fb, fz;
        memcpy(fa.v, a, 32), memcpy(fb.v, b, 32);
        zkpi_bn254_add(&fz, &fa, &fb);
        CHECK_EQ_BYTES(x, fz.v, 32);
        ni_fr_sub(x, a, b);
        zkpi_bn254_sub(&fz, &fa, &fb);
        CHECK_EQ_BYTES(x, fz.v, 32);
        fr_any(a);
        ni_fr_condsub(x, a, zkpi_bn254_p), zkpi_bn254_condsub(y, a, zkpi_bn254_p);
        CHECK_EQ_BYTES(x, y, 32);
        ni_fr_condsub(x, a, zkpi_bn254_2p), zkpi_bn254_condsub(y, a, zkpi_bn254_2p);
        CHECK_EQ_BYTES(x, y, 32);
        CHECK_EQ_INT(ni_fr_is_canonical(a), zkpi_bn254_is_canonical(a));
        a[3] >>= 1, b[3] = th_rand64() >> 1;
        memcpy(x, a, 32), memcpy(y, a, 32);
        ni_fr_add_raw(x, b), zkpi_bn254_add_raw(y, b);
        CHECK_EQ_BYTES(x, y, 32);
        /* the bound checks' multi-limb multiply (verify.h), 8 limbs */
        uint64_t k = th_rand_edge64(0), r1[9], r2[9];
        memcpy(T, U, 64), T[0] = a[0], T[7] = th_rand_edge64(0);
        ni_verify_mul_small(r1, T, 8, k), zkpi_verify_mul_small(r2, T, 8, k);
        CHECK_EQ_BYTES(r1, r2, sizeof r1);
    }
}

/* A value below 4p (the 29-bit-limb field's input range): an edge value
 * (0, 1, p - 1, p, 2p - 1, 4p - 1) or random. */
static void fr29_val(uint64_t x[4]) {
    static const uint64_t p4m1[4] = {0x0f87d64fc0000003u, 0xa0cfa121e6e5c245u, 0xe14116da06056174u,
                                     0xc19139cb84c680a6u};
    switch (th_rand_below(8)) {
    case 0: memset(x, 0, 32); return;
    case 1: memset(x, 0, 32), x[0] = 1; return;
    case 2: memcpy(x, zkpi_bn254_p, 32), x[0] -= 1; return;
    case 3: memcpy(x, zkpi_bn254_p, 32); return;
    case 4: memcpy(x, fr_k_2p_minus_1, 32); return;
    case 5: memcpy(x, p4m1, 32); return;
    default:
        do
            for (int i = 0; i < 4; i++) x[i] = th_rand_edge64(0);
        while (!zkpi_bn254_verify_lt(x, 4, 1));
    }
}

/* x mod p for x < 4p (the library's conditional subtractions). */
static void fr29_ref_canon(uint64_t r[4], const uint64_t x[4]) {
    zkpi_bn254_condsub(r, x, zkpi_bn254_2p);
    zkpi_bn254_condsub(r, r, zkpi_bn254_p);
}

/* a b 2^-261 mod p by the library's 64-bit-limb products: (a b / 2^256)
 * 2^251 / 2^256 (2^251 < p). */
static void fr29_ref_mul(uint64_t r[4], const uint64_t a[4], const uint64_t b[4]) {
    static const uint64_t k251[4] = {0, 0, 0, (uint64_t)1 << 59};
    uint64_t x[4], y[4], T[8];
    fr29_ref_canon(x, a), fr29_ref_canon(y, b);
    zkpi_bn254_mul512_c(T, x, y), zkpi_bn254_redc8_c(T), zkpi_bn254_condsub(x, T + 4, zkpi_bn254_p);
    zkpi_bn254_mul512_c(T, x, k251), zkpi_bn254_redc8_c(T), zkpi_bn254_condsub(r, T + 4, zkpi_bn254_p);
}

/* Normalised limbs, a value below (num / 100) p, and that value mod p. */
static void fr29_check_out(uint64_t v[4], const zkpi_fr29 *r, uint64_t num) {
    for (int j = 0; j < ZKPI_FR29_N; j++) CHECK_MSG(r->l[j] >> 29 == 0, "fr29 limb %d not normalised", j);
    uint64_t x[4];
    zkpi_fr29_pack(x, r);
    CHECK_MSG(r->l[8] >> 24 == 0 && zkpi_bn254_verify_lt(x, num, 100), "fr29 output bound (%u / 100 p)", (unsigned)num);
    fr29_ref_canon(v, x);
}

/* bn254/fr_wasm29.h (the WebAssembly Poseidon's field, 29-bit limbs, R' =
 * 2^261) on edge and random values below 4p against the library's
 * products: mul, sqr, dot (n = 1..17 and a row of p - 1 constants), add,
 * canon and the R <-> R' conversions. */
static void check_fr29(uint64_t n) {
    th_section("BN254 on 29-bit limbs (fr_wasm29.h, wasm Poseidon)");
    for (uint64_t it = 0; it < n; it++) {
        uint64_t a[4], b[4], w[4], v[4];
        zkpi_fr29 A, B, R;
        fr29_val(a), fr29_val(b);
        zkpi_fr29_split(&A, a), zkpi_fr29_split(&B, b);
        zkpi_fr29_pack(v, &A);
        CHECK_EQ_BYTES(v, a, 32);
        zkpi_fr29_mul(&R, &A, &B), fr29_ref_mul(w, a, b), fr29_check_out(v, &R, 110);
        CHECK_EQ_BYTES(v, w, 32);
        zkpi_fr29_sqr(&R, &A), fr29_ref_mul(w, a, a), fr29_check_out(v, &R, 110);
        CHECK_EQ_BYTES(v, w, 32);
        zkpi_fr29_canon(&R, &A), fr29_check_out(v, &R, 100), fr29_ref_canon(w, a);
        CHECK_EQ_BYTES(v, w, 32);
        if (zkpi_bn254_verify_lt(a, 2, 1) && zkpi_bn254_verify_lt(b, 2, 1)) { /* sums < 4p */
            zkpi_bn254_fr fa, fb, fz;
            fr29_ref_canon(fa.v, a), fr29_ref_canon(fb.v, b);
            zkpi_bn254_add(&fz, &fa, &fb);
            zkpi_fr29_add(&R, &A, &B), fr29_check_out(v, &R, 400);
            CHECK_EQ_BYTES(v, fz.v, 32);
        }
        /* R form -> R' form -> R form: the same canonical value */
        fr29_ref_canon(w, a);
        zkpi_fr29_from_r256(&R, w), fr29_check_out(v, &R, 110);
        zkpi_fr29_to_r256(v, &R);
        CHECK_EQ_BYTES(v, w, 32);
        /* a row of n constants (< p) times values (< 4p) */
        zkpi_fr29 C[17], S[17];
        uint64_t acc[4] = {0}, c[4];
        const unsigned nd = 1 + (unsigned)(it % 17);
        for (unsigned q = 0; q < nd; q++) {
            zkpi_bn254_fr x, y, z;
            if (it % 5 == 0) memcpy(c, zkpi_bn254_p, 32), c[0] -= 1;
            else fr29_val(c), fr29_ref_canon(c, c);
            fr29_val(b);
            zkpi_fr29_split(&C[q], c), zkpi_fr29_split(&S[q], b);
            fr29_ref_mul(x.v, c, b);
            memcpy(y.v, acc, 32), zkpi_bn254_add(&z, &y, &x), memcpy(acc, z.v, 32);
        }
        zkpi_fr29_dot(&R, C, S, nd), fr29_check_out(v, &R, 141);
        CHECK_EQ_BYTES(v, acc, 32);
    }
}

static void hemera_state(uint64_t st[16], uint64_t it) {
    for (int i = 0; i < 16; i++) st[i] = it == 0 ? GL_P - 1 : it == 1 ? UINT64_MAX : it == 2 ? 0 : gl_val();
}

typedef struct hemera_variant {
    const char *section;
    void (*permute)(uint64_t st[16]);
    void (*permute_ct)(uint64_t st[16]);
    void (*hb_permute)(uint64_t (*states)[16], unsigned n, const struct hemera_profile *pr);
} hemera_variant;

static void check_hemera(uint64_t n, const hemera_variant *v) {
    th_section(v->section);
    for (uint64_t it = 0; it < n; it++) {
        uint64_t a[16], b[16];
        hemera_state(a, it), memcpy(b, a, sizeof a);
        v->permute(a), zkpi_hemera_permute_portable(b);
        CHECK_EQ_BYTES(a, b, sizeof a);
        hemera_state(a, it), memcpy(b, a, sizeof a);
        v->permute_ct(a), zkpi_hemera_permute_ct_portable(b);
        CHECK_EQ_BYTES(a, b, sizeof a);
    }
    /* batched: 16, 8 and 4 interleaved lanes (1 or 2 go to the singles) */
    static const unsigned lanes[] = {16, 8, 4, 28};
    for (uint64_t it = 0; it < n / 8 + 1; it++)
        for (unsigned k = 0; k < 4; k++) {
            uint64_t st[28][16], want[28][16];
            for (unsigned l = 0; l < lanes[k]; l++) {
                hemera_state(st[l], it * 28 + l);
                memcpy(want[l], st[l], sizeof st[l]);
                zkpi_hemera_permute_portable(want[l]);
                for (int i = 0; i < 16; i++) want[l][i] = gl_canon(want[l][i]);
            }
            v->hb_permute(st, lanes[k], &zkpi_hemera_profile_default);
            for (unsigned l = 0; l < lanes[k]; l++)
                for (int i = 0; i < 16; i++) st[l][i] = gl_canon(st[l][i]);
            CHECK_EQ_BYTES(st, want, lanes[k] * sizeof st[0]);
        }
}

static void fr_state(zkpi_fr *s, unsigned t, uint64_t it) {
    for (unsigned i = 0; i < t; i++) {
        if (it == 0) memcpy(s[i].v, zkpi_bn254_p, 32), s[i].v[0] -= 1;
        else if (it == 1) memset(s[i].v, 0, 32);
        else fr_canon_val(s[i].v);
    }
}

static void check_poseidon(uint64_t n, const char *section, const zkpi_poseidon_ops *ni) {
    th_section(section);
    const zkpi_poseidon_ops *ref = &zkpi_poseidon_ops_portable;
    for (uint64_t it = 0; it < n; it++) {
        zkpi_fr a[ZKP_POSEIDON_TMAX], b[ZKP_POSEIDON_TMAX], r1, r2;
        fr_state(a, ZKP_POSEIDON_TMAX, it), fr_state(b, ZKP_POSEIDON_TMAX, it + 3);
        ni->mul(&r1, &a[0], &b[0]), ref->mul(&r2, &a[0], &b[0]);
        CHECK_EQ_BYTES(r1.v, r2.v, 32);
        ni->sqr(&r1, &a[1]), ref->sqr(&r2, &a[1]);
        CHECK_EQ_BYTES(r1.v, r2.v, 32);
        unsigned nd = 1 + (unsigned)(it % ZKP_POSEIDON_TMAX);
        ni->dot(&r1, a, b, nd), ref->dot(&r2, a, b, nd);
        CHECK_EQ_BYTES(r1.v, r2.v, 32);
    }
    for (unsigned t = 2; t <= ZKP_POSEIDON_TMAX; t++)
        for (uint64_t it = 0; it < n / 64 + 2; it++) {
            zkpi_fr s1[ZKP_POSEIDON_TMAX * 5], s2[ZKP_POSEIDON_TMAX * 5];
            fr_state(s1, t, it), memcpy(s2, s1, t * sizeof s1[0]);
            ni->permute(t, s1), ref->permute(t, s2);
            CHECK_EQ_BYTES(s1, s2, t * sizeof s1[0]);
            fr_state(s1, t, it), memcpy(s2, s1, t * sizeof s1[0]);
            ni->hash(t, s1), ref->hash(t, s2);
            CHECK_EQ_BYTES(s1, s2, sizeof s1[0]); /* lane 0 only */
            fr_state(s1, 5 * t, it), memcpy(s2, s1, 5 * t * sizeof s1[0]);
            ni->hash_many(t, s1, 5), ref->hash_many(t, s2, 5);
            for (unsigned k = 0; k < 5; k++) CHECK_EQ_BYTES(s1[k * t].v, s2[k * t].v, 32);
        }
}

/* The wasm-shape Keccak-f[1600] (lane-complementing round) against the
 * library's plain portable round: the zero state, all ones, one bit in each
 * lane (a complemented lane the round mishandles shows in its own output),
 * then random states. The shape is also WebAssembly's loop: one round per
 * iteration, the lanes copied back (ZKP_KECCAK_ROUNDS_PER_ITER 1). */
static void check_keccak_w32(uint64_t n) {
    th_section("Keccak-f[1600], lane-complementing round (wasm shape)");
    for (uint64_t it = 0; it < n + 27; it++) {
        uint64_t a[25], b[25];
        for (int i = 0; i < 25; i++) a[i] = it == 0 ? 0 : it == 1 ? ~(uint64_t)0 : it < 27 ? (uint64_t)(i == (int)it - 2) << (it & 63) : th_rand64();
        memcpy(b, a, sizeof a);
        w32_keccakf1600(a);
        zkpi_keccakf1600_portable(b);
        CHECK_EQ_BYTES(a, b, sizeof a);
    }
}

/* The wasm-shape whole-block absorb against XOR-then-permute with the plain
 * round: every sponge rate, 1 to 3 blocks, random states and inputs at a
 * misaligned address (a rate's lane count the absorb gets wrong, or a
 * complemented lane it mishandles, shows in the state). */
static void check_keccak_absorb_w32(uint64_t n) {
    th_section("Keccak absorb, lanes kept across blocks (wasm shape)");
    static const unsigned rates[] = {72, 104, 136, 144, 168};
    uint8_t buf[3 * 168 + 1];
    for (uint64_t it = 0; it < n; it++)
        for (size_t r = 0; r < sizeof rates / sizeof rates[0]; r++) {
            const unsigned rate = rates[r];
            const size_t blocks = 1 + (size_t)(it % 3);
            uint64_t a[25], b[25];
            for (int i = 0; i < 25; i++) a[i] = b[i] = th_rand64();
            for (size_t i = 0; i < sizeof buf; i++) buf[i] = (uint8_t)th_rand64();
            const uint8_t *in = buf + 1;
            CHECK_EQ_U64(w32_keccak_absorb(a, in, blocks, rate), blocks * rate);
            for (size_t k = 0; k < blocks; k++) {
                for (unsigned i = 0; i < rate / 8; i++) b[i] ^= zkpi_load64_le(in + k * rate + 8 * i);
                zkpi_keccakf1600_portable(b);
            }
            CHECK_EQ_BYTES(a, b, sizeof a);
        }
}

int main(void) {
    th_init("test_no_int128");
    check_wide(th_count(200000));
    check_gl(th_count(200000));
    check_fr(th_count(20000));
    static const hemera_variant ni_h = {"Hemera permutations without __int128", ni_hemera_permute,
                                        ni_hemera_permute_ct, ni_hb_permute};
    static const hemera_variant w32_h = {"Hemera permutations, 32x32 products (wasm shape)", w32_hemera_permute,
                                         w32_hemera_permute_ct, w32_hb_permute};
    check_hemera(th_count(200), &ni_h);
    check_poseidon(th_count(1000), "Poseidon BN254 kernel without __int128", &ni_poseidon_ops);
    check_gl_w32(th_count(200000));
    check_fr29(th_count(20000));
    check_hemera(th_count(200), &w32_h);
    check_poseidon(th_count(1000), "Poseidon BN254 kernel on 32-bit limbs (wasm shape)", &w32_poseidon_ops);
    check_keccak_w32(th_count(2000));
    check_keccak_absorb_w32(th_count(200));
    return th_finish();
}
