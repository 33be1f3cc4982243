/*
 * Anchor rows that time an npm package under node (tests/js/<script>):
 * zkprim writes an iteration count per line, the helper does that much work
 * and answers "ok", so the row uses the runner's timer and statistics. The
 * helper prints "ready" once its untimed setup is done. Without node or the
 * package the row is "unavailable (reason)".
 */
#ifndef ZKPRIM_BENCH_NODE_ANCHOR_H
#define ZKPRIM_BENCH_NODE_ANCHOR_H

#include <stdint.h>

/* Starts `node <js dir>/script arg`; the js dir is $ZKPRIM_JS_DIR,
 * <binary dir>/../tests/js, <binary dir>/../../tests/js or ./tests/js, the
 * first holding node_modules/<package>/package.json. A ctx for the two
 * calls below, or bench_unavailable(why). */
void *node_anchor_start(const char *script, const char *package, const char *arg);
void node_anchor_run(void *ctx, uint64_t iters);
void node_anchor_stop(void *ctx);

#endif
