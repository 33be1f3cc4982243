# BN254 scalar field Fr: header-only layers, inlined into their users (the
# Poseidon kernels): fr.h portable, fr_mulx.h MULX/ADX (BMI2 kernel files
# only), fr52_ifma.h radix-2^52 AVX-512 IFMA (IFMA kernel files only).
# Nothing to compile here; tests/test_bn254.c holds every layer to an oracle.
