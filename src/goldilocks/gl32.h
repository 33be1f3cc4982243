/*
 * The 64 x 64 -> 128-bit product of the Goldilocks layer (goldilocks/gl.h)
 * from 32 x 32 -> 64 products: the WebAssembly-shaped form. wasm32 has
 * i64.mul (the low half of a 64x64 product) but no high half, so clang
 * lowers an unsigned __int128 product to a call of __multi3 (a compiler-rt
 * routine taking its operands through memory). Here the low word is one
 * i64.mul and the high word comes from the four 32 x 32 products of
 * core/wide.h (the form rv32im builds use: mul + mulhu each), each one
 * i64.mul whose result fits 64 bits; gl_mul then reduces (lo, hi) with its
 * own Goldilocks reduction (gl_reduce128: 2^64 = 2^32 - 1, 2^96 = -1 mod p).
 * Against wide.h's full form (low word rebuilt by shift-and-or) the extra
 * i64.mul measured equal within the noise (docs/poseidon.md, WebAssembly
 * arithmetic); against __int128 it saves the __multi3 call.
 *
 * Same bits as the __int128 product (exact integer arithmetic): ctest
 * no-int128 holds gl_mul / gl_muladd and the Hemera kernels built with this
 * form against the library's own on random and edge inputs.
 *
 * Selected (ZKPI_GL_W32 = 1) when compiling for WebAssembly, or forced on
 * any host with ZKP_TEST_WASM_ARITH (the native tests); ZKP_NO_WASM_ARITH
 * keeps the __int128 / core/wide.h forms even for wasm (the comparison
 * builds of tests/wasm/). Branch-free.
 */
#ifndef ZKPRIM_GOLDILOCKS_GL32_H
#define ZKPRIM_GOLDILOCKS_GL32_H

#include <stdint.h>

#include "core/util.h"
#include "core/wide.h"

#if (defined(__wasm__) || defined(ZKP_TEST_WASM_ARITH)) && !defined(ZKP_NO_WASM_ARITH)
#define ZKPI_GL_W32 1
#else
#define ZKPI_GL_W32 0
#endif

/* a*b = *hi 2^64 + (return value), any u64 a, b: the high word from
 * core/wide.h's four 32 x 32 products (the middle column's carry < 3, the
 * high word cannot overflow), the low word one i64.mul (the compiler drops
 * wide.h's rebuilt low word, which is dead here). */
ZKP_INLINE uint64_t zkpi_gl_mul64_w32(uint64_t a, uint64_t b, uint64_t *hi) {
    (void)zkpi_mul64_wide(a, b, hi);
    return a * b;
}

/* a*b + c = *hi 2^64 + (return value), any u64 each (< 2^128: no carry
 * out of *hi). */
ZKP_INLINE uint64_t zkpi_gl_mac64_w32(uint64_t a, uint64_t b, uint64_t c, uint64_t *hi) {
    uint64_t h, l = zkpi_gl_mul64_w32(a, b, &h) + c;
    *hi = h + (uint64_t)(l < c);
    return l;
}

#endif
