/*
 * Keccak sponge fuzz target: for any message, algorithm, XOF length, input
 * alignment and chunking, the one-shot hash, the streaming hash (random
 * update and squeeze splits), hash_many and the 64-byte pair all equal the
 * plain FIPS 202 oracle (tests/ref/keccak_ref.c); misuse after final is
 * refused. Framing: alg, outlen (2), offset, chunk seed (2), many-count,
 * stride pad; the rest is the message.
 */
#include "fuzz.h"
#include "keccak_ref.h"
#include "zkprim/keccak.h"

static const struct { zkp_keccak_alg alg; unsigned rate; uint8_t suffix; size_t digest; } k_algs[] = {
    {ZKP_KECCAK_256, 136, 0x01, 32}, {ZKP_SHA3_224, 144, 0x06, 28}, {ZKP_SHA3_256, 136, 0x06, 32},
    {ZKP_SHA3_384, 104, 0x06, 48},   {ZKP_SHA3_512, 72, 0x06, 64},  {ZKP_SHAKE128, 168, 0x1F, 0},
    {ZKP_SHAKE256, 136, 0x1F, 0},
};

#define MAX_OUT 600
#define MAX_MANY 5

/* A small LCG for chunk sizes, so chunking does not eat message bytes. */
static size_t next_chunk(uint32_t *x, size_t left) {
    *x = *x * 1103515245u + 12345u;
    size_t pick = (*x >> 16) % 4;
    size_t n = pick == 0 ? 0 : pick == 1 ? (*x >> 8) % 8 : pick == 2 ? (*x >> 4) % 200 : left;
    return n > left ? left : n;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    fz_cursor c = {data, size};
    uint8_t a = fz_u8(&c);
    size_t xof_len = 1 + fz_u16(&c) % MAX_OUT;
    size_t offset = fz_u8(&c) % 8;
    uint32_t chunk_seed = fz_u16(&c);
    size_t many = 1 + fz_u8(&c) % MAX_MANY;
    size_t pad = fz_u8(&c) % 3;
    const uint8_t *msg = c.p;
    size_t len = c.n;

    if (a == 0xFF) { /* an unknown algorithm is refused everywhere */
        uint8_t out[32];
        zkp_keccak_state s;
        FUZZ_CHECK(zkp_keccak_hash((zkp_keccak_alg)0, msg, len, out, 32) == ZKP_ERR_PARAM);
        FUZZ_CHECK(zkp_keccak_init(&s, (zkp_keccak_alg)99) == ZKP_ERR_PARAM);
        return 0;
    }
    const unsigned ai = a % 7;
    const zkp_keccak_alg alg = k_algs[ai].alg;
    const size_t outlen = k_algs[ai].digest ? k_algs[ai].digest : xof_len;

    uint8_t want[MAX_OUT], got[MAX_OUT];
    ref_keccak_sponge(k_algs[ai].rate, k_algs[ai].suffix, msg, len, want, outlen);

    /* one-shot, from a copy at the chosen misalignment */
    uint8_t *copy = malloc(len + 8);
    FUZZ_CHECK(copy != NULL);
    if (len) memcpy(copy + offset, msg, len);
    FUZZ_CHECK(zkp_keccak_hash(alg, len ? copy + offset : NULL, len, got, outlen) == ZKP_OK);
    FUZZ_CHECK(memcmp(got, want, outlen) == 0);
    if (k_algs[ai].digest) /* a fixed digest refuses any other length */
        FUZZ_CHECK(zkp_keccak_hash(alg, msg, len, got, outlen + 1) == ZKP_ERR_LENGTH);

    /* streaming: random update splits, then random squeeze splits */
    zkp_keccak_state s;
    FUZZ_CHECK(zkp_keccak_init(&s, alg) == ZKP_OK);
    uint32_t x = chunk_seed;
    for (size_t done = 0; done < len;) {
        size_t n = next_chunk(&x, len - done);
        FUZZ_CHECK(zkp_keccak_update(&s, copy + offset + done, n) == ZKP_OK);
        done += n;
    }
    memset(got, 0, sizeof got);
    if (k_algs[ai].digest) {
        FUZZ_CHECK(zkp_keccak_final(&s, got, outlen) == ZKP_OK);
        FUZZ_CHECK(zkp_keccak_final(&s, got, outlen) == ZKP_ERR_STATE);
        FUZZ_CHECK(zkp_keccak_update(&s, msg, len) == ZKP_ERR_STATE);
    } else {
        for (size_t done = 0; done < outlen;) {
            size_t n = next_chunk(&x, outlen - done);
            FUZZ_CHECK(zkp_keccak_squeeze(&s, got + done, n) == ZKP_OK);
            done += n;
        }
        FUZZ_CHECK(zkp_keccak_update(&s, msg, 1) == ZKP_ERR_STATE);
    }
    FUZZ_CHECK(memcmp(got, want, outlen) == 0);
    free(copy);

    /* hash_many over `many` copies at stride len + pad */
    size_t stride = len + pad;
    uint8_t *in = malloc(stride * many + 1), *outs = malloc(outlen * many);
    FUZZ_CHECK(in != NULL && outs != NULL);
    for (size_t i = 0; i < many; i++)
        if (len) memcpy(in + i * stride, msg, len);
    FUZZ_CHECK(zkp_keccak_hash_batch(alg, in, len, stride, many, outs, outlen) == ZKP_OK);
    for (size_t i = 0; i < many; i++) FUZZ_CHECK(memcmp(outs + i * outlen, want, outlen) == 0);
    free(in);
    free(outs);

    /* the fixed 64-byte Merkle parent */
    if (len == 64 && (alg == ZKP_KECCAK_256 || alg == ZKP_SHA3_256)) {
        uint8_t pair[32];
        if (alg == ZKP_KECCAK_256) zkp_keccak256_pair(msg, msg + 32, pair);
        else zkp_sha3_256_pair(msg, msg + 32, pair);
        FUZZ_CHECK(memcmp(pair, want, 32) == 0);
    }
    return 0;
}
