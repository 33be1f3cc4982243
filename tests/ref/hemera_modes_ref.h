/*
 * A reference for the Hemera modes, written for clarity and straight from
 * the specification (shared/specs/hemera.md sections 5-7), on top of the
 * definitional oracle permutation. Tests only; slow on purpose (no
 * streaming: whole messages are padded into one array first).
 */
#ifndef ZKPRIM_TESTS_HEMERA_MODES_REF_H
#define ZKPRIM_TESTS_HEMERA_MODES_REF_H

#include <stddef.h>
#include <stdint.h>

/* The permutation every reference function uses (the oracle). */
void hmref_permute(uint64_t st[16]);

/* Sponge of spec 6.2 starting from `init` (16 limbs: the fresh state with
 * its tag, or the derive-key material seed), over msg; writes the final
 * state (the XOF's F) into fin. */
void hmref_sponge(const uint64_t init[16], const uint8_t *msg, size_t len, uint64_t fin[16]);
void hmref_digest(const uint64_t st[16], uint8_t out[32]);

void hmref_hash(const uint8_t *msg, size_t len, uint8_t out[32]);
void hmref_keyed(const uint8_t key[32], const uint8_t *msg, size_t len, uint8_t out[32]);
void hmref_derive(const uint8_t *ctx, size_t clen, const uint8_t *mat, size_t mlen, uint8_t out[32]);
/* XOF stream of a finalised state: n bytes of D(F) || D(pi(F)) || ... */
void hmref_xof(const uint64_t fin[16], uint8_t *out, size_t n);
/* The finalised state of each mode (mode 0 hash, 1 keyed (key used),
 * 2 derive-key: ctx/clen the context, msg the material). */
void hmref_final_state(int mode, const uint8_t key[32], const uint8_t *ctx, size_t clen, const uint8_t *msg,
                     size_t len, uint64_t fin[16]);

void hmref_leaf(const uint8_t *chunk, size_t len, uint64_t counter, int is_root, uint8_t out[32]);
void hmref_node(const uint8_t l[32], const uint8_t r[32], int is_root, uint8_t out[32]);
void hmref_node_nmt(const uint8_t l[32], const uint8_t r[32], uint64_t ns_min, uint64_t ns_max, int is_root,
                  uint8_t out[32]);
/* merge() of spec 7.4 over n leaf values (recursive). */
void hmref_merge(const uint8_t (*leaves)[32], size_t n, int is_root, uint8_t out[32]);
void hmref_root_fixed(const uint8_t *data, size_t len, uint8_t out[32]);
void hmref_root_cdc(const uint8_t *data, size_t len, uint8_t out[32]);
/* GEAR[b] = limb 0 of hash([b]) (spec 7.6). */
uint64_t hmref_gear(unsigned b);

#endif
