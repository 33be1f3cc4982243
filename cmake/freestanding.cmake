# -DZKP_FREESTANDING=ON (cmake/zkvm.cmake sets the option; CMakeLists.txt
# includes this file and stops): the static library for a bare-metal target
# such as a zkVM guest, built with e.g. Debian's gcc-riscv64-unknown-elf and
# picolibc (cmake/toolchains/riscv-elf-*.cmake, docs/zkvm.md).
#
# Portable kernels only (ZKP_NO_SIMD), no CPU detection (src/core/
# freestanding.c replaces cpu.c), no threads, no malloc: the files below
# that need them are left out, and their functions say so in the headers.
# From the C library the archive may call memcpy, memset and memcmp only
# (src/core/freestanding_shim.h renames the others); the target
# zkp_guest_check links tests/zkvm/guest.c and fails on anything else.

set(_zkp_fs_left_out
  core/cpu.c            # CPU detection, ZKPRIM_CPU (getenv, stdio)
  core/multiproof.c     # multiproofs: malloc
  keccak/multiproof.c keccak/oz_tree.c
  hemera/multiproof.c  # malloc
  poseidon/multiproof.c poseidon/lean_imt.c
  poseidon2/multiproof.c)
foreach(_f ${_zkp_fs_left_out})
  list(REMOVE_ITEM ZKP_SOURCES ${CMAKE_CURRENT_SOURCE_DIR}/src/${_f})
endforeach()
# binary fields: the whole module (fixed-base tables allocate)
list(FILTER ZKP_SOURCES EXCLUDE REGEX "/src/gf2/")
list(APPEND ZKP_SOURCES ${CMAKE_CURRENT_SOURCE_DIR}/src/core/freestanding.c)
# Goldilocks (Hemera) and BN254 (Poseidon) arithmetic uses unsigned
# __int128 where the compiler has it; 32-bit targets (rv32im) lack it and
# get the same arithmetic on 64-bit halves (src/core/wide.h), so every
# target builds all three families.

add_library(zkprim_static STATIC ${ZKP_SOURCES})
zkp_configure_library(zkprim_static)
target_compile_definitions(zkprim_static PUBLIC ZKP_STATIC)
target_compile_options(zkprim_static PRIVATE -include ${CMAKE_CURRENT_SOURCE_DIR}/src/core/freestanding_shim.h)
set_target_properties(zkprim_static PROPERTIES POSITION_INDEPENDENT_CODE OFF)
add_library(zkprim::zkprim_static ALIAS zkprim_static)
install(TARGETS zkprim_static ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR})
install(DIRECTORY include/zkprim DESTINATION ${CMAKE_INSTALL_INCLUDEDIR})

# A small guest (tests/zkvm/guest.c): Keccak through the hook (the software
# permutation of tests/zkvm/f1600_soft.c stands in for the precompile),
# Hemera and Poseidon, checked against pinned digests; it exits through the
# Linux syscall ABI so qemu-riscv64/-riscv32 can run it. Then the symbol
# check: the archive's undefined symbols outside itself are memcpy, memset,
# memcmp, the compiler runtime (libgcc) and the hook, nothing else.
if(ZKP_KECCAK_EXTERNAL)
  add_executable(zkp_guest ${CMAKE_CURRENT_SOURCE_DIR}/tests/zkvm/guest.c
    ${CMAKE_CURRENT_SOURCE_DIR}/tests/zkvm/guest_start.c ${CMAKE_CURRENT_SOURCE_DIR}/tests/zkvm/f1600_soft.c)
  # zkvm_counts: the instruction-count driver of scripts/zkvm-counts.sh,
  # with the hook as a one-instruction stub
  add_executable(zkvm_counts ${CMAKE_CURRENT_SOURCE_DIR}/tests/zkvm/counts.c
    ${CMAKE_CURRENT_SOURCE_DIR}/tests/zkvm/guest_start.c)
  foreach(_t zkp_guest zkvm_counts)
    target_link_libraries(${_t} PRIVATE zkprim_static)
    target_include_directories(${_t} PRIVATE ${CMAKE_CURRENT_SOURCE_DIR}/src ${CMAKE_CURRENT_BINARY_DIR}/generated)
    # picolibc.ld's default flash (64 KiB) is too small for the Poseidon
    # tables; unused functions are dropped
    target_link_options(${_t} PRIVATE -nostartfiles -static -Wl,--gc-sections
      -Wl,--defsym=__flash_size=0x1000000 -Wl,--defsym=__ram_size=0x100000)
  endforeach()
  add_custom_target(zkp_guest_check ALL
    COMMAND sh ${CMAKE_CURRENT_SOURCE_DIR}/scripts/zkvm-symbols.sh ${CMAKE_NM} $<TARGET_FILE:zkprim_static>
    DEPENDS zkprim_static zkp_guest zkvm_counts VERBATIM)
endif()

# ctests (run on the build host through qemu user mode):
#   zkvm-guest   the guest's own checks (exit status 0, "guest ok")
#   zkvm-counts  scripts/zkvm-counts.sh --check: every plumbing row under
#                its ceiling (rv64im builds; rv32im prints its counts only)
if(ZKP_KECCAK_EXTERNAL)
  enable_testing()
  if(CMAKE_C_FLAGS MATCHES "rv32")
    set(_zkp_qemu qemu-riscv32)
  else()
    set(_zkp_qemu qemu-riscv64)
  endif()
  add_test(NAME zkvm-guest COMMAND ${_zkp_qemu} $<TARGET_FILE:zkp_guest>)
  set_tests_properties(zkvm-guest PROPERTIES PASS_REGULAR_EXPRESSION "guest ok")
  if(_zkp_qemu STREQUAL qemu-riscv64)
    add_test(NAME zkvm-counts COMMAND sh ${CMAKE_CURRENT_SOURCE_DIR}/scripts/zkvm-counts.sh --check ${CMAKE_CURRENT_BINARY_DIR})
  endif()
endif()
