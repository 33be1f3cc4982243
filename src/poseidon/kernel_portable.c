/* Portable kernel: the permutation template over the portable layer of the
 * BN254 field (bn254/fr.h: unsigned __int128 products on 64-bit targets,
 * 64-bit halves and carries elsewhere). */
#include "bn254/fr.h"

#if ZKP_HAVE_U128
#define V_MUL512 zkpi_bn254_mul512_c
#define V_SQR512 zkpi_bn254_sqr512_c
#define V_MAC512 zkpi_bn254_mac512_c
#define V_REDC8 zkpi_bn254_redc8_c
#else
/* Without __int128 (rv32im) a 512-bit product or reduction is a few hundred
 * 32-bit instructions: one out-of-line copy each, called from every width's
 * rounds. Inlined into all of them, GCC took 80 s to compile this file for
 * rv32im (13 s for rv64im), for code that saves only the calls. */
__attribute__((noinline)) static void fr_mul512_call(uint64_t T[8], const uint64_t a[4], const uint64_t b[4]) {
    zkpi_bn254_mul512_c(T, a, b);
}
__attribute__((noinline)) static void fr_sqr512_call(uint64_t T[8], const uint64_t a[4]) { zkpi_bn254_sqr512_c(T, a); }
__attribute__((noinline)) static void fr_mac512_call(uint64_t T[8], const uint64_t a[4], const uint64_t b[4]) {
    zkpi_bn254_mac512_c(T, a, b);
}
__attribute__((noinline)) static void fr_redc8_call(uint64_t T[8]) { zkpi_bn254_redc8_c(T); }
#define V_MUL512 fr_mul512_call
#define V_SQR512 fr_sqr512_call
#define V_MAC512 fr_mac512_call
#define V_REDC8 fr_redc8_call
#endif
#define TMPL_SUFFIX portable
#include "poseidon/perm_tmpl.h"
