/* The text form of every tree's multiproof (`zkprim tree -a ALGO prove
 * --multi`; docs/hemera.md, docs/poseidon.md), written and read in one
 * place for all of them:
 *
 *   zkprim-multiproof 1
 *   algorithm <name>                 hemera | keccak256 | sha3-256 | poseidon
 *   length <n>                       the fields the tree has, in this order:
 *   leaf-size <n>                    length (bytes of data) and leaf-size for
 *   leaves <n>                       the byte trees, leaves for poseidon
 *   indices <i,j,...>                strictly increasing, no repeats
 *   <64 hex digits>                  one 32-byte sibling a line, in the
 *                                    library's order
 *
 * What the numbers must satisfy (a power of two, a positive leaf size, an
 * index in range) is the caller's to check: the reader only reads. */
#ifndef ZKPRIM_CLI_MULTIPROOF_TEXT_H
#define ZKPRIM_CLI_MULTIPROOF_TEXT_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#define CLI_MP_LENGTH 1u    /* "length N" */
#define CLI_MP_LEAF_SIZE 2u /* "leaf-size N" */
#define CLI_MP_LEAVES 4u    /* "leaves N" */

typedef struct cli_mproof {
    const char *algo;                 /* the algorithm line's name */
    unsigned fields;                  /* CLI_MP_* present in the header */
    uint64_t length, leaf_size, leaves;
    uint64_t *idx;                    /* k indices, malloc'd by the reader */
    size_t k;
    uint8_t *sib;                     /* nsib siblings of 32 bytes, malloc'd by the reader */
    size_t nsib;
    size_t first_sib_line;            /* the line number of sib[0] in the file */
} cli_mproof;

/* Writes m (its algo, fields, indices and siblings) to standard output. */
void cli_mproof_print(const cli_mproof *m);

/* Reads the multiproof file `path` ("-" = stdin): its algorithm must be
 * one of the NULL-terminated `algos` (m->algo points at that entry) and its
 * header must hold exactly `fields`. 0; 1 after a message when the file
 * cannot be read; -1 with a one-line reason in why when it is not such a
 * multiproof. Free with cli_mproof_free either way. */
int cli_mproof_read(const char *path, const char *const *algos, unsigned fields, cli_mproof *m, char *why,
                    size_t why_cap);
void cli_mproof_free(cli_mproof *m);

/* The --multi list "3,17,99" (at most 65536 indices) into a malloc'd array,
 * sorted when `sort` (else it must be increasing); no repeats. 0, or the
 * usage error's 2 after a message. */
int cli_tree_multi_indices(const char *s, int sort, uint64_t **idx, size_t *k);

/* The arguments of `tree -a ALG prove|verify --multi ...` for the field
 * trees (Poseidon, Poseidon2): argv[1] the verb, argv[2..] options and up to
 * three positionals. --width (a row width in 1..4096) only when width_ok;
 * --threads only for verify; prove takes the --multi list. 0, or the usage
 * error's 2 after a message. */
typedef struct cli_multi_args {
    int prove;
    const char *pos[3];
    int npos;
    const char *list; /* prove: the --multi list */
    int pad;
    int threads;
    size_t width;
} cli_multi_args;
int cli_multi_args_parse(int argc, char **argv, int width_ok, cli_multi_args *o);

#endif
