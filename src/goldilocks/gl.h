/*
 * Goldilocks arithmetic (p = 2^64 - 2^32 + 1), scalar: the one layer every
 * scalar user builds on (the Hemera kernels, the batch and mode code, and
 * the public zkp_goldilocks_* functions in goldilocks.c). Header-only,
 * always inlined. The 4- and 8-lane vector layers (gl_avx2.h, gl_avx512.h)
 * implement the same operations with the same bounds.
 *
 * Representation: an element is any u64; it stands for its residue mod p.
 * Values in [p, 2^64) ("non-canonical") are allowed everywhere unless a
 * function says otherwise; only gl_canon* produces the canonical form [0, p).
 * Useful identities: 2^64 = E (mod p) with E = 2^32 - 1, 2^96 = -1 (mod p).
 *
 * Two forms of each operation:
 *   gl_*       fast, variable time: may take a branch that fires with
 *              probability about 2^-32 on random inputs (the rare second
 *              carry / borrow of gl_add / gl_sub), or loop a data-dependent
 *              number of times (gl_inv_vartime). Public data only.
 *   gl_*_ct    constant time: carries and borrows become masks behind a
 *              value barrier; no branch or memory address depends on a value.
 * Where the fast form has nothing to gain from a branch (the 128-bit
 * reduction, the multiply, the inverse chain, the lazy sums) one branch-free
 * function serves both and the _ct name is an alias of it.
 * Every function states its input bounds and output range; with
 * -DZKP_VERIFY=ON the stated bounds are checked (core/verify.h).
 */
#ifndef ZKPRIM_GOLDILOCKS_GL_H
#define ZKPRIM_GOLDILOCKS_GL_H

#include <stdint.h>

#include "core/util.h"
#include "core/verify.h"
#include "core/wide.h"
#include "goldilocks/gl32.h"
#include "zkprim_build_config.h"

/* aarch64 kernels (ZKPI_GL_AARCH64 defined by the kernel file) route the
 * reduction and the carry fix-ups to inline asm: gl_aarch64.h. */
#if defined(ZKPI_GL_AARCH64) && ZKPI_GL_AARCH64 && ZKP_HAVE_ASM && defined(__aarch64__) && defined(__GNUC__)
#define ZKPI_GL_A64 1
#include "goldilocks/gl_aarch64.h"
#else
#define ZKPI_GL_A64 0
#endif

/* Without unsigned __int128 (32-bit targets) the products come from
 * core/wide.h, in WebAssembly from goldilocks/gl32.h; see gl_mul. */
#if ZKP_HAVE_U128
typedef unsigned __int128 gl_u128;
#endif

#define GL_P 0xFFFFFFFF00000001ull
#define GL_E 0x00000000FFFFFFFFull /* 2^64 mod p */

/* 2^-k mod p for k = 0..128 (generated into src/goldilocks/tables.c). */
extern const uint64_t zkpi_gl_inv_pow2[129];

/* ---- small helpers --------------------------------------------------------- */

/* E if c == 1, 0 if c == 0 (c in {0,1}). One `sbb r32,r32`-style mask. */
ZKP_INLINE uint64_t gl_emask(uint64_t c) { return (uint64_t)(uint32_t)(0u - (uint32_t)c); }

/* a + b where the true sum is < 2^65 - E: the wrapped sum plus E on carry
 * cannot carry again. Holds for every a exactly when b <= p (a + b <=
 * 2^64 - 1 + p = 2^65 - E - 1), e.g. b = hl*E <= 2^64 - 2^33 + 1, b < p (a
 * round constant), or b < 2^56 (an encoded 7-byte group). Inputs: a any
 * u64, b as stated. Output: any u64. Branch-free. */
ZKP_INLINE uint64_t gl_add_1c(uint64_t a, uint64_t b) {
    ZKP_VERIFY_CHECK(b <= GL_P, "gl_add_1c addend b <= p");
#if ZKPI_GL_A64
    return zkpi_gl_a64_add_1c(a, b);
#else
    uint64_t s;
    uint64_t c = (uint64_t)__builtin_add_overflow(a, b, &s);
    return s + gl_emask(c);
#endif
}

ZKP_INLINE uint64_t gl_add_1c_ct(uint64_t a, uint64_t b) {
    ZKP_VERIFY_CHECK(b <= GL_P, "gl_add_1c_ct addend b <= p");
#if ZKPI_GL_A64
    return zkpi_gl_a64_add_1c(a, b); /* branch-free asm: also constant time */
#else
    uint64_t s;
    uint64_t c = (uint64_t)__builtin_add_overflow(a, b, &s);
    return s + (zkpi_value_barrier_u64(0 - c) & GL_E);
#endif
}

/* ---- canonical form ----------------------------------------------------------*/

/* Any u64 -> [0, p). x >= p iff x + E carries, and then x + E = x - p. */
ZKP_INLINE uint64_t gl_canon(uint64_t x) {
#if ZKPI_GL_A64
    uint64_t r = zkpi_gl_a64_canon(x);
#else
    uint64_t r = x >= GL_P ? x - GL_P : x;
#endif
    ZKP_VERIFY_CHECK(r < GL_P, "gl_canon output < p");
    return r;
}

ZKP_INLINE uint64_t gl_canon_ct(uint64_t x) {
#if ZKPI_GL_A64
    uint64_t r = zkpi_gl_a64_canon(x); /* adds + csel: constant time */
#else
    uint64_t t;
    uint64_t c = (uint64_t)__builtin_add_overflow(x, GL_E, &t);
    uint64_t m = zkpi_value_barrier_u64(0 - c);
    uint64_t r = (t & m) | (x & ~m);
#endif
    ZKP_VERIFY_CHECK(r < GL_P, "gl_canon_ct output < p");
    return r;
}

/* ---- add / sub / neg ------------------------------------------------------- */

/* a + b mod p. Inputs: any u64. Output: any u64 (not canonical).
 * The first carry is folded with a mask (it fires half the time); the
 * second one needs a + b >= 2^65 - E, i.e. both inputs near 2^64. */
ZKP_INLINE uint64_t gl_add(uint64_t a, uint64_t b) {
    uint64_t s;
    uint64_t c = (uint64_t)__builtin_add_overflow(a, b, &s);
    uint64_t s2;
    if (ZKP_UNLIKELY(__builtin_add_overflow(s, gl_emask(c), &s2))) s2 += GL_E;
    return s2;
}

ZKP_INLINE uint64_t gl_add_ct(uint64_t a, uint64_t b) {
    uint64_t s, s2;
    uint64_t c = (uint64_t)__builtin_add_overflow(a, b, &s);
    uint64_t c2 = (uint64_t)__builtin_add_overflow(s, zkpi_value_barrier_u64(0 - c) & GL_E, &s2);
    return s2 + (zkpi_value_barrier_u64(0 - c2) & GL_E);
}

/* a - b mod p. Inputs: any u64. Output: any u64. A borrow means the wrapped
 * difference is 2^64 = E too large; the second borrow needs b - a > p. */
ZKP_INLINE uint64_t gl_sub(uint64_t a, uint64_t b) {
    uint64_t d;
    uint64_t c = (uint64_t)__builtin_sub_overflow(a, b, &d);
    uint64_t d2;
    if (ZKP_UNLIKELY(__builtin_sub_overflow(d, gl_emask(c), &d2))) d2 -= GL_E;
    return d2;
}

ZKP_INLINE uint64_t gl_sub_ct(uint64_t a, uint64_t b) {
    uint64_t d, d2;
    uint64_t c = (uint64_t)__builtin_sub_overflow(a, b, &d);
    uint64_t c2 = (uint64_t)__builtin_sub_overflow(d, zkpi_value_barrier_u64(0 - c) & GL_E, &d2);
    return d2 - (zkpi_value_barrier_u64(0 - c2) & GL_E);
}

/* -a mod p. Input: any u64. Output: canonical. Constant time (the only
 * form: nothing calls a fast negation). */
ZKP_INLINE uint64_t gl_neg_ct(uint64_t a) {
    a = gl_canon_ct(a);
    /* p - 0 = p must become 0: mask by a != 0. */
    uint64_t r = (GL_P - a) & zkpi_ct_mask_nonzero(a);
    ZKP_VERIFY_CHECK(r < GL_P, "gl_neg_ct output < p");
    return r;
}

/* ---- reductions --------------------------------------------------------------- */

/* hi*2^64 + lo mod p for any 128-bit value. Output: any u64.
 * With hi = hh*2^32 + hl: value = lo + hl*2^64 + hh*2^96
 *   = lo + hl*2^32 - (hl + hh)        (2^64 = 2^32 - 1, 2^96 = -1 mod p).
 * s = lo + (hi << 32) carries c1, s - (hl + hh) borrows b2; the true value is
 * the wrapped result plus (c1 - b2)*2^64 = (c1 - b2)*E, and no case over- or
 * under-flows again (c1 = 1, b2 = 0: result <= 2^64 - 2^32 - 1 before +E;
 * c1 = 0, b2 = 1: result >= 2^64 - 2^33 before -E). So two 32-bit borrow
 * masks (`sbb r32,r32`) finish it: 5 cycles after the high word, no branch,
 * which is why the fast and the constant-time forms are the same code.
 * (The vector layers reach the same residue by another sequence, cheaper
 * with vector instructions: see glv_reduce128 in gl_vec_tmpl.h.) */
ZKP_INLINE uint64_t gl_reduce128(uint64_t lo, uint64_t hi) {
#if ZKPI_GL_A64
    return zkpi_gl_a64_reduce128(lo, hi); /* the same identity (gl_aarch64.h) */
#else
    uint64_t B = hi << 32;
    uint64_t C = (hi >> 32) + (hi & GL_E);
#if ZKP_HAVE_ASM && defined(__x86_64__) && defined(__GNUC__)
    /* Compilers materialise the two borrows as setb/movzx/neg (3 cycles
     * each); `sbb r32,r32` gives E*carry in one. Branch-free by
     * construction, so this is also the constant-time form. */
    uint64_t m1, m2;
    __asm__("add %[B], %[s]\n\t"
            "sbb %k[m1], %k[m1]\n\t"
            "sub %[C], %[s]\n\t"
            "sbb %k[m2], %k[m2]\n\t"
            "add %[m1], %[s]\n\t"
            "sub %[m2], %[s]"
            : [s] "+&r"(lo), [m1] "=&r"(m1), [m2] "=&r"(m2)
            : [B] "r"(B), [C] "r"(C)
            : "cc");
    return lo;
#else
    uint64_t s, s2;
    uint64_t c1 = (uint64_t)__builtin_add_overflow(lo, B, &s);
    uint64_t b2 = (uint64_t)__builtin_sub_overflow(s, C, &s2);
    return s2 + zkpi_value_barrier_u64(gl_emask(c1)) - zkpi_value_barrier_u64(gl_emask(b2));
#endif
#endif
}

/* Same function: the reduction above has no branch at all. */
ZKP_INLINE uint64_t gl_reduce128_ct(uint64_t lo, uint64_t hi) { return gl_reduce128(lo, hi); }

/* lo + hi*2^64 mod p for hi < 2^32 (lazy sums of a few dozen u64 terms).
 * Output: any u64. Branch-free (this is also the constant-time form):
 * hi*E < 2^64 - 2^33 + 2, so one carry correction suffices. */
ZKP_INLINE uint64_t gl_reduce_small(uint64_t lo, uint64_t hi) {
    ZKP_VERIFY_CHECK(hi >> 32 == 0, "gl_reduce_small hi < 2^32");
    return gl_add_1c_ct(lo, hi * GL_E);
}

/* L + H*2^32 mod p for L, H < 2^40: the recombination of lazy sums of
 * 32-bit halves (each a sum of at most 2^8 halves), as the M_E layers use
 * them. H*2^32 = (H mod 2^32)*2^32 + (H >> 32)*2^64 and 2^64 = E, so the
 * value is (H << 32 mod 2^64) + u with u = L + (H >> 32)*E < 2^40 + 2^40 <
 * 2^41; that sum carries at most once, and on a carry the wrapped value is
 * below u < 2^41, so adding E cannot carry again. Output: any u64.
 * Branch-free, the carry a mask behind a value barrier (also the
 * constant-time form). */
ZKP_INLINE uint64_t gl_recombine(uint64_t L, uint64_t H) {
    ZKP_VERIFY_CHECK(L >> 40 == 0 && H >> 40 == 0, "gl_recombine halves L, H < 2^40");
    uint64_t hh = H >> 32;
    uint64_t u = L + ((hh << 32) - hh);
    ZKP_VERIFY_CHECK(u >> 41 == 0, "gl_recombine u = L + (H >> 32) E < 2^41");
    uint64_t r = (H << 32) + u;
    return r + (zkpi_value_barrier_u64(0 - (uint64_t)(r < u)) & GL_E);
}

/* ---- multiplication --------------------------------------------------------- */

/* a*b mod p. Inputs: any u64. Output: any u64. Branch-free (also the
 * constant-time form, gl_mul_ct). */
ZKP_INLINE uint64_t gl_mul(uint64_t a, uint64_t b) {
#if ZKPI_GL_W32 /* WebAssembly: 32x32 products (goldilocks/gl32.h) */
    uint64_t hi, lo = zkpi_gl_mul64_w32(a, b, &hi);
    return gl_reduce128(lo, hi);
#elif ZKP_HAVE_U128
    gl_u128 t = (gl_u128)a * b;
    return gl_reduce128((uint64_t)t, (uint64_t)(t >> 64));
#else
    uint64_t hi, lo = zkpi_mul64_wide(a, b, &hi);
    return gl_reduce128(lo, hi);
#endif
}

ZKP_INLINE uint64_t gl_mul_ct(uint64_t a, uint64_t b) { return gl_mul(a, b); }
ZKP_INLINE uint64_t gl_sqr(uint64_t a) { return gl_mul(a, a); }
ZKP_INLINE uint64_t gl_sqr_ct(uint64_t a) { return gl_mul(a, a); }

/* a*b + c mod p (any u64 each: a*b + c <= (2^64 - 1)^2 + 2^64 - 1 < 2^128,
 * so the sum needs no carry out). Output: any u64. Branch-free. */
ZKP_INLINE uint64_t gl_muladd(uint64_t a, uint64_t b, uint64_t c) {
#if ZKPI_GL_W32
    uint64_t hi, lo = zkpi_gl_mac64_w32(a, b, c, &hi);
    return gl_reduce128(lo, hi);
#elif ZKP_HAVE_U128
    gl_u128 t = (gl_u128)a * b + c;
    return gl_reduce128((uint64_t)t, (uint64_t)(t >> 64));
#else
    uint64_t hi, lo = zkpi_mac64_wide(a, b, c, 0, &hi);
    return gl_reduce128(lo, hi);
#endif
}

ZKP_INLINE uint64_t gl_muladd_ct(uint64_t a, uint64_t b, uint64_t c) { return gl_muladd(a, b, c); }

/* x^7 = x^3 * x^4 (multiplicative depth 3). Input any u64, output any u64.
 * Branch-free (also the constant-time form). */
ZKP_INLINE uint64_t gl_pow7(uint64_t x) {
    uint64_t x2 = gl_sqr(x);
    uint64_t x3 = gl_mul(x2, x);
    uint64_t x4 = gl_sqr(x2);
    return gl_mul(x3, x4);
}

/* ---- inverse ---------------------------------------------------------------- */

#if ZKP_SMALL_CODE
/* Size-budgeted builds (the JS package's zkprim/hemera): the chain's
 * products call one out-of-line product, 3.2 -> 0.6 KB of WebAssembly; the
 * chain serves only the constant-time single permutation there. */
static inline ZKP_NOINLINE uint64_t gl_mul_outline(uint64_t a, uint64_t b) { return gl_mul(a, b); }
#define GL_CHAIN_MUL gl_mul_outline
#else
#define GL_CHAIN_MUL gl_mul
#endif
/* x^(2^n): n squarings */
ZKP_INLINE uint64_t gl_sqr_n(uint64_t x, unsigned n) {
    for (unsigned i = 0; i < n; i++) x = GL_CHAIN_MUL(x, x);
    return x;
}

/* x^(p-2) by the addition chain a_k = x^(2^k-1), a_(j+k) = a_j^(2^k) * a_k,
 * x^(p-2) = a_31^(2^33) * a_32 (p-2 = (2^31-1)*2^33 + 2^32-1), multiplicative
 * depth 69. 0 (or p) maps to 0 by itself: no test needed, and the multiply is
 * branch-free, so this one function is also the constant-time form
 * (gl_inv_chain_ct). Input any u64, output any u64. */
ZKP_INLINE uint64_t gl_inv_chain(uint64_t x) {
    /* pairs a_(2k-1), a_(2k) share their squarings: 74 multiplies */
    uint64_t a2 = GL_CHAIN_MUL(GL_CHAIN_MUL(x, x), x);   /* depth 2 */
    uint64_t t = GL_CHAIN_MUL(a2, a2);
    uint64_t a3 = GL_CHAIN_MUL(t, x);                    /* 4 */
    uint64_t a4 = GL_CHAIN_MUL(GL_CHAIN_MUL(t, t), a2);  /* 5 */
    t = gl_sqr_n(a4, 3);
    uint64_t a7 = GL_CHAIN_MUL(t, a3);                   /* 9 */
    uint64_t a8 = GL_CHAIN_MUL(GL_CHAIN_MUL(t, t), a4);  /* 10 */
    t = gl_sqr_n(a8, 7);
    uint64_t a15 = GL_CHAIN_MUL(t, a7);                  /* 18 */
    uint64_t a16 = GL_CHAIN_MUL(GL_CHAIN_MUL(t, t), a8); /* 19 */
    t = gl_sqr_n(a16, 15);
    uint64_t a31 = GL_CHAIN_MUL(t, a15);                 /* 35 */
    uint64_t a32 = GL_CHAIN_MUL(GL_CHAIN_MUL(t, t), a16); /* 36 */
    return GL_CHAIN_MUL(gl_sqr_n(a31, 33), a32);   /* 69 */
}

ZKP_INLINE uint64_t gl_inv_chain_ct(uint64_t x) { return gl_inv_chain(x); }

/* Variable-time inverse (0 -> 0) by a binary GCD that strips all trailing
 * zeros at once (count-trailing-zeros), with Kaliski-style coefficients that
 * only grow by addition and shifting, so they stay integers <= p with no
 * modular reduction in the loop; the accumulated 2^k is removed at the end
 * by one multiplication with 2^-k from a table.
 *
 * Invariants (a, b odd; k = shifts so far; s = +1 or -1):
 *   x*ca = s*a*2^k,  x*cb = -s*b*2^k  (mod p),   ca*b + cb*a = p.
 * Step: with L = max(a,b), S = min(a,b), t = (L - S) >> z (z = ctz(L - S)):
 *   (a, ca, s) <- (t, ca + cb, sign of L);  (b, cb) <- (S, c_S << z); k += z.
 * The loop body is branch-free (selects); only the exit depends on the
 * value, after about 45 iterations for random x (at most 128 shifts in all,
 * since a*b starts below 2^128 and at least halves per step).
 * Input any u64; output canonical. Public data only. */
/* The GCD itself: returns c and sets *k_out, *neg_out (bit 0) such that
 * x^-1 = (-1)^neg * c * 2^-k mod p, c <= p, k <= 128. x = 0 (or p) gives
 * c = 0, k = 0. (Folding d0 + 1 of the partial round into a second 2^-k
 * table, to save a multiply after the GCD, measured no faster here.) */
ZKP_INLINE uint64_t gl_inv_vartime_parts(uint64_t x, uint64_t *k_out, uint64_t *neg_out) {
    x = gl_canon(x);
    if (x == 0) {
        *k_out = 0;
        *neg_out = 0;
        return 0;
    }
    uint64_t k = (uint64_t)__builtin_ctzll(x);
    uint64_t a = GL_P, ca = 0;          /* x*0 = -p*2^k: s = -1 */
    uint64_t b = x >> k, cb = 1;        /* x*1 = x = b*2^k        */
    uint64_t neg = 1;                   /* 1: s = -1 */
#if ZKP_HAVE_ASM && defined(__x86_64__) && defined(__GNUC__) && defined(__BMI2__)
    /* Same step with cmov selects (the C form needs ~5 more instructions
     * for mask arithmetic). Critical path: sub -> tzcnt -> shrx, 5 cycles.
     * Needs BMI2 (shlx/shrx); tzcnt's input is never 0 here, and on a CPU
     * without BMI1 tzcnt executes as bsf, which agrees for non-zero input. */
    uint64_t t, d, S, cS, msk, z;
    __asm__("1:\n\t"
            "mov %[b], %[t]\n\t"
            "sub %[a], %[t]\n\t"          /* t = b - a */
            "mov %[a], %[d]\n\t"
            "sub %[b], %[d]\n\t"          /* d = a - b; CF = a < b */
            "mov %[b], %[S]\n\t"
            "mov %[cb], %[cS]\n\t"
            "cmovae %[d], %[t]\n\t"       /* t = |a - b| */
            "cmovb %[a], %[S]\n\t"        /* S = min(a, b) */
            "cmovb %[ca], %[cS]\n\t"      /* its coefficient */
            "sbb %[msk], %[msk]\n\t"
            "xor %[msk], %[neg]\n\t"      /* L was b: flip the sign */
            "tzcnt %[d], %[z]\n\t"
            "add %[cb], %[ca]\n\t"
            "shlx %[z], %[cS], %[cb]\n\t"
            "shrx %[z], %[t], %[a]\n\t"
            "mov %[S], %[b]\n\t"
            "add %k[z], %k[k]\n\t"
            "cmp %[a], %[b]\n\t"
            "jne 1b"
            : [a] "+&r"(a), [b] "+&r"(b), [ca] "+&r"(ca), [cb] "+&r"(cb), [neg] "+&r"(neg), [k] "+&r"(k),
              [t] "=&r"(t), [d] "=&r"(d), [S] "=&r"(S), [cS] "=&r"(cS), [msk] "=&r"(msk), [z] "=&r"(z)
            :
            : "cc");
#else
    while (a != b) {
        /* m = all ones when a < b. Masks (behind a barrier) rather than
         * ternaries: compilers turn those into a data-dependent branch that
         * mispredicts half the time. */
        uint64_t d = a - b;
        uint64_t m = zkpi_value_barrier_u64(0 - (uint64_t)(a < b));
        uint64_t t = (d ^ m) - m;       /* |a - b| */
        unsigned z = (unsigned)__builtin_ctzll(d); /* ctz(-d) = ctz(d) */
        uint64_t S = b ^ ((a ^ b) & m); /* min(a, b) */
        uint64_t cS = cb ^ ((ca ^ cb) & m);
        neg ^= m;                       /* L was b: its sign is -s */
        ca = ca + cb;
        cb = cS << z;
        a = t >> z;
        b = S;
        k += z;
    }
#endif
    /* a = b = 1: x*ca = s*2^k, so x^-1 = s*ca*2^-k. */
    ZKP_VERIFY_CHECK(ca <= GL_P && k <= 128, "gl_inv_vartime_parts c <= p, k <= 128");
    *k_out = k;
    *neg_out = neg & 1;
    return ca;
}

ZKP_INLINE uint64_t gl_inv_vartime(uint64_t x) {
    uint64_t k, neg;
    uint64_t c = gl_inv_vartime_parts(x, &k, &neg);
    uint64_t r = gl_canon(gl_mul(c, zkpi_gl_inv_pow2[k]));
    /* select, not branch: the sign is a coin flip */
    uint64_t m = (0 - neg) & zkpi_ct_mask_nonzero(r);
    r ^= (r ^ (GL_P - r)) & m;
    ZKP_VERIFY_CHECK(r < GL_P, "gl_inv_vartime output < p");
    return r;
}

/* ---- lazy 128-bit sums ----------------------------------------------------------
 * A sum of u64 terms kept exact in two words and reduced once at the end
 * (gl_w_reduce_small, high word < 2^32). Not unsigned __int128: GCC spills
 * zero-extended __int128 temporaries to the stack in such sums (4x the
 * instructions of add/adc pairs). Branch-free, hence also constant time. */
typedef struct gl_w {
    uint64_t lo, hi;
} gl_w;

ZKP_INLINE gl_w gl_w_from(uint64_t x) {
    gl_w r = {x, 0};
    return r;
}
ZKP_INLINE gl_w gl_w_add(gl_w a, gl_w b) {
    gl_w r;
    r.hi = a.hi + b.hi + (uint64_t)__builtin_add_overflow(a.lo, b.lo, &r.lo);
    return r;
}
ZKP_INLINE gl_w gl_w_add64(gl_w a, uint64_t b) {
    gl_w r;
    r.hi = a.hi + (uint64_t)__builtin_add_overflow(a.lo, b, &r.lo);
    return r;
}
ZKP_INLINE gl_w gl_w_dbl(gl_w a) {
    gl_w r = {a.lo << 1, (a.hi << 1) | (a.lo >> 63)};
    return r;
}
/* hi < 2^32 required (see gl_reduce_small). */
ZKP_INLINE uint64_t gl_w_reduce_small(gl_w a) { return gl_reduce_small(a.lo, a.hi); }

#endif
