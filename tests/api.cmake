# The 1.0 API contract (docs/api.md): scripts/gen-api-table.py checks every
# public declaration against the rules (one timing marker agreeing with its
# module's naming rule, ZKP_MUST_USE on every zkp_status function, prefixes,
# banned words, the allocating functions), the table in docs/api.md against
# the headers, the shared library's zkp_* exports against the table (nm -D)
# the rename list (and the CHANGELOG's Renamed table made from it) and the
# misuse table of docs/reliability.md (a row per public function).
# api-table-planted breaks a copy in each of those ways and expects every one
# reported. Source checks plus one nm of this build's library: registered in
# the native configuration, like test-n-loops.
find_program(ZKP_PYTHON3_API python3)
find_program(ZKP_NM_API nm)
if(TARGET zkprim_shared AND ZKP_TEST_NATIVE_CONFIG)
  if(ZKP_PYTHON3_API AND ZKP_NM_API)
    add_test(NAME api-table COMMAND ${CMAKE_COMMAND} -E env CC=${CMAKE_C_COMPILER} NM=${ZKP_NM_API}
             ${ZKP_PYTHON3_API} ${PROJECT_SOURCE_DIR}/scripts/gen-api-table.py --check
             --lib $<TARGET_FILE:zkprim_shared> --renames ${PROJECT_SOURCE_DIR}/scripts/api-renames-1.0.tsv
             --changelog ${PROJECT_SOURCE_DIR}/CHANGELOG.md --misuse-doc ${PROJECT_SOURCE_DIR}/docs/reliability.md)
    add_test(NAME api-table-planted COMMAND ${CMAKE_COMMAND} -E env CC=${CMAKE_C_COMPILER} NM=${ZKP_NM_API}
             ${ZKP_PYTHON3_API} ${CMAKE_CURRENT_SOURCE_DIR}/api/planted.py ${PROJECT_SOURCE_DIR}
             $<TARGET_FILE:zkprim_shared>)
    # The binding names (Rust and Python) against the C functions, and its
    # planted twin (docs/api.md, "Binding names"): source checks only.
    add_test(NAME binding-names COMMAND ${CMAKE_COMMAND} -E env CC=${CMAKE_C_COMPILER}
             ${ZKP_PYTHON3_API} ${PROJECT_SOURCE_DIR}/scripts/gen-binding-names.py --check
             --python-stubs ${PROJECT_SOURCE_DIR}/python/zkprim)
    add_test(NAME binding-names-planted COMMAND ${CMAKE_COMMAND} -E env CC=${CMAKE_C_COMPILER}
             ${ZKP_PYTHON3_API} ${CMAKE_CURRENT_SOURCE_DIR}/api/binding_planted.py ${PROJECT_SOURCE_DIR})
    # Internal names use zkpi_ (rule 1): no zkp_ identifier in the sources that
    # the public headers do not declare (scripts/rename-internal.sh renames).
    add_test(NAME internal-names COMMAND ${CMAKE_COMMAND} -E env CC=${CMAKE_C_COMPILER}
             ${ZKP_PYTHON3_API} ${PROJECT_SOURCE_DIR}/scripts/check-internal-names.py
             src tools bench tests python/csrc)
    # Every zkp_/zkpi_ name README.md and docs/ mention exists in the code.
    add_test(NAME doc-names COMMAND ${ZKP_PYTHON3_API} ${PROJECT_SOURCE_DIR}/scripts/check-doc-names.py)
    zkp_optional_on("test api-table" "${ZKP_PYTHON3_API}")
  else()
    zkp_optional_left_out("test api-table" "needs python3 and nm (binutils)")
  endif()
endif()
