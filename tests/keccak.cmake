# Keccak tests: OpenSSL's libcrypto (Debian libssl-dev) as a second
# SHA3/SHAKE oracle when it is found for the target being built.
if(TARGET test_keccak AND NOT CMAKE_CROSSCOMPILING)
  find_package(OpenSSL QUIET COMPONENTS Crypto)
  if(OpenSSL_FOUND)
    target_compile_definitions(test_keccak PRIVATE ZKP_TEST_OPENSSL=1)
    target_link_libraries(test_keccak PRIVATE OpenSSL::Crypto)
  endif()
endif()
