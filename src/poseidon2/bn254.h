/* Poseidon2 over BN254, t = 4: the permutation on Montgomery-form lanes
 * (bn254.c) and the conversions the public functions use. */
#ifndef ZKPRIM_POSEIDON2_BN254_H
#define ZKPRIM_POSEIDON2_BN254_H

#include "bn254/elem.h"

void zkpi_p2_bn254_permute_mont(zkpi_bn254_fr s[4]);
void zkpi_p2_bn254_to_mont(zkpi_bn254_fr *x);   /* canonical in, canonical Montgomery out */
void zkpi_p2_bn254_from_mont(zkpi_bn254_fr *x);

#endif
