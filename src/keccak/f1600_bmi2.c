/* x86-64 scalar Keccak-f[1600] for BMI1/BMI2 CPUs: the portable body built
 * with -mbmi -mbmi2 (ANDN for chi, RORX for rho/theta). It is in the
 * dispatcher only because it measured faster than portable (docs/keccak.md). */
#include "keccak/f1600_scalar.h"

KECCAK_DEFINE_SCALAR_F1600(zkp_keccakf1600_bmi2)
