/*
 * BN254 Fr, x86-64 MULX/ADX layer: the 512-bit products, the Montgomery
 * reduction and fused Montgomery products / short dot products of
 * bn254/fr.h in inline assembly, with MULX (flag-free multiply) feeding two
 * independent carry chains (ADCX on CF, ADOX on OF). The compiler-generated
 * __int128 code is much slower under gcc (one carry chain, flag spills), so
 * the hot products do not rely on it. Include it only from a file built
 * with the BMI2 kernel flags (zkp_add_kernel(BMI2 ...)): the instructions
 * are what that kernel-table entry promises (ctest kernel-isa).
 * ZKPI_BN254_HAVE_MULX is 0 (and nothing is defined) without inline asm or
 * off x86-64; the caller then uses the portable layer.
 *
 * Same representation and bounds as bn254/fr.h; the extra preconditions of
 * the fused forms are stated at each function and checked (ZKP_VERIFY) in C
 * around the asm.
 *
 * The accumulator T[0..7] lives in registers; a and b are addressed through
 * two pointer registers and the modulus is a RIP-relative memory operand,
 * so a block needs 8 + 3 + 2 registers (the square, which takes its limbs
 * in registers, also 13) -- it fits with the frame pointer reserved (ASan
 * builds at -O1). A "memory" clobber, rather than "m" operands for the
 * arrays (which may claim address registers of their own), tells the
 * compiler the asm reads through those pointers.
 */
#ifndef ZKPRIM_BN254_FR_MULX_H
#define ZKPRIM_BN254_FR_MULX_H

#include "bn254/fr.h"

#if ZKP_HAVE_ASM && defined(__x86_64__)
#define ZKPI_BN254_HAVE_MULX 1
#if !defined(__BMI2__) || !defined(__ADX__)
#error "bn254/fr_mulx.h: include it only from files built with the BMI2 kernel flags (-mbmi2 -madx)"
#endif

/* The CIOS forms' precondition (below): the full operands plus p sum to
 * less than 5p, so the running value fits five words. full[k] for k < n. */
ZKP_VERIFY_HELPER int zkpi_bn254_verify_cios_full(const zkpi_bn254_fr *const *full, const unsigned n) {
    uint64_t sum[5] = {zkpi_bn254_p[0], zkpi_bn254_p[1], zkpi_bn254_p[2], zkpi_bn254_p[3], 0};
    for (unsigned k = 0; k < n; k++) {
        uint64_t c = 0;
        for (int i = 0; i < 4; i++) sum[i] = zkpi_adc64(sum[i], full[k]->v[i], c, &c);
        sum[4] += c;
    }
    return zkpi_verify_lt_frac(sum, 5, zkpi_bn254_p, 4, 5, 1);
}
/* The same for n consecutive full operands b[0..n-1]. */
ZKP_VERIFY_HELPER int zkpi_bn254_verify_cios_operands(const zkpi_bn254_fr *b, const unsigned n) {
    const zkpi_bn254_fr *full[4] = {&b[0], &b[n > 1], &b[n > 2 ? 2 : 0], &b[n > 3 ? 3 : 0]};
    return n <= 4 && zkpi_bn254_verify_cios_full(full, n);
}

/* One row: T[i..7] += x * Y[0..3] where rdx = x. The last products go to
 * T[i..i+4] on two carry chains (ADOX for the low words, ADCX for the high
 * words), then both pending carries ripple up to T[7]. Carries out of T[7]
 * are zero because every caller keeps the total below 2^512. */
#define BN254X_ROW_BODY(Y0, Y1, Y2, Y3, A, B, C, D, E)                                              \
    "xorl %k[lo], %k[lo]\n\t"                                                                       \
    "mulx " Y0 ", %[lo], %[hi]\n\t"                                                                 \
    "adox %[lo], " A "\n\t"                                                                         \
    "adcx %[hi], " B "\n\t"                                                                         \
    "mulx " Y1 ", %[lo], %[hi]\n\t"                                                                 \
    "adox %[lo], " B "\n\t"                                                                         \
    "adcx %[hi], " C "\n\t"                                                                         \
    "mulx " Y2 ", %[lo], %[hi]\n\t"                                                                 \
    "adox %[lo], " C "\n\t"                                                                         \
    "adcx %[hi], " D "\n\t"                                                                         \
    "mulx " Y3 ", %[lo], %[hi]\n\t"                                                                 \
    "adox %[lo], " D "\n\t"                                                                         \
    "adcx %[hi], " E "\n\t"                                                                         \
    "movl $0, %k[lo]\n\t"                                                                           \
    "adox %[lo], " E "\n\t"
/* ripple both carries into one more limb */
#define BN254X_RIPPLE(X) "adcx %[lo], " X "\n\t" "adox %[lo], " X "\n\t"

#define BN254X_ROWS_ACC(Y0, Y1, Y2, Y3, X0, X1, X2, X3)                                             \
    "movq " X0 ", %%rdx\n\t"                                                                        \
    BN254X_ROW_BODY(Y0, Y1, Y2, Y3, "%[t0]", "%[t1]", "%[t2]", "%[t3]", "%[t4]")                    \
    BN254X_RIPPLE("%[t5]") BN254X_RIPPLE("%[t6]") BN254X_RIPPLE("%[t7]")                            \
    "movq " X1 ", %%rdx\n\t"                                                                        \
    BN254X_ROW_BODY(Y0, Y1, Y2, Y3, "%[t1]", "%[t2]", "%[t3]", "%[t4]", "%[t5]")                    \
    BN254X_RIPPLE("%[t6]") BN254X_RIPPLE("%[t7]")                                                   \
    "movq " X2 ", %%rdx\n\t"                                                                        \
    BN254X_ROW_BODY(Y0, Y1, Y2, Y3, "%[t2]", "%[t3]", "%[t4]", "%[t5]", "%[t6]")                    \
    BN254X_RIPPLE("%[t7]")                                                                          \
    "movq " X3 ", %%rdx\n\t"                                                                        \
    BN254X_ROW_BODY(Y0, Y1, Y2, Y3, "%[t3]", "%[t4]", "%[t5]", "%[t6]", "%[t7]")

#define BN254X_T_OUT                                                                                \
    [t0] "+&r"(T[0]), [t1] "+&r"(T[1]), [t2] "+&r"(T[2]), [t3] "+&r"(T[3]), [t4] "+&r"(T[4]),       \
        [t5] "+&r"(T[5]), [t6] "+&r"(T[6]), [t7] "+&r"(T[7]), [lo] "=&r"(lo), [hi] "=&r"(hi),       \
        [dx] "=&d"(dx)

/* T += a * b. */
ZKP_INLINE void zkpi_bn254_mac512_mulx(uint64_t T[8], const uint64_t a[4], const uint64_t b[4]) {
    uint64_t lo, hi, dx;
#if ZKP_VERIFY_ON /* (a dead copy still moves gcc's register allocation) */
    uint64_t old[8];
    memcpy(old, T, sizeof old);
#endif
    __asm__(BN254X_ROWS_ACC("0(%[bp])", "8(%[bp])", "16(%[bp])", "24(%[bp])",
                            "0(%[ap])", "8(%[ap])", "16(%[ap])", "24(%[ap])")
            : BN254X_T_OUT
            : [ap] "r"(a), [bp] "r"(b)
            : "cc", "memory");
#if ZKP_VERIFY_ON
    ZKP_VERIFY_CHECK(!zkpi_verify_lt(T, old, 8), "bn254 mac512_mulx accumulator < 2^512 (no carry out)");
#endif
}

/* T = a^2: cross products once, then one pass that doubles them (ADCX
 * chain) while adding the squares of the limbs (ADOX chain). The limbs come
 * in registers, so a square fed by a previous reduction (the S-box's x^2,
 * x^4) needs no store and reload; T[0] reuses a0's register (free once a0
 * is in rdx for its square) and T[7] a3's, so the block needs 13 registers. */
ZKP_INLINE void zkpi_bn254_sqr512_mulx(uint64_t T[8], const uint64_t a[4]) {
    uint64_t a0 = a[0], a1 = a[1], a2 = a[2], a3 = a[3], lo, hi, dx;
    __asm__("movq %[a0], %%rdx\n\t"
            "mulx %[a1], %[t1], %[t2]\n\t"
            "mulx %[a2], %[lo], %[t3]\n\t"
            "addq %[lo], %[t2]\n\t"
            "mulx %[a3], %[lo], %[t4]\n\t"
            "adcq %[lo], %[t3]\n\t"
            "adcq $0, %[t4]\n\t"
            "movq %[a1], %%rdx\n\t"
            "xorl %k[t5], %k[t5]\n\t"
            "mulx %[a2], %[lo], %[hi]\n\t"
            "adox %[lo], %[t3]\n\t"
            "adcx %[hi], %[t4]\n\t"
            "mulx %[a3], %[lo], %[hi]\n\t"
            "adox %[lo], %[t4]\n\t"
            "adcx %[hi], %[t5]\n\t"
            "movl $0, %k[lo]\n\t"
            "adox %[lo], %[t5]\n\t"
            "movq %[a2], %%rdx\n\t"
            "mulx %[a3], %[lo], %[t6]\n\t"
            "addq %[lo], %[t5]\n\t"
            "adcq $0, %[t6]\n\t"
            /* double and add the diagonal; lo clears both flags */
            "xorl %k[lo], %k[lo]\n\t"
            "movq %[a0], %%rdx\n\t"
            "mulx %%rdx, %[a0], %[hi]\n\t" /* a0 -> T[0] */
            "adcx %[t1], %[t1]\n\t"
            "adox %[hi], %[t1]\n\t"
            "movq %[a1], %%rdx\n\t"
            "mulx %%rdx, %[lo], %[hi]\n\t"
            "adcx %[t2], %[t2]\n\t"
            "adox %[lo], %[t2]\n\t"
            "adcx %[t3], %[t3]\n\t"
            "adox %[hi], %[t3]\n\t"
            "movq %[a2], %%rdx\n\t"
            "mulx %%rdx, %[lo], %[hi]\n\t"
            "adcx %[t4], %[t4]\n\t"
            "adox %[lo], %[t4]\n\t"
            "adcx %[t5], %[t5]\n\t"
            "adox %[hi], %[t5]\n\t"
            "movq %[a3], %%rdx\n\t"
            "movl $0, %k[a3]\n\t" /* a3 -> T[7]; MOV keeps the flags */
            "mulx %%rdx, %[lo], %[hi]\n\t"
            "adcx %[t6], %[t6]\n\t"
            "adox %[lo], %[t6]\n\t"
            "adcx %[a3], %[a3]\n\t"
            "adox %[hi], %[a3]\n\t"
            : [a0] "+&r"(a0), [t1] "=&r"(T[1]), [t2] "=&r"(T[2]), [t3] "=&r"(T[3]), [t4] "=&r"(T[4]),
              [t5] "=&r"(T[5]), [t6] "=&r"(T[6]), [a3] "+&r"(a3), [lo] "=&r"(lo), [hi] "=&r"(hi),
              [dx] "=&d"(dx)
            : [a1] "r"(a1), [a2] "r"(a2)
            : "cc");
    T[0] = a0, T[7] = a3;
}

/* Montgomery reduction: four rows T += m_i * p * 2^(64 i) with
 * m_i = T[i] * (-p^-1) mod 2^64, which zero T[0..3]. */
#define BN254X_REDC_ROW(X, A, B, C, D, E)                                                           \
    "movq " X ", %%rdx\n\t"                                                                         \
    "imulq %[pinv], %%rdx\n\t"                                                                      \
    BN254X_ROW_BODY("%[p0]", "%[p1]", "%[p2]", "%[p3]", A, B, C, D, E)

/* Short dot products in CIOS form: for each limb i, every term's row
 * (scanned operand's limb i) * (full operand) is added into T[i..i+4], then
 * one reduction row clears T[i]. The value held after step i is below
 * (sum of the full operands + p) 2^64 (+ 2^256 when T[0..3] was preloaded),
 * which must fit the five words T[i..i+4]: the callers keep the sum of the
 * full operands plus p below 5p (2^256 / p > 5.29), so no carry ripples past
 * the row. The result T[4..7] is exactly (preload + sum + M p) / 2^256 for
 * some M < 2^256.
 *
 * Terms come from two pointer registers (a third would not fit beside the
 * eleven of the accumulator in a frame-pointer build): term k of ap
 * (scanned) with term k of bp (full), or other element pairs
 * (zkpi_bn254_dotx3_mulx). Operand addresses are assembler expressions
 * ("32*k+8*j(%[ap])": limb j of element k). The macros below build each
 * asm body from rows, so the 1..4-term shapes share one definition. */
#define BN254X_SRC(P, K, J) "32*" #K "+8*" #J "(%[" #P "])"
#define BN254X_TROW(PA, KA, PB, KB, I, A, B, C, D, E)                                               \
    "movq " BN254X_SRC(PA, KA, I) ", %%rdx\n\t"                                                     \
    BN254X_ROW_BODY(BN254X_SRC(PB, KB, 0), BN254X_SRC(PB, KB, 1), BN254X_SRC(PB, KB, 2),            \
                    BN254X_SRC(PB, KB, 3), A, B, C, D, E)
/* the first row of a fresh accumulator: one ADD/ADC chain into T[0..4] */
#define BN254X_TFRESH(PA, KA, PB, KB)                                                               \
    "movq " BN254X_SRC(PA, KA, 0) ", %%rdx\n\t"                                                     \
    "mulx " BN254X_SRC(PB, KB, 0) ", %[t0], %[t1]\n\t"                                              \
    "mulx " BN254X_SRC(PB, KB, 1) ", %[lo], %[t2]\n\t"                                              \
    "addq %[lo], %[t1]\n\t"                                                                         \
    "mulx " BN254X_SRC(PB, KB, 2) ", %[lo], %[t3]\n\t"                                              \
    "adcq %[lo], %[t2]\n\t"                                                                         \
    "mulx " BN254X_SRC(PB, KB, 3) ", %[lo], %[t4]\n\t"                                              \
    "adcq %[lo], %[t3]\n\t"                                                                         \
    "adcq $0, %[t4]\n\t"
/* term k of (ap, bp) at limb I; R is a parenthesised register list */
/* BN254X_CALL expands a register list (BN254X_R0..) into separate arguments */
#define BN254X_CALL(M, ...) M(__VA_ARGS__)
#define BN254X_A0(I, R) BN254X_CALL(BN254X_TROW, ap, 0, bp, 0, I, BN254X_UNPAREN R)
#define BN254X_A1(I, R) BN254X_CALL(BN254X_TROW, ap, 1, bp, 1, I, BN254X_UNPAREN R)
#define BN254X_A2(I, R) BN254X_CALL(BN254X_TROW, ap, 2, bp, 2, I, BN254X_UNPAREN R)
#define BN254X_A3(I, R) BN254X_CALL(BN254X_TROW, ap, 3, bp, 3, I, BN254X_UNPAREN R)
#define BN254X_COLS_A1(I, R) BN254X_A0(I, R)
#define BN254X_COLS_A2(I, R) BN254X_A0(I, R) BN254X_A1(I, R)
#define BN254X_COLS_A3(I, R) BN254X_A0(I, R) BN254X_A1(I, R) BN254X_A2(I, R)
#define BN254X_COLS_A4(I, R) BN254X_A0(I, R) BN254X_A1(I, R) BN254X_A2(I, R) BN254X_A3(I, R)
/* the five accumulator words of limb i, as one macro argument */
#define BN254X_R0 ("%[t0]", "%[t1]", "%[t2]", "%[t3]", "%[t4]")
#define BN254X_R1 ("%[t1]", "%[t2]", "%[t3]", "%[t4]", "%[t5]")
#define BN254X_R2 ("%[t2]", "%[t3]", "%[t4]", "%[t5]", "%[t6]")
#define BN254X_R3 ("%[t3]", "%[t4]", "%[t5]", "%[t6]", "%[t7]")
#define BN254X_UNPAREN(...) __VA_ARGS__
#define BN254X_REDC_ROWR(X, R) BN254X_CALL(BN254X_REDC_ROW, X, BN254X_UNPAREN R)
/* LIMB0: limb 0 of every term into T[0..4]; COLS: limbs 1..3 */
#define BN254X_CIOS(LIMB0, COLS)                                                                    \
    LIMB0 BN254X_REDC_ROWR("%[t0]", BN254X_R0)                                                      \
    "xorl %k[t5], %k[t5]\n\t" COLS(1, BN254X_R1) BN254X_REDC_ROWR("%[t1]", BN254X_R1)               \
    "xorl %k[t6], %k[t6]\n\t" COLS(2, BN254X_R2) BN254X_REDC_ROWR("%[t2]", BN254X_R2)               \
    "xorl %k[t7], %k[t7]\n\t" COLS(3, BN254X_R3) BN254X_REDC_ROWR("%[t3]", BN254X_R3)
#define BN254X_CIOS_OUT(MODE)                                                                       \
    [t0] MODE(T[0]), [t1] MODE(T[1]), [t2] MODE(T[2]), [t3] MODE(T[3]), [t4] "=&r"(T[4]),           \
        [t5] "=&r"(T[5]), [t6] "=&r"(T[6]), [t7] "=&r"(T[7]), [lo] "=&r"(lo), [hi] "=&r"(hi),       \
        [dx] "=&d"(dx)
#define BN254X_FRESH(x) "=&r"(x)
#define BN254X_PRELOADED(x) "+&r"(x)
#define BN254X_CIOS_IN                                                                              \
    [pinv] "m"(zkpi_bn254_pinv_mem), [p0] "m"(zkpi_bn254_p[0]), [p1] "m"(zkpi_bn254_p[1]),          \
        [p2] "m"(zkpi_bn254_p[2]),                                                                  \
        [p3] "m"(zkpi_bn254_p[3])
static const uint64_t zkpi_bn254_pinv_mem = ZKPI_BN254_PINV;

/* T = a * b: the CIOS rows without the reduction rows -- the first row
 * with one ADD/ADC chain (fresh limbs), then three accumulate rows; each
 * row's new top limb starts at zero. */
ZKP_INLINE void zkpi_bn254_mul512_mulx(uint64_t T[8], const uint64_t a[4], const uint64_t b[4]) {
    uint64_t lo, hi, dx;
    __asm__(BN254X_TFRESH(ap, 0, bp, 0)
            "xorl %k[t5], %k[t5]\n\t" BN254X_A0(1, BN254X_R1)
            "xorl %k[t6], %k[t6]\n\t" BN254X_A0(2, BN254X_R2)
            "xorl %k[t7], %k[t7]\n\t" BN254X_A0(3, BN254X_R3)
            : BN254X_CIOS_OUT(BN254X_FRESH)
            : [ap] "r"(a), [bp] "r"(b)
            : "cc", "memory");
}

/* T[4..7] = sum_(k<N) a[k] b[k] / 2^256 (mod p, see above), N = 2..4: a
 * is scanned, b is the full operand (sum of b[k] + p < 5p). */
#define BN254X_DEF_DOT(N, REST0)                                                                    \
    ZKP_INLINE void zkpi_bn254_dot##N##_mulx(uint64_t T[8], const zkpi_bn254_fr *a,                 \
                                             const zkpi_bn254_fr *b) {                              \
        uint64_t lo, hi, dx;                                                                        \
        ZKP_VERIFY_CHECK(zkpi_bn254_verify_cios_operands(b, N), "bn254 dotN_mulx full operands: sum + p < 5p"); \
        __asm__(BN254X_CIOS(BN254X_TFRESH(ap, 0, bp, 0) REST0, BN254X_COLS_A##N)                    \
                : BN254X_CIOS_OUT(BN254X_FRESH)                                                     \
                : [ap] "r"(a), [bp] "r"(b), BN254X_CIOS_IN                                          \
                : "cc", "memory");                                                                  \
    }
BN254X_DEF_DOT(2, BN254X_A1(0, BN254X_R0))
BN254X_DEF_DOT(3, BN254X_A1(0, BN254X_R0) BN254X_A2(0, BN254X_R0))
BN254X_DEF_DOT(4, BN254X_A1(0, BN254X_R0) BN254X_A2(0, BN254X_R0) BN254X_A3(0, BN254X_R0))

/* Montgomery product in one pass (CIOS, Koc et al.), the one-term case of
 * the above: b is scanned, a is the full operand. Because p < 2^254 (top
 * limb below 2^62), the running value stays below 2p after each step and
 * T[i+4] absorbs every carry, so unlike the separate product + reduction no
 * carry ripples past the row. Result in T[4..7], < 2p for a, b < 2p. */
ZKP_INLINE void zkpi_bn254_montmul_mulx(uint64_t T[8], const uint64_t a[4], const uint64_t b[4]) {
    uint64_t lo, hi, dx;
    ZKP_VERIFY_CHECK(zkpi_bn254_verify_lt(a, 2, 1) && zkpi_bn254_verify_lt(b, 2, 1),
                     "bn254 montmul_mulx operands < 2p");
    __asm__(BN254X_CIOS(BN254X_TFRESH(ap, 0, bp, 0), BN254X_COLS_A1)
            : BN254X_CIOS_OUT(BN254X_FRESH)
            : [ap] "r"(b), [bp] "r"(a), BN254X_CIOS_IN
            : "cc", "memory");
    ZKP_VERIFY_CHECK(zkpi_bn254_verify_lt(T + 4, 2, 1), "bn254 montmul_mulx output < 2p");
}

/* T[4..7] = (a[0] a[1] + a[2] b[0] + a[3] b[1]) / 2^256: the partial
 * round's new lane 0 at t = 3 on a = (x^4, s0, s1, s2) and b = (what_1,
 * what_2). x^4 s0 is a product of two state values (< 2p each), so the full
 * operands sum to 2p + 2p + p = 5p. */
#define BN254X_DX0(I, R) BN254X_CALL(BN254X_TROW, ap, 0, ap, 1, I, BN254X_UNPAREN R)
#define BN254X_DX1(I, R) BN254X_CALL(BN254X_TROW, ap, 2, bp, 0, I, BN254X_UNPAREN R)
#define BN254X_DX2(I, R) BN254X_CALL(BN254X_TROW, ap, 3, bp, 1, I, BN254X_UNPAREN R)
#define BN254X_COLS_X3(I, R) BN254X_DX0(I, R) BN254X_DX1(I, R) BN254X_DX2(I, R)
ZKP_INLINE void zkpi_bn254_dotx3_mulx(uint64_t T[8], const zkpi_bn254_fr a[4], const zkpi_bn254_fr *b) {
    uint64_t lo, hi, dx;
#if ZKP_VERIFY_ON
    const zkpi_bn254_fr *full[3] = {&a[1], &b[0], &b[1]};
    ZKP_VERIFY_CHECK(zkpi_bn254_verify_cios_full(full, 3), "bn254 dotx3_mulx full operands: sum + p < 5p");
#endif
    __asm__(BN254X_CIOS(BN254X_TFRESH(ap, 0, ap, 1) BN254X_DX1(0, BN254X_R0) BN254X_DX2(0, BN254X_R0), BN254X_COLS_X3)
            : BN254X_CIOS_OUT(BN254X_FRESH)
            : [ap] "r"(a), [bp] "r"(b), BN254X_CIOS_IN
            : "cc", "memory");
}

/* T[4..7] = (T[0..3] + a b) / 2^256: a product reduced together with a
 * preloaded low half (the caller adds the high half afterwards), a < 2p,
 * b < 2p. */
ZKP_INLINE void zkpi_bn254_montmul_pre_mulx(uint64_t T[8], const zkpi_bn254_fr *a, const zkpi_bn254_fr *b) {
    uint64_t lo, hi, dx;
    ZKP_VERIFY_CHECK(zkpi_bn254_verify_lt(a->v, 2, 1) && zkpi_bn254_verify_lt(b->v, 2, 1),
                     "bn254 montmul_pre_mulx operands < 2p");
    __asm__(BN254X_CIOS("xorl %k[t4], %k[t4]\n\t" BN254X_A0(0, BN254X_R0), BN254X_COLS_A1)
            : BN254X_CIOS_OUT(BN254X_PRELOADED)
            : [ap] "r"(a), [bp] "r"(b), BN254X_CIOS_IN
            : "cc", "memory");
}
/* Montgomery reduction of T[0..7] as REDC(T[0..3]) + T[4..7]: the four
 * reduction rows run on fresh upper words, so no carry ripples past a row
 * (as in the one-pass product), and the high half is added once at the
 * end. (T[0..3] + M p) / 2^256 <= p, so the result is at most T / 2^256 + p,
 * the bound of zkpi_bn254_redc8_mulx. */
ZKP_INLINE void zkpi_bn254_redc8_mulx(uint64_t T[8]) {
    uint64_t lo, hi, dx;
    const uint64_t h[4] = {T[4], T[5], T[6], T[7]};
    ZKP_VERIFY_CHECK(zkpi_bn254_verify_redc_input(T), "bn254 redc8_mulx input: T < 2^512 - 2^256 p");
    __asm__("xorl %k[t4], %k[t4]\n\t" BN254X_REDC_ROWR("%[t0]", BN254X_R0)
            "xorl %k[t5], %k[t5]\n\t" BN254X_REDC_ROWR("%[t1]", BN254X_R1)
            "xorl %k[t6], %k[t6]\n\t" BN254X_REDC_ROWR("%[t2]", BN254X_R2)
            "xorl %k[t7], %k[t7]\n\t" BN254X_REDC_ROWR("%[t3]", BN254X_R3)
            "addq %[h0], %[t4]\n\t"
            "adcq %[h1], %[t5]\n\t"
            "adcq %[h2], %[t6]\n\t"
            "adcq %[h3], %[t7]\n\t"
            : BN254X_CIOS_OUT(BN254X_PRELOADED)
            : [h0] "m"(h[0]), [h1] "m"(h[1]), [h2] "m"(h[2]), [h3] "m"(h[3]), BN254X_CIOS_IN
            : "cc");
    ZKP_VERIFY_CHECK(zkpi_bn254_verify_redc_output(T + 4, h), "bn254 redc8_mulx output <= T / 2^256 + p");
}

/* T += Y on eight limbs (one ADD/ADC chain), no reduction; the caller
 * keeps the sum below 2^512. Lets a product computed once (the partial
 * round's x^4 s0) join another accumulator without a second product. */
ZKP_INLINE void zkpi_bn254_add512_mulx(uint64_t T[8], const uint64_t Y[8]) {
#if ZKP_VERIFY_ON
    uint64_t old[8];
    memcpy(old, T, sizeof old);
#endif
    __asm__("addq 0(%[y]), %[t0]\n\t"
            "adcq 8(%[y]), %[t1]\n\t"
            "adcq 16(%[y]), %[t2]\n\t"
            "adcq 24(%[y]), %[t3]\n\t"
            "adcq 32(%[y]), %[t4]\n\t"
            "adcq 40(%[y]), %[t5]\n\t"
            "adcq 48(%[y]), %[t6]\n\t"
            "adcq 56(%[y]), %[t7]\n\t"
            : [t0] "+r"(T[0]), [t1] "+r"(T[1]), [t2] "+r"(T[2]), [t3] "+r"(T[3]), [t4] "+r"(T[4]),
              [t5] "+r"(T[5]), [t6] "+r"(T[6]), [t7] "+r"(T[7])
            : [y] "r"(Y), "m"(*(const uint64_t(*)[8])Y)
            : "cc");
#if ZKP_VERIFY_ON
    ZKP_VERIFY_CHECK(!zkpi_verify_lt(T, old, 8), "bn254 add512_mulx sum < 2^512 (no carry out)");
#endif
}

#else
#define ZKPI_BN254_HAVE_MULX 0
#endif

#endif
