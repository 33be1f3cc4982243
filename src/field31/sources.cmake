# 31-bit Montgomery fields (BabyBear, KoalaBear): header-only layers inlined
# into their users (the Poseidon2 kernels): monty31.h scalar, monty31_avx2.h
# and monty31_avx512.h packed. Nothing to compile here; tests/test_poseidon2.c
# holds every layer to a schoolbook oracle.
