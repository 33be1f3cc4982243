/*
 * Internal interface shared by the Hemera modes (sponge.c, tree.c, cdc.c,
 * proof.c). The modes talk to the permutation only through
 * zkp_hemera_permute (public data) and zkp_hemera_permute_ct (secrets).
 *
 * Contracts:
 *  - hm_absorb_block and hm_put_digest are constant time
 *    (no branch or address depends on the values).
 *  - zkpi_hm_leaf, zkpi_hm_node and the cv stack are variable time (public data).
 */
#ifndef ZKPRIM_HEMERA_MODES_H
#define ZKPRIM_HEMERA_MODES_H

#include <stdint.h>
#include <string.h>

#include "core/util.h"
#include "goldilocks/gl.h"
#include "zkprim/hemera.h"

/* Capacity words of the sponge state (spec section 6.1). */
#define HM_COUNTER 8
#define HM_FLAGS 9
#define HM_LENGTH 10
#define HM_DOMAIN 11
#define HM_NS_MIN 12
#define HM_NS_MAX 13

/* Tree flags (state[9]) and domain tags (state[11]). */
#define HM_FLAG_ROOT 1u
#define HM_FLAG_PARENT 2u
#define HM_FLAG_CHUNK 4u
#define HM_TAG_HASH 0u
#define HM_TAG_KEYED 1u
#define HM_TAG_DERIVE_CONTEXT 2u
#define HM_TAG_DERIVE_MATERIAL 3u

/* Adds one 56-byte block, encoded as eight 7-byte little-endian groups
 * (spec 5.1), into the rate state[0..8]. Reads exactly b[0..56]. Each group
 * is < 2^56 <= p, so one carry correction suffices (gl_add_1c_ct); the
 * permutation takes any representative, so no canonical form is needed. */
static inline void hm_absorb_block(uint64_t st[ZKP_HEMERA_WIDTH], const uint8_t *b) {
    const uint64_t m56 = 0x00FFFFFFFFFFFFFFull;
    for (int i = 0; i < 7; i++) st[i] = gl_add_1c_ct(st[i], zkpi_load64_le(b + 7 * i) & m56);
    /* The last group starts at byte 49; load bytes 48..55 and drop byte 48
     * so nothing past the block is read. */
    st[7] = gl_add_1c_ct(st[7], zkpi_load64_le(b + 48) >> 8);
}

/* Writes the 32-byte digest D(state) = u64le(state[0..4]). */
static inline void hm_put_digest(uint8_t out[ZKP_HEMERA_DIGEST_BYTES], const uint64_t st[ZKP_HEMERA_WIDTH]) {
    for (int i = 0; i < 4; i++) zkpi_store64_le(out + 8 * i, st[i]);
}

/* Loads a 32-byte digest as four limbs into st[0..4] (spec 5.3: no 7-byte
 * re-encoding, no range check; limbs >= p act mod p in the permutation). */
static inline void hm_get_limbs(uint64_t *st, const uint8_t d[ZKP_HEMERA_DIGEST_BYTES]) {
    for (int i = 0; i < 4; i++) st[i] = zkpi_load64_le(d + 8 * i);
}

/* Wipes secret-class state. memset followed by a compiler barrier that
 * claims to read the memory, so the stores cannot be dropped as dead: word
 * stores instead of zkpi_secure_zero's volatile byte loop, which cost about
 * 2,400 instructions per keyed hash of 64 bytes (callgrind), a tenth of a
 * permutation. */
static inline void hm_wipe(void *p, size_t n) {
#if defined(__GNUC__)
    memset(p, 0, n);
    __asm__ __volatile__("" : : "r"(p) : "memory");
#else
    zkpi_secure_zero(p, n);
#endif
}

/* hash_leaf / hash_node without argument checks (tree.c). zkpi_hm_leaf hashes
 * the chunk through zkp_hemera_hash and passes on its status. */
ZKP_MUST_USE zkp_status zkpi_hm_leaf(const uint8_t *chunk, size_t len, uint64_t counter, int is_root, uint8_t out[ZKP_HEMERA_DIGEST_BYTES]);
void zkpi_hm_node(const uint8_t left[ZKP_HEMERA_DIGEST_BYTES], const uint8_t right[ZKP_HEMERA_DIGEST_BYTES], int is_root,
             uint8_t out[ZKP_HEMERA_DIGEST_BYTES]);

/* Largest power of two strictly below m (m >= 2): the size of the left
 * subtree in the left-balanced shape (spec 7.4). */
static inline uint64_t hm_left_size(uint64_t m) {
    uint64_t k = 1;
    while (k < (m + 1) / 2) k <<= 1;
    return k;
}

/* Root of the fixed-tree subtree over chunks [first, first + count) of
 * data[0..len) (leaf counters are the global chunk indices), with the root
 * flag on its top node, or on the leaf when count == 1. */
ZKP_MUST_USE zkp_status zkpi_hm_fixed_range(const uint8_t *data, size_t len, uint64_t first, uint64_t count, int is_root,
                                       uint8_t out[ZKP_HEMERA_DIGEST_BYTES]);

#endif
