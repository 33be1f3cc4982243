/*
 * A second Hemera-shaped parameter set for costing the batch kernels: x^7
 * everywhere, 6 + 6 full rounds, 48 partial rounds, with PLACEHOLDER round
 * constants (xorshift64 from a fixed seed, reduced mod p) and the Hemera
 * diagonal. Not a Hemera parameter set: for benchmarks
 * (bench/bench_hemera_batch.c) and kernel tests (tests/test_hemera_batch.c)
 * only, so it is not in the library.
 */
#ifndef ZKPRIM_BENCH_HEMERA_PROFILE_X7_H
#define ZKPRIM_BENCH_HEMERA_PROFILE_X7_H

#include <stdint.h>

#include "hemera/batch_internal.h"
#include "zkprim/goldilocks.h"

typedef struct hb_profile_storage {
    hemera_profile pr;
    uint64_t rc_full[2 * 6 * 16];
    uint64_t rc_partial[48];
} hb_profile_storage;

static inline void hb_profile_x7_placeholder(hb_profile_storage *ps) {
    uint64_t x = 0x243F6A8885A308D3ull; /* fixed seed: placeholder constants, cost only */
    for (unsigned i = 0; i < 192 + 48; i++) {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        uint64_t c = x % ZKP_GOLDILOCKS_P;
        if (i < 192) ps->rc_full[i] = c;
        else ps->rc_partial[i - 192] = c;
    }
    ps->pr.rf_half = 6;
    ps->pr.rp = 48;
    ps->pr.partial_inverse = 0;
    ps->pr.rc_full = ps->rc_full;
    ps->pr.rc_partial = ps->rc_partial;
    ps->pr.diag = zkpi_hemera_profile_default.diag;
}

#endif
