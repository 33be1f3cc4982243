/*
 * Poseidon2 public API (include/zkprim/poseidon2.h): input checks, the
 * 31-bit batch kernel table, Plonky3's sponge and compression, Noir's BN254
 * sponge. Batches, single permutations, the sponge and the compression go
 * through the table (single states through its single-state kernels).
 */
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "bn254/fr.h"
#include "core/cpu_internal.h"
#include "field31/monty31.h"
#include "poseidon2/bn254.h"
#include "poseidon2/params.h"
#include "zkprim/poseidon2.h"

const zkpi_p2_inst zkpi_p2_babybear16 = {ZKPI_BABYBEAR_P, ZKPI_BABYBEAR_PINV, ZKPI_BABYBEAR_R2, 16, 13, 7,
                                         zkpi_p2_rc_babybear16, zkpi_p2_diag_babybear16, ZKPI_P2_FORM_PLONKY3};
const zkpi_p2_inst zkpi_p2_babybear24 = {ZKPI_BABYBEAR_P, ZKPI_BABYBEAR_PINV, ZKPI_BABYBEAR_R2, 24, 21, 7,
                                         zkpi_p2_rc_babybear24, zkpi_p2_diag_babybear24, ZKPI_P2_FORM_PLONKY3};
const zkpi_p2_inst zkpi_p2_koalabear16 = {ZKPI_KOALABEAR_P, ZKPI_KOALABEAR_PINV, ZKPI_KOALABEAR_R2, 16, 20, 3,
                                          zkpi_p2_rc_koalabear16, zkpi_p2_diag_koalabear16, ZKPI_P2_FORM_PLONKY3};
const zkpi_p2_inst zkpi_p2_koalabear24 = {ZKPI_KOALABEAR_P, ZKPI_KOALABEAR_PINV, ZKPI_KOALABEAR_R2, 24, 23, 3,
                                          zkpi_p2_rc_koalabear24, zkpi_p2_diag_koalabear24, ZKPI_P2_FORM_PLONKY3};

/* ---- kernel table ---------------------------------------------------------- */

/* The kernels' build flags let the compiler emit BMI2 too, and AVX2: clang
 * encodes a 256-bit operation of the batch kernel as a VEX (AVX2)
 * instruction (ctest kernel-isa in the clang build; every AVX-512 CPU has
 * AVX2). */
#define P2_AVX512_NEED \
    (ZKP_CPU_AVX512F | ZKP_CPU_AVX512VL | ZKP_CPU_AVX512BW | ZKP_CPU_AVX512DQ | ZKP_CPU_AVX2 | ZKP_CPU_BMI2)

const zkpi_p2_31_kernel zkpi_p2_31_kernels[] = {
#if ZKP_HAVE_AVX512
    {{"avx512", P2_AVX512_NEED, 1}, zkpi_p2_31_batch_avx512, 6, 16, zkpi_p2_31_mul_loop_avx512,
     zkpi_p2_31_single_avx512},
#endif
#if ZKP_HAVE_AVX2
    {{"avx2", ZKP_CPU_AVX2 | ZKP_CPU_BMI2, 1}, zkpi_p2_31_batch_avx2, 6, 8, zkpi_p2_31_mul_loop_avx2,
     zkpi_p2_31_single_avx2},
#endif
#if ZKP_HAVE_NEON
    {{"neon", ZKP_CPU_NEON, 1}, zkpi_p2_31_batch_neon, 6, 4, zkpi_p2_31_mul_loop_neon, NULL},
#endif
    {{"portable", 0, 1}, zkpi_p2_31_batch_portable, 0, 0, NULL, NULL},
};
const unsigned zkpi_p2_31_kernel_count = (unsigned)ZKP_ARRAY_LEN(zkpi_p2_31_kernels);

static _Atomic uint64_t p2_cache;
const zkpi_p2_31_kernel *zkpi_p2_31_kernel_active(void) { return ZKP_DISPATCH(&p2_cache, zkpi_p2_31_kernels); }
const char *zkp_poseidon2_implementation(void) { return zkpi_p2_31_kernel_active()->info.name; }

/* avx512ifma: its batch is the vector kernel, its single permutation the
 * base scalar one (bmi2 when built), whose features it needs too. */
#if ZKP_HAVE_BMI2
#define P2B_IFMA_BASE zkpi_p2_bn254_permute_mont_bmi2
#define P2B_IFMA_BASE_NEED (ZKP_CPU_BMI2 | ZKP_CPU_ADX)
#else
#define P2B_IFMA_BASE zkpi_p2_bn254_permute_mont_portable
#define P2B_IFMA_BASE_NEED 0
#endif

const zkpi_p2_bn254_kernel zkpi_p2_bn254_kernels[] = {
#if ZKP_HAVE_AVX512IFMA
    /* what its build flags let the compiler emit (ctest kernel-isa) */
    {{"avx512ifma",
      ZKP_CPU_AVX512F | ZKP_CPU_AVX512VL | ZKP_CPU_AVX512BW | ZKP_CPU_AVX512DQ | ZKP_CPU_AVX512IFMA | ZKP_CPU_AVX2 |
          ZKP_CPU_BMI2 | P2B_IFMA_BASE_NEED, 1},
     P2B_IFMA_BASE, zkpi_p2_bn254_batch_ifma},
#endif
#if ZKP_HAVE_BMI2
    {{"bmi2", ZKP_CPU_BMI2 | ZKP_CPU_ADX, 1}, zkpi_p2_bn254_permute_mont_bmi2, NULL},
#endif
    {{"portable", 0, 1}, zkpi_p2_bn254_permute_mont_portable, NULL},
};
const unsigned zkpi_p2_bn254_kernel_count = (unsigned)ZKP_ARRAY_LEN(zkpi_p2_bn254_kernels);

static _Atomic uint64_t p2b_cache;
const zkpi_p2_bn254_kernel *zkpi_p2_bn254_kernel_active(void) {
    return ZKP_DISPATCH(&p2b_cache, zkpi_p2_bn254_kernels);
}

/* ---- 31-bit fields ---------------------------------------------------------- */

static const zkpi_p2_inst *p2_inst(uint32_t p, size_t width) {
    if (width == 16) return p == ZKPI_BABYBEAR_P ? &zkpi_p2_babybear16 : &zkpi_p2_koalabear16;
    if (width == 24) return p == ZKPI_BABYBEAR_P ? &zkpi_p2_babybear24 : &zkpi_p2_koalabear24;
    return NULL;
}

/* One state: the active entry's single-state kernel, or the portable batch
 * kernel on one state. */
static void p2_single(const zkpi_p2_inst *in, uint32_t *state) {
    zkpi_p2_31_single_fn single = zkpi_p2_31_kernel_active()->single;
    if (single) single(in, state);
    else zkpi_p2_31_batch_portable(in, state, 1);
}

zkp_status zkpi_p2_31_permute_checked(const zkpi_p2_inst *in, uint32_t *states, size_t n, int batched) {
    if (n == 0) return ZKP_OK;
    if (!states) return ZKP_ERR_NULL;
    if (n > (size_t)PTRDIFF_MAX / (in->t * sizeof(uint32_t))) return ZKP_ERR_LENGTH;
    if (!zkpi_f31_all_canonical(states, n * in->t, in->p)) return ZKP_ERR_RANGE;
    if (batched) zkpi_p2_31_kernel_active()->batch(in, states, n);
    else p2_single(in, states);
    return ZKP_OK;
}

static zkp_status p2_permute_batch(uint32_t p, uint32_t *states, size_t width, size_t n, int batched) {
    const zkpi_p2_inst *in = p2_inst(p, width);
    if (!in) return ZKP_ERR_COUNT;
    return zkpi_p2_31_permute_checked(in, states, n, batched);
}

/* PaddingFreeSponge<16, 8, 8>: blocks of 8 overwrite lanes 0..7 (a short
 * last block only its first lanes), a permutation after each block. */
static zkp_status p2_hash(uint32_t p, const uint32_t *in, size_t n, uint32_t *out) {
    if (!out || (n && !in)) return ZKP_ERR_NULL;
    if (n > (size_t)PTRDIFF_MAX / sizeof(uint32_t)) return ZKP_ERR_LENGTH;
    if (n && !zkpi_f31_all_canonical(in, n, p)) return ZKP_ERR_RANGE;
    const zkpi_p2_inst *inst = p2_inst(p, 16);
    uint32_t s[16] = {0};
    for (size_t i = 0; i < n; i += 8) {
        size_t m = n - i < 8 ? n - i : 8;
        memcpy(s, in + i, m * sizeof(uint32_t));
        p2_single(inst, s);
    }
    memcpy(out, s, 8 * sizeof(uint32_t));
    return ZKP_OK;
}

static zkp_status p2_compress(uint32_t p, const uint32_t *l, const uint32_t *r, uint32_t *out) {
    if (!l || !r || !out) return ZKP_ERR_NULL;
    uint32_t s[16];
    memcpy(s, l, 8 * sizeof(uint32_t));
    memcpy(s + 8, r, 8 * sizeof(uint32_t));
    if (!zkpi_f31_all_canonical(s, 16, p)) return ZKP_ERR_RANGE;
    p2_single(p2_inst(p, 16), s);
    memcpy(out, s, 8 * sizeof(uint32_t));
    return ZKP_OK;
}

zkp_status zkp_poseidon2_babybear_permute(uint32_t *state, size_t width) {
    if (!state) return p2_inst(ZKPI_BABYBEAR_P, width) ? ZKP_ERR_NULL : ZKP_ERR_COUNT;
    return p2_permute_batch(ZKPI_BABYBEAR_P, state, width, 1, 0);
}
zkp_status zkp_poseidon2_babybear_permute_batch(uint32_t *states, size_t width, size_t n) {
    return p2_permute_batch(ZKPI_BABYBEAR_P, states, width, n, 1);
}
zkp_status zkp_poseidon2_babybear_hash(const uint32_t *in, size_t n, uint32_t out[8]) {
    return p2_hash(ZKPI_BABYBEAR_P, in, n, out);
}
zkp_status zkp_poseidon2_babybear_compress(const uint32_t left[8], const uint32_t right[8], uint32_t out[8]) {
    return p2_compress(ZKPI_BABYBEAR_P, left, right, out);
}

zkp_status zkp_poseidon2_koalabear_permute(uint32_t *state, size_t width) {
    if (!state) return p2_inst(ZKPI_KOALABEAR_P, width) ? ZKP_ERR_NULL : ZKP_ERR_COUNT;
    return p2_permute_batch(ZKPI_KOALABEAR_P, state, width, 1, 0);
}
zkp_status zkp_poseidon2_koalabear_permute_batch(uint32_t *states, size_t width, size_t n) {
    return p2_permute_batch(ZKPI_KOALABEAR_P, states, width, n, 1);
}
zkp_status zkp_poseidon2_koalabear_hash(const uint32_t *in, size_t n, uint32_t out[8]) {
    return p2_hash(ZKPI_KOALABEAR_P, in, n, out);
}
zkp_status zkp_poseidon2_koalabear_compress(const uint32_t left[8], const uint32_t right[8], uint32_t out[8]) {
    return p2_compress(ZKPI_KOALABEAR_P, left, right, out);
}

/* ---- BN254 ------------------------------------------------------------------ */

static int p2b_canonical(const zkp_poseidon_fr *x, size_t n) {
    int ok = 1;
    for (size_t i = 0; i < n; i++) ok &= zkpi_bn254_is_canonical(x[i].limb);
    return ok;
}

/* One canonical state through a Montgomery-form permutation. */
static void p2b_permute_one(void (*permute_mont)(zkpi_bn254_fr *), zkp_poseidon_fr state[4]) {
    zkpi_bn254_fr s[4];
    for (int i = 0; i < 4; i++) {
        memcpy(s[i].v, state[i].limb, sizeof s[i].v);
        zkpi_p2_bn254_to_mont(&s[i]);
    }
    permute_mont(s);
    for (int i = 0; i < 4; i++) {
        zkpi_p2_bn254_from_mont(&s[i]);
        memcpy(state[i].limb, s[i].v, sizeof s[i].v);
    }
}

zkp_status zkp_poseidon2_bn254_permute(zkp_poseidon_fr state[4]) {
    if (!state) return ZKP_ERR_NULL;
    if (!p2b_canonical(state, 4)) return ZKP_ERR_RANGE;
    p2b_permute_one(zkpi_p2_bn254_kernel_active()->permute_mont, state);
    return ZKP_OK;
}

/* n states: the active entry's batch kernel, then single permutations for
 * what it leaves (all of them without one). */
zkp_status zkp_poseidon2_bn254_permute_batch(zkp_poseidon_fr *states, size_t n) {
    if (n == 0) return ZKP_OK;
    if (!states) return ZKP_ERR_NULL;
    if (n > (size_t)PTRDIFF_MAX / (4 * sizeof(zkp_poseidon_fr))) return ZKP_ERR_LENGTH;
    if (!p2b_canonical(states, 4 * n)) return ZKP_ERR_RANGE;
    const zkpi_p2_bn254_kernel *k = zkpi_p2_bn254_kernel_active();
    for (size_t i = k->batch ? k->batch(states, n) : 0; i < n; i++) p2b_permute_one(k->permute_mont, states + 4 * i);
    return ZKP_OK;
}

zkp_status zkp_poseidon2_bn254_hash(const zkp_poseidon_fr *in, size_t n, zkp_poseidon_fr *out) {
    if (!out || (n && !in)) return ZKP_ERR_NULL;
    if (n > (size_t)PTRDIFF_MAX / sizeof(zkp_poseidon_fr)) return ZKP_ERR_LENGTH;
    if (n && !p2b_canonical(in, n)) return ZKP_ERR_RANGE;
    /* capacity lane n * 2^64: n < 2^64, so the canonical integer is n in limb 1 */
    zkpi_bn254_fr s[4] = {{{0}}, {{0}}, {{0}}, {{0, (uint64_t)n, 0, 0}}};
    zkpi_p2_bn254_to_mont(&s[3]);
    void (*permute)(zkpi_bn254_fr *) = zkpi_p2_bn254_kernel_active()->permute_mont;
    size_t i = 0;
    do {
        for (size_t k = 0; k < 3 && i + k < n; k++) {
            zkpi_bn254_fr x;
            memcpy(x.v, in[i + k].limb, sizeof x.v);
            zkpi_p2_bn254_to_mont(&x);
            zkpi_bn254_add(&s[k], &s[k], &x);
        }
        permute(s);
        i += 3;
    } while (i < n);
    zkpi_p2_bn254_from_mont(&s[0]);
    memcpy(out->limb, s[0].v, sizeof s[0].v);
    return ZKP_OK;
}
