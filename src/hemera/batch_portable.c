/*
 * Portable batched Hemera permutation: the scalar template
 * (batch_scalar_tmpl.h) in plain C, 16 lanes per group.
 */
#define TMPL_SUFFIX portable
#include "hemera/batch_scalar_tmpl.h"

void zkpi_hb_batch_inverse(uint64_t *x, unsigned n) { hb_batch_inverse(x, n); }
