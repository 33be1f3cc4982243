/* Portable Keccak-f[1600]: the reference kernel and test oracle for every
 * other kernel. Not fully unrolled (see f1600_scalar.h). */
#include "keccak/f1600_scalar.h"

/* FIPS 202 iota constants, computed by gen/keccak_round.py. */
const uint64_t zkpi_keccak_rc[24] = KECCAK_RC_TABLE;

KECCAK_DEFINE_SCALAR_F1600(zkpi_keccakf1600_portable)
