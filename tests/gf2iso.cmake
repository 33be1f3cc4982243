# End-to-end checks of `zkprim field-bench --isomorphism` (tests/cli/gf2iso_field_bench_test.sh).
if(TARGET zkprim_cli AND NOT CMAKE_CROSSCOMPILING)
  add_test(NAME gf2iso-field-bench COMMAND ${CMAKE_CURRENT_SOURCE_DIR}/cli/gf2iso_field_bench_test.sh $<TARGET_FILE:zkprim_cli>)
endif()

# Constant-time check of the _ct forms under valgrind memcheck (tests/ct/gf2iso_ct.c),
# plus a control: valgrind must report the table path (secret-indexed loads).
# ZKP_CT_TESTS (tests/ct/ct.cmake): valgrind and its header found, native, no sanitizer.
if(ZKP_CT_TESTS)
  add_executable(gf2iso_ct ${CMAKE_CURRENT_SOURCE_DIR}/ct/gf2iso_ct.c)
  target_link_libraries(gf2iso_ct PRIVATE zkp_test_harness)
  add_test(NAME gf2iso-ct COMMAND ${ZKP_VALGRIND} -q --error-exitcode=1 $<TARGET_FILE:gf2iso_ct>)
  add_test(NAME gf2iso-ct-control COMMAND ${ZKP_VALGRIND} -q --error-exitcode=1 $<TARGET_FILE:gf2iso_ct> vartime)
  set_tests_properties(gf2iso-ct-control PROPERTIES PASS_REGULAR_EXPRESSION "Use of uninitialised value")
endif()
