/*
 * Hemera's external matrix M_E in the scalar single permutation (portable
 * and bmi2 kernels): the one place that does not use rounds_tmpl.h's
 * hr_mat_ext, because on one scalar lane whole-word 128-bit lazy sums
 * (gl_w) are cheaper than 32-bit halves: 2,200 fewer instructions per
 * permutation and measured faster (docs/hemera.md, "One definition of the
 * round pieces"). Every other kernel, the vector single permutations and
 * the batch kernels, uses hr_mat_ext.
 *
 * Any u64 inputs, any-u64 outputs (reduced from lazy 128-bit sums).
 * Additions are exact in 128 bits: every M_E output is a combination with
 * coefficients summing to 35 (< 2^6), so the high word stays below 2^6 and
 * gl_reduce_small applies. Branch-free, hence also the constant-time form.
 */
#ifndef ZKPRIM_HEMERA_LINEAR_H
#define ZKPRIM_HEMERA_LINEAR_H

#include <stdint.h>

#include "goldilocks/gl.h"

/* y = M4 x on lazy 128-bit values: the addition-only schedule of spec 2.1
 * (coefficients of one output sum to 7, so inputs < B give outputs < 7B). */
ZKP_INLINE void hemera_m4_wide(gl_w y[4], gl_w x0, gl_w x1, gl_w x2, gl_w x3) {
    gl_w s01 = gl_w_add(x0, x1);
    gl_w s23 = gl_w_add(x2, x3);
    gl_w s = gl_w_add(s01, s23);
    gl_w u = gl_w_add(s, x1);
    gl_w v = gl_w_add(s, x3);
    y[0] = gl_w_add(u, s01);
    y[1] = gl_w_add(u, gl_w_dbl(x2));
    y[2] = gl_w_add(v, s23);
    y[3] = gl_w_add(v, gl_w_dbl(x0));
}

ZKP_INLINE gl_w hemera_sum4(uint64_t a, uint64_t b, uint64_t c, uint64_t d) {
    return gl_w_add64(gl_w_add64(gl_w_add64(gl_w_from(a), b), c), d);
}

/* External matrix M_E (diagonal blocks 2*M4, off-diagonal M4) on 16 lanes.
 * Inputs any u64, outputs any u64; branch-free (also the constant-time form).
 * By linearity the column sums t_k = sum_c (M4 x_c)[k] equal M4(sum_c x_c)[k],
 * so: z = x_0 + x_1 + x_2 + x_3 (< 4*2^64), t = M4 z (< 28*2^64, reduced to
 * u64), out_c = M4 x_c + t (< 8*2^64): few wide values live at once. */
ZKP_INLINE void hemera_mat_ext(uint64_t st[16]) {
    gl_w y[4];
    hemera_m4_wide(y, hemera_sum4(st[0], st[4], st[8], st[12]), hemera_sum4(st[1], st[5], st[9], st[13]),
                   hemera_sum4(st[2], st[6], st[10], st[14]), hemera_sum4(st[3], st[7], st[11], st[15]));
    for (int k = 0; k < 4; k++) ZKP_VERIFY_CHECK(y[k].hi < 28, "hemera_mat_ext column sum t = M4 z < 28 2^64");
    uint64_t t0 = gl_w_reduce_small(y[0]), t1 = gl_w_reduce_small(y[1]);
    uint64_t t2 = gl_w_reduce_small(y[2]), t3 = gl_w_reduce_small(y[3]);
    for (int c = 0; c < 4; c++) {
        uint64_t *x = st + 4 * c;
        hemera_m4_wide(y, gl_w_from(x[0]), gl_w_from(x[1]), gl_w_from(x[2]), gl_w_from(x[3]));
        for (int k = 0; k < 4; k++)
            ZKP_VERIFY_CHECK(y[k].hi < 7, "hemera_mat_ext M4 x_c < 7 2^64 (+ t: < 8 2^64)");
        x[0] = gl_w_reduce_small(gl_w_add64(y[0], t0));
        x[1] = gl_w_reduce_small(gl_w_add64(y[1], t1));
        x[2] = gl_w_reduce_small(gl_w_add64(y[2], t2));
        x[3] = gl_w_reduce_small(gl_w_add64(y[3], t3));
    }
}

#endif
