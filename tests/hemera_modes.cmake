# Hemera modes: the reference modes run on hemera-perm's definitional oracle.
if(TARGET test_hemera_modes)
  target_sources(test_hemera_modes PRIVATE ${CMAKE_CURRENT_SOURCE_DIR}/ref/hemera_oracle.c)
endif()

# CLI: hash -a hemera (plain, XOF, keyed, derive-key) and tree -a hemera
# (roots, prove, verify) end to end.
if(TARGET zkprim_cli AND NOT CMAKE_CROSSCOMPILING)
  add_test(NAME hemera_modes_cli COMMAND ${CMAKE_CURRENT_SOURCE_DIR}/cli/hemera_modes_cli.sh $<TARGET_FILE:zkprim_cli>)
endif()

# Constant time checked by a tool: ct_hemera_modes marks keys, contexts,
# material and messages undefined for valgrind memcheck and runs every
# secret-facing mode; any branch or address depending on them fails the
# test. zkp_add_ct_test (tests/hemera.cmake) registers it only where
# memcheck can run it, plus a `-planted` run that must fail.
if(COMMAND zkp_add_ct_test)
  zkp_add_ct_test(ct-hemera-modes ${CMAKE_CURRENT_SOURCE_DIR}/ct/ct_hemera_modes.c)
endif()
