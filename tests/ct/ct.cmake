# Constant-time checks shared by every module (included before tests/<module>.cmake).
#
# Constant-time checks (tests/ct/): a program marks its secrets
# (ct_secret.h) and the checker fails the run on any branch or address that
# depends on them. Two checkers:
#   valgrind memcheck  native builds without sanitizers: ctest runs each
#                      program under valgrind (no AVX-512 / VPCLMULQDQ there);
#   MemorySanitizer    a clang build with -fsanitize=memory and
#                      -include tests/ct/msan_shim.h (scripts/test.sh's
#                      ctmsan stage): the programs run natively, so every
#                      kernel of this CPU is checked, AVX-512 included. zkp_add_ct_test(NAME SOURCE [EXTRA_SOURCES...]) builds the
# program (linked with the test harness and the static library) and
# registers two tests:
#   NAME           the program as is: must be clean;
#   NAME-planted   the program run with --planted, where it must feed a
#                  variable-time function with secrets: the checker has to
#                  report it, which proves the check can fail. It passes
#                  only on that report (tests/ct/expect_fail.cmake): the
#                  checker's own exit status ZKP_CT_PLANTED_CODE, which
#                  nothing else uses, and its message. A crash, a usage
#                  error or a missing program fails it.
# Every ct program therefore needs a --planted mode.
# Registered only where memcheck can run them: valgrind and its header
# found, a native build, and no sanitizer (ASan/UBSan and memcheck do not
# mix; scripts/test.sh sets ZKPRIM_TEST_SANITIZE=1 for that stage).
add_custom_target(ct_programs) # builds only the ct programs (the ctmsan stage)
set(ZKP_CT_MSAN OFF)
if(CMAKE_C_FLAGS MATCHES "-fsanitize=memory")
  set(ZKP_CT_MSAN ON)
endif()
find_program(ZKP_VALGRIND valgrind)
include(CheckIncludeFile)
check_include_file(valgrind/memcheck.h ZKP_HAVE_MEMCHECK_H)
set(ZKP_CT_TESTS OFF)
if(NOT CMAKE_CROSSCOMPILING AND NOT "$ENV{ZKPRIM_TEST_SANITIZE}" AND NOT CMAKE_C_FLAGS MATCHES "-fsanitize")
  if(ZKP_VALGRIND AND ZKP_HAVE_MEMCHECK_H)
    set(ZKP_CT_TESTS ON)
    zkp_optional_on("constant-time tests (ct-*, valgrind memcheck)" "${ZKP_VALGRIND}")
  else()
    zkp_optional_left_out("constant-time tests (ct-*, valgrind memcheck)"
                          "valgrind or valgrind/memcheck.h not found; install valgrind")
  endif()
endif()

set(ZKP_CT_PLANTED_CODE 86)
set(ZKP_CT_EXPECT_FAIL ${CMAKE_CURRENT_LIST_DIR}/expect_fail.cmake)
# The reports each checker prints for a secret-dependent branch or address.
set(ZKP_CT_MSAN_REPORT "WARNING: MemorySanitizer: use-of-uninitialized-value")
set(ZKP_CT_MEMCHECK_REPORT "(Conditional jump or move depends on uninitialised value|Use of uninitialised value of size)")

function(zkp_add_ct_test name source)
  if(ZKP_CT_MSAN)
    add_executable(${name} ${source} ${ARGN})
    target_link_libraries(${name} PRIVATE zkp_test_harness)
    add_dependencies(ct_programs ${name})
    add_test(NAME ${name} COMMAND ${name})
    add_test(NAME ${name}-planted COMMAND ${CMAKE_COMMAND} -DCODE=${ZKP_CT_PLANTED_CODE}
             "-DREGEX=${ZKP_CT_MSAN_REPORT}" "-DCMD=$<TARGET_FILE:${name}>;--planted" -P ${ZKP_CT_EXPECT_FAIL})
    set_property(TEST ${name}-planted APPEND PROPERTY ENVIRONMENT "MSAN_OPTIONS=exitcode=${ZKP_CT_PLANTED_CODE}")
    return()
  endif()
  if(NOT ZKP_CT_TESTS)
    return()
  endif()
  add_executable(${name} ${source} ${ARGN})
  target_link_libraries(${name} PRIVATE zkp_test_harness)
  add_dependencies(ct_programs ${name})
  set(vg ${ZKP_VALGRIND} --tool=memcheck --error-exitcode=1 --track-origins=yes --quiet)
  add_test(NAME ${name} COMMAND ${vg} $<TARGET_FILE:${name}>)
  set(planted ${ZKP_VALGRIND} --tool=memcheck --error-exitcode=${ZKP_CT_PLANTED_CODE} --track-origins=yes --quiet
      $<TARGET_FILE:${name}> --planted)
  add_test(NAME ${name}-planted COMMAND ${CMAKE_COMMAND} -DCODE=${ZKP_CT_PLANTED_CODE}
           "-DREGEX=${ZKP_CT_MEMCHECK_REPORT}" "-DCMD=${planted}" -P ${ZKP_CT_EXPECT_FAIL})
endfunction()
