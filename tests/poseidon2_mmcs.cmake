# Plonky3's MerkleTreeMmcs (tests/test_poseidon2_mmcs.c): the definitional
# 31-bit oracle of tests/ref/poseidon2_ref.c (which links the bigint).
target_sources(test_poseidon2_mmcs PRIVATE ${CMAKE_CURRENT_SOURCE_DIR}/ref/poseidon2_ref.c
                                           ${CMAKE_CURRENT_SOURCE_DIR}/ref/poseidon_bigint.c)
# zkprim tree -a poseidon2-* --mmcs: the root against its definition through
# `zkprim poseidon2`, and the exit codes.
if(TARGET zkprim_cli AND NOT CMAKE_CROSSCOMPILING)
  add_test(NAME poseidon2-mmcs-cli COMMAND ${CMAKE_CURRENT_SOURCE_DIR}/cli/poseidon2_mmcs_cli.sh $<TARGET_FILE:zkprim_cli>)
endif()
