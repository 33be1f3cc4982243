# Keccak-f[1600] kernels beyond portable/BMI2/AVX2 (declared in f1600.h,
# which also defines their state layout). Each file gets only its own
# instruction-set flags and is left out of builds for other architectures
# or with ZKP_NO_<ISA>.
#
# For every ISA whose files are added, one definition goes to
# ZKP_KECCAK_EXTRA_DEFS; the keccak module's sources.cmake sets those on
# dispatch.c, which lists a kernel only when its definition is present (so
# the dispatcher never names a symbol this build did not compile).
if(ZKP_HAVE_NEON)
  zkp_add_kernel(NEON f1600x2_neon.c)
  list(APPEND ZKP_KECCAK_EXTRA_DEFS ZKP_KECCAK_EXTRA_NEON=1 ZKP_KECCAK_EXTRA_NEON_MOVERS=1)
endif()
if(ZKP_HAVE_SHA3)
  zkp_add_kernel(SHA3 f1600_sha3.c f1600x2_sha3.c)
  list(APPEND ZKP_KECCAK_EXTRA_DEFS ZKP_KECCAK_EXTRA_SHA3=1)
endif()
if(ZKP_HAVE_AVX512)
  zkp_add_kernel(AVX512 f1600x8_avx512.c)
  list(APPEND ZKP_KECCAK_EXTRA_DEFS ZKP_KECCAK_EXTRA_AVX512=1 ZKP_KECCAK_EXTRA_AVX512_MOVERS=1
       ZKP_KECCAK_EXTRA_AVX512_HASH64=1)
endif()
