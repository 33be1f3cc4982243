# Goldilocks field (p = 2^64 - 2^32 + 1): the public zkp_goldilocks_*
# functions and the generated table. The arithmetic itself is header-only
# (gl.h scalar, gl_avx2.h / gl_avx512.h vectors), inlined into its users.
zkp_add_sources(goldilocks.c tables.c)
