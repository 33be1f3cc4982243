/* Kernel tables for Keccak-f[1600] (widest first, portable last) and the
 * cached pick for the active CPU level. Every entry is guarded only by the
 * ZKP_HAVE_<ISA> of the file that defines it (sources.cmake builds that file
 * under the same condition), so no entry names a symbol the build left out. */
#include "keccak/f1600.h"
#include "zkprim/keccak.h"

#define AVX512_NEED (ZKP_CPU_AVX2 | ZKP_CPU_AVX512F | ZKP_CPU_AVX512VL | ZKP_CPU_AVX512BW | ZKP_CPU_AVX512DQ)

/* On AVX-512 machines the five-zmm-row kernel (f1600_avx512.c) measured
 * faster than the BMI2 scalar one (docs/keccak.md); AVX2-level machines
 * (Zen 3) keep bmi2. It needs only F/VL, but it is listed under the whole
 * "avx512" level so that forcing ZKPRIM_CPU=avx2 selects bmi2. Zen 4 was
 * checked too (issue 30): avx512 won the paired medians there as well,
 * although an idle core's minima favour bmi2, so no family gets a different
 * order (docs/keccak-kernels.md, "single-state avx512 against bmi2"). */
static const zkpi_keccak_kernel1 k_single[] = {
#if ZKP_KECCAK_EXTERNAL
    /* the program's permutation and nothing else (cmake/zkvm.cmake) */
    {{"external", 0, 1}, zkp_keccakf1600_external, NULL, NULL},
#else
#if ZKP_HAVE_AVX512
    {{"avx512", AVX512_NEED | ZKP_CPU_BMI2, 1}, zkpi_keccakf1600_avx512, zkpi_keccak_absorb_avx512, zkpi_keccak_hash64_avx512},
#endif
#if ZKP_HAVE_SHA3
    {{"sha3", ZKP_CPU_NEON | ZKP_CPU_SHA3, 1}, zkpi_keccakf1600_sha3, NULL, NULL},
#endif
#if ZKP_HAVE_BMI2
    {{"bmi2", ZKP_CPU_BMI2, 1}, zkpi_keccakf1600_bmi2, NULL, NULL},
#endif
    {{"portable", 0, 1}, zkpi_keccakf1600_portable, ZKPI_KECCAK_PORTABLE_ABSORB, NULL},
#endif
};

/* A multi-lane entry whose permutation and lane movers come from one file
 * f1600x<N>_<isa>.c (f1600.h's KECCAK_DECLARE_XN): name, need, N states,
 * the fused hash64 or NULL. */
#define KECCAK_XN_ENTRY(name, need, N, isa, hash64)                                                \
    {{name, need, 1}, N, zkpi_keccakf1600x##N##_##isa, zkpi_keccakx##N##_xor_lanes_##isa,          \
     zkpi_keccakx##N##_extract_lanes_##isa, hash64}
static const zkpi_keccak_kernelN k_multi[] = {
#if ZKPI_KECCAK_WASM_X2
    /* first: zkpi_keccak_multi() below returns it (no CPU detection) */
    KECCAK_XN_ENTRY("wasm-simd128-x2", 0, 2, wasm, zkpi_keccakx2_hash64_wasm),
#endif
#if !ZKP_KECCAK_EXTERNAL /* external: one state at a time through the hook */
#if ZKP_HAVE_AVX512
    KECCAK_XN_ENTRY("avx512-x8", AVX512_NEED | ZKP_CPU_BMI2, 8, avx512, zkpi_keccakx8_hash64_avx512),
#endif
#if ZKP_HAVE_AVX2
    KECCAK_XN_ENTRY("avx2-x4", ZKP_CPU_AVX2, 4, avx2, zkpi_keccakx4_hash64_avx2),
#endif
#if ZKP_HAVE_SHA3
    /* the NEON file's x2 lane movers serve both x2 kernels (same layout;
     * ZKP_HAVE_SHA3 implies ZKP_HAVE_NEON) */
    {{"sha3-x2", ZKP_CPU_NEON | ZKP_CPU_SHA3, 1}, 2, zkpi_keccakf1600x2_sha3, zkpi_keccakx2_xor_lanes_neon,
     zkpi_keccakx2_extract_lanes_neon, NULL},
#endif
#if ZKP_HAVE_NEON
    KECCAK_XN_ENTRY("neon-x2", ZKP_CPU_NEON, 2, neon, NULL),
#endif
#endif
    /* one state at a time through the dispatched single kernel */
    {{"portable-x1", 0, 1}, 1, NULL, NULL, NULL, NULL},
};

#if !ZKP_KECCAK_EXTERNAL
static _Atomic uint64_t k_single_cache, k_multi_cache;
#endif

const zkpi_keccak_kernel1 *zkpi_keccak_single_kernels(size_t *n) {
    *n = ZKP_ARRAY_LEN(k_single);
    return k_single;
}

const zkpi_keccak_kernelN *zkpi_keccak_multi_kernels(size_t *n) {
    *n = ZKP_ARRAY_LEN(k_multi);
    return k_multi;
}

#if !ZKP_KECCAK_EXTERNAL /* external: the constants in f1600.h */
const zkpi_keccak_kernel1 *zkpi_keccak_single(void) { return ZKP_DISPATCH(&k_single_cache, k_single); }

#if ZKPI_KECCAK_WASM_X2
/* A SIMD128 module runs only where SIMD128 validates: its x2 kernel, not
 * the freestanding pick (the last entry). */
const zkpi_keccak_kernelN *zkpi_keccak_multi(void) {
    (void)k_multi_cache;
    return &k_multi[0];
}
#else
const zkpi_keccak_kernelN *zkpi_keccak_multi(void) { return ZKP_DISPATCH(&k_multi_cache, k_multi); }
#endif
#endif

void zkpi_keccak_multi_permute(const zkpi_keccak_kernelN *k, uint64_t *st) {
    if (k->permute) k->permute(st);
    else zkpi_keccak_single()->permute(st);
}

void zkp_keccak_f1600(uint64_t st[25]) { zkpi_keccak_single()->permute(st); }

const char *zkp_keccak_f1600_implementation(void) { return zkpi_keccak_single()->info.name; }

const char *zkp_keccak_batch_implementation(void) { return zkpi_keccak_multi()->info.name; }
