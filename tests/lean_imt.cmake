# LeanIMT over Poseidon (include/zkprim/lean_imt.h): the CLI end to end, and
# the live differential test against @zk-kit/lean-imt 2.2.5 + poseidon-lite
# 0.3.0 (pinned in tests/js/package-lock.json: npm ci --prefix tests/js);
# without node or the packages the latter is LEFT OUT (zkp_optional).
# The unit test test_lean_imt.c is registered by the test_*.c glob.
if(TARGET zkprim_cli AND NOT CMAKE_CROSSCOMPILING)
  add_test(NAME lean-imt-cli COMMAND ${CMAKE_CURRENT_SOURCE_DIR}/cli/lean_imt_cli.sh $<TARGET_FILE:zkprim_cli>)

  find_program(ZKP_NODE node)
  if(NOT ZKP_NODE)
    zkp_optional_left_out("test lean-imt-zk-kit" "node not found; install Node.js with npm")
  elseif(NOT EXISTS ${CMAKE_CURRENT_SOURCE_DIR}/js/node_modules/@zk-kit/lean-imt
         OR NOT EXISTS ${CMAKE_CURRENT_SOURCE_DIR}/js/node_modules/poseidon-lite)
    zkp_optional_left_out("test lean-imt-zk-kit"
                          "@zk-kit/lean-imt or poseidon-lite not installed; run 'npm ci --prefix tests/js'")
  else()
    zkp_optional_on("test lean-imt-zk-kit" "${ZKP_NODE}")
    # A fresh seed per run unless ZKPRIM_TEST_SEED is set; the script prints it.
    add_test(NAME lean-imt-zk-kit
      COMMAND ${ZKP_NODE} ${CMAKE_CURRENT_SOURCE_DIR}/js/lean_imt_diff.js $<TARGET_FILE:zkprim_cli>)
    set_tests_properties(lean-imt-zk-kit PROPERTIES TIMEOUT 300 LABELS live)
  endif()
endif()
