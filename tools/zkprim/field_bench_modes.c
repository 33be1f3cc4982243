/* Extra `zkprim field-bench` modes (see field_bench.h). One line per mode. */
#include "field_bench.h"

const field_bench_mode field_bench_extra_modes[] = {
    /* gf2iso: {"--isomorphism", "b256 <-> ghash2 conversions (ns per element each way)", field_bench_isomorphism}, */
    {NULL, NULL, NULL},
};
const size_t field_bench_extra_mode_count = sizeof field_bench_extra_modes / sizeof field_bench_extra_modes[0] - 1;
