/*
 * The HorizenLabs Poseidon2 reference instances (github.com/HorizenLabs/
 * poseidon2, plain_implementations/src/poseidon2/): their shapes and where
 * the generated constants are (horizen_constants.c, gen/poseidon2_horizen.py).
 * One portable permutation, horizen_tmpl.h, instantiated per field layer in
 * horizen.c; the public entry points are in include/zkprim/poseidon2.h.
 *
 * Each instance table lists one field's widths in the reference's order and
 * ends with a t = 0 entry. rc holds R_F * t + R_P constants in round order,
 * diag the t internal-diagonal entries (NULL for t = 2 and 3, whose internal
 * matrices are fixed), both in the kernel's representation.
 */
#ifndef ZKPRIM_POSEIDON2_HORIZEN_H
#define ZKPRIM_POSEIDON2_HORIZEN_H

#include <stddef.h>
#include <stdint.h>

#include "field255/f255.h"
#include "zkprim/poseidon.h"

#define ZKPI_P2H_MAX_WIDTH 24     /* BabyBear t = 24 */
#define ZKPI_P2H_MAX_WIDTH_255 8  /* BLS12-381 and Pallas t = 8 */

typedef struct zkpi_p2h_inst32 {
    unsigned t, alpha, rf, rp;
    const uint32_t *rc, *diag; /* BabyBear, Montgomery form (R = 2^32) */
} zkpi_p2h_inst32;

typedef struct zkpi_p2h_inst64 {
    unsigned t, alpha, rf, rp;
    const uint64_t *rc, *diag; /* Goldilocks, canonical */
} zkpi_p2h_inst64;

typedef struct zkpi_p2h_inst255 {
    unsigned t, alpha, rf, rp;
    const zkpi_f255_field *field;
    const zkpi_f255 *rc, *diag; /* Montgomery form (R = 2^256) */
} zkpi_p2h_inst255;

extern const zkpi_f255_field zkpi_f255_bn254, zkpi_f255_bls12_381, zkpi_f255_pallas, zkpi_f255_vesta;
extern const zkpi_p2h_inst32 zkpi_p2h_babybear[3];
extern const zkpi_p2h_inst64 zkpi_p2h_goldilocks[5];
extern const zkpi_p2h_inst255 zkpi_p2h_bn254[2], zkpi_p2h_bls12_381[5], zkpi_p2h_pallas[4], zkpi_p2h_vesta[2];

/* Instance in's permutation of in->t canonical elements in place, without
 * the public functions' checks (horizen.c). Constant time. */
void zkpi_p2h_babybear_run(const zkpi_p2h_inst32 *in, uint32_t *state);
void zkpi_p2h_goldilocks_run(const zkpi_p2h_inst64 *in, uint64_t *state);
void zkpi_p2h_big_run(const zkpi_p2h_inst255 *in, zkp_poseidon_fr *state);

/* The BabyBear instance of width 16 or 24 in the 31-bit kernels' form
 * (params.h, form ZKPI_P2_FORM_HORIZEN) into *out: 1, or 0 for another
 * width. For the tests and the bench, which call the kernels directly. */
struct zkpi_p2_inst;
int zkpi_p2h_babybear_kernel_inst(size_t width, struct zkpi_p2_inst *out);

#endif
