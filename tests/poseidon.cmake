# Poseidon (BN254, circom): CLI checks and the live differential test against
# circomlibjs. The latter needs node and the pinned npm packages:
#   npm ci --prefix tests/js
# (tests/js/package-lock.json pins circomlibjs 0.1.7); without them it is not
# registered and a message says so.
if(TARGET zkprim_cli)
  add_test(NAME poseidon-cli-dec COMMAND zkprim_cli poseidon 1 2)
  set_tests_properties(poseidon-cli-dec PROPERTIES PASS_REGULAR_EXPRESSION
    "^7853200120776062878684798364095072458815029376092732009249414926327459813530\n$")
  add_test(NAME poseidon-cli-be COMMAND zkprim_cli poseidon --be 0x1 0x2)
  set_tests_properties(poseidon-cli-be PROPERTIES PASS_REGULAR_EXPRESSION
    "^115cc0f5e7d690413df64c6b9662e9cf2a3617f2743245519e19607a4417189a\n$")
  # p itself must be rejected (exit 1 with the range message), never
  # reduced; a usage error (exit 2) or a crash does not pass.
  set(range_cmd ${CMAKE_CROSSCOMPILING_EMULATOR} $<TARGET_FILE:zkprim_cli> poseidon
      21888242871839275222246405745257275088548364400416034343698204186575808495617)
  add_test(NAME poseidon-cli-range COMMAND ${CMAKE_COMMAND} -DCODE=1 "-DREGEX=not below the field modulus p"
    "-DCMD=${range_cmd}" -P ${CMAKE_CURRENT_SOURCE_DIR}/ct/expect_fail.cmake)

  find_program(ZKP_NODE node)
  if(CMAKE_CROSSCOMPILING)
    message(STATUS "poseidon: circomlibjs differential test not registered (cross-compiling)")
  elseif(NOT ZKP_NODE)
    zkp_optional_left_out("test poseidon-circomlibjs" "node not found; install Node.js with npm")
  elseif(NOT EXISTS ${CMAKE_CURRENT_SOURCE_DIR}/js/node_modules/circomlibjs)
    zkp_optional_left_out("test poseidon-circomlibjs" "circomlibjs not installed; run 'npm ci --prefix tests/js'")
  else()
    zkp_optional_on("test poseidon-circomlibjs" "${ZKP_NODE}")
    # A fresh seed per run unless ZKPRIM_TEST_SEED is set; the script prints it.
    add_test(NAME poseidon-circomlibjs
      COMMAND ${CMAKE_COMMAND} -E env ${ZKP_NODE} ${CMAKE_CURRENT_SOURCE_DIR}/js/poseidon_diff.js
              $<TARGET_FILE:zkprim_cli>)
    set_tests_properties(poseidon-circomlibjs PROPERTIES LABELS live)
  endif()
endif()

# Driver of scripts/poseidon-callgrind.sh (instruction counts per operation,
# docs/poseidon.md); built, not registered as a test.
add_executable(poseidon_callgrind ${CMAKE_CURRENT_SOURCE_DIR}/poseidon_callgrind.c)
target_link_libraries(poseidon_callgrind PRIVATE zkprim_static)
target_include_directories(poseidon_callgrind PRIVATE ${PROJECT_SOURCE_DIR}/src ${PROJECT_BINARY_DIR}/generated)
