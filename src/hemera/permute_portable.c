/* Portable single-permutation kernels (plain C; on aarch64 the 64x64->128
 * multiply compiles to mul + umulh, on x86-64 to mul). */
#define TMPL_SUFFIX portable
#include "hemera/permute_tmpl.h"
