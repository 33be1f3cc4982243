/*
 * Hemera fuzz target: for any message, mode, key, context, chunking and XOF
 * length, the one-shot functions, the streaming hasher (random splits,
 * finalize called mid-stream) and the XOF reader (random read splits) equal
 * the specification reference (tests/ref/hemera_modes_ref.c, on the
 * definitional oracle permutation). With the tree bit set, the message is
 * repeated to a length across several 4 KiB chunks and the fixed-tree root
 * (single and threaded), the content-defined root and an inclusion proof
 * (which must reject a flipped byte) are checked too.
 * Framing: flags, key (32), context length, XOF length (2), chunk seed (2),
 * tree length (2), proof index; the rest is the message (the context's
 * bytes are its first part).
 */
#include "fuzz.h"
#include "hemera_modes_ref.h"
#include "zkprim/hemera.h"

#define MAX_XOF 300
#define MAX_TREE (3 * 4096 + 100)

static size_t next_chunk(uint32_t *x, size_t left) {
    *x = *x * 1103515245u + 12345u;
    size_t pick = (*x >> 16) % 4;
    size_t n = pick == 0 ? 0 : pick == 1 ? (*x >> 8) % 8 : pick == 2 ? (*x >> 4) % 130 : left;
    return n > left ? left : n;
}

static void check_tree(const uint8_t *msg, size_t len, size_t total, uint8_t index_byte) {
    uint8_t *data = malloc(total + 1);
    FUZZ_CHECK(data != NULL);
    for (size_t i = 0; i < total; i++) data[i] = len ? msg[i % len] ^ (uint8_t)(i / 4096) : (uint8_t)i;
    uint8_t want[32], got[32];
    hmref_root_fixed(data, total, want);
    FUZZ_CHECK(zkp_hemera_tree_root_fixed(total ? data : NULL, total, 1, got) == ZKP_OK);
    FUZZ_CHECK(memcmp(got, want, 32) == 0);
    FUZZ_CHECK(zkp_hemera_tree_root_fixed(total ? data : NULL, total, 2, got) == ZKP_OK);
    FUZZ_CHECK(memcmp(got, want, 32) == 0);
    uint8_t cdc_want[32];
    hmref_root_cdc(data, total, cdc_want);
    FUZZ_CHECK(zkp_hemera_tree_root_cdc(total ? data : NULL, total, got) == ZKP_OK);
    FUZZ_CHECK(memcmp(got, cdc_want, 32) == 0);

    /* an inclusion proof for one chunk verifies, and a flipped byte does not */
    uint64_t count = zkp_hemera_tree_chunk_count(total), index = index_byte % count;
    uint8_t proof[ZKP_HEMERA_PROOF_MAX_BYTES];
    size_t plen = 0, want_len = 0;
    FUZZ_CHECK(zkp_hemera_tree_proof_size(total, index, &want_len) == ZKP_OK);
    FUZZ_CHECK(zkp_hemera_tree_proof(total ? data : NULL, total, index, proof, sizeof proof, &plen) == ZKP_OK);
    FUZZ_CHECK(plen == want_len);
    size_t off = (size_t)index * 4096, clen = total - off < 4096 ? total - off : 4096;
    const uint8_t *chunk = total ? data + off : NULL;
    FUZZ_CHECK(zkp_hemera_tree_verify(want, chunk, clen, index, total, proof, plen) == ZKP_OK);
    if (clen) {
        data[off + clen / 2] ^= 0x40;
        FUZZ_CHECK(zkp_hemera_tree_verify(want, chunk, clen, index, total, proof, plen) == ZKP_ERR_VERIFY);
    }
    FUZZ_CHECK(zkp_hemera_tree_verify(want, chunk, clen, count, total, proof, plen) == ZKP_ERR_RANGE);
    free(data);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    fz_cursor c = {data, size};
    uint8_t flags = fz_u8(&c), key[32];
    fz_bytes(&c, key, 32);
    size_t clen = fz_u8(&c) % 64;
    size_t xof_len = fz_u16(&c) % MAX_XOF;
    uint32_t seed = fz_u16(&c);
    size_t tree_len = fz_u16(&c) % MAX_TREE;
    uint8_t index_byte = fz_u8(&c);
    if (clen > c.n) clen = c.n;
    const uint8_t *ctx = c.p, *msg = c.p + clen;
    size_t len = c.n - clen;
    const int mode = flags % 4; /* 0 hash, 1 hash_secret, 2 keyed, 3 derive_key */

    uint8_t want[32], got[32];
    switch (mode) {
    case 0: case 1: hmref_hash(msg, len, want); break;
    case 2: hmref_keyed(key, msg, len, want); break;
    default: hmref_derive(ctx, clen, msg, len, want); break;
    }
    const uint8_t *m = len ? msg : NULL;
    zkp_status st = mode == 0   ? zkp_hemera_hash(m, len, got)
                    : mode == 1 ? zkp_hemera_hash_secret(m, len, got)
                    : mode == 2 ? zkp_hemera_keyed_hash(key, m, len, got)
                                : zkp_hemera_derive_key(clen ? ctx : NULL, clen, m, len, got);
    FUZZ_CHECK(st == ZKP_OK);
    FUZZ_CHECK(memcmp(got, want, 32) == 0);

    /* streaming, with a finalize in the middle that must not disturb it */
    zkp_hemera_hasher h;
    if (mode == 3) {
        uint8_t ctx_key[32];
        zkp_hemera_hasher_init_derive_key_context(&h);
        FUZZ_CHECK(zkp_hemera_hasher_update(&h, clen ? ctx : NULL, clen) == ZKP_OK);
        FUZZ_CHECK(zkp_hemera_hasher_finalize(&h, ctx_key) == ZKP_OK);
        zkp_hemera_hasher_init_derive_key_material(&h, ctx_key);
    } else if (mode == 2) {
        zkp_hemera_hasher_init_keyed(&h, key);
    } else if (mode == 1) {
        zkp_hemera_hasher_init_secret(&h);
    } else {
        zkp_hemera_hasher_init(&h);
    }
    uint32_t x = seed;
    for (size_t done = 0; done < len;) {
        size_t n = next_chunk(&x, len - done);
        FUZZ_CHECK(zkp_hemera_hasher_update(&h, n ? msg + done : NULL, n) == ZKP_OK);
        done += n;
        if ((x & 0x700) == 0) { /* an early finalize is a pure read */
            uint8_t mid[32];
            FUZZ_CHECK(zkp_hemera_hasher_finalize(&h, mid) == ZKP_OK);
        }
    }
    memset(got, 0, 32);
    FUZZ_CHECK(zkp_hemera_hasher_finalize(&h, got) == ZKP_OK);
    FUZZ_CHECK(memcmp(got, want, 32) == 0);

    /* the XOF stream, read in random pieces */
    {
        uint64_t fin[16];
        uint8_t xwant[MAX_XOF], xgot[MAX_XOF];
        hmref_final_state(mode == 3 ? 2 : mode == 2 ? 1 : 0, key, ctx, clen, msg, len, fin);
        hmref_xof(fin, xwant, xof_len);
        zkp_hemera_xof xof;
        FUZZ_CHECK(zkp_hemera_hasher_finalize_xof(&h, &xof) == ZKP_OK);
        for (size_t done = 0; done < xof_len;) {
            size_t n = next_chunk(&x, xof_len - done);
            FUZZ_CHECK(zkp_hemera_xof_fill(&xof, xgot + done, n) == ZKP_OK);
            done += n;
        }
        FUZZ_CHECK(memcmp(xgot, xwant, xof_len) == 0);
    }

    if (flags & 0x80) check_tree(msg, len, tree_len, index_byte);
    return 0;
}
