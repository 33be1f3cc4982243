/*
 * Internal: the single-permutation kernels and their dispatch table.
 * Contract of every kernel (both columns of the table):
 *   - input: 16 limbs, any u64 (limbs >= p are taken mod p);
 *   - output: the Hemera permutation of the input, every limb canonical (< p);
 *   - permute: variable time (public data); permute_ct: no branch or memory
 *     address depends on the state.
 */
#ifndef ZKPRIM_HEMERA_KERNELS_H
#define ZKPRIM_HEMERA_KERNELS_H

#include <stdint.h>

#include "core/cpu_internal.h"

typedef struct hemera_perm_kernel {
    zkp_kernel_info info;
    void (*permute)(uint64_t st[16]);
    void (*permute_ct)(uint64_t st[16]);
} hemera_perm_kernel;

/* Widest first, portable last (tests loop over the usable entries). */
extern const hemera_perm_kernel zkp_hemera_perm_kernels[];
extern const unsigned zkp_hemera_perm_kernel_count;

void zkp_hemera_permute_portable(uint64_t st[16]);
void zkp_hemera_permute_ct_portable(uint64_t st[16]);
void zkp_hemera_permute_bmi2(uint64_t st[16]);
void zkp_hemera_permute_ct_bmi2(uint64_t st[16]);

#endif
