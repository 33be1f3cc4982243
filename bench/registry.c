/* The benchmark modules `zkprim bench` knows, in the order they print.
 * A module adds one line here and one bench/bench_<module>.c. */
#include "bench.h"

extern const bench_module bench_module_core;
extern const bench_module bench_module_keccak;
extern const bench_module bench_module_keccak_kernels;
extern const bench_module bench_module_hemera;
extern const bench_module bench_module_hemera_modes;
extern const bench_module bench_module_hemera_batch;
extern const bench_module bench_module_hemera_trace;
extern const bench_module bench_module_gf2;
extern const bench_module bench_module_poseidon;
extern const bench_module bench_module_poseidon2;
extern const bench_module bench_module_lean_imt;
extern const bench_module bench_module_gf2iso;
extern const bench_module bench_module_oz_tree;
extern const bench_module bench_module_tree_stream;
extern const bench_module bench_module_multiproof;

const bench_module *const bench_modules[] = {
    &bench_module_core,
    &bench_module_keccak,
    &bench_module_keccak_kernels,
    &bench_module_hemera,
    &bench_module_hemera_modes,
    &bench_module_hemera_batch,
    &bench_module_hemera_trace,
    &bench_module_gf2,
    &bench_module_poseidon,
    &bench_module_poseidon2,
    &bench_module_lean_imt,
    &bench_module_gf2iso,
    &bench_module_oz_tree,
    &bench_module_tree_stream,
    &bench_module_multiproof,
};
const size_t bench_module_count = sizeof bench_modules / sizeof bench_modules[0];
