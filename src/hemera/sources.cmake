# Hemera: every portable .c in this folder is built at the baseline ISA; a
# file named *_<isa>.c (bmi2, avx2, avx512, neon, aarch64) is an instruction-set
# kernel built with only that ISA's flags (and left out where foreign).
# New files need no edit here.
file(GLOB _hemera_c RELATIVE ${ZKP_MODULE_DIR} CONFIGURE_DEPENDS ${ZKP_MODULE_DIR}/*.c)
list(SORT _hemera_c)
foreach(_f ${_hemera_c})
  if(_f MATCHES "_bmi2\\.c$")
    zkp_add_kernel(BMI2 ${_f})
  elseif(_f MATCHES "_avx2\\.c$")
    zkp_add_kernel(AVX2 ${_f})
  elseif(_f MATCHES "_avx512\\.c$")
    zkp_add_kernel(AVX512 ${_f})
  elseif(_f MATCHES "_neon\\.c$")
    zkp_add_kernel(NEON ${_f})
  elseif(_f MATCHES "_aarch64\\.c$")
    # scalar aarch64 kernels (mul/umulh, no NEON instruction): built with
    # the NEON family, i.e. on aarch64 unless ZKP_NO_SIMD / ZKP_NO_NEON
    zkp_add_kernel(NEON ${_f})
  else()
    zkp_add_sources(${_f})
  endif()
endforeach()
include(${ZKP_MODULE_DIR}/sources_modes.cmake OPTIONAL)
