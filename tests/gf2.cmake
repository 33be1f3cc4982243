# End-to-end checks of `zkprim field-bench` (usage errors, tiny runs of each mode).
if(TARGET zkprim_cli AND NOT CMAKE_CROSSCOMPILING)
  add_test(NAME gf2-field-bench COMMAND ${CMAKE_CURRENT_SOURCE_DIR}/cli/gf2_field_bench_test.sh $<TARGET_FILE:zkprim_cli>)
endif()

# Constant-time check under valgrind memcheck (secrets marked undefined):
# needs valgrind and its client-request header; not with sanitizers.
# ZKP_CT_TESTS (tests/ct/ct.cmake): valgrind and its header found, native, no sanitizer.
if(ZKP_CT_TESTS)
  add_executable(gf2_ct ${CMAKE_CURRENT_SOURCE_DIR}/ct/gf2_ct.c)
  target_link_libraries(gf2_ct PRIVATE zkp_test_harness)
  add_test(NAME gf2-ct COMMAND ${ZKP_VALGRIND} -q --error-exitcode=1 $<TARGET_FILE:gf2_ct>)
  set_tests_properties(gf2-ct PROPERTIES ENVIRONMENT "ZKPRIM_TEST_N=4")
endif()
