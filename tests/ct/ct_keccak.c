/*
 * Constant-time check of the Keccak sponges (tests/ct/ct_secret.h: valgrind
 * memcheck, or MemorySanitizer in the ctmsan stage). Keccak is used on
 * secrets (SHAKE key derivation, Keccak-256 of private preimages), so no
 * kernel may branch on, or index memory by, message or state bytes. The
 * message is marked secret; lengths, algorithms and offsets are public.
 *
 * Covered at every CPU level the checker can run: the one-shot hashes of
 * every algorithm at lengths around the rate boundaries, from misaligned
 * buffers; the streaming form with odd splits and SHAKE squeezes; the
 * 64-byte pair; hash_many (the multi-lane kernels and their lane movers);
 * many openings and multiproofs (tree_build, tree_proof, verify_batch,
 * multi_proof, multi_verify on 1 and 2 threads), with the leaves, every node, sibling
 * and the root secret and the indices public (their contract): the walk
 * branches on indices only, agreement is OR-ed, and the one verdict is
 * declassified by the caller.
 *
 * `--planted` hands tree verification a secret leaf index (the path walk
 * branches on it: the index is public by contract); the checker must
 * report it, which proves the check can fail.
 */
#include <stdio.h>
#include <string.h>

#include "ct_secret.h"
#include "zkprim/keccak.h"

static void run_level(uint8_t *buf, size_t cap) {
    static const zkp_keccak_alg algs[] = {ZKP_KECCAK_256, ZKP_SHA3_224, ZKP_SHA3_256, ZKP_SHA3_384,
                                          ZKP_SHA3_512,   ZKP_SHAKE128, ZKP_SHAKE256};
    static const size_t lens[] = {0, 1, 7, 64, 71, 72, 103, 135, 136, 137, 168, 300};
    uint8_t out[8 * 64];
    for (size_t a = 0; a < sizeof algs / sizeof algs[0]; a++) {
        size_t dl = zkp_keccak_digest_bytes(algs[a]);
        size_t outlen = dl ? dl : 200; /* XOFs: more than one rate of output */
        for (size_t i = 0; i < sizeof lens / sizeof lens[0]; i++) {
            for (size_t off = 0; off < 2; off++) {
                const uint8_t *m = buf + off * 3;
                ct_must(zkp_keccak_hash(algs[a], m, lens[i], out, outlen), "hash");
            }
            zkp_keccak_state s;
            ct_must(zkp_keccak_init(&s, algs[a]), "init");
            size_t l = lens[i], h = l / 3;
            ct_must(zkp_keccak_update(&s, buf + 1, h), "update");
            ct_must(zkp_keccak_update(&s, buf + 1 + h, l - h), "update");
            if (dl) {
                ct_must(zkp_keccak_final(&s, out, dl), "final");
            } else {
                ct_must(zkp_keccak_squeeze(&s, out, 5), "squeeze");
                ct_must(zkp_keccak_squeeze(&s, out + 5, 300), "squeeze");
            }
        }
        if (algs[a] == ZKP_SHAKE128 || algs[a] == ZKP_SHAKE256) continue;
        /* hash_many: 8 inputs (every multi-lane kernel width, plus a tail) */
        for (size_t i = 0; i < 3; i++) {
            size_t len = (size_t[]){32, 64, 136}[i];
            if (8 * len > cap) continue;
            ct_must(zkp_keccak_hash_batch(algs[a], buf, len, len, 7, out, dl), "hash_many");
        }
    }
    uint8_t pair[32];
    zkp_keccak256_pair(buf, buf + 32, pair);
    zkp_sha3_256_pair(buf, buf + 32, pair);
}

/* The status of a call on secrets: the verdict is the one public result. */
static void ct_verdict(zkp_status st, const char *what) {
    ct_public(&st, sizeof st);
    ct_must(st, what);
}

/* Many openings of a secret 16-leaf tree; the leaves come from buf. */
static void run_multi(const uint8_t *buf) {
    enum { DEPTH = 4, N = 1 << DEPTH, K = 5 };
    static const uint64_t idx[K] = {0, 3, 4, 9, 15};
    static uint8_t nodes[(2 * N - 1) * 32], leaves[K * 32], proofs[K * DEPTH * 32], mp[N * 32];
    const uint8_t *root = nodes + (2 * N - 2) * 32;
    for (int a = 0; a < 2; a++) {
        zkp_keccak_alg alg = a ? ZKP_SHA3_256 : ZKP_KECCAK_256;
        memcpy(nodes, buf, N * 32);
        ct_verdict(zkp_keccak_tree_build(alg, nodes, N, 1, nodes), "tree_build");
        for (size_t i = 0; i < K; i++) {
            memcpy(leaves + 32 * i, nodes + 32 * idx[i], 32);
            ct_verdict(zkp_keccak_tree_proof(nodes, N, idx[i], proofs + 32 * DEPTH * i), "tree_proof");
        }
        size_t mlen = 0;
        ct_verdict(zkp_keccak_tree_multi_proof(nodes, N, idx, K, mp, sizeof mp, &mlen), "tree_multi_proof");
        for (unsigned t = 1; t <= 2; t++) {
            ct_verdict(zkp_keccak_tree_verify_batch(alg, root, leaves, idx, K, proofs, DEPTH, t), "tree_verify_batch");
            ct_verdict(zkp_keccak_tree_multi_verify(alg, root, leaves, idx, K, mp, mlen, DEPTH, t), "tree_multi_verify");
        }
    }
}

int main(int argc, char **argv) {
    int planted = argc > 1 && strcmp(argv[1], "--planted") == 0;
    if (!ct_checker_active()) fprintf(stderr, "ct_keccak: not under valgrind or MSan; nothing is checked\n");
    static const char *levels[] = {"portable", "bmi2", "avx2", "avx512", "neon", "sha3", "native"};
    static uint8_t buf[1200];
    for (size_t l = 0; l < sizeof levels / sizeof levels[0]; l++) {
        if (zkp_cpu_force(levels[l]) != ZKP_OK) continue;
        for (size_t j = 0; j < sizeof buf; j++) buf[j] = (uint8_t)(j * 31 + l);
        ct_secret(buf, sizeof buf);
        run_level(buf, sizeof buf);
        run_multi(buf);
        printf("ct_keccak: level %s (%s, %s) done\n", levels[l], zkp_keccak_f1600_implementation(),
               zkp_keccak_batch_implementation());
    }
    ct_must(zkp_cpu_force("native"), "cpu_force(native)");
    if (planted) {
        uint8_t root[32] = {0}, leaf[32] = {1}, path[2 * 32] = {2};
        size_t index = 2;
        ct_secret(&index, sizeof index);
        zkp_status st = zkp_keccak_tree_verify(ZKP_KECCAK_256, root, leaf, index, path, 2);
        ct_public(&st, sizeof st);
        printf("planted: tree_verify on a secret index returned %s\n", zkp_status_name(st));
    }
    printf("ct_keccak: %d calls\n", ct_calls);
    return ct_calls > 0 ? 0 : 1;
}
