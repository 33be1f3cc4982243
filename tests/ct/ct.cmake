# Constant-time checks shared by every module (included before tests/<module>.cmake).
#
# Constant-time checks by valgrind memcheck (tests/ct/): a program marks its
# secrets undefined and memcheck fails the run on any branch or address that
# depends on them. zkp_add_ct_test(NAME SOURCE [EXTRA_SOURCES...]) builds the
# program (linked with the test harness and the static library) and
# registers two tests:
#   NAME           the program as is: must be clean;
#   NAME-planted   the program run with --planted, where it must feed a
#                  variable-time function with secrets: memcheck has to
#                  report it (WILL_FAIL), which proves the check can fail.
# Every ct program therefore needs a --planted mode.
# Registered only where memcheck can run them: valgrind and its header
# found, a native build, and no sanitizer (ASan/UBSan and memcheck do not
# mix; scripts/test.sh sets ZKPRIM_TEST_SANITIZE=1 for that stage).
find_program(ZKP_VALGRIND valgrind)
include(CheckIncludeFile)
check_include_file(valgrind/memcheck.h ZKP_HAVE_MEMCHECK_H)
set(ZKP_CT_TESTS OFF)
if(ZKP_VALGRIND AND ZKP_HAVE_MEMCHECK_H AND NOT CMAKE_CROSSCOMPILING
   AND NOT "$ENV{ZKPRIM_TEST_SANITIZE}" AND NOT CMAKE_C_FLAGS MATCHES "-fsanitize")
  set(ZKP_CT_TESTS ON)
endif()

function(zkp_add_ct_test name source)
  if(NOT ZKP_CT_TESTS)
    return()
  endif()
  add_executable(${name} ${source} ${ARGN})
  target_link_libraries(${name} PRIVATE zkp_test_harness)
  set(vg ${ZKP_VALGRIND} --tool=memcheck --error-exitcode=1 --track-origins=yes --quiet)
  add_test(NAME ${name} COMMAND ${vg} $<TARGET_FILE:${name}>)
  add_test(NAME ${name}-planted COMMAND ${vg} $<TARGET_FILE:${name}> --planted)
  set_tests_properties(${name}-planted PROPERTIES WILL_FAIL TRUE)
endfunction()
