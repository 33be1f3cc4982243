# Keccak tests: OpenSSL's libcrypto (Debian libssl-dev) as a second
# SHA3/SHAKE oracle when it is found for the target being built.
if(TARGET test_keccak AND NOT CMAKE_CROSSCOMPILING)
  find_package(OpenSSL QUIET COMPONENTS Crypto)
  if(OpenSSL_FOUND)
    target_compile_definitions(test_keccak PRIVATE ZKP_TEST_OPENSSL=1)
    target_link_libraries(test_keccak PRIVATE OpenSSL::Crypto)
    zkp_optional_on("OpenSSL SHA3/SHAKE oracle (test keccak)" "libcrypto ${OPENSSL_VERSION}")
  else()
    zkp_optional_left_out("OpenSSL SHA3/SHAKE oracle (test keccak)" "OpenSSL libcrypto not found; install libssl-dev")
  endif()
endif()

# The CLI front ends (hash, --check, tree) against python3's hashlib.
find_program(ZKP_PYTHON3_KECCAK python3)
if(TARGET zkprim_cli AND NOT CMAKE_CROSSCOMPILING)
  if(ZKP_PYTHON3_KECCAK)
    add_test(NAME keccak-cli COMMAND sh ${CMAKE_CURRENT_SOURCE_DIR}/keccak_cli.sh $<TARGET_FILE:zkprim_cli>)
    zkp_optional_on("test keccak-cli" "${ZKP_PYTHON3_KECCAK}")
  else()
    zkp_optional_left_out("test keccak-cli" "python3 not found")
  endif()
endif()

# Plumbing budget (callgrind instruction counts are deterministic): a
# Keccak-256 of 64 bytes costs at most its permutation + 80 instructions.
# Only meaningful for optimised, uninstrumented native builds.
add_executable(keccak_plumbing ${CMAKE_CURRENT_SOURCE_DIR}/keccak_plumbing.c)
target_link_libraries(keccak_plumbing PRIVATE zkprim_static)
target_include_directories(keccak_plumbing PRIVATE ${PROJECT_SOURCE_DIR}/src ${PROJECT_BINARY_DIR}/generated)
find_program(ZKP_VALGRIND valgrind)
if(NOT CMAKE_CROSSCOMPILING AND CMAKE_BUILD_TYPE STREQUAL "Release" AND NOT CMAKE_C_FLAGS MATCHES "sanitize")
  if(ZKP_VALGRIND)
    add_test(NAME keccak-plumbing COMMAND sh ${PROJECT_SOURCE_DIR}/scripts/keccak-plumbing.sh ${PROJECT_BINARY_DIR})
    zkp_optional_on("test keccak-plumbing" "${ZKP_VALGRIND}")
  else()
    zkp_optional_left_out("test keccak-plumbing" "valgrind not found; install valgrind")
  endif()
endif()
