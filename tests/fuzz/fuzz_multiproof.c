/*
 * The batched multi-opening and multiproof verifiers of the three families
 * (zkp_{keccak,hemera,poseidon}_tree_verify_batch / _tree_multi_verify).
 *
 *   - arbitrary input (root, indices, leaves or chunks, proofs, depth or
 *     total length, threads) never crashes or reads past what it was given
 *     and gets a documented status (OK, VERIFY, PROOF_SHAPE, RANGE, COUNT);
 *   - a multiproof (and the single proofs) the library made for a random
 *     small tree verify, with 1 and 2 threads; any bit of the multiproof,
 *     the opened leaves or chunks, the root or a single proof flipped is
 *     never accepted (FUZZ_CHECK aborts).
 * Framing: selector byte (bits 0-1: 0 keccak256, 1 hemera, 2 poseidon,
 * 3 sha3-256; bit 2: valid mode; bit 3: 2 threads), then per mode.
 */
#include "fuzz.h"
#include "zkprim/hemera.h"
#include "zkprim/keccak.h"
#include "zkprim/poseidon.h"

#define MAX_K 8
#define FLIPS 24
#define CHUNK ZKP_HEMERA_CHUNK_BYTES

static int documented(zkp_status st) {
    return st == ZKP_OK || st == ZKP_ERR_VERIFY || st == ZKP_ERR_PROOF_SHAPE || st == ZKP_ERR_RANGE ||
           st == ZKP_ERR_COUNT;
}

static void indices_from(fz_cursor *c, uint64_t *idx, size_t k, int wide) {
    for (size_t i = 0; i < k; i++) idx[i] = wide ? fz_u64(c) : fz_u8(c) % 40;
}

/* ---- arbitrary ------------------------------------------------------------- */

static void arbitrary_keccak(fz_cursor *c, zkp_keccak_alg alg, unsigned threads) {
    size_t depth = fz_u8(c) % 70, k = fz_u8(c) % (MAX_K + 1);
    uint64_t idx[MAX_K];
    uint8_t root[32], leaves[MAX_K * 32];
    indices_from(c, idx, k, depth > 6);
    fz_bytes(c, root, 32);
    fz_bytes(c, leaves, sizeof leaves);
    size_t per = depth <= 64 ? depth : 0, plen = fz_u16(c) % 2048;
    uint8_t *proofs = malloc(MAX_K * 64 * 32 + plen + 1);
    FUZZ_CHECK(proofs != NULL);
    fz_bytes(c, proofs, MAX_K * per * 32);
    zkp_status st = zkp_keccak_tree_verify_batch(alg, root, leaves, idx, k, proofs, depth, threads);
    FUZZ_CHECK(documented(st));
    if (depth > 64) FUZZ_CHECK(st == ZKP_ERR_PROOF_SHAPE || st == ZKP_ERR_COUNT);
    st = zkp_keccak_tree_multi_verify(alg, root, leaves, idx, k, proofs, plen, depth, threads);
    FUZZ_CHECK(documented(st));
    if (k == 0) FUZZ_CHECK(st == ZKP_ERR_COUNT);
    free(proofs);
}

static void arbitrary_hemera(fz_cursor *c, unsigned threads) {
    uint64_t total = fz_u16(c) * (uint64_t)(1 + fz_u8(c) % 8);
    size_t k = fz_u8(c) % (MAX_K + 1);
    uint64_t idx[MAX_K];
    uint8_t root[32];
    const uint8_t *chunks[MAX_K], *proofs[MAX_K];
    size_t clen[MAX_K], plen[MAX_K];
    indices_from(c, idx, k, fz_u8(c) & 1);
    fz_bytes(c, root, 32);
    uint8_t *buf = calloc(MAX_K, CHUNK + 8 + 64 * 32);
    FUZZ_CHECK(buf != NULL);
    for (size_t i = 0; i < k; i++) {
        uint8_t *ch = buf + i * (CHUNK + 8 + 64 * 32), *pr = ch + CHUNK + 8;
        clen[i] = fz_u8(c) & 1 ? CHUNK : fz_u16(c) % (CHUNK + 8);
        plen[i] = 32 * (fz_u8(c) % 20);
        fz_bytes(c, ch, 64); /* the rest of the chunk keeps whatever it held */
        fz_bytes(c, pr, plen[i]);
        chunks[i] = ch, proofs[i] = pr;
    }
    zkp_status st = zkp_hemera_tree_verify_batch(root, chunks, clen, idx, k, total, proofs, plen, threads);
    FUZZ_CHECK(documented(st));
    size_t mlen = fz_u16(c) % (64 * 32);
    st = zkp_hemera_tree_multi_verify(root, chunks, clen, idx, k, total, buf, mlen, threads);
    FUZZ_CHECK(documented(st));
    free(buf);
}

static void arbitrary_poseidon(fz_cursor *c, unsigned threads) {
    size_t depth = fz_u8(c) % 24, k = fz_u8(c) % (MAX_K + 1);
    uint64_t idx[MAX_K];
    zkp_poseidon_fr root, leaves[MAX_K], proofs[MAX_K * 24];
    indices_from(c, idx, k, 0);
    fz_bytes(c, &root, sizeof root);
    fz_bytes(c, leaves, sizeof leaves);
    fz_bytes(c, proofs, sizeof proofs);
    /* mostly in range: clear the top bits unless the selector says not to */
    if (!(fz_u8(c) & 1)) {
        root.limb[3] &= 0x0fffffffffffffffull;
        for (size_t i = 0; i < MAX_K; i++) leaves[i].limb[3] &= 0x0fffffffffffffffull;
        for (size_t i = 0; i < MAX_K * 24; i++) proofs[i].limb[3] &= 0x0fffffffffffffffull;
    }
    zkp_status st = zkp_poseidon_tree_verify_batch(&root, leaves, idx, k, proofs, depth, threads);
    FUZZ_CHECK(documented(st));
    st = zkp_poseidon_tree_multi_verify(&root, leaves, idx, k, proofs, fz_u8(c) % (MAX_K * 24), depth, threads);
    FUZZ_CHECK(documented(st));
}

/* ---- valid proofs, then flips ------------------------------------------------ */

/* A sorted set from a bit mask over n leaves (at least one). */
static size_t set_from(uint64_t mask, uint64_t n, uint64_t *idx) {
    size_t k = 0;
    for (uint64_t i = 0; i < n && k < MAX_K; i++)
        if (mask >> (i % 64) & 1) idx[k++] = i;
    if (k == 0) idx[k++] = mask % n;
    return k;
}

/* Bit b of the concatenation of the regions: its byte, its mask and
 * which region holds it. */
typedef struct region {
    uint8_t *p;
    size_t n;
} region;

static uint8_t *bit_at(region *r, size_t nr, size_t b, uint8_t *mask, size_t *which) {
    for (size_t i = 0; i < nr; i++) {
        if (b < 8 * r[i].n) {
            *mask = (uint8_t)(1u << (b % 8));
            *which = i;
            return r[i].p + b / 8;
        }
        b -= 8 * r[i].n;
    }
    FUZZ_CHECK(0);
    return NULL;
}

static void valid_keccak(fz_cursor *c, zkp_keccak_alg alg, unsigned threads) {
    unsigned depth = fz_u8(c) % 7;
    size_t n = (size_t)1 << depth;
    uint8_t nodes[32 * 127];
    fz_bytes(c, nodes, 32 * n);
    FUZZ_CHECK(zkp_keccak_tree_build(alg, nodes, n, 1, nodes) == ZKP_OK);
    uint64_t idx[MAX_K];
    size_t k = set_from(fz_u64(c), n, idx);
    uint8_t root[32], leaves[MAX_K * 32], proofs[MAX_K * 6 * 32], multi[64 * 32];
    memcpy(root, nodes + 32 * (2 * n - 2), 32);
    for (size_t i = 0; i < k; i++) {
        memcpy(leaves + 32 * i, nodes + 32 * idx[i], 32);
        FUZZ_CHECK(zkp_keccak_tree_proof(nodes, n, idx[i], proofs + 32 * depth * i) == ZKP_OK);
    }
    size_t mlen;
    FUZZ_CHECK(zkp_keccak_tree_multi_proof(nodes, n, idx, k, multi, sizeof multi, &mlen) == ZKP_OK);
    FUZZ_CHECK(zkp_keccak_tree_multi_verify(alg, root, leaves, idx, k, multi, mlen, depth, threads) == ZKP_OK);
    FUZZ_CHECK(zkp_keccak_tree_verify_batch(alg, root, leaves, idx, k, proofs, depth, threads) == ZKP_OK);
    region r[] = {{multi, mlen}, {leaves, 32 * k}, {root, 32}, {proofs, 32 * depth * k}};
    size_t bits = 8 * (mlen + 32 * k + 32 + 32 * depth * k);
    uint32_t start = fz_u16(c), stride = 1 + 2 * (uint32_t)fz_u16(c);
    for (unsigned f = 0; f < FLIPS; f++) {
        uint8_t m;
        size_t w;
        uint8_t *byte = bit_at(r, 4, (start + (size_t)f * stride) % bits, &m, &w);
        *byte ^= m;
        /* region 3 (the single proofs) does not feed the multiproof, region 0 not the batch */
        FUZZ_CHECK(zkp_keccak_tree_multi_verify(alg, root, leaves, idx, k, multi, mlen, depth, threads) != ZKP_OK ||
                   w == 3);
        FUZZ_CHECK(zkp_keccak_tree_verify_batch(alg, root, leaves, idx, k, proofs, depth, threads) != ZKP_OK || w == 0);
        *byte ^= m;
    }
}

static void valid_hemera(fz_cursor *c, unsigned threads) {
    size_t total = fz_u16(c) % (9 * CHUNK);
    uint8_t *data = malloc(total + 1), *chunk_copy = malloc(MAX_K * CHUNK);
    FUZZ_CHECK(data != NULL && chunk_copy != NULL);
    for (size_t i = 0; i < total; i++) data[i] = c->n ? c->p[i % c->n] ^ (uint8_t)(i >> 12) : (uint8_t)(i * 7);
    uint8_t root[32], multi[64 * 32];
    FUZZ_CHECK(zkp_hemera_tree_root_fixed(total ? data : NULL, total, 1, root) == ZKP_OK);
    uint64_t n = zkp_hemera_tree_chunk_count(total), idx[MAX_K];
    size_t k = set_from(fz_u64(c), n, idx), clen[MAX_K], mlen;
    const uint8_t *chunks[MAX_K];
    for (size_t i = 0; i < k; i++) {
        size_t off = (size_t)idx[i] * CHUNK;
        clen[i] = total - off < CHUNK ? total - off : CHUNK;
        memcpy(chunk_copy + i * CHUNK, data + off, clen[i]);
        chunks[i] = chunk_copy + i * CHUNK;
    }
    FUZZ_CHECK(zkp_hemera_tree_multi_proof(total ? data : NULL, total, idx, k, multi, sizeof multi, &mlen) == ZKP_OK);
    FUZZ_CHECK(zkp_hemera_tree_multi_verify(root, chunks, clen, idx, k, total, multi, mlen, threads) == ZKP_OK);
    /* the bits of the multiproof, the root and the first 64 bytes of each chunk */
    region r[2 + MAX_K] = {{multi, mlen}, {root, 32}};
    size_t nr = 2, bits = 8 * (mlen + 32);
    for (size_t i = 0; i < k; i++)
        if (clen[i]) r[nr].p = chunk_copy + i * CHUNK, r[nr].n = clen[i] < 64 ? clen[i] : 64, bits += 8 * r[nr++].n;
    uint32_t start = fz_u16(c), stride = 1 + 2 * (uint32_t)fz_u16(c);
    for (unsigned f = 0; f < FLIPS / 2; f++) {
        uint8_t m;
        size_t w;
        uint8_t *byte = bit_at(r, nr, (start + (size_t)f * stride) % bits, &m, &w);
        *byte ^= m;
        FUZZ_CHECK(zkp_hemera_tree_multi_verify(root, chunks, clen, idx, k, total, multi, mlen, threads) != ZKP_OK);
        *byte ^= m;
    }
    free(data);
    free(chunk_copy);
}

static void valid_poseidon(fz_cursor *c, unsigned threads) {
    unsigned depth = fz_u8(c) % 6;
    size_t n = (size_t)1 << depth;
    zkp_poseidon_fr nodes[63], multi[64], leaves[MAX_K], proofs[MAX_K * 5], root;
    fz_bytes(c, nodes, sizeof nodes[0] * n);
    for (size_t i = 0; i < n; i++) nodes[i].limb[3] &= 0x0fffffffffffffffull;
    FUZZ_CHECK(zkp_poseidon_tree_build(nodes, n, nodes) == ZKP_OK);
    root = nodes[2 * n - 2];
    uint64_t idx[MAX_K];
    size_t k = set_from(fz_u64(c), n, idx), mcount;
    for (size_t i = 0; i < k; i++) {
        leaves[i] = nodes[idx[i]];
        FUZZ_CHECK(zkp_poseidon_tree_proof(nodes, n, idx[i], proofs + depth * i) == ZKP_OK);
    }
    FUZZ_CHECK(zkp_poseidon_tree_multi_proof(nodes, n, idx, k, multi, 64, &mcount) == ZKP_OK);
    FUZZ_CHECK(zkp_poseidon_tree_multi_verify(&root, leaves, idx, k, multi, mcount, depth, threads) == ZKP_OK);
    FUZZ_CHECK(zkp_poseidon_tree_verify_batch(&root, leaves, idx, k, proofs, depth, threads) == ZKP_OK);
    region r[] = {{(uint8_t *)multi, 32 * mcount}, {(uint8_t *)leaves, 32 * k}, {(uint8_t *)&root, 32}};
    size_t bits = 8 * 32 * (mcount + k + 1);
    uint32_t start = fz_u16(c), stride = 1 + 2 * (uint32_t)fz_u16(c);
    for (unsigned f = 0; f < FLIPS / 3; f++) {
        uint8_t m;
        size_t w;
        uint8_t *byte = bit_at(r, 3, (start + (size_t)f * stride) % bits, &m, &w);
        *byte ^= m;
        FUZZ_CHECK(zkp_poseidon_tree_multi_verify(&root, leaves, idx, k, multi, mcount, depth, threads) != ZKP_OK);
        *byte ^= m;
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    fz_cursor c = {data, size};
    uint8_t sel = fz_u8(&c);
    unsigned threads = sel & 8 ? 2 : 1;
    zkp_keccak_alg alg = (sel & 3) == 3 ? ZKP_SHA3_256 : ZKP_KECCAK_256;
    int valid = sel & 4;
    switch (sel & 3) {
    case 1:
        if (valid) valid_hemera(&c, threads);
        else arbitrary_hemera(&c, threads);
        break;
    case 2:
        if (valid) valid_poseidon(&c, threads);
        else arbitrary_poseidon(&c, threads);
        break;
    default:
        if (valid) valid_keccak(&c, alg, threads);
        else arbitrary_keccak(&c, alg, threads);
    }
    return 0;
}
