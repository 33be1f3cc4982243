# Streaming `zkprim tree` (docs/streaming.md): the streamed CLI roots equal
# the one-shot roots of the whole file in memory (tree_oneshot), for files and
# standard input of several sizes, and the maximum resident set of a 192 MiB
# sparse file stays under 64 MiB (/usr/bin/time -v; .ci/run installs `time`,
# and the test reports a skip without it).
if(TARGET zkprim_cli AND NOT CMAKE_CROSSCOMPILING)
  add_executable(tree_oneshot ${CMAKE_CURRENT_SOURCE_DIR}/tree_oneshot.c)
  target_link_libraries(tree_oneshot PRIVATE zkprim_static)
  add_test(NAME tree_stream_cli COMMAND ${CMAKE_CURRENT_SOURCE_DIR}/cli/tree_stream_test.sh
           $<TARGET_FILE:zkprim_cli> $<TARGET_FILE:tree_oneshot>)
  set_tests_properties(tree_stream_cli PROPERTIES SKIP_RETURN_CODE 77 LABELS e2e)
endif()

# test_tree_stream in two halves of about the same length (its longest test
# under qemu): ctest `tree_stream` runs Hemera's CDC tree, finalize, bad state
# and subtrees; `tree_stream-fixed-keccak` Hemera's fixed tree and Keccak.
set_tests_properties(tree_stream PROPERTIES ENVIRONMENT "${ZKP_TEST_ENV};ZKPRIM_TREE_STREAM_PART=cdc-subtrees")
add_test(NAME tree_stream-fixed-keccak COMMAND test_tree_stream fixed-keccak)
set_tests_properties(tree_stream-fixed-keccak PROPERTIES ENVIRONMENT "${ZKP_TEST_ENV}" SKIP_RETURN_CODE 77)
# The keccak-external build (Keccak through the zkVM hook, Hemera native):
# the Keccak sections alone, `tree_stream-keccak`, in place of the two halves.
if(ZKP_KECCAK_F1600 STREQUAL "external")
  add_test(NAME tree_stream-keccak COMMAND test_tree_stream keccak)
  set_tests_properties(tree_stream-keccak PROPERTIES ENVIRONMENT "${ZKP_TEST_ENV}" SKIP_RETURN_CODE 77)
endif()
