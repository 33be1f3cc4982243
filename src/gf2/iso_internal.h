/*
 * Kernel interface of the b256 <-> ghash2 isomorphism (src/gf2/iso.c).
 *
 * apply(out, in, n, tab) converts n elements (4 limbs each) with one of
 * the two generated tables (zkpi_gf2iso_fwd_tab / zkpi_gf2iso_inv_tab): per
 * element, the XOR of 52 table entries selected by the input's windows (see
 * iso_tables.h). out may equal in. Variable time (table lookups indexed by
 * the data): public data only.
 */
#ifndef ZKPRIM_GF2_ISO_INTERNAL_H
#define ZKPRIM_GF2_ISO_INTERNAL_H

#include <stddef.h>
#include <stdint.h>

#include "core/cpu_internal.h"
#include "gf2/iso_tables.h"

typedef void (*zkpi_gf2iso_apply_fn)(uint64_t *out, const uint64_t *in, size_t n,
                                    const uint64_t (*tab)[4]);

typedef struct zkpi_gf2iso_kernel {
    zkpi_kernel_info info;
    zkpi_gf2iso_apply_fn apply;
} zkpi_gf2iso_kernel;

void zkpi_gf2iso_apply_portable(uint64_t *out, const uint64_t *in, size_t n, const uint64_t (*tab)[4]);
#if ZKP_HAVE_AVX2
void zkpi_gf2iso_apply_avx2(uint64_t *out, const uint64_t *in, size_t n, const uint64_t (*tab)[4]);
#endif

/* Every kernel this build has, widest first, portable last (tests walk it). */
extern const zkpi_gf2iso_kernel zkpi_gf2iso_kernels[];
extern const size_t zkpi_gf2iso_kernel_count;

#endif
