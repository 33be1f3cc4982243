/*
 * The HorizenLabs Poseidon2 reference instances, public API
 * (include/zkprim/poseidon2.h, "HorizenLabs reference instances"): input
 * checks, conversion in and out of each field's kernel form, and the
 * portable permutation of horizen_tmpl.h instantiated three times: over
 * BabyBear (src/field31/monty31.h), Goldilocks (src/goldilocks/gl.h) and the
 * generic 255-bit layer (src/field255/f255.h, BN254 / BLS12-381 / Pallas /
 * Vesta). Constants: horizen_constants.c (gen/poseidon2_horizen.py).
 * The BabyBear entry points run the 31-bit kernels (perm31_tmpl.h,
 * single31_tmpl.h) in their HorizenLabs form instead; the portable
 * permutation here stays as their test oracle's twin and the constant-time
 * test's entry point.
 */
#include <stddef.h>
#include <stdint.h>

#include "field255/f255.h"
#include "field31/monty31.h"
#include "goldilocks/gl.h"
#include "poseidon2/horizen.h"
#include "poseidon2/params.h"
#include "zkprim/poseidon2.h"

/* ---- BabyBear: Montgomery form in uint32_t -------------------------------- */

ZKP_INLINE void p2h_bb_add(int c, uint32_t *r, const uint32_t *a, const uint32_t *b) {
    (void)c;
    *r = zkpi_f31_add(*a, *b, ZKPI_BABYBEAR_P);
}
ZKP_INLINE void p2h_bb_mul(int c, uint32_t *r, const uint32_t *a, const uint32_t *b) {
    (void)c;
    *r = zkpi_f31_mul(*a, *b, ZKPI_BABYBEAR_P, ZKPI_BABYBEAR_PINV);
}
#define HZ_FE uint32_t
#define HZ_CTX int
#define HZ_ADD p2h_bb_add
#define HZ_MUL p2h_bb_mul
#define HZ_NAME(x) p2h_bb_##x
#include "poseidon2/horizen_tmpl.h"
#undef HZ_FE
#undef HZ_CTX
#undef HZ_ADD
#undef HZ_MUL
#undef HZ_NAME

/* ---- Goldilocks: any uint64_t representative, made canonical at the end -- */

ZKP_INLINE void p2h_gl_add(int c, uint64_t *r, const uint64_t *a, const uint64_t *b) {
    (void)c;
    *r = gl_add_ct(*a, *b);
}
ZKP_INLINE void p2h_gl_mul(int c, uint64_t *r, const uint64_t *a, const uint64_t *b) {
    (void)c;
    *r = gl_mul_ct(*a, *b);
}
#define HZ_FE uint64_t
#define HZ_CTX int
#define HZ_ADD p2h_gl_add
#define HZ_MUL p2h_gl_mul
#define HZ_NAME(x) p2h_gl_##x
#include "poseidon2/horizen_tmpl.h"
#undef HZ_FE
#undef HZ_CTX
#undef HZ_ADD
#undef HZ_MUL
#undef HZ_NAME

/* ---- 255-bit fields: Montgomery form, the field passed along ------------- */

#define HZ_FE zkpi_f255
#define HZ_CTX const zkpi_f255_field *
#define HZ_ADD zkpi_f255_add
#define HZ_MUL zkpi_f255_mul
#define HZ_NAME(x) p2h_big_##x
#include "poseidon2/horizen_tmpl.h"
#undef HZ_FE
#undef HZ_CTX
#undef HZ_ADD
#undef HZ_MUL
#undef HZ_NAME

/* ---- public entry points -------------------------------------------------- */

/* The table entry of width t, or NULL (tables end with t = 0). */
#define P2H_FIND(table, width, out)                                                                    \
    do {                                                                                               \
        (out) = NULL;                                                                                  \
        for (size_t i_ = 0; (table)[i_].t; i_++)                                                       \
            if ((table)[i_].t == (width)) (out) = &(table)[i_];                                        \
    } while (0)

/* The permutations on canonical elements, no checks (the caller's; also the
 * constant-time test's entry points, tests/ct/ct_poseidon2.c). */
void zkpi_p2h_babybear_run(const zkpi_p2h_inst32 *in, uint32_t *state) {
    uint32_t s[ZKPI_P2H_MAX_WIDTH];
    for (size_t i = 0; i < in->t; i++)
        s[i] = zkpi_f31_to_mont(state[i], ZKPI_BABYBEAR_P, ZKPI_BABYBEAR_PINV, ZKPI_BABYBEAR_R2);
    p2h_bb_permute(0, s, in->t, in->alpha, in->rf, in->rp, in->rc, in->diag);
    for (size_t i = 0; i < in->t; i++) state[i] = zkpi_f31_from_mont(s[i], ZKPI_BABYBEAR_P, ZKPI_BABYBEAR_PINV);
}

void zkpi_p2h_goldilocks_run(const zkpi_p2h_inst64 *in, uint64_t *state) {
    p2h_gl_permute(0, state, in->t, in->alpha, in->rf, in->rp, in->rc, in->diag);
    for (size_t i = 0; i < in->t; i++) state[i] = gl_canon_ct(state[i]);
}

void zkpi_p2h_big_run(const zkpi_p2h_inst255 *in, zkp_poseidon_fr *state) {
    zkpi_f255 s[ZKPI_P2H_MAX_WIDTH_255];
    for (size_t i = 0; i < in->t; i++) zkpi_f255_to_mont(in->field, &s[i], state[i].limb);
    p2h_big_permute(in->field, s, in->t, in->alpha, in->rf, in->rp, in->rc, in->diag);
    for (size_t i = 0; i < in->t; i++) zkpi_f255_from_mont(in->field, state[i].limb, &s[i]);
}

/* A BabyBear instance as the 31-bit kernels take it (params.h): the
 * constants are already in their Montgomery form. */
int zkpi_p2h_babybear_kernel_inst(size_t width, zkpi_p2_inst *out) {
    const zkpi_p2h_inst32 *in;
    P2H_FIND(zkpi_p2h_babybear, width, in);
    if (!in) return 0;
    *out = (zkpi_p2_inst){ZKPI_BABYBEAR_P, ZKPI_BABYBEAR_PINV, ZKPI_BABYBEAR_R2, in->t, in->rp, in->alpha,
                          in->rc, in->diag, ZKPI_P2_FORM_HORIZEN};
    return 1;
}

/* Both BabyBear entry points: the 31-bit entry points' checks and kernels
 * (poseidon2.c); one state on the single-state kernel, more batched. */
static zkp_status p2h_babybear(uint32_t *states, size_t width, size_t n) {
    zkpi_p2_inst in;
    if (!zkpi_p2h_babybear_kernel_inst(width, &in)) return ZKP_ERR_COUNT;
    return zkpi_p2_31_permute_checked(&in, states, n, n > 1);
}

zkp_status zkp_poseidon2_horizen_babybear_permute(uint32_t *state, size_t width) {
    return p2h_babybear(state, width, 1);
}
zkp_status zkp_poseidon2_horizen_babybear_permute_batch(uint32_t *states, size_t width, size_t n) {
    return p2h_babybear(states, width, n);
}

zkp_status zkp_poseidon2_horizen_goldilocks_permute(uint64_t *state, size_t width) {
    const zkpi_p2h_inst64 *in;
    P2H_FIND(zkpi_p2h_goldilocks, width, in);
    if (!in) return ZKP_ERR_COUNT;
    if (!state) return ZKP_ERR_NULL;
    uint64_t ok = 1;
    for (size_t i = 0; i < width; i++) ok &= state[i] < GL_P;
    if (!ok) return ZKP_ERR_RANGE;
    zkpi_p2h_goldilocks_run(in, state);
    return ZKP_OK;
}

static zkp_status p2h_big(const zkpi_p2h_inst255 *table, zkp_poseidon_fr *state, size_t width) {
    const zkpi_p2h_inst255 *in;
    P2H_FIND(table, width, in);
    if (!in) return ZKP_ERR_COUNT;
    if (!state) return ZKP_ERR_NULL;
    int ok = 1;
    for (size_t i = 0; i < width; i++) ok &= zkpi_f255_is_canonical(in->field, state[i].limb);
    if (!ok) return ZKP_ERR_RANGE;
    zkpi_p2h_big_run(in, state);
    return ZKP_OK;
}

zkp_status zkp_poseidon2_horizen_bn254_permute(zkp_poseidon_fr *state, size_t width) {
    return p2h_big(zkpi_p2h_bn254, state, width);
}
zkp_status zkp_poseidon2_horizen_bls12_381_permute(zkp_poseidon_fr *state, size_t width) {
    return p2h_big(zkpi_p2h_bls12_381, state, width);
}
zkp_status zkp_poseidon2_horizen_pallas_permute(zkp_poseidon_fr *state, size_t width) {
    return p2h_big(zkpi_p2h_pallas, state, width);
}
zkp_status zkp_poseidon2_horizen_vesta_permute(zkp_poseidon_fr *state, size_t width) {
    return p2h_big(zkpi_p2h_vesta, state, width);
}
