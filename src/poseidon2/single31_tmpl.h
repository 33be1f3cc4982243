/*
 * Poseidon2 over a 31-bit Montgomery field, one state across the lanes: the
 * t elements of a single state in t / V_LANES vectors (t = 16: one zmm or
 * two ymm; t = 24: three ymm), for the single permutation, the sponge and
 * the compression, where the batch kernels (perm31_tmpl.h, one state per
 * lane) have nothing to fill their lanes with. Template parameters
 * (docs/internals.md):
 *   a packed field31 layer included first (monty31_avx2.h, monty31_avx512.h):
 *     V, V_LANES, V_SET1, V_LOADU, V_STOREU, V_ADD32, V_SUB32, f31v_field_of,
 *     f31v_add, f31v_mul, f31v_mul_lazy, f31v_canon
 *   S_SWAP2(x)    within each 128-bit block (four lanes, one M4 chunk), lane i
 *                 gets lane i ^ 2; S_SWAP1(x): lane i ^ 1; S_ROT1(x): lane
 *                 (i + 1) mod 4; S_ODD(x): lane i | 1
 *   S_BLOCKSUM(x, f)  every 128-bit block replaced by the sum mod p of all
 *                 the blocks of x
 *   S_BLEND0(a, b)    lane 0 of b, the other lanes of a; S_BLEND_EVEN(a, b):
 *                 the even lanes of b, the odd ones of a; S_ZERO0(a): lane 0
 *                 set to 0; S_LANE0(a): lane 0 as a uint32_t
 * Defines s_single(in, state) for in->t a multiple of V_LANES; the kernel
 * file wraps it as zkpi_p2_31_single_<isa> (params.h). The round structure
 * is params.h's and perm31_tmpl.h's, in either matrix form (in->form);
 * what differs is where the lanes go:
 * M4 is lane shuffles inside each 128-bit block, the column sums of the external layer and the sum of the internal
 * layer are horizontal reductions (block sums), and in the partial rounds
 * lane 0 is a scalar (s_partial_rounds). No data-dependent branch or index:
 * the kernel is as constant-time as the batch ones.
 * The internal diagonal is one Montgomery product by D (in->diag): the
 * shift-and-add form of diag31.h has a different shift per lane, which a
 * vector would pay for in blends.
 */
#include <stddef.h>
#include <stdint.h>

#include "field31/monty31.h"
#include "poseidon2/params.h"

#ifdef __GNUC__
#define S_UNROLL _Pragma("GCC unroll 8")
#else
#define S_UNROLL
#endif

/* The S-box of x + c for canonical x and c: x + c - p lies in [-p, p)
 * with no reduction, and the powers are lazy products (monty31_vec.h:
 * operands |.| <= p, results in (-p, p)) with one correction at the end. */
ZKP_INLINE V s_sbox(V x, V c, unsigned alpha, const f31v_field *f) {
    V y = V_SUB32(V_ADD32(x, c), f->p);
    V y2 = f31v_mul_lazy(y, y, f);
    V y3 = f31v_mul_lazy(y2, y, f);
    if (alpha == 3) return f31v_canon(y3, f);
    return f31v_canon(f31v_mul_lazy(y3, f31v_mul_lazy(y2, y2, f), f), f); /* alpha = 7 */
}

/* M4 = circ(2, 3, 1, 1) on each block of four lanes: y_i = s + x_i + 2 x_{i+1}
 * with s the block's sum (two shuffle-adds leave it in every lane). */
ZKP_INLINE V s_m4(V x, const f31v_field *f) {
    V u = f31v_add(x, S_SWAP2(x), f);
    V s = f31v_add(u, S_SWAP1(u), f);
    V r = S_ROT1(x);
    return f31v_add(f31v_add(s, x, f), f31v_add(r, r, f), f);
}

/* The HorizenLabs M4, [[5,7,1,3],[4,6,1,1],[1,3,5,7],[1,1,4,6]], on each
 * block: rows 0 and 2 are the same function of (own pair, other pair), rows
 * 1 and 3 too. With A the sum of a lane's pair, B the other pair's, o the
 * odd element of its pair and o' the other pair's: odd rows 4A + B + 2o,
 * even rows that plus A + 2o'. */
ZKP_INLINE V s_m4_horizen(V x, const f31v_field *f) {
    V a = f31v_add(x, S_SWAP1(x), f), b = S_SWAP2(a);
    V o = S_ODD(x), o2 = S_SWAP2(o);
    V a2 = f31v_add(a, a, f);
    V odd = f31v_add(f31v_add(f31v_add(a2, a2, f), b, f), f31v_add(o, o, f), f);
    V even = f31v_add(odd, f31v_add(a, f31v_add(o2, o2, f), f), f);
    return S_BLEND_EVEN(odd, even);
}

/* M_E: M4 on every chunk, then every lane plus its column's sum over the
 * chunks (chunks are the 128-bit blocks of all nv vectors); form a literal
 * at every call. */
ZKP_INLINE void s_external(V *v, unsigned nv, unsigned form, const f31v_field *f) {
    S_UNROLL
    for (unsigned j = 0; j < nv; j++) v[j] = form == ZKPI_P2_FORM_HORIZEN ? s_m4_horizen(v[j], f) : s_m4(v[j], f);
    V col = v[0];
    S_UNROLL
    for (unsigned j = 1; j < nv; j++) col = f31v_add(col, v[j], f);
    col = S_BLOCKSUM(col, f);
    S_UNROLL
    for (unsigned j = 0; j < nv; j++) v[j] = f31v_add(v[j], col, f);
}

/* The sum of all the lanes of the nv vectors, in every lane. */
ZKP_INLINE V s_hsum(const V *v, unsigned nv, const f31v_field *f) {
    V sum = v[0];
    S_UNROLL
    for (unsigned j = 1; j < nv; j++) sum = f31v_add(sum, v[j], f);
    sum = S_BLOCKSUM(sum, f);
    sum = f31v_add(sum, S_SWAP2(sum), f);
    return f31v_add(sum, S_SWAP1(sum), f);
}

/* The S-box on one element (the partial rounds' lane 0), scalar. */
ZKP_INLINE uint32_t s_sbox1(uint32_t x, unsigned alpha, uint32_t p, uint32_t pinv) {
    uint32_t x2 = zkpi_f31_mul(x, x, p, pinv), x3 = zkpi_f31_mul(x2, x, p, pinv);
    if (alpha == 3) return x3;
    return zkpi_f31_mul(x3, zkpi_f31_mul(x2, x2, p, pinv), p, pinv);
}

/* R_P partial rounds. Lane 0 leaves the vectors for a scalar (its slot held
 * at 0), so its chain (add the constant, S-box, M_I) does not wait for the
 * horizontal sum of the others, which runs beside it: with r = the sum of
 * lanes 1..t-1 and y = S(x0 + c), M_I gives lane i > 0 r + y + D_i x_i and
 * lane 0 r + y + D_0 y: r - y in Plonky3's form, where D_0 = -2 in every
 * instance (diag31.h; ctest poseidon2 pins it), one scalar product in the
 * HorizenLabs form. */
ZKP_INLINE void s_partial_rounds(V *v, unsigned nv, unsigned alpha, unsigned form, const zkpi_p2_inst *in,
                                 const uint32_t *rc, const V *diag, const f31v_field *f) {
    const uint32_t p = in->p, pinv = in->pinv, d0 = in->diag[0];
    uint32_t x0 = S_LANE0(v[0]);
    v[0] = S_ZERO0(v[0]);
    for (unsigned r = 0; r < in->rp; r++) {
        V rest = s_hsum(v, nv, f);
        uint32_t y = s_sbox1(zkpi_f31_add(x0, rc[r], p), alpha, p, pinv);
        V tot = f31v_add(rest, V_SET1(y), f);
        S_UNROLL
        for (unsigned j = 0; j < nv; j++) v[j] = f31v_add(tot, f31v_mul(v[j], diag[j], f), f);
        v[0] = S_ZERO0(v[0]);
        if (form == ZKPI_P2_FORM_HORIZEN)
            x0 = zkpi_f31_add(zkpi_f31_add(S_LANE0(rest), y, p), zkpi_f31_mul(y, d0, p, pinv), p);
        else x0 = zkpi_f31_sub(S_LANE0(rest), y, p);
    }
    v[0] = S_BLEND0(v[0], V_SET1(x0));
}

ZKP_INLINE void s_permute(const zkpi_p2_inst *in, uint32_t *state, unsigned nv, unsigned alpha, unsigned form) {
    const f31v_field f = f31v_field_of(in->p, in->pinv);
    const unsigned t = nv * V_LANES;
    V v[ZKPI_P2_MAX_T / V_LANES], diag[ZKPI_P2_MAX_T / V_LANES];
    S_UNROLL
    for (unsigned j = 0; j < nv; j++) {
        v[j] = f31v_mul(V_LOADU(state + j * V_LANES), V_SET1(in->r2), &f);
        diag[j] = V_LOADU(in->diag + j * V_LANES);
    }
    const uint32_t *rc = in->rc;
    s_external(v, nv, form, &f);
    for (unsigned r = 0; r < ZKPI_P2_RF / 2; r++, rc += t) {
        S_UNROLL
        for (unsigned j = 0; j < nv; j++) v[j] = s_sbox(v[j], V_LOADU(rc + j * V_LANES), alpha, &f);
        s_external(v, nv, form, &f);
    }
    s_partial_rounds(v, nv, alpha, form, in, rc, diag, &f);
    rc += in->rp;
    for (unsigned r = 0; r < ZKPI_P2_RF / 2; r++, rc += t) {
        S_UNROLL
        for (unsigned j = 0; j < nv; j++) v[j] = s_sbox(v[j], V_LOADU(rc + j * V_LANES), alpha, &f);
        s_external(v, nv, form, &f);
    }
    S_UNROLL
    for (unsigned j = 0; j < nv; j++) V_STOREU(state + j * V_LANES, f31v_mul(v[j], V_SET1(1), &f));
}

/* One body per (vectors, S-box, form) so the loops over vectors have
 * constant bounds; BabyBear is the x^7 field, KoalaBear the x^3 one, the
 * HorizenLabs form BabyBear's (x^7). */
#define S_BODY(nv, alpha, name, form)                                                            \
    static void s_permute_##nv##_##name(const zkpi_p2_inst *in, uint32_t *state) {              \
        s_permute(in, state, nv, alpha, form);                                                   \
    }
#if V_LANES == 16
S_BODY(1, 7, 7, ZKPI_P2_FORM_PLONKY3)
S_BODY(1, 3, 3, ZKPI_P2_FORM_PLONKY3)
S_BODY(1, 7, hz, ZKPI_P2_FORM_HORIZEN)
#else
S_BODY(2, 7, 7, ZKPI_P2_FORM_PLONKY3)
S_BODY(2, 3, 3, ZKPI_P2_FORM_PLONKY3)
S_BODY(2, 7, hz, ZKPI_P2_FORM_HORIZEN)
S_BODY(3, 7, 7, ZKPI_P2_FORM_PLONKY3)
S_BODY(3, 3, 3, ZKPI_P2_FORM_PLONKY3)
S_BODY(3, 7, hz, ZKPI_P2_FORM_HORIZEN)
#endif

/* A state of in->t canonical elements, permuted in place (canonical out);
 * in->t must be a multiple of V_LANES. */
static void s_single(const zkpi_p2_inst *in, uint32_t *state) {
    const int hz = in->form == ZKPI_P2_FORM_HORIZEN;
#if V_LANES == 16
    if (hz) s_permute_1_hz(in, state);
    else if (in->alpha == 7) s_permute_1_7(in, state);
    else s_permute_1_3(in, state);
#else
    if (in->t == 16) {
        if (hz) s_permute_2_hz(in, state);
        else if (in->alpha == 7) s_permute_2_7(in, state);
        else s_permute_2_3(in, state);
    } else {
        if (hz) s_permute_3_hz(in, state);
        else if (in->alpha == 7) s_permute_3_7(in, state);
        else s_permute_3_3(in, state);
    }
#endif
}
