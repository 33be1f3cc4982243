/*
 * Internal kernel interface of the Poseidon module. A kernel is one
 * compilation of perm_tmpl.h over one implementation of the 512-bit
 * product / Montgomery reduction (portable C, or x86-64 MULX/ADX asm).
 * Every function works on Montgomery-form, canonical (< p) elements; the
 * public API in poseidon.c converts in and out.
 */
#ifndef ZKPRIM_POSEIDON_INTERNAL_H
#define ZKPRIM_POSEIDON_INTERNAL_H

#include <stddef.h>

#include "core/cpu_internal.h"
#include "poseidon/params.h"
#include "zkprim/lean_imt.h"

typedef struct zkpi_poseidon_ops {
    /* r = a * b / R mod p (Montgomery product); r may alias a or b. */
    void (*mul)(zkpi_fr *r, const zkpi_fr *a, const zkpi_fr *b);
    /* r = a^2 / R mod p with the dedicated squaring. */
    void (*sqr)(zkpi_fr *r, const zkpi_fr *a);
    /* r = sum_{k<n} a[k] * b[k] / R mod p, one reduction; 1 <= n <= 17. */
    void (*dot)(zkpi_fr *r, const zkpi_fr *a, const zkpi_fr *b, unsigned n);
    /* The circom permutation of t lanes, sparse-MDS schedule. */
    void (*permute)(unsigned t, zkpi_fr *s);
    /* Permutation whose last round computes lane 0 only (s[1..] are garbage after). */
    void (*hash)(unsigned t, zkpi_fr *s);
    /* `count` independent states of t lanes, back to back; like hash() on
     * each, interleaved `many_lanes` at a time. */
    void (*hash_many)(unsigned t, zkpi_fr *s, size_t count);
    unsigned many_lanes;
} zkpi_poseidon_ops;

typedef struct zkpi_poseidon_kernel {
    zkpi_kernel_info info;
    const zkpi_poseidon_ops *ops;
} zkpi_poseidon_kernel;

extern const zkpi_poseidon_ops zkpi_poseidon_ops_portable;
extern const zkpi_poseidon_ops zkpi_poseidon_ops_bmi2;
extern const zkpi_poseidon_ops zkpi_poseidon_ops_ifma;
extern const zkpi_poseidon_ops zkpi_poseidon_ops_avx2;

/* Benchmark helpers: products inlined in a loop (perm_tmpl.h). */
void zkpi_poseidon_mul_chains_portable(zkpi_fr a[4], const zkpi_fr *b, uint64_t iters, int sqr);
void zkpi_poseidon_mul_chains_bmi2(zkpi_fr a[4], const zkpi_fr *b, uint64_t iters, int sqr);
/* The R_P partial rounds of one width-t state (canonical in and out). */
void zkpi_poseidon_partial_portable(unsigned t, zkpi_fr *s);
void zkpi_poseidon_partial_bmi2(unsigned t, zkpi_fr *s);
/* Test hook: one partial round of the rescaled form (perm_tmpl.h). */
int zkpi_poseidon_partial_round_portable(unsigned t, zkpi_fr *s, unsigned r);
int zkpi_poseidon_partial_round_bmi2(unsigned t, zkpi_fr *s, unsigned r);

#if ZKP_HAVE_AVX512IFMA
/* Test hook of kernel_ifma.c: one vector field routine on eight lanes. */
void zkpi_poseidon_ifma_field8(int op, uint64_t r[5][8], const uint64_t a[5][8], const uint64_t b[5][8]);
/* Test hook: one rescaled partial round (r < R_P) or the final scales (r =
 * R_P) of the many-state path on eight states; returns its invariant in
 * tenths of p, -1 for t outside 2..17. */
int zkpi_poseidon_ifma_partial_round8(unsigned t, uint64_t s[][5][8], unsigned r);
#endif

#if ZKP_HAVE_AVX2
/* Test hook of kernel_avx2.c: one vector field routine on four lanes. */
void zkpi_poseidon_avx2_field4(int op, uint64_t r[9][4], const uint64_t a[9][4], const uint64_t b[9][4]);
#endif

/* Kernel table, widest first, portable last (tests loop over it). */
extern const zkpi_poseidon_kernel zkpi_poseidon_kernels[];
extern const size_t zkpi_poseidon_kernel_count;
/* The kernel dispatch picks for the active CPU level. */
const zkpi_poseidon_kernel *zkpi_poseidon_kernel_active(void);

/* LeanIMT (lean_imt.c): level l's nodes as 32-byte big-endian words into
 * out, which has room for cap words; returns the count written, 0 for a
 * tree that is empty or not initialised, a level above its depth, or too
 * little room. The JS package's LeanIMT export() reads the levels with it. */
size_t zkpi_lean_imt_level_be(const zkp_lean_imt *t, size_t l, uint8_t *out, size_t cap);

#endif
