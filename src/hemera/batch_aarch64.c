/*
 * aarch64 batched Hemera permutation: the scalar template
 * (batch_scalar_tmpl.h; independent mul/umulh chains over L interleaved
 * states) with gl.h's reduction and carry fix-ups routed to the csetm/csel
 * sequences of goldilocks/gl_aarch64.h. Built only on aarch64
 * (sources.cmake); group width and modelled cost: docs/aarch64.md.
 */
#define ZKPI_GL_AARCH64 1
#define TMPL_SUFFIX aarch64
#define HB_STAGED 1
#include "hemera/batch_scalar_tmpl.h"
