/*
 * Run-time checks of the documented arithmetic bounds (secp256k1's VERIFY
 * is the model). The lazy reductions of the kernels rest on bounds proved in
 * comments ("< 2.6p", "hi < 2^32", "degree <= 252"); a build configured with
 * -DZKP_VERIFY=ON defines ZKP_VERIFY and then checks each bound where the
 * value is produced: a violation prints file:line and the bound's name to
 * stderr and aborts. Without ZKP_VERIFY the checks compile to nothing (the
 * condition sits in an unevaluated sizeof, so the variables it names still
 * count as used and the object code is unchanged).
 *
 * docs/verify.md lists every check. Helpers below are plain C (multi-limb
 * comparisons); the per-lane extraction of vector registers lives in the
 * instruction-set files, which have the flags for it.
 */
#ifndef ZKPRIM_CORE_VERIFY_H
#define ZKPRIM_CORE_VERIFY_H

#include <stdint.h>

#include "core/wide.h" /* zkpi_verify_mul_small without __int128 */

#ifdef ZKP_VERIFY
#include <stdio.h>
#include <stdlib.h>

/* Cold and out of line in every file that uses it: the checks are in
 * always_inline kernels, and only the condition should be inlined there. */
__attribute__((noreturn, cold, noinline, unused)) static void zkpi_verify_fail(const char *file, int line,
                                                                               const char *what) {
    fprintf(stderr, "%s:%d: zkprim VERIFY: bound violated: %s\n", file, line, what);
    fflush(stderr);
    abort();
}

#define ZKP_VERIFY_ON 1
#define ZKP_VERIFY_CHECK(cond, what)                                                             \
    do {                                                                                         \
        if (__builtin_expect(!(cond), 0)) zkpi_verify_fail(__FILE__, __LINE__, (what));          \
    } while (0)
#else
#define ZKP_VERIFY_ON 0
#define ZKP_VERIFY_CHECK(cond, what) ((void)sizeof(!(cond)), (void)sizeof(what))
#endif

/* ---- multi-limb helpers (little-endian 64-bit limbs) -----------------------
 * Out of line: a check sits in every instantiation of the per-width kernels,
 * and inlining each helper there multiplies the code (and the verification
 * build's compile time) for nothing. */
#define ZKP_VERIFY_HELPER static __attribute__((noinline, unused))

/* x < y, both n limbs. */
ZKP_VERIFY_HELPER int zkpi_verify_lt(const uint64_t *x, const uint64_t *y, unsigned n) {
    for (unsigned i = n; i-- > 0;)
        if (x[i] != y[i]) return x[i] < y[i];
    return 0;
}

/* r[0..n] = x[0..n-1] * k (n + 1 limbs), n <= 8. */
ZKP_VERIFY_HELPER void zkpi_verify_mul_small(uint64_t *r, const uint64_t *x, unsigned n, uint64_t k) {
#if ZKP_HAVE_U128
    unsigned __int128 c = 0;
    for (unsigned i = 0; i < n; i++) {
        c += (unsigned __int128)x[i] * k;
        r[i] = (uint64_t)c;
        c >>= 64;
    }
    r[n] = (uint64_t)c;
#else /* 32-bit targets (core/wide.h) */
    uint64_t c = 0;
    for (unsigned i = 0; i < n; i++) r[i] = zkpi_mac64_wide(x[i], k, c, 0, &c);
    r[n] = c;
#endif
}

/* den x < num m, i.e. x < (num / den) m: a bound "x < 2.6p" is
 * (x, p, 26, 10). x has nx limbs, m has nm, both <= 8. */
ZKP_VERIFY_HELPER int zkpi_verify_lt_frac(const uint64_t *x, unsigned nx, const uint64_t *m, unsigned nm, uint64_t num,
                                     uint64_t den) {
    uint64_t a[10] = {0}, b[10] = {0};
    zkpi_verify_mul_small(a, x, nx, den);
    zkpi_verify_mul_small(b, m, nm, num);
    return zkpi_verify_lt(a, b, 10);
}

/* Radix 2^52 -> 2^64 for a 5-limb value (the IFMA representation), after
 * checking the limbs are normalised: limbs 0..3 below 2^52 and limb 4 below
 * 2^48, so the value is below 2^256. Returns 0 when they are not. */
ZKP_VERIFY_HELPER int zkpi_verify_join52(uint64_t out[4], const uint64_t l[5]) {
    const uint64_t m52 = ((uint64_t)1 << 52) - 1;
    if ((l[0] | l[1] | l[2] | l[3]) > m52 || l[4] >> 48) return 0;
    out[0] = l[0] | (l[1] << 52);
    out[1] = (l[1] >> 12) | (l[2] << 40);
    out[2] = (l[2] >> 24) | (l[3] << 28);
    out[3] = (l[3] >> 36) | (l[4] << 16);
    return 1;
}

/* A 52-bit-limb value normalised and below (num / den) m (m: 4 limbs). */
ZKP_VERIFY_HELPER int zkpi_verify_fr52_lt_frac(const uint64_t l[5], const uint64_t m[4], uint64_t num, uint64_t den) {
    uint64_t v[4];
    return zkpi_verify_join52(v, l) && zkpi_verify_lt_frac(v, 4, m, 4, num, den);
}

/* No bit at position >= nbits in the n-limb value x. */
ZKP_VERIFY_HELPER int zkpi_verify_bits_below(const uint64_t *x, unsigned n, unsigned nbits) {
    for (unsigned i = 0; i < n; i++) {
        if (64 * i + 64 <= nbits) continue;
        uint64_t keep = 64 * i >= nbits ? 0 : ((uint64_t)1 << (nbits - 64 * i)) - 1;
        if (x[i] & ~keep) return 0;
    }
    return 1;
}

#endif
