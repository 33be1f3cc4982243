/*
 * Streaming tree roots (docs/streaming.md): the tree hashers fed 1 MiB in
 * 64 KiB updates, next to the one-shot rows they must match in speed
 * (hemera/root_fixed/1MiB, hemera/root_cdc/1MiB in bench_hemera_modes.c;
 * the Keccak leaf-data tree of 16384 leaves of 64 bytes as
 * keccak/tree_stream/1MiB against keccak/tree_root_data/1MiB here).
 */
#include <stdlib.h>

#include "bench.h"
#include "zkprim/hemera.h"
#include "zkprim/keccak.h"

#define BIG (1u << 20)
#define PIECE (1u << 16)

typedef struct {
    uint8_t *data;
    zkp_hemera_tree_hasher th;
    zkp_hemera_cdc_hasher ch;
    zkp_keccak_tree_hasher kh;
    uint8_t out[32];
} sctx;

static void *setup(void) {
    sctx *s = calloc(1, sizeof *s);
    if (s && !(s->data = malloc(BIG))) {
        free(s);
        return NULL;
    }
    return s;
}

static void teardown(void *c) {
    sctx *s = c;
    free(s->data);
    free(s);
}

static void fresh(void *c, uint64_t seed) { bench_fill(((sctx *)c)->data, BIG, seed); }

enum { FIXED, CDC, KECCAK };

/* One root of the 1 MiB buffer through the tree hasher of `kind`. */
static void stream_once(sctx *s, int kind) {
    if (kind == FIXED) zkp_hemera_tree_hasher_init(&s->th, 1);
    else if (kind == CDC) zkp_hemera_cdc_hasher_init(&s->ch);
    else BENCH_CHECK(zkp_keccak_tree_hasher_init(&s->kh, ZKP_KECCAK_256, 64));
    for (size_t off = 0; off < BIG; off += PIECE) {
        const uint8_t *p = s->data + off;
        BENCH_CHECK(kind == FIXED ? zkp_hemera_tree_hasher_update(&s->th, p, PIECE)
                    : kind == CDC ? zkp_hemera_cdc_hasher_update(&s->ch, p, PIECE)
                                  : zkp_keccak_tree_hasher_update(&s->kh, p, PIECE));
    }
    BENCH_CHECK(kind == FIXED ? zkp_hemera_tree_hasher_finalize(&s->th, s->out)
                : kind == CDC ? zkp_hemera_cdc_hasher_finalize(&s->ch, s->out)
                              : zkp_keccak_tree_hasher_finalize(&s->kh, s->out));
}

static void run_stream(sctx *s, uint64_t iters, int kind) {
    for (uint64_t i = 0; i < iters; i++) {
        s->data[i & (BIG - 1)] ^= s->out[0];
        stream_once(s, kind);
    }
    bench_sink(s->out, 32);
}

static void run_fixed(void *c, uint64_t iters) { run_stream(c, iters, FIXED); }
static void run_cdc(void *c, uint64_t iters) { run_stream(c, iters, CDC); }
static void run_keccak_stream(void *c, uint64_t iters) { run_stream(c, iters, KECCAK); }

static void run_keccak_oneshot(void *c, uint64_t iters) {
    sctx *s = c;
    for (uint64_t i = 0; i < iters; i++) {
        s->data[i & (BIG - 1)] ^= s->out[0];
        BENCH_CHECK(zkp_keccak_tree_root_data(ZKP_KECCAK_256, s->data, 64, BIG / 64, 1, s->out));
    }
    bench_sink(s->out, 32);
}

static const bench_case k_cases[] = {
    {"hemera/root_stream_fixed/1MiB", "tree", BIG, setup, fresh, run_fixed, teardown, zkp_hemera_permute_batch_implementation},
    {"hemera/root_stream_cdc/1MiB", "tree", BIG, setup, fresh, run_cdc, teardown, zkp_hemera_permute_batch_implementation},
    {"keccak/tree_root_data/1MiB", "tree", BIG, setup, fresh, run_keccak_oneshot, teardown, zkp_keccak_batch_implementation},
    {"keccak/tree_stream/1MiB", "tree", BIG, setup, fresh, run_keccak_stream, teardown, zkp_keccak_batch_implementation},
};

const bench_module bench_module_tree_stream = {"tree-stream", k_cases, sizeof k_cases / sizeof k_cases[0]};
