/*
 * Goldilocks vector layer for WebAssembly SIMD128: 2 lanes of v128_t (the
 * type gl2_t, generic name V), for files compiled with clang -msimd128
 * (hemera/batch_wasm_simd128.c, the JS package's SIMD build). It defines
 * the primitives of gl_vec_tmpl.h, which then defines the field operations
 * (glv_*, V_<OP>) as for AVX2 and AVX-512; this layer brings its own
 * 64x64 -> 128 products (V_HAVE_MUL_WIDE) and its own times-E.
 *
 * Why the products are shaped as they are: SIMD128's only widening multiply
 * is i64x2.extmul_{low,high}_i32x4_u, which multiplies dwords 0, 1 (low) or
 * 2, 3 (high) of its operands, not the low dword of each 64-bit lane as
 * x86's pmuludq does (V8 itself emits two unpacks and a pmuludq for each).
 * So an operand is first put in "split" order, one i32x4 shuffle:
 * [a0.lo, a1.lo, a0.hi, a1.hi] (lane 0 and lane 1 of the pair); then
 * extmul_low(A, B) = lo*lo and extmul_high(A, B) = hi*hi of both lanes,
 * and with B's halves swapped ([b0.hi, b1.hi, b0.lo, b1.lo]) the two cross
 * products: four partial products from four extmuls and three shuffles
 * (two for a constant b, whose shuffles fold; a square needs three extmuls).
 *
 * SIMD128 has a signed 64-bit compare (i64x2.gt_s) and no unsigned one:
 * carries are found as on AVX2, by comparing values with the sign bit
 * flipped (the "biased" form of gl_vec_tmpl.h), and corrections are added
 * through and-masks. Everything is branch-free and reads no address that
 * depends on the values (constant time, as every vector layer).
 */
#ifndef ZKPRIM_GOLDILOCKS_GL_WASM_SIMD128_H
#define ZKPRIM_GOLDILOCKS_GL_WASM_SIMD128_H

#include <stdint.h>
#include <wasm_simd128.h>

#include "core/util.h"
#include "core/verify.h"
#include "goldilocks/gl.h"

typedef v128_t gl2_t;
typedef v128_t gl2_mask; /* per lane all ones or all zeros */
typedef gl2_t V;
typedef gl2_mask V_MASK;
#define V_LANES 2
#define V_ISA "wasm_simd128"

/* Verification build (core/verify.h): every lane of v is <= max. */
ZKP_VERIFY_HELPER int V_VERIFY_LE(v128_t v, uint64_t max) {
    return (uint64_t)wasm_i64x2_extract_lane(v, 0) <= max && (uint64_t)wasm_i64x2_extract_lane(v, 1) <= max;
}

#define V_SET1(x) wasm_i64x2_splat((int64_t)(x))
#define V_ZERO() wasm_i64x2_splat(0)
#define V_LOAD(p) wasm_v128_load((const void *)(p))
#define V_STORE(p, v) wasm_v128_store((void *)(p), (v))
#define V_LOADU V_LOAD /* SIMD128 loads and stores take any alignment */
#define V_STOREU V_STORE
#define V_ADD64(a, b) wasm_i64x2_add((a), (b))
#define V_SUB64(a, b) wasm_i64x2_sub((a), (b))
#define V_LO32(a) wasm_v128_and((a), V_SET1(GL_E))
#define V_HI32(a) wasm_u64x2_shr((a), 32)
#define V_HI32_SHUF(a) V_HI32(a) /* a shift is one instruction; a zeroing shuffle is not */
/* the high dword of each lane in its low dword (only a product operand) */
#define V_HI32_MULOP(a) wasm_i32x4_shuffle((a), (a), 1, 1, 3, 3)
#define V_SHL32(a) wasm_i64x2_shl((a), 32)
#define V_LO_MERGE(a, b) wasm_i32x4_shuffle((a), (b), 0, 4, 2, 6)
/* the low dword of each lane times E = 2^32 - 1: (x << 32) - lo32(x), three
 * plain operations instead of two shuffles and an extmul (glv_reduce128) */
#define V_MUL_E(x) wasm_i64x2_sub(wasm_i64x2_shl((x), 32), V_LO32(x))

/* A compare's lane mask hidden from LLVM (an empty asm: no instruction).
 * Seen through, LLVM turns "x + (mask & y)" into x + select(mask, y, 0), a
 * v128.bitselect, which V8 lowers to three instructions instead of one and
 * (about 10% of a product, measured). */
ZKP_INLINE v128_t gl2_opaque(v128_t m) {
    __asm__("" : "+r"(m));
    return m;
}

/* carries: sign-flipped values compare like unsigned ones under i64x2.gt_s */
#define V_BIAS(x) wasm_v128_xor((x), V_SET1(0x8000000000000000ull))
#define V_UNBIAS(x) V_BIAS(x)
#define V_CARRY(a, b, s) gl2_opaque(wasm_i64x2_gt(V_BIAS(b), V_BIAS(s))) /* s < b */
#define V_CARRY_IN(m, a, b, s) wasm_v128_and((m), V_CARRY(a, b, s))
#define V_CARRY_B(a, b, s) gl2_opaque(wasm_i64x2_gt((a), (s)))  /* s < a, biased */
#define V_BORROW_B(a, b, d) gl2_opaque(wasm_i64x2_gt((d), (a))) /* d > a, biased */
#define V_ADD_IF(x, m, y) wasm_i64x2_add((x), wasm_v128_and((m), (y)))
#define V_SUB_IF(x, m, y) wasm_i64x2_sub((x), wasm_v128_and((m), (y)))
#define V_INC_IF(x, m) wasm_i64x2_sub((x), (m)) /* minus all-ones = +1 */
#define V_SUB_P_GE(x) \
    wasm_i64x2_sub((x), wasm_v128_andnot(V_SET1(GL_P), gl2_opaque(wasm_i64x2_gt(V_BIAS(V_SET1(GL_P)), V_BIAS(x)))))
#define V_EQ0(x) wasm_i64x2_eq((x), V_ZERO())
#define V_ONE_IF(x, m) wasm_v128_bitselect(V_SET1(1), (x), (m))
#define V_ZERO_IF(x, m) wasm_v128_andnot((x), (m))

#define V_HAVE_MUL_WIDE 1
#include "goldilocks/gl_vec_tmpl.h"

/* i64x2.extmul_{low,high}_i32x4_u written as the instruction: clang 14's
 * wasm_simd128.h spells them mul(extend(a), extend(b)), and once LLVM
 * hoists a constant operand's extend out of a loop (M_I's diagonal) it no
 * longer matches the pair as one extmul but emits the extends and an
 * i64x2.mul, which V8 lowers to eight x86 instructions instead of three
 * (a third of the kernel's time, measured). */
ZKP_INLINE v128_t gl2_extmul_lo(v128_t a, v128_t b) {
    v128_t r;
    __asm__("local.get %1\n\tlocal.get %2\n\ti64x2.extmul_low_i32x4_u\n\tlocal.set %0" : "=r"(r) : "r"(a), "r"(b));
    return r;
}
ZKP_INLINE v128_t gl2_extmul_hi(v128_t a, v128_t b) {
    v128_t r;
    __asm__("local.get %1\n\tlocal.get %2\n\ti64x2.extmul_high_i32x4_u\n\tlocal.set %0" : "=r"(r) : "r"(a), "r"(b));
    return r;
}

/* a*b as hi:lo (glv_combine of gl_vec_tmpl.h) from operands in split
 * order: A = [a0.lo, a1.lo, a0.hi, a1.hi], B the same for b, Bs = B with its
 * halves swapped. bh holds b's high dwords in the low dwords
 * (V_HI32_MULOP(b), or a splat b >> 32 for a constant), as there. */
ZKP_INLINE void glv_mul_wide(V a, V b, V bh, V *lo, V *hi) {
    V A = wasm_i32x4_shuffle(a, a, 0, 2, 1, 3);
    V B = wasm_i32x4_shuffle(b, bh, 0, 2, 4, 6);
    V Bs = wasm_i32x4_shuffle(bh, b, 0, 2, 4, 6);
    glv_combine(gl2_extmul_lo(A, B), gl2_extmul_lo(A, Bs),
                gl2_extmul_hi(A, Bs), gl2_extmul_hi(A, B), lo, hi);
}

/* a^2 as hi:lo: the two cross products are equal, one extmul fewer. */
ZKP_INLINE void glv_sqr_wide(V a, V *lo, V *hi) {
    V A = wasm_i32x4_shuffle(a, a, 0, 2, 1, 3);
    V As = wasm_i32x4_shuffle(a, a, 1, 3, 0, 2);
    V lh = gl2_extmul_lo(A, As);
    glv_combine(gl2_extmul_lo(A, A), lh, lh, gl2_extmul_hi(A, A), lo, hi);
}

#endif
