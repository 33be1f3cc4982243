/*
 * Test-only oracle: schoolbook big integers on 32-bit limbs (little-endian,
 * 16 limbs = 512 bits), reduction mod p by shift-and-subtract long
 * division. Deliberately simple and slow, and sharing nothing with
 * src/poseidon (not the limb size, not the algorithm, not the constants:
 * p is parsed from its decimal string here).
 */
#ifndef ZKPRIM_TESTS_POSEIDON_BIGINT_H
#define ZKPRIM_TESTS_POSEIDON_BIGINT_H

#include <stdint.h>

#define RB_LIMBS 16
typedef struct rb {
    uint32_t w[RB_LIMBS];
} rb;

/* p of BN254 Fr, from decimal. */
const rb *rb_p(void);
/* From / to 64-bit limbs (4 limbs, 256 bits). */
rb rb_from_u64x4(const uint64_t v[4]);
void rb_to_u64x4(uint64_t v[4], const rb *a);
/* Parses decimal digits; returns 0 on success. */
int rb_from_dec(rb *out, const char *s);
/* Writes decimal (buf >= 160 bytes). */
void rb_to_dec(char *buf, const rb *a);
int rb_cmp(const rb *a, const rb *b);
rb rb_add(const rb *a, const rb *b);   /* mod 2^512 */
rb rb_mul(const rb *a, const rb *b);   /* low 512 bits of the product */
rb rb_mod(const rb *a, const rb *m);   /* a mod m, m != 0 */
rb rb_mulmod(const rb *a, const rb *b); /* a * b mod p */
rb rb_addmod(const rb *a, const rb *b); /* (a + b) mod p */
rb rb_submod(const rb *a, const rb *b); /* (a - b) mod p for a, b < p */
rb rb_small(uint32_t x);
rb rb_pow2(unsigned k);               /* 2^k, k < 512 */

#endif
