# End-to-end CLI checks (exit codes, messages, bench/compare plumbing).
if(TARGET zkprim_cli AND NOT CMAKE_CROSSCOMPILING)
  add_test(NAME cli COMMAND ${CMAKE_CURRENT_SOURCE_DIR}/cli/cli_test.sh $<TARGET_FILE:zkprim_cli>)
endif()
