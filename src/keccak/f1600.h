/*
 * Internal Keccak-f[1600] kernel interface (XKCP SnP/PlSnP style). Every
 * mode (sponge, pair, hash_many, tree) reaches a permutation only through
 * this header and the dispatcher in dispatch.c.
 *
 * State representation
 *   Single-state kernels take uint64_t st[25]; lane (x, y) is st[x + 5*y],
 *   held as a native uint64_t whose value is the little-endian reading of
 *   the lane's 8 state bytes (so byte i of the state is
 *   (uint8_t)(st[i / 8] >> (8 * (i % 8))) on every host, big-endian
 *   included). Byte-level access goes through the sponge code, never a cast.
 *
 *   Multi-lane kernels zkpi_keccakf1600x<N>_<isa>(uint64_t *st) permute N
 *   independent states stored interleaved: lane l of instance i is
 *   st[l * N + i] (25 * N words). For N = 4 on AVX2 that makes every Keccak
 *   lane one 256-bit vector. Contract: identical results to N calls of the
 *   single portable kernel on the de-interleaved states (tests prove it lane
 *   by lane). No kernel requires any alignment of st; none allocates; all are
 *   constant time (no secret-dependent branch or address).
 *
 * Kernels by file (each compiled with only its own ISA flags, and only when
 * its ZKP_HAVE_<ISA> is 1; sources.cmake and dispatch.c use the same macro):
 *   f1600_portable.c    zkpi_keccakf1600_portable, zkpi_keccak_rc   (always)
 *   f1600_bmi2.c        zkpi_keccakf1600_bmi2                       (ZKP_HAVE_BMI2)
 *   f1600_avx512.c      zkpi_keccakf1600_avx512 (+ absorb, hash64)   (ZKP_HAVE_AVX512)
 *   f1600x8_avx512.c    zkpi_keccakf1600x8_avx512 (+ movers, hash64) (ZKP_HAVE_AVX512)
 *   f1600x4_avx2.c      zkpi_keccakf1600x4_avx2 (+ movers, hash64)   (ZKP_HAVE_AVX2)
 *   f1600_sha3.c        zkpi_keccakf1600_sha3                       (ZKP_HAVE_SHA3)
 *   f1600x2_sha3.c      zkpi_keccakf1600x2_sha3                     (ZKP_HAVE_SHA3)
 *   f1600x2_neon.c      zkpi_keccakf1600x2_neon (+ x2 movers)       (ZKP_HAVE_NEON)
 *   f1600x2_wasm_simd.c zkpi_keccakf1600x2_wasm (+ movers, hash64)  (wasm32 -msimd128)
 * The rounds are generated: f1600_round_tmpl.h (scalar and AVX2, named
 * lanes), f1600_vec_round_tmpl.h (NEON, SHA3, AVX-512 x8, lane arrays), both by
 * gen/keccak_round.py, and f1600_avx512_cycle.h by gen/keccak_avx512.py.
 *
 * The tests reach every kernel through the tables
 * returned by zkpi_keccak_single_kernels() / zkpi_keccak_multi_kernels().
 */
#ifndef ZKPRIM_KECCAK_F1600_H
#define ZKPRIM_KECCAK_F1600_H

#include <stddef.h>
#include <stdint.h>

#include "core/cpu_internal.h"

/* Iota round constants, round 0 first. */
extern const uint64_t zkpi_keccak_rc[24];

/* ---- single-state kernels (24 rounds) ----------------------------------- */
void zkpi_keccakf1600_portable(uint64_t st[25]);
/* WebAssembly (and ZKP_TEST_WASM_ARITH hosts): the portable kernel's
 * whole-block absorb, lanes kept in locals (f1600_scalar_tmpl.h); NULL
 * elsewhere, where the sponge's own loop serves. */
#if (defined(__wasm__) || defined(ZKP_TEST_WASM_ARITH)) && !defined(ZKP_NO_WASM_ARITH)
size_t zkpi_keccak_absorb_portable(uint64_t st[25], const uint8_t *in, size_t nblocks, unsigned rate);
#define ZKPI_KECCAK_PORTABLE_ABSORB zkpi_keccak_absorb_portable
#else
#define ZKPI_KECCAK_PORTABLE_ABSORB NULL
#endif
#if ZKP_KECCAK_EXTERNAL
/* -DZKP_KECCAK_F1600=external: the program's permutation (a zkVM precompile),
 * the only entry of the single table; same state layout as above. */
void zkp_keccakf1600_external(uint64_t st[25]);
#endif
#if ZKP_HAVE_BMI2
void zkpi_keccakf1600_bmi2(uint64_t st[25]);
#endif
#if ZKP_HAVE_SHA3
void zkpi_keccakf1600_sha3(uint64_t st[25]);
#endif
#if ZKP_HAVE_AVX512
/* f1600_avx512.c: the state as five zmm rows (AVX-512F/VL). Besides the
 * permutation, the two sponge helpers of zkpi_keccak_kernel1 below. */
void zkpi_keccakf1600_avx512(uint64_t st[25]);
size_t zkpi_keccak_absorb_avx512(uint64_t st[25], const uint8_t *in, size_t nblocks, unsigned rate);
void zkpi_keccak_hash64_avx512(const uint8_t *left, const uint8_t *right, uint8_t *out, uint64_t suffix);
#endif

/* ---- multi-lane kernels, interleaved st[lane * N + instance] ------------ */
/* KECCAK_DECLARE_XN(N, isa) declares the N-state kernel of f1600x<N>_<isa>.c:
 *   zkpi_keccakf1600x<N>_<isa>(st)            the permutation of N states;
 *   zkpi_keccakx<N>_xor_lanes_<isa>(st, in, nlanes)     XORs the first nlanes
 *     8-byte little-endian lanes of in[i] into instance i;
 *   zkpi_keccakx<N>_extract_lanes_<isa>(st, out, nlanes) writes the first
 *     nlanes lanes of instance i to out[i] (little-endian);
 * inputs/outputs need no alignment. KECCAK_DECLARE_XN_HASH64(N, isa) adds
 *   zkpi_keccakx<N>_hash64_<isa>(left, right, out, suffix): out[i] = the
 *     rate-136 sponge (first padding byte `suffix`) of the 32 bytes at
 *     left[i] then the 32 at right[i], 32 bytes, the whole state in
 *     registers (two pointers, so a Merkle walk hashes a node and its
 *     sibling where they lie, without copying them next to each other).
 * The movers and hash64 are optional in a table entry (NULL: generic loops). */
#define KECCAK_DECLARE_XN(N, isa)                                                                  \
    void zkpi_keccakf1600x##N##_##isa(uint64_t *st);                                               \
    void zkpi_keccakx##N##_xor_lanes_##isa(uint64_t *st, const uint8_t *const in[N], size_t nlanes); \
    void zkpi_keccakx##N##_extract_lanes_##isa(const uint64_t *st, uint8_t *const out[N], size_t nlanes)
#define KECCAK_DECLARE_XN_HASH64(N, isa)                                                           \
    void zkpi_keccakx##N##_hash64_##isa(const uint8_t *const left[N], const uint8_t *const right[N], \
                                        uint8_t *const out[N], uint64_t suffix)
#if ZKP_HAVE_AVX2
KECCAK_DECLARE_XN(4, avx2);
KECCAK_DECLARE_XN_HASH64(4, avx2);
#endif
#if ZKP_HAVE_NEON
/* The x2 movers (ZIP1/ZIP2) also serve the SHA3 x2 kernel (same layout;
 * SHA3 implies NEON). */
KECCAK_DECLARE_XN(2, neon);
#endif
#if ZKP_HAVE_SHA3
void zkpi_keccakf1600x2_sha3(uint64_t *st);
#endif
#if defined(__wasm_simd128__) && ZKP_FREESTANDING
/* f1600x2_wasm_simd.c: the js package's SIMD modules (clang -msimd128);
 * the module runs only on engines with SIMD128, so dispatch.c picks it
 * at compile time (freestanding builds have no CPU detection). */
#define ZKPI_KECCAK_WASM_X2 1
KECCAK_DECLARE_XN(2, wasm);
KECCAK_DECLARE_XN_HASH64(2, wasm);
#else
#define ZKPI_KECCAK_WASM_X2 0
#endif
#if ZKP_HAVE_AVX512
KECCAK_DECLARE_XN(8, avx512);
KECCAK_DECLARE_XN_HASH64(8, avx512);
#endif

/* ---- kernel tables (dispatch.c) ----------------------------------------- */

typedef struct zkpi_keccak_kernel1 {
    zkpi_kernel_info info;
    void (*permute)(uint64_t st[25]);
    /* Optional (NULL: the sponge's generic loop / keccak_hash64 is used).
     * absorb: for each of nblocks whole blocks of `rate` bytes at in (any
     * alignment), XOR the block into the rate lanes and permute; returns the
     * bytes consumed (nblocks * rate). Lets a kernel keep the state in
     * registers across blocks; st is read once and written once.
     * hash64: the fixed-shape rate-136 hash of left[0..32) || right[0..32)
     * with first padding byte `suffix` into out[0..32) (out may alias). */
    size_t (*absorb)(uint64_t st[25], const uint8_t *in, size_t nblocks, unsigned rate);
    void (*hash64)(const uint8_t *left, const uint8_t *right, uint8_t *out, uint64_t suffix);
} zkpi_keccak_kernel1;

#define ZKP_KECCAK_MAX_LANES 8

typedef struct zkpi_keccak_kernelN {
    zkpi_kernel_info info;
    unsigned lanes;                 /* N: 1 (portable loop), 2, 4 or 8 */
    void (*permute)(uint64_t *st);  /* interleaved layout, 25 * lanes words */
    /* optional fast lane movers (NULL: the generic scalar loops are used) */
    void (*xor_lanes)(uint64_t *st, const uint8_t *const *in, size_t nlanes);
    void (*extract_lanes)(const uint64_t *st, uint8_t *const *out, size_t nlanes);
    /* optional: `lanes` Keccak-256/SHA3-256 hashes of exactly 64 bytes into
     * 32-byte outputs (suffix 0x01 or 0x06), reading all input first */
    void (*hash64)(const uint8_t *const *left, const uint8_t *const *right, uint8_t *const *out, uint64_t suffix);
} zkpi_keccak_kernelN;

/* Whole tables, widest first, portable last (tests/benches loop over the
 * entries that zkpi_kernel_usable() accepts). */
const zkpi_keccak_kernel1 *zkpi_keccak_single_kernels(size_t *n);
const zkpi_keccak_kernelN *zkpi_keccak_multi_kernels(size_t *n);

/* The entries dispatch picks for the active CPU level (cached). */
#if ZKP_KECCAK_EXTERNAL
/* External builds have nothing to pick: constants every caller sees, so
 * the sponge calls zkp_keccakf1600_external directly and the optional
 * entries fold away (the guest's plumbing counts, docs/zkvm.md). */
static const zkpi_keccak_kernel1 zkpi_keccak_external_single = {{"external", 0, 1}, zkp_keccakf1600_external, NULL, NULL};
static const zkpi_keccak_kernelN zkpi_keccak_external_multi = {{"portable-x1", 0, 1}, 1, NULL, NULL, NULL, NULL};
static inline const zkpi_keccak_kernel1 *zkpi_keccak_single(void) { return &zkpi_keccak_external_single; }
static inline const zkpi_keccak_kernelN *zkpi_keccak_multi(void) { return &zkpi_keccak_external_multi; }
#else
const zkpi_keccak_kernel1 *zkpi_keccak_single(void);
const zkpi_keccak_kernelN *zkpi_keccak_multi(void);
#endif

/* Multi-lane permutation through kernel k (lanes == 1: the single kernel). */
void zkpi_keccak_multi_permute(const zkpi_keccak_kernelN *k, uint64_t *st);

#endif
