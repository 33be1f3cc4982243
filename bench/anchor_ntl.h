/*
 * Optional anchor rows: NTL's GF2E multiplication (Debian's libntl-dev) for
 * the polynomial-basis binary fields, in the same `zkprim bench gf2` run as
 * zkprim's own rows. Built only when bench/ntl.cmake finds NTL and a C++
 * compiler (it then defines ZKP_HAVE_NTL for the CLI).
 *
 * Each case multiplies 1024 independent pairs per pass (c[i] = a[i] * b[i]),
 * ns per multiplication; ghash2 has no NTL row (NTL's GF2E is a single
 * polynomial modulus; b256 is the same field, see docs/gf2-iso.md).
 */
#ifndef ZKPRIM_BENCH_ANCHOR_NTL_H
#define ZKPRIM_BENCH_ANCHOR_NTL_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

void *zkpi_ntl_setup_b127(void);
void *zkpi_ntl_setup_ghash128(void);
void *zkpi_ntl_setup_b163(void);
void *zkpi_ntl_setup_b191(void);
void *zkpi_ntl_setup_sect193(void);
void *zkpi_ntl_setup_b256(void);
void zkpi_ntl_fresh(void *ctx, uint64_t seed);
void zkpi_ntl_run_mul(void *ctx, uint64_t iters);
void zkpi_ntl_teardown(void *ctx);
const char *zkpi_ntl_kernel(void);

#ifdef __cplusplus
}
#endif

#define ZKP_NTL_CASE(field)                                                                      \
    {"gf2/anchor/ntl-gf2e-mul/" #field, "anchor", 0, zkpi_ntl_setup_##field, zkpi_ntl_fresh,       \
     zkpi_ntl_run_mul, zkpi_ntl_teardown, zkpi_ntl_kernel},
#define ZKP_NTL_BENCH_CASES                                                                      \
    ZKP_NTL_CASE(b127) ZKP_NTL_CASE(ghash128) ZKP_NTL_CASE(b163) ZKP_NTL_CASE(b191)              \
    ZKP_NTL_CASE(sect193) ZKP_NTL_CASE(b256)

#endif
