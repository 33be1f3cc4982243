# ctest no-int128 (tests/no_int128/): the Goldilocks and BN254 code that
# targets without unsigned __int128 build (rv32im zkVM guests; core/wide.h),
# compiled on the host with ZKP_TEST_NO_INT128 and no inline asm, held bit for
# bit against the library's __int128 code; and the WebAssembly-shaped forms
# (bn254/fr32.h, goldilocks/gl32.h, forced by ZKP_TEST_WASM_ARITH) the same
# way. Needs a host compiler with __int128 for the reference side (every
# 64-bit GCC / Clang target).
# What it compiles is the library's portable C as a 32-bit target builds it:
# neither the host's kernel set nor its byte order changes that code, so it
# is built where a compiler or a checker is new to it (native gcc, the asan
# stage's sanitizers, the verify stage's clang with the bound checks) and not
# again in the cross, portable-only and knob builds (each would spend a
# minute of CPU compiling the same code once more).
include(CheckCSourceCompiles)
check_c_source_compiles("unsigned __int128 x; int main(void) { return 0; }" ZKP_HOST_HAS_INT128)
if(ZKP_HOST_HAS_INT128 AND NOT CMAKE_CROSSCOMPILING AND NOT ZKP_NO_SIMD AND NOT ZKP_DISABLE_DEFS)
  set(_ni ${CMAKE_CURRENT_SOURCE_DIR}/no_int128)
  add_executable(test_no_int128 ${_ni}/test_no_int128.c ${_ni}/ni_arith_gl.c ${_ni}/ni_arith_fr.c
    ${_ni}/ni_hemera_permute.c ${_ni}/ni_hemera_batch.c ${_ni}/ni_poseidon.c
    ${_ni}/w32_arith.c ${_ni}/w32_hemera.c ${_ni}/w32_hemera_batch.c ${_ni}/w32_poseidon.c
    ${_ni}/w32_keccak.c)
  target_link_libraries(test_no_int128 PRIVATE zkp_test_harness)
  add_test(NAME no-int128 COMMAND test_no_int128)
  set_tests_properties(no-int128 PROPERTIES ENVIRONMENT "${ZKP_TEST_ENV}")
endif()
