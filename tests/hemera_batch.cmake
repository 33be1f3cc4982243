# test_hemera_batch also checks against hemera-perm's definitional oracle
# (tests/ref/hemera_oracle.c is globbed into test_hemera only).
if(TARGET test_hemera_batch AND EXISTS ${CMAKE_CURRENT_SOURCE_DIR}/ref/hemera_oracle.c)
  target_sources(test_hemera_batch PRIVATE ${CMAKE_CURRENT_SOURCE_DIR}/ref/hemera_oracle.c)
endif()

# CLI: zkprim tree -a hemera --threads N end to end.
if(TARGET zkprim_cli AND NOT CMAKE_CROSSCOMPILING)
  add_test(NAME hemera_batch_cli COMMAND ${CMAKE_CURRENT_SOURCE_DIR}/cli/hemera_batch_cli.sh $<TARGET_FILE:zkprim_cli>)
endif()
