# Plonky3's MerkleTreeMmcs (tests/test_poseidon2_mmcs.c): the definitional
# 31-bit oracle of tests/ref/poseidon2_ref.c (which links the bigint).
target_sources(test_poseidon2_mmcs PRIVATE ${CMAKE_CURRENT_SOURCE_DIR}/ref/poseidon2_ref.c
                                           ${CMAKE_CURRENT_SOURCE_DIR}/ref/poseidon_bigint.c)
