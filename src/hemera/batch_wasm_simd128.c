/*
 * WebAssembly SIMD128 batched Hemera permutation: 2 lanes per v128; groups
 * of 2..32 states. The algorithm is batch_simd_tmpl.h (as AVX2's and
 * AVX-512's); the arithmetic is the 2-lane Goldilocks layer
 * (goldilocks/gl_wasm_simd128.h: two products per extmul pair across the
 * lanes of the batch). Compiled only with clang -msimd128 (the JS
 * package's SIMD build, js/build.sh ZKJS_SIMD=1); batch.c puts it first in
 * its table there, and a freestanding build (no CPU detection: the module
 * runs only on an engine that validated its SIMD128 code) dispatches it.
 *
 * Sized for zkprim/hemera's 16 KB gzip budget (the module is compiled -Os
 * with ZKP_SMALL_CODE; with the library's forced inlining and full unrolls
 * this kernel alone was 150 KB of code): the field operations are always
 * inlined (the speed), the template's functions are compiled for size
 * (clang's minsize) with the rounds as loops, the partial rounds' unit of
 * diagonal work is out of line, and the module links no portable batch
 * kernel beside it (HB_PAD_ONE here, batch.c's table). 1 MiB root: 1.4 to
 * 1.5x faster than the portable C module (docs/js.md, "SIMD128").
 */
#if defined(__wasm_simd128__)
#include "core/util.h"
/* the field operations always inline (each is a few dozen instructions) */
#undef ZKP_INLINE
#define ZKP_INLINE static inline __attribute__((always_inline))
#include "goldilocks/gl_wasm_simd128.h"
#undef ZKP_INLINE
#define ZKP_INLINE static inline
#undef ZKP_UNROLL
#define ZKP_UNROLL /* the rounds as loops, whatever the build (ZKP_SMALL_CODE's form) */

#define HB_STREAM_FENCE() ((void)0) /* HB_STREAM is a plain store */
#define HB_PAD_ONE 1                /* no call into the portable kernel (batch.c) */
#define HB_WORK_INLINE static ZKP_NOINLINE

#pragma clang attribute push(__attribute__((minsize)), apply_to = function)
#define TMPL_SUFFIX wasm_simd128
#include "hemera/batch_simd_tmpl.h"
#pragma clang attribute pop
#else
typedef int zkpi_hb_wasm_simd128_unused; /* ISO C: a translation unit is not empty */
#endif
