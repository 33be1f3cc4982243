/*
 * The deep differential run (docs/reliability.md, "Deep differential run"):
 * one program, deep_diff, that feeds every primitive family many random and
 * edge inputs, compares every kernel this machine runs against the
 * portable kernel and a fast independent reference on all of them, and a
 * slow definitional oracle on a sample.
 *
 *   deep_diff FAMILY [--n N] [--oracle-n M] [--seed S] [--suite NAME] [--plant]
 *
 * FAMILY: keccak, hemera, poseidon, gf2, goldilocks or all. Each suite
 * prints one summary line (family, suite, inputs, checks, mismatches, the
 * oracle sample, seed, CPU seconds, kernels) and the first mismatching
 * input in hex. Exit status 0 when nothing mismatched, 1 on any mismatch,
 * 2 on a usage error. --plant flips one bit of the 100th kernel output
 * compared, so the run must fail (ctest deep-diff-planted).
 *
 * Randomness is the test harness's (tests/harness.h), reseeded with S at
 * the start of every suite, so `--suite NAME --seed S` replays one suite.
 * Without --seed: ZKPRIM_TEST_SEED, else a seed from the clock.
 */
#ifndef ZKPRIM_TESTS_DEEP_H
#define ZKPRIM_TESTS_DEEP_H

#include <stddef.h>
#include <stdint.h>

#include "harness.h"

typedef struct deep_opts {
    uint64_t n;        /* inputs per suite */
    uint64_t oracle_n; /* inputs per suite also checked by the slow oracle */
    uint64_t seed;
    const char *suite; /* NULL: every suite of the family */
    int plant;
} deep_opts;

extern deep_opts g_deep;

typedef struct deep_suite {
    const char *family, *name;
    uint64_t inputs, checks, mismatches, oracle_inputs;
    double cpu0;
    char kernels[400];
} deep_suite;

/* Starts a suite (reseeds the RNG); 0 when --suite filters it out. */
int deep_begin(deep_suite *s, const char *family, const char *name);
/* Prints the summary line. */
void deep_end(deep_suite *s);
/* Notes a kernel (or level) as covered, once. */
void deep_kernel(deep_suite *s, const char *name);

/* One check: `got` (the output under test) against `want`, n bytes. On a
 * mismatch prints `what`, the input and both outputs in hex (the first
 * mismatch of each suite in full). Returns 1 when equal. */
int deep_eq(deep_suite *s, const char *what, const void *got, const void *want, size_t n, const void *in,
            size_t inlen);
/* A yes/no check (status codes, identities). */
int deep_ok(deep_suite *s, const char *what, int ok, const void *in, size_t inlen);

/* Whether input i of n (0-based) is also given to the slow oracle: an even
 * spread of g_deep.oracle_n of them; counts it. */
int deep_oracle_pick(deep_suite *s, uint64_t i);

/* The CPU levels zkp_cpu_force accepts here (portable first, "native"
 * excluded); forcing them one after the other runs every kernel. */
const char *const *deep_levels(size_t *n);
void deep_force(const char *level);
/* The CPU levels that run different kernels, one after the other:
 *     deep_level_iter it = {0};
 *     while (deep_next_level(&it, impl)) ... it.level, it.impl ...
 * forces each usable level in turn (portable first) and skips one whose
 * impl(buf) string (the kernel names the code under test reports) equals an
 * earlier level's: pclmul and avx2 run the bmi2 Poseidon kernel, etc. */
typedef struct deep_level_iter {
    size_t next, nseen;
    const char *level, *impl;
    char seen[8][80];
} deep_level_iter;
int deep_next_level(deep_level_iter *it, void (*impl)(char *buf, size_t cap));

/* Random helpers over the harness RNG. */
size_t deep_pick(const size_t *set, size_t n);   /* one of set[0..n) */
uint64_t deep_edge_u64(const uint64_t *edges, size_t n); /* an edge with prob. 1/2, else random */

int deep_keccak(void);
int deep_hemera(void);
int deep_poseidon(void);
int deep_gf2(void);
int deep_goldilocks(void);

#endif
