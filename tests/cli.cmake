# End-to-end CLI checks (exit codes, messages, bench/compare plumbing).
if(TARGET zkprim_cli AND NOT CMAKE_CROSSCOMPILING)
  add_test(NAME cli COMMAND ${CMAKE_CURRENT_SOURCE_DIR}/cli/cli_test.sh $<TARGET_FILE:zkprim_cli>)
  # hash --check: full-length digests only, read errors, NUL bytes
  add_test(NAME cli-check COMMAND ${CMAKE_CURRENT_SOURCE_DIR}/cli/check_test.sh $<TARGET_FILE:zkprim_cli>)
  # 0 / 1 / 2 for every subcommand, write errors included
  add_test(NAME cli-exit-codes COMMAND ${CMAKE_CURRENT_SOURCE_DIR}/cli/exit_codes_test.sh $<TARGET_FILE:zkprim_cli>)
  # --help of every subcommand and sub-subcommand
  add_test(NAME cli-help COMMAND ${CMAKE_CURRENT_SOURCE_DIR}/cli/help_test.sh $<TARGET_FILE:zkprim_cli>)
  # zkprim poseidon's field-element arguments ("-1", leading zeros, >= p)
  add_test(NAME cli-poseidon-args COMMAND ${CMAKE_CURRENT_SOURCE_DIR}/cli/poseidon_args_test.sh $<TARGET_FILE:zkprim_cli>)
endif()
