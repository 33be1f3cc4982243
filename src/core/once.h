/*
 * One-time construction of a table that threads share, with no lock and no
 * waiting: the first caller to claim the state builds the table and
 * publishes it; a caller that finds it being built does without it (runs a
 * scalar path, or builds a private copy) instead of blocking. The state is
 * an _Atomic int starting at 0: 1 while one caller builds, 2 when the table
 * is ready, 3 when building failed. Used by the vector kernels whose constant
 * tables are converted on first use (poseidon/kernel_avx2.c,
 * poseidon2/bn254_ifma.c).
 */
#ifndef ZKP_CORE_ONCE_H
#define ZKP_CORE_ONCE_H

#include <stdatomic.h>

#include "core/util.h"

enum { ZKPI_ONCE_READY, ZKPI_ONCE_MINE, ZKPI_ONCE_BUSY, ZKPI_ONCE_FAILED };

/* READY: the table may be read (acquire). MINE: this caller must build it
 * and then call zkpi_once_publish. BUSY: another caller is building it.
 * FAILED: building it failed. */
ZKP_INLINE int zkpi_once_claim(_Atomic int *state) {
    int st = atomic_load_explicit(state, memory_order_acquire);
    if (st == 0 && atomic_compare_exchange_strong_explicit(state, &st, 1, memory_order_acq_rel, memory_order_acquire))
        return ZKPI_ONCE_MINE;
    return st == 2 ? ZKPI_ONCE_READY : st == 3 ? ZKPI_ONCE_FAILED : ZKPI_ONCE_BUSY;
}

/* Ends a MINE claim: the table is published (release) when ok, else failed. */
ZKP_INLINE void zkpi_once_publish(_Atomic int *state, int ok) {
    atomic_store_explicit(state, ok ? 2 : 3, memory_order_release);
}

#endif
