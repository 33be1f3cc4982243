# BN254 field layers (tests/test_bn254.c): the schoolbook oracle of
# tests/ref/poseidon_bigint.c, and one hook file per instruction-set layer,
# each compiled with only that set's flags (as the library's kernels are).
target_sources(test_bn254 PRIVATE ${CMAKE_CURRENT_SOURCE_DIR}/ref/poseidon_bigint.c
  ${CMAKE_CURRENT_SOURCE_DIR}/bn254/layer_mulx.c ${CMAKE_CURRENT_SOURCE_DIR}/bn254/layer_ifma.c)
if(ZKP_HAVE_BMI2)
  set_source_files_properties(${CMAKE_CURRENT_SOURCE_DIR}/bn254/layer_mulx.c PROPERTIES COMPILE_OPTIONS "${ZKP_FLAGS_BMI2}")
endif()
if(ZKP_HAVE_AVX512IFMA)
  set_source_files_properties(${CMAKE_CURRENT_SOURCE_DIR}/bn254/layer_ifma.c PROPERTIES COMPILE_OPTIONS "${ZKP_FLAGS_AVX512IFMA}")
endif()
