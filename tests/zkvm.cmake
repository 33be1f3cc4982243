# zkVM guests (docs/zkvm.md). With -DZKP_KECCAK_F1600=external: the hook
# test (every Keccak path calls zkp_keccakf1600_external, counted, against
# the FIPS 202 oracle); the rest of the Keccak suite runs in the same build.
if(ZKP_KECCAK_EXTERNAL)
  add_executable(test_zkvm_external ${CMAKE_CURRENT_SOURCE_DIR}/zkvm/test_external.c
    ${CMAKE_CURRENT_SOURCE_DIR}/ref/keccak_ref.c)
  target_link_libraries(test_zkvm_external PRIVATE zkp_test_harness)
  target_include_directories(test_zkvm_external PRIVATE ${CMAKE_CURRENT_SOURCE_DIR}/ref ${CMAKE_CURRENT_SOURCE_DIR}/zkvm)
  add_test(NAME zkvm-external COMMAND test_zkvm_external)
endif()
