/*
 * Internal helpers shared by the sponge, hash_many and the tree code:
 * algorithm parameters and the byte <-> lane movers of the in-place sponge.
 *
 * Byte i of the state is bits 8*(i%8).. of lane i/8 (f1600.h), so XORing
 * a byte at offset pos is `st[pos/8] ^= b << 8*(pos%8)` on any host; whole
 * lanes go through zkpi_load64_le/zkpi_store64_le (one unaligned load/store on
 * little-endian hosts, byte assembly on big-endian ones).
 */
#ifndef ZKPRIM_KECCAK_SPONGE_INTERNAL_H
#define ZKPRIM_KECCAK_SPONGE_INTERNAL_H

#include <stddef.h>
#include <stdint.h>

#include <string.h>

#include "core/util.h"
#include "keccak/f1600.h"
#include "keccak/lanes_strict.h"
#include "zkprim/keccak.h"

typedef struct keccak_params {
    unsigned rate;    /* bytes, a multiple of 8 */
    unsigned suffix;  /* first padding byte (domain bits + the first pad bit) */
    unsigned digest;  /* fixed output bytes, 0 for XOFs */
} keccak_params;

/* 0 for an unknown alg. */
ZKP_INLINE int keccak_params_of(zkp_keccak_alg alg, keccak_params *p) {
    switch (alg) {
    case ZKP_KECCAK_256: *p = (keccak_params){136, 0x01, 32}; return 1;
    case ZKP_SHA3_224: *p = (keccak_params){144, 0x06, 28}; return 1;
    case ZKP_SHA3_256: *p = (keccak_params){136, 0x06, 32}; return 1;
    case ZKP_SHA3_384: *p = (keccak_params){104, 0x06, 48}; return 1;
    case ZKP_SHA3_512: *p = (keccak_params){72, 0x06, 64}; return 1;
    case ZKP_SHAKE128: *p = (keccak_params){168, 0x1F, 0}; return 1;
    case ZKP_SHAKE256: *p = (keccak_params){136, 0x1F, 0}; return 1;
    }
    return 0;
}

/* Up to 7 bytes as the low bytes of a lane (little-endian), rest zero. */
ZKP_INLINE uint64_t keccak_load_partial(const uint8_t *in, size_t n) {
    uint64_t v = 0;
    for (size_t i = 0; i < n; i++) v |= (uint64_t)in[i] << (8 * i);
    return v;
}

ZKP_INLINE void keccak_store_partial(uint8_t *out, uint64_t v, size_t n) {
    for (size_t i = 0; i < n; i++) out[i] = (uint8_t)(v >> (8 * i));
}

/* XOR in[0..n) into the state bytes [pos, pos+n) (pos + n <= 200):
 * byte-wise up to a lane boundary, whole lanes, then one partial lane. */
ZKP_INLINE void keccak_xor_bytes(uint64_t *st, size_t pos, const uint8_t *in, size_t n) {
    if (ZKP_UNLIKELY(pos & 7)) {
        size_t head = 8 - (pos & 7);
        if (head > n) head = n;
        st[pos >> 3] ^= keccak_load_partial(in, head) << (8 * (pos & 7));
        pos += head, in += head, n -= head;
    }
    uint64_t *l = st + (pos >> 3);
#if KECCAK_STRICT_ALIGN
    keccak_lanes_xor(l, in, n / 8);
    l += n / 8, in += n & ~(size_t)7, n &= 7;
#endif
    for (; n >= 8; n -= 8, in += 8) *l++ ^= zkpi_load64_le(in);
    if (n) *l ^= keccak_load_partial(in, n);
}

/* Copy state bytes [pos, pos+n) to out (pos + n <= 200). */
ZKP_INLINE void keccak_extract_bytes(const uint64_t *st, size_t pos, uint8_t *out, size_t n) {
    if (ZKP_UNLIKELY(pos & 7)) {
        size_t head = 8 - (pos & 7);
        if (head > n) head = n;
        keccak_store_partial(out, st[pos >> 3] >> (8 * (pos & 7)), head);
        pos += head, out += head, n -= head;
    }
    const uint64_t *l = st + (pos >> 3);
#if KECCAK_STRICT_ALIGN
    if (n == 32) { /* a 256-bit digest */
        keccak_lanes_out(out, l, 4);
        return;
    }
#endif
    for (; n >= 8; n -= 8, out += 8) zkpi_store64_le(out, *l++);
    if (n) keccak_store_partial(out, *l, n);
}

/* Output length check shared by every entry point. */
ZKP_MUST_USE ZKP_INLINE zkp_status keccak_check_outlen(const keccak_params *p, size_t outlen) {
    if (p->digest) return outlen == p->digest ? ZKP_OK : ZKP_ERR_LENGTH;
    return outlen ? ZKP_OK : ZKP_ERR_LENGTH;
}

/* The fixed-shape 64-byte hash (a Merkle parent): eight input lanes, the
 * two padding bits, one permutation, four output lanes; rate 136 (Keccak-256
 * and SHA3-256). out may alias the input. */
#if KECCAK_STRICT_ALIGN
/* Any alignment: bytes straight into and out of the state; kept out of
 * line so the aligned path below pays for none of its registers. */
static __attribute__((noinline, unused)) void keccak_hash64_bytes(const uint8_t *left, const uint8_t *right, uint8_t *out,
                                                          uint64_t suffix, void (*permute)(uint64_t *)) {
    uint64_t st[25];
    keccak_lanes_in(st, left, 4);
    keccak_lanes_in(st + 4, right, 4);
    st[8] = suffix;
    KECCAK_ZERO_FROM(st, 9);
    st[16] = 0x8000000000000000ULL;
    permute(st);
    keccak_lanes_out(out, st, 4);
}
#endif

ZKP_INLINE void keccak_hash64(const uint8_t *left, const uint8_t *right, uint8_t *out, uint64_t suffix,
                              void (*permute)(uint64_t *)) {
#if KECCAK_STRICT_ALIGN
    if (keccak_aligned8((const void *)((uintptr_t)left | (uintptr_t)right | (uintptr_t)out)))
        keccak_hash_aligned(left, right, 8, out, suffix, permute);
    else
        keccak_hash64_bytes(left, right, out, suffix, permute);
#else
    uint64_t st[25];
    for (int i = 0; i < 4; i++) st[i] = zkpi_load64_le(left + 8 * i);
    for (int i = 0; i < 4; i++) st[4 + i] = zkpi_load64_le(right + 8 * i);
    st[8] = suffix;
    memset(st + 9, 0, 7 * sizeof st[0]);
    st[16] = 0x8000000000000000ULL; /* last byte of the 136-byte rate */
    memset(st + 17, 0, 8 * sizeof st[0]);
    permute(st);
    for (int i = 0; i < 4; i++) zkpi_store64_le(out + 8 * i, st[i]);
#endif
}

/* The 64-byte hash through a single-state kernel: its own register-resident
 * form when it has one, else the generic keccak_hash64 above. */
ZKP_INLINE void keccak_hash64_with(const zkpi_keccak_kernel1 *k, const uint8_t *left, const uint8_t *right,
                                   uint8_t *out, uint64_t suffix) {
    if (k->hash64) k->hash64(left, right, out, suffix);
    else keccak_hash64(left, right, out, suffix, k->permute);
}

/* One whole message through the single-state sponge (no argument checks). */
void zkpi_keccak_oneshot(const keccak_params *p, const uint8_t *in, size_t len, uint8_t *out, size_t outlen);

#endif
