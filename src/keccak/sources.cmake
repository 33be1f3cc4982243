# Keccak-f[1600], the in-place sponge, hash_many and Merkle trees. Each
# kernel file is built with only its own instruction-set flags and left out
# when the ISA is disabled or foreign; dispatch.c lists it under the matching
# ZKP_HAVE_<ISA> (kernel interface and tables: f1600.h).
zkp_add_sources(f1600_portable.c dispatch.c sponge.c many.c tree.c tree_stream.c multiproof.c)
# OpenZeppelin Merkle trees (include/zkprim/oz_tree.h) on the batch path.
zkp_add_sources(oz_tree.c oz_abi.c)
zkp_add_kernel(BMI2 f1600_bmi2.c)
zkp_add_kernel(AVX2 f1600x4_avx2.c)
zkp_add_kernel(AVX512 f1600_avx512.c)
zkp_add_kernel(NEON f1600x2_neon.c)
zkp_add_kernel(SHA3 f1600_sha3.c f1600x2_sha3.c)
zkp_add_kernel(AVX512 f1600x8_avx512.c)
