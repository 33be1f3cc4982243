/*
 * Include after <immintrin.h> in AVX-512 kernel files. Empty except in the
 * MemorySanitizer constant-time build (ZKP_CT_MSAN, tests/ct/msan_shim.h):
 * there, clang 14's MSan checks the operands of vpternlogq strictly (any
 * secret operand is reported as if it were a branch), so the intrinsic is
 * replaced by the same Boolean function written with AND/OR/ANDNOT, which
 * MSan propagates. imm is a constant, so the 8-minterm sum folds to the
 * few operations that matter. The shipped code is unchanged.
 */
#ifndef ZKPRIM_CORE_SIMD_MSAN_H
#define ZKPRIM_CORE_SIMD_MSAN_H

#ifdef ZKP_CT_MSAN
#include <immintrin.h>

#include "core/util.h"

ZKP_INLINE __m512i zkpi_msan_ternlog512(__m512i a, __m512i b, __m512i c, int imm) {
    const __m512i ones = _mm512_set1_epi64(-1);
    __m512i r = _mm512_setzero_si512();
    for (int m = 0; m < 8; m++) { /* minterm m: bit 2 of m selects a, bit 1 b, bit 0 c */
        if (!((imm >> m) & 1)) continue;
        __m512i x = (m & 4) ? a : _mm512_xor_si512(a, ones);
        __m512i y = (m & 2) ? b : _mm512_xor_si512(b, ones);
        __m512i z = (m & 1) ? c : _mm512_xor_si512(c, ones);
        r = _mm512_or_si512(r, _mm512_and_si512(x, _mm512_and_si512(y, z)));
    }
    return r;
}
#undef _mm512_ternarylogic_epi64
#define _mm512_ternarylogic_epi64(a, b, c, imm) zkpi_msan_ternlog512((a), (b), (c), (imm))
#endif

#endif
