zkp_add_sources(poseidon.c kernel_portable.c constants_sparse.c constants_table.c)
zkp_add_kernel(BMI2 kernel_bmi2.c)
zkp_add_kernel(AVX512IFMA kernel_ifma.c)
