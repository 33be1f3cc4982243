# Every generated constant table is reproducible: re-run the generators and
# fail on any difference from the checked-in files.
find_program(ZKP_PYTHON3 python3)
if(ZKP_PYTHON3 AND NOT CMAKE_CROSSCOMPILING)
  add_test(NAME generated-constants COMMAND ${PROJECT_SOURCE_DIR}/scripts/regen.sh --check)
endif()
