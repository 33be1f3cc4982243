/*
 * Test-only module (js/build.sh links it into js/build/, never into dist):
 * the SIMD128 x2 Keccak kernel and its lane movers beside the portable
 * kernel, for js/test/keccak-x2.test.mjs, which drives both on the same
 * random states and buffers. Compiled with the SIMD objects only.
 */
#include <stddef.h>
#include <stdint.h>

#include "keccak/f1600.h"

#if !ZKPI_KECCAK_WASM_X2
#error "keccak_x2.c: build with -msimd128 (the SIMD objects)"
#endif

void zkjs_x2_permute(uint64_t *st);
void zkjs_x2_permute(uint64_t *st) { zkpi_keccakf1600x2_wasm(st); }

void zkjs_portable_permute(uint64_t *st);
void zkjs_portable_permute(uint64_t *st) { zkpi_keccakf1600_portable(st); }

void zkjs_x2_xor_lanes(uint64_t *st, const uint8_t *a, const uint8_t *b, size_t nlanes);
void zkjs_x2_xor_lanes(uint64_t *st, const uint8_t *a, const uint8_t *b, size_t nlanes) {
    const uint8_t *in[2] = {a, b};
    zkpi_keccakx2_xor_lanes_wasm(st, in, nlanes);
}

void zkjs_x2_extract_lanes(const uint64_t *st, uint8_t *a, uint8_t *b, size_t nlanes);
void zkjs_x2_extract_lanes(const uint64_t *st, uint8_t *a, uint8_t *b, size_t nlanes) {
    uint8_t *out[2] = {a, b};
    zkpi_keccakx2_extract_lanes_wasm(st, out, nlanes);
}

void zkjs_x2_hash64(const uint8_t *a, const uint8_t *b, uint8_t *oa, uint8_t *ob, uint64_t suffix);
void zkjs_x2_hash64(const uint8_t *a, const uint8_t *b, uint8_t *oa, uint8_t *ob, uint64_t suffix) {
    const uint8_t *left[2] = {a, b}, *right[2] = {a + 32, b + 32};
    uint8_t *out[2] = {oa, ob};
    zkpi_keccakx2_hash64_wasm(left, right, out, suffix);
}

const char *zkjs_multi_name(void);
const char *zkjs_multi_name(void) { return zkpi_keccak_multi()->info.name; }
