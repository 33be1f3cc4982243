/* The gf2 kernel table (widest first, portable last) and its dispatcher. */
#include "gf2/gf2_internal.h"

static const gf2_kernel k_table[] = {
#if ZKP_HAVE_AVX512 && ZKP_HAVE_VPCLMUL
    {{"vpclmul-zmm",
      ZKP_CPU_AVX512F | ZKP_CPU_AVX512BW | ZKP_CPU_AVX512VL | ZKP_CPU_AVX512DQ | ZKP_CPU_VPCLMUL | ZKP_CPU_PCLMUL |
          ZKP_CPU_AVX2 | ZKP_CPU_BMI2, 1},
     zkpi_gf2_ops_avx512},
#endif
#if ZKP_HAVE_VPCLMUL
    {{"vpclmul", ZKP_CPU_AVX2 | ZKP_CPU_VPCLMUL | ZKP_CPU_PCLMUL, 1}, zkpi_gf2_ops_vpclmul},
#endif
#if ZKP_HAVE_PCLMUL
    {{"pclmul", ZKP_CPU_PCLMUL, 1}, zkpi_gf2_ops_pclmul},
#endif
#if ZKP_HAVE_PMULL
    {{"pmull", ZKP_CPU_PMULL, 1}, zkpi_gf2_ops_pmull},
#endif
    {{"portable", 0, 1}, zkpi_gf2_ops_portable},
};

static _Atomic uint64_t k_cache;

const gf2_kernel *zkpi_gf2_kernels(size_t *count) {
    *count = ZKP_ARRAY_LEN(k_table);
    return k_table;
}

const gf2_kernel *zkpi_gf2_kernel_active(void) { return ZKP_DISPATCH(&k_cache, k_table); }

const char *zkp_gf2_implementation(void) { return zkpi_gf2_kernel_active()->info.name; }
