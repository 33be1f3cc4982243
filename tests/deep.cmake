# The deep differential run (tests/deep/, docs/reliability.md): deep_diff
# compares every kernel against the portable kernel, OpenSSL / GMP-backed
# references and the slow oracles of tests/ref/. scripts/deep-diff.sh runs
# it at the recorded sizes; here a small smoke run of every family and a
# planted fault (one bit of one compared output flipped) that must fail
# with the mismatch report.
if(CMAKE_CROSSCOMPILING)
  message(STATUS "deep-diff: not registered (cross-compiling: needs OpenSSL and GMP for the target)")
  return()
endif()
find_package(OpenSSL QUIET COMPONENTS Crypto)
find_path(ZKP_GMP_INCLUDE gmp.h)
find_library(ZKP_GMP_LIB gmp)
if(NOT OpenSSL_FOUND OR NOT ZKP_GMP_INCLUDE OR NOT ZKP_GMP_LIB)
  zkp_optional_left_out("test deep-diff" "needs OpenSSL libcrypto and GMP; install libssl-dev libgmp-dev")
  return()
endif()
zkp_optional_on("test deep-diff" "libcrypto ${OPENSSL_VERSION}, ${ZKP_GMP_LIB}")

file(GLOB ZKP_DEEP_SOURCES CONFIGURE_DEPENDS ${CMAKE_CURRENT_SOURCE_DIR}/deep/*.c)
add_executable(deep_diff ${ZKP_DEEP_SOURCES}
  ${CMAKE_CURRENT_SOURCE_DIR}/ref/keccak_ref.c
  ${CMAKE_CURRENT_SOURCE_DIR}/ref/hemera_oracle.c
  ${CMAKE_CURRENT_SOURCE_DIR}/ref/hemera_batch_ref.c
  ${CMAKE_CURRENT_SOURCE_DIR}/ref/hemera_modes_ref.c
  ${CMAKE_CURRENT_SOURCE_DIR}/ref/poseidon_bigint.c
  ${CMAKE_CURRENT_SOURCE_DIR}/ref/poseidon_constants_dense.c
  ${CMAKE_CURRENT_SOURCE_DIR}/ref/gf2_ref.c
  ${CMAKE_CURRENT_SOURCE_DIR}/ref/gf2iso_oracle.c)
target_include_directories(deep_diff PRIVATE ${CMAKE_CURRENT_SOURCE_DIR}/ref ${ZKP_GMP_INCLUDE})
target_compile_definitions(deep_diff PRIVATE "ZKP_DEEP_VECTORS=\"${ZKP_VECTORS_DIR}\"")
target_link_libraries(deep_diff PRIVATE zkp_test_harness OpenSSL::Crypto ${ZKP_GMP_LIB})

# Smoke: a few seconds for all families (a fresh seed unless ZKPRIM_TEST_SEED says).
add_test(NAME deep-diff-smoke COMMAND deep_diff all --n 2000 --oracle-n 100)
set_tests_properties(deep-diff-smoke PROPERTIES ENVIRONMENT "${ZKP_TEST_ENV}")
# Planted: must exit 1 with the mismatch report (input and both outputs in hex).
add_test(NAME deep-diff-planted COMMAND ${CMAKE_COMMAND} -DCODE=1
  "-DREGEX=MISMATCH keccak/[a-z0-9]+ check 100: .*input \\([0-9]+ bytes\\): [0-9a-f]*.*got .*want "
  "-DCMD=$<TARGET_FILE:deep_diff>;keccak;--n;300;--oracle-n;10;--plant"
  -P ${CMAKE_CURRENT_SOURCE_DIR}/ct/expect_fail.cmake)
set_tests_properties(deep-diff-planted PROPERTIES ENVIRONMENT "${ZKP_TEST_ENV}")
