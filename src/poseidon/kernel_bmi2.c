/*
 * x86-64 BMI2/ADX kernel: the 512-bit products and the Montgomery reduction
 * in inline assembly, with MULX (flag-free multiply) feeding two independent
 * carry chains (ADCX on CF, ADOX on OF). The compiler-generated __int128 code
 * is much slower under gcc (one carry chain, flag spills), so the hot
 * product does not rely on it. Without ZKP_HAVE_ASM the portable routines
 * are used (built with -mbmi2 -madx, the compiler may still pick MULX).
 *
 * The accumulator T[0..7] lives in registers; a and b are addressed through
 * two pointer registers and the modulus is a RIP-relative memory operand,
 * so a block needs 8 + 3 + 2 registers -- it fits with the frame pointer
 * reserved (ASan builds at -O1). A "memory" clobber, rather than "m"
 * operands for the arrays (which may claim address registers of their own),
 * tells the compiler the asm reads through those pointers.
 */
#include "poseidon/fr.h"
#include "poseidon/internal.h" /* zkprim_build_config.h: ZKP_HAVE_ASM */

#if ZKP_HAVE_ASM && defined(__x86_64__)

/* One row: T[i..7] += x * Y[0..3] where rdx = x. The last products go to
 * T[i..i+4] on two carry chains (ADOX for the low words, ADCX for the high
 * words), then both pending carries ripple up to T[7]. Carries out of T[7]
 * are zero because every caller keeps the total below 2^512. */
#define FR_ROW_BODY(Y0, Y1, Y2, Y3, A, B, C, D, E)                                              \
    "xorl %k[lo], %k[lo]\n\t"                                                                    \
    "mulx " Y0 ", %[lo], %[hi]\n\t"                                                              \
    "adox %[lo], " A "\n\t"                                                                      \
    "adcx %[hi], " B "\n\t"                                                                      \
    "mulx " Y1 ", %[lo], %[hi]\n\t"                                                              \
    "adox %[lo], " B "\n\t"                                                                      \
    "adcx %[hi], " C "\n\t"                                                                      \
    "mulx " Y2 ", %[lo], %[hi]\n\t"                                                              \
    "adox %[lo], " C "\n\t"                                                                      \
    "adcx %[hi], " D "\n\t"                                                                      \
    "mulx " Y3 ", %[lo], %[hi]\n\t"                                                              \
    "adox %[lo], " D "\n\t"                                                                      \
    "adcx %[hi], " E "\n\t"                                                                      \
    "movl $0, %k[lo]\n\t"                                                                        \
    "adox %[lo], " E "\n\t"
/* ripple both carries into one more limb */
#define FR_RIPPLE(X) "adcx %[lo], " X "\n\t" "adox %[lo], " X "\n\t"

#define FR_ROWS_ACC(Y0, Y1, Y2, Y3, X0, X1, X2, X3)                                              \
    "movq " X0 ", %%rdx\n\t"                                                                     \
    FR_ROW_BODY(Y0, Y1, Y2, Y3, "%[t0]", "%[t1]", "%[t2]", "%[t3]", "%[t4]")                    \
    FR_RIPPLE("%[t5]") FR_RIPPLE("%[t6]") FR_RIPPLE("%[t7]")                                     \
    "movq " X1 ", %%rdx\n\t"                                                                     \
    FR_ROW_BODY(Y0, Y1, Y2, Y3, "%[t1]", "%[t2]", "%[t3]", "%[t4]", "%[t5]")                    \
    FR_RIPPLE("%[t6]") FR_RIPPLE("%[t7]")                                                        \
    "movq " X2 ", %%rdx\n\t"                                                                     \
    FR_ROW_BODY(Y0, Y1, Y2, Y3, "%[t2]", "%[t3]", "%[t4]", "%[t5]", "%[t6]")                    \
    FR_RIPPLE("%[t7]")                                                                           \
    "movq " X3 ", %%rdx\n\t"                                                                     \
    FR_ROW_BODY(Y0, Y1, Y2, Y3, "%[t3]", "%[t4]", "%[t5]", "%[t6]", "%[t7]")

#define FR_T_OUT                                                                                 \
    [t0] "+&r"(T[0]), [t1] "+&r"(T[1]), [t2] "+&r"(T[2]), [t3] "+&r"(T[3]), [t4] "+&r"(T[4]),   \
        [t5] "+&r"(T[5]), [t6] "+&r"(T[6]), [t7] "+&r"(T[7]), [lo] "=&r"(lo), [hi] "=&r"(hi),    \
        [dx] "=&d"(dx)

/* T = a * b: the first row with one ADD/ADC chain (fresh limbs), then three
 * accumulate rows; each row's new top limb starts at zero. */
ZKP_INLINE void fr_mul512_x(uint64_t T[8], const uint64_t a[4], const uint64_t b[4]) {
    uint64_t lo, hi, dx;
    __asm__("movq 0(%[ap]), %%rdx\n\t"
            "mulx 0(%[bp]), %[t0], %[t1]\n\t"
            "mulx 8(%[bp]), %[lo], %[t2]\n\t"
            "addq %[lo], %[t1]\n\t"
            "mulx 16(%[bp]), %[lo], %[t3]\n\t"
            "adcq %[lo], %[t2]\n\t"
            "mulx 24(%[bp]), %[lo], %[t4]\n\t"
            "adcq %[lo], %[t3]\n\t"
            "adcq $0, %[t4]\n\t"
            "movq 8(%[ap]), %%rdx\n\t"
            "xorl %k[t5], %k[t5]\n\t"
            FR_ROW_BODY("0(%[bp])", "8(%[bp])", "16(%[bp])", "24(%[bp])", "%[t1]", "%[t2]", "%[t3]", "%[t4]", "%[t5]")
            "movq 16(%[ap]), %%rdx\n\t"
            "xorl %k[t6], %k[t6]\n\t"
            FR_ROW_BODY("0(%[bp])", "8(%[bp])", "16(%[bp])", "24(%[bp])", "%[t2]", "%[t3]", "%[t4]", "%[t5]", "%[t6]")
            "movq 24(%[ap]), %%rdx\n\t"
            "xorl %k[t7], %k[t7]\n\t"
            FR_ROW_BODY("0(%[bp])", "8(%[bp])", "16(%[bp])", "24(%[bp])", "%[t3]", "%[t4]", "%[t5]", "%[t6]", "%[t7]")
            : [t0] "=&r"(T[0]), [t1] "=&r"(T[1]), [t2] "=&r"(T[2]), [t3] "=&r"(T[3]),
              [t4] "=&r"(T[4]), [t5] "=&r"(T[5]), [t6] "=&r"(T[6]), [t7] "=&r"(T[7]),
              [lo] "=&r"(lo), [hi] "=&r"(hi), [dx] "=&d"(dx)
            : [ap] "r"(a), [bp] "r"(b)
            : "cc", "memory");
}

/* T += a * b. */
ZKP_INLINE void fr_mac512_x(uint64_t T[8], const uint64_t a[4], const uint64_t b[4]) {
    uint64_t lo, hi, dx;
    __asm__(FR_ROWS_ACC("0(%[bp])", "8(%[bp])", "16(%[bp])", "24(%[bp])", "0(%[ap])", "8(%[ap])", "16(%[ap])", "24(%[ap])")
            : FR_T_OUT
            : [ap] "r"(a), [bp] "r"(b)
            : "cc", "memory");
}

/* T = a^2: cross products once, then one pass that doubles them (ADCX
 * chain) while adding the squares of the limbs (ADOX chain). */
ZKP_INLINE void fr_sqr512_x(uint64_t T[8], const uint64_t a[4]) {
    uint64_t lo, hi, dx;
    __asm__("movq 0(%[ap]), %%rdx\n\t"
            "mulx 8(%[ap]), %[t1], %[t2]\n\t"
            "mulx 16(%[ap]), %[lo], %[t3]\n\t"
            "addq %[lo], %[t2]\n\t"
            "mulx 24(%[ap]), %[lo], %[t4]\n\t"
            "adcq %[lo], %[t3]\n\t"
            "adcq $0, %[t4]\n\t"
            "movq 8(%[ap]), %%rdx\n\t"
            "xorl %k[t5], %k[t5]\n\t"
            "mulx 16(%[ap]), %[lo], %[hi]\n\t"
            "adox %[lo], %[t3]\n\t"
            "adcx %[hi], %[t4]\n\t"
            "mulx 24(%[ap]), %[lo], %[hi]\n\t"
            "adox %[lo], %[t4]\n\t"
            "adcx %[hi], %[t5]\n\t"
            "movl $0, %k[lo]\n\t"
            "adox %[lo], %[t5]\n\t"
            "movq 16(%[ap]), %%rdx\n\t"
            "mulx 24(%[ap]), %[lo], %[t6]\n\t"
            "addq %[lo], %[t5]\n\t"
            "adcq $0, %[t6]\n\t"
            /* double and add the diagonal */
            "xorl %k[t7], %k[t7]\n\t"
            "movq 0(%[ap]), %%rdx\n\t"
            "mulx %%rdx, %[t0], %[hi]\n\t"
            "adcx %[t1], %[t1]\n\t"
            "adox %[hi], %[t1]\n\t"
            "movq 8(%[ap]), %%rdx\n\t"
            "mulx %%rdx, %[lo], %[hi]\n\t"
            "adcx %[t2], %[t2]\n\t"
            "adox %[lo], %[t2]\n\t"
            "adcx %[t3], %[t3]\n\t"
            "adox %[hi], %[t3]\n\t"
            "movq 16(%[ap]), %%rdx\n\t"
            "mulx %%rdx, %[lo], %[hi]\n\t"
            "adcx %[t4], %[t4]\n\t"
            "adox %[lo], %[t4]\n\t"
            "adcx %[t5], %[t5]\n\t"
            "adox %[hi], %[t5]\n\t"
            "movq 24(%[ap]), %%rdx\n\t"
            "mulx %%rdx, %[lo], %[hi]\n\t"
            "adcx %[t6], %[t6]\n\t"
            "adox %[lo], %[t6]\n\t"
            "adcx %[t7], %[t7]\n\t"
            "adox %[hi], %[t7]\n\t"
            : [t0] "=&r"(T[0]), [t1] "=&r"(T[1]), [t2] "=&r"(T[2]), [t3] "=&r"(T[3]),
              [t4] "=&r"(T[4]), [t5] "=&r"(T[5]), [t6] "=&r"(T[6]), [t7] "=&r"(T[7]),
              [lo] "=&r"(lo), [hi] "=&r"(hi), [dx] "=&d"(dx)
            : [ap] "r"(a)
            : "cc", "memory");
}

/* Montgomery reduction: four rows T += m_i * p * 2^(64 i) with
 * m_i = T[i] * (-p^-1) mod 2^64, which zero T[0..3]. */
#define FR_REDC_ROW(X, A, B, C, D, E)                                                            \
    "movq " X ", %%rdx\n\t"                                                                      \
    "imulq %[pinv], %%rdx\n\t"                                                                   \
    FR_ROW_BODY("%[p0]", "%[p1]", "%[p2]", "%[p3]", A, B, C, D, E)

ZKP_INLINE void fr_redc8_x(uint64_t T[8]) {
    static const uint64_t pinv = FR_PINV;
    uint64_t lo, hi, dx;
    __asm__(FR_REDC_ROW("%[t0]", "%[t0]", "%[t1]", "%[t2]", "%[t3]", "%[t4]")
            FR_RIPPLE("%[t5]") FR_RIPPLE("%[t6]") FR_RIPPLE("%[t7]")
            FR_REDC_ROW("%[t1]", "%[t1]", "%[t2]", "%[t3]", "%[t4]", "%[t5]")
            FR_RIPPLE("%[t6]") FR_RIPPLE("%[t7]")
            FR_REDC_ROW("%[t2]", "%[t2]", "%[t3]", "%[t4]", "%[t5]", "%[t6]")
            FR_RIPPLE("%[t7]")
            FR_REDC_ROW("%[t3]", "%[t3]", "%[t4]", "%[t5]", "%[t6]", "%[t7]")
            : FR_T_OUT
            : [pinv] "m"(pinv), [p0] "m"(fr_k_p[0]), [p1] "m"(fr_k_p[1]), [p2] "m"(fr_k_p[2]),
              [p3] "m"(fr_k_p[3])
            : "cc", "memory");
}


/* Montgomery product in one pass (CIOS, Koc et al.): for each limb b_i,
 * T[i..i+4] += b_i * a, then T[i..i+4] += m p with m = T[i] (-p^-1), which
 * zeroes T[i]. Because p < 2^254 (top limb below 2^62), the running value
 * stays below 2p after each step and T[i+4] absorbs every carry, so unlike
 * the separate product + reduction no carry ripples past the row.
 * Result in T[4..7], < 2p. */
ZKP_INLINE void fr_montmul_x(uint64_t T[8], const uint64_t a[4], const uint64_t b[4]) {
    static const uint64_t pinv = FR_PINV;
    uint64_t lo, hi, dx;
    __asm__("movq 0(%[bp]), %%rdx\n\t"
            "mulx 0(%[ap]), %[t0], %[t1]\n\t"
            "mulx 8(%[ap]), %[lo], %[t2]\n\t"
            "addq %[lo], %[t1]\n\t"
            "mulx 16(%[ap]), %[lo], %[t3]\n\t"
            "adcq %[lo], %[t2]\n\t"
            "mulx 24(%[ap]), %[lo], %[t4]\n\t"
            "adcq %[lo], %[t3]\n\t"
            "adcq $0, %[t4]\n\t"
            FR_REDC_ROW("%[t0]", "%[t0]", "%[t1]", "%[t2]", "%[t3]", "%[t4]")
            "movq 8(%[bp]), %%rdx\n\t"
            "xorl %k[t5], %k[t5]\n\t"
            FR_ROW_BODY("0(%[ap])", "8(%[ap])", "16(%[ap])", "24(%[ap])", "%[t1]", "%[t2]", "%[t3]", "%[t4]", "%[t5]")
            FR_REDC_ROW("%[t1]", "%[t1]", "%[t2]", "%[t3]", "%[t4]", "%[t5]")
            "movq 16(%[bp]), %%rdx\n\t"
            "xorl %k[t6], %k[t6]\n\t"
            FR_ROW_BODY("0(%[ap])", "8(%[ap])", "16(%[ap])", "24(%[ap])", "%[t2]", "%[t3]", "%[t4]", "%[t5]", "%[t6]")
            FR_REDC_ROW("%[t2]", "%[t2]", "%[t3]", "%[t4]", "%[t5]", "%[t6]")
            "movq 24(%[bp]), %%rdx\n\t"
            "xorl %k[t7], %k[t7]\n\t"
            FR_ROW_BODY("0(%[ap])", "8(%[ap])", "16(%[ap])", "24(%[ap])", "%[t3]", "%[t4]", "%[t5]", "%[t6]", "%[t7]")
            FR_REDC_ROW("%[t3]", "%[t3]", "%[t4]", "%[t5]", "%[t6]", "%[t7]")
            : [t0] "=&r"(T[0]), [t1] "=&r"(T[1]), [t2] "=&r"(T[2]), [t3] "=&r"(T[3]),
              [t4] "=&r"(T[4]), [t5] "=&r"(T[5]), [t6] "=&r"(T[6]), [t7] "=&r"(T[7]),
              [lo] "=&r"(lo), [hi] "=&r"(hi), [dx] "=&d"(dx)
            : [ap] "r"(a), [bp] "r"(b),
              [pinv] "m"(pinv), [p0] "m"(fr_k_p[0]), [p1] "m"(fr_k_p[1]), [p2] "m"(fr_k_p[2]),
              [p3] "m"(fr_k_p[3])
            : "cc", "memory");
}
#define FR_MONTMUL fr_montmul_x

/* Short dot products (n = 2..4 terms, the narrow widths' rows) in CIOS
 * form: for each limb i, every term's row a_k[i] * b_k is added into
 * T[i..i+4], then one reduction row clears T[i]. The value held after step
 * i is below (n + 1) 2^64 p, which fits the five words T[i..i+4] for
 * n <= 4 (2^256 / p > 5.29), so no carry ripples past the row; the result
 * is exactly (sum + M p) / 2^256 for some M < 2^256, the same bound as the
 * separate product + reduction (< (0.18903 n + 1) p). */
/* sum_(k<2) a[k] * b[k] / 2^256 in one interleaved pass (see fr_dot_x). */
ZKP_INLINE void fr_dot2_x(uint64_t T[8], const zkp_fr *a, const zkp_fr *b) {
    static const uint64_t pinv = FR_PINV;
    uint64_t lo, hi, dx;
    __asm__("movq 0(%[ap]), %%rdx\n\t"
            "mulx 0(%[bp]), %[t0], %[t1]\n\t"
            "mulx 8(%[bp]), %[lo], %[t2]\n\t"
            "addq %[lo], %[t1]\n\t"
            "mulx 16(%[bp]), %[lo], %[t3]\n\t"
            "adcq %[lo], %[t2]\n\t"
            "mulx 24(%[bp]), %[lo], %[t4]\n\t"
            "adcq %[lo], %[t3]\n\t"
            "adcq $0, %[t4]\n\t"
            "movq 32(%[ap]), %%rdx\n\t"
            FR_ROW_BODY("32(%[bp])", "40(%[bp])", "48(%[bp])", "56(%[bp])", "%[t0]", "%[t1]", "%[t2]", "%[t3]", "%[t4]")
            FR_REDC_ROW("%[t0]", "%[t0]", "%[t1]", "%[t2]", "%[t3]", "%[t4]")
            "movq 8(%[ap]), %%rdx\n\t"
            "xorl %k[t5], %k[t5]\n\t"
            FR_ROW_BODY("0(%[bp])", "8(%[bp])", "16(%[bp])", "24(%[bp])", "%[t1]", "%[t2]", "%[t3]", "%[t4]", "%[t5]")
            "movq 40(%[ap]), %%rdx\n\t"
            FR_ROW_BODY("32(%[bp])", "40(%[bp])", "48(%[bp])", "56(%[bp])", "%[t1]", "%[t2]", "%[t3]", "%[t4]", "%[t5]")
            FR_REDC_ROW("%[t1]", "%[t1]", "%[t2]", "%[t3]", "%[t4]", "%[t5]")
            "movq 16(%[ap]), %%rdx\n\t"
            "xorl %k[t6], %k[t6]\n\t"
            FR_ROW_BODY("0(%[bp])", "8(%[bp])", "16(%[bp])", "24(%[bp])", "%[t2]", "%[t3]", "%[t4]", "%[t5]", "%[t6]")
            "movq 48(%[ap]), %%rdx\n\t"
            FR_ROW_BODY("32(%[bp])", "40(%[bp])", "48(%[bp])", "56(%[bp])", "%[t2]", "%[t3]", "%[t4]", "%[t5]", "%[t6]")
            FR_REDC_ROW("%[t2]", "%[t2]", "%[t3]", "%[t4]", "%[t5]", "%[t6]")
            "movq 24(%[ap]), %%rdx\n\t"
            "xorl %k[t7], %k[t7]\n\t"
            FR_ROW_BODY("0(%[bp])", "8(%[bp])", "16(%[bp])", "24(%[bp])", "%[t3]", "%[t4]", "%[t5]", "%[t6]", "%[t7]")
            "movq 56(%[ap]), %%rdx\n\t"
            FR_ROW_BODY("32(%[bp])", "40(%[bp])", "48(%[bp])", "56(%[bp])", "%[t3]", "%[t4]", "%[t5]", "%[t6]", "%[t7]")
            FR_REDC_ROW("%[t3]", "%[t3]", "%[t4]", "%[t5]", "%[t6]", "%[t7]")
            : [t0] "=&r"(T[0]), [t1] "=&r"(T[1]), [t2] "=&r"(T[2]), [t3] "=&r"(T[3]),
              [t4] "=&r"(T[4]), [t5] "=&r"(T[5]), [t6] "=&r"(T[6]), [t7] "=&r"(T[7]),
              [lo] "=&r"(lo), [hi] "=&r"(hi), [dx] "=&d"(dx)
            : [ap] "r"(a), [bp] "r"(b), [pinv] "m"(pinv), [p0] "m"(fr_k_p[0]), [p1] "m"(fr_k_p[1]),
              [p2] "m"(fr_k_p[2]), [p3] "m"(fr_k_p[3])
            : "cc", "memory");
}

/* sum_(k<3) a[k] * b[k] / 2^256 in one interleaved pass (see fr_dot_x). */
ZKP_INLINE void fr_dot3_x(uint64_t T[8], const zkp_fr *a, const zkp_fr *b) {
    static const uint64_t pinv = FR_PINV;
    uint64_t lo, hi, dx;
    __asm__("movq 0(%[ap]), %%rdx\n\t"
            "mulx 0(%[bp]), %[t0], %[t1]\n\t"
            "mulx 8(%[bp]), %[lo], %[t2]\n\t"
            "addq %[lo], %[t1]\n\t"
            "mulx 16(%[bp]), %[lo], %[t3]\n\t"
            "adcq %[lo], %[t2]\n\t"
            "mulx 24(%[bp]), %[lo], %[t4]\n\t"
            "adcq %[lo], %[t3]\n\t"
            "adcq $0, %[t4]\n\t"
            "movq 32(%[ap]), %%rdx\n\t"
            FR_ROW_BODY("32(%[bp])", "40(%[bp])", "48(%[bp])", "56(%[bp])", "%[t0]", "%[t1]", "%[t2]", "%[t3]", "%[t4]")
            "movq 64(%[ap]), %%rdx\n\t"
            FR_ROW_BODY("64(%[bp])", "72(%[bp])", "80(%[bp])", "88(%[bp])", "%[t0]", "%[t1]", "%[t2]", "%[t3]", "%[t4]")
            FR_REDC_ROW("%[t0]", "%[t0]", "%[t1]", "%[t2]", "%[t3]", "%[t4]")
            "movq 8(%[ap]), %%rdx\n\t"
            "xorl %k[t5], %k[t5]\n\t"
            FR_ROW_BODY("0(%[bp])", "8(%[bp])", "16(%[bp])", "24(%[bp])", "%[t1]", "%[t2]", "%[t3]", "%[t4]", "%[t5]")
            "movq 40(%[ap]), %%rdx\n\t"
            FR_ROW_BODY("32(%[bp])", "40(%[bp])", "48(%[bp])", "56(%[bp])", "%[t1]", "%[t2]", "%[t3]", "%[t4]", "%[t5]")
            "movq 72(%[ap]), %%rdx\n\t"
            FR_ROW_BODY("64(%[bp])", "72(%[bp])", "80(%[bp])", "88(%[bp])", "%[t1]", "%[t2]", "%[t3]", "%[t4]", "%[t5]")
            FR_REDC_ROW("%[t1]", "%[t1]", "%[t2]", "%[t3]", "%[t4]", "%[t5]")
            "movq 16(%[ap]), %%rdx\n\t"
            "xorl %k[t6], %k[t6]\n\t"
            FR_ROW_BODY("0(%[bp])", "8(%[bp])", "16(%[bp])", "24(%[bp])", "%[t2]", "%[t3]", "%[t4]", "%[t5]", "%[t6]")
            "movq 48(%[ap]), %%rdx\n\t"
            FR_ROW_BODY("32(%[bp])", "40(%[bp])", "48(%[bp])", "56(%[bp])", "%[t2]", "%[t3]", "%[t4]", "%[t5]", "%[t6]")
            "movq 80(%[ap]), %%rdx\n\t"
            FR_ROW_BODY("64(%[bp])", "72(%[bp])", "80(%[bp])", "88(%[bp])", "%[t2]", "%[t3]", "%[t4]", "%[t5]", "%[t6]")
            FR_REDC_ROW("%[t2]", "%[t2]", "%[t3]", "%[t4]", "%[t5]", "%[t6]")
            "movq 24(%[ap]), %%rdx\n\t"
            "xorl %k[t7], %k[t7]\n\t"
            FR_ROW_BODY("0(%[bp])", "8(%[bp])", "16(%[bp])", "24(%[bp])", "%[t3]", "%[t4]", "%[t5]", "%[t6]", "%[t7]")
            "movq 56(%[ap]), %%rdx\n\t"
            FR_ROW_BODY("32(%[bp])", "40(%[bp])", "48(%[bp])", "56(%[bp])", "%[t3]", "%[t4]", "%[t5]", "%[t6]", "%[t7]")
            "movq 88(%[ap]), %%rdx\n\t"
            FR_ROW_BODY("64(%[bp])", "72(%[bp])", "80(%[bp])", "88(%[bp])", "%[t3]", "%[t4]", "%[t5]", "%[t6]", "%[t7]")
            FR_REDC_ROW("%[t3]", "%[t3]", "%[t4]", "%[t5]", "%[t6]", "%[t7]")
            : [t0] "=&r"(T[0]), [t1] "=&r"(T[1]), [t2] "=&r"(T[2]), [t3] "=&r"(T[3]),
              [t4] "=&r"(T[4]), [t5] "=&r"(T[5]), [t6] "=&r"(T[6]), [t7] "=&r"(T[7]),
              [lo] "=&r"(lo), [hi] "=&r"(hi), [dx] "=&d"(dx)
            : [ap] "r"(a), [bp] "r"(b), [pinv] "m"(pinv), [p0] "m"(fr_k_p[0]), [p1] "m"(fr_k_p[1]),
              [p2] "m"(fr_k_p[2]), [p3] "m"(fr_k_p[3])
            : "cc", "memory");
}

/* sum_(k<4) a[k] * b[k] / 2^256 in one interleaved pass (see fr_dot_x). */
ZKP_INLINE void fr_dot4_x(uint64_t T[8], const zkp_fr *a, const zkp_fr *b) {
    static const uint64_t pinv = FR_PINV;
    uint64_t lo, hi, dx;
    __asm__("movq 0(%[ap]), %%rdx\n\t"
            "mulx 0(%[bp]), %[t0], %[t1]\n\t"
            "mulx 8(%[bp]), %[lo], %[t2]\n\t"
            "addq %[lo], %[t1]\n\t"
            "mulx 16(%[bp]), %[lo], %[t3]\n\t"
            "adcq %[lo], %[t2]\n\t"
            "mulx 24(%[bp]), %[lo], %[t4]\n\t"
            "adcq %[lo], %[t3]\n\t"
            "adcq $0, %[t4]\n\t"
            "movq 32(%[ap]), %%rdx\n\t"
            FR_ROW_BODY("32(%[bp])", "40(%[bp])", "48(%[bp])", "56(%[bp])", "%[t0]", "%[t1]", "%[t2]", "%[t3]", "%[t4]")
            "movq 64(%[ap]), %%rdx\n\t"
            FR_ROW_BODY("64(%[bp])", "72(%[bp])", "80(%[bp])", "88(%[bp])", "%[t0]", "%[t1]", "%[t2]", "%[t3]", "%[t4]")
            "movq 96(%[ap]), %%rdx\n\t"
            FR_ROW_BODY("96(%[bp])", "104(%[bp])", "112(%[bp])", "120(%[bp])", "%[t0]", "%[t1]", "%[t2]", "%[t3]", "%[t4]")
            FR_REDC_ROW("%[t0]", "%[t0]", "%[t1]", "%[t2]", "%[t3]", "%[t4]")
            "movq 8(%[ap]), %%rdx\n\t"
            "xorl %k[t5], %k[t5]\n\t"
            FR_ROW_BODY("0(%[bp])", "8(%[bp])", "16(%[bp])", "24(%[bp])", "%[t1]", "%[t2]", "%[t3]", "%[t4]", "%[t5]")
            "movq 40(%[ap]), %%rdx\n\t"
            FR_ROW_BODY("32(%[bp])", "40(%[bp])", "48(%[bp])", "56(%[bp])", "%[t1]", "%[t2]", "%[t3]", "%[t4]", "%[t5]")
            "movq 72(%[ap]), %%rdx\n\t"
            FR_ROW_BODY("64(%[bp])", "72(%[bp])", "80(%[bp])", "88(%[bp])", "%[t1]", "%[t2]", "%[t3]", "%[t4]", "%[t5]")
            "movq 104(%[ap]), %%rdx\n\t"
            FR_ROW_BODY("96(%[bp])", "104(%[bp])", "112(%[bp])", "120(%[bp])", "%[t1]", "%[t2]", "%[t3]", "%[t4]", "%[t5]")
            FR_REDC_ROW("%[t1]", "%[t1]", "%[t2]", "%[t3]", "%[t4]", "%[t5]")
            "movq 16(%[ap]), %%rdx\n\t"
            "xorl %k[t6], %k[t6]\n\t"
            FR_ROW_BODY("0(%[bp])", "8(%[bp])", "16(%[bp])", "24(%[bp])", "%[t2]", "%[t3]", "%[t4]", "%[t5]", "%[t6]")
            "movq 48(%[ap]), %%rdx\n\t"
            FR_ROW_BODY("32(%[bp])", "40(%[bp])", "48(%[bp])", "56(%[bp])", "%[t2]", "%[t3]", "%[t4]", "%[t5]", "%[t6]")
            "movq 80(%[ap]), %%rdx\n\t"
            FR_ROW_BODY("64(%[bp])", "72(%[bp])", "80(%[bp])", "88(%[bp])", "%[t2]", "%[t3]", "%[t4]", "%[t5]", "%[t6]")
            "movq 112(%[ap]), %%rdx\n\t"
            FR_ROW_BODY("96(%[bp])", "104(%[bp])", "112(%[bp])", "120(%[bp])", "%[t2]", "%[t3]", "%[t4]", "%[t5]", "%[t6]")
            FR_REDC_ROW("%[t2]", "%[t2]", "%[t3]", "%[t4]", "%[t5]", "%[t6]")
            "movq 24(%[ap]), %%rdx\n\t"
            "xorl %k[t7], %k[t7]\n\t"
            FR_ROW_BODY("0(%[bp])", "8(%[bp])", "16(%[bp])", "24(%[bp])", "%[t3]", "%[t4]", "%[t5]", "%[t6]", "%[t7]")
            "movq 56(%[ap]), %%rdx\n\t"
            FR_ROW_BODY("32(%[bp])", "40(%[bp])", "48(%[bp])", "56(%[bp])", "%[t3]", "%[t4]", "%[t5]", "%[t6]", "%[t7]")
            "movq 88(%[ap]), %%rdx\n\t"
            FR_ROW_BODY("64(%[bp])", "72(%[bp])", "80(%[bp])", "88(%[bp])", "%[t3]", "%[t4]", "%[t5]", "%[t6]", "%[t7]")
            "movq 120(%[ap]), %%rdx\n\t"
            FR_ROW_BODY("96(%[bp])", "104(%[bp])", "112(%[bp])", "120(%[bp])", "%[t3]", "%[t4]", "%[t5]", "%[t6]", "%[t7]")
            FR_REDC_ROW("%[t3]", "%[t3]", "%[t4]", "%[t5]", "%[t6]", "%[t7]")
            : [t0] "=&r"(T[0]), [t1] "=&r"(T[1]), [t2] "=&r"(T[2]), [t3] "=&r"(T[3]),
              [t4] "=&r"(T[4]), [t5] "=&r"(T[5]), [t6] "=&r"(T[6]), [t7] "=&r"(T[7]),
              [lo] "=&r"(lo), [hi] "=&r"(hi), [dx] "=&d"(dx)
            : [ap] "r"(a), [bp] "r"(b), [pinv] "m"(pinv), [p0] "m"(fr_k_p[0]), [p1] "m"(fr_k_p[1]),
              [p2] "m"(fr_k_p[2]), [p3] "m"(fr_k_p[3])
            : "cc", "memory");
}
#define FR_DOTN 1
#define FR_MUL512 fr_mul512_x
#define FR_SQR512 fr_sqr512_x
#define FR_MAC512 fr_mac512_x
#define FR_REDC8 fr_redc8_x
#else
#define FR_MUL512 fr_mul512_c
#define FR_SQR512 fr_sqr512_c
#define FR_MAC512 fr_mac512_c
#define FR_REDC8 fr_redc8_c
#endif

#define KNAME(x) x##_bmi2
#define KMANY 2
#include "poseidon/perm_impl.h"
