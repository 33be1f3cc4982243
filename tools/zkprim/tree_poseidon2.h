/* `zkprim tree -a poseidon2-*`: what the root / proof commands
 * (tree_poseidon2.c) and the multiproof commands (tree_poseidon2_multi.c)
 * share. Errors in a file are data errors: a message, exit code 1. */
#ifndef ZKPRIM_CLI_TREE_POSEIDON2_H
#define ZKPRIM_CLI_TREE_POSEIDON2_H

#include <stddef.h>
#include <stdint.h>

#include "zkprim/poseidon.h"

typedef enum { T_BN254, T_BABYBEAR, T_KOALABEAR } p2t_kind;

/* The tree's leaves from file: BN254 elements (*fr, *rows NULL), or rows of
 * `width` 31-bit elements (*rows); the count must be a power of two, or is
 * padded with zero leaves (pad). 0, or 1 after a message. */
int p2tree_load(p2t_kind k, const char *file, int pad, size_t width, zkp_poseidon_fr **fr, uint32_t **rows,
                size_t *n_rows);
/* n parsed elements as 31-bit values: 0, or 1 after a message naming file. */
int p2tree_to31(p2t_kind k, const zkp_poseidon_fr *in, size_t n, uint32_t *out, const char *file);
/* Elements of a text (blanks and commas between them) into out[0..cap):
 * the count, or -1 (not a number), -2 (>= p), -3 (more than cap). */
long p2tree_parse_list(p2t_kind k, char *s, zkp_poseidon_fr *out, size_t cap);
/* The algorithm's name, "poseidon2-bn254" ... */
const char *p2tree_name(p2t_kind k);

/* prove --multi / verify --multi (tree_poseidon2_multi.c); argv[1] is the
 * subcommand. */
int p2tree_multi(p2t_kind k, int argc, char **argv);
int p2tree_mmcs(p2t_kind k, int argc, char **argv); /* --mmcs: Plonky3's MMCS root (tree_poseidon2_mmcs.c) */

#endif
