/* Portable kernel: unsigned __int128 products on 64-bit targets, 64-bit
 * halves and carries elsewhere (fr.h, core/wide.h). */
#include "poseidon/fr.h"

#define V_MUL512 fr_mul512_c
#define V_SQR512 fr_sqr512_c
#define V_MAC512 fr_mac512_c
#define V_REDC8 fr_redc8_c
#define TMPL_SUFFIX portable
#include "poseidon/perm_tmpl.h"
