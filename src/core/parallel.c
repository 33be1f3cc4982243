/*
 * zkpi_parallel_run (parallel.h): contiguous runs of tasks, the first on
 * the calling thread, the others on pthreads joined before returning.
 */
#define _POSIX_C_SOURCE 200809L
#include "core/parallel.h"

#include "zkprim_build_config.h"

#if !ZKP_FREESTANDING && !defined(_WIN32)
#define ZKPI_PTHREADS 1
#include <pthread.h>
#else
#define ZKPI_PTHREADS 0
#endif

typedef struct share {
    void (*task)(void *, size_t);
    void *ctx;
    size_t lo, hi;
} share;

static void run_share(const share *s) {
    for (size_t i = s->lo; i < s->hi; i++) s->task(s->ctx, i);
}

#if ZKPI_PTHREADS
static void *share_thread(void *arg) {
    run_share(arg);
    return NULL;
}
#endif

void zkpi_parallel_run(size_t n_tasks, unsigned threads, void (*task)(void *ctx, size_t i), void *ctx) {
    size_t t = zkpi_threads_clamp(threads);
    if (t > n_tasks) t = n_tasks;
    if (t <= 1 || !ZKPI_PTHREADS) {
        share all = {task, ctx, 0, n_tasks};
        run_share(&all);
        return;
    }
#if ZKPI_PTHREADS
    share sh[ZKPI_MAX_THREADS];
    pthread_t tid[ZKPI_MAX_THREADS];
    int started[ZKPI_MAX_THREADS] = {0};
    for (size_t w = 0; w < t; w++) sh[w] = (share){task, ctx, n_tasks * w / t, n_tasks * (w + 1) / t};
    for (size_t w = 1; w < t; w++) started[w] = pthread_create(&tid[w], NULL, share_thread, &sh[w]) == 0;
    run_share(&sh[0]);
    for (size_t w = 1; w < t; w++) {
        if (started[w]) pthread_join(tid[w], NULL);
        else run_share(&sh[w]); /* no thread: the same tasks on this one */
    }
#endif
}
