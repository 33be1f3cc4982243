/*
 * Internal interface between the gf2 API layer (gf2.c), the dispatcher
 * (dispatch.c) and the kernels (kern_<isa>.c, each instantiating
 * gf2_tmpl.h with one backend's vector operations).
 *
 * Every kernel provides, per field, four entry points over limb arrays
 * (elements of zkpi_gf2_fields[f].limbs uint64_t, reduced in and out):
 *   mul(r, a, b)                   one product (r may alias a or b)
 *   sqr(r, a)                      one square
 *   mul_batch(r, a, b, n)          n products over arrays
 *   fb_batch(out, tab, w, nwin, exps, n)
 *                                  n fixed-base powers from a window table
 *                                  laid out as nwin blocks of 2^w elements
 *                                  (block j, entry d = g^(d * 2^(w j)));
 *                                  exponents are 2 limbs each.
 * All run in time independent of the element values except fb_batch, whose
 * table addresses depend on the exponent (variable time).
 */
#ifndef ZKPRIM_GF2_INTERNAL_H
#define ZKPRIM_GF2_INTERNAL_H

#include <stddef.h>
#include <stdint.h>

#include "core/cpu_internal.h"
#include "core/util.h"
#include "zkprim/gf2.h"

typedef void (*gf2_mul_fn)(uint64_t *r, const uint64_t *a, const uint64_t *b);
typedef void (*gf2_sqr_fn)(uint64_t *r, const uint64_t *a);
typedef void (*gf2_mul_batch_fn)(uint64_t *r, const uint64_t *a, const uint64_t *b, size_t n);
typedef void (*gf2_fb_batch_fn)(uint64_t *out, const uint64_t *tab, unsigned w, unsigned nwin,
                                const uint64_t *exps, size_t n);

typedef struct gf2_field_ops {
    gf2_mul_fn mul;
    gf2_sqr_fn sqr;
    gf2_mul_batch_fn mul_batch;
    gf2_fb_batch_fn fb_batch;
} gf2_field_ops;

typedef struct gf2_kernel {
    zkpi_kernel_info info;
    const gf2_field_ops *ops;   /* ZKP_GF2_FIELD_COUNT entries, in zkp_gf2_field order */
} gf2_kernel;

/* One table per backend (defined by the kernel files that are built). */
extern const gf2_field_ops zkpi_gf2_ops_portable[ZKP_GF2_FIELD_COUNT];
extern const gf2_field_ops zkpi_gf2_ops_pclmul[ZKP_GF2_FIELD_COUNT];
extern const gf2_field_ops zkpi_gf2_ops_vpclmul[ZKP_GF2_FIELD_COUNT];
extern const gf2_field_ops zkpi_gf2_ops_avx512[ZKP_GF2_FIELD_COUNT];
extern const gf2_field_ops zkpi_gf2_ops_pmull[ZKP_GF2_FIELD_COUNT];

/* The kernel table, widest first, portable last (tests walk it). */
const gf2_kernel *zkpi_gf2_kernels(size_t *count);
/* The kernel the dispatcher picks now. */
const gf2_kernel *zkpi_gf2_kernel_active(void);

typedef struct gf2_field_desc {
    const char *name;
    unsigned degree;
    unsigned limbs;
    uint64_t top_mask;   /* valid bits of the top limb */
    unsigned default_window;
} gf2_field_desc;

extern const gf2_field_desc zkpi_gf2_fields[ZKP_GF2_FIELD_COUNT];

/* A fixed-base table (opaque in gf2.h; here so tests can corrupt its
 * header). magic is GF2_FB_MAGIC while the table is live. */
#define GF2_FB_MAGIC 0x46584247u /* "GBXF" */
struct zkp_gf2_fixed_base {
    uint32_t magic;
    zkp_gf2_field field;
    unsigned w, nwin;
    uint64_t *tab;   /* nwin blocks of 2^w elements */
};

#endif
