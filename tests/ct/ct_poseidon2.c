/*
 * Constant-time check of the Poseidon2 kernels (tests/ct/ct_secret.h:
 * valgrind memcheck, or MemorySanitizer in the ctmsan stage, which also runs
 * the AVX-512 kernel). Every usable 31-bit batch kernel on secret states of
 * the four instances (17 states: full lane groups and a partial one), its
 * single-state kernel where it has one (on the first state), the
 * BN254 t = 4 permutation with its Montgomery conversions, and the fifteen
 * HorizenLabs reference instances (horizen.c, with their conversions).
 *
 * Not covered, by design (as in ct_poseidon.c): the public functions' range
 * checks, which return their verdict as the status. `--planted` feeds a
 * secret state to zkp_poseidon2_babybear_permute, so the checker must report
 * the branch on that verdict: it shows the check can fail.
 */
#include <stdio.h>
#include <string.h>

#include "ct_secret.h"
#include "poseidon2/bn254.h"
#include "poseidon2/horizen.h"
#include "poseidon2/params.h"
#include "zkprim/poseidon2.h"

#define NST 17

static void fill31(uint32_t *s, size_t n, uint32_t p, uint64_t seed) {
    for (size_t i = 0; i < n; i++) {
        seed = seed * 6364136223846793005ull + 1442695040888963407ull;
        s[i] = (uint32_t)((seed >> 33) % p);
    }
    s[0] = 0, s[1] = 1, s[2] = p - 1;
}

int main(int argc, char **argv) {
    int planted = argc > 1 && strcmp(argv[1], "--planted") == 0;
    if (!ct_checker_active()) fprintf(stderr, "ct_poseidon2: not under valgrind or MSan; nothing is checked\n");
    static const zkpi_p2_inst *const insts[4] = {&zkpi_p2_babybear16, &zkpi_p2_babybear24, &zkpi_p2_koalabear16,
                                                 &zkpi_p2_koalabear24};
    static uint32_t st[NST * 24];
    for (unsigned k = 0; k < zkpi_p2_31_kernel_count; k++) {
        const zkpi_p2_31_kernel *K = &zkpi_p2_31_kernels[k];
        if (!zkpi_kernel_usable(&K->info)) continue;
        for (int i = 0; i < 4; i++) {
            size_t n = NST * insts[i]->t;
            fill31(st, n, insts[i]->p, (uint64_t)i + 1);
            ct_secret(st, n * sizeof st[0]);
            K->batch(insts[i], st, NST);
            if (K->single) K->single(insts[i], st); /* and its single-state kernel on one */
            ct_public(st, n * sizeof st[0]);
        }
        for (size_t w = 16; w <= 24; w += 8) { /* the HorizenLabs BabyBear instances' form */
            zkpi_p2_inst hz;
            if (!zkpi_p2h_babybear_kernel_inst(w, &hz)) continue;
            fill31(st, NST * w, hz.p, (uint64_t)w);
            ct_secret(st, NST * w * sizeof st[0]);
            K->batch(&hz, st, NST);
            if (K->single) K->single(&hz, st);
            ct_public(st, NST * w * sizeof st[0]);
        }
        printf("ct_poseidon2: kernel %s%s: babybear16/24, koalabear16/24, horizen babybear16/24, %d states\n",
               K->info.name,
               K->single ? " (batch and single)" : "", NST);
    }
    zkpi_bn254_fr s[4];
    memset(s, 0, sizeof s);
    for (int i = 0; i < 4; i++) s[i].v[0] = (uint64_t)i * 0x9e3779b97f4a7c15ull, s[i].v[3] = (uint64_t)i << 58;
    for (unsigned k = 0; k < zkpi_p2_bn254_kernel_count; k++) {
        const zkpi_p2_bn254_kernel *K = &zkpi_p2_bn254_kernels[k];
        if (!zkpi_kernel_usable(&K->info)) continue;
        zkpi_bn254_fr x[4];
        memcpy(x, s, sizeof x);
        ct_secret(x, sizeof x);
        for (int i = 0; i < 4; i++) zkpi_p2_bn254_to_mont(&x[i]);
        K->permute_mont(x);
        for (int i = 0; i < 4; i++) zkpi_p2_bn254_from_mont(&x[i]);
        ct_public(x, sizeof x);
        if (K->batch) { /* its batch kernel on three secret states (one lane group) */
            zkp_poseidon_fr b[3 * 4];
            for (int i = 0; i < 3 * 4; i++) memcpy(b[i].limb, s[i % 4].v, sizeof b[i].limb);
            ct_secret(b, sizeof b);
            size_t done = K->batch(b, 3);
            ct_public(b, sizeof b);
            if (done != 3) printf("ct_poseidon2: bn254 batch kernel %s permuted %zu of 3\n", K->info.name, done);
        }
        printf("ct_poseidon2: bn254 kernel %s: t = 4 permutation and conversions%s\n", K->info.name,
               K->batch ? ", and its batch" : "");
    }
    { /* HorizenLabs instances: one secret state each, below every p */
        uint32_t b[24];
        uint64_t g[20];
        zkp_poseidon_fr f[8];
        for (const zkpi_p2h_inst32 *in = zkpi_p2h_babybear; in->t; in++) {
            fill31(b, in->t, ZKP_POSEIDON2_BABYBEAR_P, in->t);
            ct_secret(b, sizeof b);
            zkpi_p2h_babybear_run(in, b);
            ct_public(b, sizeof b);
        }
        for (const zkpi_p2h_inst64 *in = zkpi_p2h_goldilocks; in->t; in++) {
            for (unsigned i = 0; i < in->t; i++) g[i] = (uint64_t)i * 0x9e3779b97f4a7c15ull >> 1;
            ct_secret(g, sizeof g);
            zkpi_p2h_goldilocks_run(in, g);
            ct_public(g, sizeof g);
        }
        const zkpi_p2h_inst255 *const tables[4] = {zkpi_p2h_bn254, zkpi_p2h_bls12_381, zkpi_p2h_pallas,
                                                   zkpi_p2h_vesta};
        for (int k = 0; k < 4; k++)
            for (const zkpi_p2h_inst255 *in = tables[k]; in->t; in++) {
                memset(f, 0, sizeof f);
                for (unsigned i = 0; i < in->t; i++) {
                    f[i].limb[0] = (uint64_t)i * 0x9e3779b97f4a7c15ull;
                    f[i].limb[2] = i;
                }
                ct_secret(f, sizeof f);
                zkpi_p2h_big_run(in, f);
                ct_public(f, sizeof f);
            }
        printf("ct_poseidon2: HorizenLabs instances: babybear, goldilocks, bn254, bls12_381, pallas, vesta\n");
    }
    if (planted) {
        uint32_t x[16] = {1, 2, 3};
        ct_secret(x, sizeof x);
        zkp_status r = zkp_poseidon2_babybear_permute(x, 16);
        ct_public(&r, sizeof r);
        printf("planted: zkp_poseidon2_babybear_permute on a secret state returned %s\n", zkp_status_name(r));
    }
    return 0;
}
