# Verification build (-DZKP_VERIFY=ON, docs/verify.md): planted bound
# violations, one or more per module, each of which must be stopped by the
# named check. verify_planted runs the case in a child and exits 0 only if
# the child aborted; the regular expression then requires that check's own
# message (a crash, or another check firing, does not pass).
if(ZKP_VERIFY)
  set(_vp_sources verify/planted.c verify/planted_avx2.c verify/planted_avx512.c)
  add_executable(verify_planted ${_vp_sources})
  target_link_libraries(verify_planted PRIVATE zkp_test_harness)
  target_include_directories(verify_planted PRIVATE ${CMAKE_CURRENT_SOURCE_DIR})
  if(ZKP_HAVE_AVX2)
    set_source_files_properties(verify/planted_avx2.c PROPERTIES COMPILE_OPTIONS "${ZKP_FLAGS_AVX2}")
  endif()
  if(ZKP_HAVE_AVX512)
    set_source_files_properties(verify/planted_avx512.c PROPERTIES COMPILE_OPTIONS "${ZKP_FLAGS_AVX512}")
  endif()
  # case name, then the check's message (a regular expression)
  set(_vp_cases
    "poseidon-portable-state|partial rounds: state in < 2p \\(t <= 4, asm\\) / < p"
    "poseidon-portable-mul|k_mul operand a < 2p"
    "poseidon-bmi2-state|partial rounds: state in < 2p \\(t <= 4, asm\\) / < p"
    "poseidon-bmi2-dot|bn254 dotN_mulx full operands: sum \\+ p < 5p"
    "poseidon-ifma-state|ifma partial round: state in < 2.6p"
    "bn254-portable-redc|bn254 redc8 input: T < 2\\^512 - 2\\^256 p"
    "gl-scalar-reduce|gl_reduce_small hi < 2\\^32"
    "gl-avx2-add|glv_add_1c \\(avx2\\) addend b <= p"
    "gl-avx512-add|glv_add_1c \\(avx512\\) addend b <= p"
    "gf2-active|gf2 b127 product degree <= 252")
  foreach(c ${_vp_cases})
    string(FIND "${c}" "|" _bar)
    string(SUBSTRING "${c}" 0 ${_bar} _name)
    math(EXPR _bar "${_bar} + 1")
    string(SUBSTRING "${c}" ${_bar} -1 _msg)
    add_test(NAME verify-planted-${_name} COMMAND verify_planted ${_name})
    set_tests_properties(verify-planted-${_name} PROPERTIES SKIP_RETURN_CODE 77
      PASS_REGULAR_EXPRESSION "zkprim VERIFY: bound violated: ${_msg}\n.*${_name}: aborted by the verification check")
  endforeach()
endif()
