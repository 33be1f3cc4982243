/*
 * BN254 Fr on nine 29-bit limbs: the WebAssembly Poseidon permutation's
 * field (poseidon/perm_wasm29.h). bn254/fr32.h keeps the library's
 * representation (four 64-bit limbs, R = 2^256) and so pays about five V8
 * operations per 32x32 limb product: the multiply, the two halves, two
 * adds. With 29-bit limbs a product is < 2^58, and up to 2^6 of them sum
 * in a 64-bit accumulator without a carry, so a limb product costs an
 * i64.mul and an i64.add, and carries are propagated once per word step.
 *
 * Representation: fr29 x = sum l[j] 2^(29 j), j < 9, every limb < 2^29
 * ("normalised"; every function here returns normalised limbs and takes
 * them), the value in Montgomery form with R' = 2^261 (not the library's
 * 2^256: nine whole word steps), and lazily reduced: the permutation keeps
 * values below 4p (its bounds are stated there). Because p / R' < 0.0059,
 * a product of values a, b < 4p returns < (16 * 0.0059 + 1) p < 1.1p with
 * no conditional subtraction, and only the permutation's outputs are made
 * canonical (zkpi_fr29_canon).
 *
 * Conversions: a library element x R (4 x 64 limbs) becomes x R' by one
 * product with 2^266 mod p (x R 2^266 / R' = x R'), and x R' becomes x R by
 * one product with 2^256 mod p. Constant time: no branch or index depends on
 * a value. Tested through the permutation (ctest no-int128, w32_poseidon:
 * every width against the library's) and on edge limbs (w32_arith).
 */
#ifndef ZKPRIM_BN254_FR_WASM29_H
#define ZKPRIM_BN254_FR_WASM29_H

#include <stdint.h>

#include "core/util.h"
#include "core/verify.h"
#include "bn254/fr.h"

#define ZKPI_FR29_N 9
#define ZKPI_FR29_MASK ((uint64_t)0x1fffffff)
/* -p^-1 mod 2^29 */
#define ZKPI_FR29_PINV ((uint64_t)0x0fffffff)

typedef struct zkpi_fr29 {
    uint32_t l[ZKPI_FR29_N];
} zkpi_fr29;

/* p, 2^266 mod p (enters R' form from R form) and 2^256 mod p (back), in
 * 29-bit limbs (python: [(x >> 29 * j) & (2**29 - 1) for j in range(9)]). */
static const uint64_t zkpi_fr29_p[ZKPI_FR29_N] = {0x10000001, 0x1f0fac9f, 0x0e5c2450, 0x07d090f3, 0x1585d283,
                                                  0x02db40c0, 0x00a6e141, 0x0e5c2634, 0x0030644e};
static const zkpi_fr29 zkpi_fr29_k266 = {{0x0fffead7, 0x1d5444f4, 0x04438aa5, 0x03b4d096, 0x134c84da,
                                            0x0e92d304, 0x14cb95b3, 0x041b9d3d, 0x00058003}};
static const zkpi_fr29 zkpi_fr29_k256 = {{0x0ffffffb, 0x04b1a0e2, 0x18334a6b, 0x18ed2b3e, 0x1462e36f,
                                             0x11b7bc3c, 0x1cbd99ba, 0x183340fb, 0x000e0a77}};

/* ---- bound checks of the verification build (core/verify.h) ------------- */

/* x (4 x 64 limbs) from normalised 29-bit limbs (< 2^261: five bits are
 * lost above 2^256, so only for values known < 2^256). */
ZKP_INLINE void zkpi_fr29_pack(uint64_t x[4], const zkpi_fr29 *a) {
    x[0] = x[1] = x[2] = x[3] = 0;
    ZKP_UNROLL
    for (int j = 0; j < ZKPI_FR29_N; j++) {
        const int b = 29 * j, w = b >> 6, s = b & 63;
        x[w] |= (uint64_t)a->l[j] << s;
        if (s > 35 && w < 3) x[w + 1] |= (uint64_t)a->l[j] >> (64 - s);
    }
}

/* Every limb < 2^29 and the value < (num / den) p. */
ZKP_VERIFY_HELPER int zkpi_fr29_verify_lt(const zkpi_fr29 *a, uint64_t num, uint64_t den) {
    uint64_t x[4];
    for (int j = 0; j < ZKPI_FR29_N; j++)
        if (a->l[j] >> 29) return 0;
    if (a->l[8] >> 24) return 0; /* >= 2^256 */
    zkpi_fr29_pack(x, a);
    return zkpi_bn254_verify_lt(x, num, den);
}

/* ---- conversions --------------------------------------------------------- */

/* 4 x 64 limbs -> nine 29-bit limbs (the same integer). */
ZKP_INLINE void zkpi_fr29_split(zkpi_fr29 *r, const uint64_t x[4]) {
    ZKP_UNROLL
    for (int j = 0; j < ZKPI_FR29_N; j++) {
        const int b = 29 * j, w = b >> 6, s = b & 63;
        uint64_t v = x[w] >> s;
        if (s > 35 && w < 3) v |= x[w + 1] << (64 - s);
        r->l[j] = (uint32_t)(v & ZKPI_FR29_MASK);
    }
}

/* ---- arithmetic ------------------------------------------------------------ */

/* Word step i of a Montgomery product on the accumulator t (column k at
 * t[k], 2 x 9 columns; lazy: no carries inside): t += m p 2^(29 i) with m =
 * -t_i p^-1 mod 2^29, so column i becomes a multiple of 2^29, whose carry
 * goes to column i + 1. Absolute column indices (no moving of limbs), so
 * that clang keeps every column in a local once the loops are unrolled.
 * The product is bound by the multiplier's throughput (V8 emits one 64-bit
 * imul per i64.mul, about one a cycle), so the two multiplies by constants
 * that have a short form are written without one: mod 2^29, -p^-1 =
 * 2^28 - 1, so m = -t_i + 2^28 t_i = -t_i with bit 28 flipped when t_i is
 * odd (adding 2^28 mod 2^29 flips bit 28; written as a subtraction or a
 * shift, LLVM folds it back into a multiply), and m p_0 = m + (m << 28)
 * (added in two steps for the same reason): 153 multiplies instead of 171
 * in a product, 49 -> 46 ns alone (node, CPU time, medians of 15 rounds);
 * a t = 3 hash about 5% faster by the minima of 41 rounds (the medians
 * were in the noise). */
#define ZKPI_FR29_REDUCE_STEP(t, i)                                                                \
    do {                                                                                           \
        const uint64_t m_ = ((0 - (t)[i]) ^ (((t)[i] & 1) << 28)) & ZKPI_FR29_MASK;                \
        (t)[i] += m_;                                                                              \
        (t)[i] += m_ << 28;                                                                        \
        ZKP_UNROLL                                                                                 \
        for (int j_ = 1; j_ < ZKPI_FR29_N; j_++) (t)[(i) + j_] += m_ * zkpi_fr29_p[j_];            \
        (t)[(i) + 1] += (t)[i] >> 29;                                                              \
    } while (0)

/* Columns 9..17 of the accumulator, carries propagated, as normalised
 * limbs: (T + m p) / R'. The value must be < 2^261 (every caller's result
 * is < 2p). */
ZKP_INLINE void zkpi_fr29_carry_out(zkpi_fr29 *r, const uint64_t t[2 * ZKPI_FR29_N]) {
    uint64_t c = 0;
    ZKP_UNROLL
    for (int j = 0; j < ZKPI_FR29_N; j++) {
        c += t[ZKPI_FR29_N + j];
        r->l[j] = (uint32_t)(c & ZKPI_FR29_MASK);
        c >>= 29;
    }
    ZKP_VERIFY_CHECK(c == 0, "fr29 result < 2^261");
}

/* r = a b / R' mod p, < a b / R' + p: < 1.1p for a, b < 4p (Montgomery,
 * operand scanning, one word of a per step). Bound of the accumulator:
 * column k sums at most 9 products a_i b_j and 9 products m_i p_j (< 2^58
 * each) plus a carry < 2^35: < 18 * 2^58 + 2^35 < 2^63. r may alias a or b. */
ZKP_INLINE void zkpi_fr29_mul(zkpi_fr29 *r, const zkpi_fr29 *a, const zkpi_fr29 *b) {
    uint64_t t[2 * ZKPI_FR29_N] = {0}, A[ZKPI_FR29_N], B[ZKPI_FR29_N];
    ZKP_VERIFY_CHECK(zkpi_fr29_verify_lt(a, 4, 1) && zkpi_fr29_verify_lt(b, 4, 1), "fr29 mul operands < 4p");
    ZKP_UNROLL
    for (int j = 0; j < ZKPI_FR29_N; j++) A[j] = a->l[j], B[j] = b->l[j];
    ZKP_UNROLL
    for (int i = 0; i < ZKPI_FR29_N; i++) {
        ZKP_UNROLL
        for (int j = 0; j < ZKPI_FR29_N; j++) t[i + j] += A[i] * B[j];
        ZKPI_FR29_REDUCE_STEP(t, i);
    }
    zkpi_fr29_carry_out(r, t);
    ZKP_VERIFY_CHECK(zkpi_fr29_verify_lt(r, 11, 10), "fr29 mul output < 1.1p");
}

/* r = a^2 / R' mod p, as zkpi_fr29_mul(r, a, a) with each cross product
 * once, against the doubled limb (45 limb products instead of 81). Column
 * bound: at most 4 cross products < 2^59, a square and 9 products m_i p_j
 * < 2^58: < 18 * 2^58 + 2^35 < 2^63, as in the product. */
ZKP_INLINE void zkpi_fr29_sqr(zkpi_fr29 *r, const zkpi_fr29 *a) {
    uint64_t t[2 * ZKPI_FR29_N] = {0}, A[ZKPI_FR29_N], D[ZKPI_FR29_N];
    ZKP_VERIFY_CHECK(zkpi_fr29_verify_lt(a, 4, 1), "fr29 sqr operand < 4p");
    ZKP_UNROLL
    for (int j = 0; j < ZKPI_FR29_N; j++) A[j] = a->l[j], D[j] = 2 * A[j];
    ZKP_UNROLL
    for (int i = 0; i < ZKPI_FR29_N; i++) {
        t[2 * i] += A[i] * A[i];
        ZKP_UNROLL
        for (int j = i + 1; j < ZKPI_FR29_N; j++) t[i + j] += A[i] * D[j];
        ZKPI_FR29_REDUCE_STEP(t, i); /* column i is complete: rows > i start at column 2i */
    }
    zkpi_fr29_carry_out(r, t);
    ZKP_VERIFY_CHECK(zkpi_fr29_verify_lt(r, 11, 10), "fr29 sqr output < 1.1p");
}

/* r = sum_q a[q] b[q] / R' mod p (n <= 17 terms, a[q] < p constants, b[q]
 * < 4p): one reduction for the row, < (n 4 0.0059 + 1) p < 1.41p. A column
 * of the accumulator sums up to 9 (n + 1) products; for n > 5 that could
 * pass 2^64, so there the columns still to come are normalised after every
 * word step (then a column holds < 2^30 + 2 (n + 1) 2^58 < 2^63). */
ZKP_INLINE void zkpi_fr29_dot(zkpi_fr29 *r, const zkpi_fr29 *a, const zkpi_fr29 *b, const unsigned n) {
    uint64_t t[2 * ZKPI_FR29_N] = {0};
    for (unsigned q = 0; q < n; q++)
        ZKP_VERIFY_CHECK(zkpi_fr29_verify_lt(&a[q], 1, 1) && zkpi_fr29_verify_lt(&b[q], 4, 1),
                         "fr29 dot operands: constants < p, state < 4p");
    ZKP_UNROLL
    for (int i = 0; i < ZKPI_FR29_N; i++) {
        for (unsigned q = 0; q < n; q++) {
            const uint64_t ai = a[q].l[i];
            ZKP_UNROLL
            for (int j = 0; j < ZKPI_FR29_N; j++) t[i + j] += ai * b[q].l[j];
        }
        ZKPI_FR29_REDUCE_STEP(t, i);
        if (n > 5) {
            ZKP_UNROLL
            for (int j = i + 1; j < i + ZKPI_FR29_N; j++) {
                t[j + 1] += t[j] >> 29;
                t[j] &= ZKPI_FR29_MASK;
            }
        }
    }
    zkpi_fr29_carry_out(r, t);
    ZKP_VERIFY_CHECK(zkpi_fr29_verify_lt(r, 141, 100), "fr29 dot output < 1.41p");
}

/* r = a + b (no reduction: the caller keeps the sum below its bound). */
ZKP_INLINE void zkpi_fr29_add(zkpi_fr29 *r, const zkpi_fr29 *a, const zkpi_fr29 *b) {
    uint64_t c = 0;
    ZKP_UNROLL
    for (int j = 0; j < ZKPI_FR29_N; j++) {
        c += (uint64_t)a->l[j] + b->l[j];
        r->l[j] = (uint32_t)(c & ZKPI_FR29_MASK);
        c >>= 29;
    }
    ZKP_VERIFY_CHECK(c == 0, "fr29 add sum < 2^261");
}

/* r = a - m if a >= m else a (m: p or a multiple of it, 29-bit limbs). */
ZKP_INLINE void zkpi_fr29_condsub(zkpi_fr29 *r, const zkpi_fr29 *a, const uint64_t m[ZKPI_FR29_N]) {
    uint32_t d[ZKPI_FR29_N];
    uint64_t borrow = 0;
    ZKP_UNROLL
    for (int j = 0; j < ZKPI_FR29_N; j++) {
        uint64_t x = (uint64_t)a->l[j] - m[j] - borrow;
        d[j] = (uint32_t)(x & ZKPI_FR29_MASK);
        borrow = x >> 63;
    }
    const uint32_t keep = (uint32_t)zkpi_value_barrier_u64((uint64_t)0 - borrow); /* a < m */
    ZKP_UNROLL
    for (int j = 0; j < ZKPI_FR29_N; j++) r->l[j] = (a->l[j] & keep) | (d[j] & ~keep);
}

/* Canonical x R' (< p) from a value < 4p. */
ZKP_INLINE void zkpi_fr29_canon(zkpi_fr29 *r, const zkpi_fr29 *a) {
    static const uint64_t p2[ZKPI_FR29_N] = {0x00000002, 0x1e1f593f, 0x1cb848a1, 0x0fa121e6, 0x0b0ba506,
                                             0x05b68181, 0x014dc282, 0x1cb84c68, 0x0060c89c};
    ZKP_VERIFY_CHECK(zkpi_fr29_verify_lt(a, 4, 1), "fr29 canon input < 4p");
    zkpi_fr29_condsub(r, a, p2);
    zkpi_fr29_condsub(r, r, zkpi_fr29_p);
    ZKP_VERIFY_CHECK(zkpi_fr29_verify_lt(r, 1, 1), "fr29 canon output < p");
}

/* A library element x R (canonical, 4 x 64 limbs) -> x R' (< 1.1p). */
ZKP_INLINE void zkpi_fr29_from_r256(zkpi_fr29 *r, const uint64_t x[4]) {
    zkpi_fr29 s;
    zkpi_fr29_split(&s, x);
    zkpi_fr29_mul(r, &s, &zkpi_fr29_k266);
}

/* x R' (< 4p) -> canonical x R (4 x 64 limbs). */
ZKP_INLINE void zkpi_fr29_to_r256(uint64_t x[4], const zkpi_fr29 *a) {
    zkpi_fr29 s;
    zkpi_fr29_mul(&s, a, &zkpi_fr29_k256);
    zkpi_fr29_canon(&s, &s);
    zkpi_fr29_pack(x, &s);
}

#endif
