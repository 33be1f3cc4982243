/*
 * zkprim/poseidonN's WebAssembly module (js/build.sh compiles this file once
 * per width, -DZKJS_T=t, t = N + 1): zkp_poseidon_hash, _permute and
 * _hash_batch of include/zkprim/poseidon.h for width t only (other widths:
 * ZKP_ERR_COUNT, as the library built with ZKP_POSEIDON_ONLY_T answers),
 * small enough to be at most poseidon-lite's file for that arity (docs/js.md).
 *
 * The constants are generated on the first call (poseidon_gen.c) instead of
 * embedded, and the permutation is circom's round-by-round form (dense
 * constants, full t x t MDS product every round) on fr_small.h's loop
 * product: the library's sparse-MDS tables are 2 to 4 times the dense ones
 * and its kernels are unrolled per width. Same results as the library
 * (js/test/poseidon.test.mjs holds every arity against poseidon-lite).
 */
#include <stddef.h>
#include <stdint.h>

#include "zkprim/poseidon.h"

/* The generator in the same translation unit: one copy of fr_small.h's
 * functions in the module, not one per object (ctest poseidon_jsgen
 * compiles poseidon_gen.c on its own). */
#include "poseidon_gen.c"

#ifndef ZKJS_T
#error "compile with -DZKJS_T=t (t = 2..17)"
#endif
#define T ZKJS_T
#define ROUNDS (ZKPI_JSP_RF + ZKPI_JSP_RP(T))

static uint32_t rc[(ZKPI_JSP_RF + ZKPI_JSP_RP_MAX) * T][FS_N];
static uint32_t mds[T * T][FS_N];
static int generated;

static void permute(uint32_t s[T][FS_N]) {
    if (!generated) {
        zkpi_jsp_gen(T, rc[0], mds[0]);
        generated = 1;
    }
    uint32_t u[T][FS_N], x2[FS_N];
    const unsigned half = ZKPI_JSP_RF / 2, rounds = ROUNDS;
    for (unsigned r = 0; r < rounds; r++) {
        const int full = r < half || r >= rounds - half;
        for (unsigned i = 0; i < T; i++) {
            fs_add(s[i], s[i], rc[r * T + i]);
            if (i && !full) continue;
            fs_mul(x2, s[i], s[i]); /* x^5 */
            fs_mul(x2, x2, x2);
            fs_mul(s[i], x2, s[i]);
        }
        for (unsigned i = 0; i < T; i++) fs_dot(u[i], &mds[i * T], (const uint32_t(*)[FS_N])s, T);
        for (unsigned i = 0; i < T; i++)
            for (unsigned k = 0; k < FS_N; k++) s[i][k] = u[i][k];
    }
}

/* A public element (64-bit limbs, least significant first) <-> eight
 * 32-bit limbs in Montgomery form. */
static void load(uint32_t *r, const zkp_poseidon_fr *a) {
    for (int i = 0; i < 4; i++) {
        r[2 * i] = (uint32_t)a->limb[i];
        r[2 * i + 1] = (uint32_t)(a->limb[i] >> 32);
    }
}
static void to_mont(uint32_t *r, const zkp_poseidon_fr *a) {
    load(r, a);
    fs_mul(r, r, fs_r2);
}
static void from_mont(zkp_poseidon_fr *r, const uint32_t *a) {
    uint32_t c[FS_N];
    fs_mul(c, a, (const uint32_t[FS_N]){1});
    for (int i = 0; i < 4; i++) r->limb[i] = c[2 * i] | (uint64_t)c[2 * i + 1] << 32;
}

static int all_canonical(const zkp_poseidon_fr *v, size_t n) {
    int ok = 1;
    uint32_t x[FS_N];
    for (size_t i = 0; i < n; i++) {
        load(x, &v[i]);
        ok &= fs_lt_p(x);
    }
    return ok;
}

/* s[0] = capacity (0), s[1..] = inputs; the hash is lane 0. */
static void hash_one(const zkp_poseidon_fr *in, zkp_poseidon_fr *out) {
    uint32_t s[T][FS_N] = {{0}};
    for (unsigned i = 1; i < T; i++) to_mont(s[i], &in[i - 1]);
    permute(s);
    from_mont(out, s[0]);
}

zkp_status zkp_poseidon_hash(const zkp_poseidon_fr *inputs, size_t n_inputs, zkp_poseidon_fr *out) {
    if (n_inputs != T - 1) return ZKP_ERR_COUNT;
    if (!inputs || !out) return ZKP_ERR_NULL;
    if (!all_canonical(inputs, n_inputs)) return ZKP_ERR_RANGE;
    hash_one(inputs, out);
    return ZKP_OK;
}

zkp_status zkp_poseidon_permute(zkp_poseidon_fr *state, size_t t) {
    if (t != T) return ZKP_ERR_COUNT;
    if (!state) return ZKP_ERR_NULL;
    if (!all_canonical(state, t)) return ZKP_ERR_RANGE;
    uint32_t s[T][FS_N];
    for (unsigned i = 0; i < T; i++) to_mont(s[i], &state[i]);
    permute(s);
    for (unsigned i = 0; i < T; i++) from_mont(&state[i], s[i]);
    return ZKP_OK;
}

zkp_status zkp_poseidon_hash_batch(const zkp_poseidon_fr *inputs, size_t n_inputs, size_t n, zkp_poseidon_fr *outs) {
    if (n_inputs != T - 1) return ZKP_ERR_COUNT;
    if (n == 0) return ZKP_OK;
    if (!inputs || !outs) return ZKP_ERR_NULL;
    if (n > (size_t)PTRDIFF_MAX / (sizeof *inputs * n_inputs)) return ZKP_ERR_LENGTH;
    if (!all_canonical(inputs, n * n_inputs)) return ZKP_ERR_RANGE;
    /* outs[i] is written after inputs[i (T - 1) ..] is read: outs may alias inputs */
    for (size_t i = 0; i < n; i++) hash_one(inputs + i * n_inputs, &outs[i]);
    return ZKP_OK;
}
