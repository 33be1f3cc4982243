/*
 * AVX-512 batched Hemera permutation: 8 lanes per zmm; groups of 8..64
 * states. The algorithm is batch_simd_tmpl.h; the arithmetic is the 8-lane
 * Goldilocks layer (goldilocks/gl_avx512.h).
 */
#include "goldilocks/gl_avx512.h"

/* Witness rows (batch_trace_tmpl.h): r[k] = word k of 8 lanes becomes
 * r[l] = words 0..7 of lane l; an 8x8 transpose of 64-bit elements in
 * three stages (pairs of elements, 128-bit blocks, 256-bit halves). */
#define HB_HAVE_TRANSPOSE 1
#define HB_STREAM(p, v) _mm512_stream_si512((void *)(p), (v))
ZKP_INLINE void hb_transpose(V r[8]) {
    V a[4], b[4], c[4];
    for (int k = 0; k < 4; k++) {
        a[k] = _mm512_unpacklo_epi64(r[2 * k], r[2 * k + 1]); /* (r0[0] r1[0]) (r0[2] r1[2]) ... */
        b[k] = _mm512_unpackhi_epi64(r[2 * k], r[2 * k + 1]); /* (r0[1] r1[1]) (r0[3] r1[3]) ... */
    }
    /* blocks: c[0] = (0,4 of pair 01 | 0,4 of pair 23), c[1] = the 2,6s */
    c[0] = _mm512_shuffle_i64x2(a[0], a[1], 0x88);
    c[1] = _mm512_shuffle_i64x2(a[0], a[1], 0xDD);
    c[2] = _mm512_shuffle_i64x2(a[2], a[3], 0x88);
    c[3] = _mm512_shuffle_i64x2(a[2], a[3], 0xDD);
    r[0] = _mm512_shuffle_i64x2(c[0], c[2], 0x88);
    r[4] = _mm512_shuffle_i64x2(c[0], c[2], 0xDD);
    r[2] = _mm512_shuffle_i64x2(c[1], c[3], 0x88);
    r[6] = _mm512_shuffle_i64x2(c[1], c[3], 0xDD);
    c[0] = _mm512_shuffle_i64x2(b[0], b[1], 0x88);
    c[1] = _mm512_shuffle_i64x2(b[0], b[1], 0xDD);
    c[2] = _mm512_shuffle_i64x2(b[2], b[3], 0x88);
    c[3] = _mm512_shuffle_i64x2(b[2], b[3], 0xDD);
    r[1] = _mm512_shuffle_i64x2(c[0], c[2], 0x88);
    r[5] = _mm512_shuffle_i64x2(c[0], c[2], 0xDD);
    r[3] = _mm512_shuffle_i64x2(c[1], c[3], 0x88);
    r[7] = _mm512_shuffle_i64x2(c[1], c[3], 0xDD);
}

#define TMPL_SUFFIX avx512
#include "hemera/batch_simd_tmpl.h"
