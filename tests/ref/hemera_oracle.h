/*
 * Definitional Hemera oracle, for tests only (spec section 3, nothing
 * clever): arithmetic by 128-bit remainder, rounds exactly as written,
 * inverse by square-and-multiply over the 64 bits of p - 2, 0 -> 0. Slow.
 * Used by test_hemera, test_hemera_modes and test_hemera_batch.
 */
#ifndef ZKPRIM_TESTS_REF_HEMERA_ORACLE_H
#define ZKPRIM_TESTS_REF_HEMERA_ORACLE_H

#include <stdint.h>

#define ORACLE_P 0xFFFFFFFF00000001ull

/* Permutes st in place: any u64 input limbs (taken mod p), canonical output. */
void hemera_oracle_permute(uint64_t st[16]);

/* The same permutation recording the state after the initial layer and after
 * each of the 24 rounds (trace[0] .. trace[24]), canonical. */
void hemera_oracle_permute_trace(uint64_t st[16], uint64_t trace[25][16]);

/* Field helpers of the oracle (canonical outputs, any u64 inputs). */
uint64_t oracle_add(uint64_t a, uint64_t b);
uint64_t oracle_sub(uint64_t a, uint64_t b);
uint64_t oracle_mul(uint64_t a, uint64_t b);
uint64_t oracle_pow(uint64_t a, uint64_t e);
uint64_t oracle_inv(uint64_t a); /* 0 -> 0 */

#endif
