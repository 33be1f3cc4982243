/*
 * Lane movers for little-endian targets without fast misaligned access:
 * RISC-V as GCC compiles it (rv64im/rv32im zkVM guests), where the generic
 * zkpi_load64_le of an address of unknown alignment becomes eight byte
 * loads, eight byte stores to a stack temporary and a reload. Here an
 * 8-byte-aligned pointer gets whole-word loads and stores, and any other
 * pointer moves its bytes straight into or out of the state's own bytes
 * (byte i of the state is byte i of st[] in memory on little-endian hosts),
 * so no access is misaligned and nothing goes through a temporary.
 * The counts behind this are in docs/zkvm.md (scripts/zkvm-counts.sh).
 */
#ifndef ZKPRIM_KECCAK_LANES_STRICT_H
#define ZKPRIM_KECCAK_LANES_STRICT_H

#include <stdint.h>
#include <string.h>

#include "core/util.h"

#if defined(__riscv) && !ZKP_BIG_ENDIAN
#define KECCAK_STRICT_ALIGN 1
#else
#define KECCAK_STRICT_ALIGN 0
#endif

#if KECCAK_STRICT_ALIGN
ZKP_INLINE int keccak_aligned8(const void *p) { return ((uintptr_t)p & 7) == 0; }

/* dst[0..n) = n lanes from in (any alignment); n is a constant at each use */
ZKP_INLINE void keccak_lanes_in(uint64_t *dst, const uint8_t *in, size_t n) {
    if (keccak_aligned8(in)) {
        const uint8_t *a = __builtin_assume_aligned(in, 8);
        ZKP_UNROLL
        for (size_t i = 0; i < n; i++) memcpy(&dst[i], a + 8 * i, 8);
    } else {
        ZKP_UNROLL
        for (size_t i = 0; i < n; i++) memcpy(&dst[i], in + 8 * i, 8);  /* byte moves into the lane */
    }
}

/* out[0..8n) = lanes src[0..n) (any alignment) */
ZKP_INLINE void keccak_lanes_out(uint8_t *out, const uint64_t *src, size_t n) {
    if (keccak_aligned8(out)) {
        uint8_t *a = __builtin_assume_aligned(out, 8);
        ZKP_UNROLL
        for (size_t i = 0; i < n; i++) memcpy(a + 8 * i, &src[i], 8);
    } else {
        ZKP_UNROLL
        for (size_t i = 0; i < n; i++) memcpy(out + 8 * i, &src[i], 8);
    }
}

/* st[0..17) ^= a rate-136 block (Keccak-256, SHA3-256) at an 8-byte-aligned
 * in: 17 x (load, load, XOR, store), no loop counter */
ZKP_INLINE void keccak_lanes_xor17_aligned(uint64_t *st, const uint8_t *in) {
    const uint8_t *a = __builtin_assume_aligned(in, 8);
    _Pragma("GCC unroll 17") for (size_t i = 0; i < 17; i++) {
        uint64_t v;
        memcpy(&v, a + 8 * i, 8);
        st[i] ^= v;
    }
}

/* st[0..n) ^= n lanes from in (any alignment) */
ZKP_INLINE void keccak_lanes_xor(uint64_t *st, const uint8_t *in, size_t n) {
    if (keccak_aligned8(in)) {
        const uint8_t *a = __builtin_assume_aligned(in, 8);
        for (size_t i = 0; i < n; i++) {
            uint64_t v;
            memcpy(&v, a + 8 * i, 8);
            st[i] ^= v;
        }
    } else {
        for (size_t i = 0; i < n; i++) st[i] ^= zkpi_load64_le(in + 8 * i);
    }
}

/* st[from..25) = 0 as straight stores (a zeroing loop or memset of the
 * state becomes a call to the guest's memset) */
#define KECCAK_ZERO_FROM(st, from)                                                               \
    do {                                                                                         \
        _Pragma("GCC unroll 25") for (int z_ = (from); z_ < 25; z_++)(st)[z_] = 0;              \
    } while (0)

/* The fixed-shape hashes (rate 136) of 4 lanes at in (a 32-byte word) or
 * of 4 + 4 lanes at left, right (a Merkle parent), all pointers 8-byte
 * aligned: whole-word moves only, the state is written exactly once. */
ZKP_INLINE void keccak_hash_aligned(const uint8_t *left, const uint8_t *right, int nl, uint8_t *out, uint64_t suffix,
                                    void (*permute)(uint64_t *)) {
    uint64_t st[25];
    const uint8_t *l = __builtin_assume_aligned(left, 8);
    ZKP_UNROLL
    for (int i = 0; i < 4; i++) memcpy(&st[i], l + 8 * i, 8);
    if (nl == 8) {
        const uint8_t *r = __builtin_assume_aligned(right, 8);
        ZKP_UNROLL
        for (int i = 0; i < 4; i++) memcpy(&st[4 + i], r + 8 * i, 8);
    }
    st[nl] = suffix;
    KECCAK_ZERO_FROM(st, nl + 1);
    st[16] ^= 0x8000000000000000ULL;
    permute(st);
    uint8_t *o = __builtin_assume_aligned(out, 8);
    ZKP_UNROLL
    for (int i = 0; i < 4; i++) memcpy(o + 8 * i, &st[i], 8);
}
#endif

#endif
