/*
 * Goldilocks "vector" layer of one lane: V = uint64_t, the scalar field of
 * gl.h under the names of the vector layers (gl_avx2.h, gl_avx512.h), so
 * code written over V (hemera/rounds_tmpl.h, the trace stores of
 * hemera/batch_trace_tmpl.h) compiles to plain scalar code as its one-lane
 * case (the way Plonky3's packed fields treat the scalar field as width 1).
 * A file includes one vector layer and defines no V of its own.
 *
 * Only the operations those users need; same bounds as gl.h.
 * V_ADD_1C_CT is the constant-time form (the vector layers have no
 * branches, so there it is V_ADD_1C).
 */
#ifndef ZKPRIM_GOLDILOCKS_GL_LANE1_H
#define ZKPRIM_GOLDILOCKS_GL_LANE1_H

#include <stdint.h>

#include "core/verify.h"
#include "goldilocks/gl.h"

typedef uint64_t V;
#define V_LANES 1
#define V_ISA "scalar"

/* Verification build (core/verify.h): the lane is <= max. */
ZKP_VERIFY_HELPER int V_VERIFY_LE(uint64_t v, uint64_t max) { return v <= max; }

#define V_SET1(x) ((uint64_t)(x))
#define V_LOAD(p) (*(p))
#define V_STORE(p, v) (*(p) = (v))
#define V_STOREU V_STORE
#define V_ADD64(a, b) ((a) + (b))
#define V_LO32(a) ((a)&GL_E)
#define V_HI32(a) ((a) >> 32)

#define V_ADD_1C gl_add_1c
#define V_ADD_1C_CT gl_add_1c_ct
#define V_CANON gl_canon
#define V_MUL gl_mul
#define V_SQR gl_sqr
#define V_RECOMBINE gl_recombine

#endif
