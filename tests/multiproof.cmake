# Multiproofs through the CLI (`zkprim tree -a hemera|keccak256 prove/verify
# --multi`); the library side is test_multiproof.c (ctest multiproof) and the
# fuzz target fuzz_multiproof (tests/fuzz/fuzz.cmake).
if(TARGET zkprim_cli AND NOT CMAKE_CROSSCOMPILING)
  add_test(NAME multiproof_cli COMMAND ${CMAKE_CURRENT_SOURCE_DIR}/cli/multiproof_cli.sh $<TARGET_FILE:zkprim_cli>)
endif()

# Poseidon multiproofs against the npm packages, live: @zk-kit/lean-imt with
# poseidon-lite builds the same tree, and the multiproof walk is redone in JS
# (tests/js/multiproof_diff.js, driven by multiproof_dump). Needs node and
#   npm ci --prefix tests/js
# Built only where the test can run (not cross-compiled: no node under qemu),
# so no test program is left without a ctest.
find_program(ZKP_NODE_MP node)
if(NOT CMAKE_CROSSCOMPILING)
  add_executable(multiproof_dump ${CMAKE_CURRENT_SOURCE_DIR}/multiproof_dump.c)
  target_link_libraries(multiproof_dump PRIVATE zkprim_static)
  if(NOT ZKP_NODE_MP)
    zkp_optional_left_out("test multiproof-leanimt" "node not found; install Node.js with npm")
  elseif(NOT EXISTS ${CMAKE_CURRENT_SOURCE_DIR}/js/node_modules/@zk-kit/lean-imt
         OR NOT EXISTS ${CMAKE_CURRENT_SOURCE_DIR}/js/node_modules/poseidon-lite)
    zkp_optional_left_out("test multiproof-leanimt" "@zk-kit/lean-imt / poseidon-lite not installed; run 'npm ci --prefix tests/js'")
  else()
    zkp_optional_on("test multiproof-leanimt" "${ZKP_NODE_MP}")
    add_test(NAME multiproof-leanimt
      COMMAND ${ZKP_NODE_MP} ${CMAKE_CURRENT_SOURCE_DIR}/js/multiproof_diff.js $<TARGET_FILE:multiproof_dump>)
    set_tests_properties(multiproof-leanimt PROPERTIES LABELS live)
  endif()
endif()
