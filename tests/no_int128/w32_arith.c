/* The Goldilocks scalar layer in its WebAssembly shape (ni.h, W32_BUILD). */
#define W32_BUILD
#include "no_int128/ni.h"

#include "goldilocks/gl.h"

#if !ZKPI_GL_W32 || ZKP_HAVE_ASM
#error "ZKP_TEST_WASM_ARITH did not select the 32x32-product form"
#endif

uint64_t w32_gl_mul(uint64_t a, uint64_t b) { return gl_mul(a, b); }
uint64_t w32_gl_muladd(uint64_t a, uint64_t b, uint64_t c) { return gl_muladd(a, b, c); }
