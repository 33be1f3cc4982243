# Every public function returning zkp_status is ZKP_MUST_USE and
# ignoring its result warns (tests/mustuse/check.cmake compiles a probe that
# drops each one). The self-test adds a header with one unmarked function
# and expects the check to name it, so the check is known to be able to fail.
set(ZKP_MUSTUSE_CHECK ${CMAKE_COMMAND} -DCC=${CMAKE_C_COMPILER} -DINCLUDE=${PROJECT_SOURCE_DIR}/include)
add_test(NAME mustuse COMMAND ${ZKP_MUSTUSE_CHECK} -DWORK=${CMAKE_CURRENT_BINARY_DIR}/mustuse
         -P ${CMAKE_CURRENT_SOURCE_DIR}/mustuse/check.cmake)
add_test(NAME mustuse-selftest COMMAND ${ZKP_MUSTUSE_CHECK} -DWORK=${CMAKE_CURRENT_BINARY_DIR}/mustuse-selftest
         -DEXTRA=${CMAKE_CURRENT_SOURCE_DIR}/mustuse/unmarked.h -P ${CMAKE_CURRENT_SOURCE_DIR}/mustuse/check.cmake)
set_tests_properties(mustuse-selftest PROPERTIES
  PASS_REGULAR_EXPRESSION "zkp_mustuse_unmarked: result ignored without a warning")
