/* x86-64 scalar Keccak-f[1600] for BMI1/BMI2 CPUs: the portable body built
 * with -mbmi -mbmi2 (ANDN for chi, RORX for rho/theta), carrying theta's
 * column parities between rounds. It is in the
 * dispatcher only because it measured faster than portable (docs/keccak.md). */
#define TMPL_SUFFIX bmi2
#define TMPL_CARRY_THETA 1
#include "keccak/f1600_scalar_tmpl.h"
