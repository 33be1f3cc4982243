# `make demo` (scripts/demo.sh, the README's first command) on this build's
# CLI: every section must run and the script exit 0. Twice a demo regression
# landed because nothing ran the script; now every Release host build does
# (about two seconds).
if(TARGET zkprim_cli AND NOT CMAKE_CROSSCOMPILING AND CMAKE_BUILD_TYPE STREQUAL "Release")
  add_test(NAME demo COMMAND ${PROJECT_SOURCE_DIR}/scripts/demo.sh ${CMAKE_BINARY_DIR})
endif()
