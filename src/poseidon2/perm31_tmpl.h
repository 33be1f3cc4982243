/*
 * Poseidon2 over a 31-bit Montgomery field, batched: V_LANES independent
 * states per pass, one state per lane (the portable kernel is the one-lane
 * instance). Template parameters (docs/internals.md):
 *   TMPL_SUFFIX  the kernel name suffix
 *   a field31 layer included first: V, V_LANES, V_SET1, V_LOADU, V_STOREU,
 *   f31v_field, f31v_field_of, f31v_add, f31v_sub, f31v_mul
 *     (field31/monty31_x1.h, monty31_avx2.h, monty31_avx512.h)
 * Defines TMPL_NAME(zkpi_p2_31_batch) (params.h). The round structure is
 * params.h's; M4 is circ(2, 3, 1, 1): y_i = s + x_i + 2 x_{i+1} (indices
 * mod 4) with s the sum of the four lanes.
 */
#include <stddef.h>
#include <stdint.h>

#include "core/tmpl.h"
#include "poseidon2/diag31.h"
#include "poseidon2/params.h"

/* The vector kernels unroll the loops over lanes so the state stays in
 * registers (16 or 24 of the 16 ymm / 32 zmm); the one-lane portable
 * kernel, built on every target, leaves it to the compiler. */
#ifdef V_MULEVEN
#define P2_UNROLL _Pragma("GCC unroll 24")
#else
#define P2_UNROLL
#endif

ZKP_INLINE V p2_double(V x, const f31v_field *f) { return f31v_add(x, x, f); }

ZKP_INLINE V p2_sbox(V x, unsigned alpha, const f31v_field *f) {
    V x2 = f31v_mul(x, x, f);
    V x3 = f31v_mul(x2, x, f);
    if (alpha == 3) return x3;
    return f31v_mul(x3, f31v_mul(x2, x2, f), f); /* alpha = 7 */
}

/* M4 = circ(2, 3, 1, 1) in 11 additions (15 from the rows as written):
 * with a = x0 + x1, b = x2 + x3, s = a + b,
 * y0 = (s + x1) + a, y1 = (s + x1) + 2 x2, y2 = (s + x3) + b, y3 = (s + x3) + 2 x0. */
ZKP_INLINE void p2_m4(V *x, const f31v_field *f) {
    V a = f31v_add(x[0], x[1], f), b = f31v_add(x[2], x[3], f);
    V s = f31v_add(a, b, f);
    V s1 = f31v_add(s, x[1], f), s3 = f31v_add(s, x[3], f);
    V y0 = f31v_add(s1, a, f), y1 = f31v_add(s1, p2_double(x[2], f), f);
    V y2 = f31v_add(s3, b, f), y3 = f31v_add(s3, p2_double(x[0], f), f);
    x[0] = y0, x[1] = y1, x[2] = y2, x[3] = y3;
}

ZKP_INLINE void p2_external(V *s, unsigned t, const f31v_field *f) {
    P2_UNROLL
    for (unsigned c = 0; c < t; c += 4) p2_m4(s + c, f);
    V col[4];
    P2_UNROLL
    for (unsigned k = 0; k < 4; k++) {
        col[k] = s[k];
        P2_UNROLL
        for (unsigned c = 4; c < t; c += 4) col[k] = f31v_add(col[k], s[c + k], f);
    }
    P2_UNROLL
    for (unsigned i = 0; i < t; i++) s[i] = f31v_add(s[i], col[i & 3], f);
}

ZKP_INLINE void p2_full_round(V *s, unsigned t, unsigned alpha, const uint32_t *rc, const f31v_field *f) {
    P2_UNROLL
    for (unsigned i = 0; i < t; i++) s[i] = p2_sbox(f31v_add(s[i], V_SET1(rc[i]), f), alpha, f);
    p2_external(s, t, f);
}

/* One lane of the internal layer, sum + D_i x with D_i = num / 2^k (diag31.h)
 * and no product: |num| x by additions when k = 0; otherwise, with
 * x = hi 2^k + lo (lo < 2^k) and p = 2^31 - 2^e + 1, x / 2^k = hi + lo / 2^k
 * = hi - L where L = lo (2^31 - 2^e) / 2^k = (lo << (31 - k)) - (lo << (e - k))
 * is an integer in [0, p) for k <= e (generator-checked) and hi < 2^(31-k):
 * both canonical, so one f31v_sub gives x / 2^k (or, swapped, -x / 2^k).
 * num, k, e are literals from the X-macros: the branches fold away. */
ZKP_INLINE V p2_diag_lane(V x, V sum, int num, unsigned k, unsigned e, const f31v_field *f) {
    if (k > 0) {
        V hi = V_SRL32(x, k), lo = V_AND(x, V_SET1((1u << k) - 1));
        V l = V_SUB32(V_SLL32(lo, 31 - k), V_SLL32(lo, e - k));
        return f31v_add(sum, num > 0 ? f31v_sub(hi, l, f) : f31v_sub(l, hi, f), f);
    }
    unsigned m = (unsigned)(num > 0 ? num : -num);
    V y = m == 1 ? x : p2_double(x, f);
    if (m == 3) y = f31v_add(y, x, f);
    if (m == 4) y = p2_double(y, f);
    return num > 0 ? f31v_add(sum, y, f) : f31v_sub(sum, y, f);
}

/* The internal layer M_I of each instance: s_i -> D_i s_i + sum(s). */
#define P2_DIAG_LANE(i, num, k) s[i] = p2_diag_lane(s[i], sum, num, k, e, f);
#define P2_INTERNAL(name, T, E, LIST)                                                            \
    ZKP_INLINE void p2_internal_##name(V *s, const f31v_field *f) {                              \
        const unsigned e = E;                                                                    \
        V sum = s[0];                                                                            \
        P2_UNROLL                                                                                \
        for (unsigned i = 1; i < T; i++) sum = f31v_add(sum, s[i], f);                           \
        LIST(P2_DIAG_LANE)                                                                       \
    }
P2_INTERNAL(babybear16, 16, ZKPI_P2_E_BABYBEAR, ZKPI_P2_DIAG_BABYBEAR16)
P2_INTERNAL(babybear24, 24, ZKPI_P2_E_BABYBEAR, ZKPI_P2_DIAG_BABYBEAR24)
P2_INTERNAL(koalabear16, 16, ZKPI_P2_E_KOALABEAR, ZKPI_P2_DIAG_KOALABEAR16)
P2_INTERNAL(koalabear24, 24, ZKPI_P2_E_KOALABEAR, ZKPI_P2_DIAG_KOALABEAR24)

ZKP_INLINE void p2_permute(V *s, const zkpi_p2_inst *in, unsigned t, unsigned alpha,
                           void (*internal)(V *, const f31v_field *), const f31v_field *f) {
    const uint32_t *rc = in->rc;
    p2_external(s, t, f);
    for (unsigned r = 0; r < ZKPI_P2_RF / 2; r++, rc += t) p2_full_round(s, t, alpha, rc, f);
    for (unsigned r = 0; r < in->rp; r++) {
        s[0] = p2_sbox(f31v_add(s[0], V_SET1(rc[r]), f), alpha, f);
        internal(s, f);
    }
    rc += in->rp;
    for (unsigned r = 0; r < ZKPI_P2_RF / 2; r++, rc += t) p2_full_round(s, t, alpha, rc, f);
}

/* One body per instance so the loops over lanes have constant bounds and
 * the internal layer its literal diagonal; BabyBear is the x^7 field,
 * KoalaBear the x^3 one. */
static void p2_permute_16_7(V *s, const zkpi_p2_inst *in, const f31v_field *f) {
    p2_permute(s, in, 16, 7, p2_internal_babybear16, f);
}
static void p2_permute_24_7(V *s, const zkpi_p2_inst *in, const f31v_field *f) {
    p2_permute(s, in, 24, 7, p2_internal_babybear24, f);
}
static void p2_permute_16_3(V *s, const zkpi_p2_inst *in, const f31v_field *f) {
    p2_permute(s, in, 16, 3, p2_internal_koalabear16, f);
}
static void p2_permute_24_3(V *s, const zkpi_p2_inst *in, const f31v_field *f) {
    p2_permute(s, in, 24, 3, p2_internal_koalabear24, f);
}

void TMPL_NAME(zkpi_p2_31_batch)(const zkpi_p2_inst *in, uint32_t *states, size_t n) {
    const unsigned t = in->t;
    const f31v_field f = f31v_field_of(in->p, in->pinv);
    void (*perm)(V *, const zkpi_p2_inst *, const f31v_field *) =
        t == 16 ? (in->alpha == 7 ? p2_permute_16_7 : p2_permute_16_3)
                : (in->alpha == 7 ? p2_permute_24_7 : p2_permute_24_3);
    uint32_t buf[ZKPI_P2_MAX_T][V_LANES]; /* lane-major copy of V_LANES states */
    V s[ZKPI_P2_MAX_T];
    for (size_t g = 0; g < n; g += V_LANES) {
        size_t m = n - g < V_LANES ? n - g : V_LANES;
        const uint32_t *src = states + g * t;
        for (unsigned i = 0; i < t; i++)
            for (size_t l = 0; l < V_LANES; l++) buf[i][l] = l < m ? src[l * t + i] : 0;
        for (unsigned i = 0; i < t; i++) s[i] = f31v_mul(V_LOADU(buf[i]), V_SET1(in->r2), &f);
        perm(s, in, &f);
        for (unsigned i = 0; i < t; i++) V_STOREU(buf[i], f31v_mul(s[i], V_SET1(1), &f));
        uint32_t *dst = states + g * t;
        for (unsigned i = 0; i < t; i++)
            for (size_t l = 0; l < m; l++) dst[l * t + i] = buf[i][l];
    }
}

#ifdef V_MULEVEN
/* The floor probe (params.h): 12 n products of V_MULEVEN, the multiply
 * f31v_mul is made of, in 12 independent chains (more than its latency
 * times its issue rate, so throughput bound); named registers, not an
 * array, so the compiler keeps the chains out of memory. */
uint64_t TMPL_NAME(zkpi_p2_31_mul_loop)(uint64_t n) {
    V c = V_SET1(0x9e3779b9u);
    V a0 = V_SET1(1), a1 = V_SET1(2), a2 = V_SET1(3), a3 = V_SET1(4), a4 = V_SET1(5), a5 = V_SET1(6);
    V a6 = V_SET1(7), a7 = V_SET1(8), a8 = V_SET1(9), a9 = V_SET1(10), a10 = V_SET1(11), a11 = V_SET1(12);
    for (uint64_t i = 0; i < n; i++) {
        a0 = V_MULEVEN(a0, c), a1 = V_MULEVEN(a1, c), a2 = V_MULEVEN(a2, c), a3 = V_MULEVEN(a3, c);
        a4 = V_MULEVEN(a4, c), a5 = V_MULEVEN(a5, c), a6 = V_MULEVEN(a6, c), a7 = V_MULEVEN(a7, c);
        a8 = V_MULEVEN(a8, c), a9 = V_MULEVEN(a9, c), a10 = V_MULEVEN(a10, c), a11 = V_MULEVEN(a11, c);
    }
    V sum = V_ADD32(V_ADD32(V_ADD32(a0, a1), V_ADD32(a2, a3)), V_ADD32(V_ADD32(a4, a5), V_ADD32(a6, a7)));
    sum = V_ADD32(sum, V_ADD32(V_ADD32(a8, a9), V_ADD32(a10, a11)));
    uint32_t out[V_LANES];
    V_STOREU(out, sum);
    return out[0];
}
#endif
