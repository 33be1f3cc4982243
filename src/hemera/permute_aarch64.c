/* aarch64 build of the single-permutation kernels: the same source as the
 * portable file, with gl.h's reduction and carry fix-ups routed to the
 * mul/umulh + csetm/csel sequences of goldilocks/gl_aarch64.h (branch-free,
 * so the constant-time permutation keeps its contract). Built only on
 * aarch64 (sources.cmake); docs/aarch64.md has its modelled cost. */
#define ZKPI_GL_AARCH64 1
#define TMPL_SUFFIX aarch64
#include "hemera/permute_tmpl.h"
