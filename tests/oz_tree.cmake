# OpenZeppelin Merkle trees: the unit test's oracle hashes with the reference
# Keccak; the CLI against @openzeppelin/merkle-tree 1.0.8 live (needs node and
# `npm ci --prefix tests/js`, like poseidon-circomlibjs).
target_sources(test_oz_tree PRIVATE ${CMAKE_CURRENT_SOURCE_DIR}/ref/keccak_ref.c)

if(TARGET zkprim_cli)
  # Without node too: the CLI on a values file of the known answers
  # (tests/vectors/oz-merkle-tree/kat.json, case 7) gives the package's root.
  add_test(NAME oz-cli-kat COMMAND zkprim_cli tree oz --types string,bool,bytes,int8,bytes4,uint64,int256
           ${CMAKE_CURRENT_SOURCE_DIR}/vectors/oz-merkle-tree/values_mixed7.json)
  set_tests_properties(oz-cli-kat PROPERTIES PASS_REGULAR_EXPRESSION
    "\"tree\":\\[\"0x0a9d1126e44269500c62cf1dc5bdb092043914b0b7d677fa6e9bf6587209352f\"")
  # value errors show cut values as cut; ROOT compared as bytes (no node needed).
  # A script runs the CLI itself, so it is native-only like the other CLI scripts.
  if(NOT CMAKE_CROSSCOMPILING)
    add_test(NAME oz-cli COMMAND ${CMAKE_CURRENT_SOURCE_DIR}/cli/oz_cli.sh $<TARGET_FILE:zkprim_cli>)
  endif()
  find_program(ZKP_NODE node)
  if(CMAKE_CROSSCOMPILING)
    message(STATUS "oz_tree: @openzeppelin/merkle-tree differential test not registered (cross-compiling)")
  elseif(NOT ZKP_NODE)
    zkp_optional_left_out("test oz-merkle-tree" "node not found; install Node.js with npm")
  elseif(NOT EXISTS ${CMAKE_CURRENT_SOURCE_DIR}/js/node_modules/@openzeppelin/merkle-tree)
    zkp_optional_left_out("test oz-merkle-tree" "@openzeppelin/merkle-tree not installed; run 'npm ci --prefix tests/js'")
  else()
    zkp_optional_on("test oz-merkle-tree" "${ZKP_NODE}")
    # A fresh seed per run unless ZKPRIM_TEST_SEED is set; the script prints it.
    add_test(NAME oz-merkle-tree
      COMMAND ${CMAKE_COMMAND} -E env ${ZKP_NODE} ${CMAKE_CURRENT_SOURCE_DIR}/js/oz_diff.js $<TARGET_FILE:zkprim_cli>)
    set_tests_properties(oz-merkle-tree PROPERTIES LABELS live)
  endif()
endif()
