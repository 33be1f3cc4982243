/*
 * Goldilocks on aarch64: the 128-bit reduction and the carry fix-ups of
 * gl.h as short inline-asm sequences over mul/umulh, for the aarch64
 * kernels (hemera/permute_aarch64.c, hemera/batch_aarch64.c).
 *
 * Not included directly: a kernel file defines ZKPI_GL_AARCH64 1 before
 * its first include, and gl.h then routes gl_reduce128, gl_add_1c[_ct] and
 * gl_canon_ct here (same names, same bounds, same results). Every other
 * translation unit, the portable kernels included, keeps the plain C of
 * gl.h, so `ZKPRIM_CPU=portable` runs the compiler's code and the two can
 * be compared (docs/aarch64.md).
 *
 * Why asm: the carries and borrows of the reduction are flags. A compiler
 * turns each into cset + neg (or a branch in gl_add); `csetm w, cc` makes
 * the 32-bit mask E * carry in one instruction (a W write clears the upper
 * half, so all-ones in W is E = 2^32 - 1), and the shift of hi << 32 folds
 * into the adds as a shifted operand. Every sequence is branch-free and
 * its instructions' timing does not depend on the values (csel/csetm are
 * data-independent), so each is also the constant-time form.
 */
#ifndef ZKPRIM_GOLDILOCKS_GL_AARCH64_H
#define ZKPRIM_GOLDILOCKS_GL_AARCH64_H

#include <stdint.h>

#if !(defined(__aarch64__) && defined(__GNUC__))
#error "gl_aarch64.h is for aarch64 with GNU inline asm"
#endif

/* hi*2^64 + lo mod p, any 128-bit value; output any u64. The identity of
 * gl.h's gl_reduce128: s = lo + (hi << 32) carries c1, s - (hl + hh)
 * borrows b2, result = wrapped + E*c1 - E*b2 (neither correction wraps
 * again; proof there). The carry mask is taken before the subtraction
 * reuses the flags and added after it, so the borrow's mask is the only
 * fix-up left on the critical path. */
static inline __attribute__((always_inline)) uint64_t zkpi_gl_a64_reduce128(uint64_t lo, uint64_t hi) {
    uint64_t c, m1, m2;
    __asm__("lsr %[c], %[hi], #32\n\t"
            "add %[c], %[c], %w[hi], uxtw\n\t"  /* c = hh + hl < 2^33 */
            "adds %[s], %[s], %[hi], lsl #32\n\t"
            "csetm %w[m1], cs\n\t"              /* E * c1 */
            "subs %[s], %[s], %[c]\n\t"
            "csetm %w[m2], cc\n\t"              /* E * b2 (cc: borrow) */
            "add %[s], %[s], %[m1]\n\t"
            "sub %[s], %[s], %[m2]"
            : [s] "+&r"(lo), [c] "=&r"(c), [m1] "=&r"(m1), [m2] "=&r"(m2)
            : [hi] "r"(hi)
            : "cc");
    return lo;
}

/* a + b where b <= p (gl_add_1c's contract): the wrapped sum plus E on a
 * carry, which cannot carry again. Output any u64. */
static inline __attribute__((always_inline)) uint64_t zkpi_gl_a64_add_1c(uint64_t a, uint64_t b) {
    uint64_t m;
    __asm__("adds %[a], %[a], %[b]\n\t"
            "csetm %w[m], cs\n\t"
            "add %[a], %[a], %[m]"
            : [a] "+&r"(a), [m] "=&r"(m)
            : [b] "r"(b)
            : "cc");
    return a;
}

/* Any u64 -> [0, p): x >= p iff x + E carries, and then x + E = x - p;
 * csel keeps x otherwise. */
static inline __attribute__((always_inline)) uint64_t zkpi_gl_a64_canon(uint64_t x) {
    uint64_t t;
    __asm__("adds %[t], %[x], %[e]\n\t"
            "csel %[x], %[t], %[x], cs"
            : [x] "+&r"(x), [t] "=&r"(t)
            : [e] "r"((uint64_t)0xFFFFFFFFu)
            : "cc");
    return x;
}

#endif
