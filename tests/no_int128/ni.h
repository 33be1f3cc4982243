/*
 * ctest no-int128: the library's Goldilocks and BN254 code compiled a second
 * time as if the compiler had no unsigned __int128 (ZKP_TEST_NO_INT128, the
 * path 32-bit targets such as rv32im take; core/wide.h) and without inline
 * asm (ZKP_HAVE_ASM 0, as on RISC-V), under ni_* names, so that
 * test_no_int128.c can hold it against the library's own __int128 code in
 * one host program.
 *
 * Included first by every ni_*.c file (it must precede the library headers:
 * it sets what they test), and by test_no_int128.c for the prototypes only.
 */
#ifndef ZKPRIM_TESTS_NI_H
#define ZKPRIM_TESTS_NI_H

#include <stddef.h>
#include <stdint.h>

#ifdef NI_BUILD
#define ZKP_TEST_NO_INT128 1
#include "zkprim_build_config.h"
#undef ZKP_HAVE_ASM
#define ZKP_HAVE_ASM 0
/* the kernels' global names, so the copies link beside the library's */
#define zkpi_hemera_permute_portable ni_hemera_permute
#define zkpi_hemera_permute_ct_portable ni_hemera_permute_ct
#define zkpi_hemera_permute_traced_portable ni_hemera_permute_traced
#define zkpi_hemera_permute_traced_ct_portable ni_hemera_permute_traced_ct
#define zkpi_hemera_op_chain_portable ni_hemera_op_chain
#define zkpi_hb_batch_inverse ni_hb_batch_inverse
#define zkpi_hb_permute_portable ni_hb_permute
#define zkpi_hb_phase_portable ni_hb_phase
#define zkpi_hb_trace_portable ni_hb_trace
#define zkpi_poseidon_ops_portable ni_poseidon_ops
#define zkpi_poseidon_mul_chains_portable ni_poseidon_mul_chains
#define zkpi_poseidon_partial_portable ni_poseidon_partial
#define zkpi_poseidon_partial_round_portable ni_poseidon_partial_round
#endif

/* The same kernels once more in their WebAssembly shape (W32_BUILD, the
 * w32_*.c files): the 32-bit-limb BN254 forms (bn254/fr32.h) and the
 * Goldilocks product from 32x32 products (goldilocks/gl32.h) forced by
 * ZKP_TEST_WASM_ARITH, no inline asm, and __int128 left on (clang has it for
 * wasm32; only its products become __multi3 calls, which these forms avoid). */
#ifdef W32_BUILD
#define ZKP_TEST_WASM_ARITH 1
#include "zkprim_build_config.h"
#undef ZKP_HAVE_ASM
#define ZKP_HAVE_ASM 0
#define zkpi_hemera_permute_portable w32_hemera_permute
#define zkpi_hemera_permute_ct_portable w32_hemera_permute_ct
#define zkpi_hemera_permute_traced_portable w32_hemera_permute_traced
#define zkpi_hemera_permute_traced_ct_portable w32_hemera_permute_traced_ct
#define zkpi_hemera_op_chain_portable w32_hemera_op_chain
#define zkpi_hb_batch_inverse w32_hb_batch_inverse
#define zkpi_hb_permute_portable w32_hb_permute
#define zkpi_hb_phase_portable w32_hb_phase
#define zkpi_hb_trace_portable w32_hb_trace
#define zkpi_poseidon_ops_portable w32_poseidon_ops
#define zkpi_poseidon_mul_chains_portable w32_poseidon_mul_chains
#define zkpi_poseidon_partial_portable w32_poseidon_partial
#define zkpi_poseidon_partial_round_portable w32_poseidon_partial_round
#endif

/* core/wide.h and goldilocks/gl.h (ni_arith_gl.c) */
uint64_t ni_mul64_wide(uint64_t a, uint64_t b, uint64_t *hi);
uint64_t ni_mac64_wide(uint64_t a, uint64_t b, uint64_t c, uint64_t d, uint64_t *hi);
uint64_t ni_adc64(uint64_t a, uint64_t b, uint64_t cin, uint64_t *cout);
uint64_t ni_sbb64(uint64_t a, uint64_t b, uint64_t bin, uint64_t *bout);
uint64_t ni_gl_reduce128(uint64_t lo, uint64_t hi);
uint64_t ni_gl_mul(uint64_t a, uint64_t b);
uint64_t ni_gl_muladd(uint64_t a, uint64_t b, uint64_t c);
uint64_t ni_gl_inv_vartime(uint64_t a);

/* bn254/fr.h (ni_arith_fr.c) */
void ni_fr_mul512(uint64_t T[8], const uint64_t a[4], const uint64_t b[4]);
void ni_fr_sqr512(uint64_t T[8], const uint64_t a[4]);
void ni_fr_mac512(uint64_t T[8], const uint64_t a[4], const uint64_t b[4]);
void ni_fr_redc8(uint64_t T[8]);
void ni_fr_add(uint64_t r[4], const uint64_t a[4], const uint64_t b[4]);
void ni_fr_sub(uint64_t r[4], const uint64_t a[4], const uint64_t b[4]);
void ni_fr_add_raw(uint64_t x[4], const uint64_t y[4]);
void ni_fr_condsub(uint64_t r[4], const uint64_t x[4], const uint64_t m[4]);
int ni_fr_is_canonical(const uint64_t x[4]);
/* core/verify.h's multi-limb multiply (the bound checks of ZKP_VERIFY) */
void ni_verify_mul_small(uint64_t *r, const uint64_t *x, unsigned n, uint64_t k);

struct hemera_profile;
struct zkpi_poseidon_ops;
/* the WebAssembly-shaped forms (w32_arith.c, w32_*.c: W32_BUILD above) */
uint64_t w32_gl_mul(uint64_t a, uint64_t b);
uint64_t w32_gl_muladd(uint64_t a, uint64_t b, uint64_t c);
void w32_hemera_permute(uint64_t st[16]);
void w32_hemera_permute_ct(uint64_t st[16]);
void w32_hb_permute(uint64_t (*states)[16], unsigned n, const struct hemera_profile *pr);
extern const struct zkpi_poseidon_ops w32_poseidon_ops;
void w32_keccakf1600(uint64_t st[25]);
size_t w32_keccak_absorb(uint64_t st[25], const uint8_t *in, size_t nblocks, unsigned rate);

/* the kernels (ni_hemera_permute.c, ni_hemera_batch.c, ni_poseidon.c) */
void ni_hemera_permute(uint64_t st[16]);
void ni_hemera_permute_ct(uint64_t st[16]);
struct hemera_profile;
void ni_hb_permute(uint64_t (*states)[16], unsigned n, const struct hemera_profile *pr);
struct zkpi_poseidon_ops;
extern const struct zkpi_poseidon_ops ni_poseidon_ops;

#endif
