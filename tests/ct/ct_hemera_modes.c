/*
 * Constant-time check of the Hemera modes that see secrets, by a tool:
 * valgrind memcheck, or MemorySanitizer in the ctmsan stage (ct_secret.h).
 * Key, context, material and message bytes are marked secret; the checker
 * then reports any conditional branch or memory address computed
 * from them (and from anything derived from them: states, digests). The
 * outputs are left undefined and never inspected.
 *
 * Covered: keyed_hash, derive_key, hash_secret; the keyed and derive-key
 * step sponges stepped with traces; the keyed, secret,
 * derive-key-context and derive-key-material hashers with updates split at
 * every kind of offset; finalize (twice) and XOF reads of odd sizes; at
 * every CPU level the checker lets the library use (under MSan that includes
 * AVX-512).
 *
 * `--planted` also feeds the secrets to the variable-time class (the public
 * hash and a tree leaf, whose fast permutation branches on values); the
 * checker must report that, which proves the check can fail (the `-planted` ctest
 * entry expects the run to fail).
 */
#include <stdio.h>
#include <string.h>
#include "ct_secret.h"
#include "zkprim/hemera.h"

#define SECRET(p, n) ct_secret((p), (n))

/* The secret-mode step sponges, every step logged with its trace (the
 * logged states are secret-derived and stay undefined). */
static void run_step_sponges(const uint8_t *key, const uint8_t *ctx, size_t clen, const uint8_t *msg, size_t mlen) {
    uint64_t before[16], after[16], tr[ZKP_HEMERA_TRACE_ROWS][16];
    uint8_t out[32];
    for (int mode = 0; mode < 2; mode++) {
        zkp_hemera_step_sponge sp;
        ct_must(mode == 0 ? zkp_hemera_step_sponge_init_keyed(&sp, key, msg, mlen)
                          : zkp_hemera_step_sponge_init_derive_key(&sp, ctx, clen, msg, mlen),
                "step_sponge_init");
        while (zkp_hemera_step_sponge_remaining(&sp) > 1) /* lengths only: public */
            ct_must(zkp_hemera_step_sponge_step(&sp, before, after, tr), "step_sponge_step");
        ct_must(zkp_hemera_step_sponge_finish(&sp, out), "step_sponge_finish");
    }
}

static void run_all(const uint8_t *key, const uint8_t *ctx, size_t clen, const uint8_t *msg, size_t mlen) {
    uint8_t out[32], ck[32], xo[100];
    ct_must(zkp_hemera_keyed_hash(key, msg, mlen, out), "keyed_hash");
    ct_must(zkp_hemera_derive_key(ctx, clen, msg, mlen, out), "derive_key");
    ct_must(zkp_hemera_hash_secret(msg, mlen, out), "hash_secret");
    run_step_sponges(key, ctx, clen, msg, mlen);

    zkp_hemera_hasher h;
    zkp_hemera_xof x;
    /* keyed hasher, uneven updates, finalize twice, XOF */
    zkp_hemera_hasher_init_keyed(&h, key);
    ct_must(zkp_hemera_hasher_update(&h, msg, mlen / 3), "update");
    ct_must(zkp_hemera_hasher_update(&h, msg + mlen / 3, mlen - mlen / 3), "update");
    ct_must(zkp_hemera_hasher_finalize(&h, out), "finalize");
    ct_must(zkp_hemera_hasher_finalize(&h, out), "finalize again");
    ct_must(zkp_hemera_hasher_finalize_xof(&h, &x), "finalize_xof");
    ct_must(zkp_hemera_xof_fill(&x, xo, 7), "xof_fill");
    ct_must(zkp_hemera_xof_fill(&x, xo + 7, sizeof xo - 7), "xof_fill");

    /* secret hasher, byte-at-a-time start then the rest */
    zkp_hemera_hasher_init_secret(&h);
    for (size_t i = 0; i < mlen && i < 60; i++) ct_must(zkp_hemera_hasher_update(&h, msg + i, 1), "update");
    if (mlen > 60) ct_must(zkp_hemera_hasher_update(&h, msg + 60, mlen - 60), "update");
    ct_must(zkp_hemera_hasher_finalize_xof(&h, &x), "finalize_xof");
    ct_must(zkp_hemera_xof_fill(&x, xo, sizeof xo), "xof_fill");

    /* derive-key phases through the hashers */
    zkp_hemera_hasher_init_derive_key_context(&h);
    ct_must(zkp_hemera_hasher_update(&h, ctx, clen), "update");
    ct_must(zkp_hemera_hasher_finalize(&h, ck), "finalize");
    zkp_hemera_hasher_init_derive_key_material(&h, ck);
    ct_must(zkp_hemera_hasher_update(&h, msg, mlen), "update");
    ct_must(zkp_hemera_hasher_finalize(&h, out), "finalize");
    ct_must(zkp_hemera_hasher_finalize_xof(&h, &x), "finalize_xof");
    ct_must(zkp_hemera_xof_fill(&x, xo, 65), "xof_fill");

    /* the raw building block */
    uint64_t st[16];
    memcpy(st, key, 32);
    memcpy(st + 4, msg, mlen < 96 ? mlen : 96);
    zkp_hemera_permute_ct(st);
}

int main(int argc, char **argv) {
    int planted = argc > 1 && strcmp(argv[1], "--planted") == 0;
    if (!ct_checker_active()) fprintf(stderr, "ct_hemera_modes: not under valgrind or MSan; nothing is checked\n");
    static const char *levels[] = {"portable", "bmi2", "avx2", "avx512", "neon", "native"};
    /* Lengths: empty, inside one block, exactly one block, several blocks. */
    static const size_t lens[] = {0, 1, 33, 55, 56, 57, 200};
    uint8_t key[32], ctx[70], msg[200];
    for (size_t l = 0; l < sizeof levels / sizeof levels[0]; l++) {
        if (zkp_cpu_force(levels[l]) != ZKP_OK) continue;
        for (size_t i = 0; i < sizeof lens / sizeof lens[0]; i++) {
            for (size_t j = 0; j < sizeof key; j++) key[j] = (uint8_t)(j * 13 + i);
            for (size_t j = 0; j < sizeof ctx; j++) ctx[j] = (uint8_t)(j * 7 + l);
            for (size_t j = 0; j < sizeof msg; j++) msg[j] = (uint8_t)(j * 29 + 5);
            SECRET(key, sizeof key);
            SECRET(ctx, sizeof ctx);
            SECRET(msg, sizeof msg);
            run_all(key, ctx, lens[i] % 71, msg, lens[i]);
        }
        printf("ct_hemera_modes: level %s done\n", levels[l]);
    }
    if (planted) {   /* secrets into the fast class: must be reported */
        uint8_t out[32];
        SECRET(msg, sizeof msg);
        ct_must(zkp_hemera_hash(msg, sizeof msg, out), "hash (planted)");
        ct_must(zkp_hemera_hash_leaf(msg, sizeof msg, 0, 0, out), "hash_leaf (planted)");
    }
    ct_must(zkp_cpu_force("native"), "cpu_force(native)");
    printf("ct_hemera_modes: %d calls\n", ct_calls);
    return ct_calls > 0 ? 0 : 1;
}
