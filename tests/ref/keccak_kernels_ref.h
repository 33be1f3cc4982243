/*
 * A definitional Keccak-f[1600] used only by test_keccak_kernels: the five
 * step mappings of FIPS 202 section 3.2, each a separate function over
 * A[x][y] (stored as a[x + 5*y]), with the rho offsets and round constants
 * computed by the specification's own algorithms rather than tabulated, so
 * that it shares no table with the kernels it checks.
 */
#ifndef ZKPRIM_TESTS_KECCAK_KERNELS_REF_H
#define ZKPRIM_TESTS_KECCAK_KERNELS_REF_H

#include <stdint.h>

void fips_theta(uint64_t a[25]);
void fips_rho(uint64_t a[25]);
void fips_pi(uint64_t a[25]);
void fips_chi(uint64_t a[25]);
void fips_iota(uint64_t a[25], int round);
void fips_permute(uint64_t a[25]);  /* the 24 rounds */

/* The derived tables, exposed so the test can check them against the
 * intermediate-values file. */
unsigned fips_rho_offset(int x, int y);
uint64_t fips_round_constant(int round);

#endif
