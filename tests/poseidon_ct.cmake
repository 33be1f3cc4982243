# Constant-time check of the Poseidon kernels (tests/ct/ct_poseidon.c;
# zkp_add_ct_test from tests/ct/ct.cmake). The program reads the kernel
# table, so it sees the library's internal headers.
zkp_add_ct_test(ct-poseidon ${CMAKE_CURRENT_SOURCE_DIR}/ct/ct_poseidon.c)
