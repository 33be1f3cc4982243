# The test runner's own verdicts (tests/test_runner.sh): skipped stages,
# left-out optional checks and skipped ctests never pass as "all passed",
# and fail under ZKPRIM_REQUIRE_ALL_STAGES=1. It tests scripts, not the
# build, so it is registered once: in the plain native configuration.
find_program(ZKP_BASH bash)
if(ZKP_BASH AND ZKP_TEST_NATIVE_CONFIG AND NOT ZKP_NO_AVX2 AND NOT ZKP_NO_AVX512)
  add_test(NAME test-runner COMMAND ${ZKP_BASH} ${CMAKE_CURRENT_SOURCE_DIR}/test_runner.sh ${CMAKE_COMMAND}
           ${CMAKE_C_COMPILER})
endif()

# Every randomised loop in the tests scales with ZKPRIM_TEST_N
# (scripts/check-test-n.py): a source check, so registered once too.
find_program(ZKP_PYTHON3_TESTN python3)
if(ZKP_PYTHON3_TESTN AND ZKP_TEST_NATIVE_CONFIG)
  add_test(NAME test-n-loops COMMAND ${ZKP_PYTHON3_TESTN} ${PROJECT_SOURCE_DIR}/scripts/check-test-n.py ${PROJECT_SOURCE_DIR})
endif()
