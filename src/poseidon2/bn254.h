/* Poseidon2 over BN254, t = 4: the permutation on Montgomery-form lanes
 * (bn254_tmpl.h, one kernel per instruction set) and the conversions the public functions use. */
#ifndef ZKPRIM_POSEIDON2_BN254_H
#define ZKPRIM_POSEIDON2_BN254_H

#include "bn254/elem.h"

#include "core/cpu_internal.h"

void zkpi_p2_bn254_permute_mont_portable(zkpi_bn254_fr s[4]);
void zkpi_p2_bn254_permute_mont_bmi2(zkpi_bn254_fr s[4]);
void zkpi_p2_bn254_to_mont(zkpi_bn254_fr *x);   /* canonical in, canonical Montgomery out */
void zkpi_p2_bn254_from_mont(zkpi_bn254_fr *x);

/* The permutation kernel table (poseidon2.c): bmi2 (MULX/ADX), portable. */
typedef struct zkpi_p2_bn254_kernel {
    zkpi_kernel_info info;
    void (*permute_mont)(zkpi_bn254_fr s[4]);
} zkpi_p2_bn254_kernel;
extern const zkpi_p2_bn254_kernel zkpi_p2_bn254_kernels[];
extern const unsigned zkpi_p2_bn254_kernel_count;
const zkpi_p2_bn254_kernel *zkpi_p2_bn254_kernel_active(void);

#endif
