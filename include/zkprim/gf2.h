/*
 * Binary fields GF(2^n) for binary-field proof systems: seven fields with
 * carry-less multiplication kernels (portable C, PCLMULQDQ, VPCLMULQDQ on
 * ymm/zmm, aarch64 PMULL), dispatched once per call or batch.
 *
 * Representation: polynomial basis, little-endian 64-bit limbs; limb i holds
 * the coefficients of x^(64i) .. x^(64i+63), bit j of a limb is the
 * coefficient of x^(64i+j). An element of a field of degree n is *reduced*
 * when no bit at or above position n is set.
 *
 *   field     modulus                        limbs  bytes
 *   b127      x^127 + x + 1                    2     16
 *   ghash128  x^128 + x^7 + x^2 + x + 1        2     16   (plain polynomial basis,
 *                                                          not GCM's bit-reflected one)
 *   b163      x^163 + x^7 + x^6 + x^3 + 1      3     24
 *   b191      x^191 + x^9 + 1                  3     24
 *   sect193   x^193 + x^15 + 1                 4     32   (limb 3 holds only bit 192)
 *   ghash2    K[v]/(v^2 + v + x^121), K = ghash128
 *                                              4     32   (limbs 0-1: c0, limbs 2-3: c1,
 *                                                          the element c0 + c1*v)
 *   b256      x^256 + x^10 + x^5 + x^2 + 1     4     32
 *
 * Contract on inputs: the arithmetic functions (add, mul, square, mul_batch,
 * inv, pow, fixed-base powers) take *reduced* elements and return reduced
 * elements; they do not check (garbage in, garbage out, never a crash). Only
 * the functions taking encodings check: zkp_gf2_check and *_from_bytes
 * return ZKP_ERR_RANGE for an element with bits at or above the degree.
 *
 * Argument order: (field or table, result, operands), like GMP and
 * libsecp256k1. Outputs may alias inputs.
 *
 * Timing: every function is constant time (ZKP_CT; pow depends only on the
 * exponent's length in limbs, inv's and check's status says only whether a
 * is zero or reduced) except the ZKP_QUERY getters and the names ending in
 * _vartime (ZKP_VARTIME): the fixed-base table powers index a table by the
 * exponent, never feed them secret exponents. Only zkp_gf2_fixed_base_new
 * allocates (ZKP_ALLOCATES).
 *
 * Path from this header to the hot loop: src/gf2/gf2.c (checks, inv, pow,
 * fixed-base tables, the typed forms) -> dispatch.c (kernel table) ->
 * kern_<kernel>.c, each an instance of gf2_tmpl.h.
 */
#ifndef ZKPRIM_GF2_H
#define ZKPRIM_GF2_H

/* Left out of freestanding builds (-DZKP_FREESTANDING=ON, docs/zkvm.md):
 * fixed-base tables allocate, so the module is not built there. */
#include <stddef.h>
#include <stdint.h>

#include "zkprim/zkprim.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ---- field identifiers (generic interface) ------------------------------ */

typedef enum zkp_gf2_field {
    ZKP_GF2_B127 = 0,
    ZKP_GF2_GHASH128 = 1,
    ZKP_GF2_B163 = 2,
    ZKP_GF2_B191 = 3,
    ZKP_GF2_SECT193 = 4,
    ZKP_GF2_GHASH2 = 5,
    ZKP_GF2_B256 = 6,
    ZKP_GF2_FIELD_COUNT = 7
} zkp_gf2_field;

#define ZKP_GF2_MAX_LIMBS 4

/* Name <-> id ("b127", "ghash128", "b163", "b191", "sect193", "ghash2",
 * "b256"). Unknown name: ZKP_ERR_PARAM. Unknown id: NULL. */
ZKP_MUST_USE ZKP_API ZKP_QUERY zkp_status zkp_gf2_field_by_name(const char *name, zkp_gf2_field *out);
ZKP_API ZKP_QUERY const char *zkp_gf2_field_name(zkp_gf2_field f);
/* Limbs per element (2, 3 or 4) and the degree over GF(2) (127 ... 256);
 * 0 for an unknown id. */
ZKP_API ZKP_QUERY unsigned zkp_gf2_field_limbs(zkp_gf2_field f);
ZKP_API ZKP_QUERY unsigned zkp_gf2_field_degree(zkp_gf2_field f);

/* Which kernel the field arithmetic uses now ("vpclmul-zmm", "vpclmul",
 * "pclmul", "pmull", "portable"). */
ZKP_API ZKP_QUERY const char *zkp_gf2_implementation(void);

/* Generic forms: elements are zkp_gf2_field_limbs(f) uint64_t limbs.
 * Unknown f or NULL pointers: ZKP_ERR_PARAM / ZKP_ERR_NULL (nothing written).
 * Outputs may alias inputs. */
ZKP_MUST_USE ZKP_API ZKP_CT zkp_status zkp_gf2_check(zkp_gf2_field f, const uint64_t *a);     /* ZKP_ERR_RANGE if unreduced */
ZKP_MUST_USE ZKP_API ZKP_CT zkp_status zkp_gf2_add(zkp_gf2_field f, uint64_t *r, const uint64_t *a, const uint64_t *b);
ZKP_MUST_USE ZKP_API ZKP_CT zkp_status zkp_gf2_mul(zkp_gf2_field f, uint64_t *r, const uint64_t *a, const uint64_t *b);
ZKP_MUST_USE ZKP_API ZKP_CT zkp_status zkp_gf2_square(zkp_gf2_field f, uint64_t *r, const uint64_t *a);
/* r[i] = a[i] * b[i] for i < n (arrays of n elements, r may equal a or b).
 * n elements larger than PTRDIFF_MAX bytes: ZKP_ERR_LENGTH. */
ZKP_MUST_USE ZKP_API ZKP_CT zkp_status zkp_gf2_mul_batch(zkp_gf2_field f, uint64_t *r, const uint64_t *a, const uint64_t *b,
                                     size_t n);
/* r = a^-1. a = 0: r = 0 and ZKP_ERR_RANGE. */
ZKP_MUST_USE ZKP_API ZKP_CT zkp_status zkp_gf2_inv(zkp_gf2_field f, uint64_t *r, const uint64_t *a);
/* r = a^e, e an unsigned integer of e_limbs little-endian 64-bit limbs
 * (square-and-multiply, constant time in a and e for a given e_limbs).
 * a^0 = 1 (also for a = 0). 8*e_limbs above PTRDIFF_MAX: ZKP_ERR_LENGTH. */
ZKP_MUST_USE ZKP_API ZKP_CT zkp_status zkp_gf2_pow(zkp_gf2_field f, uint64_t *r, const uint64_t *a, const uint64_t *e, size_t e_limbs);
/* 32 little-endian bytes max: bytes = 8 * limbs. from_bytes rejects
 * unreduced encodings with ZKP_ERR_RANGE (r untouched). */
ZKP_MUST_USE ZKP_API ZKP_CT zkp_status zkp_gf2_from_bytes(zkp_gf2_field f, uint64_t *r, const uint8_t *in);
ZKP_MUST_USE ZKP_API ZKP_CT zkp_status zkp_gf2_to_bytes(zkp_gf2_field f, uint8_t *out, const uint64_t *a);

/* ---- typed per-field API -------------------------------------------------- */

/* The functions returning a status are the generic forms underneath
 * (ZKP_ERR_NULL for NULL pointers; mul_batch and pow: ZKP_ERR_LENGTH for a
 * count or exponent length too large for any array). The void functions do
 * not check: every pointer must be valid. Outputs may alias inputs. */

#define ZKP_GF2_DECLARE_FIELD(F, NL)                                                                                  \
    typedef struct zkp_gf2_##F { uint64_t limb[NL]; } zkp_gf2_##F;                                                    \
    ZKP_API ZKP_CT void zkp_gf2_##F##_add(zkp_gf2_##F *r, const zkp_gf2_##F *a, const zkp_gf2_##F *b);                \
    ZKP_API ZKP_CT void zkp_gf2_##F##_mul(zkp_gf2_##F *r, const zkp_gf2_##F *a, const zkp_gf2_##F *b);                \
    ZKP_API ZKP_CT void zkp_gf2_##F##_square(zkp_gf2_##F *r, const zkp_gf2_##F *a);                                   \
    ZKP_MUST_USE ZKP_API ZKP_CT zkp_status zkp_gf2_##F##_mul_batch(zkp_gf2_##F *r, const zkp_gf2_##F *a,              \
                                                          const zkp_gf2_##F *b, size_t n);                            \
    ZKP_MUST_USE ZKP_API ZKP_CT zkp_status zkp_gf2_##F##_inv(zkp_gf2_##F *r, const zkp_gf2_##F *a);                   \
    ZKP_MUST_USE ZKP_API ZKP_CT zkp_status zkp_gf2_##F##_pow(zkp_gf2_##F *r, const zkp_gf2_##F *a, const uint64_t *e, \
                                                    size_t e_limbs);                                                  \
    ZKP_MUST_USE ZKP_API ZKP_CT zkp_status zkp_gf2_##F##_from_bytes(zkp_gf2_##F *r, const uint8_t *in);               \
    ZKP_API ZKP_CT void zkp_gf2_##F##_to_bytes(uint8_t *out, const zkp_gf2_##F *a); /* 8*NL bytes */

/* zkp_gf2_b127, zkp_gf2_b127_mul(r, a, b), ... for each field. */
ZKP_GF2_DECLARE_FIELD(b127, 2)
ZKP_GF2_DECLARE_FIELD(ghash128, 2)
ZKP_GF2_DECLARE_FIELD(b163, 3)
ZKP_GF2_DECLARE_FIELD(b191, 3)
ZKP_GF2_DECLARE_FIELD(sect193, 4)
ZKP_GF2_DECLARE_FIELD(ghash2, 4)
ZKP_GF2_DECLARE_FIELD(b256, 4)

/* ---- fixed-base exponentiation with a precomputed windowed table --------- */

/* A table for one base g and window width w (1..20): the 128-bit exponent is
 * split into ceil(128/w) windows of w bits; window j holds g^(d * 2^(w*j))
 * for every d < 2^w, ceil(128/w) * 2^w elements in all. A power then costs
 * ceil(128/w) - 1 multiplications and as many table reads. Opaque;
 * allocated by _new (the only allocating function of this module). */
typedef struct zkp_gf2_fixed_base zkp_gf2_fixed_base;

/* The default window width for a field, tuned by a sweep on the development
 * machine (`zkprim field-bench --sweep-windows`). */
ZKP_API ZKP_QUERY unsigned zkp_gf2_fixed_base_default_window(zkp_gf2_field f);
/* Bytes the table for (f, w) takes; 0 for an invalid f or w. */
ZKP_API ZKP_QUERY size_t zkp_gf2_fixed_base_table_bytes(zkp_gf2_field f, unsigned window_bits);
/* Builds the table. window_bits 0 = the default. Errors: ZKP_ERR_PARAM
 * (unknown field, w outside 1..20), ZKP_ERR_NULL, ZKP_ERR_RANGE (unreduced
 * base), ZKP_ERR_NOMEM (the table does not fit in memory). */
ZKP_MUST_USE ZKP_API ZKP_CT ZKP_ALLOCATES zkp_status zkp_gf2_fixed_base_new(zkp_gf2_fixed_base **out, zkp_gf2_field f, const uint64_t *base,
                                          unsigned window_bits);
/* Every function below checks the table's header first: a pointer to a
 * table whose header was overwritten (or that was never built) gives
 * ZKP_ERR_STATE from the powers, 0 / ZKP_GF2_FIELD_COUNT from the getters,
 * and is ignored (leaked) by _free rather than freeing untrusted pointers. */
ZKP_API ZKP_CT void zkp_gf2_fixed_base_free(zkp_gf2_fixed_base *t);
ZKP_API ZKP_QUERY unsigned zkp_gf2_fixed_base_window(const zkp_gf2_fixed_base *t);
ZKP_API ZKP_QUERY zkp_gf2_field zkp_gf2_fixed_base_field(const zkp_gf2_fixed_base *t);
/* out = g^e with e = exp[0] + 2^64 * exp[1]. */
ZKP_MUST_USE ZKP_API ZKP_VARTIME zkp_status zkp_gf2_fixed_base_pow_vartime(const zkp_gf2_fixed_base *t, uint64_t *out,
                                                  const uint64_t exp[2]);
/* n powers: out[i] (limbs of the field) = g^(exps[2i] + 2^64 exps[2i+1]).
 * Independent powers are interleaved across SIMD lanes. n whose exponent
 * or output array exceeds PTRDIFF_MAX bytes: ZKP_ERR_LENGTH. */
ZKP_MUST_USE ZKP_API ZKP_VARTIME zkp_status zkp_gf2_fixed_base_pow_batch_vartime(const zkp_gf2_fixed_base *t, uint64_t *out,
                                                        const uint64_t *exps, size_t n);

#ifdef __cplusplus
}
#endif
#endif
