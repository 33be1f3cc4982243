/* Hemera single-permutation dispatch: one table, widest first, portable last. */
#include "hemera/kernels.h"
#include "hemera/params.h"
#include "zkprim/hemera.h"

const hemera_profile zkpi_hemera_profile_default = {
    HEMERA_RF_HALF, HEMERA_RP, 1, zkpi_hemera_rc, zkpi_hemera_rc + 2 * HEMERA_RF_HALF * 16, zkpi_hemera_diag,
};

/* Entries that are tested but not dispatched come first (HEMERA_UNSHIPPED
 * of them): the tests walk the whole table, zkp_hemera_permute picks from
 * the rest (k_pick). The aarch64 kernel is one: it models at less than the
 * 1.2x over the portable C on both Neoverse models that a kernel needs to
 * ship (docs/aarch64.md). */
const hemera_perm_kernel zkpi_hemera_perm_kernels[] = {
#if ZKP_HAVE_NEON
    /* scalar mul/umulh with the csetm reduction (goldilocks/gl_aarch64.h);
     * no NEON instruction, but NEON names the aarch64 level */
    {{"aarch64", ZKP_CPU_NEON, ZKP_HAVE_NEON}, zkpi_hemera_permute_aarch64, zkpi_hemera_permute_ct_aarch64,
     zkpi_hemera_op_chain_aarch64,
     zkpi_hemera_permute_traced_aarch64, zkpi_hemera_permute_traced_ct_aarch64},
#define HEMERA_UNSHIPPED 1
#else
#define HEMERA_UNSHIPPED 0
#endif
#if ZKP_HAVE_AVX512
    /* need = everything the AVX512 build flags let the compiler emit */
    {{"avx512",
      ZKP_CPU_AVX512F | ZKP_CPU_AVX512VL | ZKP_CPU_AVX512BW | ZKP_CPU_AVX512DQ | ZKP_CPU_AVX2 | ZKP_CPU_BMI2,
      ZKP_HAVE_AVX512}, zkpi_hemera_permute_avx512,
     zkpi_hemera_permute_ct_avx512, zkpi_hemera_op_chain_avx512,
     zkpi_hemera_permute_traced_avx512, zkpi_hemera_permute_traced_ct_avx512},
#endif
#if ZKP_HAVE_AVX2
    {{"avx2", ZKP_CPU_AVX2 | ZKP_CPU_BMI2, ZKP_HAVE_AVX2}, zkpi_hemera_permute_avx2, zkpi_hemera_permute_ct_avx2,
     zkpi_hemera_op_chain_avx2,
     zkpi_hemera_permute_traced_avx2, zkpi_hemera_permute_traced_ct_avx2},
#endif
#if ZKP_HAVE_BMI2
    {{"bmi2", ZKP_CPU_BMI2 | ZKP_CPU_ADX, ZKP_HAVE_BMI2}, zkpi_hemera_permute_bmi2, zkpi_hemera_permute_ct_bmi2,
     zkpi_hemera_op_chain_bmi2,
     zkpi_hemera_permute_traced_bmi2, zkpi_hemera_permute_traced_ct_bmi2},
#endif
#if ZKP_HEMERA_PERMUTE_ONLY
    {{"portable", 0, 1}, zkpi_hemera_permute_portable, zkpi_hemera_permute_ct_portable, NULL, NULL, NULL},
#else
    {{"portable", 0, 1}, zkpi_hemera_permute_portable, zkpi_hemera_permute_ct_portable,
     zkpi_hemera_op_chain_portable,
     zkpi_hemera_permute_traced_portable, zkpi_hemera_permute_traced_ct_portable},
#endif
};
const unsigned zkpi_hemera_perm_kernel_count = (unsigned)ZKP_ARRAY_LEN(zkpi_hemera_perm_kernels);

static _Atomic uint64_t k_cache;

static const hemera_perm_kernel *k_pick(void) {
    return &zkpi_hemera_perm_kernels[zkpi_hemera_pick_shipped(&k_cache, zkpi_hemera_perm_kernels,
                                                              sizeof zkpi_hemera_perm_kernels[0],
                                                              zkpi_hemera_perm_kernel_count, HEMERA_UNSHIPPED)];
}

void zkp_hemera_permute(uint64_t state[ZKP_HEMERA_WIDTH]) {
    k_pick()->permute(state);
}

void zkp_hemera_permute_ct(uint64_t state[ZKP_HEMERA_WIDTH]) {
    k_pick()->permute_ct(state);
}

const char *zkp_hemera_permute_implementation(void) {
    return k_pick()->info.name;
}

void zkp_hemera_permute_traced(uint64_t state[ZKP_HEMERA_WIDTH], uint64_t trace[ZKP_HEMERA_TRACE_ROWS][ZKP_HEMERA_WIDTH]) {
    if (!state || !trace) return;
#if ZKP_HEMERA_PERMUTE_ONLY
    zkpi_hemera_permute_traced_portable(state, trace);
#else
    k_pick()->permute_traced(state, trace);
#endif
}

void zkp_hemera_permute_traced_ct(uint64_t state[ZKP_HEMERA_WIDTH], uint64_t trace[ZKP_HEMERA_TRACE_ROWS][ZKP_HEMERA_WIDTH]) {
    if (!state || !trace) return;
#if ZKP_HEMERA_PERMUTE_ONLY
    zkpi_hemera_permute_traced_ct_portable(state, trace);
#else
    k_pick()->permute_traced_ct(state, trace);
#endif
}

const hemera_perm_kernel *zkpi_hemera_perm_kernel_active(void) {
    return k_pick();
}
