/* Poseidon2 over BabyBear / KoalaBear, portable kernel: one state at a time. */
#include "field31/monty31_x1.h"

#define TMPL_SUFFIX portable
#include "poseidon2/perm31_tmpl.h"
