/* Poseidon2 over BabyBear / KoalaBear, neon kernel: one state per 32-bit lane. */
#include "field31/monty31_neon.h"

#define TMPL_SUFFIX neon
#include "poseidon2/perm31_tmpl.h"
