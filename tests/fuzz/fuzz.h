/*
 * Shared helpers for the fuzz targets (tests/fuzz/fuzz_<name>.c).
 *
 * A target is one function, LLVMFuzzerTestOneInput(data, size), that must
 * return 0 for every input and abort (FUZZ_CHECK) on a wrong answer. The
 * same source is linked two ways (tests/fuzz/fuzz.cmake):
 *   - with replay_main.c, by any compiler: every build runs the checked-in
 *     seed corpus plus seeded random inputs as an ordinary ctest;
 *   - with libFuzzer (clang, -DZKP_FUZZ=ON): coverage-guided fuzzing for a
 *     fixed time, under ASan and UBSan (`make test`'s fuzz stage).
 *
 * Inputs are read through a cursor that never runs past the end: once the
 * data is used up every read returns zeros, so any byte string is a valid
 * input and the fuzzer explores meaning, not framing.
 */
#ifndef ZKPRIM_TESTS_FUZZ_H
#define ZKPRIM_TESTS_FUZZ_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
    const uint8_t *p;
    size_t n;
} fz_cursor;

static inline uint8_t fz_u8(fz_cursor *c) {
    if (c->n == 0) return 0;
    c->n--;
    return *c->p++;
}
static inline uint16_t fz_u16(fz_cursor *c) { return (uint16_t)(fz_u8(c) | (unsigned)fz_u8(c) << 8); }
static inline uint64_t fz_u64(fz_cursor *c) {
    uint64_t v = 0;
    for (int i = 0; i < 8; i++) v |= (uint64_t)fz_u8(c) << (8 * i);
    return v;
}
/* Copies up to n bytes (zeros past the end). */
static inline void fz_bytes(fz_cursor *c, void *out, size_t n) {
    size_t k = n < c->n ? n : c->n;
    if (k) memcpy(out, c->p, k);
    memset((uint8_t *)out + k, 0, n - k);
    c->p += k;
    c->n -= k;
}

/* The replay driver names the input it is running (a corpus file, or the
 * random input's number); libFuzzer reports its own. Weak: absent there. */
extern const char *fz_current_input __attribute__((weak));

/* A wrong answer: report where, and abort so both drivers see a crash. */
#define FUZZ_CHECK(cond)                                                                        \
    do {                                                                                        \
        if (!(cond)) {                                                                          \
            fprintf(stderr, "%s:%d: fuzz check failed: %s (input: %s)\n", __FILE__, __LINE__,   \
                    #cond, &fz_current_input && fz_current_input ? fz_current_input : "?");     \
            abort();                                                                            \
        }                                                                                       \
    } while (0)

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#endif
