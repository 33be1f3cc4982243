# Keccak-f[1600], the in-place sponge, hash_many and Merkle trees.
zkp_add_sources(f1600_portable.c dispatch.c sponge.c many.c tree.c)
zkp_add_kernel(BMI2 f1600_bmi2.c)
zkp_add_kernel(AVX2 f1600x4_avx2.c)
zkp_add_kernel(AVX512 f1600_avx512.c)

# Extra kernels (aarch64 NEON/SHA3, AVX-512 8-way) live in files owned by a
# separate work item; when present, sources_extra.cmake adds them and lists
# ZKP_KECCAK_EXTRA_<ISA>=1 definitions that only dispatch.c sees (contract in
# f1600.h). Without the file the build simply has no extra kernels.
set(ZKP_KECCAK_EXTRA_DEFS "")
include(${ZKP_MODULE_DIR}/sources_extra.cmake OPTIONAL)
if(ZKP_KECCAK_EXTRA_DEFS)
  set_source_files_properties(${ZKP_MODULE_DIR}/dispatch.c PROPERTIES COMPILE_DEFINITIONS "${ZKP_KECCAK_EXTRA_DEFS}")
endif()
