/* Test-only Keccak oracle: a deliberately plain FIPS 202 transcription
 * (state as a 200-byte array, step mappings as loops over x, y, z-free lane
 * rotations, byte-buffer sponge). Shares no code with src/keccak. */
#ifndef ZKPRIM_TESTS_KECCAK_REF_H
#define ZKPRIM_TESTS_KECCAK_REF_H

#include <stddef.h>
#include <stdint.h>

/* Keccak-f[1600] on 200 state bytes. */
void ref_keccakf1600_bytes(uint8_t s[200]);
/* Same on 25 lanes (lane i = little-endian bytes 8i..8i+7). */
void ref_keccakf1600_lanes(uint64_t st[25]);
/* Sponge: rate bytes, first padding byte `suffix`, any outlen. */
void ref_keccak_sponge(unsigned rate, uint8_t suffix, const uint8_t *in, size_t len, uint8_t *out, size_t outlen);

#endif
