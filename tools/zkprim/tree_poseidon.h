/* `zkprim tree -a poseidon`: the helpers in tree_poseidon_io.c that the
 * root and proof commands (tree_poseidon.c), the multiproof commands
 * (tree_poseidon_multi.c) and tree_lean_imt.c share. Errors in a LEAVES file
 * are data errors: a message naming the file and line, exit code 1. */
#ifndef ZKPRIM_CLI_TREE_POSEIDON_H
#define ZKPRIM_CLI_TREE_POSEIDON_H

#include <stddef.h>
#include <stdio.h>

#include "zkprim/poseidon.h"

/* Decimal or 0x-hex text -> element: 0; -1 when it is not a non-negative
 * integer; 1 when it is one but not below p (rejected, never reduced). */
int ptree_parse_element(const char *s, zkp_poseidon_fr *out);
/* Decimal, or "0x" and 64 hex digits. */
void ptree_print_element(FILE *f, const zkp_poseidon_fr *x, int hex);

#define PTREE_POWER_OF_TWO 0 /* the count must be a power of two */
#define PTREE_PAD 1          /* pad with zero leaves up to the next power of two */
#define PTREE_ANY_COUNT 2    /* any count >= 1, as read (the opened leaves of verify --multi) */
/* Reads LEAVES (one element a line, blank lines skipped; "-" = standard
 * input) into a malloc'd array: 0, or 1 after a message. */
int ptree_load_leaves(const char *path, int count_rule, zkp_poseidon_fr **leaves, size_t *n);
/* log2 of a power of two. */
size_t ptree_depth(size_t n);
/* Every node of the tree (tree_build), malloc'd; NULL after a message. */
zkp_poseidon_fr *ptree_build(const zkp_poseidon_fr *leaves, size_t n, const char *file);
/* Prints "FAILED: why" (a verification that did not pass); returns 1. */
int ptree_failed(const char *why);
/* A trusted root argument (`what` names it in messages): 0; 2 after a
 * usage message when it is not a number; 1 after FAILED when it is >= p. */
int ptree_trusted_root(const char *what, const char *text, zkp_poseidon_fr *root);
/* The arguments of `verify --root R PROOF` (argv[1] is "verify"), in any
 * order: 0 with *file set (*root_text NULL without --root: the caller
 * refuses that), or 2 after a
 * usage message (`usage` when PROOF is missing or repeated). */
int ptree_verify_args(int argc, char **argv, const char *usage, const char **file, const char **root_text);
/* Flushes standard output: rc, or 1 after a message when writing failed. */
int ptree_finish_output(int rc);

/* A multiproof check's outcome as the CLI reports it: "OK" and the output's
 * exit code, or the failure (exit 1): too many or too few siblings in the
 * file `mproof` (nsib of them), no path to the root, or another status. */
int ptree_multi_verdict(zkp_status st, const char *mproof, size_t nsib);

/* prove --multi / verify --multi (tree_poseidon_multi.c). */
int ptree_multi(int argc, char **argv);

#endif
