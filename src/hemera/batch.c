/*
 * zkp_hemera_permute_batch: the kernel table and the split of n states into
 * lane groups (the widest group the kernel takes, the tail of groups too
 * small for a vector kernel to the portable interleave).
 */
#include "hemera/batch_internal.h"
#include "zkprim/hemera.h"

/* BMI2 too: the kernels are built with -mbmi2 and the compiler uses mulx,
 * shlx and shrx in them (ctest kernel-isa checks every entry's promise). */
#define HB_AVX512_NEED (ZKP_CPU_AVX512F | ZKP_CPU_AVX512VL | ZKP_CPU_AVX512BW | ZKP_CPU_AVX512DQ | ZKP_CPU_BMI2)

const hb_kernel zkpi_hb_kernels[] = {
#if ZKPI_HB_WASM_SIMD128
    /* 2 lanes per v128 (goldilocks/gl_wasm_simd128.h); no CPU feature to
     * detect: the module that holds it runs only where SIMD128 validated */
#if ZKP_HEMERA_PERMUTE_ONLY
    {{"wasm_simd128", 0, 1}, zkpi_hb_permute_wasm_simd128, NULL, NULL},
#else
    {{"wasm_simd128", 0, 1}, zkpi_hb_permute_wasm_simd128, zkpi_hb_phase_wasm_simd128, zkpi_hb_trace_wasm_simd128},
#endif
#endif
#if ZKP_HAVE_AVX512
    {{"avx512", HB_AVX512_NEED, 1}, zkpi_hb_permute_avx512, zkpi_hb_phase_avx512, zkpi_hb_trace_avx512},
#endif
#if ZKP_HAVE_AVX2
    {{"avx2", ZKP_CPU_AVX2 | ZKP_CPU_BMI2, 1}, zkpi_hb_permute_avx2, zkpi_hb_phase_avx2, zkpi_hb_trace_avx2},
#endif
#if ZKP_HEMERA_PERMUTE_ONLY && ZKPI_HB_WASM_SIMD128
    /* the JS package's SIMD128 zkprim/hemera: the SIMD kernel alone (its
     * size budget), so the portable batch kernel is not linked */
#elif ZKP_HEMERA_PERMUTE_ONLY
    {{"portable", 0, 1}, zkpi_hb_permute_portable, NULL, NULL},
#else
#if ZKP_HAVE_NEON
    /* the scalar template on gl_aarch64.h's reduction, staged across the
     * lanes: 1.5-1.9x the portable C on both Neoverse models
     * (docs/aarch64.md). Its need, NEON, names the aarch64 level (it has
     * no NEON instruction), so ZKPRIM_CPU=portable forces the portable C. */
    {{"aarch64", ZKP_CPU_NEON, 1}, zkpi_hb_permute_aarch64, zkpi_hb_phase_aarch64, zkpi_hb_trace_aarch64},
#endif
    {{"portable", 0, 1}, zkpi_hb_permute_portable, zkpi_hb_phase_portable, zkpi_hb_trace_portable},
#endif
};
const unsigned zkpi_hb_kernel_count = (unsigned)ZKP_ARRAY_LEN(zkpi_hb_kernels);

int zkpi_hb_try_single(uint64_t (*states)[16], unsigned n, const hemera_profile *pr) {
    if (pr != &zkpi_hemera_profile_default) return 0;
    for (unsigned l = 0; l < n; l++) zkp_hemera_permute(states[l]);
    return 1;
}

static _Atomic uint64_t hb_cache;

const hb_kernel *zkpi_hb_kernel_active(void) {
#if ZKPI_HB_WASM_SIMD128 && ZKP_FREESTANDING
    (void)hb_cache;
    return &zkpi_hb_kernels[0]; /* ZKP_DISPATCH would take the portable entry, last */
#else
    return ZKP_DISPATCH(&hb_cache, zkpi_hb_kernels);
#endif
}

void zkpi_hb_permute_with(const hb_kernel *k, uint64_t (*states)[16], size_t n, const hemera_profile *pr) {
    while (n) {
        unsigned g = n >= HB_MAX_LANES ? HB_MAX_LANES : (unsigned)n;
        k->permute(states, g, pr);
        states += g;
        n -= g;
    }
}

zkp_status zkp_hemera_permute_batch(uint64_t (*states)[ZKP_HEMERA_WIDTH], size_t n) {
    if (n == 0) return ZKP_OK;
    if (!states) return ZKP_ERR_NULL;
    if (!zkpi_array_ok(n, sizeof *states)) return ZKP_ERR_LENGTH;
    zkpi_hb_permute_with(zkpi_hb_kernel_active(), states, n, &zkpi_hemera_profile_default);
    return ZKP_OK;
}

const char *zkp_hemera_permute_batch_implementation(void) { return zkpi_hb_kernel_active()->info.name; }
