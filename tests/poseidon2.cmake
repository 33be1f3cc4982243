# Poseidon2 (tests/test_poseidon2.c): its BN254 oracle runs on the schoolbook
# bigint of tests/ref/poseidon_bigint.c (the ref/poseidon2_*.c files are
# linked by name already).
target_sources(test_poseidon2 PRIVATE ${CMAKE_CURRENT_SOURCE_DIR}/ref/poseidon_bigint.c)
# zkprim poseidon2: the references' vectors and the exit codes through the CLI.
if(TARGET zkprim_cli AND NOT CMAKE_CROSSCOMPILING)
  add_test(NAME poseidon2-cli COMMAND ${CMAKE_CURRENT_SOURCE_DIR}/cli/poseidon2_cli.sh $<TARGET_FILE:zkprim_cli>)
endif()
# Constant time of the kernels (tests/ct/ct_poseidon2.c; zkp_add_ct_test from
# tests/ct/ct.cmake): valgrind memcheck here, MemorySanitizer in ctmsan.
zkp_add_ct_test(ct-poseidon2 ${CMAKE_CURRENT_SOURCE_DIR}/ct/ct_poseidon2.c)
