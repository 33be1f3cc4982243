# Hemera modes: the reference modes run on hemera-perm's definitional oracle.
if(TARGET test_hemera_modes)
  target_sources(test_hemera_modes PRIVATE ${CMAKE_CURRENT_SOURCE_DIR}/ref/hemera_oracle.c)
endif()

# CLI: hash -a hemera (plain, XOF, keyed, derive-key) and tree -a hemera
# (roots, prove, verify) end to end.
if(TARGET zkprim_cli AND NOT CMAKE_CROSSCOMPILING)
  add_test(NAME hemera_modes_cli COMMAND ${CMAKE_CURRENT_SOURCE_DIR}/cli/hemera_modes_cli.sh $<TARGET_FILE:zkprim_cli>)
endif()

# Constant time checked by a tool: ct_hemera_modes marks keys, contexts,
# material and messages undefined for valgrind memcheck and runs every
# secret-facing mode; any branch or address depending on them fails the
# test. Skipped where valgrind cannot run the binary (cross builds) or would
# fight the sanitizers.
find_program(ZKP_VALGRIND valgrind)
include(CheckIncludeFile)
check_include_file(valgrind/memcheck.h ZKP_HAVE_MEMCHECK_H)
if(ZKP_VALGRIND AND ZKP_HAVE_MEMCHECK_H AND NOT CMAKE_CROSSCOMPILING
   AND NOT "${CMAKE_C_FLAGS}" MATCHES "-fsanitize" AND NOT DEFINED ENV{ZKPRIM_TEST_SANITIZE})
  add_executable(ct_hemera_modes ${CMAKE_CURRENT_SOURCE_DIR}/ct/ct_hemera_modes.c)
  target_link_libraries(ct_hemera_modes PRIVATE zkprim_static)
  add_test(NAME ct_hemera_modes
           COMMAND ${ZKP_VALGRIND} -q --error-exitcode=1 --track-origins=yes $<TARGET_FILE:ct_hemera_modes>)
  # The check must be able to fail: a planted secret-dependent branch is caught.
  add_test(NAME ct_hemera_modes_catches_leak
           COMMAND ${ZKP_VALGRIND} -q --error-exitcode=1 $<TARGET_FILE:ct_hemera_modes> --planted-leak)
  set_tests_properties(ct_hemera_modes_catches_leak PROPERTIES WILL_FAIL TRUE)
endif()
