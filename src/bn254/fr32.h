/*
 * BN254 scalar field Fr on 32-bit limbs: the WebAssembly-shaped form of the
 * portable layer's hot products (bn254/fr.h). wasm32 has a 64-bit multiply
 * (i64.mul, the low half of a 64x64 product) but no high half, so clang
 * lowers every unsigned __int128 product to a call of __multi3 (a
 * compiler-rt routine taking its operands through memory), and core/wide.h's
 * 64x64 -> 128 emulation spends a dozen operations on carries per product.
 * Here each operand is eight 32-bit limbs held in 64-bit variables, so every
 * limb product is one i64.mul whose result fits 64 bits, and the products
 * are summed column by column (product scanning) in two 64-bit accumulators:
 * the low halves and the high halves of the products, so no sum can
 * overflow and no carry is propagated inside a column.
 *
 * Same interface, same bits and same bounds as the _c forms of bn254/fr.h
 * (4 x 64-bit limbs in, 8 x 64-bit limbs of a 512-bit accumulator out): the
 * Montgomery reduction on 32-bit words finds the same m = -T p^-1 mod 2^256
 * as the 64-bit one, so (T + m p) / 2^256 is the same integer. ctest bn254
 * holds them against the bigint oracle, ctest no-int128 holds the Poseidon
 * and Hemera kernels built with them against the library's own.
 *
 * In WebAssembly the Poseidon permutation itself runs on 29-bit limbs
 * (bn254/fr_wasm29.h, about half the operations per product); these forms
 * remain the kernel's single mul / sqr / dot and that permutation's fallback.
 *
 * Selected (ZKPI_BN254_W32 = 1) when compiling for WebAssembly, or forced on
 * any host with ZKP_TEST_WASM_ARITH (the native tests); ZKP_NO_WASM_ARITH
 * keeps the __int128 / core/wide.h forms even for wasm (the comparison
 * builds of tests/wasm/). Constant time: no branch or index depends on a
 * value.
 *
 * Column bounds (used below): a column of the 8 x 8 limb product has at most
 * 8 products, each < 2^64 split as lo32 + hi32 2^32; the low accumulator
 * gets at most 8 low halves, one 32-bit input limb and the carry from the
 * previous column, the high one at most 8 high halves, so both stay below
 * 2^36 and the carry (lo >> 32) + hi below 2^37: far from 2^64.
 */
#ifndef ZKPRIM_BN254_FR32_H
#define ZKPRIM_BN254_FR32_H

#include <stdint.h>

#include "core/util.h"
#include "core/verify.h"
#include "bn254/fr.h" /* the bound checks' helpers */

#if (defined(__wasm__) || defined(ZKP_TEST_WASM_ARITH)) && !defined(ZKP_NO_WASM_ARITH)
#define ZKPI_BN254_W32 1
#else
#define ZKPI_BN254_W32 0
#endif

/* p in 32-bit limbs, and -p^-1 mod 2^32 (the low half of -p^-1 mod 2^64). */
#define ZKPI_BN254_PINV32 ((uint32_t)ZKPI_BN254_PINV)
static const uint64_t zkpi_bn254_p32[8] = {
    (uint32_t)ZKPI_BN254_P0, ZKPI_BN254_P0 >> 32, (uint32_t)ZKPI_BN254_P1, ZKPI_BN254_P1 >> 32,
    (uint32_t)ZKPI_BN254_P2, ZKPI_BN254_P2 >> 32, (uint32_t)ZKPI_BN254_P3, ZKPI_BN254_P3 >> 32};

/* The inner loops' bounds depend on the outer index: clang unrolls them fully
 * once the outer loop is unrolled (the wasm32 build); the cross GCCs of the
 * s390x and riscv64 stages reject the annotation there ("ignoring loop
 * annotation", an error under -Werror), so GCC gets none. */
#if defined(__clang__)
#define ZKPI_W32_UNROLL_INNER ZKP_UNROLL
#else
#define ZKPI_W32_UNROLL_INNER
#endif

/* x (4 limbs) -> 8 limbs of 32 bits, each in a u64. */
ZKP_INLINE void zkpi_bn254_split32(uint64_t r[8], const uint64_t x[4]) {
    ZKP_UNROLL
    for (int i = 0; i < 4; i++) r[2 * i] = (uint32_t)x[i], r[2 * i + 1] = x[i] >> 32;
}

/* (lo, hi) += x y, for x, y < 2^32: the column sum as two halves. */
#define ZKPI_W32_ACC(lo, hi, x, y)                                                                 \
    do {                                                                                           \
        uint64_t p_ = (x) * (y);                                                                   \
        (lo) += (uint32_t)p_;                                                                      \
        (hi) += p_ >> 32;                                                                          \
    } while (0)

/* Ends column k: its 32-bit digit goes to T (even k: the low half of limb
 * k / 2, odd k: the high half), the rest carries into the next column. */
#define ZKPI_W32_EMIT(T, k, lo, hi)                                                                \
    do {                                                                                           \
        uint64_t d_ = (uint32_t)(lo);                                                              \
        if ((k) & 1) (T)[(k) >> 1] |= d_ << 32;                                                    \
        else (T)[(k) >> 1] = d_;                                                                   \
        (lo) = ((lo) >> 32) + (hi);                                                                \
        (hi) = 0;                                                                                  \
    } while (0)

/* T = a * b, or T += a * b when acc (the caller keeps the sum below 2^512;
 * a constant argument in every caller, so the test folds away). */
ZKP_INLINE void zkpi_bn254_mul512_w32_(uint64_t T[8], const uint64_t a[4], const uint64_t b[4], const int acc) {
    uint64_t A[8], B[8], I[16], lo = 0, hi = 0;
    zkpi_bn254_split32(A, a);
    zkpi_bn254_split32(B, b);
    if (acc) zkpi_bn254_split32(I, T), zkpi_bn254_split32(I + 8, T + 4); /* read before T is written */
    ZKP_UNROLL
    for (int k = 0; k < 15; k++) {
        if (acc) lo += I[k];
        ZKPI_W32_UNROLL_INNER
        for (int i = k < 8 ? 0 : k - 7; i <= k && i < 8; i++) ZKPI_W32_ACC(lo, hi, A[i], B[k - i]);
        ZKPI_W32_EMIT(T, k, lo, hi);
    }
    if (acc) lo += I[15];
    ZKP_VERIFY_CHECK(lo >> 32 == 0, "bn254 mul512_w32 / mac512_w32 result < 2^512 (no carry out)");
    T[7] |= lo << 32;
}

/* T = a * b (64 limb products). */
ZKP_INLINE void zkpi_bn254_mul512_w32(uint64_t T[8], const uint64_t a[4], const uint64_t b[4]) {
    zkpi_bn254_mul512_w32_(T, a, b, 0);
}

/* T += a * b. The caller guarantees the sum stays below 2^512 (checked). */
ZKP_INLINE void zkpi_bn254_mac512_w32(uint64_t T[8], const uint64_t a[4], const uint64_t b[4]) {
    zkpi_bn254_mul512_w32_(T, a, b, 1);
}

/* T = a^2: per column the cross products once, both accumulators doubled
 * (< 2^37 each), then the diagonal product (36 limb products). */
ZKP_INLINE void zkpi_bn254_sqr512_w32(uint64_t T[8], const uint64_t a[4]) {
    uint64_t A[8], lo = 0, hi = 0;
    zkpi_bn254_split32(A, a);
    ZKP_UNROLL
    for (int k = 0; k < 15; k++) {
        uint64_t clo = 0, chi = 0;
        ZKPI_W32_UNROLL_INNER
        for (int i = k < 8 ? 0 : k - 7; 2 * i < k; i++) ZKPI_W32_ACC(clo, chi, A[i], A[k - i]);
        lo += 2 * clo, hi += 2 * chi;
        if (!(k & 1)) ZKPI_W32_ACC(lo, hi, A[k >> 1], A[k >> 1]);
        ZKPI_W32_EMIT(T, k, lo, hi);
    }
    T[7] |= lo << 32; /* a^2 < 2^512: the last carry is the top digit */
}

/* Montgomery reduction in place, the same contract as zkpi_bn254_redc8_c:
 * T[4..7] = (T + m p) / 2^256 for the m < 2^256 that clears the low half,
 * < T / 2^256 + p; needs T < 2^512 - 2^256 p. T[0..3] become 0, as there.
 * Product scanning over m's 32-bit digits (finely integrated: digit k of m
 * is chosen in column k, when the column's low 32 bits are known), 64 limb
 * products. */
ZKP_INLINE void zkpi_bn254_redc8_w32(uint64_t T[8]) {
    uint64_t I[16], M[8], lo = 0, hi = 0;
    const uint64_t *P = zkpi_bn254_p32;
    const uint64_t h[4] = {T[4], T[5], T[6], T[7]}; /* for the output check only */
    ZKP_VERIFY_CHECK(zkpi_bn254_verify_redc_input(T), "bn254 redc8_w32 input: T < 2^512 - 2^256 p");
    zkpi_bn254_split32(I, T), zkpi_bn254_split32(I + 8, T + 4); /* read before T is written */
    ZKP_UNROLL
    for (int k = 0; k < 8; k++) {
        lo += I[k];
        ZKPI_W32_UNROLL_INNER
        for (int i = 0; i < k; i++) ZKPI_W32_ACC(lo, hi, M[i], P[k - i]);
        M[k] = (uint32_t)((uint32_t)lo * ZKPI_BN254_PINV32);
        ZKPI_W32_ACC(lo, hi, M[k], P[0]); /* the column's digit becomes 0 */
        lo = (lo >> 32) + hi, hi = 0;
    }
    ZKP_UNROLL
    for (int k = 8; k < 16; k++) {
        lo += I[k];
        ZKPI_W32_UNROLL_INNER
        for (int i = k - 7; i < 8; i++) ZKPI_W32_ACC(lo, hi, M[i], P[k - i]);
        ZKPI_W32_EMIT(T, k, lo, hi); /* digit k lands in T[4..7] */
    }
    /* T + m p < 2^512: nothing carries out of the last column */
    ZKP_VERIFY_CHECK(lo == 0, "bn254 redc8_w32 input: T < 2^512 - 2^256 p (no carry out)");
    T[0] = T[1] = T[2] = T[3] = 0;
    ZKP_VERIFY_CHECK(zkpi_bn254_verify_redc_output(T + 4, h), "bn254 redc8_w32 output <= T / 2^256 + p");
}

/* T[4..7] = a b / 2^256 (mod p) in one product-scanning pass: column k sums
 * the products a_i b_(k-i) and m_i p_(k-i) (the two passes of
 * mul512_w32 + redc8_w32 interleaved, 128 limb products, no 512-bit
 * intermediate), the same m and so the same bits as the two passes.
 * a, b < 2p: the result is < a b / 2^256 + p < (4 * 0.19 + 1) p < 2p.
 * T[0..3] are left undefined (no caller reads them). */
ZKP_INLINE void zkpi_bn254_montmul_w32(uint64_t T[8], const uint64_t a[4], const uint64_t b[4]) {
    uint64_t A[8], B[8], M[8], lo = 0, hi = 0;
    const uint64_t *P = zkpi_bn254_p32;
    ZKP_VERIFY_CHECK(zkpi_bn254_verify_lt(a, 2, 1) && zkpi_bn254_verify_lt(b, 2, 1), "bn254 montmul_w32 operands < 2p");
    zkpi_bn254_split32(A, a);
    zkpi_bn254_split32(B, b);
    ZKP_UNROLL
    for (int k = 0; k < 8; k++) {
        ZKPI_W32_UNROLL_INNER
        for (int i = 0; i < k; i++) {
            ZKPI_W32_ACC(lo, hi, A[i], B[k - i]);
            ZKPI_W32_ACC(lo, hi, M[i], P[k - i]);
        }
        ZKPI_W32_ACC(lo, hi, A[k], B[0]);
        M[k] = (uint32_t)((uint32_t)lo * ZKPI_BN254_PINV32);
        ZKPI_W32_ACC(lo, hi, M[k], P[0]);
        lo = (lo >> 32) + hi, hi = 0;
    }
    ZKP_UNROLL
    for (int k = 8; k < 15; k++) {
        ZKPI_W32_UNROLL_INNER
        for (int i = k - 7; i < 8; i++) {
            ZKPI_W32_ACC(lo, hi, A[i], B[k - i]);
            ZKPI_W32_ACC(lo, hi, M[i], P[k - i]);
        }
        ZKPI_W32_EMIT(T, k, lo, hi);
    }
    T[7] |= lo << 32; /* < 2p < 2^256: the last carry is the top digit */
    ZKP_VERIFY_CHECK(zkpi_bn254_verify_lt(T + 4, 2, 1), "bn254 montmul_w32 output < 2p");
}

#endif
