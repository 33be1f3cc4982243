# ctest poseidon_jsgen: the WebAssembly one-arity modules' run-time constant
# generator (js/src/small/poseidon_gen.c, compiled natively) against the
# dense round constants of tests/ref/poseidon_constants_dense.c and the
# library's MDS tables, every width.
target_sources(test_poseidon_jsgen PRIVATE ${PROJECT_SOURCE_DIR}/js/src/small/poseidon_gen.c
  ${CMAKE_CURRENT_SOURCE_DIR}/ref/poseidon_constants_dense.c)
