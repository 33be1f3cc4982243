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

static const uint32_t fs_p[FS_N] = {0xf0000001u, 0x43e1f593u, 0x79b97091u, 0x2833e848u,
                                    0x8181585du, 0xb85045b6u, 0xe131a029u, 0x30644e72u};
/* -p^-1 mod 2^32, and 2^512 mod p (x -> x 2^256 by one product). */
#define FS_PINV 0xefffffffu
static const uint32_t fs_r2[FS_N] = {0xae216da7u, 0x1bb8e645u, 0xe35c59e3u, 0x53fe3ab1u,
                                     0x53bb8085u, 0x8c49833du, 0x7f4e44a5u, 0x0216d0b1u};

/* r = a - p if a >= p else a; a < 2^256, hi = the bit above a. */
static void fs_reduce_once(uint32_t *r, const uint32_t *a, uint32_t hi) {
    uint32_t d[FS_N];
    uint64_t b = 0;
    FS_UNROLL for (int i = 0; i < FS_N; i++) {
        uint64_t x = (uint64_t)a[i] - fs_p[i] - b;
        d[i] = (uint32_t)x;
        b = (x >> 32) & 1;
    }
    /* keep a when it was below p: a borrow out and no bit above */
    uint32_t keep = (uint32_t)0 - (uint32_t)(b & ~(uint64_t)hi & 1);
    FS_UNROLL for (int i = 0; i < FS_N; i++) r[i] = (a[i] & keep) | (d[i] & ~keep);
}

/* r = a b / 2^256 mod p, for a, b < p (r may alias either). */
static void fs_mul(uint32_t *r, const uint32_t *a, const uint32_t *b) {
    uint32_t t[FS_N + 2] = {0};
    for (int i = 0; i < FS_N; i++) {
        uint64_t c = 0;
        FS_UNROLL for (int j = 0; j < FS_N; j++) {
            c += (uint64_t)t[j] + (uint64_t)a[j] * b[i];
            t[j] = (uint32_t)c;
            c >>= 32;
        }
        c += t[FS_N];
        t[FS_N] = (uint32_t)c;
        t[FS_N + 1] = (uint32_t)(c >> 32);
        uint32_t m = t[0] * FS_PINV;
        c = ((uint64_t)t[0] + (uint64_t)m * fs_p[0]) >> 32;
        FS_UNROLL for (int j = 1; j < FS_N; j++) {
            c += (uint64_t)t[j] + (uint64_t)m * fs_p[j];
            t[j - 1] = (uint32_t)c;
            c >>= 32;
        }
        c += t[FS_N];
        t[FS_N - 1] = (uint32_t)c;
        t[FS_N] = t[FS_N + 1] + (uint32_t)(c >> 32);
    }
    fs_reduce_once(r, t, t[FS_N]);
}

/* r = a + b mod p, for a, b < p. */
static void fs_add(uint32_t *r, const uint32_t *a, const uint32_t *b) {
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
static int fs_lt_p(const uint32_t *a) {
    uint64_t b = 0;
    for (int i = 0; i < FS_N; i++) b = (((uint64_t)a[i] - fs_p[i] - b) >> 32) & 1;
    return (int)b;
}

#endif
