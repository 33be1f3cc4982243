/*
 * Driver of tests/js/multiproof_diff.js (ctest multiproof-leanimt): random
 * Poseidon trees (depth 0..8) and random sorted leaf sets, one JSON object
 * per line: every leaf, the opened indices, the multiproof the library
 * wrote and its root, elements as 64 big-endian hex digits.
 * usage: multiproof_dump SEED COUNT
 */
#include <stdio.h>
#include <stdlib.h>

#include "zkprim/poseidon.h"

static uint64_t g_s;
static uint64_t rnd(void) {
    g_s ^= g_s << 13, g_s ^= g_s >> 7, g_s ^= g_s << 17;
    return g_s;
}

static void put(const zkp_poseidon_fr *x) {
    uint8_t be[32];
    zkp_poseidon_fr_to_be(be, x);
    printf("\"");
    for (int i = 0; i < 32; i++) printf("%02x", be[i]);
    printf("\"");
}

static void put_list(const zkp_poseidon_fr *v, size_t n) {
    printf("[");
    for (size_t i = 0; i < n; i++) {
        if (i) printf(",");
        put(&v[i]);
    }
    printf("]");
}

int main(int argc, char **argv) {
    if (argc != 3) return 2;
    g_s = strtoull(argv[1], NULL, 10) | 1;
    unsigned count = (unsigned)strtoul(argv[2], NULL, 10);
    static zkp_poseidon_fr nodes[511], proof[256];
    uint64_t idx[256];
    for (unsigned c = 0; c < count; c++) {
        unsigned depth = (unsigned)(rnd() % 9);
        size_t n = (size_t)1 << depth;
        for (size_t i = 0; i < n; i++) {
            for (int j = 0; j < 4; j++) nodes[i].limb[j] = rnd();
            nodes[i].limb[3] &= 0x0fffffffffffffffull;
        }
        if (zkp_poseidon_tree_build(nodes, n, nodes) != ZKP_OK) return 1;
        size_t k = 0;
        uint64_t keep = rnd() % 4; /* density of the set: 1/2, 1/4, 1/8, 1/16 */
        for (size_t i = 0; i < n; i++)
            if (rnd() % (2u << keep) == 0) idx[k++] = i;
        if (k == 0) idx[k++] = rnd() % n;
        size_t pn;
        if (zkp_poseidon_tree_multi_proof(nodes, n, idx, k, proof, 256, &pn) != ZKP_OK) return 1;
        printf("{\"depth\":%u,\"leaves\":", depth);
        put_list(nodes, n);
        printf(",\"indices\":[");
        for (size_t i = 0; i < k; i++) printf("%s%llu", i ? "," : "", (unsigned long long)idx[i]);
        printf("],\"proof\":");
        put_list(proof, pn);
        printf(",\"root\":");
        put(&nodes[2 * n - 2]);
        printf("}\n");
    }
    return 0;
}
