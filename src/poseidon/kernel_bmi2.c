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
 * so a block needs 8 + 3 + 2 registers (the square, which takes its limbs
 * in registers, also 13) -- it fits with the frame pointer reserved (ASan
 * builds at -O1). A "memory" clobber, rather than "m" operands for the
 * arrays (which may claim address registers of their own), tells the
 * compiler the asm reads through those pointers.
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

/* T += a * b. */
ZKP_INLINE void fr_mac512_x(uint64_t T[8], const uint64_t a[4], const uint64_t b[4]) {
    uint64_t lo, hi, dx;
    __asm__(FR_ROWS_ACC("0(%[bp])", "8(%[bp])", "16(%[bp])", "24(%[bp])", "0(%[ap])", "8(%[ap])", "16(%[ap])", "24(%[ap])")
            : FR_T_OUT
            : [ap] "r"(a), [bp] "r"(b)
            : "cc", "memory");
}

/* T = a^2: cross products once, then one pass that doubles them (ADCX
 * chain) while adding the squares of the limbs (ADOX chain). The limbs come
 * in registers, so a square fed by a previous reduction (the S-box's x^2,
 * x^4) needs no store and reload; T[0] reuses a0's register (free once a0
 * is in rdx for its square) and T[7] a3's, so the block needs 13 registers. */
ZKP_INLINE void fr_sqr512_x(uint64_t T[8], const uint64_t a[4]) {
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
#define FR_REDC_ROW(X, A, B, C, D, E)                                                            \
    "movq " X ", %%rdx\n\t"                                                                      \
    "imulq %[pinv], %%rdx\n\t"                                                                   \
    FR_ROW_BODY("%[p0]", "%[p1]", "%[p2]", "%[p3]", A, B, C, D, E)

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
 * (fr_dotx3_x). Operand addresses are assembler expressions
 * ("32*k+8*j(%[ap])": limb j of element k). The macros below build each
 * asm body from rows, so the 1..4-term shapes share one definition. */
#define FR_SRC(P, K, J) "32*" #K "+8*" #J "(%[" #P "])"
#define FR_TROW(PA, KA, PB, KB, I, A, B, C, D, E)                                                \
    "movq " FR_SRC(PA, KA, I) ", %%rdx\n\t"                                                      \
    FR_ROW_BODY(FR_SRC(PB, KB, 0), FR_SRC(PB, KB, 1), FR_SRC(PB, KB, 2), FR_SRC(PB, KB, 3), A, B, C, D, E)
/* the first row of a fresh accumulator: one ADD/ADC chain into T[0..4] */
#define FR_TFRESH(PA, KA, PB, KB)                                                                \
    "movq " FR_SRC(PA, KA, 0) ", %%rdx\n\t"                                                      \
    "mulx " FR_SRC(PB, KB, 0) ", %[t0], %[t1]\n\t"                                               \
    "mulx " FR_SRC(PB, KB, 1) ", %[lo], %[t2]\n\t"                                               \
    "addq %[lo], %[t1]\n\t"                                                                      \
    "mulx " FR_SRC(PB, KB, 2) ", %[lo], %[t3]\n\t"                                               \
    "adcq %[lo], %[t2]\n\t"                                                                      \
    "mulx " FR_SRC(PB, KB, 3) ", %[lo], %[t4]\n\t"                                               \
    "adcq %[lo], %[t3]\n\t"                                                                      \
    "adcq $0, %[t4]\n\t"
/* term k of (ap, bp) at limb I; R is a parenthesised register list */
/* FR_CALL expands a register list (FR_R0..) into separate arguments */
#define FR_CALL(M, ...) M(__VA_ARGS__)
#define FR_A0(I, R) FR_CALL(FR_TROW, ap, 0, bp, 0, I, FR_UNPAREN R)
#define FR_A1(I, R) FR_CALL(FR_TROW, ap, 1, bp, 1, I, FR_UNPAREN R)
#define FR_A2(I, R) FR_CALL(FR_TROW, ap, 2, bp, 2, I, FR_UNPAREN R)
#define FR_A3(I, R) FR_CALL(FR_TROW, ap, 3, bp, 3, I, FR_UNPAREN R)
#define FR_COLS_A1(I, R) FR_A0(I, R)
#define FR_COLS_A2(I, R) FR_A0(I, R) FR_A1(I, R)
#define FR_COLS_A3(I, R) FR_A0(I, R) FR_A1(I, R) FR_A2(I, R)
#define FR_COLS_A4(I, R) FR_A0(I, R) FR_A1(I, R) FR_A2(I, R) FR_A3(I, R)
/* the five accumulator words of limb i, as one macro argument */
#define FR_R0 ("%[t0]", "%[t1]", "%[t2]", "%[t3]", "%[t4]")
#define FR_R1 ("%[t1]", "%[t2]", "%[t3]", "%[t4]", "%[t5]")
#define FR_R2 ("%[t2]", "%[t3]", "%[t4]", "%[t5]", "%[t6]")
#define FR_R3 ("%[t3]", "%[t4]", "%[t5]", "%[t6]", "%[t7]")
#define FR_UNPAREN(...) __VA_ARGS__
#define FR_REDC_ROWR(X, R) FR_CALL(FR_REDC_ROW, X, FR_UNPAREN R)
/* LIMB0: limb 0 of every term into T[0..4]; COLS: limbs 1..3 */
#define FR_CIOS(LIMB0, COLS)                                                                     \
    LIMB0 FR_REDC_ROWR("%[t0]", FR_R0)                                                           \
    "xorl %k[t5], %k[t5]\n\t" COLS(1, FR_R1) FR_REDC_ROWR("%[t1]", FR_R1)                        \
    "xorl %k[t6], %k[t6]\n\t" COLS(2, FR_R2) FR_REDC_ROWR("%[t2]", FR_R2)                        \
    "xorl %k[t7], %k[t7]\n\t" COLS(3, FR_R3) FR_REDC_ROWR("%[t3]", FR_R3)
#define FR_CIOS_OUT(MODE)                                                                        \
    [t0] MODE(T[0]), [t1] MODE(T[1]), [t2] MODE(T[2]), [t3] MODE(T[3]), [t4] "=&r"(T[4]),        \
        [t5] "=&r"(T[5]), [t6] "=&r"(T[6]), [t7] "=&r"(T[7]), [lo] "=&r"(lo), [hi] "=&r"(hi),    \
        [dx] "=&d"(dx)
#define FR_FRESH(x) "=&r"(x)
#define FR_PRELOADED(x) "+&r"(x)
#define FR_CIOS_IN                                                                               \
    [pinv] "m"(fr_k_pinv), [p0] "m"(fr_k_p[0]), [p1] "m"(fr_k_p[1]), [p2] "m"(fr_k_p[2]),        \
        [p3] "m"(fr_k_p[3])
static const uint64_t fr_k_pinv = FR_PINV;

/* T = a * b: the CIOS rows without the reduction rows -- the first row
 * with one ADD/ADC chain (fresh limbs), then three accumulate rows; each
 * row's new top limb starts at zero. */
ZKP_INLINE void fr_mul512_x(uint64_t T[8], const uint64_t a[4], const uint64_t b[4]) {
    uint64_t lo, hi, dx;
    __asm__(FR_TFRESH(ap, 0, bp, 0)
            "xorl %k[t5], %k[t5]\n\t" FR_A0(1, FR_R1)
            "xorl %k[t6], %k[t6]\n\t" FR_A0(2, FR_R2)
            "xorl %k[t7], %k[t7]\n\t" FR_A0(3, FR_R3)
            : FR_CIOS_OUT(FR_FRESH)
            : [ap] "r"(a), [bp] "r"(b)
            : "cc", "memory");
}

/* T[4..7] = sum_(k<N) a[k] b[k] / 2^256 (mod p, see above), N = 2..4: a
 * is scanned, b is the full operand (sum of b[k] + p < 5p). */
#define FR_DEF_DOT(N, REST0)                                                                     \
    ZKP_INLINE void fr_dot##N##_x(uint64_t T[8], const zkp_fr *a, const zkp_fr *b) {           \
        uint64_t lo, hi, dx;                                                                     \
        __asm__(FR_CIOS(FR_TFRESH(ap, 0, bp, 0) REST0, FR_COLS_A##N)                             \
                : FR_CIOS_OUT(FR_FRESH)                                                          \
                : [ap] "r"(a), [bp] "r"(b), FR_CIOS_IN                                           \
                : "cc", "memory");                                                               \
    }
FR_DEF_DOT(2, FR_A1(0, FR_R0))
FR_DEF_DOT(3, FR_A1(0, FR_R0) FR_A2(0, FR_R0))
FR_DEF_DOT(4, FR_A1(0, FR_R0) FR_A2(0, FR_R0) FR_A3(0, FR_R0))

/* Montgomery product in one pass (CIOS, Koc et al.), the one-term case of
 * the above: b is scanned, a is the full operand. Because p < 2^254 (top
 * limb below 2^62), the running value stays below 2p after each step and
 * T[i+4] absorbs every carry, so unlike the separate product + reduction no
 * carry ripples past the row. Result in T[4..7], < 2p for a, b < 2p. */
ZKP_INLINE void fr_montmul_x(uint64_t T[8], const uint64_t a[4], const uint64_t b[4]) {
    uint64_t lo, hi, dx;
    __asm__(FR_CIOS(FR_TFRESH(ap, 0, bp, 0), FR_COLS_A1)
            : FR_CIOS_OUT(FR_FRESH)
            : [ap] "r"(b), [bp] "r"(a), FR_CIOS_IN
            : "cc", "memory");
}
#define V_MONTMUL fr_montmul_x

/* T[4..7] = (a[0] a[1] + a[2] b[0] + a[3] b[1]) / 2^256: the partial
 * round's new lane 0 at t = 3 on a = (x^4, s0, s1, s2) and b = (what_1,
 * what_2). x^4 s0 is a product of two state values (< 2p each), so the full
 * operands sum to 2p + 2p + p = 5p. */
#define FR_DX0(I, R) FR_CALL(FR_TROW, ap, 0, ap, 1, I, FR_UNPAREN R)
#define FR_DX1(I, R) FR_CALL(FR_TROW, ap, 2, bp, 0, I, FR_UNPAREN R)
#define FR_DX2(I, R) FR_CALL(FR_TROW, ap, 3, bp, 1, I, FR_UNPAREN R)
#define FR_COLS_X3(I, R) FR_DX0(I, R) FR_DX1(I, R) FR_DX2(I, R)
ZKP_INLINE void fr_dotx3_x(uint64_t T[8], const zkp_fr a[4], const zkp_fr *b) {
    uint64_t lo, hi, dx;
    __asm__(FR_CIOS(FR_TFRESH(ap, 0, ap, 1) FR_DX1(0, FR_R0) FR_DX2(0, FR_R0), FR_COLS_X3)
            : FR_CIOS_OUT(FR_FRESH)
            : [ap] "r"(a), [bp] "r"(b), FR_CIOS_IN
            : "cc", "memory");
}

/* T[4..7] = (T[0..3] + a b) / 2^256: a product reduced together with a
 * preloaded low half (the caller adds the high half afterwards), a < 2p,
 * b < 2p. */
ZKP_INLINE void fr_montmul_pre_x(uint64_t T[8], const zkp_fr *a, const zkp_fr *b) {
    uint64_t lo, hi, dx;
    __asm__(FR_CIOS("xorl %k[t4], %k[t4]\n\t" FR_A0(0, FR_R0), FR_COLS_A1)
            : FR_CIOS_OUT(FR_PRELOADED)
            : [ap] "r"(a), [bp] "r"(b), FR_CIOS_IN
            : "cc", "memory");
}
/* Montgomery reduction of T[0..7] as REDC(T[0..3]) + T[4..7]: the four
 * reduction rows run on fresh upper words, so no carry ripples past a row
 * (as in the one-pass product), and the high half is added once at the
 * end. (T[0..3] + M p) / 2^256 <= p, so the result is at most T / 2^256 + p,
 * the bound of fr_redc8_x. */
ZKP_INLINE void fr_redc8_x(uint64_t T[8]) {
    uint64_t lo, hi, dx;
    const uint64_t h[4] = {T[4], T[5], T[6], T[7]};
    __asm__("xorl %k[t4], %k[t4]\n\t" FR_REDC_ROWR("%[t0]", FR_R0)
            "xorl %k[t5], %k[t5]\n\t" FR_REDC_ROWR("%[t1]", FR_R1)
            "xorl %k[t6], %k[t6]\n\t" FR_REDC_ROWR("%[t2]", FR_R2)
            "xorl %k[t7], %k[t7]\n\t" FR_REDC_ROWR("%[t3]", FR_R3)
            "addq %[h0], %[t4]\n\t"
            "adcq %[h1], %[t5]\n\t"
            "adcq %[h2], %[t6]\n\t"
            "adcq %[h3], %[t7]\n\t"
            : FR_CIOS_OUT(FR_PRELOADED)
            : [h0] "m"(h[0]), [h1] "m"(h[1]), [h2] "m"(h[2]), [h3] "m"(h[3]), FR_CIOS_IN
            : "cc");
}

#define TMPL_HAVE_DOTN 1
#define TMPL_HAVE_DOTX 1
#define V_MUL512 fr_mul512_x
#define V_SQR512 fr_sqr512_x
#define V_MAC512 fr_mac512_x
#define V_REDC8 fr_redc8_x
#else
#define V_MUL512 fr_mul512_c
#define V_SQR512 fr_sqr512_c
#define V_MAC512 fr_mac512_c
#define V_REDC8 fr_redc8_c
#endif

#define TMPL_SUFFIX bmi2
#define TMPL_MANY 2
#include "poseidon/perm_tmpl.h"
