/*
 * Hemera inclusion-proof verifier fuzz target (zkp_hemera_tree_verify).
 *
 * The verifier takes every byte from an untrusted party, so:
 *   - arbitrary (root, chunk, index, total_len, proof) never crash, never
 *     read past what they were given (ASan in the fuzz stage), and get the
 *     documented status: ZKP_ERR_RANGE exactly when index is past the chunk
 *     count, ZKP_ERR_PROOF_SHAPE exactly when proof_len is not
 *     zkp_hemera_tree_proof_size(total_len, index), otherwise OK or ERR_VERIFY
 *     (ERR_VERIFY whenever the chunk length is not the one total_len gives);
 *   - a proof the library made for data verifies against the data's root,
 *     and flipping any single bit of the proof or of the root makes it fail
 *     (32 flips per input, spread over every bit by the input's stride).
 * Framing: flags (bit 0: valid-proof mode), then per mode below.
 */
#include "fuzz.h"
#include "zkprim/hemera.h"

#define CHUNK ZKP_HEMERA_CHUNK_BYTES
#define MAX_DATA (5 * CHUNK + 100) /* up to six leaves: depths 0..3 */
#define FLIPS 32

/* Arbitrary mode: root (32), index, total_len (narrowed by flags so the
 * interesting small ranges are hit often), chunk_len (2) and chunk bytes,
 * proof_len (2) and proof bytes. */
static void fuzz_arbitrary(uint8_t flags, fz_cursor *c) {
    uint8_t root[ZKP_HEMERA_DIGEST_BYTES];
    fz_bytes(c, root, sizeof root);
    uint64_t index = flags & 2 ? fz_u64(c) : fz_u8(c);
    uint64_t total = flags & 4 ? fz_u64(c) : fz_u16(c) * (uint64_t)(1 + fz_u8(c) % 8);
    size_t chunk_len = fz_u16(c) % (CHUNK + 8);
    uint8_t *chunk = malloc(chunk_len + 1);
    FUZZ_CHECK(chunk != NULL);
    fz_bytes(c, chunk, chunk_len);
    size_t proof_len = fz_u16(c) % (ZKP_HEMERA_PROOF_MAX_BYTES + 64);
    uint8_t *proof = malloc(proof_len + 1);
    FUZZ_CHECK(proof != NULL);
    fz_bytes(c, proof, proof_len);

    zkp_status st = zkp_hemera_tree_verify(root, chunk_len ? chunk : NULL, chunk_len, index, total,
                                            proof_len ? proof : NULL, proof_len);
    uint64_t count = zkp_hemera_tree_chunk_count(total);
    size_t want_size = 0;
    if (index >= count) {
        FUZZ_CHECK(st == ZKP_ERR_RANGE);
    } else {
        FUZZ_CHECK(zkp_hemera_tree_proof_size(total, index, &want_size) == ZKP_OK);
        uint64_t want_chunk = index + 1 < count ? CHUNK : total - (count - 1) * CHUNK;
        if (proof_len != want_size) FUZZ_CHECK(st == ZKP_ERR_PROOF_SHAPE);
        else if (chunk_len != want_chunk) FUZZ_CHECK(st == ZKP_ERR_VERIFY);
        else FUZZ_CHECK(st == ZKP_OK || st == ZKP_ERR_VERIFY);
    }
    free(chunk);
    free(proof);
}

/* Valid-proof mode: total_len (2), index byte, flip start (2), flip stride
 * (2); the rest is repeated into the data. */
static void fuzz_valid(fz_cursor *c) {
    size_t total = fz_u16(c) % MAX_DATA;
    uint8_t index_byte = fz_u8(c);
    uint32_t start = fz_u16(c), stride = 1 + 2 * (uint32_t)fz_u16(c); /* odd */
    uint8_t *data = malloc(total + 1);
    FUZZ_CHECK(data != NULL);
    for (size_t i = 0; i < total; i++) data[i] = c->n ? c->p[i % c->n] ^ (uint8_t)(i >> 12) : (uint8_t)(i * 7);

    uint8_t root[ZKP_HEMERA_DIGEST_BYTES], proof[ZKP_HEMERA_PROOF_MAX_BYTES];
    FUZZ_CHECK(zkp_hemera_tree_root_fixed(total ? data : NULL, total, 1, root) == ZKP_OK);
    uint64_t count = zkp_hemera_tree_chunk_count(total), index = index_byte % count;
    size_t plen = 0;
    FUZZ_CHECK(zkp_hemera_tree_proof(total ? data : NULL, total, index, proof, sizeof proof, &plen) == ZKP_OK);
    size_t off = (size_t)index * CHUNK, clen = total - off < CHUNK ? total - off : CHUNK;
    const uint8_t *chunk = clen ? data + off : NULL;
    FUZZ_CHECK(zkp_hemera_tree_verify(root, chunk, clen, index, total, plen ? proof : NULL, plen) == ZKP_OK);

    /* Bits 0 .. 8*plen-1 are the proof's, the next 256 the root's. */
    size_t bits = 8 * plen + 8 * ZKP_HEMERA_DIGEST_BYTES;
    for (unsigned f = 0; f < FLIPS; f++) {
        size_t b = (start + (size_t)f * stride) % bits;
        uint8_t *byte = b < 8 * plen ? &proof[b / 8] : &root[b / 8 - plen];
        *byte ^= (uint8_t)(1u << (b % 8));
        FUZZ_CHECK(zkp_hemera_tree_verify(root, chunk, clen, index, total, plen ? proof : NULL, plen) ==
                   ZKP_ERR_VERIFY);
        *byte ^= (uint8_t)(1u << (b % 8));
    }
    /* a proof one sibling short or long is the wrong shape, not a forgery */
    if (plen) FUZZ_CHECK(zkp_hemera_tree_verify(root, chunk, clen, index, total, proof, plen - 32) ==
                         ZKP_ERR_PROOF_SHAPE);
    if (plen + 32 <= sizeof proof)
        FUZZ_CHECK(zkp_hemera_tree_verify(root, chunk, clen, index, total, proof, plen + 32) ==
                   ZKP_ERR_PROOF_SHAPE);
    free(data);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    fz_cursor c = {data, size};
    uint8_t flags = fz_u8(&c);
    if (flags & 1) fuzz_valid(&c);
    else fuzz_arbitrary(flags, &c);
    return 0;
}
