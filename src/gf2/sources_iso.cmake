# b256 <-> ghash2 isomorphism (gf2iso). Included from src/gf2/sources.cmake.
zkp_add_sources(iso.c iso_tables.c)
zkp_add_kernel(AVX2 iso_avx2.c)
