/*
 * Constant-time check of the Poseidon (BN254) kernels (tests/ct/ct_secret.h:
 * valgrind memcheck, or MemorySanitizer in the ctmsan stage, which also runs
 * the AVX-512 IFMA kernel). Poseidon commits to secrets (note commitments,
 * nullifier preimages), so the permutation and hashes must not branch on or
 * index memory by state values.
 *
 * Covered: every usable kernel's permutation, hash and hash_many at every
 * width 2..17, on secret canonical states (0, 1, p - 1 and random values),
 * in Montgomery form as the public API hands them over.
 *
 * Not covered, by design: the public API's argument checks. zkp_poseidon_hash
 * and the byte forms test whether each input is < p and return the verdict
 * as the status (gcc compiles that to a branch, clang to a conditional
 * move), and they loop over the input count, which is public. `--planted`
 * feeds secret inputs and a secret count to zkp_poseidon_hash, so the
 * checker must report a branch: it shows the check can fail. The tree
 * verifiers (verify, verify_batch, multi_verify) are the same case: they
 * range-check every element up front and return that verdict, then walk
 * with hash_batch (its kernels are checked here) through the family-neutral
 * engine core/multiproof.c, whose walk and agreement checks ct_keccak runs
 * on secret leaves, siblings and roots.
 */
#include <stdio.h>
#include <string.h>

#include "ct_secret.h"
#include "poseidon/internal.h"
#include "zkprim/poseidon.h"

static void fill(zkpi_fr *s, unsigned t, uint64_t seed) {
    static const uint64_t pm1[4] = {0x43e1f593f0000000ull, 0x2833e84879b97091ull, 0xb85045b68181585dull,
                                    0x30644e72e131a029ull};
    for (unsigned i = 0; i < t; i++) {
        for (int k = 0; k < 4; k++) {
            seed = seed * 6364136223846793005ull + 1442695040888963407ull;
            s[i].v[k] = seed;
        }
        s[i].v[3] &= 0x0fffffffffffffffull; /* < 2^252 < p */
    }
    memset(s[0].v, 0, 32);                     /* 0 */
    if (t > 1) { memset(s[1].v, 0, 32); s[1].v[0] = 1; }
    if (t > 2) memcpy(s[2].v, pm1, 32);      /* p - 1 */
}

int main(int argc, char **argv) {
    int planted = argc > 1 && strcmp(argv[1], "--planted") == 0;
    if (!ct_checker_active()) fprintf(stderr, "ct_poseidon: not under valgrind or MSan; nothing is checked\n");
    zkpi_fr s[17 * 9];
    for (size_t k = 0; k < zkpi_poseidon_kernel_count; k++) {
        const zkpi_poseidon_kernel *K = &zkpi_poseidon_kernels[k];
        if (!zkpi_kernel_usable(&K->info)) continue;
        for (unsigned t = 2; t <= 17; t++) {
            fill(s, t, t);
            ct_secret(s, t * sizeof s[0]);
            K->ops->permute(t, s);
            ct_public(s, t * sizeof s[0]);
            fill(s, t, t + 100);
            ct_secret(s, t * sizeof s[0]);
            K->ops->hash(t, s);
            ct_public(s, t * sizeof s[0]);
            for (unsigned i = 0; i < 9; i++) fill(s + i * t, t, 7 * i + t);
            ct_secret(s, 9 * t * sizeof s[0]);
            K->ops->hash_many(t, s, 9);
            ct_public(s, 9 * t * sizeof s[0]);
        }
        printf("ct_poseidon: kernel %s: permute, hash, hash_many at widths 2..17\n", K->info.name);
    }
    if (planted) {
        zkp_poseidon_fr in[2] = {{{1, 2, 3, 4}}, {{5, 6, 7, 8}}}, out;
        size_t n = 2;
        ct_secret(in, sizeof in);
        ct_secret(&n, sizeof n);
        zkp_status st = zkp_poseidon_hash(in, n, &out);
        ct_public(&st, sizeof st);
        printf("planted: zkp_poseidon_hash on secret inputs returned %s\n", zkp_status_name(st));
    }
    return 0;
}
