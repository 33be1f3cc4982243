/* x86-64 BMI2/ADX build of the single-permutation kernels: the same source
 * as the portable file, compiled with -mbmi2 -madx -mbmi so the multiply is
 * mulx (flag-free, any destination), shifts are shrx and the binary-GCD
 * inverse uses tzcnt. */
#define TMPL_SUFFIX bmi2
#include "hemera/permute_tmpl.h"
