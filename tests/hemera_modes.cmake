# Hemera modes: the reference modes run on hemera-perm's definitional oracle.
if(TARGET test_hemera_modes)
  target_sources(test_hemera_modes PRIVATE ${CMAKE_CURRENT_SOURCE_DIR}/ref/hemera_oracle.c)
endif()

# CLI: hash -a hemera (plain, XOF, keyed, derive-key) and tree -a hemera
# (roots, prove, verify) end to end.
if(TARGET zkprim_cli AND NOT CMAKE_CROSSCOMPILING)
  add_test(NAME hemera_modes_cli COMMAND ${CMAKE_CURRENT_SOURCE_DIR}/cli/hemera_modes_cli.sh $<TARGET_FILE:zkprim_cli>)
endif()
