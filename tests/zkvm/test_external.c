/*
 * -DZKP_KECCAK_F1600=external: every Keccak path reaches the program's
 * zkp_keccakf1600_external (here tests/zkvm/f1600_soft.c, which counts its
 * calls) exactly as often as the sponge needs, and nothing else permutes.
 * Each result is checked against tests/ref/keccak_ref.c's FIPS 202 sponge.
 * The rest of the Keccak suite (keccak, keccak_kernels, tree_stream,
 * oz_tree, multiproof, ...) runs in the same build against the hook.
 */
#include <string.h>

#include "f1600_soft.h"
#include "harness.h"
#include "keccak_ref.h"
#include "zkprim/keccak.h"

/* permutations of a rate-136 sponge over len bytes with out <= 136 */
static unsigned long perms_136(size_t len) { return (unsigned long)(len / 136 + 1); }

#define EXPECT_CALLS(expr, n)                                                                    \
    do {                                                                                         \
        unsigned long before_ = zkpi_test_external_calls;                                         \
        expr;                                                                                    \
        CHECK_EQ_U64(zkpi_test_external_calls - before_, (uint64_t)(n));                          \
    } while (0)

static void test_paths(void) {
    th_section("every path permutes through the hook");
    uint64_t iters = th_count(40);
    for (uint64_t it = 0; it < iters; it++) {
        size_t len = (size_t)th_rand_below(700);
        th_buf in = th_buf_new(len, th_rand_below(8));
        th_rand_bytes(in.p, len);
        uint8_t got[200], want[200];

        ref_keccak_sponge(136, 0x01, in.p, len, want, 32);
        EXPECT_CALLS(CHECK_STATUS(zkp_keccak256(in.p, len, got), ZKP_OK), perms_136(len));
        CHECK_EQ_BYTES(got, want, 32);

        /* streaming, fed in two uneven pieces */
        zkp_keccak_state s;
        size_t cut = len ? (size_t)th_rand_below(len + 1) : 0;
        EXPECT_CALLS(CHECK_STATUS(zkp_keccak_init(&s, ZKP_KECCAK_256), ZKP_OK);
                     CHECK_STATUS(zkp_keccak_update(&s, in.p, cut), ZKP_OK);
                     CHECK_STATUS(zkp_keccak_update(&s, in.p + cut, len - cut), ZKP_OK);
                     CHECK_STATUS(zkp_keccak_final(&s, got, 32), ZKP_OK),
                     perms_136(len));
        CHECK_EQ_BYTES(got, want, 32);

        /* XOF: 200 bytes of SHAKE128 (rate 168) is two squeezed blocks */
        ref_keccak_sponge(168, 0x1f, in.p, len, want, 200);
        EXPECT_CALLS(CHECK_STATUS(zkp_shake128(in.p, len, got, 200), ZKP_OK), len / 168 + 2);
        CHECK_EQ_BYTES(got, want, 200);
        TH_BUF_FREE(in);
    }

    th_section("pair, batch and tree through the hook");
    uint8_t leaves[8 * 32], nodes[15 * 32], out[8 * 32], want[32];
    th_rand_bytes(leaves, sizeof leaves);
    EXPECT_CALLS(zkp_keccak256_pair(leaves, leaves + 32, out), 1);
    ref_keccak_sponge(136, 0x01, leaves, 64, want, 32);
    CHECK_EQ_BYTES(out, want, 32);
    EXPECT_CALLS(CHECK_STATUS(zkp_keccak_hash_batch(ZKP_KECCAK_256, leaves, 64, 64, 4, out, 32), ZKP_OK), 4);
    for (int i = 0; i < 4; i++) {
        ref_keccak_sponge(136, 0x01, leaves + 64 * i, 64, want, 32);
        CHECK_EQ_BYTES(out + 32 * i, want, 32);
    }
    EXPECT_CALLS(CHECK_STATUS(zkp_keccak_tree_build(ZKP_KECCAK_256, leaves, 8, 1, nodes), ZKP_OK), 7);
    uint8_t root[32];
    EXPECT_CALLS(CHECK_STATUS(zkp_keccak_tree_root(ZKP_KECCAK_256, leaves, 8, 1, root), ZKP_OK), 7);
    CHECK_EQ_BYTES(root, nodes + 14 * 32, 32);
    /* the root by hand, level by level with the oracle */
    uint8_t lvl[8 * 32];
    memcpy(lvl, leaves, sizeof lvl);
    for (size_t w = 8; w > 1; w /= 2)
        for (size_t i = 0; i < w / 2; i++) ref_keccak_sponge(136, 0x01, lvl + 64 * i, 64, lvl + 32 * i, 32);
    CHECK_EQ_BYTES(root, lvl, 32);
    CHECK(!strcmp(zkp_keccak_f1600_implementation(), "external"));
}

int main(void) {
    th_init("test_zkvm_external");
    test_paths();
    return th_finish();
}
