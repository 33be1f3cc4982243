/* Portable Keccak-f[1600]: the reference kernel and test oracle for every
 * other kernel. Not fully unrolled (see f1600_scalar_tmpl.h). */
#define TMPL_SUFFIX portable
#include "keccak/f1600_scalar_tmpl.h"

/* FIPS 202 iota constants, computed by gen/keccak_round.py. */
const uint64_t zkpi_keccak_rc[24] = KECCAK_RC_TABLE;
