# Every generated constant table is reproducible: re-run the generators and
# fail on any difference from the checked-in files. A check of the source
# tree alone (python3, no compiler): registered in the native configuration
# only, like api-table, instead of once per stage that builds the suite.
find_program(ZKP_PYTHON3 python3)
if(ZKP_TEST_NATIVE_CONFIG)
  if(ZKP_PYTHON3)
    add_test(NAME generated-constants COMMAND ${PROJECT_SOURCE_DIR}/scripts/regen.sh --check)
    zkp_optional_on("test generated-constants" "${ZKP_PYTHON3}")
  else()
    zkp_optional_left_out("test generated-constants" "python3 not found")
  endif()
endif()
