# Reliability of `zkprim bench` / `bench compare` output (tests/cli/bench_test.sh):
# one ctest per section of that script, each a tiny run (nothing here times anything).
if(TARGET zkprim_cli AND NOT CMAKE_CROSSCOMPILING)
  foreach(section compare-missing unavailable formats exit-codes long-filter)
    add_test(NAME bench-${section}
             COMMAND ${CMAKE_CURRENT_SOURCE_DIR}/cli/bench_test.sh ${section} $<TARGET_FILE:zkprim_cli>)
    set_tests_properties(bench-${section} PROPERTIES SKIP_RETURN_CODE 77)
  endforeach()
endif()

# test_core also checks bench_measure's unavailable rows (it already links the
# statistics, tests/CMakeLists.txt).
if(TARGET test_core)
  target_sources(test_core PRIVATE ${PROJECT_SOURCE_DIR}/bench/runner.c)
endif()
