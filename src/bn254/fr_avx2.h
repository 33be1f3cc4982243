/*
 * BN254 scalar field, AVX2 layer: four elements at once, one per 64-bit lane
 * of a ymm register, for kernel files built with -mavx2 only.
 *
 * Representation: nine limbs of 29 bits (radix 2^29, 261 bits), one ymm per
 * limb; Montgomery form with R'' = 2^261 (nine reduction digits of 29 bits),
 * not the scalar layers' R = 2^256. Products are VPMULUDQ (32 x 32 -> 64 bits
 * per lane) summed into eighteen 64-bit columns T[0..17] (column k holds the
 * terms of weight 2^(29k)); nothing carries until the reduction, which takes
 * the columns in order as they are summed (zkpi_bn254_v29_redc_col).
 *
 * Why 29 bits: a product of two limbs is < 2^58, so a column takes 63 such
 * terms before it can wrap 2^64; nine limbs are the fewest that hold a
 * value < 2^256 with that headroom (81 multiplies per product).
 *
 * Reduction: p = 1 + 2^28 (mod 2^29) (BN254's 2-adicity is 28), so the
 * digit q = -T[i] p^-1 mod 2^29 is T[i] (2^28 - 1) mod 2^29, a shift and a
 * subtraction, and q p_0 = q + q 2^28: the only multiplies of a reduction
 * are the 72 q p_j for j = 1..8. The reduction of T returns (T + m p) / 2^261
 * < T / 2^261 + p with m < 2^261; e = p / 2^261 < 0.0059073.
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

/* ---- products fused with the reduction, column by column ------------------ */

/* A Montgomery product is one pass over the eighteen columns of the
 * unreduced sum (product scanning): column k's terms are summed and handed
 * straight to zkpi_bn254_v29_redc_col, which takes the reduction digit (k <
 * 9) or puts out a limb (k >= 9). Between columns only the digits still owed
 * to later columns (eight at most) and one carry are live, so a column is
 * summed in one register and the operands are read where they are (memory
 * operands).
 *
 * Why fused: the earlier form summed all eighteen columns into an array and
 * then reduced it digit by digit (row by row). With sixteen ymm registers gcc
 * 12 kept that array on the stack: about 640 stores and 1,200 reloads per t3
 * partial round (clang 14, same source: 500 and 480), some of them on the
 * S-box chain itself; fused, gcc's code stores about 160 (docs/poseidon.md,
 * "gcc and the AVX2 kernel", has the models and the measurements).
 *
 * The sums are exact (all terms non-negative, no column reaching 2^64; the
 * bounds in the file comment), so the order of the additions does not change
 * a bit of the result. It is chosen for latency: the reduction's chain runs
 * from digit to digit (q_(k-1) -> q_(k-1) p_1 -> column k -> q_k), so column
 * k adds its own terms and the older digits' products first, then the carry,
 * then the newest digit's product. gcc keeps that order only without its
 * reassociation pass (-fno-tree-reassoc for kernel_avx2.c,
 * src/poseidon/sources.cmake). */

typedef struct {
    zkpi_bn254_v4 q[ZKPI_BN254_V29_LIMBS]; /* the digits taken so far */
    zkpi_bn254_v4 carry;                   /* into the next column */
} zkpi_bn254_v29_redc;

/* acc + column k of a b (the terms a_i b_(k-i)). */
ZKP_INLINE zkpi_bn254_v4 zkpi_bn254_v29_col_mul(zkpi_bn254_v4 acc, const zkpi_bn254_v29 *a,
                                                const zkpi_bn254_v29 *b, const int k) {
    ZKPI_V29_UNROLL
    for (int i = 0; i < ZKPI_BN254_V29_LIMBS; i++)
        if (k - i >= 0 && k - i < ZKPI_BN254_V29_LIMBS)
            acc = _mm256_add_epi64(acc, _mm256_mul_epu32(a->l[i], b->l[k - i]));
    return acc;
}

/* acc + column k of c a, c a constant broadcast to every lane (VPBROADCASTD
 * loads). */
ZKP_INLINE zkpi_bn254_v4 zkpi_bn254_v29_col_mul_c(zkpi_bn254_v4 acc, const zkpi_bn254_fr29 *c,
                                                  const zkpi_bn254_v29 *a, const int k) {
    ZKPI_V29_UNROLL
    for (int i = 0; i < ZKPI_BN254_V29_LIMBS; i++)
        if (k - i >= 0 && k - i < ZKPI_BN254_V29_LIMBS)
            acc = _mm256_add_epi64(acc, _mm256_mul_epu32(a->l[i], _mm256_set1_epi32((int)c->l[k - i])));
    return acc;
}

/* Column k of a^2: the cross terms a_i a_(k-i), i < k - i, summed once and
 * doubled (each counts as two terms of the column budget), then the square
 * term. */
ZKP_INLINE zkpi_bn254_v4 zkpi_bn254_v29_col_sqr(const zkpi_bn254_v29 *a, const int k) {
    zkpi_bn254_v4 acc = _mm256_setzero_si256();
    ZKPI_V29_UNROLL
    for (int i = 0; i < ZKPI_BN254_V29_LIMBS; i++)
        if (2 * i < k && k - i < ZKPI_BN254_V29_LIMBS)
            acc = _mm256_add_epi64(acc, _mm256_mul_epu32(a->l[i], a->l[k - i]));
    acc = _mm256_add_epi64(acc, acc);
    if (k % 2 == 0 && k / 2 < ZKPI_BN254_V29_LIMBS)
        acc = _mm256_add_epi64(acc, _mm256_mul_epu32(a->l[k / 2], a->l[k / 2]));
    return acc;
}

/* acc + column k of c 2^261 (limb k - 9 of c): a constant added that way
 * comes out of the reduction as + c. */
ZKP_INLINE zkpi_bn254_v4 zkpi_bn254_v29_col_hi_c(zkpi_bn254_v4 acc, const zkpi_bn254_fr29 *c, const int k) {
    if (k >= ZKPI_BN254_V29_LIMBS)
        acc = _mm256_add_epi64(acc, _mm256_set1_epi64x((long long)c->l[k - ZKPI_BN254_V29_LIMBS]));
    return acc;
}

/* Column k (0..17, in order) of T into the reduction r = T / 2^261 mod p,
 * normalised limbs, r < T / 2^261 + p. Digit k < 9: q = c (2^28 - 1) mod 2^29
 * makes c + q p_0 = c + q + q 2^28 a multiple of 2^29, whose quotient is the
 * carry into column k + 1; q p_j (j >= 1) belongs to column k + j and is
 * added there. Columns 9..17 are the result's limbs, carried upwards. */
ZKP_INLINE void zkpi_bn254_v29_redc_col(zkpi_bn254_v29_redc *st, zkpi_bn254_v29 *r, zkpi_bn254_v4 c,
                                        const int k) {
    const zkpi_bn254_v4 mask = _mm256_set1_epi64x(ZKPI_BN254_V29_MASK);
    ZKPI_V29_UNROLL
    for (int j = ZKPI_BN254_V29_LIMBS - 1; j >= 2; j--)
        if (k - j >= 0 && k - j < ZKPI_BN254_V29_LIMBS)
            c = _mm256_add_epi64(c, _mm256_mul_epu32(st->q[k - j], _mm256_set1_epi32((int)zkpi_bn254_p29[j])));
    if (k > 0) c = _mm256_add_epi64(c, st->carry);
    if (k >= 1 && k <= ZKPI_BN254_V29_LIMBS)
        c = _mm256_add_epi64(c, _mm256_mul_epu32(st->q[k - 1], _mm256_set1_epi32((int)zkpi_bn254_p29[1])));
    if (k < ZKPI_BN254_V29_LIMBS) {
        const zkpi_bn254_v4 q = _mm256_and_si256(_mm256_sub_epi64(_mm256_slli_epi64(c, 28), c), mask);
        st->q[k] = q;
        st->carry = _mm256_srli_epi64(_mm256_add_epi64(_mm256_add_epi64(c, q), _mm256_slli_epi64(q, 28)), 29);
    } else if (k < ZKPI_BN254_V29_COLS - 1) {
        r->l[k - ZKPI_BN254_V29_LIMBS] = _mm256_and_si256(c, mask);
        st->carry = _mm256_srli_epi64(c, 29);
    } else {
        r->l[ZKPI_BN254_V29_LIMBS - 1] = c;
    }
}

/* r = a b / 2^261 mod p (r may be a or b: limb k - 9 of r is written after
 * the last column that reads limb k - 9 of an operand, and a local holds it
 * meanwhile). */
ZKP_INLINE void zkpi_bn254_v29_mont_mul(zkpi_bn254_v29 *r, const zkpi_bn254_v29 *a, const zkpi_bn254_v29 *b) {
    zkpi_bn254_v29_redc st;
    zkpi_bn254_v29 o;
    ZKPI_V29_UNROLL
    for (int k = 0; k < ZKPI_BN254_V29_COLS; k++)
        zkpi_bn254_v29_redc_col(&st, &o, zkpi_bn254_v29_col_mul(_mm256_setzero_si256(), a, b, k), k);
    *r = o;
}

/* r = a^2 / 2^261 mod p. */
ZKP_INLINE void zkpi_bn254_v29_mont_sqr(zkpi_bn254_v29 *r, const zkpi_bn254_v29 *a) {
    zkpi_bn254_v29_redc st;
    zkpi_bn254_v29 o;
    ZKPI_V29_UNROLL
    for (int k = 0; k < ZKPI_BN254_V29_COLS; k++) zkpi_bn254_v29_redc_col(&st, &o, zkpi_bn254_v29_col_sqr(a, k), k);
    *r = o;
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
