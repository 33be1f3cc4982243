/*
 * Poseidon2 Merkle trees (poseidon2.h, docs/poseidon2.md): the pieces the
 * one tree engine (core/merge_stack.h for roots, core/multiproof.h for
 * batched openings) is given. Every node is 32 bytes: eight canonical
 * uint32_t of a 31-bit field, or one canonical BN254 element (limbs), in
 * the host's byte order, exactly as the public arrays hold them. The
 * engine's node arrays are byte arrays, so these read and write through
 * memcpy into aligned scratch. Inputs are range-checked by the callers;
 * nothing here fails on canonical input.
 */
#ifndef ZKPRIM_POSEIDON2_TREE_INTERNAL_H
#define ZKPRIM_POSEIDON2_TREE_INTERNAL_H

#include <stddef.h>
#include <stdint.h>

#include "bn254/fr.h"
#include "core/merge_stack.h"
#include "core/util.h"
#include "field31/monty31.h"
#include "poseidon2/params.h"
#include "zkprim/poseidon2.h"

/* The tree's hash family: a width-16 31-bit instance (Plonky3's sponge
 * leaves, TruncatedPermutation nodes), or NULL for BN254 (leaves are the
 * elements, node = Noir's Poseidon2::hash([l, r], 2)). */
typedef const zkpi_p2_inst *zkpi_p2t_field;

/* out[i] = digest of row i (row_len elements) of the m rows at rows, for a
 * 31-bit field: the sponge of zkp_poseidon2_*_hash, m rows per batch call. */
void zkpi_p2t_rows(zkpi_p2t_field f, const uint8_t *rows, size_t row_len, size_t m, uint8_t *out);

/* out[i] = node(in[2i], in[2i + 1]) for i < n; out may equal in. */
void zkpi_p2t_pairs(zkpi_p2t_field f, const uint8_t *in, size_t n, uint8_t *out);

/* 1 when the two 32-byte nodes are equal, in time independent of where they
 * differ (a computed root against the caller's). */
ZKP_INLINE int zkpi_p2t_node_equal(const uint8_t *a, const uint8_t *b) {
    unsigned diff = 0;
    for (int i = 0; i < 32; i++) diff |= (unsigned)(a[i] ^ b[i]);
    return diff == 0;
}

/* 1 when every BN254 element is canonical (all are read). */
ZKP_INLINE int zkpi_p2t_bn_canonical(const zkp_poseidon_fr *x, size_t n) {
    int ok = 1;
    for (size_t i = 0; i < n; i++) ok &= zkpi_bn254_is_canonical(x[i].limb);
    return ok;
}

#endif
