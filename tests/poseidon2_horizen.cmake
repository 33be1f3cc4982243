# HorizenLabs Poseidon2 instances (tests/test_poseidon2_horizen.c): the
# 255-bit field layer is checked against the schoolbook bigint of
# tests/ref/poseidon_bigint.c.
target_sources(test_poseidon2_horizen PRIVATE ${CMAKE_CURRENT_SOURCE_DIR}/ref/poseidon_bigint.c)
