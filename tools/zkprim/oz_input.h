/*
 * JSON inputs of `zkprim tree oz`: values as @openzeppelin/merkle-tree 1.0.8
 * takes them (StandardMerkleTree.of / SimpleMerkleTree.of), their leaf
 * hashes, and the package's dump() format read back (load()).
 */
#ifndef ZKPRIM_OZ_INPUT_H
#define ZKPRIM_OZ_INPUT_H

#include <stddef.h>
#include <stdint.h>

#include "cli_json.h"
#include "zkprim/oz_tree.h"

/* What the leaves are: bytes32 values (SimpleMerkleTree, types == NULL) or
 * tuples of ABI values (StandardMerkleTree). */
typedef struct oz_encoding {
    size_t n_types;
    zkp_oz_abi_type *types;   /* NULL for a simple tree */
} oz_encoding;

/* Leaf hashes of the n value nodes vals[i] of d into leaves (32n bytes),
 * hashed in batches. 0, or -1 with a message naming the bad value in err. */
int oz_leaf_hashes(const cj_doc *d, const size_t *vals, size_t n, const oz_encoding *enc, uint8_t *leaves,
                   char *err, size_t errcap);

/* Parses a comma-separated type list ("address,uint256") into enc (types
 * malloc'd). 0, or -1 with err. */
int oz_parse_types(const char *list, oz_encoding *enc, char *err, size_t errcap);

/* A loaded dump: the JSON document stays the owner of the value texts. */
typedef struct oz_dump {
    cj_doc doc;
    int simple;
    oz_encoding enc;
    size_t enc_node;          /* the leafEncoding array (standard), else CJ_NONE */
    size_t n_nodes;
    uint8_t *nodes;           /* 32 * n_nodes */
    size_t n_values;
    size_t *value_node;       /* the JSON node of each value */
    uint64_t *tree_index;     /* its treeIndex */
} oz_dump;

/* Reads a dump() text as the package's load() does, checking every node
 * hash and every value's leaf (nodes must be written as dump() writes
 * them: "0x" and 64 lower-case hex digits). 0, or -1 with err. */
int oz_dump_load(oz_dump *t, const char *text, size_t len, char *err, size_t errcap);
void oz_dump_free(oz_dump *t);

/* A node given as a JSON string: "0x" optional, 64 hex digits of either
 * case. 0 or -1. */
int oz_node_from_json(const cj_doc *d, size_t node, uint8_t out[32]);

#endif
