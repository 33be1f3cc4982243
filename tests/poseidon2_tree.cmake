# Poseidon2 trees (tests/test_poseidon2_tree.c): the definitional 31-bit
# oracle of tests/ref/poseidon2_ref.c (its BN254 half needs the bigint).
target_sources(test_poseidon2_tree PRIVATE ${CMAKE_CURRENT_SOURCE_DIR}/ref/poseidon2_ref.c
                                           ${CMAKE_CURRENT_SOURCE_DIR}/ref/poseidon_bigint.c)
# zkprim tree / hash -a poseidon2-*: roots and proofs against the tree's
# definition through `zkprim poseidon2`, and the exit codes.
if(TARGET zkprim_cli AND NOT CMAKE_CROSSCOMPILING)
  add_test(NAME poseidon2-tree-cli COMMAND ${CMAKE_CURRENT_SOURCE_DIR}/cli/poseidon2_tree_cli.sh $<TARGET_FILE:zkprim_cli>)
endif()
