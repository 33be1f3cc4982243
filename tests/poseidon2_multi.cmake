# Poseidon2 multiproofs (tests/test_poseidon2_multi.c): the definitional
# multiproof oracle the other trees' test (test_multiproof.c) uses.
target_sources(test_poseidon2_multi PRIVATE ${CMAKE_CURRENT_SOURCE_DIR}/ref/multiproof_oracle.c)
