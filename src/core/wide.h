/*
 * 64x64 -> 128-bit products and 64-bit carry chains for compilers without
 * unsigned __int128 (32-bit targets such as rv32im/ilp32, the ISA of several
 * zkVMs). The Goldilocks (goldilocks/gl.h) and BN254 (bn254/fr.h) code
 * keeps its __int128 form wherever the compiler has the type, so 64-bit
 * builds compile exactly as before; where it does not (ZKP_HAVE_U128 == 0)
 * the same arithmetic is spelled with the helpers below.
 *
 * ZKP_TEST_NO_INT128 forces the second path on a 64-bit host, so it is tested
 * there against the first (tests/no_int128/, ctest no-int128).
 *
 * Everything here is branch-free: carries are comparisons (sltu on RISC-V),
 * never branches, so constant-time callers stay constant time.
 */
#ifndef ZKPRIM_CORE_WIDE_H
#define ZKPRIM_CORE_WIDE_H

#include <stdint.h>

#include "core/util.h"

#if defined(__SIZEOF_INT128__) && !defined(ZKP_TEST_NO_INT128)
#define ZKP_HAVE_U128 1
#else
#define ZKP_HAVE_U128 0
#endif

/* a*b = *hi * 2^64 + (return value), from four 32x32 -> 64 products (on
 * rv32im each is one mul + one mulhu). The middle sum takes the high half of
 * the low product and the low halves of the two cross products: below
 * 3 * 2^32, so it cannot overflow, and its high part carries into *hi. */
ZKP_INLINE uint64_t zkpi_mul64_wide(uint64_t a, uint64_t b, uint64_t *hi) {
    uint64_t a0 = (uint32_t)a, a1 = a >> 32, b0 = (uint32_t)b, b1 = b >> 32;
    uint64_t p00 = a0 * b0, p01 = a0 * b1, p10 = a1 * b0, p11 = a1 * b1;
    uint64_t mid = (p00 >> 32) + (uint32_t)p01 + (uint32_t)p10;
    *hi = p11 + (p01 >> 32) + (p10 >> 32) + (mid >> 32);
    return (mid << 32) | (uint32_t)p00;
}

/* a*b + c + d = *hi * 2^64 + (return value): at most (2^64 - 1)^2 +
 * 2 (2^64 - 1) = 2^128 - 1, so the two carries never overflow *hi. */
ZKP_INLINE uint64_t zkpi_mac64_wide(uint64_t a, uint64_t b, uint64_t c, uint64_t d, uint64_t *hi) {
    uint64_t h, l = zkpi_mul64_wide(a, b, &h);
    l += c;
    h += l < c;
    l += d;
    h += l < d;
    *hi = h;
    return l;
}

/* a + b + cin with cin in {0, 1}: the sum, and the carry out in *cout. */
ZKP_INLINE uint64_t zkpi_adc64(uint64_t a, uint64_t b, uint64_t cin, uint64_t *cout) {
    uint64_t s = a + b, r = s + cin;
    *cout = (uint64_t)(s < a) | (uint64_t)(r < s);
    return r;
}

/* a - b - bin with bin in {0, 1}: the difference, and the borrow in *bout. */
ZKP_INLINE uint64_t zkpi_sbb64(uint64_t a, uint64_t b, uint64_t bin, uint64_t *bout) {
    uint64_t d = a - b, r = d - bin;
    *bout = (uint64_t)(a < b) | (uint64_t)(d < bin);
    return r;
}

#endif
