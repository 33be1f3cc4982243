# zkVM guest builds (docs/zkvm.md).
#
#   -DZKP_KECCAK_F1600=external  every Keccak path (sponge, XOF, pair,
#       hash_many, trees) permutes through
#       void zkp_keccakf1600_external(uint64_t st[25]), which the program
#       supplies: a zkVM's precompile or ecall. The built-in kernels are not
#       dispatched. Host builds with tests or tools link a software
#       permutation under that name (tests/zkvm/f1600_soft.c) so the whole
#       Keccak suite runs against the hook.
#   -DZKP_FREESTANDING=ON  the static library alone for a bare-metal target
#       (cmake/freestanding.cmake): portable kernels, no threads, no
#       malloc, no CPU detection, no libc beyond memcpy/memset/memcmp.
set(ZKP_KECCAK_F1600 "dispatch" CACHE STRING
  "Keccak-f[1600]: dispatch (built-in kernels) or external (zkp_keccakf1600_external from the program)")
set_property(CACHE ZKP_KECCAK_F1600 PROPERTY STRINGS dispatch external)
if(ZKP_KECCAK_F1600 STREQUAL "external")
  set(ZKP_KECCAK_EXTERNAL 1)
elseif(ZKP_KECCAK_F1600 STREQUAL "dispatch")
  set(ZKP_KECCAK_EXTERNAL 0)
else()
  message(FATAL_ERROR "ZKP_KECCAK_F1600 must be dispatch or external, not '${ZKP_KECCAK_F1600}'")
endif()

option(ZKP_FREESTANDING "Bare-metal static library: portable kernels, no threads/malloc/CPU detection" OFF)
if(ZKP_FREESTANDING)
  set(ZKP_FREESTANDING_01 1)
  # portable kernels only; nothing that needs a hosted libc
  set(ZKP_NO_SIMD ON CACHE BOOL "" FORCE)
  set(ZKP_NO_ASM ON CACHE BOOL "" FORCE)
else()
  set(ZKP_FREESTANDING_01 0)
endif()

# The software permutation behind the hook in host builds that have
# programs to run (tests, CLI); a guest supplies its own.
function(zkp_keccak_external_link)
  if(NOT ZKP_KECCAK_EXTERNAL OR NOT (ZKP_BUILD_TESTS OR ZKP_BUILD_TOOLS))
    return()
  endif()
  add_library(zkp_keccak_soft STATIC ${PROJECT_SOURCE_DIR}/tests/zkvm/f1600_soft.c)
  # build tree only: an installed external build leaves the hook to the program
  target_link_libraries(zkprim_static INTERFACE $<BUILD_INTERFACE:zkp_keccak_soft>)
  if(TARGET zkprim_shared)
    target_link_libraries(zkprim_shared PRIVATE zkp_keccak_soft)
  endif()
  message(STATUS "zkprim: Keccak-f[1600] is external; programs link tests/zkvm/f1600_soft.c")
endfunction()
