# Optional checks: tests, oracles and benchmark anchors that need a tool or
# library the build can live without (OpenSSL, NTL, valgrind, node with
# circomlibjs, python3, objdump). Every one reports itself the same way when
# CMake configures:
#
#   zkp_optional_on(CHECK DETAIL)       -- optional CHECK: on (DETAIL)
#   zkp_optional_left_out(CHECK WHY)    CMake Warning: optional CHECK: LEFT OUT (WHY)
#
# Checks left out on purpose for a build configuration (cross-compiling,
# sanitizers, a non-Release build) are not "left out": another stage of
# scripts/test.sh runs them. At the end of configuring, zkp_optional_finish()
# writes the left-out list to ${CMAKE_BINARY_DIR}/zkp-left-out.txt (one
# "CHECK: WHY" a line, empty when none; scripts/test.sh prints it in its
# summary) and, with -DZKP_REQUIRE_ALL=ON or ZKPRIM_REQUIRE_ALL_STAGES=1 in
# the environment (CI), fails naming every one.
option(ZKP_REQUIRE_ALL "Fail configuring when an optional check is left out (CI)" OFF)
set_property(GLOBAL PROPERTY ZKP_LEFT_OUT "")

function(zkp_optional_on check detail)
  message(STATUS "optional ${check}: on (${detail})")
endfunction()

function(zkp_optional_left_out check why)
  string(REPLACE ";" "," why "${why}") # one line per check in the list file
  message(WARNING "optional ${check}: LEFT OUT (${why})")
  set_property(GLOBAL APPEND PROPERTY ZKP_LEFT_OUT "${check}: ${why}")
endfunction()

function(zkp_optional_finish)
  get_property(left GLOBAL PROPERTY ZKP_LEFT_OUT)
  set(text "")
  foreach(l IN LISTS left)
    string(APPEND text "${l}\n")
  endforeach()
  file(WRITE ${CMAKE_BINARY_DIR}/zkp-left-out.txt "${text}")
  if(left AND (ZKP_REQUIRE_ALL OR "$ENV{ZKPRIM_REQUIRE_ALL_STAGES}" STREQUAL "1"))
    message(FATAL_ERROR "ZKP_REQUIRE_ALL: every optional check must be on, but these were left out:\n${text}"
                        "Install what each names (README.md, .ci/run).")
  endif()
endfunction()
