/* The circom Poseidon constants of one width, generated at run time (see
 * poseidon_gen.c) so that a one-arity WebAssembly module ships code, not
 * tables. */
#ifndef ZKPRIM_JS_POSEIDON_GEN_H
#define ZKPRIM_JS_POSEIDON_GEN_H

#include <stdint.h>

#define ZKPI_JSP_RF 8
#define ZKPI_JSP_RP_MAX 70
/* R_P of width t = 2..17 (gen/poseidon_constants.py's RP). */
#define ZKPI_JSP_RP(t) ((const unsigned char[18]){0, 0, 56, 57, 56, 60, 60, 63, 64, 63, 60, 66, 60, 65, 70, 60, 64, 68}[t])

/* Width t's dense round constants ((R_F + R_P) t elements, round by round)
 * and MDS matrix (t x t, row-major: new lane i = sum_j mds[i t + j] lane j),
 * eight 32-bit limbs each, little-endian, Montgomery form: the values of
 * tests/ref/poseidon_constants_dense.c's rc_tT and constants_sparse.c's
 * mds_tT (ctest poseidon_jsgen compares them). */
void zkpi_jsp_gen(unsigned t, uint32_t *rc, uint32_t *mds);

/* The sparse-MDS form of those constants (the library's tables): sc
 * (8t + R_P folded round constants, constants_sparse.c's sc_tT), ss
 * ((2t - 1) R_P: each partial round's [a00, v, w], tests/ref's ss_tT) and
 * pm (the pre-sparse t x t matrix, sp_tT), from rc and mds; work holds
 * ZKPI_JSP_WORK(t) elements. */
#define ZKPI_JSP_WORK(t) (6 * (t) * (t) + (ZKPI_JSP_RF + ZKPI_JSP_RP_MAX) * (t))
void zkpi_jsp_sparse(unsigned t, const uint32_t *rc, const uint32_t *mds, uint32_t *sc, uint32_t *ss,
                     uint32_t *pm, uint32_t *work);

#endif
