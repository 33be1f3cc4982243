/* Internal hash_many entry points used by the tree code (no argument checks). */
#ifndef ZKPRIM_KECCAK_MANY_INTERNAL_H
#define ZKPRIM_KECCAK_MANY_INTERNAL_H

#include <stddef.h>
#include <stdint.h>

#include "keccak/f1600.h"
#include "keccak/sponge_internal.h"

/* Exactly k->lanes inputs of len bytes (or, when lens is not NULL, of
 * lens[i] bytes, all with len / rate whole blocks, len = lens[0]) through one
 * k->lanes-way sponge.
 * Digest i goes to out[i]; for squeezes longer than one rate block, out[i]
 * advances only where real[i] (padding lanes rewrite one scratch block).
 * Every input byte is read before the first output byte is written, so an
 * output may overlap inputs (the in-place tree levels rely on it). */
void zkpi_keccak_many_group(const zkpi_keccak_kernelN *k, const keccak_params *p, const uint8_t *const *in, size_t len,
                       const size_t *lens, uint8_t *const *out, const unsigned char *real, size_t outlen);

/* n inputs at in + i*stride -> out + i*outlen, widest kernel. out may start
 * at in when outlen <= stride (each group reads before it writes, and group
 * g writes only below where group g+1 reads). */
void zkpi_keccak_many_stride(const keccak_params *p, const uint8_t *in, size_t len, size_t stride, size_t n, uint8_t *out,
                        size_t outlen);

/* out[i] = the rate-136 hash (Keccak-256 or SHA3-256) of the 32 bytes at
 * left[i] then the 32 at right[i], widest kernel. Every group reads its
 * inputs before writing its outputs, and groups run in order, so out[i] may
 * be an input of pair i or of an earlier pair (the multiproof walk hashes
 * nodes where they lie and writes each level over the one below). */
void zkpi_keccak_many_halves(const keccak_params *p, const uint8_t *const *left, const uint8_t *const *right, size_t n,
                             uint8_t (*out)[32]);
/* Whether the active multi-lane kernel has the fused two-pointer hash64
 * (avx2-x4, avx512-x8). Without it zkpi_keccak_many_halves runs one state
 * at a time, each waiting for its own loads; the multiproof walk then
 * copies the pairs side by side for zkpi_keccak_many_stride instead
 * (bench compare at the portable level, 4096 openings: the pointer form
 * was 10-30 % slower). */
int zkpi_keccak_many_has_halves(const keccak_params *p);

#endif
