# Multiproofs through the CLI (`zkprim tree -a hemera|keccak256 prove/verify
# --multi`); the library side is test_multiproof.c (ctest multiproof) and the
# fuzz target fuzz_multiproof (tests/fuzz/fuzz.cmake).
if(TARGET zkprim_cli AND NOT CMAKE_CROSSCOMPILING)
  add_test(NAME multiproof_cli COMMAND ${CMAKE_CURRENT_SOURCE_DIR}/cli/multiproof_cli.sh $<TARGET_FILE:zkprim_cli>)
endif()
