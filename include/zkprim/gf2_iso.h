/*
 * The field isomorphism between b256 and ghash2 (issue 5).
 *
 *   b256     = GF(2)[x]/(x^256 + x^10 + x^5 + x^2 + 1)
 *   ghash2   = K[v]/(v^2 + v + y^121),  K = ghash128 = GF(2)[y]/(y^128 + y^7 + y^2 + y + 1)
 *
 * Encodings (32 bytes each, as in gf2.h): a b256 element is its 256
 * coefficients as a little-endian integer (bit i = coefficient of x^i); a
 * ghash2 element c0 + c1*v is c0 (16 bytes, little-endian polynomial in y)
 * followed by c1 (16 bytes). Every 32-byte string is a valid element of
 * both fields, so nothing is rejected.
 *
 * zkp_gf2_b256_to_ghash2 maps x to r, the root of x^256+x^10+x^5+x^2+1 in
 * ghash2 with the smallest encoding (gen/gf2_iso.py, docs/gf2-iso.md); it is
 * additive and multiplicative, and zkp_gf2_ghash2_to_b256 is its inverse.
 *
 * Timing: both directions are table lookups indexed by the input bits
 * (5-bit windows), so they are NOT constant time: use them on public data
 * only (the usual case: Binius-style transcripts and commitments).
 *
 * out may equal in (in-place conversion is fine); batch arrays are n
 * consecutive 32-byte elements, any alignment.
 */
#ifndef ZKPRIM_GF2_ISO_H
#define ZKPRIM_GF2_ISO_H

#include <stddef.h>
#include <stdint.h>

#include "zkprim/zkprim.h"

#ifdef __cplusplus
extern "C" {
#endif

#define ZKP_GF2_ISO_BYTES 32

ZKP_API void zkp_gf2_b256_to_ghash2(uint8_t out[32], const uint8_t in[32]);
ZKP_API void zkp_gf2_ghash2_to_b256(uint8_t out[32], const uint8_t in[32]);

/* n elements; identical to n single calls. NULL with n > 0: ZKP_ERR_NULL. */
ZKP_API zkp_status zkp_gf2_b256_to_ghash2_batch(uint8_t *out, const uint8_t *in, size_t n);
ZKP_API zkp_status zkp_gf2_ghash2_to_b256_batch(uint8_t *out, const uint8_t *in, size_t n);

/* Which kernel the conversions use now ("avx2", "portable"). */
ZKP_API const char *zkp_gf2_iso_implementation(void);

/* The root r = image of x, as a ghash2 encoding (constant data). */
ZKP_API void zkp_gf2_iso_root(uint8_t out[32]);

#ifdef __cplusplus
}
#endif

#endif
