/*
 * The field isomorphism between b256 and ghash2.
 *
 *   b256     = GF(2)[x]/(x^256 + x^10 + x^5 + x^2 + 1)
 *   ghash2   = K[v]/(v^2 + v + y^121),  K = ghash128 = GF(2)[y]/(y^128 + y^7 + y^2 + y + 1)
 *
 * Elements are gf2.h's typed structs (four little-endian 64-bit limbs): a
 * zkp_gf2_b256 holds the coefficient of x^(64i+j) in bit j of limb i; a
 * zkp_gf2_ghash2 c0 + c1*v holds c0 in limbs 0-1 and c1 in limbs 2-3 (each
 * a polynomial in y). Every 256-bit value is a reduced element of both
 * fields, so nothing is rejected.
 *
 * zkp_gf2_b256_to_ghash2_vartime maps x to r, the root of x^256+x^10+x^5+x^2+1 in
 * ghash2 with the smallest encoding (gen/gf2_iso.py, docs/gf2-iso.md); it is
 * additive and multiplicative, and zkp_gf2_ghash2_to_b256_vartime is its inverse.
 *
 * Timing: the plain names are constant time (the 256x256 matrix applied
 * under masks: no branch or address depends on the input). The _vartime
 * forms give the same results several times faster with table lookups
 * indexed by the input bits (5-bit windows): use them on public data only
 * (e.g. Merkle nodes or transcript values everyone sees), never on secrets.
 *
 * r may alias a (in-place conversion is fine); batch arrays hold n elements.
 */
#ifndef ZKPRIM_GF2_ISO_H
#define ZKPRIM_GF2_ISO_H

#include <stddef.h>
#include <stdint.h>

#include "zkprim/gf2.h"
#include "zkprim/zkprim.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Fast, variable-time conversions (public data only). */
ZKP_API void zkp_gf2_b256_to_ghash2_vartime(zkp_gf2_ghash2 *r, const zkp_gf2_b256 *a);
ZKP_API void zkp_gf2_ghash2_to_b256_vartime(zkp_gf2_b256 *r, const zkp_gf2_ghash2 *a);

/* r[i] = iso(a[i]) for i < n; identical to n single calls. NULL with n > 0:
 * ZKP_ERR_NULL; 32n above PTRDIFF_MAX: ZKP_ERR_LENGTH (nothing written in
 * either case). r may equal a. */
ZKP_MUST_USE ZKP_API zkp_status zkp_gf2_b256_to_ghash2_batch_vartime(zkp_gf2_ghash2 *r, const zkp_gf2_b256 *a, size_t n);
ZKP_MUST_USE ZKP_API zkp_status zkp_gf2_ghash2_to_b256_batch_vartime(zkp_gf2_b256 *r, const zkp_gf2_ghash2 *a, size_t n);

/* Constant-time conversions: no branch or memory address depends on a
 * (checked by tests/ct/gf2iso_ct.c under valgrind). Results are identical
 * to the _vartime forms. */
ZKP_API void zkp_gf2_b256_to_ghash2(zkp_gf2_ghash2 *r, const zkp_gf2_b256 *a);
ZKP_API void zkp_gf2_ghash2_to_b256(zkp_gf2_b256 *r, const zkp_gf2_ghash2 *a);

/* Which kernel the conversions use now ("avx2", "portable"). */
ZKP_API const char *zkp_gf2_iso_implementation(void);

/* The root r = image of x (constant data). */
ZKP_API void zkp_gf2_iso_root(zkp_gf2_ghash2 *r);

#ifdef __cplusplus
}
#endif

#endif
