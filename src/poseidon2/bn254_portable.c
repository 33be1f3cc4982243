/* Poseidon2 BN254 t = 4, portable kernel (bn254/fr.h: the 512-bit product
 * and a separate Montgomery reduction), and the conversions the public
 * functions use. */
#include "bn254/fr.h"

#define V_MONTMUL(T, a, b) (zkpi_bn254_mul512_c((T), (a), (b)), zkpi_bn254_redc8_c(T))
#define V_SQR512 zkpi_bn254_sqr512_c
#define V_REDC8 zkpi_bn254_redc8_c
#define TMPL_SUFFIX portable
#include "poseidon2/bn254_tmpl.h"

void zkpi_p2_bn254_to_mont(zkpi_bn254_fr *x) { p2b_mul(x, x, &zkpi_bn254_r2); }

void zkpi_p2_bn254_from_mont(zkpi_bn254_fr *x) {
    static const zkpi_bn254_fr one = {{1, 0, 0, 0}};
    p2b_mul(x, x, &one);
}
