/*
 * Force-included (-include) into every file of the `ctmsan` stage: the
 * build that uses MemorySanitizer as a constant-time checker, for kernels
 * valgrind cannot run (AVX-512, VPCLMULQDQ). A secret is "uninitialised"
 * memory; MSan then reports any branch, memory address or inline-asm
 * operand computed from it, like valgrind's memcheck does.
 *
 * clang 14's MSan reports every use of the add/sub-with-overflow
 * intrinsics as a branch (it checks their operands strictly), so here they
 * become the same arithmetic written with a comparison, whose result MSan
 * propagates. The library's value barrier drops its asm (core/util.h).
 * Nothing here is used outside that stage.
 */
#ifndef ZKPRIM_TESTS_CT_MSAN_SHIM_H
#define ZKPRIM_TESTS_CT_MSAN_SHIM_H

/* No #include: this is read before every file's own feature macros
 * (_POSIX_C_SOURCE ...), which a system header here would pre-empt. */
#define ZKP_CT_MSAN 1

/* Only the 64-bit unsigned forms occur in src/ (the size check keeps it so). */
#define __builtin_add_overflow(a, b, r)                                                         \
    ({                                                                                          \
        _Static_assert(sizeof(*(r)) == 8, "64-bit overflow builtins only");                     \
        __UINT64_TYPE__ a_ = (__UINT64_TYPE__)(a), b_ = (__UINT64_TYPE__)(b);             \
        *(r) = a_ + b_;                                                                         \
        *(r) < a_;                                                                              \
    })
#define __builtin_sub_overflow(a, b, r)                                                         \
    ({                                                                                          \
        _Static_assert(sizeof(*(r)) == 8, "64-bit overflow builtins only");                     \
        __UINT64_TYPE__ a_ = (__UINT64_TYPE__)(a), b_ = (__UINT64_TYPE__)(b);             \
        *(r) = a_ - b_;                                                                         \
        a_ < b_;                                                                                \
    })

#endif
