zkp_add_sources(poseidon.c tree.c kernel_portable.c constants_sparse.c constants_table.c multiproof.c)
zkp_add_kernel(BMI2 kernel_bmi2.c)
zkp_add_kernel(AVX512IFMA kernel_ifma.c)
zkp_add_kernel(AVX2 kernel_avx2.c)
# Sanitizer builds (asan, fuzz, ctmsan stages) compile the IFMA kernel at
# -O0: at -O1 and above its sixteen per-width bodies take gcc about three
# minutes per sanitizer build (14 s at -O0), and the instrumentation is the
# same. Release builds are unaffected.
if(ZKP_HAVE_AVX512IFMA AND CMAKE_C_FLAGS MATCHES "-fsanitize")
  set_property(SOURCE ${ZKP_MODULE_DIR}/kernel_ifma.c APPEND PROPERTY COMPILE_OPTIONS -O0)
endif()
# The AVX2 kernel likewise: 27 s of gcc at -O1 with ASan/UBSan (5 s at -O2
# without), for four fully unrolled widths.
if(ZKP_HAVE_AVX2 AND CMAKE_C_FLAGS MATCHES "-fsanitize")
  set_property(SOURCE ${ZKP_MODULE_DIR}/kernel_avx2.c APPEND PROPERTY COMPILE_OPTIONS -O0)
endif()
zkp_add_sources(lean_imt.c) # LeanIMT (include/zkprim/lean_imt.h) over the public Poseidon API
# gcc's code for the AVX2 kernel (docs/poseidon.md, "gcc and the AVX2 kernel"):
# -fno-tree-reassoc keeps the sums in the order fr_avx2.h writes them (the
# reduction's chain adds last; gcc's reassociation moved the carry to the
# front of each column and lengthened the digit-to-digit chain), and the
# register-pressure-aware first scheduling pass spreads each column's
# independent products around that chain. Measured and modelled together;
# clang does both of its own accord and does not know the first flag.
if(ZKP_HAVE_AVX2 AND CMAKE_C_COMPILER_ID STREQUAL "GNU" AND NOT CMAKE_C_FLAGS MATCHES "-fsanitize")
  set_property(SOURCE ${ZKP_MODULE_DIR}/kernel_avx2.c APPEND PROPERTY COMPILE_OPTIONS
               -fno-tree-reassoc -fschedule-insns -fsched-pressure)
endif()
