/*
 * Driver for the Keccak plumbing budget (docs/keccak.md): run under
 * `valgrind --tool=callgrind`, it performs COUNT operations of one kind so
 * the instruction count per operation is (I(2N) - I(N)) / N, free of start-up
 * cost. scripts/keccak-plumbing.sh does exactly that and checks
 *     I(keccak256 of 64 B) - I(permutation) <= 80   (and the same for pair).
 * Modes: perm, keccak256-64, pair, sha3-256-64, x4 (per lane), many64 (per
 * hash), tree (per node).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "keccak/f1600.h"
#include "zkprim/keccak.h"

int main(int argc, char **argv) {
    if (argc != 3) {
        fprintf(stderr, "usage: keccak_plumbing perm|keccak256-64|pair|sha3-256-64 COUNT\n");
        return 2;
    }
    long n = atol(argv[2]);
    uint8_t buf[64] = {1, 2, 3};
    uint64_t st[25] = {5};
    /* the same function pointer the hash paths use */
    void (*permute)(uint64_t *) = zkpi_keccak_single()->permute;
    /* statuses OR-ed together (ZKP_OK is 0): one instruction per operation
     * in the counted loops instead of a compare and branch */
    unsigned bad = 0;
    if (!strcmp(argv[1], "perm")) {
        for (long i = 0; i < n; i++) permute(st);
    } else if (!strcmp(argv[1], "keccak256-64")) {
        for (long i = 0; i < n; i++) bad |= zkp_keccak256(buf, 64, buf);
    } else if (!strcmp(argv[1], "pair")) {
        for (long i = 0; i < n; i++) zkp_keccak256_pair(buf, buf + 32, buf);
    } else if (!strcmp(argv[1], "sha3-256-64")) {
        for (long i = 0; i < n; i++) bad |= zkp_sha3_256(buf, 64, buf);
    } else if (!strcmp(argv[1], "x4")) {
        /* n lanes of the dispatched multi-lane kernel (n / lanes calls) */
        static uint64_t mst[25 * ZKP_KECCAK_MAX_LANES];
        const zkpi_keccak_kernelN *k = zkpi_keccak_multi();
        for (long i = 0; i < n; i += k->lanes) zkpi_keccak_multi_permute(k, mst);
        st[0] = mst[0];
    } else if (!strcmp(argv[1], "many64")) {
        /* n Keccak-256 hashes of 64 bytes through hash_many, 256 at a time */
        static uint8_t in[64 * 256], out[32 * 256];
        for (long i = 0; i < n; i += 256) bad |= zkp_keccak_hash_batch(ZKP_KECCAK_256, in, 64, 64, 256, out, 32);
        buf[0] = out[0];
    } else if (!strcmp(argv[1], "tree")) {
        /* n nodes' worth of 2^12-leaf Keccak-256 trees (n / 4095 builds) */
        static uint8_t nodes[32 * (2 * 4096 - 1)];
        for (long i = 0; i < n; i += 4095) bad |= zkp_keccak_tree_build(ZKP_KECCAK_256, nodes, 4096, 1, nodes);
        buf[0] = nodes[32 * (2 * 4096 - 2)];
    } else {
        return 2;
    }
    if (bad) {
        fprintf(stderr, "keccak_plumbing: a %s call failed\n", argv[1]);
        return 1;
    }
    printf("%s %02x %016llx\n", zkp_keccak_f1600_implementation(), buf[0], (unsigned long long)st[0]);
    return 0;
}
