/*
 * BN254 Fr, aarch64 layer: the 4-limb Montgomery product as one CIOS pass
 * (Koc et al.) in mul/umulh/adds/adcs inline asm, with the bounds of
 * zkpi_bn254_montmul_mulx (bn254/fr_mulx.h). Measured, not shipped:
 * docs/aarch64.md gives its modelled cycles against the portable product,
 * and it is used by no kernel until it beats that by the 1.2x the project
 * asks on both Neoverse models. Tested bit-exact against the portable
 * product in the aarch64 stage (tests/test_bn254.c).
 */
#ifndef ZKPRIM_BN254_FR_AARCH64_H
#define ZKPRIM_BN254_FR_AARCH64_H

#include "bn254/fr.h"

#if ZKP_HAVE_ASM && defined(__aarch64__) && defined(__GNUC__)
#define ZKPI_BN254_HAVE_A64 1

/* One CIOS step on the running value t = (T0..T3) < 2^256: t += a b_i into
 * T0..T4 (T4 fresh), then m = T0 p' and t = (t + m p) / 2^64 into T1..T4.
 * With a < 2p and t < 3p the sum stays below 2^320 and the new t below
 * (3p + 2p 2^64 + p 2^64) / 2^64 < 3p + 1 < 2^256, so nothing carries past
 * T4 and the next step's running value is (T1..T4). T0 is then free and
 * becomes the next step's fresh top limb. The first step has t = 0. */
#define A64_MULS(X)                                                                                \
    "mul %[l0], %[a0], %[" #X "]\n\tmul %[l1], %[a1], %[" #X "]\n\t"                               \
    "mul %[l2], %[a2], %[" #X "]\n\tmul %[l3], %[a3], %[" #X "]\n\t"                               \
    "umulh %[h0], %[a0], %[" #X "]\n\tumulh %[h1], %[a1], %[" #X "]\n\t"                           \
    "umulh %[h2], %[a2], %[" #X "]\n\tumulh %[h3], %[a3], %[" #X "]\n\t"
#define A64_PMULS                                                                                  \
    "mul %[l0], %[bm], %[p0]\n\tmul %[l1], %[bm], %[p1]\n\t"                                       \
    "mul %[l2], %[bm], %[p2]\n\tmul %[l3], %[bm], %[p3]\n\t"                                       \
    "umulh %[h0], %[bm], %[p0]\n\tumulh %[h1], %[bm], %[p1]\n\t"                                   \
    "umulh %[h2], %[bm], %[p2]\n\tumulh %[h3], %[bm], %[p3]\n\t"
#define A64_HI(T0, T1, T2, T3, T4)                                                                 \
    "adds %[" #T1 "], %[" #T1 "], %[h0]\n\tadcs %[" #T2 "], %[" #T2 "], %[h1]\n\t"                 \
    "adcs %[" #T3 "], %[" #T3 "], %[h2]\n\tadc %[" #T4 "], %[" #T4 "], %[h3]\n\t"
#define A64_REDUCE(T0, T1, T2, T3, T4)                                                             \
    "mul %[bm], %[" #T0 "], %[pinv]\n\t" A64_PMULS                                                 \
    "cmn %[" #T0 "], %[l0]\n\tadcs %[" #T1 "], %[" #T1 "], %[l1]\n\t"                              \
    "adcs %[" #T2 "], %[" #T2 "], %[l2]\n\tadcs %[" #T3 "], %[" #T3 "], %[l3]\n\t"                 \
    "adc %[" #T4 "], %[" #T4 "], xzr\n\t" A64_HI(T0, T1, T2, T3, T4)
#define A64_FIRST(T0, T1, T2, T3, T4)                                                              \
    "ldr %[bm], [%[bp]]\n\t" A64_MULS(bm)                                                          \
    "adds %[" #T1 "], %[l1], %[h0]\n\tadcs %[" #T2 "], %[l2], %[h1]\n\t"                           \
    "adcs %[" #T3 "], %[l3], %[h2]\n\tadc %[" #T4 "], %[h3], xzr\n\t"                              \
    "mov %[" #T0 "], %[l0]\n\t" A64_REDUCE(T0, T1, T2, T3, T4)
#define A64_STEP(OFF, T0, T1, T2, T3, T4)                                                          \
    "ldr %[bm], [%[bp], #" #OFF "]\n\t" A64_MULS(bm)                                               \
    "adds %[" #T0 "], %[" #T0 "], %[l0]\n\tadcs %[" #T1 "], %[" #T1 "], %[l1]\n\t"                 \
    "adcs %[" #T2 "], %[" #T2 "], %[l2]\n\tadcs %[" #T3 "], %[" #T3 "], %[l3]\n\t"                 \
    "cset %[" #T4 "], cs\n\t" A64_HI(T0, T1, T2, T3, T4) A64_REDUCE(T0, T1, T2, T3, T4)

/* r = a b / 2^256 mod p, r < 2p, for a, b < 2p (any r, a, b aliasing). */
ZKP_INLINE void zkpi_bn254_montmul_a64(uint64_t r[4], const uint64_t a[4], const uint64_t b[4]) {
    uint64_t ta, tb, tc, td, te, l0, l1, l2, l3, h0, h1, h2, h3, bm;
    ZKP_VERIFY_CHECK(zkpi_bn254_verify_lt(a, 2, 1) && zkpi_bn254_verify_lt(b, 2, 1),
                     "bn254 montmul_a64 operands < 2p");
    __asm__(A64_FIRST(ta, tb, tc, td, te) A64_STEP(8, tb, tc, td, te, ta) A64_STEP(16, tc, td, te, ta, tb)
                A64_STEP(24, td, te, ta, tb, tc)
            : [ta] "=&r"(ta), [tb] "=&r"(tb), [tc] "=&r"(tc), [td] "=&r"(td), [te] "=&r"(te), [l0] "=&r"(l0),
              [l1] "=&r"(l1), [l2] "=&r"(l2), [l3] "=&r"(l3), [h0] "=&r"(h0), [h1] "=&r"(h1), [h2] "=&r"(h2),
              [h3] "=&r"(h3), [bm] "=&r"(bm)
            : [a0] "r"(a[0]), [a1] "r"(a[1]), [a2] "r"(a[2]), [a3] "r"(a[3]), [bp] "r"(b),
              [p0] "r"(ZKPI_BN254_P0), [p1] "r"(ZKPI_BN254_P1), [p2] "r"(ZKPI_BN254_P2), [p3] "r"(ZKPI_BN254_P3),
              [pinv] "r"(ZKPI_BN254_PINV)
            : "cc", "memory");
    r[0] = te; /* the last step's running value is (te, ta, tb, tc) */
    r[1] = ta;
    r[2] = tb;
    r[3] = tc;
    ZKP_VERIFY_CHECK(zkpi_bn254_verify_lt(r, 2, 1), "bn254 montmul_a64 output < 2p");
}
#else
#define ZKPI_BN254_HAVE_A64 0
#endif

#endif
