# `zkprim tree -a poseidon` (the circom-style Poseidon BN254 tree on a file of
# field elements): end to end against a definitional python3 oracle
# (tests/cli/poseidon_tree_oracle.py: Poseidon round by round from
# circomlibjs' constants, tree / proof / multiproof written out), and live
# against circomlibjs 0.1.7 (tests/js/poseidon_tree_diff.js).
if(TARGET zkprim_cli AND NOT CMAKE_CROSSCOMPILING)
  find_program(ZKP_PYTHON3_PTREE python3)
  if(ZKP_PYTHON3_PTREE)
    zkp_optional_on("test poseidon-tree-cli" "${ZKP_PYTHON3_PTREE}")
    add_test(NAME poseidon-tree-cli
      COMMAND ${CMAKE_CURRENT_SOURCE_DIR}/cli/poseidon_tree_cli.sh $<TARGET_FILE:zkprim_cli>)
    # end to end: run in the native and asan stages only (scripts/test.sh)
    set_tests_properties(poseidon-tree-cli PROPERTIES LABELS e2e)
  else()
    zkp_optional_left_out("test poseidon-tree-cli" "python3 not found")
  endif()

  # Needs what poseidon-circomlibjs needs (node, npm ci --prefix tests/js), so
  # it is registered exactly when that one is: tests/poseidon.cmake is
  # included before this file (tests/CMakeLists.txt sorts them) and found node.
  if(TEST poseidon-circomlibjs)
    zkp_optional_on("test poseidon-tree-circomlibjs" "${ZKP_NODE}")
    # A fresh seed per run unless ZKPRIM_TEST_SEED is set; the script prints it.
    add_test(NAME poseidon-tree-circomlibjs
      COMMAND ${ZKP_NODE} ${CMAKE_CURRENT_SOURCE_DIR}/js/poseidon_tree_diff.js $<TARGET_FILE:zkprim_cli>)
    set_tests_properties(poseidon-tree-circomlibjs PROPERTIES LABELS live)
  else()
    zkp_optional_left_out("test poseidon-tree-circomlibjs"
                          "needs node and circomlibjs like poseidon-circomlibjs; run 'npm ci --prefix tests/js'")
  endif()
endif()
