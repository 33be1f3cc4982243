/*
 * Poseidon2 over a 31-bit Montgomery field, batched: V_LANES independent
 * states per pass, one state per lane (the portable kernel is the one-lane
 * instance). Template parameters (docs/internals.md):
 *   TMPL_SUFFIX  the kernel name suffix
 *   a field31 layer included first: V, V_LANES, V_SET1, V_LOADU, V_STOREU,
 *   V_ADD32, f31v_field, f31v_field_of, f31v_add, f31v_sub, f31v_mul,
 *   f31v_mul_lazy, f31v_canon
 *     (field31/monty31_x1.h, monty31_avx2.h, monty31_avx512.h, monty31_neon.h)
 *   optionally P2_LOAD_STATES(s, src, t) / P2_STORE_STATES(dst, s, t): V_LANES
 *     whole states of t elements (t a multiple of 8) at src into s[0..t-1],
 *     one element per vector (a transpose), and back; without them the
 *     states go through a lane-major buffer element by element
 * Defines TMPL_NAME(zkpi_p2_31_batch) (params.h). The round structure is
 * params.h's, in either matrix form (in->form, params.h): Plonky3's, M4 =
 * circ(2, 3, 1, 1): y_i = s + x_i + 2 x_{i+1} (indices mod 4) with s the
 * sum of the four lanes, and the diagonal by shifts and adds; or the
 * HorizenLabs reference's, its M4 and a product per diagonal entry.
 */
#include <stddef.h>
#include <stdint.h>

#include "core/tmpl.h"
#include "core/verify.h"
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

/* R_P of the instances is at most 23 (params.h); room for more. */
#define P2_MAX_RP 32

ZKP_INLINE V p2_double(V x, const f31v_field *f) { return f31v_add(x, x, f); }

/* The S-box of x + c for a canonical lane x and a round constant given as
 * cn = c - p (p2_permute's table): x + cn lies in [-p, p), one addition and
 * no reduction, and the powers are lazy products (monty31_vec.h: operands
 * |.| <= p, results in (-p, p)) with one correction at the end. */
ZKP_INLINE V p2_sbox(V x, uint32_t cn, unsigned alpha, const f31v_field *f) {
    V y = V_ADD32(x, V_SET1(cn));
    V y2 = f31v_mul_lazy(y, y, f);
    V y3 = f31v_mul_lazy(y2, y, f);
    if (alpha == 3) return f31v_canon(y3, f);
    return f31v_canon(f31v_mul_lazy(y3, f31v_mul_lazy(y2, y2, f), f), f); /* alpha = 7 */
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

/* The HorizenLabs M4, [[5,7,1,3],[4,6,1,1],[1,3,5,7],[1,1,4,6]], in 14
 * additions: with a = x0 + x1, b = x2 + x3, u = 2 x1 + b, v = 2 x3 + a,
 * y1 = 4a + u, y0 = y1 + v, y3 = 4b + v, y2 = y3 + u. */
ZKP_INLINE void p2_m4_horizen(V *x, const f31v_field *f) {
    V a = f31v_add(x[0], x[1], f), b = f31v_add(x[2], x[3], f);
    V u = f31v_add(p2_double(x[1], f), b, f), v = f31v_add(p2_double(x[3], f), a, f);
    V y1 = f31v_add(p2_double(p2_double(a, f), f), u, f);
    V y3 = f31v_add(p2_double(p2_double(b, f), f), v, f);
    x[0] = f31v_add(y1, v, f), x[1] = y1, x[2] = f31v_add(y3, u, f), x[3] = y3;
}

/* form: a literal at every call (the branch folds away). */
ZKP_INLINE void p2_external(V *s, unsigned t, unsigned form, const f31v_field *f) {
    P2_UNROLL
    for (unsigned c = 0; c < t; c += 4) {
        if (form == ZKPI_P2_FORM_HORIZEN) p2_m4_horizen(s + c, f);
        else p2_m4(s + c, f);
    }
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

ZKP_INLINE void p2_full_round(V *s, unsigned t, unsigned alpha, unsigned form, const uint32_t *rcn,
                              const f31v_field *f) {
    P2_UNROLL
    for (unsigned i = 0; i < t; i++) s[i] = p2_sbox(s[i], rcn[i], alpha, f);
    p2_external(s, t, form, f);
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

/* A partial round of each instance: lane 0 gets its constant and S-box,
 * then M_I, s_i -> D_i s_i + sum(s). The sum r of lanes 1..t-1 does not
 * wait for lane 0's S-box y (four chains, beside it); the total is r + y,
 * and lane 0's row is D_0 y + r + y = r - y since D_0 = -2 in every
 * instance (asserted below at compile time). */
#define P2_DIAG_LANE(i, num, k)                                                                  \
    if ((i) != 0) s[i] = p2_diag_lane(s[i], sum, num, k, e, f);
#define P2_DIAG0_IS_MINUS2(i, num, k) _Static_assert((i) != 0 || ((num) == -2 && (k) == 0), "M_I: D_0 = -2");
#define P2_PARTIAL(name, T, E, LIST)                                                             \
    ZKP_INLINE void p2_partial_##name(V *s, uint32_t cn, unsigned alpha, const uint32_t *diag,   \
                                      const f31v_field *f) {                                     \
        const unsigned e = E;                                                                    \
        (void)diag; /* the literals of LIST instead */                                          \
        LIST(P2_DIAG0_IS_MINUS2)                                                                 \
        V y = p2_sbox(s[0], cn, alpha, f);                                                       \
        V c[4] = {s[1], s[2], s[3], s[4]};                                                       \
        P2_UNROLL                                                                                \
        for (unsigned i = 5; i < T; i++) c[(i - 1) & 3] = f31v_add(c[(i - 1) & 3], s[i], f);     \
        V r = f31v_add(f31v_add(c[0], c[1], f), f31v_add(c[2], c[3], f), f);                     \
        V sum = f31v_add(r, y, f);                                                               \
        s[0] = f31v_sub(r, y, f);                                                                \
        LIST(P2_DIAG_LANE)                                                                       \
    }
P2_PARTIAL(babybear16, 16, ZKPI_P2_E_BABYBEAR, ZKPI_P2_DIAG_BABYBEAR16)
P2_PARTIAL(babybear24, 24, ZKPI_P2_E_BABYBEAR, ZKPI_P2_DIAG_BABYBEAR24)
P2_PARTIAL(koalabear16, 16, ZKPI_P2_E_KOALABEAR, ZKPI_P2_DIAG_KOALABEAR16)
P2_PARTIAL(koalabear24, 24, ZKPI_P2_E_KOALABEAR, ZKPI_P2_DIAG_KOALABEAR24)

/* A partial round of the HorizenLabs form: its diagonal (Montgomery form)
 * has no small entries, so each lane, lane 0 included, is one product,
 * s_i -> D_i s_i + sum(s); the sum of lanes 1..t-1 again beside the S-box. */
#define P2_PARTIAL_PRODUCT(name, T)                                                              \
    ZKP_INLINE void p2_partial_##name(V *s, uint32_t cn, unsigned alpha, const uint32_t *diag,   \
                                      const f31v_field *f) {                                     \
        V y = p2_sbox(s[0], cn, alpha, f);                                                       \
        V c[4] = {s[1], s[2], s[3], s[4]};                                                       \
        P2_UNROLL                                                                                \
        for (unsigned i = 5; i < T; i++) c[(i - 1) & 3] = f31v_add(c[(i - 1) & 3], s[i], f);     \
        V sum = f31v_add(f31v_add(f31v_add(c[0], c[1], f), f31v_add(c[2], c[3], f), f), y, f);   \
        s[0] = f31v_add(f31v_mul(y, V_SET1(diag[0]), f), sum, f);                                \
        P2_UNROLL                                                                                \
        for (unsigned i = 1; i < T; i++) s[i] = f31v_add(f31v_mul(s[i], V_SET1(diag[i]), f), sum, f); \
    }
P2_PARTIAL_PRODUCT(horizen16, 16)
P2_PARTIAL_PRODUCT(horizen24, 24)

/* rcn: the round constants minus p (p2_sbox). The state and the field are
 * copied into locals so the compiler keeps them in registers (through a
 * pointer they could alias each other and the caller's memory). */
typedef void (*p2_partial_fn)(V *, uint32_t, unsigned, const uint32_t *, const f31v_field *);
ZKP_INLINE void p2_permute(V *state, const zkpi_p2_inst *in, const uint32_t *rcn, unsigned t, unsigned alpha,
                           unsigned form, p2_partial_fn partial, const f31v_field *fp) {
    const f31v_field fl = *fp, *f = &fl;
    const uint32_t *diag = in->diag;
    V s[ZKPI_P2_MAX_T];
    P2_UNROLL
    for (unsigned i = 0; i < t; i++) s[i] = state[i];
    p2_external(s, t, form, f);
    for (unsigned r = 0; r < ZKPI_P2_RF / 2; r++, rcn += t) p2_full_round(s, t, alpha, form, rcn, f);
    for (unsigned r = 0; r < in->rp; r++) partial(s, rcn[r], alpha, diag, f);
    rcn += in->rp;
    for (unsigned r = 0; r < ZKPI_P2_RF / 2; r++, rcn += t) p2_full_round(s, t, alpha, form, rcn, f);
    P2_UNROLL
    for (unsigned i = 0; i < t; i++) state[i] = s[i];
}

/* One body per instance so the loops over lanes have constant bounds and
 * the internal layer its literal diagonal; BabyBear is the x^7 field,
 * KoalaBear the x^3 one, the HorizenLabs form BabyBear's (x^7). */
#define P2_BODY(name, T, ALPHA, FORM, PARTIAL)                                                   \
    static void p2_permute_##name(V *s, const zkpi_p2_inst *in, const uint32_t *rcn, const f31v_field *f) { \
        p2_permute(s, in, rcn, T, ALPHA, FORM, PARTIAL, f);                                      \
    }
P2_BODY(16_7, 16, 7, ZKPI_P2_FORM_PLONKY3, p2_partial_babybear16)
P2_BODY(24_7, 24, 7, ZKPI_P2_FORM_PLONKY3, p2_partial_babybear24)
P2_BODY(16_3, 16, 3, ZKPI_P2_FORM_PLONKY3, p2_partial_koalabear16)
P2_BODY(24_3, 24, 3, ZKPI_P2_FORM_PLONKY3, p2_partial_koalabear24)
P2_BODY(16_hz, 16, 7, ZKPI_P2_FORM_HORIZEN, p2_partial_horizen16)
P2_BODY(24_hz, 24, 7, ZKPI_P2_FORM_HORIZEN, p2_partial_horizen24)

void TMPL_NAME(zkpi_p2_31_batch)(const zkpi_p2_inst *in, uint32_t *states, size_t n) {
    const unsigned t = in->t;
    const f31v_field f = f31v_field_of(in->p, in->pinv);
    void (*perm)(V *, const zkpi_p2_inst *, const uint32_t *, const f31v_field *) =
        in->form == ZKPI_P2_FORM_HORIZEN ? (t == 16 ? p2_permute_16_hz : p2_permute_24_hz)
        : t == 16                        ? (in->alpha == 7 ? p2_permute_16_7 : p2_permute_16_3)
                                         : (in->alpha == 7 ? p2_permute_24_7 : p2_permute_24_3);
    uint32_t rcn[ZKPI_P2_RF * ZKPI_P2_MAX_T + P2_MAX_RP]; /* round constants - p (p2_sbox) */
    ZKP_VERIFY_CHECK(t <= ZKPI_P2_MAX_T && in->rp <= P2_MAX_RP, "p2 batch: rcn holds the round constants");
    for (unsigned i = 0; i < ZKPI_P2_RF * t + in->rp; i++) rcn[i] = in->rc[i] - in->p;
    uint32_t buf[ZKPI_P2_MAX_T][V_LANES]; /* lane-major copy of V_LANES states */
    V s[ZKPI_P2_MAX_T];
    for (size_t g = 0; g < n; g += V_LANES) {
        size_t m = n - g < V_LANES ? n - g : V_LANES;
        const uint32_t *src = states + g * t;
        uint32_t *dst = states + g * t;
#ifdef P2_LOAD_STATES
        /* the kernel file's in-register transpose, for whole groups */
        const int whole = m == V_LANES && t % 8 == 0;
        if (whole) P2_LOAD_STATES(s, src, t);
        else
#endif
        {
            for (unsigned i = 0; i < t; i++)
                for (size_t l = 0; l < V_LANES; l++) buf[i][l] = l < m ? src[l * t + i] : 0;
            for (unsigned i = 0; i < t; i++) s[i] = V_LOADU(buf[i]);
        }
        for (unsigned i = 0; i < t; i++) s[i] = f31v_mul(s[i], V_SET1(in->r2), &f);
        perm(s, in, rcn, &f);
        for (unsigned i = 0; i < t; i++) s[i] = f31v_mul(s[i], V_SET1(1), &f);
#ifdef P2_LOAD_STATES
        if (whole) P2_STORE_STATES(dst, s, t);
        else
#endif
        {
            for (unsigned i = 0; i < t; i++) V_STOREU(buf[i], s[i]);
            for (unsigned i = 0; i < t; i++)
                for (size_t l = 0; l < m; l++) dst[l * t + i] = buf[i][l];
        }
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
