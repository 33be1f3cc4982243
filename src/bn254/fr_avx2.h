/*
 * BN254 scalar field, AVX2 layer: four elements at once, one per 64-bit lane
 * of a ymm register, for kernel files built with -mavx2 only.
 *
 * Representation: nine limbs of 29 bits (radix 2^29, 261 bits), one ymm per
 * limb; Montgomery form with R'' = 2^261 (nine reduction digits of 29 bits),
 * not the scalar layers' R = 2^256. Products are VPMULUDQ (32 x 32 -> 64 bits
 * per lane) summed into eighteen 64-bit column accumulators T[0..17] (column
 * k holds the terms of weight 2^(29k)); nothing carries until the reduction.
 *
 * Why 29 bits: a product of two limbs is < 2^58, so a column takes 63 such
 * terms before it can wrap 2^64; nine limbs are the fewest that hold a
 * value < 2^256 with that headroom (81 multiplies per product).
 *
 * Reduction: p = 1 + 2^28 (mod 2^29) (BN254's 2-adicity is 28), so the
 * digit q = -T[i] p^-1 mod 2^29 is T[i] (2^28 - 1) mod 2^29, a shift and a
 * subtraction, and q p_0 = q + q 2^28: the only multiplies of a reduction
 * are the 72 q p_j for j = 1..8. zkpi_bn254_v29_redc of T returns (T + m p)
 * / 2^261 < T / 2^261 + p with m < 2^261; e = p / 2^261 < 0.0059073.
 *
 * Bounds the caller keeps (the kernels state theirs in terms of e):
 *  - operands of a product or square: normalised limbs (< 2^29; the values
 *    then are < 2^261), which every routine here returns;
 *  - every column the sum of at most 63 terms below 2^58 (a product adds at
 *    most nine to a column, the reduction nine, a constant one) plus the
 *    reduction's carries (< 2^36): it never wraps;
 *  - the reduced value < 2^261, i.e. T < 2^261 (2^261 - p): then its top
 *    limb is < 2^29 too.
 * Everything is constant time: no branch or index depends on the values.
 */
#ifndef ZKPRIM_BN254_FR_AVX2_H
#define ZKPRIM_BN254_FR_AVX2_H

#include <immintrin.h>
#include <stdint.h>

#include "bn254/fr.h" /* zkpi_bn254_p, the verification helpers */

/* The limb loops (trip counts 8, 9, 18) are flattened so that the columns
 * and limbs stay in registers (core/util.h's ZKP_UNROLL stops at 8). */
#if ZKP_SMALL_CODE
#define ZKPI_V29_UNROLL
#elif defined(__clang__)
#define ZKPI_V29_UNROLL _Pragma("clang loop unroll(full)")
#elif defined(__GNUC__)
#define ZKPI_V29_UNROLL _Pragma("GCC unroll 18")
#else
#define ZKPI_V29_UNROLL
#endif

#define ZKPI_BN254_V29_LIMBS 9
#define ZKPI_BN254_V29_COLS 18
#define ZKPI_BN254_V29_MASK 0x1fffffffu

typedef __m256i zkpi_bn254_v4;
/* Four elements: limb k of lane j is bits 29k.. of element j. */
typedef struct {
    zkpi_bn254_v4 l[ZKPI_BN254_V29_LIMBS];
} zkpi_bn254_v29;
/* One element shared by the four lanes (a constant), broadcast per limb. */
typedef struct {
    uint32_t l[ZKPI_BN254_V29_LIMBS];
} zkpi_bn254_fr29;

/* p in radix 2^29; limb 0 (1 + 2^28) is folded into the reduction. */
static const uint32_t zkpi_bn254_p29[ZKPI_BN254_V29_LIMBS] = {
    0x10000001u, 0x1f0fac9fu, 0x0e5c2450u, 0x07d090f3u, 0x1585d283u,
    0x02db40c0u, 0x00a6e141u, 0x0e5c2634u, 0x0030644eu};

ZKP_INLINE void zkpi_bn254_v29_zero(zkpi_bn254_v4 T[ZKPI_BN254_V29_COLS]) {
    for (int k = 0; k < ZKPI_BN254_V29_COLS; k++) T[k] = _mm256_setzero_si256();
}

/* The loops below run column by column (product scanning): one column is
 * finished before the next is started, so that only its accumulator and the
 * operands are live. AVX2 has sixteen ymm registers; the operand-scanning
 * order (row by row) keeps all eighteen columns live and spilled about 200
 * moves per product (llvm-mca, docs/poseidon.md). */

/* T += a b (81 multiplies, columns 0..16). */
ZKP_INLINE void zkpi_bn254_v29_mac(zkpi_bn254_v4 T[ZKPI_BN254_V29_COLS], const zkpi_bn254_v29 *a,
                                   const zkpi_bn254_v29 *b) {
    ZKPI_V29_UNROLL
    for (int k = 0; k < 2 * ZKPI_BN254_V29_LIMBS - 1; k++) {
        zkpi_bn254_v4 acc = T[k];
        ZKPI_V29_UNROLL
        for (int i = 0; i < ZKPI_BN254_V29_LIMBS; i++)
            if (k - i >= 0 && k - i < ZKPI_BN254_V29_LIMBS)
                acc = _mm256_add_epi64(acc, _mm256_mul_epu32(a->l[i], b->l[k - i]));
        T[k] = acc;
    }
}

/* T += c a, c a constant broadcast to every lane (VPBROADCASTD loads). */
ZKP_INLINE void zkpi_bn254_v29_mac_c(zkpi_bn254_v4 T[ZKPI_BN254_V29_COLS], const zkpi_bn254_fr29 *c,
                                     const zkpi_bn254_v29 *a) {
    zkpi_bn254_v29 b;
    ZKPI_V29_UNROLL
    for (int j = 0; j < ZKPI_BN254_V29_LIMBS; j++) b.l[j] = _mm256_set1_epi32((int)c->l[j]);
    zkpi_bn254_v29_mac(T, a, &b);
}

/* T = a^2: 9 squares and 36 cross products with a doubled operand (< 2^30,
 * so each doubled term is < 2^59: two terms of the column budget). */
ZKP_INLINE void zkpi_bn254_v29_sqr(zkpi_bn254_v4 T[ZKPI_BN254_V29_COLS], const zkpi_bn254_v29 *a) {
    zkpi_bn254_v4 d[ZKPI_BN254_V29_LIMBS];
    ZKPI_V29_UNROLL
    for (int i = 0; i < ZKPI_BN254_V29_LIMBS; i++) d[i] = _mm256_add_epi64(a->l[i], a->l[i]);
    ZKPI_V29_UNROLL
    for (int k = 0; k < 2 * ZKPI_BN254_V29_LIMBS - 1; k++) {
        zkpi_bn254_v4 acc = _mm256_setzero_si256();
        if (k % 2 == 0) acc = _mm256_mul_epu32(a->l[k / 2], a->l[k / 2]);
        ZKPI_V29_UNROLL
        for (int i = 0; i < ZKPI_BN254_V29_LIMBS; i++)
            if (2 * i < k && k - i < ZKPI_BN254_V29_LIMBS)
                acc = _mm256_add_epi64(acc, _mm256_mul_epu32(d[i], a->l[k - i]));
        T[k] = acc;
    }
    T[2 * ZKPI_BN254_V29_LIMBS - 1] = _mm256_setzero_si256();
}

/* T[9 + k] += c_k: a constant c added as c 2^261, i.e. + c after the
 * reduction. */
ZKP_INLINE void zkpi_bn254_v29_addhi_c(zkpi_bn254_v4 T[ZKPI_BN254_V29_COLS], const zkpi_bn254_fr29 *c) {
    ZKPI_V29_UNROLL
    for (int k = 0; k < ZKPI_BN254_V29_LIMBS; k++)
        T[9 + k] = _mm256_add_epi64(T[9 + k], _mm256_set1_epi64x((long long)c->l[k]));
}

/* A += B, column by column. */
ZKP_INLINE void zkpi_bn254_v29_add_acc(zkpi_bn254_v4 A[ZKPI_BN254_V29_COLS],
                                       const zkpi_bn254_v4 B[ZKPI_BN254_V29_COLS]) {
    ZKPI_V29_UNROLL
    for (int k = 0; k < ZKPI_BN254_V29_COLS; k++) A[k] = _mm256_add_epi64(A[k], B[k]);
}

/* r = T / 2^261 mod p, normalised limbs, r < T / 2^261 + p (T is
 * clobbered). Digit i: q = T[i] (2^28 - 1) mod 2^29 makes T[i] + q p_0 =
 * T[i] + q + q 2^28 a multiple of 2^29, whose carry goes up to T[i + 1]
 * with q p_1; the other q p_j go to T[i + j]. Row by row: a column-scanning
 * form (each column finished before the next digit) measured 10% slower per
 * hash, its chain from one digit to the next being longer. */
ZKP_INLINE void zkpi_bn254_v29_redc(zkpi_bn254_v29 *r, zkpi_bn254_v4 T[ZKPI_BN254_V29_COLS]) {
    const zkpi_bn254_v4 mask = _mm256_set1_epi64x(ZKPI_BN254_V29_MASK);
    ZKPI_V29_UNROLL
    for (int i = 0; i < ZKPI_BN254_V29_LIMBS; i++) {
        const zkpi_bn254_v4 c = T[i];
        const zkpi_bn254_v4 q = _mm256_and_si256(_mm256_sub_epi64(_mm256_slli_epi64(c, 28), c), mask);
        const zkpi_bn254_v4 u = _mm256_add_epi64(_mm256_add_epi64(c, q), _mm256_slli_epi64(q, 28));
        T[i + 1] = _mm256_add_epi64(T[i + 1], _mm256_srli_epi64(u, 29));
        ZKPI_V29_UNROLL
        for (int j = 1; j < ZKPI_BN254_V29_LIMBS; j++)
            T[i + j] = _mm256_add_epi64(T[i + j], _mm256_mul_epu32(q, _mm256_set1_epi32((int)zkpi_bn254_p29[j])));
    }
    ZKPI_V29_UNROLL
    for (int k = 0; k < ZKPI_BN254_V29_LIMBS - 1; k++) {
        T[10 + k] = _mm256_add_epi64(T[10 + k], _mm256_srli_epi64(T[9 + k], 29));
        r->l[k] = _mm256_and_si256(T[9 + k], mask);
    }
    r->l[8] = T[17];
}

/* ---- scalar side: constants and the lanes' entry and exit ------------------ */

/* 256-bit little-endian x (64-bit limbs, x < 2^261 as a whole: the top
 * limb's bits above 2^5 zero) to nine 29-bit limbs, and back. */
ZKP_INLINE void zkpi_bn254_r29_split(uint32_t r[ZKPI_BN254_V29_LIMBS], const uint64_t x[4]) {
    for (int k = 0; k < ZKPI_BN254_V29_LIMBS; k++) {
        const unsigned bit = 29u * (unsigned)k, w = bit / 64, s = bit % 64;
        uint64_t v = x[w] >> s;
        if (s > 35 && w < 3) v |= x[w + 1] << (64 - s);
        r[k] = (uint32_t)(v & ZKPI_BN254_V29_MASK);
    }
}
ZKP_INLINE void zkpi_bn254_r29_join(uint64_t r[4], const uint64_t l[ZKPI_BN254_V29_LIMBS]) {
    r[0] = r[1] = r[2] = r[3] = 0;
    for (int k = 0; k < ZKPI_BN254_V29_LIMBS; k++) {
        const unsigned bit = 29u * (unsigned)k, w = bit / 64, s = bit % 64;
        r[w] |= l[k] << s;
        if (s > 35 && w < 3) r[w + 1] |= l[k] >> (64 - s);
    }
}

/* Verification build: every lane of x has normalised limbs and is below
 * (num / den) p (the top limb of a value < 2^256 is below 2^24). */
ZKP_VERIFY_HELPER int zkpi_bn254_v29_verify_lt(const zkpi_bn254_v29 *x, uint64_t num, uint64_t den) {
    uint64_t l[ZKPI_BN254_V29_LIMBS][4];
    for (int k = 0; k < ZKPI_BN254_V29_LIMBS; k++) _mm256_storeu_si256((__m256i *)l[k], x->l[k]);
    for (int j = 0; j < 4; j++) {
        uint64_t col[ZKPI_BN254_V29_LIMBS], v[4];
        for (int k = 0; k < ZKPI_BN254_V29_LIMBS; k++) {
            col[k] = l[k][j];
            if (col[k] > (k < 8 ? ZKPI_BN254_V29_MASK : 0xffffffu)) return 0;
        }
        zkpi_bn254_r29_join(v, col);
        if (!zkpi_verify_lt_frac(v, 4, zkpi_bn254_p, 4, num, den)) return 0;
    }
    return 1;
}

#endif
