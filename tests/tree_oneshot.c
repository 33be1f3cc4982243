/*
 * The one-shot roots of a whole file read into memory, for the CLI test of
 * the streamed `zkprim tree` (tests/cli/tree_stream_test.sh):
 *   tree_oneshot fixed FILE        zkp_hemera_tree_root_fixed on 2 threads
 *                                  (the level-by-level path, not the
 *                                  streaming core)
 *   tree_oneshot cdc FILE          zkp_hemera_tree_root_cdc
 *   tree_oneshot keccak LEAF FILE  every leaf hashed, zero-padded to a power
 *                                  of two, zkp_keccak_tree_root
 * Prints the root in hex.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "zkprim/hemera.h"
#include "zkprim/keccak.h"

static uint8_t *slurp(const char *path, size_t *n) {
    FILE *f = strcmp(path, "-") ? fopen(path, "rb") : stdin;
    if (!f) return NULL;
    size_t cap = 1 << 16, len = 0;
    uint8_t *b = malloc(cap);
    size_t r;
    while (b && (r = fread(b + len, 1, cap - len, f)) > 0) {
        len += r;
        if (len == cap) b = realloc(b, cap *= 2);
    }
    if (f != stdin) fclose(f);
    *n = len;
    return b;
}

static zkp_status keccak_root(const uint8_t *d, size_t n, size_t ls, uint8_t root[32]) {
    size_t leaves = n == 0 ? 1 : (n - 1) / ls + 1, p = 1;
    while (p < leaves) p *= 2;
    uint8_t *nodes = calloc(p, 32);
    zkp_status st = nodes ? ZKP_OK : ZKP_ERR_NOMEM;
    for (size_t i = 0; st == ZKP_OK && i < leaves; i++) {
        size_t a = i * ls, b = a + ls < n ? a + ls : n;
        st = zkp_keccak256(d + a, b - a, nodes + 32 * i);
    }
    if (st == ZKP_OK) st = zkp_keccak_tree_root(ZKP_KECCAK_256, nodes, p, 1, root);
    free(nodes);
    return st;
}

int main(int argc, char **argv) {
    if (argc < 3) {
        fprintf(stderr, "usage: tree_oneshot fixed|cdc FILE | keccak LEAF FILE\n");
        return 2;
    }
    size_t n;
    const char *path = argv[argc - 1];
    uint8_t *d = slurp(path, &n), root[32];
    if (!d) {
        fprintf(stderr, "tree_oneshot: cannot read %s\n", path);
        return 1;
    }
    zkp_status st;
    if (!strcmp(argv[1], "fixed")) st = zkp_hemera_tree_root_fixed(d, n, 2, root);
    else if (!strcmp(argv[1], "cdc")) st = zkp_hemera_tree_root_cdc(d, n, root);
    else st = keccak_root(d, n, (size_t)strtoull(argv[2], NULL, 10), root);
    free(d);
    if (st != ZKP_OK) {
        fprintf(stderr, "tree_oneshot: %s\n", zkp_status_str(st));
        return 1;
    }
    for (int i = 0; i < 32; i++) printf("%02x", root[i]);
    printf("\n");
    return 0;
}
