/*
 * BN254 Fr for the one-arity WebAssembly Poseidon modules (zkprim/poseidonN,
 * docs/js.md): eight 32-bit limbs, little-endian (the byte layout of
 * zkp_poseidon_fr in wasm32 memory), Montgomery form x * 2^256 mod p.
 * Written for code size, not for the last cycle: one CIOS loop (each 32x32
 * product is one i64.mul), no unrolling; the library's fast forms
 * (bn254/fr.h, fr32.h) are unrolled per width and are most of a module's
 * bytes. Constant time: no branch or index depends on a value.
 */
#ifndef ZKPRIM_JS_FR_SMALL_H
#define ZKPRIM_JS_FR_SMALL_H

#include <stdint.h>

#define FS_N 8

/* Inner loops over the eight limbs are unrolled (so the limbs live in
 * WebAssembly locals, not in stack memory), outer loops are not. */
#if defined(__clang__)
#define FS_UNROLL _Pragma("clang loop unroll(full)")
#else
#define FS_UNROLL
#endif
/* Not every includer uses every function (poseidon_gen.c: no MDS rows). */
#define FS_FN static __attribute__((unused))

static const uint32_t fs_p[FS_N] = {0xf0000001u, 0x43e1f593u, 0x79b97091u, 0x2833e848u,
                                    0x8181585du, 0xb85045b6u, 0xe131a029u, 0x30644e72u};
/* -p^-1 mod 2^32, and 2^512 mod p (x -> x 2^256 by one product). */
#define FS_PINV 0xefffffffu
static const uint32_t fs_r2[FS_N] = {0xae216da7u, 0x1bb8e645u, 0xe35c59e3u, 0x53fe3ab1u,
                                     0x53bb8085u, 0x8c49833du, 0x7f4e44a5u, 0x0216d0b1u};

/* r = a - m if a >= m else a; a < 2^256, hi = the bit above a. */
FS_FN void fs_sub_if(uint32_t *r, const uint32_t *a, uint32_t hi, const uint32_t *m) {
    uint32_t d[FS_N];
    uint64_t b = 0;
    FS_UNROLL for (int i = 0; i < FS_N; i++) {
        uint64_t x = (uint64_t)a[i] - m[i] - b;
        d[i] = (uint32_t)x;
        b = (x >> 32) & 1;
    }
    /* keep a when it was below p: a borrow out and no bit above */
    uint32_t keep = (uint32_t)0 - (uint32_t)(b & ~(uint64_t)hi & 1);
    FS_UNROLL for (int i = 0; i < FS_N; i++) r[i] = (a[i] & keep) | (d[i] & ~keep);
}
#define fs_reduce_once(r, a, hi) fs_sub_if(r, a, hi, fs_p)

/* The two halves of a CIOS word step on a ten-limb accumulator t (inlined
 * into fs_dot and fs_mul, so t stays in locals): t += a bi, then
 * t = (t + m p) / 2^32 with m the multiple of p that clears t[0]. */
#define FS_STEP static inline __attribute__((always_inline, unused))
FS_STEP void fs_step_mul(uint32_t t[FS_N + 2], const uint32_t *a, uint64_t bi) {
    uint64_t c = 0;
    FS_UNROLL for (int j = 0; j < FS_N; j++) {
        c += (uint64_t)t[j] + (uint64_t)a[j] * bi;
        t[j] = (uint32_t)c;
        c >>= 32;
    }
    c += t[FS_N];
    t[FS_N] = (uint32_t)c;
    t[FS_N + 1] += (uint32_t)(c >> 32);
}
FS_STEP void fs_step_reduce(uint32_t t[FS_N + 2]) {
    uint32_t m = t[0] * FS_PINV;
    uint64_t c = ((uint64_t)t[0] + (uint64_t)m * fs_p[0]) >> 32;
    FS_UNROLL for (int j = 1; j < FS_N; j++) {
        c += (uint64_t)t[j] + (uint64_t)m * fs_p[j];
        t[j - 1] = (uint32_t)c;
        c >>= 32;
    }
    c += t[FS_N];
    t[FS_N - 1] = (uint32_t)c;
    c = (c >> 32) + t[FS_N + 1];
    t[FS_N] = (uint32_t)c;
    t[FS_N + 1] = (uint32_t)(c >> 32);
}

/* r = sum of a[q] b[q] (q < n <= 17) / 2^256 mod p, for elements < p:
 * Montgomery products in CIOS form (word i of every b[q] enters before the
 * reduction step of word i), so a row of the MDS product costs one
 * reduction, not n, and no sums mod p in between. The eight limbs of the
 * accumulator stay in locals (inner loops unrolled, outer ones not: code
 * size). The result before the last subtractions is below
 * 17 p^2 / 2^256 + p < 4.3 p < 2^256: subtracting 4p, 2p and p where they
 * fit brings it below p. r may alias an operand. */
FS_FN void fs_dot(uint32_t *r, const uint32_t (*a)[FS_N], const uint32_t (*b)[FS_N], unsigned n) {
    static const uint32_t p2[FS_N] = {0xe0000002u, 0x87c3eb27u, 0xf372e122u, 0x5067d090u,
                                      0x0302b0bau, 0x70a08b6du, 0xc2634053u, 0x60c89ce5u};
    static const uint32_t p4[FS_N] = {0xc0000004u, 0x0f87d64fu, 0xe6e5c245u, 0xa0cfa121u,
                                      0x06056174u, 0xe14116dau, 0x84c680a6u, 0xc19139cbu};
    /* below 18 p 2^32 + 2^288 < 2^320 throughout: ten limbs */
    uint32_t t[FS_N + 2] = {0};
    for (int i = 0; i < FS_N; i++) {
        for (unsigned q = 0; q < n; q++) fs_step_mul(t, a[q], b[q][i]);
        fs_step_reduce(t);
    }
    fs_sub_if(r, t, 0, p4);
    fs_sub_if(r, r, 0, p2);
    fs_sub_if(r, r, 0, fs_p);
}

/* r = a b / 2^256 mod p, for a, b < p (r may alias either). fs_dot's
 * one-operand case, written out: without the operand loop and the 4p and
 * 2p steps (a b / 2^256 + p < 2p) the S-boxes run about a fifth faster
 * (raw poseidon2 hash 66 -> 51 us, 47 with the word steps shared as
 * always-inline helpers) for about 0.2 KB of gzip. */
FS_FN void fs_mul(uint32_t *r, const uint32_t *a, const uint32_t *b) {
    uint32_t t[FS_N + 2] = {0};
    for (int i = 0; i < FS_N; i++) {
        fs_step_mul(t, a, b[i]);
        fs_step_reduce(t);
    }
    fs_reduce_once(r, t, t[FS_N]);
}

/* r = a + b mod p, for a, b < p. */
FS_FN void fs_add(uint32_t *r, const uint32_t *a, const uint32_t *b) {
    uint32_t s[FS_N];
    uint64_t c = 0;
    FS_UNROLL for (int i = 0; i < FS_N; i++) {
        c += (uint64_t)a[i] + b[i];
        s[i] = (uint32_t)c;
        c >>= 32;
    }
    fs_reduce_once(r, s, (uint32_t)c);
}

/* 1 if a < p (a canonical integer). */
FS_FN int fs_lt_p(const uint32_t *a) {
    uint64_t b = 0;
    for (int i = 0; i < FS_N; i++) b = (((uint64_t)a[i] - fs_p[i] - b) >> 32) & 1;
    return (int)b;
}

#endif
