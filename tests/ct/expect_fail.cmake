# An expected-failure test that passes only on the failure it exists to show
# (WILL_FAIL passes on any failure: a crash, a usage error, a missing binary).
#
#   cmake -DCODE=<exit status> -DREGEX=<regex> "-DCMD=PROGRAM;ARGS..." -P expect_fail.cmake
#
# Runs CMD (a list: one quoted -D argument, since cmake would take options
# such as -L after -P as its own) and passes when its exit status is exactly
# CODE (a signal is never a number, so a crash fails) and its combined
# stdout and stderr match REGEX. Used by the constant-time `-planted` twins
# (tests/ct/ct.cmake) and poseidon-cli-range (tests/poseidon.cmake).
if(NOT DEFINED CODE OR NOT DEFINED REGEX OR NOT CMD)
  message(FATAL_ERROR "expect_fail.cmake: -DCODE=, -DREGEX= and -DCMD= are required")
endif()
message("expect_fail: running ${CMD}")
execute_process(COMMAND ${CMD} RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE out)
message("${out}")
if(NOT "${rc}" STREQUAL "${CODE}")
  message(FATAL_ERROR "expect_fail: exit status '${rc}', want ${CODE} (the expected failure did not happen)")
endif()
if(NOT out MATCHES "${REGEX}")
  message(FATAL_ERROR "expect_fail: exit status ${CODE} but the output does not match '${REGEX}'")
endif()
message("expect_fail: exit status ${CODE} and the expected message: the failure this test shows")
