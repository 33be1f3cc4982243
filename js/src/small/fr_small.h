/*
 * BN254 Fr for the one-arity WebAssembly Poseidon modules (zkprim/poseidonN,
 * docs/js.md): eight 32-bit limbs, little-endian (the byte layout of
 * zkp_poseidon_fr in wasm32 memory), Montgomery form x * 2^256 mod p.
 * Written for code size, not for the last cycle: one CIOS loop (each 32x32
 * product is one i64.mul), no unrolling; the library's fast forms
 * (bn254/fr.h, fr32.h) are unrolled per width and are most of a module's
 * bytes. These products generate the constants (poseidon_gen.c); the
 * permutation runs on the 29-bit-limb forms at the end of this file (fs29_).
 * Constant time: no branch or index depends on a value.
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

/* ---- the permutation's field: nine 29-bit limbs --------------------------
 * The compact form of bn254/fr_wasm29.h (which see for the bounds): a
 * 29-bit limb product is < 2^58, so a Montgomery word step adds its nine
 * products (and the nine of m p) to 64-bit locals with no carry, about half
 * the V8 operations of the 32-bit CIOS step above. Montgomery form with
 * R' = 2^261 (nine whole steps), values lazily below 4p: a product of two
 * such values is < 1.1p, a row of n <= 17 constants (< p) times them
 * < 1.41p. Limbs always normalised (< 2^29). The constants are generated in
 * the R = 2^256 form above and converted once (fs29_from_r256). */
#define FS29_N 9
#define FS29_MASK ((uint64_t)0x1fffffff)
typedef uint32_t fs29[FS29_N];
static const uint32_t fs29_p[FS29_N] = {0x10000001, 0x1f0fac9f, 0x0e5c2450, 0x07d090f3, 0x1585d283,
                                        0x02db40c0, 0x00a6e141, 0x0e5c2634, 0x0030644e};
static const uint32_t fs29_2p[FS29_N] = {0x00000002, 0x1e1f593f, 0x1cb848a1, 0x0fa121e6, 0x0b0ba506,
                                         0x05b68181, 0x014dc282, 0x1cb84c68, 0x0060c89c};

/* The accumulator t (nine columns, the lowest first) carried into r. */
FS_STEP void fs29_carry(uint32_t *r, const uint64_t *t) {
    uint64_t c = 0;
    FS_UNROLL for (int j = 0; j < FS29_N; j++) {
        c += t[j];
        r[j] = (uint32_t)(c & FS29_MASK);
        c >>= 29;
    }
}

/* t += m p for the m that clears t[0] mod 2^29, then t / 2^29. */
FS_STEP void fs29_reduce(uint64_t *t) {
    const uint64_t m = (t[0] * 0x0fffffff) & FS29_MASK; /* -p^-1 mod 2^29 */
    FS_UNROLL for (int j = 0; j < FS29_N; j++) t[j] += m * fs29_p[j];
    const uint64_t c = t[0] >> 29;
    FS_UNROLL for (int j = 0; j < FS29_N - 1; j++) t[j] = t[j + 1];
    t[0] += c;
    t[FS29_N - 1] = 0;
}

/* r = sum of a[q] b[q] (q < n <= 17) / R'; for n > 5 the columns are
 * normalised after every step (a column sums up to 9 (n + 1) products).
 * r may alias an operand. */
FS_FN void fs29_dot(uint32_t *r, const fs29 *a, const fs29 *b, unsigned n) {
    uint64_t t[FS29_N] = {0};
    for (int i = 0; i < FS29_N; i++) {
        for (unsigned q = 0; q < n; q++) {
            const uint64_t ai = a[q][i];
            FS_UNROLL for (int j = 0; j < FS29_N; j++) t[j] += ai * b[q][j];
        }
        fs29_reduce(t);
        if (n > 5) {
            uint64_t c = 0;
            FS_UNROLL for (int j = 0; j < FS29_N; j++) {
                c += t[j];
                t[j] = c & FS29_MASK;
                c >>= 29;
            }
            t[FS29_N - 1] += c << 29;
        }
    }
    fs29_carry(r, t);
}

/* r = a b / R' (r may alias either). FS29_MUL_BY_DOT (zkprim/poseidon1, the
 * tightest budget): fs29_dot's one-term case instead of a loop of its own. */
#ifdef FS29_MUL_BY_DOT
FS_FN void fs29_mul(uint32_t *r, const uint32_t *a, const uint32_t *b) {
    fs29_dot(r, (const fs29 *)a, (const fs29 *)b, 1);
}
#else
FS_FN void fs29_mul(uint32_t *r, const uint32_t *a, const uint32_t *b) {
    uint64_t t[FS29_N] = {0};
    for (int i = 0; i < FS29_N; i++) {
        const uint64_t ai = a[i];
        FS_UNROLL for (int j = 0; j < FS29_N; j++) t[j] += ai * b[j];
        fs29_reduce(t);
    }
    fs29_carry(r, t);
}
#endif

/* r = a + b, no reduction (the caller keeps it below 4p). */
FS_FN void fs29_add(uint32_t *r, const uint32_t *a, const uint32_t *b) {
    uint64_t t[FS29_N];
    FS_UNROLL for (int j = 0; j < FS29_N; j++) t[j] = (uint64_t)a[j] + b[j];
    fs29_carry(r, t);
}

/* r = a - m if a >= m else a. */
FS_FN void fs29_sub_if(uint32_t *r, const uint32_t *a, const uint32_t *m) {
    uint32_t d[FS29_N];
    uint64_t b = 0;
    FS_UNROLL for (int j = 0; j < FS29_N; j++) {
        uint64_t x = (uint64_t)a[j] - m[j] - b;
        d[j] = (uint32_t)(x & FS29_MASK);
        b = x >> 63;
    }
    const uint32_t keep = (uint32_t)0 - (uint32_t)b;
    FS_UNROLL for (int j = 0; j < FS29_N; j++) r[j] = (a[j] & keep) | (d[j] & ~keep);
}

/* Eight 32-bit limbs <-> nine 29-bit limbs (the same integer, < 2^256). */
FS_FN void fs29_split(uint32_t *r, const uint32_t *x) {
    FS_UNROLL for (int j = 0; j < FS29_N; j++) {
        const int b = 29 * j, w = b >> 5, s = b & 31;
        uint64_t v = x[w] >> s;
        if (w < FS_N - 1) v |= (uint64_t)x[w + 1] << (32 - s);
        r[j] = (uint32_t)(v & FS29_MASK);
    }
}
FS_FN void fs29_join(uint32_t *x, const uint32_t *a) {
    FS_UNROLL for (int w = 0; w < FS_N; w++) {
        const int j = (32 * w) / 29, s = 32 * w - 29 * j;
        x[w] = (uint32_t)((uint64_t)a[j] >> s | (uint64_t)a[j + 1] << (29 - s)); /* s <= 21: enough bits */
    }
}

/* x < 4p -> x mod p. */
FS_FN void fs29_canon(uint32_t *r, const uint32_t *x) {
    fs29_sub_if(r, x, fs29_2p);
    fs29_sub_if(r, r, fs29_p);
}

/* A generated constant x 2^256 (eight limbs, canonical) -> x R' (< p): one
 * product with 2^266 mod p. */
FS_FN void fs29_from_r256(uint32_t *r, const uint32_t *x) {
    static const fs29 k266 = {0x0fffead7, 0x1d5444f4, 0x04438aa5, 0x03b4d096, 0x134c84da,
                              0x0e92d304, 0x14cb95b3, 0x041b9d3d, 0x00058003};
    fs29_split(r, x);
    fs29_mul(r, r, k266);
    fs29_canon(r, r);
}

#endif
