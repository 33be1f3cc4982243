/*
 * A definitional oracle for the multiproofs of docs/keccak.md, hemera.md, poseidon.md ("Many openings
 * and multiproofs"), written for clarity, not speed: sets of (level, node)
 * kept as sorted arrays, one pair hash at a time through the family's
 * single-hash function. Independent of src/core/multiproof.c.
 */
#ifndef ZKPRIM_TESTS_MULTIPROOF_ORACLE_H
#define ZKPRIM_TESTS_MULTIPROOF_ORACLE_H

#include <stddef.h>
#include <stdint.h>

typedef struct mpo_shape {
    unsigned levels;  /* levels above the leaves */
    uint64_t n;       /* leaves; 0 = the full tree of 2^levels */
} mpo_shape;

/* The sibling nodes a multiproof of the sorted leaf set carries: at level
 * l, the siblings of the set's ancestors that are neither ancestors
 * themselves nor missing (an odd level's last node has none), by index.
 * Writes up to `cap` (level, node) pairs; returns the count. */
size_t mpo_needed(const mpo_shape *s, const uint64_t *idx, size_t k, unsigned *lev, uint64_t *node, size_t cap);

/* Root implied by the leaf nodes (leaf[i] for idx[i]) and a multiproof
 * stream, one hash at a time: pair(left, right, is_top, out). Returns 0 when
 * the stream length does not match. */
int mpo_root(const mpo_shape *s, const uint64_t *idx, size_t k, const uint8_t (*leaf)[32], const uint8_t *stream,
             size_t nstream, void (*pair)(const uint8_t *l, const uint8_t *r, int is_top, uint8_t *out),
             uint8_t out[32]);

#endif
