/* Poseidon2 BN254 t = 4, x86-64 BMI2/ADX kernel: the one-pass Montgomery
 * product of bn254/fr_mulx.h (inline asm). Without ZKP_HAVE_ASM the portable
 * layer is used (built with -mbmi2 -madx, the compiler may still pick MULX). */
#include "bn254/fr_mulx.h"

#if ZKPI_BN254_HAVE_MULX
#define V_MONTMUL(T, a, b) zkpi_bn254_montmul_mulx((T), (a), (b))
#define V_SQR512 zkpi_bn254_sqr512_mulx
#define V_REDC8 zkpi_bn254_redc8_mulx
#else
#define V_SQR512 zkpi_bn254_sqr512_c
#define V_REDC8 zkpi_bn254_redc8_c
#define V_MONTMUL(T, a, b) (zkpi_bn254_mul512_c((T), (a), (b)), zkpi_bn254_redc8_c(T))
#endif
#define TMPL_SUFFIX bmi2
#include "poseidon2/bn254_tmpl.h"
