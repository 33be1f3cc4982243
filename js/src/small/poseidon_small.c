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
 * tables and its kernels unrolled per width are most of its size. The
 * permutation runs on fr_small.h's 29-bit limbs (fs29_, R' = 2^261, values
 * lazily below 4p; 1.4x faster than on its 32-bit CIOS product), the
 * generated tables converted to that form once. Same
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
#if ZKJS_T == 2
#define FS29_MUL_BY_DOT /* fr_small.h: poseidon1's size budget */
#endif
#include "poseidon_gen.c"

#ifndef ZKJS_T
#error "compile with -DZKJS_T=t (t = 2..17)"
#endif
#define T ZKJS_T
#define ROUNDS (ZKPI_JSP_RF + ZKPI_JSP_RP(T))

static uint32_t rc[(ZKPI_JSP_RF + ZKPI_JSP_RP_MAX) * T][FS_N];
static uint32_t mds[T * T][FS_N];
static int generated;
/* the tables the permutation reads: fr_small.h's 29-bit limbs, R' form */
static fs29 mds29[T * T];
#if T > 2
/* the sparse-MDS form, derived from rc and mds on the first call */
static uint32_t sc[8 * T + ZKPI_JSP_RP_MAX][FS_N];
static uint32_t ss[(2 * T - 1) * ZKPI_JSP_RP_MAX][FS_N];
static uint32_t pm[T * T][FS_N];
static uint32_t work[ZKPI_JSP_WORK(T)][FS_N];
static fs29 sc29[8 * T + ZKPI_JSP_RP_MAX], ss29[(2 * T - 1) * ZKPI_JSP_RP_MAX], pm29[T * T];
#else
static fs29 rc29[(ZKPI_JSP_RF + ZKPI_JSP_RP_MAX) * T];
#endif

static void convert(fs29 *dst, const uint32_t (*src)[FS_N], unsigned n) {
    for (unsigned i = 0; i < n; i++) fs29_from_r256(dst[i], src[i]);
}

/* x^5: < 1.1p for x < 4p (fr_small.h's R' bounds). */
static void sbox(uint32_t *x) {
    uint32_t x2[FS29_N];
    fs29_mul(x2, x, x);
    fs29_mul(x2, x2, x2);
    fs29_mul(x, x2, x);
}

#if T > 2
/* circomlibjs' optimised schedule (the library's sparse one without its
 * rescaling): full rounds with the folded constants, the last full round of
 * the first half through P, then R_P rounds of the sparse matrices. Values
 * stay below 4p without reductions (fr_small.h): in < 1.1p, + constant
 * < 2.1p, x^5 < 1.1p, a matrix row < 1.41p; in the partial rounds s0 < 2.1p
 * and each s_k, which gains s0 w_k (< 1.02p) a round, is kept below 2p by
 * one conditional subtraction of 2p. */
static void permute(fs29 s[T]) {
    if (!generated) {
        zkpi_jsp_gen(T, rc[0], mds[0]);
        zkpi_jsp_sparse(T, rc[0], mds[0], sc[0], ss[0], pm[0], work[0]);
        convert(mds29, mds, T * T);
        convert(sc29, sc, 8 * T + ZKPI_JSP_RP(T));
        convert(ss29, ss, (2 * T - 1) * ZKPI_JSP_RP(T));
        convert(pm29, pm, T * T);
        generated = 1;
    }
    fs29 u[T], x;
    const fs29 *c = sc29;
    for (unsigned i = 0; i < T; i++) fs29_add(s[i], s[i], c[i]);
    c += T;
    for (unsigned f = 0; f < ZKPI_JSP_RF; f++) {
        for (unsigned i = 0; i < T; i++) {
            sbox(s[i]);
            if (f < ZKPI_JSP_RF - 1) fs29_add(s[i], s[i], c[i]);
        }
        c += T;
        const fs29 *m = f == ZKPI_JSP_RF / 2 - 1 ? pm29 : mds29;
        for (unsigned i = 0; i < T; i++) fs29_dot(u[i], &m[i * T], (const fs29 *)s, T);
        for (unsigned i = 0; i < T; i++)
            for (unsigned k = 0; k < FS29_N; k++) s[i][k] = u[i][k];
        if (f != ZKPI_JSP_RF / 2 - 1) continue;
        for (unsigned r = 0; r < ZKPI_JSP_RP(T); r++) {
            const fs29 *row = &ss29[r * (2 * T - 1)];
            sbox(s[0]);
            fs29_add(s[0], s[0], c[r]);
            fs29_dot(x, row, (const fs29 *)s, T);
            for (unsigned k = 1; k < T; k++) {
                fs29_mul(u[0], s[0], row[T + k - 1]);
                fs29_add(s[k], s[k], u[0]);
                fs29_sub_if(s[k], s[k], fs29_2p);
            }
            for (unsigned k = 0; k < FS29_N; k++) s[0][k] = x[k];
        }
        c += ZKPI_JSP_RP(T); /* past the partial rounds' constants */
    }
}

#else
/* Width 2 (zkprim/poseidon1, the tightest budget): circom's dense
 * round-by-round schedule, which needs no derived tables (the sparse
 * derivation's code is 1.8 KB of gzip; it saves little at t = 2). Bounds:
 * a lane is < 1.41p after a matrix row, < 2.41p with its constant, < 1.1p
 * after x^5. */
static void permute(fs29 s[T]) {
    if (!generated) {
        zkpi_jsp_gen(T, rc[0], mds[0]);
        convert(mds29, mds, T * T);
        convert(rc29, rc, (ZKPI_JSP_RF + ZKPI_JSP_RP(T)) * T);
        generated = 1;
    }
    fs29 u[T];
    const unsigned half = ZKPI_JSP_RF / 2, rounds = ZKPI_JSP_RF + ZKPI_JSP_RP(T);
    for (unsigned r = 0; r < rounds; r++) {
        const int full = r < half || r >= rounds - half;
        for (unsigned i = 0; i < T; i++) {
            fs29_add(s[i], s[i], rc29[r * T + i]);
            if (i == 0 || full) sbox(s[i]);
        }
        for (unsigned i = 0; i < T; i++) fs29_dot(u[i], &mds29[i * T], (const fs29 *)s, T);
        for (unsigned i = 0; i < T; i++)
            for (unsigned k = 0; k < FS29_N; k++) s[i][k] = u[i][k];
    }
}
#endif

/* A public element (64-bit limbs, least significant first) <-> eight
 * 32-bit limbs. */
static void load(uint32_t *r, const zkp_poseidon_fr *a) {
    for (int i = 0; i < 4; i++) {
        r[2 * i] = (uint32_t)a->limb[i];
        r[2 * i + 1] = (uint32_t)(a->limb[i] >> 32);
    }
}
/* canonical x -> x R' (< 1.1p): one product with R'^2 = 2^522 mod p */
static void to_mont(uint32_t *r, const zkp_poseidon_fr *a) {
    static const fs29 r2 = {0x05b69bd4, 0x06170a5a, 0x020cddce, 0x1db6310b, 0x0e54d0ff,
                            0x1cf855e3, 0x1c15e103, 0x07d09161, 0x000a054a};
    uint32_t x[FS_N];
    load(x, a);
    fs29_split(r, x);
    fs29_mul(r, r, r2);
}
/* x R' (< 4p) -> canonical x */
static void from_mont(zkp_poseidon_fr *r, const uint32_t *a) {
    uint32_t c[FS29_N], x[FS_N];
    fs29_mul(c, a, (const fs29){1});
    fs29_canon(c, c);
    fs29_join(x, c);
    for (int i = 0; i < 4; i++) r->limb[i] = x[2 * i] | (uint64_t)x[2 * i + 1] << 32;
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
    fs29 s[T] = {{0}};
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
    fs29 s[T];
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
