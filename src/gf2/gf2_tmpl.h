/*
 * Template: the field-generic GF(2^n) machinery, written once and
 * instantiated per backend (kern_portable.c, kern_pclmul.c, kern_vpclmul.c,
 * kern_avx512.c, kern_pmull.c). Convention: docs/internals.md.
 *
 * A kernel file defines a vector type V that holds, per lane, one 128-bit
 * "limb pair" (two 64-bit limbs lo, hi), and the operations below; then it
 * includes this file, which instantiates every field's mul / sqr /
 * mul_batch / fb_batch for that backend as static functions and exports
 * the table zkpi_gf2_ops_<TMPL_SUFFIX>. Because everything here is always
 * inlined and instantiated per field, the compiler sees the limb count and
 * the reducer in every loop: no indirect call or runtime polynomial walk
 * inside a batch.
 *
 * Parameters, defined by the including file:
 *   TMPL_SUFFIX                    kernel name suffix (required)
 *   V_LANES                        lanes (elements) per V
 *   TMPL_CHAINS                    independent chains per lane in fb_batch
 *   TMPL_RED_CLMUL_{GHASH128,B127,B256}  1: reduce those fields with
 *           carry-less products by the modulus instead of shift chains
 *           (faster wherever the product is one instruction; the portable
 *           kernel keeps the shifts, so the tests exercise both)
 *   TMPL_HAVE_CONTIG               1: the file defines gf2_loadc / gf2_storec
 *                                  (V_LANES consecutive elements with
 *                                  full-width loads, see below)
 *   the operations (all lane-wise; "limb" = 64-bit half of a lane):
 *   V_ZERO()                       all zero
 *   V_XOR(a,b), V_AND(a,b)
 *   V_CLMUL(a,b,imm)              carry-less product of limb (imm&1) of a and
 *                                  limb ((imm>>4)&1) of b, 128-bit result
 *                                  (PCLMULQDQ's immediate convention)
 *   V_SLL(a,k), V_SRL(a,k)        shift each limb by a constant 0<k<64
 *   V_UP(a)                        (0, a.lo)        limbs move up one place
 *   V_DOWN(a)                      (a.hi, 0)        limbs move down one place
 *   V_ALIGN(hi,lo)                 (lo.hi, hi.lo)   the pair straddling two
 *   V_UNPLO(a,b), V_UNPHI(a,b)    (a.lo, b.lo), (a.hi, b.hi)
 *   V_CONST(l0,l1)                 the constant pair in every lane
 *   V_MASK1(a)                     all ones if bit 0 of a.hi is set, else 0
 *   V_LD2(P,o), V_LD1(P,o)        lane i loads two limbs / one limb (hi=0)
 *                                  from P[i] + o (P: V_LANES limb pointers)
 *   V_ST2(P,o,v), V_ST1(P,o,v)
 *
 * Element layout in registers: an element of NL limbs is NV = ceil(NL/2)
 * pairs; for odd NL the last pair's hi limb is junk that no operation reads
 * (products use only its lo limb, stores write only the lo limb).
 */

#include <string.h>

#include "core/tmpl.h"
#include "core/util.h"
#include "core/verify.h"

#if defined(__GNUC__)
/* the chain loops must be unrolled so the accumulators live in registers */
#define GF2_UNROLL _Pragma("GCC unroll 16")
#else
#define GF2_UNROLL
#endif

#ifndef TMPL_HAVE_CONTIG
#define TMPL_HAVE_CONTIG 0
#endif

/* ---- product templates --------------------------------------------------- */

/* 2 limbs x 2 limbs -> 4 limbs (lo, hi), Karatsuba, 3 products. */
ZKP_INLINE void k2(V *lo, V *hi, V a, V b) {
    V l = V_CLMUL(a, b, 0x00);
    V h = V_CLMUL(a, b, 0x11);
    V t = V_XOR(V_UNPLO(a, b), V_UNPHI(a, b));      /* (a0^a1, b0^b1) */
    V m = V_XOR(V_XOR(V_CLMUL(t, t, 0x10), l), h);  /* a0 b1 + a1 b0 */
    *lo = V_XOR(l, V_UP(m));
    *hi = V_XOR(h, V_DOWN(m));
}

/* 3 limbs x 3 limbs -> 6 limbs, Karatsuba, 6 products. Inputs (a0,a1),(a2,junk). */
ZKP_INLINE void k3(V r[3], V a0, V a1, V b0, V b1) {
    V p0 = V_CLMUL(a0, b0, 0x00);
    V p1 = V_CLMUL(a0, b0, 0x11);
    V p2 = V_CLMUL(a1, b1, 0x00);
    V t = V_XOR(V_UNPLO(a0, b0), V_UNPHI(a0, b0));          /* (a0^a1, b0^b1) */
    V sa = V_XOR(a0, V_UNPLO(a1, a1));                       /* (a0^a2, a1^a2) */
    V sb = V_XOR(b0, V_UNPLO(b1, b1));
    V p01 = V_CLMUL(t, t, 0x10);
    V p02 = V_CLMUL(sa, sb, 0x00);
    V p12 = V_CLMUL(sa, sb, 0x11);
    V u = V_XOR(p0, p1);
    V c1 = V_XOR(p01, u);                   /* coefficient pair at limb 1 */
    V c2 = V_XOR(V_XOR(p02, u), p2);        /* at limb 2 */
    V c3 = V_XOR(V_XOR(p12, p1), p2);       /* at limb 3 */
    r[0] = V_XOR(p0, V_UP(c1));
    r[1] = V_XOR(c2, V_ALIGN(c3, c1));
    r[2] = V_XOR(p2, V_DOWN(c3));
}

/* 4 limbs x 4 limbs -> 8 limbs, recursive Karatsuba over k2, 9 products. */
ZKP_INLINE void k4(V r[4], V a0, V a1, V b0, V b1) {
    V l0, l1, h0, h1, m0, m1;
    k2(&l0, &l1, a0, b0);
    k2(&h0, &h1, a1, b1);
    k2(&m0, &m1, V_XOR(a0, a1), V_XOR(b0, b1));
    m0 = V_XOR(m0, V_XOR(l0, h0));
    m1 = V_XOR(m1, V_XOR(l1, h1));
    r[0] = l0;
    r[1] = V_XOR(l1, m0);
    r[2] = V_XOR(h0, m1);
    r[3] = h1;
}

/* ---- verification build (core/verify.h) -----------------------------------
 * Every lane of the np pairs v has no bit at or above nbits: a product of
 * two reduced n-bit elements has degree <= 2n - 2 (the reducers' input
 * bound) and a reduced element degree < n (their output). */
ZKP_VERIFY_HELPER int gf2_verify_deg(const V *v, unsigned np, unsigned nbits) {
    uint64_t buf[V_LANES][8];
    uint64_t *P[V_LANES];
    for (unsigned k = 0; k < V_LANES; k++) P[k] = buf[k];
    for (unsigned i = 0; i < np; i++) V_ST2(P, 2 * i, v[i]);
    for (unsigned k = 0; k < V_LANES; k++)
        if (!zkpi_verify_bits_below(buf[k], 2 * np, nbits)) return 0;
    return 1;
}
#define GF2_CHECK_DEG(v, np, nbits, what) ZKP_VERIFY_CHECK(gf2_verify_deg((v), (np), (nbits)), what)
/* the two-pair (lo, hi) form of a 128-bit field's product (nothing at all,
 * not even the operands' evaluation, in a normal build) */
#if ZKP_VERIFY_ON
#define GF2_CHECK_DEG2(l, h, nbits, what)                                                        \
    do {                                                                                         \
        const V gf2_chk_[2] = {(l), (h)};                                                        \
        GF2_CHECK_DEG(gf2_chk_, 2, (nbits), what);                                               \
    } while (0)
#else
#define GF2_CHECK_DEG2(l, h, nbits, what) ((void)0)
#endif

/* ---- straight-line reducers, one per modulus ------------------------------ */

/* ghash128: x^128 = x^7 + x^2 + x + 1. (l, h) is a 256-bit product.
 * The bits that h*(x^7+x^2+x) pushes past x^128 (s.hi) are folded into h
 * first, so one pass of shifts finishes the job. */
ZKP_INLINE V red_ghash128_shift(V l, V h) {
    V s = V_XOR(V_XOR(V_SRL(h, 63), V_SRL(h, 62)), V_SRL(h, 57));
    V d = V_XOR(h, V_DOWN(s));
    V r = V_XOR(l, d);
    r = V_XOR(r, V_XOR(V_SLL(d, 1), V_SLL(d, 2)));
    r = V_XOR(r, V_XOR(V_SLL(d, 7), V_UP(s)));
    return r;
}

#if !TMPL_RED_CLMUL_GHASH128
#define red_ghash128 red_ghash128_shift
#endif
#if !TMPL_RED_CLMUL_B127
#define red_b127 red_b127_shift
#endif
#if TMPL_RED_CLMUL_GHASH128
/* ghash128 by products: h0 and h1 times x^7+x^2+x+1 (h1's product sits one
 * limb up), then the <= 7 bits of it that land at x^128 and above (x1.hi)
 * once more. */
#define red_ghash128 red_ghash128_clmul
ZKP_INLINE V red_ghash128_clmul(V l, V h) {
    const V k = V_CONST(0x87, 0);
    V x0 = V_CLMUL(h, k, 0x00), x1 = V_CLMUL(h, k, 0x01);
    V f = V_CLMUL(x1, k, 0x01);
    return V_XOR(V_XOR(l, x0), V_XOR(V_UP(x1), f));
}
#endif

#if TMPL_RED_CLMUL_B127
/* b127 by products: x^128 = x^2 + x; h (< 2^125) times it stays below
 * x^128; then bit 127 folds with x + 1. */
#define red_b127 red_b127_clmul
ZKP_INLINE V red_b127_clmul(V l, V h) {
    const V k = V_CONST(6, 3);
    V t = V_XOR(V_XOR(l, V_CLMUL(h, k, 0x00)), V_UP(V_CLMUL(h, k, 0x01)));
    V f = V_CLMUL(V_SRL(t, 63), k, 0x11);
    return V_AND(V_XOR(t, f), V_CONST(~(uint64_t)0, ~(uint64_t)0 >> 1));
}
#endif

/* b127: x^127 = x + 1. Product degree <= 252. hh = product >> 127 (<= 126
 * bits) folds once: hh*(x+1) has degree <= 126, so no second pass. */
ZKP_INLINE V red_b127_shift(V l, V h) {
    V hh = V_XOR(V_SLL(h, 1), V_SRL(V_ALIGN(h, l), 63));
    V r = V_AND(l, V_CONST(~(uint64_t)0, ~(uint64_t)0 >> 1));
    r = V_XOR(r, hh);
    r = V_XOR(r, V_XOR(V_SLL(hh, 1), V_UP(V_SRL(hh, 63))));
    return r;
}

/* b256: x^256 = x^10 + x^5 + x^2 + 1; the 4-limb analogue of ghash128.
 * p = product limbs (p0..p3 pairs). Output 2 pairs. */
#if TMPL_RED_CLMUL_B256
/* b256 by products: c4..c7 times x^10+x^5+x^2+1, then c7's overflow. */
ZKP_INLINE void red_b256(V r[2], const V p[4]) {
    const V k = V_CONST(0x425, 0);
    V x4 = V_CLMUL(p[2], k, 0x00), x5 = V_CLMUL(p[2], k, 0x01);
    V x6 = V_CLMUL(p[3], k, 0x00), x7 = V_CLMUL(p[3], k, 0x01);
    V f = V_CLMUL(x7, k, 0x01);
    r[0] = V_XOR(V_XOR(p[0], x4), V_XOR(V_UP(x5), f));
    r[1] = V_XOR(V_XOR(p[1], x6), V_XOR(V_DOWN(x5), V_UP(x7)));
}
#else
ZKP_INLINE void red_b256(V r[2], const V p[4]) {
    V s0 = V_XOR(V_XOR(V_SRL(p[2], 54), V_SRL(p[2], 59)), V_SRL(p[2], 62));
    V s1 = V_XOR(V_XOR(V_SRL(p[3], 54), V_SRL(p[3], 59)), V_SRL(p[3], 62));
    V d0 = V_XOR(p[2], V_DOWN(s1));   /* the (<= 9-bit) overflow past x^512 folded in */
    V d1 = p[3];
    V r0 = V_XOR(p[0], d0), r1 = V_XOR(p[1], d1);
    r0 = V_XOR(r0, V_XOR(V_XOR(V_SLL(d0, 2), V_SLL(d0, 5)), V_SLL(d0, 10)));
    r1 = V_XOR(r1, V_XOR(V_XOR(V_SLL(d1, 2), V_SLL(d1, 5)), V_SLL(d1, 10)));
    r[0] = V_XOR(r0, V_UP(s0));
    r[1] = V_XOR(r1, V_ALIGN(s1, s0));
}
#endif

/* The 3-limb reducers fold with carry-less products by small constants
 * rather than shifts: on AVX-512 every 512-bit shift needs port 0, while
 * the products go to the port the shuffles use, which balances better; the
 * limbs to fold are read straight from the product pairs (PCLMULQDQ picks
 * either half), so no extraction shuffles are needed. */

/* b163: x^163 = x^7 + x^6 + x^3 + 1, so x^192 = x^29 (x^7 + x^6 + x^3 + 1).
 * Product degree <= 324 in 6 limbs. c3, c4, c5 times that constant (each
 * < 2^101) land at limbs 0..3 without passing x^192 (c5 < 2^5); then
 * bits 163..191 (29 bits) fold with x^7 + x^6 + x^3 + 1. */
ZKP_INLINE void red_b163(V r[2], const V p[3]) {
    const V k = V_CONST(((uint64_t)0xC9) << 29, 0xC9);
    V x3 = V_CLMUL(p[1], k, 0x01);   /* c3 * x^192 */
    V x4 = V_CLMUL(p[2], k, 0x00);   /* c4 * x^256, one limb up */
    V x5 = V_CLMUL(p[2], k, 0x01);   /* c5 * x^320, two limbs up */
    V t0 = V_XOR(V_XOR(p[0], x3), V_UP(x4));
    V t1 = V_XOR(V_XOR(p[1], x5), V_DOWN(x4));               /* hi limb: junk */
    V top = V_CLMUL(V_SRL(t1, 35), k, 0x10);                 /* bits 163.. times x^7+x^6+x^3+1 */
    r[0] = V_XOR(t0, top);
    r[1] = V_AND(t1, V_CONST(((uint64_t)1 << 35) - 1, 0));
}

/* b191: x^191 = x^9 + 1, so x^192 = x^10 + x. Product degree <= 380. c3..c5
 * times x^10 + x land in limbs 0..3; the limb-3 overflow o (<= 7 bits) and
 * bit 191 then fold with x^10 + x and x^9 + 1. */
ZKP_INLINE void red_b191(V r[2], const V p[3]) {
    const V k = V_CONST(0x402, 0x201);                       /* x^10 + x, x^9 + 1 */
    V x3 = V_CLMUL(p[1], k, 0x01);
    V x4 = V_CLMUL(p[2], k, 0x00);
    V x5 = V_CLMUL(p[2], k, 0x01);
    V t0 = V_XOR(V_XOR(p[0], x3), V_UP(x4));
    /* drop c3 from the hi limb so that it holds exactly o */
    V t1 = V_XOR(V_XOR(V_AND(p[1], V_CONST(~(uint64_t)0, 0)), x5), V_DOWN(x4));
    V fo = V_CLMUL(t1, k, 0x01);                             /* o * x^192 */
    V b = V_SRL(t1, 63);                                     /* (bit 191, 0) */
    V fb = V_XOR(b, V_SLL(b, 9));                            /* bit 191 * x^191 */
    r[0] = V_XOR(t0, V_XOR(fo, fb));
    r[1] = V_AND(t1, V_CONST(~(uint64_t)0 >> 1, 0));
}

/* sect193: x^193 = x^15 + 1, so x^256 = x^63 (x^15 + 1). Product degree <=
 * 384 in 7 limbs. g = limbs 4..6 times (x^15 + 1) (degree <= 143), then
 * g*x^63 lands in limbs 0..3; finally bits 193..255 fold with x^15 + 1. */
ZKP_INLINE void red_sect193(V r[2], const V p[4]) {
    V q = V_SRL(p[2], 49);
    V g0 = V_XOR(V_XOR(p[2], V_SLL(p[2], 15)), V_UP(q));
    V g1 = V_XOR(V_XOR(p[3], V_SLL(p[3], 15)), V_DOWN(q));   /* c6 <= 1 bit: (g2, 0) */
    V a0 = V_SRL(g0, 1), a1 = V_SRL(g1, 1);
    V t0 = V_XOR(V_XOR(p[0], V_SLL(g0, 63)), V_UP(a0));
    V t1 = V_XOR(V_XOR(p[1], V_SLL(g1, 63)), V_ALIGN(a1, a0));
    /* bits 193..255 (t3 >> 1) times x^15 + 1, as one product */
    V top = V_CLMUL(V_SRL(t1, 1), V_CONST(0x8001, 0), 0x01);
    t0 = V_XOR(t0, top);
    r[0] = t0;
    r[1] = V_AND(t1, V_CONST(~(uint64_t)0, 1));
}

/* ---- per-field multiply and square on register pairs ------------------------ */

ZKP_INLINE void b127_mulv(V r[1], const V a[1], const V b[1]) {
    V l, h;
    k2(&l, &h, a[0], b[0]);
    GF2_CHECK_DEG2(l, h, 253, "gf2 b127 product degree <= 252");
    r[0] = red_b127(l, h);
    GF2_CHECK_DEG(r, 1, 127, "gf2 b127 reduced degree < 127");
}
ZKP_INLINE void b127_sqrv(V r[1], const V a[1]) {
    /* the check recomputes the square's halves: naming them here changes
     * the normal build's instruction order */
    GF2_CHECK_DEG2(V_CLMUL(a[0], a[0], 0x00), V_CLMUL(a[0], a[0], 0x11), 253,
                   "gf2 b127 square degree <= 252");
    r[0] = red_b127(V_CLMUL(a[0], a[0], 0x00), V_CLMUL(a[0], a[0], 0x11));
    GF2_CHECK_DEG(r, 1, 127, "gf2 b127 reduced degree < 127");
}

ZKP_INLINE void ghash128_mulv(V r[1], const V a[1], const V b[1]) {
    V l, h;
    k2(&l, &h, a[0], b[0]);
    GF2_CHECK_DEG2(l, h, 255, "gf2 ghash128 product degree <= 254");
    r[0] = red_ghash128(l, h);
}
ZKP_INLINE void ghash128_sqrv(V r[1], const V a[1]) {
    r[0] = red_ghash128(V_CLMUL(a[0], a[0], 0x00), V_CLMUL(a[0], a[0], 0x11));
}

/* b163 and b191: three limbs (a pair and a half), the Karatsuba product k3
 * or the three-term square, then the field's reduction. Elements of degree
 * < N give a product of degree <= PMAX = 2N - 2. */
#define GF2_DEFINE_3LIMB(F, N, PMAX)                                                               \
    ZKP_INLINE void F##_red3(V r[2], V p[3]) {                                                     \
        GF2_CHECK_DEG(p, 3, (PMAX) + 1, "gf2 " #F " product or square degree <= " #PMAX);          \
        red_##F(r, p);                                                                             \
        GF2_CHECK_DEG(r, 2, (N), "gf2 " #F " reduced degree < " #N);                               \
    }                                                                                              \
    ZKP_INLINE void F##_mulv(V r[2], const V a[2], const V b[2]) {                                 \
        V p[3];                                                                                    \
        k3(p, a[0], a[1], b[0], b[1]);                                                             \
        F##_red3(r, p);                                                                            \
    }                                                                                              \
    ZKP_INLINE void F##_sqrv(V r[2], const V a[2]) {                                               \
        V p[3] = {V_CLMUL(a[0], a[0], 0x00), V_CLMUL(a[0], a[0], 0x11), V_CLMUL(a[1], a[1], 0x00)}; \
        F##_red3(r, p);                                                                            \
    }
GF2_DEFINE_3LIMB(b163, 163, 324)
GF2_DEFINE_3LIMB(b191, 191, 380)

/* sect193: 6 products for the low 192 bits; the top bit (limb 3, 0 or 1)
 * contributes b'*x^192, a'*x^192 and x^384 through masks, not branches. */
ZKP_INLINE void sect193_mulv(V r[2], const V a[2], const V b[2]) {
    V p[4];
    k3(p, a[0], a[1], b[0], b[1]);
    V ma = V_MASK1(a[1]), mb = V_MASK1(b[1]);
    V x0 = V_XOR(V_AND(b[0], ma), V_AND(a[0], mb));
    V x1 = V_XOR(V_AND(b[1], ma), V_AND(a[1], mb));
    p[1] = V_XOR(p[1], V_UP(x0));
    p[2] = V_XOR(p[2], V_ALIGN(x1, x0));
    p[3] = V_DOWN(V_AND(a[1], b[1]));   /* (a3 b3, 0): x^384 */
    GF2_CHECK_DEG(p, 4, 385, "gf2 sect193 product degree <= 384");
    red_sect193(r, p);
    GF2_CHECK_DEG(r, 2, 193, "gf2 sect193 reduced degree < 193");
}
ZKP_INLINE void sect193_sqrv(V r[2], const V a[2]) {
    V p[4] = {V_CLMUL(a[0], a[0], 0x00), V_CLMUL(a[0], a[0], 0x11), V_CLMUL(a[1], a[1], 0x00),
              V_DOWN(a[1])};
    GF2_CHECK_DEG(p, 4, 385, "gf2 sect193 square degree <= 384");
    red_sect193(r, p);
    GF2_CHECK_DEG(r, 2, 193, "gf2 sect193 reduced degree < 193");
}

ZKP_INLINE void b256_mulv(V r[2], const V a[2], const V b[2]) {
    V p[4];
    k4(p, a[0], a[1], b[0], b[1]);
    GF2_CHECK_DEG(p, 4, 511, "gf2 b256 product degree <= 510");
    red_b256(r, p);
}
ZKP_INLINE void b256_sqrv(V r[2], const V a[2]) {
    V p[4] = {V_CLMUL(a[0], a[0], 0x00), V_CLMUL(a[0], a[0], 0x11), V_CLMUL(a[1], a[1], 0x00),
              V_CLMUL(a[1], a[1], 0x11)};
    red_b256(r, p);
}

/* ghash2 = K[v]/(v^2 + v + beta), beta = x^121 in K = ghash128.
 * (a0 + a1 v)(b0 + b1 v) = (a0 b0 + beta a1 b1) + (a0 b1 + a1 b0 + a1 b1) v.
 * Three unreduced K products m0, m1, m2 = (a0+a1)(b0+b1); then
 * c1 = red(m2 + m0), c0 = red(m0 + red(m1) * x^121) (the shift of a
 * reduced 128-bit value by 121 is at most 249 bits, one more reduction). */
ZKP_INLINE V ghash2_beta_fold(V *lo, V *hi, V t) {
    /* t * x^121 = (t << 57) << 64 as 4 limbs */
    V sl = V_SLL(t, 57), sr = V_SRL(t, 7);
    *lo = V_XOR(*lo, V_UP(sl));
    *hi = V_XOR(*hi, V_XOR(V_DOWN(sl), sr));
    return red_ghash128(*lo, *hi);
}
ZKP_INLINE void ghash2_mulv(V r[2], const V a[2], const V b[2]) {
    V l0, h0, l1, h1, l2, h2;
    k2(&l0, &h0, a[0], b[0]);
    k2(&l1, &h1, a[1], b[1]);
    k2(&l2, &h2, V_XOR(a[0], a[1]), V_XOR(b[0], b[1]));
    r[1] = red_ghash128(V_XOR(l2, l0), V_XOR(h2, h0));
    V t = red_ghash128(l1, h1);
    r[0] = ghash2_beta_fold(&l0, &h0, t);
}
ZKP_INLINE void ghash2_sqrv(V r[2], const V a[2]) {
    /* (a0 + a1 v)^2 = a0^2 + a1^2 (v + beta) */
    V t = red_ghash128(V_CLMUL(a[1], a[1], 0x00), V_CLMUL(a[1], a[1], 0x11));
    V l0 = V_CLMUL(a[0], a[0], 0x00), h0 = V_CLMUL(a[0], a[0], 0x11);
    r[0] = ghash2_beta_fold(&l0, &h0, t);
    r[1] = t;
}

/* ---- loads, stores, kernels ------------------------------------------------- */

#define GF2_NV(NL) (((NL) + 1) / 2)

ZKP_INLINE void gf2_load(V *v, unsigned nl, const uint64_t *const *p) {
    for (unsigned i = 0; i + 2 <= nl; i += 2) v[i / 2] = V_LD2(p, i);
    if (nl & 1) v[nl / 2] = V_LD1(p, nl - 1);
}
ZKP_INLINE void gf2_store(uint64_t *const *p, unsigned nl, const V *v) {
    for (unsigned i = 0; i + 2 <= nl; i += 2) V_ST2(p, i, v[i / 2]);
    if (nl & 1) V_ST1(p, nl - 1, v[nl / 2]);
}

/* V_LANES consecutive elements at base (lane k = element k). A backend may
 * provide its own (TMPL_HAVE_CONTIG) to use full-width loads and in-register
 * transposes instead of one load per lane. */
#if !TMPL_HAVE_CONTIG
ZKP_INLINE void gf2_loadc(V *v, unsigned nl, const uint64_t *base) {
    const uint64_t *p[V_LANES];
    for (unsigned k = 0; k < V_LANES; k++) p[k] = base + k * nl;
    gf2_load(v, nl, p);
}
ZKP_INLINE void gf2_storec(uint64_t *base, unsigned nl, const V *v) {
    uint64_t *p[V_LANES];
    for (unsigned k = 0; k < V_LANES; k++) p[k] = base + k * nl;
    gf2_store(p, nl, v);
}
#endif

/* off[j][g] = limb offset of window j's entry for the 128-bit exponent
 * (lo, hi): block j starts at j 2^w nl, entry d at d nl. 1 <= w <= 20, so
 * offsets stay below 2^32 (at most 128 2^w nl limbs... 7 * 2^20 * 4 at w = 20). */
ZKP_INLINE void gf2_digits(uint32_t (*off)[V_LANES * TMPL_CHAINS], unsigned g, uint64_t lo, uint64_t hi, unsigned w,
                       unsigned nwin, unsigned nl) {
    const uint64_t mask = ((uint64_t)1 << w) - 1;
    for (unsigned j = 0; j < nwin; j++) {
        off[j][g] = (uint32_t)((((uint64_t)j << w) + (lo & mask)) * nl);
        lo = (lo >> w) | (hi << (64 - w));
        hi >>= w;
    }
}

/* gf2_digits for a whole group of V_LANES * TMPL_CHAINS consecutive exponents,
 * window-major so the inner loop runs across exponents (vectorisable). */
ZKP_INLINE void gf2_group_digits(uint32_t (*off)[V_LANES * TMPL_CHAINS], const uint64_t *exps, unsigned w, unsigned nwin,
                             unsigned nl) {
    enum { G = V_LANES * TMPL_CHAINS };
    uint64_t lo[G], hi[G];
    const uint64_t mask = ((uint64_t)1 << w) - 1;
    for (unsigned g = 0; g < G; g++) lo[g] = exps[2 * g], hi[g] = exps[2 * g + 1];
    for (unsigned j = 0; j < nwin; j++) {
        for (unsigned g = 0; g < G; g++) {
            off[j][g] = (uint32_t)((((uint64_t)j << w) + (lo[g] & mask)) * nl);
            lo[g] = (lo[g] >> w) | (hi[g] << (64 - w));
            hi[g] >>= w;
        }
    }
}

/* Instantiates the four entry points for field F with NL limbs. Lanes that
 * a single-element call does not need load the same element and store to
 * scratch. */
#define GF2_INSTANTIATE(F, NL)                                                                     \
    static void F##_mul1(uint64_t *r, const uint64_t *a, const uint64_t *b) {                      \
        V va[GF2_NV(NL)], vb[GF2_NV(NL)], vr[GF2_NV(NL)];                                          \
        uint64_t scratch[NL];                                                                      \
        const uint64_t *pa[V_LANES], *pb[V_LANES];                                                     \
        uint64_t *pr[V_LANES];                                                                       \
        for (unsigned k = 0; k < V_LANES; k++) pa[k] = a, pb[k] = b, pr[k] = k ? scratch : r;        \
        gf2_load(va, NL, pa);                                                                      \
        gf2_load(vb, NL, pb);                                                                      \
        F##_mulv(vr, va, vb);                                                                      \
        gf2_store(pr, NL, vr);                                                                     \
    }                                                                                              \
    static void F##_sqr1(uint64_t *r, const uint64_t *a) {                                         \
        V va[GF2_NV(NL)], vr[GF2_NV(NL)];                                                          \
        uint64_t scratch[NL];                                                                      \
        const uint64_t *pa[V_LANES];                                                                 \
        uint64_t *pr[V_LANES];                                                                       \
        for (unsigned k = 0; k < V_LANES; k++) pa[k] = a, pr[k] = k ? scratch : r;                   \
        gf2_load(va, NL, pa);                                                                      \
        F##_sqrv(vr, va);                                                                          \
        gf2_store(pr, NL, vr);                                                                     \
    }                                                                                              \
    static void F##_mul_batch(uint64_t *r, const uint64_t *a, const uint64_t *b, size_t n) {      \
        size_t i = 0;                                                                              \
        for (; i + V_LANES <= n; i += V_LANES) {                                                       \
            V va[GF2_NV(NL)], vb[GF2_NV(NL)], vr[GF2_NV(NL)];                                      \
            gf2_loadc(va, NL, a + i * (NL));                                                       \
            gf2_loadc(vb, NL, b + i * (NL));                                                       \
            F##_mulv(vr, va, vb);                                                                  \
            gf2_storec(r + i * (NL), NL, vr);                                                                 \
        }                                                                                          \
        for (; i < n; i++) F##_mul1(r + i * (NL), a + i * (NL), b + i * (NL));                     \
    }                                                                                              \
    static void F##_fb_batch(uint64_t *out, const uint64_t *tab, unsigned w, unsigned nwin,         \
                             const uint64_t *exps, size_t n) {                                      \
        enum { G = V_LANES * TMPL_CHAINS };                                                                 \
        /* limb offsets of every table read of a group, computed up front so the                    \
         * loop below is only loads and multiplications */                                          \
        uint32_t off[128][G];                                                                       \
        size_t i = 0;                                                                               \
        /* full groups: TMPL_CHAINS independent chains per lane hide the latency of                       \
         * the multiplications and of the random table reads */                                     \
        for (; i + G <= n; i += G) {                                                                \
            gf2_group_digits(off, exps + 2 * i, w, nwin, NL);                                                           \
            V acc[TMPL_CHAINS][GF2_NV(NL)];                                                               \
            GF2_UNROLL for (unsigned u = 0; u < TMPL_CHAINS; u++) {                                       \
                const uint64_t *pt[V_LANES];                                                          \
                GF2_UNROLL for (unsigned k = 0; k < V_LANES; k++) pt[k] = tab + off[0][u * V_LANES + k]; \
                gf2_load(acc[u], NL, pt);                                                           \
            }                                                                                       \
            for (unsigned j = 1; j < nwin; j++) {                                                   \
                GF2_UNROLL for (unsigned u = 0; u < TMPL_CHAINS; u++) {                                   \
                    V t[GF2_NV(NL)];                                                                \
                    const uint64_t *pt[V_LANES];                                                      \
                    GF2_UNROLL for (unsigned k = 0; k < V_LANES; k++) pt[k] = tab + off[j][u * V_LANES + k]; \
                    gf2_load(t, NL, pt);                                                            \
                    F##_mulv(acc[u], acc[u], t);                                                    \
                }                                                                                   \
            }                                                                                       \
            GF2_UNROLL for (unsigned u = 0; u < TMPL_CHAINS; u++) gf2_storec(out + (i + u * V_LANES) * (NL), NL, acc[u]); \
        }                                                                                           \
        /* the rest, V_LANES at a time with one chain; unused lanes repeat the                        \
         * last power and are not stored */                                                         \
        for (; i < n; i += V_LANES) {                                                                 \
            size_t m = n - i < V_LANES ? n - i : V_LANES;                                               \
            for (unsigned g = 0; g < V_LANES; g++) {                                                  \
                const uint64_t *e = exps + 2 * (i + (g < m ? g : m - 1));                           \
                gf2_digits(off, g, e[0], e[1], w, nwin, NL);                                        \
            }                                                                                       \
            V acc1[GF2_NV(NL)];                                                                     \
            const uint64_t *pt[V_LANES];                                                              \
            GF2_UNROLL for (unsigned k = 0; k < V_LANES; k++) pt[k] = tab + off[0][k];                \
            gf2_load(acc1, NL, pt);                                                                 \
            for (unsigned j = 1; j < nwin; j++) {                                                   \
                V t[GF2_NV(NL)];                                                                    \
                GF2_UNROLL for (unsigned k = 0; k < V_LANES; k++) pt[k] = tab + off[j][k];            \
                gf2_load(t, NL, pt);                                                                \
                F##_mulv(acc1, acc1, t);                                                            \
            }                                                                                       \
            uint64_t tmp[V_LANES * (NL)];                                                             \
            gf2_storec(tmp, NL, acc1);                                                              \
            memcpy(out + i * (NL), tmp, m * (NL) * 8);                                              \
        }                                                                                           \
    }

GF2_INSTANTIATE(b127, 2)
GF2_INSTANTIATE(ghash128, 2)
GF2_INSTANTIATE(b163, 3)
GF2_INSTANTIATE(b191, 3)
GF2_INSTANTIATE(sect193, 4)
GF2_INSTANTIATE(ghash2, 4)
GF2_INSTANTIATE(b256, 4)

#define GF2_OPS_ENTRY(F) {F##_mul1, F##_sqr1, F##_mul_batch, F##_fb_batch}

const gf2_field_ops TMPL_NAME(zkpi_gf2_ops)[ZKP_GF2_FIELD_COUNT] = {
    GF2_OPS_ENTRY(b127),    GF2_OPS_ENTRY(ghash128), GF2_OPS_ENTRY(b163), GF2_OPS_ENTRY(b191),
    GF2_OPS_ENTRY(sect193), GF2_OPS_ENTRY(ghash2),   GF2_OPS_ENTRY(b256),
};
