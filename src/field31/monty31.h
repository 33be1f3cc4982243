/*
 * 31-bit prime fields in Montgomery form, scalar layer: BabyBear
 * (p = 2^31 - 2^27 + 1) and KoalaBear (p = 2^31 - 2^24 + 1), the form Plonky3
 * uses (R = 2^32, elements held as x R mod p in a uint32_t).
 *
 * Every function takes the modulus (and for products p^-1 mod 2^32) as
 * arguments so one body serves both fields; callers pass the constants
 * below, which the compiler folds. Bounds: inputs and outputs are canonical,
 * in [0, p); p < 2^31 keeps a + b and a - b + p inside 32 bits. Everything
 * here is constant time: corrections are masks, not branches.
 *
 * The vector layers (monty31_avx2.h, monty31_avx512.h) implement the same
 * operations lane by lane with the same bounds.
 */
#ifndef ZKPRIM_FIELD31_MONTY31_H
#define ZKPRIM_FIELD31_MONTY31_H

#include <stddef.h>
#include <stdint.h>

#include "core/util.h"

#define ZKPI_BABYBEAR_P 0x78000001u
#define ZKPI_BABYBEAR_PINV 0x88000001u /* p^-1 mod 2^32 */
#define ZKPI_BABYBEAR_R2 0x45dddde3u   /* 2^64 mod p: to_mont(x) = mul(x, R2) */
#define ZKPI_KOALABEAR_P 0x7f000001u
#define ZKPI_KOALABEAR_PINV 0x81000001u
#define ZKPI_KOALABEAR_R2 0x17f7efe4u

/* A comparison bit (0 or 1) as a mask (0 or all ones), hidden from the
 * optimiser so the correction stays branch-free. */
ZKP_INLINE uint32_t zkpi_f31_mask(uint32_t bit) { return (uint32_t)zkpi_value_barrier_u64((uint64_t)0 - bit); }

/* a + b mod p. */
ZKP_INLINE uint32_t zkpi_f31_add(uint32_t a, uint32_t b, uint32_t p) {
    uint32_t s = a + b;    /* < 2p < 2^32 */
    uint32_t d = s - p;    /* wraps iff s < p */
    return d + (p & zkpi_f31_mask(s < p));
}

/* a - b mod p. */
ZKP_INLINE uint32_t zkpi_f31_sub(uint32_t a, uint32_t b, uint32_t p) {
    uint32_t d = a - b;
    return d + (p & zkpi_f31_mask(a < b));
}

/* Montgomery product a b / 2^32 mod p. t = a b < p^2; q = t p^-1 mod 2^32
 * makes t - q p divisible by 2^32, and (t - q p) / 2^32 = hi(t) - hi(q p)
 * lies in (-p, p): one masked correction. */
ZKP_INLINE uint32_t zkpi_f31_mul(uint32_t a, uint32_t b, uint32_t p, uint32_t pinv) {
    uint64_t t = (uint64_t)a * b;
    uint32_t q = (uint32_t)t * pinv;
    uint64_t qp = (uint64_t)q * p;
    uint32_t th = (uint32_t)(t >> 32), qh = (uint32_t)(qp >> 32);
    return (th - qh) + (p & zkpi_f31_mask(th < qh));
}

/* Canonical integer -> Montgomery form (x R mod p) and back. */
/* 1 when every x[i] < p (canonical). Every element is read: the time does not
 * depend on where a bad one is. */
ZKP_INLINE int zkpi_f31_all_canonical(const uint32_t *x, size_t n, uint32_t p) {
    uint32_t bad = 0;
    for (size_t i = 0; i < n; i++) bad |= (uint32_t)(x[i] >= p);
    return bad == 0;
}

ZKP_INLINE uint32_t zkpi_f31_to_mont(uint32_t x, uint32_t p, uint32_t pinv, uint32_t r2) {
    return zkpi_f31_mul(x, r2, p, pinv);
}
ZKP_INLINE uint32_t zkpi_f31_from_mont(uint32_t x, uint32_t p, uint32_t pinv) { return zkpi_f31_mul(x, 1, p, pinv); }

#endif
