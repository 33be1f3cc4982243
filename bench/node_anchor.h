/* Anchor rows run by node: a helper script in tests/js speaks a line
 * protocol with `zkprim bench`, which times the round trips, so an npm
 * package's figures come from the same timer, runs and statistics as every
 * other row. The helper prints "ready" once set up, then reads an iteration
 * count per line, does that many operations and answers "ok". */
#ifndef ZKPRIM_BENCH_NODE_ANCHOR_H
#define ZKPRIM_BENCH_NODE_ANCHOR_H

#include <stdint.h>

typedef struct node_anchor_spec {
    const char *script;     /* file in tests/js, e.g. "poseidon_bench.js" */
    const char *package;    /* npm package the script needs (in node_modules), named in reasons */
    const char *helper_env; /* environment variable naming a stand-in helper program, or NULL */
} node_anchor_spec;

/* A bench setup(): starts `node <tests/js>/<script> arg` (or the stand-in
 * with arg) and waits for "ready"; bench_unavailable(why) when node, the
 * package or the helper is missing or the helper exits. tests/js is found
 * at $ZKPRIM_JS_DIR, <binary dir>/../tests/js, <binary dir>/../../tests/js
 * or ./tests/js, the first that holds the package. */
void *node_anchor_start(const node_anchor_spec *spec, const char *arg);
/* A bench run(): one round trip of iters operations (bench_fail if the
 * helper died). */
void node_anchor_run(void *ctx, uint64_t iters);
/* A bench teardown(): closes the pipes (the helper exits at EOF), reaps it. */
void node_anchor_teardown(void *ctx);

#endif
