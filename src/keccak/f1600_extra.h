/*
 * Keccak-f[1600] kernels for the instruction sets beyond the portable, x86
 * scalar and AVX2 ones: a 2-state NEON kernel, a 1- and 2-state kernel using
 * the ARMv8.2 SHA3 instructions, and an 8-state AVX-512 kernel.
 *
 * Every kernel applies the full 24-round permutation in place. Lanes are
 * numbered lane = x + 5*y and hold native uint64_t values (the value of the
 * lane's 8 state bytes read little-endian). Multi-state kernels interleave
 * their states lane by lane: instance i of an N-way kernel keeps lane j in
 * st[j * N + i], so a vector load of lane j picks up that lane of all N
 * states. An N-way call equals N independent single-state calls; the tests
 * check it lane by lane.
 *
 * These functions exist only in builds that compiled them (ZKP_HAVE_NEON,
 * ZKP_HAVE_SHA3, ZKP_HAVE_AVX512 from zkprim_build_config.h) and may only be
 * called when zkp_cpu_active() has the features they need:
 *   zkp_keccakf1600x2_neon                    ZKP_CPU_NEON
 *   zkp_keccakf1600_sha3, zkp_keccakf1600x2_sha3  ZKP_CPU_SHA3 (and NEON)
 *   zkp_keccakf1600x8_avx512                  ZKP_CPU_AVX512F|VL|BW
 */
#ifndef ZKPRIM_KECCAK_F1600_EXTRA_H
#define ZKPRIM_KECCAK_F1600_EXTRA_H

#include <stdint.h>

void zkp_keccakf1600x2_neon(uint64_t *st);      /* 50 words, st[lane*2 + i] */
void zkp_keccakf1600_sha3(uint64_t st[25]);
void zkp_keccakf1600x2_sha3(uint64_t *st);      /* 50 words, st[lane*2 + i] */
void zkp_keccakf1600x8_avx512(uint64_t *st);    /* 200 words, st[lane*8 + i] */

/* The iota constants of the 24 rounds (FIPS 202, Algorithm 5 / 6). */
static const uint64_t zkp_kx_rc[24] = {
    0x0000000000000001ull, 0x0000000000008082ull, 0x800000000000808Aull, 0x8000000080008000ull,
    0x000000000000808Bull, 0x0000000080000001ull, 0x8000000080008081ull, 0x8000000000008009ull,
    0x000000000000008Aull, 0x0000000000000088ull, 0x0000000080008009ull, 0x000000008000000Aull,
    0x000000008000808Bull, 0x800000000000008Bull, 0x8000000000008089ull, 0x8000000000008003ull,
    0x8000000000008002ull, 0x8000000000000080ull, 0x000000000000800Aull, 0x800000008000000Aull,
    0x8000000080008081ull, 0x8000000000008080ull, 0x0000000080000001ull, 0x8000000080008008ull,
};

#endif
