zkp_add_sources(gf2.c dispatch.c kern_portable.c)
zkp_add_kernel(PCLMUL kern_pclmul.c)
zkp_add_kernel(VPCLMUL kern_vpclmul.c)
zkp_add_kernel(PMULL kern_pmull.c)
# The zmm kernel needs AVX-512 and VPCLMULQDQ: built only where both families
# are enabled, with the AVX512 flags plus the VPCLMUL ones (the dispatcher
# requires the CPU to report both).
if(ZKP_HAVE_AVX512 AND ZKP_HAVE_VPCLMUL)
  zkp_add_kernel(AVX512 kern_avx512.c)
  set_property(SOURCE ${ZKP_MODULE_DIR}/kern_avx512.c APPEND PROPERTY COMPILE_OPTIONS ${ZKP_FLAGS_VPCLMUL})
endif()
