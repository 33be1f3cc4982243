/* Bit-serial oracles for the gf2 tests: shift-and-add polynomial products
 * and bitwise reduction by each modulus, written independently of the
 * library (no carry-less instruction, no Karatsuba, no word-level folds). */
#ifndef ZKPRIM_TESTS_GF2_REF_H
#define ZKPRIM_TESTS_GF2_REF_H

#include <stddef.h>
#include <stdint.h>

#define REF_MAXL 5   /* limbs of a modulus polynomial of degree 256 */

/* Modulus of a binary field of the library's field list (not ghash2):
 * exponents of its terms, highest (the degree) first, -1 terminated. */
const int *ref_gf2_modulus(int field);
/* r = a * b in the field (ghash2 built on the ghash128 oracle). */
void ref_gf2_mul(int field, uint64_t *r, const uint64_t *a, const uint64_t *b);
/* r = a^e (e: e_limbs limbs), plain square-and-multiply on the oracle. */
void ref_gf2_pow(int field, uint64_t *r, const uint64_t *a, const uint64_t *e, size_t e_limbs);

/* Polynomials over GF(2) as limb arrays of REF_MAXL limbs. */
int ref_poly_deg(const uint64_t *p, unsigned nl);        /* -1 for 0 */
void ref_poly_gcd(uint64_t *g, const uint64_t *a, const uint64_t *b, unsigned nl);

#endif
