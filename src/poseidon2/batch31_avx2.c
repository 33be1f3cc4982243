/* Poseidon2 over BabyBear / KoalaBear, avx2 kernel: one state per 32-bit lane. */
#include "field31/monty31_avx2.h"

#define TMPL_SUFFIX avx2
#include "poseidon2/perm31_tmpl.h"
