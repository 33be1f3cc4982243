# Helpers used by src/<module>/sources.cmake.
#
#   zkp_add_sources(file...)          portable C, built at the baseline ISA
#   zkp_add_kernel(ISA file...)       an instruction-set kernel: built with only
#                                     that ISA's flags, and left out entirely
#                                     when the ISA is disabled or foreign.
#
# ISA names: AVX2, AVX512, AVX512IFMA, BMI2, PCLMUL, VPCLMUL, SHANI (x86-64);
#            NEON, PMULL, SHA3 (aarch64).

set(ZKP_ARCH "other")
if(CMAKE_SYSTEM_PROCESSOR MATCHES "^(x86_64|AMD64|amd64)$")
  set(ZKP_ARCH "x86_64")
elseif(CMAKE_SYSTEM_PROCESSOR MATCHES "^(aarch64|arm64|ARM64)$")
  set(ZKP_ARCH "aarch64")
endif()

set(ZKP_FLAGS_AVX2    "-mavx2;-mbmi2;-mbmi")
set(ZKP_FLAGS_AVX512  "-mavx512f;-mavx512vl;-mavx512bw;-mavx512dq;-mavx2;-mbmi2")
set(ZKP_FLAGS_AVX512IFMA "-mavx512f;-mavx512vl;-mavx512bw;-mavx512dq;-mavx512ifma;-mavx2;-mbmi2")
set(ZKP_FLAGS_BMI2    "-mbmi2;-madx;-mbmi")
set(ZKP_FLAGS_PCLMUL  "-mpclmul;-msse4.1")
set(ZKP_FLAGS_VPCLMUL "-mvpclmulqdq;-mpclmul;-mavx2")
set(ZKP_FLAGS_SHANI   "-msha;-msse4.1")
set(ZKP_FLAGS_NEON    "")
set(ZKP_FLAGS_PMULL   "-march=armv8-a+crypto")
set(ZKP_FLAGS_SHA3    "-march=armv8.2-a+sha3")

set(ZKP_ISA_ARCH_AVX2 x86_64)
set(ZKP_ISA_ARCH_AVX512 x86_64)
set(ZKP_ISA_ARCH_AVX512IFMA x86_64)
set(ZKP_ISA_ARCH_BMI2 x86_64)
set(ZKP_ISA_ARCH_PCLMUL x86_64)
set(ZKP_ISA_ARCH_VPCLMUL x86_64)
set(ZKP_ISA_ARCH_SHANI x86_64)
set(ZKP_ISA_ARCH_NEON aarch64)
set(ZKP_ISA_ARCH_PMULL aarch64)
set(ZKP_ISA_ARCH_SHA3 aarch64)

# Which ISA families are compiled in; reported through zkprim_build_config.h
# so the dispatcher never points at a kernel that was left out.
set(ZKP_ISA_LIST AVX2 AVX512 AVX512IFMA BMI2 PCLMUL VPCLMUL SHANI NEON PMULL SHA3)
set(ZKP_DISABLE_DEFS "")
foreach(isa ${ZKP_ISA_LIST})
  set(_off OFF)
  if(ZKP_NO_SIMD OR NOT ZKP_ARCH STREQUAL ZKP_ISA_ARCH_${isa})
    set(_off ON)
  endif()
  if(isa STREQUAL "VPCLMUL" AND (ZKP_NO_PCLMUL OR ZKP_NO_AVX2))
    set(_off ON)
  elseif(isa STREQUAL "AVX512IFMA" AND ZKP_NO_AVX512)
    set(_off ON)
  elseif(isa STREQUAL "PMULL" AND ZKP_NO_NEON)
    set(_off ON)
  elseif(isa STREQUAL "SHA3" AND ZKP_NO_NEON)
    set(_off ON)
  elseif(DEFINED ZKP_NO_${isa} AND ZKP_NO_${isa})
    set(_off ON)
  endif()
  set(ZKP_ENABLE_${isa} NOT ${_off})
  if(_off)
    set(ZKP_HAVE_${isa} 0)
  else()
    set(ZKP_HAVE_${isa} 1)
  endif()
endforeach()
if(ZKP_NO_ASM OR ZKP_NO_SIMD)
  set(ZKP_HAVE_ASM 0)
else()
  set(ZKP_HAVE_ASM 1)
endif()

macro(zkp_add_sources)
  foreach(_f ${ARGN})
    list(APPEND ZKP_SOURCES ${ZKP_MODULE_DIR}/${_f})
  endforeach()
endmacro()

macro(zkp_add_kernel isa)
  if(ZKP_HAVE_${isa})
    foreach(_f ${ARGN})
      list(APPEND ZKP_SOURCES ${ZKP_MODULE_DIR}/${_f})
      set_source_files_properties(${ZKP_MODULE_DIR}/${_f} PROPERTIES COMPILE_OPTIONS "${ZKP_FLAGS_${isa}}")
    endforeach()
  endif()
endmacro()
