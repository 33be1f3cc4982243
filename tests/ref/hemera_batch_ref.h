/*
 * Textbook Hemera arithmetic for the batch tests (independent of the
 * library's kernels): every operation is a u128 product or sum taken % p.
 * Generic in the profile (spec 11), plus the inverse of the rounds, used to
 * construct inputs whose partial S-box input is zero in a chosen round.
 */
#ifndef ZKPRIM_TESTS_HEMERA_BATCH_REF_H
#define ZKPRIM_TESTS_HEMERA_BATCH_REF_H

#include <stdint.h>

#include "hemera/params.h"

#define REF_P 0xFFFFFFFF00000001ull

uint64_t ref_add(uint64_t a, uint64_t b);
uint64_t ref_sub(uint64_t a, uint64_t b);
uint64_t ref_mul(uint64_t a, uint64_t b);
uint64_t ref_pow(uint64_t x, uint64_t e);

/* The permutation of spec 3 / 11 for any profile (inputs any u64). */
void ref_permute(uint64_t st[16], const hemera_profile *pr);

/* An input state whose partial-round-j S-box input (state[0] + RC) is zero,
 * the other limbs of that intermediate state taken from `fill` (canonical).
 * Works for the inverse profile (the inverse S-box is an involution) and for
 * x^7 partial S-boxes. */
void ref_input_for_zero_partial(uint64_t out[16], unsigned j, const uint64_t fill[16], const hemera_profile *pr);

#endif
