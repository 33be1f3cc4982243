# Constant-time check of the Keccak sponges and multi-lane kernels
# (tests/ct/ct_keccak.c; zkp_add_ct_test from tests/ct/ct.cmake).
zkp_add_ct_test(ct-keccak ${CMAKE_CURRENT_SOURCE_DIR}/ct/ct_keccak.c)
