# Extra ctest entries for Hemera (zkp_add_ct_test comes from tests/ct/ct.cmake).
zkp_add_ct_test(ct-hemera-perm ${CMAKE_CURRENT_SOURCE_DIR}/ct/ct_hemera_perm.c)
