# test_hemera_trace checks against the definitional oracle and builds
# zero-S-box inputs with the batch reference (tests/ref/hemera_*.c are
# globbed into other programs only).
if(TARGET test_hemera_trace)
  target_sources(test_hemera_trace PRIVATE ${CMAKE_CURRENT_SOURCE_DIR}/ref/hemera_oracle.c
                 ${CMAKE_CURRENT_SOURCE_DIR}/ref/hemera_batch_ref.c)
endif()
# The constant-time traced permutation and the secret-mode step sponges
# are checked by ct-hemera-perm and ct-hemera-modes (tests/ct/).
# CLI: zkprim hash -a hemera --trace FILE end to end.
if(TARGET zkprim_cli AND NOT CMAKE_CROSSCOMPILING)
  add_test(NAME hemera_trace_cli COMMAND ${CMAKE_CURRENT_SOURCE_DIR}/cli/hemera_trace_cli.sh $<TARGET_FILE:zkprim_cli>)
endif()
