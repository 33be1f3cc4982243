# Keccak-f[1600] kernels beyond portable/x86-scalar/AVX2 (see f1600_extra.h):
# each file gets only its own instruction-set flags and is left out of
# builds for other architectures or with ZKP_NO_<ISA>.
zkp_add_kernel(NEON f1600x2_neon.c)
zkp_add_kernel(SHA3 f1600_sha3.c f1600x2_sha3.c)
zkp_add_kernel(AVX512 f1600x8_avx512.c)
