# Hemera part 2 (batched permutation, batch tree forms); included from
# src/hemera/sources.cmake.
zkp_add_sources(batch.c batch_portable.c)
zkp_add_kernel(AVX2 batch_avx2.c)
zkp_add_kernel(AVX512 batch_avx512.c)
