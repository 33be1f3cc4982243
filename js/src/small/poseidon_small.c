/*
 * zkprim/poseidonN's WebAssembly module (js/build.sh compiles this file once
 * per width, -DZKJS_T=t, t = N + 1): zkp_poseidon_hash, _permute and
 * _hash_batch of include/zkprim/poseidon.h for width t only (other widths:
 * ZKP_ERR_COUNT, as the library built with ZKP_POSEIDON_ONLY_T answers),
 * small enough to be at most poseidon-lite's file for that arity (docs/js.md).
 *
 * The constants are generated on the first call (poseidon_gen.c) instead of
 * embedded -- the dense ones from the Grain LFSR, then for t > 2 the
 * sparse-MDS form from them (2t - 1 products a partial round instead of
 * t^2) -- and the products are fr_small.h's compact ones: the library's
 * tables and its kernels unrolled per width are most of its size. Same
 * results as the library (js/test/poseidon.test.mjs holds every arity
 * against poseidon-lite; ctest poseidon_jsgen the generated tables against
 * the library's).
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
#if T > 2
/* the sparse-MDS form, derived from rc and mds on the first call */
static uint32_t sc[8 * T + ZKPI_JSP_RP_MAX][FS_N];
static uint32_t ss[(2 * T - 1) * ZKPI_JSP_RP_MAX][FS_N];
static uint32_t pm[T * T][FS_N];
static uint32_t work[ZKPI_JSP_WORK(T)][FS_N];
#endif

static void sbox(uint32_t *x) {
    uint32_t x2[FS_N];
    fs_mul(x2, x, x);
    fs_mul(x2, x2, x2);
    fs_mul(x, x2, x);
}

#if T > 2
/* circomlibjs' optimised schedule (the library's sparse one without its
 * rescaling): full rounds with the folded constants, the last full round of
 * the first half through P, then R_P rounds of the sparse matrices. */
static void permute(uint32_t s[T][FS_N]) {
    if (!generated) {
        zkpi_jsp_gen(T, rc[0], mds[0]);
        zkpi_jsp_sparse(T, rc[0], mds[0], sc[0], ss[0], pm[0], work[0]);
        generated = 1;
    }
    uint32_t u[T][FS_N], x[FS_N];
    const uint32_t(*c)[FS_N] = sc;
    for (unsigned i = 0; i < T; i++) fs_add(s[i], s[i], c[i]);
    c += T;
    for (unsigned f = 0; f < ZKPI_JSP_RF; f++) {
        for (unsigned i = 0; i < T; i++) {
            sbox(s[i]);
            if (f < ZKPI_JSP_RF - 1) fs_add(s[i], s[i], c[i]);
        }
        c += T;
        const uint32_t(*m)[FS_N] = f == ZKPI_JSP_RF / 2 - 1 ? pm : mds;
        for (unsigned i = 0; i < T; i++) fs_dot(u[i], &m[i * T], (const uint32_t(*)[FS_N])s, T);
        for (unsigned i = 0; i < T; i++)
            for (unsigned k = 0; k < FS_N; k++) s[i][k] = u[i][k];
        if (f != ZKPI_JSP_RF / 2 - 1) continue;
        for (unsigned r = 0; r < ZKPI_JSP_RP(T); r++) {
            const uint32_t(*row)[FS_N] = &ss[r * (2 * T - 1)];
            sbox(s[0]);
            fs_add(s[0], s[0], c[r]);
            fs_dot(x, row, (const uint32_t(*)[FS_N])s, T);
            for (unsigned k = 1; k < T; k++) {
                fs_mul(u[0], s[0], row[T + k - 1]);
                fs_add(s[k], s[k], u[0]);
            }
            for (unsigned k = 0; k < FS_N; k++) s[0][k] = x[k];
        }
        c += ZKPI_JSP_RP(T); /* past the partial rounds' constants */
    }
}

#else
/* Width 2 (zkprim/poseidon1, the tightest budget): circom's dense
 * round-by-round schedule, which needs no derived tables (the sparse
 * derivation's code is 1.8 KB of gzip; it saves little at t = 2). */
static void permute(uint32_t s[T][FS_N]) {
    if (!generated) {
        zkpi_jsp_gen(T, rc[0], mds[0]);
        generated = 1;
    }
    uint32_t u[T][FS_N];
    const unsigned half = ZKPI_JSP_RF / 2, rounds = ZKPI_JSP_RF + ZKPI_JSP_RP(T);
    for (unsigned r = 0; r < rounds; r++) {
        const int full = r < half || r >= rounds - half;
        for (unsigned i = 0; i < T; i++) {
            fs_add(s[i], s[i], rc[r * T + i]);
            if (i == 0 || full) sbox(s[i]);
        }
        for (unsigned i = 0; i < T; i++) fs_dot(u[i], &mds[i * T], (const uint32_t(*)[FS_N])s, T);
        for (unsigned i = 0; i < T; i++)
            for (unsigned k = 0; k < FS_N; k++) s[i][k] = u[i][k];
    }
}
#endif

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
