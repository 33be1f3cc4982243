/*
 * Marking secrets for the constant-time checks (tests/ct/). Two checkers
 * read the same programs:
 *   valgrind memcheck  the native builds (ctest runs the program under
 *                      valgrind): secret = undefined memory;
 *   MemorySanitizer    the `ctmsan` stage (clang -fsanitize=memory), for the
 *                      kernels valgrind cannot execute (AVX-512, VPCLMULQDQ):
 *                      secret = poisoned memory.
 * Either reports a branch or an address that depends on a secret, and fails
 * the run. ct_public() declassifies a result before it is looked at.
 */
#ifndef ZKPRIM_TESTS_CT_SECRET_H
#define ZKPRIM_TESTS_CT_SECRET_H

#include <stddef.h>

#if defined(__has_feature)
#if __has_feature(memory_sanitizer)
#define ZKP_CT_USE_MSAN 1
#endif
#endif

#ifdef ZKP_CT_USE_MSAN
#include <sanitizer/msan_interface.h>
static inline void ct_secret(const void *p, size_t n) { __msan_poison(p, n); }
static inline void ct_public(const void *p, size_t n) { __msan_unpoison(p, n); }
/* MSan checks every run of the program, not only runs under a tool. */
static inline int ct_checker_active(void) { return 1; }
#else
#include <valgrind/memcheck.h>
static inline void ct_secret(const void *p, size_t n) { VALGRIND_MAKE_MEM_UNDEFINED(p, n); }
static inline void ct_public(const void *p, size_t n) { VALGRIND_MAKE_MEM_DEFINED(p, n); }
static inline int ct_checker_active(void) { return RUNNING_ON_VALGRIND; }
#endif

/* Counts calls that returned ZKP_OK; any other status is a setup error and
 * makes the count negative (statuses depend on public inputs only). */
#include <stdio.h>
#include "zkprim/zkprim.h"
static int ct_calls;
static inline void ct_must(zkp_status st, const char *what) {
    if (st != ZKP_OK) {
        fprintf(stderr, "ct: %s returned %s\n", what, zkp_status_name(st));
        ct_calls = -1000000;
    }
    ct_calls++;
}

#endif
