/*
 * Prime fields of up to 255 bits, portable layer: four 64-bit limbs, least
 * significant first, in Montgomery form with R = 2^256, the modulus given at
 * run time (zkpi_f255_field: p, R^2 mod p, -p^-1 mod 2^64). One body serves
 * every such field the library needs (BN254 Fr, BLS12-381 Fr, Pallas,
 * Vesta); src/bn254/ stays the fast layer for BN254's hot paths.
 *
 * Bounds: p < 2^255, so a sum of two canonical values fits in four limbs
 * and the Montgomery product below stays under 2p < 2^256 before its one
 * correction. Inputs and outputs of every routine are canonical, in [0, p).
 * Constant time: no branch or index depends on element values; corrections
 * are masks (zkpi_ct_select).
 */
#ifndef ZKPRIM_FIELD255_F255_H
#define ZKPRIM_FIELD255_F255_H

#include <stdint.h>

#include "core/util.h"
#include "core/verify.h"
#include "core/wide.h"

typedef struct zkpi_f255 {
    uint64_t v[4];
} zkpi_f255;

typedef struct zkpi_f255_field {
    uint64_t p[4];
    uint64_t r2[4]; /* 2^512 mod p: to_mont(x) = mul(x, r2) */
    uint64_t n0;    /* -p^-1 mod 2^64 */
} zkpi_f255_field;

/* a * b + c + d as (*hi, return value); never overflows 128 bits. */
ZKP_INLINE uint64_t zkpi_f255_mac(uint64_t a, uint64_t b, uint64_t c, uint64_t d, uint64_t *hi) {
#if ZKP_HAVE_U128
    unsigned __int128 t = (unsigned __int128)a * b + c + d;
    *hi = (uint64_t)(t >> 64);
    return (uint64_t)t;
#else
    return zkpi_mac64_wide(a, b, c, d, hi);
#endif
}

/* r = x - p if x >= p (x < 2p, given as four limbs plus a top bit), else x. */
ZKP_INLINE void zkpi_f255_reduce_once(uint64_t r[4], const uint64_t x[4], uint64_t top, const uint64_t p[4]) {
    uint64_t d[4], borrow = 0;
    for (int i = 0; i < 4; i++) d[i] = zkpi_sbb64(x[i], p[i], borrow, &borrow);
    /* x + top 2^256 < p exactly when the subtraction borrows out of top. */
    uint64_t keep = zkpi_value_barrier_u64((uint64_t)0 - (borrow & ~top & 1));
    for (int i = 0; i < 4; i++) r[i] = zkpi_ct_select(keep, x[i], d[i]);
}

/* Whether x < p (public inputs only: it decides ZKP_ERR_RANGE). */
ZKP_INLINE int zkpi_f255_is_canonical(const zkpi_f255_field *f, const uint64_t x[4]) {
    uint64_t borrow = 0;
    for (int i = 0; i < 4; i++) (void)zkpi_sbb64(x[i], f->p[i], borrow, &borrow);
    return (int)borrow;
}

ZKP_INLINE void zkpi_f255_add(const zkpi_f255_field *f, zkpi_f255 *r, const zkpi_f255 *a, const zkpi_f255 *b) {
    uint64_t s[4], carry = 0;
    for (int i = 0; i < 4; i++) s[i] = zkpi_adc64(a->v[i], b->v[i], carry, &carry);
    ZKP_VERIFY_CHECK(carry == 0, "f255 add: a + b < 2p < 2^256");
    zkpi_f255_reduce_once(r->v, s, carry, f->p);
}

/* a b / 2^256 mod p, operand scanning with the reduction interleaved
 * (CIOS): after each row t < 2p, so five limbs hold it and one conditional
 * subtraction ends it. r may alias a or b. */
ZKP_INLINE void zkpi_f255_mul(const zkpi_f255_field *f, zkpi_f255 *r, const zkpi_f255 *a, const zkpi_f255 *b) {
    uint64_t t[5] = {0, 0, 0, 0, 0};
    for (int i = 0; i < 4; i++) {
        uint64_t c = 0, c2;
        for (int j = 0; j < 4; j++) t[j] = zkpi_f255_mac(a->v[j], b->v[i], t[j], c, &c);
        t[4] = zkpi_adc64(t[4], c, 0, &c2);
        /* m makes t + m p divisible by 2^64; shift down one limb. */
        uint64_t m = t[0] * f->n0;
        (void)zkpi_f255_mac(m, f->p[0], t[0], 0, &c);
        for (int j = 1; j < 4; j++) t[j - 1] = zkpi_f255_mac(m, f->p[j], t[j], c, &c);
        t[3] = zkpi_adc64(t[4], c, 0, &c);
        t[4] = c2 + c;
    }
    ZKP_VERIFY_CHECK(t[4] <= 1, "f255 mul: result < 2p");
    zkpi_f255_reduce_once(r->v, t, t[4], f->p);
}

ZKP_INLINE void zkpi_f255_to_mont(const zkpi_f255_field *f, zkpi_f255 *r, const uint64_t x[4]) {
    zkpi_f255 a = {{x[0], x[1], x[2], x[3]}}, r2 = {{f->r2[0], f->r2[1], f->r2[2], f->r2[3]}};
    zkpi_f255_mul(f, r, &a, &r2);
}

ZKP_INLINE void zkpi_f255_from_mont(const zkpi_f255_field *f, uint64_t x[4], const zkpi_f255 *a) {
    zkpi_f255 one = {{1, 0, 0, 0}}, r;
    zkpi_f255_mul(f, &r, a, &one);
    for (int i = 0; i < 4; i++) x[i] = r.v[i];
}

#endif
