/*
 * The WebAssembly SIMD128 Goldilocks layer (goldilocks/gl_wasm_simd128.h)
 * and batched Hemera kernel (hemera/batch_wasm_simd128.c) against the
 * portable C, bit for bit. A wasm32-wasi program built with clang
 * -msimd128 and run under node (tests/wasm_simd/run.sh, the js stage):
 *   - every vector field operation against gl.h's scalar one (its products
 *     on __int128, compiler-rt's __multi3 here) on edge values (0, 1,
 *     p - 1, p, p + 1, 2^32 - 1, 2^32, 2^63, 2^64 - 1, ...) paired with
 *     each other and with seeded random u64s (non-canonical ones included);
 *   - the SIMD kernel as the program's first permutation (the constants
 *     derived on first use, as in the JS module);
 *   - the SIMD kernel (first in the batch table) against the portable one
 *     (last) and against the single permutation, for batch sizes 1 .. 64
 *     and 100 on random states with edge limbs, for the live profile and
 *     an x^7 (non-inverse) profile; zkp_hemera_permute_batch dispatching
 *     the SIMD kernel; the witness rows (both layouts) and the phase entry.
 * Exit status 0 and "ok" when everything matches.
 */
#include <stdio.h>
#include <string.h>

#include "goldilocks/gl_wasm_simd128.h"
#include "hemera/batch_internal.h"
#include "hemera/kernels.h"
#include "zkprim/hemera.h"

#if !defined(__wasm_simd128__) || !ZKPI_HB_WASM_SIMD128
#error "build with clang --target=wasm32-wasi -msimd128"
#endif

static unsigned fails;
static uint64_t rng = 0x9E3779B97F4A7C15ull;

static uint64_t next(void) { /* xorshift64* */
    rng ^= rng >> 12;
    rng ^= rng << 25;
    rng ^= rng >> 27;
    return rng * 0x2545F4914F6CDD1Dull;
}

static const uint64_t edges[] = {
    0, 1, 2, GL_P - 2, GL_P - 1, GL_P, GL_P + 1, GL_P + 2, GL_E - 1, GL_E, GL_E + 1, (uint64_t)1 << 32,
    ((uint64_t)1 << 32) + 1, (uint64_t)1 << 63, ((uint64_t)1 << 63) - 1, ~(uint64_t)0, ~(uint64_t)0 - 1,
    0xFFFFFFFF00000000ull, 0x00000000FFFFFFFFull, 0x7FFFFFFF80000000ull,
};
#define N_EDGES (sizeof edges / sizeof edges[0])

/* A limb: an edge value a quarter of the time, else random (a random u64 is
 * >= p with probability 2^-32: the edges supply the non-canonical ones). */
static uint64_t limb(void) {
    uint64_t r = next();
    return (r & 3) == 0 ? edges[(r >> 2) % N_EDGES] : next();
}

static void check(int ok, const char *what, uint64_t a, uint64_t b) {
    if (ok) return;
    if (fails++ < 20) printf("FAIL %s (a = 0x%016llx, b = 0x%016llx)\n", what, (unsigned long long)a, (unsigned long long)b);
}

static uint64_t lane(V v, int l) { return (uint64_t)(l ? wasm_i64x2_extract_lane(v, 1) : wasm_i64x2_extract_lane(v, 0)); }

/* Both lanes of each vector operation against the scalar operation. */
static void field_pair(uint64_t a0, uint64_t b0, uint64_t a1, uint64_t b1) {
    V a = wasm_i64x2_make((int64_t)a0, (int64_t)a1), b = wasm_i64x2_make((int64_t)b0, (int64_t)b1);
    uint64_t as[2] = {a0, a1}, bs[2] = {b0, b1};
    V mul = V_MUL(a, b), sqr = V_SQR(a), pow7 = V_POW7(a), add = V_ADD(a, b), can = V_CANON(a);
    V mad = V_MULADD(a, b, V_HI32_MULOP(b), a);
    V madc = V_MULADD(a, V_SET1(b0), V_SET1(b0 >> 32), b); /* the constant form (M_I's diagonal) */
    V red = V_REDUCE128(a, b);
    V b1c = V_SUB_P_GE(V_SUB_P_GE(b)); /* <= p: the addend bound of V_ADD_1C */
    V add1 = V_ADD_1C(a, b1c);
    V lo, hi;
    V_MUL_WIDE(a, b, V_HI32_MULOP(b), &lo, &hi);
    V slo, shi;
    V_SQR_WIDE(a, &slo, &shi);
    for (int l = 0; l < 2; l++) {
        uint64_t x = as[l], y = bs[l];
        check(gl_canon(lane(mul, l)) == gl_canon(gl_mul(x, y)), "V_MUL", x, y);
        check(gl_canon(lane(sqr, l)) == gl_canon(gl_mul(x, x)), "V_SQR", x, x);
        check(gl_canon(lane(pow7, l)) == gl_canon(gl_pow7(x)), "V_POW7", x, 7);
        check(gl_canon(lane(add, l)) == gl_canon(gl_add(x, y)), "V_ADD", x, y);
        check(lane(can, l) == gl_canon(x), "V_CANON", x, 0);
        check(gl_canon(lane(mad, l)) == gl_canon(gl_muladd(x, y, x)), "V_MULADD", x, y);
        check(gl_canon(lane(madc, l)) == gl_canon(gl_muladd(x, b0, y)), "V_MULADD (splat b)", x, b0);
        check(gl_canon(lane(red, l)) == gl_canon(gl_reduce128(x, y)), "V_REDUCE128", x, y);
        uint64_t yc = y >= GL_P ? y - GL_P : y;
        check(gl_canon(lane(add1, l)) == gl_canon(gl_add(x, yc)), "V_ADD_1C", x, yc);
        unsigned __int128 w = (unsigned __int128)x * y, s = (unsigned __int128)x * x;
        check(lane(lo, l) == (uint64_t)w && lane(hi, l) == (uint64_t)(w >> 64), "V_MUL_WIDE", x, y);
        check(lane(slo, l) == (uint64_t)s && lane(shi, l) == (uint64_t)(s >> 64), "V_SQR_WIDE", x, x);
    }
    /* V_RECOMBINE: halves < 2^40 */
    uint64_t L0 = a0 >> 24, H0 = b0 >> 24, L1 = a1 >> 24, H1 = b1 >> 24;
    V rc = V_RECOMBINE(wasm_i64x2_make((int64_t)L0, (int64_t)L1), wasm_i64x2_make((int64_t)H0, (int64_t)H1));
    check(gl_canon(lane(rc, 0)) == gl_canon(gl_recombine(L0, H0)), "V_RECOMBINE", L0, H0);
    check(gl_canon(lane(rc, 1)) == gl_canon(gl_recombine(L1, H1)), "V_RECOMBINE", L1, H1);
}

static void test_field(void) {
    for (unsigned i = 0; i < N_EDGES; i++)
        for (unsigned j = 0; j < N_EDGES; j++) field_pair(edges[i], edges[j], edges[j], edges[i]);
    for (unsigned k = 0; k < 20000; k++) field_pair(limb(), limb(), limb(), limb());
}

static const hb_kernel *simd_kernel(void) { return &zkpi_hb_kernels[0]; }
static const hb_kernel *portable_kernel(void) { return &zkpi_hb_kernels[zkpi_hb_kernel_count - 1]; }

static uint64_t st_in[100][16], st_a[100][16], st_b[100][16];

static void fill(size_t n) {
    for (size_t l = 0; l < n; l++)
        for (unsigned i = 0; i < 16; i++) st_in[l][i] = limb();
    if (n > 1) { /* one all-zero and one all-(p - 1) state */
        memset(st_in[0], 0, sizeof st_in[0]);
        for (unsigned i = 0; i < 16; i++) st_in[n - 1][i] = GL_P - 1;
    }
}

static void test_batch(const hemera_profile *pr, const char *name) {
    static const size_t sizes[] = {1, 2, 3, 4, 5, 6, 7, 8, 9, 15, 16, 17, 31, 32, 33, 34, 47, 63, 64, 65, 100};
    for (unsigned r = 0; r < 3; r++)
        for (unsigned k = 0; k < sizeof sizes / sizeof sizes[0]; k++) {
            size_t n = sizes[k];
            fill(n);
            memcpy(st_a, st_in, n * sizeof st_in[0]);
            memcpy(st_b, st_in, n * sizeof st_in[0]);
            zkpi_hb_permute_with(simd_kernel(), st_a, n, pr);
            zkpi_hb_permute_with(portable_kernel(), st_b, n, pr);
            for (size_t l = 0; l < n; l++)
                check(memcmp(st_a[l], st_b[l], sizeof st_a[l]) == 0, name, n, l);
            if (pr == &zkpi_hemera_profile_default) { /* the dispatched call and the single permutation */
                memcpy(st_b, st_in, n * sizeof st_in[0]);
                check(zkp_hemera_permute_batch(st_b, n) == ZKP_OK, "zkp_hemera_permute_batch status", n, 0);
                for (size_t l = 0; l < n; l++) {
                    check(memcmp(st_a[l], st_b[l], sizeof st_a[l]) == 0, "zkp_hemera_permute_batch", n, l);
                    memcpy(st_b[l], st_in[l], sizeof st_b[l]);
                    zkp_hemera_permute(st_b[l]);
                    check(memcmp(st_a[l], st_b[l], sizeof st_a[l]) == 0, "against zkp_hemera_permute", n, l);
                }
            }
        }
}

#if !ZKP_HEMERA_PERMUTE_ONLY
static uint64_t tr_a[34 * ZKP_HEMERA_TRACE_COLS], tr_b[34 * ZKP_HEMERA_TRACE_COLS];

static void test_trace(void) {
    static const size_t sizes[] = {1, 2, 3, 8, 17, 34};
    for (unsigned k = 0; k < sizeof sizes / sizeof sizes[0]; k++)
        for (int layout = 0; layout < 2; layout++) {
            size_t n = sizes[k];
            fill(n);
            zkpi_hb_trace_with(simd_kernel(), (const uint64_t(*)[16])st_in, n, layout, tr_a);
            zkpi_hb_trace_with(portable_kernel(), (const uint64_t(*)[16])st_in, n, layout, tr_b);
            check(memcmp(tr_a, tr_b, n * ZKP_HEMERA_TRACE_COLS * sizeof tr_a[0]) == 0, "trace", n, (uint64_t)layout);
        }
    for (int which = 0; which < 3; which++) {
        uint64_t pa[256], pb[256];
        for (unsigned i = 0; i < 256; i++) pa[i] = pb[i] = limb();
        simd_kernel()->phase(pa, which, &zkpi_hemera_profile_default);
        portable_kernel()->phase(pb, which, &zkpi_hemera_profile_default);
        for (unsigned i = 0; i < 256; i++) check(gl_canon(pa[i]) == gl_canon(pb[i]), "phase", (uint64_t)which, i);
    }
}
#endif

/* The first permutation of the program, through the SIMD kernel: with the
 * round constants derived on first use (ZKP_HEMERA_DERIVED_TABLES, as in
 * the JS module) the kernel must derive them itself. */
static void test_first_call(void) {
    fill(8);
    memcpy(st_a, st_in, 8 * sizeof st_in[0]);
    memcpy(st_b, st_in, 8 * sizeof st_in[0]);
    zkpi_hb_permute_with(simd_kernel(), st_a, 8, &zkpi_hemera_profile_default);
    zkpi_hb_permute_with(portable_kernel(), st_b, 8, &zkpi_hemera_profile_default);
    check(memcmp(st_a, st_b, 8 * sizeof st_a[0]) == 0, "first call (derived constants)", 8, 0);
}

int main(void) {
    test_first_call();
    check(strcmp(zkp_hemera_permute_batch_implementation(), "wasm_simd128") == 0, "dispatched kernel is wasm_simd128",
          0, 0);
    test_field();
    test_batch(&zkpi_hemera_profile_default, "batch (live profile)");
    const hemera_profile *d = &zkpi_hemera_profile_default;
    const hemera_profile pow7 = {d->rf_half, d->rp, 0, d->rc_full, d->rc_partial, d->diag};
    test_batch(&pow7, "batch (x^7 partial rounds)");
#if !ZKP_HEMERA_PERMUTE_ONLY
    test_trace();
#endif
    if (fails) {
        printf("%u mismatches\n", fails);
        return 1;
    }
    printf("ok: wasm_simd128 Goldilocks layer and batched Hemera kernel match the portable C\n");
    return 0;
}
