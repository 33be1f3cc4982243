/*
 * BN254 Fr, AVX-512 IFMA layer: eight independent elements at once, one per
 * 64-bit lane of a zmm register, each as five 52-bit limbs (radix 2^52, one
 * zmm per limb: zkpi_bn254_v52), multiplied with VPMADD52LUQ / VPMADD52HUQ
 * into ten 64-bit column accumulators (zkpi_bn254_v8 T[10]) and reduced in
 * Montgomery form with R' = 2^260 (five limb steps) -- not the scalar
 * layers' R = 2^256. Include it only from a file built with the
 * AVX512IFMA kernel flags (zkp_add_kernel(AVX512IFMA ...)).
 *
 * Bounds (e = p / 2^260 < 0.011815; checked with -DZKP_VERIFY=ON):
 *  - element limbs are normalised (limbs 0..3 below 2^52, limb 4 below
 *    2^48: value < 2^256 ~ 5.29p) wherever they feed a multiplier;
 *  - an accumulator column stays below 2^60 (checked at the reduction): a
 *    product adds at most ten terms < 2^52 to a column (five low halves,
 *    five high halves), the reduction ten more and carries < 2^12, so even
 *    ~190 products' worth fit (the Poseidon kernel's widest sum is 17
 *    products + a constant + the reduction);
 *  - zkpi_bn254_v52_redc of T returns (T + m p) / 2^260 < T / 2^260 + p,
 *    normalised; a constant c added into T's high half (c 2^260,
 *    zkpi_bn254_v52_addhi_c) comes out as + c. Callers state and check the
 *    value bounds their lazy schedules rest on.
 */
#ifndef ZKPRIM_BN254_FR52_IFMA_H
#define ZKPRIM_BN254_FR52_IFMA_H

#include <immintrin.h>

#include "bn254/fr.h"

#if !defined(__AVX512IFMA__)
#error "bn254/fr52_ifma.h: include it only from files built with the AVX512IFMA kernel flags"
#endif

/* p in radix 2^52 and -p^-1 mod 2^52. */
static const uint64_t zkpi_bn254_p52[5] = {0x1f593f0000001u, 0x4879b9709143eu, 0x181585d2833e8u, 0xa029b85045b68u,
                                           0x030644e72e131u};
static const uint64_t zkpi_bn254_pinv52 = 0x1f593efffffffu;

/* Full unrolling of every limb loop keeps the ten accumulators in zmm
 * registers (GCC does not flatten them at -O2 on its own). */
#if defined(__clang__)
#define ZKPI_BN254_UNROLL _Pragma("clang loop unroll(full)")
#elif defined(__GNUC__)
#define ZKPI_BN254_UNROLL _Pragma("GCC unroll 16")
#else
#define ZKPI_BN254_UNROLL
#endif

#define ZKPI_BN254_M52 0xfffffffffffffull
#define ZKPI_BN254_LANES 8

typedef __m512i zkpi_bn254_v8;
typedef struct {
    zkpi_bn254_v8 l[5];
} zkpi_bn254_v52;

/* Verification build (core/verify.h): every lane of x normalised (52-bit
 * limbs, value < 2^256) and below (num / den) p; every column of an
 * accumulator below 2^60. */
ZKP_VERIFY_HELPER int zkpi_bn254_v52_verify_lt(const zkpi_bn254_v52 *x, const uint64_t num, const uint64_t den) {
    uint64_t b[5][ZKPI_BN254_LANES];
    for (int k = 0; k < 5; k++) _mm512_storeu_si512((void *)b[k], x->l[k]);
    for (unsigned j = 0; j < ZKPI_BN254_LANES; j++) {
        const uint64_t l[5] = {b[0][j], b[1][j], b[2][j], b[3][j], b[4][j]};
        if (!zkpi_verify_fr52_lt_frac(l, zkpi_bn254_p, num, den)) return 0;
    }
    return 1;
}
ZKP_VERIFY_HELPER int zkpi_bn254_v52_verify_cols(const zkpi_bn254_v8 T[10]) {
    const __m512i lim = _mm512_set1_epi64((long long)1 << 60);
    for (int k = 0; k < 10; k++)
        if (_mm512_cmpge_epu64_mask(T[k], lim)) return 0;
    return 1;
}

#define ZKPI_BN254_MADDLO _mm512_madd52lo_epu64
#define ZKPI_BN254_MADDHI _mm512_madd52hi_epu64
#define ZKPI_BN254_BC(x) _mm512_set1_epi64((long long)(x))

/* T[0..9] += a * b (limbs of a and b below 2^52). */
ZKP_INLINE void zkpi_bn254_v52_mac(zkpi_bn254_v8 T[10], const zkpi_bn254_v52 *a, const zkpi_bn254_v52 *b) {
    ZKPI_BN254_UNROLL
    for (int i = 0; i < 5; i++)
        ZKPI_BN254_UNROLL
        for (int j = 0; j < 5; j++) {
            T[i + j] = ZKPI_BN254_MADDLO(T[i + j], a->l[i], b->l[j]);
            T[i + j + 1] = ZKPI_BN254_MADDHI(T[i + j + 1], a->l[i], b->l[j]);
        }
}

/* T[0..9] += c * b for a constant c broadcast to every lane, limb k of c at
 * c[stride k]: stride 1 for a zkpi_bn254_fr52, 8 for an element of a one-state
 * column table (mdsv52/spv52, [column][group][limb][lane]), so the
 * many-state path needs no copy of the matrices. */
ZKP_INLINE void zkpi_bn254_v52_mac_cs(zkpi_bn254_v8 T[10], const uint64_t *c, const unsigned stride,
                                      const zkpi_bn254_v52 *b) {
    ZKPI_BN254_UNROLL
    for (int i = 0; i < 5; i++) {
        const zkpi_bn254_v8 ci = ZKPI_BN254_BC(c[stride * (unsigned)i]);
        ZKPI_BN254_UNROLL
        for (int j = 0; j < 5; j++) {
            T[i + j] = ZKPI_BN254_MADDLO(T[i + j], ci, b->l[j]);
            T[i + j + 1] = ZKPI_BN254_MADDHI(T[i + j + 1], ci, b->l[j]);
        }
    }
}
ZKP_INLINE void zkpi_bn254_v52_mac_c(zkpi_bn254_v8 T[10], const zkpi_bn254_fr52 *c, const zkpi_bn254_v52 *b) {
    zkpi_bn254_v52_mac_cs(T, c->l, 1, b);
}

/* T = a^2: the ten cross products once, doubled, plus the five squares. */
ZKP_INLINE void zkpi_bn254_v52_sqr(zkpi_bn254_v8 T[10], const zkpi_bn254_v52 *a) {
    const zkpi_bn254_v8 z = _mm512_setzero_si512();
    ZKPI_BN254_UNROLL
    for (int k = 0; k < 10; k++) T[k] = z;
    ZKPI_BN254_UNROLL
    for (int i = 0; i < 5; i++)
        ZKPI_BN254_UNROLL
        for (int j = i + 1; j < 5; j++) {
            T[i + j] = ZKPI_BN254_MADDLO(T[i + j], a->l[i], a->l[j]);
            T[i + j + 1] = ZKPI_BN254_MADDHI(T[i + j + 1], a->l[i], a->l[j]);
        }
    ZKPI_BN254_UNROLL
    for (int k = 1; k < 10; k++) T[k] = _mm512_add_epi64(T[k], T[k]);
    ZKPI_BN254_UNROLL
    for (int i = 0; i < 5; i++) {
        T[2 * i] = ZKPI_BN254_MADDLO(T[2 * i], a->l[i], a->l[i]);
        T[2 * i + 1] = ZKPI_BN254_MADDHI(T[2 * i + 1], a->l[i], a->l[i]);
    }
}

/* r = T / 2^260 mod p (Montgomery reduction, one 52-bit digit at a time),
 * limbs normalised. T's limbs may be unnormalised (each < 2^62); the value
 * is < T / 2^260 + p. */
ZKP_INLINE void zkpi_bn254_v52_redc(zkpi_bn254_v52 *r, zkpi_bn254_v8 T[10]) {
    const zkpi_bn254_v8 z = _mm512_setzero_si512(), mask = ZKPI_BN254_BC(ZKPI_BN254_M52);
    const zkpi_bn254_v8 pinv = ZKPI_BN254_BC(zkpi_bn254_pinv52);
    ZKP_VERIFY_CHECK(zkpi_bn254_v52_verify_cols(T), "bn254 v52_redc input columns < 2^60");
    ZKPI_BN254_UNROLL
    for (int i = 0; i < 5; i++) {
        const zkpi_bn254_v8 m = ZKPI_BN254_MADDLO(z, T[i], pinv); /* (T[i] mod 2^52) (-p^-1) mod 2^52 */
        ZKPI_BN254_UNROLL
        for (int j = 0; j < 5; j++) {
            const zkpi_bn254_v8 pj = ZKPI_BN254_BC(zkpi_bn254_p52[j]);
            T[i + j] = ZKPI_BN254_MADDLO(T[i + j], m, pj);
            T[i + j + 1] = ZKPI_BN254_MADDHI(T[i + j + 1], m, pj);
        }
        /* T[i] is now 0 mod 2^52: its high part is an exact carry. */
        T[i + 1] = _mm512_add_epi64(T[i + 1], _mm512_srli_epi64(T[i], 52));
    }
    ZKPI_BN254_UNROLL
    for (int k = 5; k < 9; k++) {
        T[k + 1] = _mm512_add_epi64(T[k + 1], _mm512_srli_epi64(T[k], 52));
        r->l[k - 5] = _mm512_and_si512(T[k], mask);
    }
    r->l[4] = T[9];
    /* no value bound here (the callers check theirs): 2^256 / p > 5.29 */
    ZKP_VERIFY_CHECK(zkpi_bn254_v52_verify_lt(r, 529, 100), "bn254 v52_redc output normalised 52-bit limbs, < 2^256");
}

/* T[5..9] += c (so the reduction returns ... + c) for a constant c. */
ZKP_INLINE void zkpi_bn254_v52_addhi_c(zkpi_bn254_v8 T[10], const zkpi_bn254_fr52 *c) {
    ZKPI_BN254_UNROLL
    for (int k = 0; k < 5; k++) T[5 + k] = _mm512_add_epi64(T[5 + k], ZKPI_BN254_BC(c->l[k]));
}

ZKP_INLINE void zkpi_bn254_v52_zero(zkpi_bn254_v8 T[10]) {
    ZKPI_BN254_UNROLL
    for (int k = 0; k < 10; k++) T[k] = _mm512_setzero_si512();
}

/* A += B, column by column. */
ZKP_INLINE void zkpi_bn254_v52_add_acc(zkpi_bn254_v8 A[10], const zkpi_bn254_v8 B[10]) {
    ZKPI_BN254_UNROLL
    for (int k = 0; k < 10; k++) A[k] = _mm512_add_epi64(A[k], B[k]);
}

/* Radix 2^64 -> 2^52: element v (4 limbs; NULL = zero) into slot l of the
 * five limb rows b[k]. */
ZKP_INLINE void zkpi_bn254_r52_split(uint64_t b[5][ZKPI_BN254_LANES], unsigned l, const uint64_t *v) {
    uint64_t v0 = 0, v1 = 0, v2 = 0, v3 = 0;
    if (v) v0 = v[0], v1 = v[1], v2 = v[2], v3 = v[3];
    b[0][l] = v0 & ZKPI_BN254_M52;
    b[1][l] = ((v0 >> 52) | (v1 << 12)) & ZKPI_BN254_M52;
    b[2][l] = ((v1 >> 40) | (v2 << 24)) & ZKPI_BN254_M52;
    b[3][l] = ((v2 >> 28) | (v3 << 36)) & ZKPI_BN254_M52;
    b[4][l] = v3 >> 16;
}

/* Radix 2^52 -> 2^64: slot l of the limb rows (normalised, a value < 2p)
 * into out, made canonical. */
ZKP_INLINE void zkpi_bn254_r52_join_canonical(uint64_t out[4], const uint64_t b[5][ZKPI_BN254_LANES], unsigned l) {
    uint64_t v[4];
    v[0] = b[0][l] | (b[1][l] << 52);
    v[1] = (b[1][l] >> 12) | (b[2][l] << 40);
    v[2] = (b[2][l] >> 24) | (b[3][l] << 28);
    v[3] = (b[3][l] >> 36) | (b[4][l] << 16);
    zkpi_bn254_condsub(out, v, zkpi_bn254_p); /* < 2p -> < p */
    ZKP_VERIFY_CHECK(zkpi_bn254_verify_lt(out, 1, 1), "bn254 r52_join_canonical output < p");
}

#endif
