zkp_add_sources(gf2.c dispatch.c kern_portable.c)
zkp_add_kernel(PCLMUL kern_pclmul.c)
zkp_add_kernel(VPCLMUL kern_vpclmul.c)
zkp_add_kernel(PMULL kern_pmull.c)
# The zmm kernel needs AVX-512 and VPCLMULQDQ; it is built with the AVX512
# flags and enables VPCLMULQDQ itself, so it goes only where both families are on.
if(ZKP_HAVE_AVX512 AND ZKP_HAVE_VPCLMUL)
  zkp_add_kernel(AVX512 kern_avx512.c)
endif()
