# An expected-failure test that passes only on the failure it exists to show
# (WILL_FAIL passes on any failure: a crash, a usage error, a missing binary).
#
#   cmake -DCODE=<exit status> -DREGEX=<regex> -P expect_fail.cmake -- PROGRAM [ARGS...]
#
# Runs PROGRAM and passes when its exit status is exactly CODE (a signal is
# never a number, so a crash fails) and its combined stdout and stderr match
# REGEX. Used by the constant-time `-planted` twins (tests/ct/ct.cmake) and
# poseidon-cli-range (tests/poseidon.cmake).
if(NOT DEFINED CODE OR NOT DEFINED REGEX)
  message(FATAL_ERROR "expect_fail.cmake: -DCODE= and -DREGEX= are required")
endif()
set(cmd "")
set(seen_sep OFF)
foreach(i RANGE 1 ${CMAKE_ARGC})
  if(i EQUAL CMAKE_ARGC)
    break()
  endif()
  if(seen_sep)
    list(APPEND cmd "${CMAKE_ARGV${i}}")
  elseif("${CMAKE_ARGV${i}}" STREQUAL "--")
    set(seen_sep ON)
  endif()
endforeach()
if(NOT cmd)
  message(FATAL_ERROR "expect_fail.cmake: no command after --")
endif()
message("expect_fail: running ${cmd}")
execute_process(COMMAND ${cmd} RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE out)
message("${out}")
if(NOT "${rc}" STREQUAL "${CODE}")
  message(FATAL_ERROR "expect_fail: exit status '${rc}', want ${CODE} (the expected failure did not happen)")
endif()
if(NOT out MATCHES "${REGEX}")
  message(FATAL_ERROR "expect_fail: exit status ${CODE} but the output does not match '${REGEX}'")
endif()
message("expect_fail: exit status ${CODE} and the expected message: the failure this test shows")
