/*
 * Forced into every source of a -DZKP_FREESTANDING=ON build (compiler
 * option -include, cmake/freestanding.cmake) before any other header. The
 * library may then call only memcpy, memset and memcmp from the C library;
 * the two other string functions it uses go to its own copies
 * (src/core/freestanding.c), so a guest's libc needs just those three.
 */
#ifndef ZKPRIM_CORE_FREESTANDING_SHIM_H
#define ZKPRIM_CORE_FREESTANDING_SHIM_H
#define memmove zkpi_memmove
#define memchr zkpi_memchr
#endif
