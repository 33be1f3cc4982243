# End-to-end checks of `zkprim field-bench` (usage errors, tiny runs of each mode).
if(TARGET zkprim_cli AND NOT CMAKE_CROSSCOMPILING)
  add_test(NAME gf2-field-bench COMMAND ${CMAKE_CURRENT_SOURCE_DIR}/cli/gf2_field_bench_test.sh $<TARGET_FILE:zkprim_cli>)
endif()

# Constant-time check under valgrind memcheck (secrets marked undefined):
# needs valgrind and its client-request header; not with sanitizers.
find_program(ZKP_VALGRIND valgrind)
include(CheckIncludeFile)
check_include_file("valgrind/memcheck.h" ZKP_HAVE_MEMCHECK_H)
if(ZKP_VALGRIND AND ZKP_HAVE_MEMCHECK_H AND NOT CMAKE_CROSSCOMPILING AND NOT CMAKE_C_FLAGS MATCHES "sanitize")
  add_executable(gf2_ct ${CMAKE_CURRENT_SOURCE_DIR}/ct/gf2_ct.c)
  target_link_libraries(gf2_ct PRIVATE zkp_test_harness)
  add_test(NAME gf2-ct COMMAND ${ZKP_VALGRIND} -q --error-exitcode=1 $<TARGET_FILE:gf2_ct>)
  set_tests_properties(gf2-ct PROPERTIES ENVIRONMENT "ZKPRIM_TEST_N=4")
endif()
