/*
 * The 64 x 64 -> 128-bit product of the Goldilocks layer (goldilocks/gl.h)
 * from 32 x 32 -> 64 products: the WebAssembly-shaped form. wasm32 has
 * i64.mul (the low half of a 64x64 product) but no high half, so clang
 * lowers an unsigned __int128 product to a call of __multi3 (a compiler-rt
 * routine taking its operands through memory). Here both words come from
 * core/wide.h's four 32 x 32 products (the form rv32im builds use: mul +
 * mulhu each), each one i64.mul whose result fits 64 bits; gl_mul then
 * reduces (lo, hi) with its own Goldilocks reduction (gl_reduce128: 2^64 =
 * 2^32 - 1, 2^96 = -1 mod p). That saves the __multi3 call: the Hemera
 * permutation 1.4x faster under node (docs/poseidon.md, WebAssembly
 * arithmetic). Taking the low word from one more i64.mul instead of
 * wide.h's shift-and-or measured no faster in the permutation (0.77x to
 * 1.05x over five runs), so wide.h's form is used as it is.
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

/* a*b = *hi 2^64 + (return value) and a*b + c likewise (any u64 each):
 * core/wide.h's four 32 x 32 products and carries. */
ZKP_INLINE uint64_t zkpi_gl_mul64_w32(uint64_t a, uint64_t b, uint64_t *hi) { return zkpi_mul64_wide(a, b, hi); }
ZKP_INLINE uint64_t zkpi_gl_mac64_w32(uint64_t a, uint64_t b, uint64_t c, uint64_t *hi) {
    return zkpi_mac64_wide(a, b, c, 0, hi);
}

#endif
