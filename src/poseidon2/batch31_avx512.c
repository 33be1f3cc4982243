/* Poseidon2 over BabyBear / KoalaBear, avx512 kernel: one state per 32-bit lane. */
#include "field31/monty31_avx512.h"

#define TMPL_SUFFIX avx512
#include "poseidon2/perm31_tmpl.h"
