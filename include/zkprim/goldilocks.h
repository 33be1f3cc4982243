/*
 * Goldilocks field arithmetic: p = 2^64 - 2^32 + 1 = 0xFFFFFFFF00000001,
 * the field of Hemera (and of Plonky2/Plonky3-style proof systems).
 *
 * Input rule: every function accepts ANY uint64_t as an element and takes it
 * mod p (values in [p, 2^64) are non-canonical representatives, never an
 * error). Output rule: every result is canonical (< p), so results can be
 * compared with ==.
 *
 * Timing: every function here is constant time (ZKP_CT: no branch or memory
 * address depends on an operand, the exponent of zkp_goldilocks_pow
 * included) except the one whose name ends in _vartime (ZKP_VARTIME), which
 * must only see public values. Nothing here allocates.
 * (The library's Hemera kernels use inlined forms of the same arithmetic;
 * these out-of-line calls are for users building on the field.)
 *
 * Path from this header to the hot loop: src/hemera/goldilocks.c (the
 * out-of-line wrappers) -> the inline scalar forms of src/hemera/gl.h.
 */
#ifndef ZKPRIM_GOLDILOCKS_H
#define ZKPRIM_GOLDILOCKS_H

#include <stdint.h>

#include "zkprim/zkprim.h"

#ifdef __cplusplus
extern "C" {
#endif

#define ZKP_GOLDILOCKS_P 0xFFFFFFFF00000001ull

/* The operations cannot fail, so they return the result; only the inverses
 * (zero has none) return a status and write the result through r. */

/* x mod p: the canonical form of any u64 (from/to canonical). */
ZKP_API ZKP_CT uint64_t zkp_goldilocks_reduce(uint64_t x);
/* (hi*2^64 + lo) mod p: reduces any 128-bit value, e.g. a wide product. */
ZKP_API ZKP_CT uint64_t zkp_goldilocks_reduce128(uint64_t lo, uint64_t hi);

ZKP_API ZKP_CT uint64_t zkp_goldilocks_add(uint64_t a, uint64_t b);
ZKP_API ZKP_CT uint64_t zkp_goldilocks_sub(uint64_t a, uint64_t b);
ZKP_API ZKP_CT uint64_t zkp_goldilocks_neg(uint64_t a);
ZKP_API ZKP_CT uint64_t zkp_goldilocks_mul(uint64_t a, uint64_t b);
ZKP_API ZKP_CT uint64_t zkp_goldilocks_square(uint64_t a);
/* a^e (0^0 = 1). Constant time in both a and e (always 64 square-multiply steps). */
ZKP_API ZKP_CT uint64_t zkp_goldilocks_pow(uint64_t a, uint64_t e);
/* *r = a^-1. a = 0 (also a = p, any a = 0 mod p): *r = 0 and ZKP_ERR_RANGE,
 * as zkp_gf2_inv (Hemera's S-box maps 0 to 0 the same way). r NULL:
 * ZKP_ERR_NULL. Constant time; the status is computed without a branch and
 * reveals only whether a is zero. */
ZKP_MUST_USE ZKP_API ZKP_CT zkp_status zkp_goldilocks_inv(uint64_t *r, uint64_t a);
/* Same results and statuses, variable time (binary GCD): public values
 * only; faster. */
ZKP_MUST_USE ZKP_API ZKP_VARTIME zkp_status zkp_goldilocks_inv_vartime(uint64_t *r, uint64_t a);

#ifdef __cplusplus
}
#endif
#endif
