# Fuzz targets (tests/fuzz/fuzz_<name>.c, each an LLVMFuzzerTestOneInput).
#
# zkp_add_fuzz(NAME SOURCE [RANDOM COUNT] [ORACLES SOURCES...]) builds, in every build:
#   fuzz_NAME             the target with replay_main.c; ctest fuzz-NAME runs
#                         the seed corpus tests/fuzz/corpus/NAME/ and seeded
#                         random inputs (so ASan, qemu and portable stages
#                         exercise the targets too);
# and with -DZKP_FUZZ=ON under clang (scripts/test.sh's fuzz stage):
#   fuzz_NAME_libfuzzer   linked with libFuzzer; ctest fuzz-NAME-libfuzzer
#                         fuzzes for ZKP_FUZZ_SECONDS, growing a corpus in the
#                         build tree (the checked-in seeds are read-only).
option(ZKP_FUZZ "Also build libFuzzer fuzzers (clang only)" OFF)
set(ZKP_FUZZ_SECONDS 20 CACHE STRING "Seconds each libFuzzer ctest runs")
set(ZKP_FUZZ_DIR ${CMAKE_CURRENT_LIST_DIR})
if(ZKP_FUZZ AND NOT CMAKE_C_COMPILER_ID MATCHES "Clang")
  message(FATAL_ERROR "ZKP_FUZZ needs clang (libFuzzer)")
endif()

if(ZKP_FUZZ)
  add_custom_target(fuzzers) # every libFuzzer binary: `cmake --build B --target fuzzers`
endif()

function(zkp_add_fuzz name source)
  cmake_parse_arguments(F "" "RANDOM" "ORACLES" ${ARGN})
  if(NOT F_RANDOM)
    set(F_RANDOM 3000)
  endif()
  set(corpus ${ZKP_FUZZ_DIR}/corpus/${name})
  add_executable(fuzz_${name} ${source} ${ZKP_FUZZ_DIR}/replay_main.c ${F_ORACLES})
  target_link_libraries(fuzz_${name} PRIVATE zkp_test_harness)
  target_include_directories(fuzz_${name} PRIVATE ${ZKP_FUZZ_DIR} ${CMAKE_CURRENT_SOURCE_DIR}/ref)
  add_test(NAME fuzz-${name} COMMAND fuzz_${name} --random ${F_RANDOM} ${corpus})
  if(ZKP_FUZZ)
    add_executable(fuzz_${name}_libfuzzer ${source} ${F_ORACLES})
    target_link_libraries(fuzz_${name}_libfuzzer PRIVATE zkp_test_harness)
    target_include_directories(fuzz_${name}_libfuzzer PRIVATE ${ZKP_FUZZ_DIR} ${CMAKE_CURRENT_SOURCE_DIR}/ref)
    target_compile_options(fuzz_${name}_libfuzzer PRIVATE -fsanitize=fuzzer)
    target_link_options(fuzz_${name}_libfuzzer PRIVATE -fsanitize=fuzzer)
    add_dependencies(fuzzers fuzz_${name}_libfuzzer)
    set(work ${CMAKE_CURRENT_BINARY_DIR}/fuzz-corpus/${name})
    file(MAKE_DIRECTORY ${work})
    add_test(NAME fuzz-${name}-libfuzzer
             COMMAND fuzz_${name}_libfuzzer -max_total_time=${ZKP_FUZZ_SECONDS} -max_len=4096
                     -timeout=20 -rss_limit_mb=2048 -print_final_stats=1 ${work} ${corpus})
  endif()
endfunction()

zkp_add_fuzz(keccak ${ZKP_FUZZ_DIR}/fuzz_keccak.c ORACLES ${CMAKE_CURRENT_SOURCE_DIR}/ref/keccak_ref.c)
zkp_add_fuzz(hemera ${ZKP_FUZZ_DIR}/fuzz_hemera.c RANDOM 600 ORACLES ${CMAKE_CURRENT_SOURCE_DIR}/ref/hemera_modes_ref.c
             ${CMAKE_CURRENT_SOURCE_DIR}/ref/hemera_oracle.c)
# The inclusion-proof verifier on untrusted bytes, and bit flips of valid proofs.
zkp_add_fuzz(hemera_proof ${ZKP_FUZZ_DIR}/fuzz_hemera_proof.c RANDOM 300)
# The batched multi-opening and multiproof verifiers of all three families.
zkp_add_fuzz(multiproof ${ZKP_FUZZ_DIR}/fuzz_multiproof.c RANDOM 400)
zkp_add_fuzz(poseidon ${ZKP_FUZZ_DIR}/fuzz_poseidon.c RANDOM 2000 ORACLES ${CMAKE_CURRENT_SOURCE_DIR}/ref/poseidon_bigint.c)
zkp_add_fuzz(gf2 ${ZKP_FUZZ_DIR}/fuzz_gf2.c RANDOM 2000 ORACLES ${CMAKE_CURRENT_SOURCE_DIR}/ref/gf2_ref.c
             ${CMAKE_CURRENT_SOURCE_DIR}/ref/gf2iso_oracle.c)
# The command-line tool's text parsers (hex digests, sizes), compiled from
# tools/zkprim/cli_util.c, against reference grammars; and its `hash --check`
# line parser (tools/zkprim/check_line.c).
zkp_add_fuzz(cli ${ZKP_FUZZ_DIR}/fuzz_cli.c RANDOM 20000 ORACLES ${PROJECT_SOURCE_DIR}/tools/zkprim/cli_util.c)
zkp_add_fuzz(check_line ${ZKP_FUZZ_DIR}/fuzz_check_line.c RANDOM 20000
             ORACLES ${PROJECT_SOURCE_DIR}/tools/zkprim/check_line.c ${PROJECT_SOURCE_DIR}/tools/zkprim/cli_util.c)
# The LeanIMT proof verifier on arbitrary and bit-flipped proofs, and the
# CLI's JSON proof reader (tools/zkprim/lean_imt_json.c) on arbitrary text.
zkp_add_fuzz(lean_imt ${ZKP_FUZZ_DIR}/fuzz_lean_imt.c RANDOM 300
             ORACLES ${PROJECT_SOURCE_DIR}/tools/zkprim/lean_imt_json.c ${PROJECT_SOURCE_DIR}/tools/zkprim/cli_fr.c
             ${PROJECT_SOURCE_DIR}/tools/zkprim/cli_util.c)
# OpenZeppelin trees: the multiproof verifier against the plain oracle, and
# the CLI's dump loader with its JSON reader (tools/zkprim/oz_input.c, cli_json.c).
zkp_add_fuzz(oz_tree ${ZKP_FUZZ_DIR}/fuzz_oz_tree.c RANDOM 3000
             ORACLES ${CMAKE_CURRENT_SOURCE_DIR}/ref/oz_tree_oracle.c ${CMAKE_CURRENT_SOURCE_DIR}/ref/keccak_ref.c
             ${PROJECT_SOURCE_DIR}/tools/zkprim/oz_input.c ${PROJECT_SOURCE_DIR}/tools/zkprim/cli_json.c
             ${PROJECT_SOURCE_DIR}/tools/zkprim/cli_util.c)
foreach(_zkp_t cli check_line lean_imt oz_tree)
  target_include_directories(fuzz_${_zkp_t} PRIVATE ${PROJECT_SOURCE_DIR}/tools/zkprim)
  if(ZKP_FUZZ)
    target_include_directories(fuzz_${_zkp_t}_libfuzzer PRIVATE ${PROJECT_SOURCE_DIR}/tools/zkprim)
  endif()
endforeach()
