/*
 * The one fork/join of the library: every threaded path (Keccak trees,
 * Hemera's batched and streamed trees, multiproof verification) hands its
 * independent tasks to zkpi_parallel_run. The tasks' results must not
 * depend on which thread runs them, so a root never depends on the thread
 * count, and a thread that cannot be created only costs time: its tasks
 * run on the caller. The freestanding build (no threads) runs every task
 * on the caller, in order.
 */
#ifndef ZKPRIM_CORE_PARALLEL_H
#define ZKPRIM_CORE_PARALLEL_H

#include <stddef.h>

/* Threads one call uses at most (the caller's included); larger requests
 * are clamped to it. */
#define ZKPI_MAX_THREADS 64u

/* threads clamped to [1, ZKPI_MAX_THREADS]: 0 means one thread. */
static inline unsigned zkpi_threads_clamp(unsigned threads) {
    return threads == 0 ? 1 : threads > ZKPI_MAX_THREADS ? ZKPI_MAX_THREADS : threads;
}

/* Runs task(ctx, i) once for every i in [0, n_tasks) on up to `threads`
 * threads, the calling thread one of them: thread w takes a contiguous run
 * of task indices. Returns when every task has run. */
void zkpi_parallel_run(size_t n_tasks, unsigned threads, void (*task)(void *ctx, size_t i), void *ctx);

#endif
