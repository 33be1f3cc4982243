/*
 * The test harness shared by every module's test program.
 *
 *  - Seeded RNG: ZKPRIM_TEST_SEED=<u64> reproduces a run; the seed is
 *    printed at start and again on failure.
 *  - ZKPRIM_TEST_N=<n> sets the count of every randomised loop (th_count);
 *    unset, each loop uses its own default sized for CI.
 *  - CHECK()/CHECK_EQ_*() record a failure with file:line and keep going,
 *    so one run shows every broken case (capped output).
 *  - Guarded buffers: bytes before and after a buffer are filled with a
 *    pattern and checked, to catch reads (through poisoned inputs) and
 *    writes outside the buffer; th_buf_at(offset) gives misaligned starts.
 *  - Kernel loops: th_for_each_cpu_level() runs a function once per CPU
 *    level this machine can run (portable always first).
 */
#ifndef ZKPRIM_TESTS_HARNESS_H
#define ZKPRIM_TESTS_HARNESS_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "zkprim/zkprim.h"

/* ---- run control -------------------------------------------------------- */

/* Call first in main(): reads the environment, prints the seed. */
void th_init(const char *program);
/* Call last: prints "N passed, M failed" and returns the exit code. */
int th_finish(void);

/* A randomised count: `dflt` in a default run; with ZKPRIM_TEST_N=n, n
 * (the deep-run count, e.g. 1000000). Never below 1. */
uint64_t th_count(uint64_t dflt);

/* Whether a size sweep over 0..max visits n when it is not dense: every n
 * up to 64 (every tree shape of six levels), then only where a binary tree's
 * shape changes (a power of two and its neighbours), every 37th n and max.
 * For sweeps whose cost per size grows with n (quadratic when dense). */
int th_sparse_visit(size_t n, size_t max);

/* Marks the start of a named group of checks (printed in verbose mode and
 * in failure messages). */
void th_section(const char *name);
/* The current CPU level name while inside th_for_each_cpu_level. */
const char *th_level(void);

/* ---- checks --------------------------------------------------------------*/

void th_fail(const char *file, int line, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
void th_pass(void);
int th_failures(void);
/* Harness self-test only: silence failure messages / withdraw planted failures. */
void th_quiet(int on);
void th_forgive(int n);

#define CHECK(cond)                                                                              \
    do {                                                                                         \
        if (cond) th_pass();                                                                     \
        else th_fail(__FILE__, __LINE__, "CHECK(%s)", #cond);                                   \
    } while (0)

#define CHECK_MSG(cond, ...)                                                                     \
    do {                                                                                         \
        if (cond) th_pass();                                                                     \
        else th_fail(__FILE__, __LINE__, __VA_ARGS__);                                          \
    } while (0)

#define CHECK_EQ_U64(a, b)                                                                       \
    do {                                                                                         \
        uint64_t a_ = (uint64_t)(a), b_ = (uint64_t)(b);                                         \
        if (a_ == b_) th_pass();                                                                 \
        else th_fail(__FILE__, __LINE__, "%s == %s: 0x%016llx != 0x%016llx", #a, #b,           \
                     (unsigned long long)a_, (unsigned long long)b_);                            \
    } while (0)

#define CHECK_EQ_INT(a, b)                                                                       \
    do {                                                                                         \
        long long a_ = (long long)(a), b_ = (long long)(b);                                      \
        if (a_ == b_) th_pass();                                                                 \
        else th_fail(__FILE__, __LINE__, "%s == %s: %lld != %lld", #a, #b, a_, b_);             \
    } while (0)

/* Compares two byte strings; on mismatch prints both in hex. */
#define CHECK_EQ_BYTES(a, b, n) th_check_bytes(__FILE__, __LINE__, #a, (a), (b), (n))
void th_check_bytes(const char *file, int line, const char *what, const void *a, const void *b, size_t n);

#define CHECK_STATUS(expr, want)                                                                 \
    do {                                                                                         \
        zkp_status s_ = (expr);                                                                  \
        if (s_ == (want)) th_pass();                                                             \
        else th_fail(__FILE__, __LINE__, "%s returned %s, want %s", #expr, zkp_status_name(s_), \
                     zkp_status_name(want));                                                     \
    } while (0)

/* ---- random data ------------------------------------------------------- */

uint64_t th_rand64(void);
uint64_t th_rand_below(uint64_t bound);   /* uniform in [0, bound), bound > 0 */
void th_rand_bytes(void *buf, size_t n);
/* A u64 that is "interesting" with probability 1/2: 0, 1, 2^32-1, 2^32,
 * 2^63, 2^64-1 and values next to `modulus` (if non-zero); else random. */
uint64_t th_rand_edge64(uint64_t modulus);

/* ---- guarded, misaligned buffers ---------------------------------------- */

typedef struct th_buf {
    uint8_t *base;   /* start of the whole allocation */
    uint8_t *p;      /* the usable bytes: base + guard + offset */
    size_t len;      /* usable length */
    size_t offset;   /* misalignment added to a 64-byte-aligned start */
} th_buf;

/* Allocates len usable bytes starting `offset` bytes past a 64-byte
 * boundary, surrounded by guard bytes. Contents start as random. */
th_buf th_buf_new(size_t len, size_t offset);
/* Checks the guards are intact (a write outside [p, p+len) fails) and frees. */
void th_buf_free_checked(th_buf *b, const char *file, int line);
#define TH_BUF_FREE(b) th_buf_free_checked(&(b), __FILE__, __LINE__)

/* ---- CPU levels ---------------------------------------------------------- */

/* Calls fn(ctx) once per CPU level this machine and build can run, with the
 * library forced to that level (portable first, native last), then restores
 * the native selection. */
void th_for_each_cpu_level(void (*fn)(void *ctx), void *ctx);

/* ---- files ----------------------------------------------------------------*/

/* Path of a file in tests/vectors (from ZKPRIM_VECTORS, set by ctest). */
const char *th_vector_path(const char *name);
/* Reads a whole file (NUL-terminated); NULL and a failure if unreadable. */
char *th_read_file(const char *path, size_t *len);
/* The next record of a text vector file read by th_read_file: *cursor walks
 * the text, split in place. A record is a line's words (separated by spaces,
 * tabs or CR) before any '#'; blank and comment-only lines are skipped. At
 * most max words go into tok. With arrow, a word "->" is not stored and
 * *arrow is the index in tok of the word after it (-1 without one).
 * Returns the word count, or -1 at the end of the text. */
int th_next_record(char **cursor, char **tok, int max, int *arrow);

/* Hex helpers: returns bytes written, or -1 on bad hex / too long. */
long th_unhex(const char *hex, uint8_t *out, size_t cap);
void th_hex(const uint8_t *in, size_t n, char *out /* 2n+1 */);

#endif
