/*
 * Bit-serial reference arithmetic for the isomorphism tests, written from
 * the field definitions only (no table, no Karatsuba, no carry-less
 * instruction): shift-and-add multiplication with the modulus folded in one
 * bit at a time. Elements are little-endian uint64 limbs.
 */
#ifndef ZKPRIM_TESTS_REF_GF2ISO_ORACLE_H
#define ZKPRIM_TESTS_REF_GF2ISO_ORACLE_H

#include <stdint.h>

/* b256: x^256 + x^10 + x^5 + x^2 + 1. */
void ref_b256_mul(uint64_t r[4], const uint64_t a[4], const uint64_t b[4]);
/* ghash128: y^128 + y^7 + y^2 + y + 1 (plain polynomial basis). */
void ref_ghash128_mul(uint64_t r[2], const uint64_t a[2], const uint64_t b[2]);
/* ghash2: (a0 + a1 v)(b0 + b1 v) with v^2 = v + y^121; limbs a[0..1] = a0,
 * a[2..3] = a1. */
void ref_ghash2_mul(uint64_t r[4], const uint64_t a[4], const uint64_t b[4]);

#endif
