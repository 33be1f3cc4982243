/* Portable kernel: unsigned __int128 products (any 64-bit target). */
#include "poseidon/fr.h"

#define FR_MUL512 fr_mul512_c
#define FR_SQR512 fr_sqr512_c
#define FR_MAC512 fr_mac512_c
#define FR_REDC8 fr_redc8_c
#define KNAME(x) x##_portable
#include "poseidon/perm_impl.h"
