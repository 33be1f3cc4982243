/*
 * x86-64 BMI2/ADX kernel: the permutation template over the MULX/ADX layer
 * of the BN254 field (bn254/fr_mulx.h: the 512-bit products, the reduction,
 * and the fused one-pass product and short dot products the template uses
 * for narrow widths). Without ZKP_HAVE_ASM the portable layer is used (built
 * with -mbmi2 -madx, the compiler may still pick MULX).
 */
#include "bn254/fr_mulx.h"
#include "poseidon/internal.h" /* zkprim_build_config.h: ZKP_HAVE_ASM */

#if ZKPI_BN254_HAVE_MULX
#define V_MONTMUL zkpi_bn254_montmul_mulx
#define TMPL_HAVE_DOTN 1
#define TMPL_HAVE_DOTX 1
#define V_MUL512 zkpi_bn254_mul512_mulx
#define V_SQR512 zkpi_bn254_sqr512_mulx
#define V_MAC512 zkpi_bn254_mac512_mulx
#define V_REDC8 zkpi_bn254_redc8_mulx
#else
#define V_MUL512 zkpi_bn254_mul512_c
#define V_SQR512 zkpi_bn254_sqr512_c
#define V_MAC512 zkpi_bn254_mac512_c
#define V_REDC8 zkpi_bn254_redc8_c
#endif

#define TMPL_SUFFIX bmi2
#define TMPL_MANY 2
#include "poseidon/perm_tmpl.h"
