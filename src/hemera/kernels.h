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

#include <stddef.h>
#include <stdint.h>

#include "core/cpu_internal.h"

/* Micro-benchmark hooks: run `n` dependent steps of one field operation,
 * compiled with the kernel's own flags, so `zkprim bench` and the tests
 * measure/check exactly the code the kernel inlines. */
enum hemera_op {
    HEMERA_OP_MUL,          /* x <- x*c (latency of gl_mul) */
    HEMERA_OP_MUL_CT,       /* x <- x*c (gl_mul_ct) */
    HEMERA_OP_MUL_TPUT,     /* 8 independent chains of gl_mul (throughput; n counts all) */
    HEMERA_OP_INV_CHAIN,    /* x <- inverse(x) + 1 (addition chain, fast mul) */
    HEMERA_OP_INV_CHAIN_CT, /* same, constant-time chain */
    HEMERA_OP_INV_VARTIME,  /* same, binary GCD (gl_inv_vartime) */
    HEMERA_OP_INV_CT,       /* same, the inverse permute_ct uses */
    HEMERA_OP_COUNT
};

typedef struct hemera_perm_kernel {
    zkpi_kernel_info info;
    void (*permute)(uint64_t st[16]);
    void (*permute_ct)(uint64_t st[16]);
    uint64_t (*op_chain)(int op, uint64_t x, uint64_t n);
    /* the same permutations recording 25 canonical rows (hemera.h) */
    void (*permute_traced)(uint64_t st[16], uint64_t tr[25][16]);
    void (*permute_traced_ct)(uint64_t st[16], uint64_t tr[25][16]);
} hemera_perm_kernel;

/* Widest first, portable last (tests loop over the usable entries); the
 * first HEMERA_UNSHIPPED entries (dispatch.c) are tested, not dispatched. */
extern const hemera_perm_kernel zkpi_hemera_perm_kernels[];
extern const unsigned zkpi_hemera_perm_kernel_count;
/* Index of the dispatched entry of a kernel table (n entries of `stride`
 * bytes, portable last) whose first `skip` entries are tested but not
 * shipped: the first usable one after them (core/cpu_internal.h's pick). */
static inline unsigned zkpi_hemera_pick_shipped(_Atomic uint64_t *cache, const void *table, size_t stride, unsigned n,
                                                unsigned skip) {
#if ZKP_FREESTANDING
    (void)cache, (void)table, (void)stride, (void)skip;
    return n - 1; /* portable only (no atomics there) */
#else
    return skip + zkpi_dispatch_pick(cache, (const char *)table + skip * stride, stride, n - skip);
#endif
}

/* The entry zkp_hemera_permute uses now. */
const hemera_perm_kernel *zkpi_hemera_perm_kernel_active(void);

uint64_t zkpi_hemera_op_chain_portable(int op, uint64_t x, uint64_t n);
uint64_t zkpi_hemera_op_chain_bmi2(int op, uint64_t x, uint64_t n);
void zkpi_hemera_permute_portable(uint64_t st[16]);
void zkpi_hemera_permute_ct_portable(uint64_t st[16]);
void zkpi_hemera_permute_bmi2(uint64_t st[16]);
void zkpi_hemera_permute_avx512(uint64_t st[16]);
void zkpi_hemera_permute_ct_avx512(uint64_t st[16]);
uint64_t zkpi_hemera_op_chain_avx512(int op, uint64_t x, uint64_t n);
void zkpi_hemera_permute_avx2(uint64_t st[16]);
void zkpi_hemera_permute_ct_avx2(uint64_t st[16]);
uint64_t zkpi_hemera_op_chain_avx2(int op, uint64_t x, uint64_t n);
void zkpi_hemera_permute_ct_bmi2(uint64_t st[16]);
void zkpi_hemera_permute_traced_portable(uint64_t st[16], uint64_t tr[25][16]);
void zkpi_hemera_permute_traced_ct_portable(uint64_t st[16], uint64_t tr[25][16]);
void zkpi_hemera_permute_traced_bmi2(uint64_t st[16], uint64_t tr[25][16]);
void zkpi_hemera_permute_traced_ct_bmi2(uint64_t st[16], uint64_t tr[25][16]);
void zkpi_hemera_permute_traced_avx2(uint64_t st[16], uint64_t tr[25][16]);
void zkpi_hemera_permute_traced_ct_avx2(uint64_t st[16], uint64_t tr[25][16]);
void zkpi_hemera_permute_traced_avx512(uint64_t st[16], uint64_t tr[25][16]);
void zkpi_hemera_permute_traced_ct_avx512(uint64_t st[16], uint64_t tr[25][16]);
/* aarch64 (permute_aarch64.c: the portable source on gl_aarch64.h) */
void zkpi_hemera_permute_aarch64(uint64_t st[16]);
void zkpi_hemera_permute_ct_aarch64(uint64_t st[16]);
uint64_t zkpi_hemera_op_chain_aarch64(int op, uint64_t x, uint64_t n);
void zkpi_hemera_permute_traced_aarch64(uint64_t st[16], uint64_t tr[25][16]);
void zkpi_hemera_permute_traced_ct_aarch64(uint64_t st[16], uint64_t tr[25][16]);

#endif
