/*
 * Small helpers every module uses: endian- and alignment-safe loads and
 * stores (never cast a byte pointer to a wider type), rotations, branch
 * hints, and constant-time building blocks.
 */
#ifndef ZKPRIM_CORE_UTIL_H
#define ZKPRIM_CORE_UTIL_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

/* ZKP_SMALL_CODE=1 (the JS package's size-budgeted WebAssembly modules,
 * js/build.sh): the compiler decides what to inline and unroll, so a
 * kernel is a loop rather than its unrolled rounds (same results). */
#ifndef ZKP_SMALL_CODE
#define ZKP_SMALL_CODE 0
#endif

#if defined(__GNUC__)
#define ZKP_LIKELY(x) __builtin_expect(!!(x), 1)
#define ZKP_UNLIKELY(x) __builtin_expect(!!(x), 0)
#if ZKP_SMALL_CODE
#define ZKP_INLINE static inline
#else
#define ZKP_INLINE static inline __attribute__((always_inline))
#endif
#define ZKP_NOINLINE __attribute__((noinline))
#define ZKP_ALIGN(n) __attribute__((aligned(n)))
#else
#define ZKP_LIKELY(x) (x)
#define ZKP_UNLIKELY(x) (x)
#define ZKP_INLINE static inline
#define ZKP_NOINLINE
#define ZKP_ALIGN(n)
#endif

/* Fully unrolls the loop that follows (constant trip count <= 8): -O2 does
 * not always flatten such loops, and the kernels need their per-lane or
 * per-limb arrays in registers, not in memory behind a loop counter. */
#if ZKP_SMALL_CODE
#define ZKP_UNROLL
#elif defined(__clang__)
#define ZKP_UNROLL _Pragma("clang loop unroll(full)")
#elif defined(__GNUC__)
#define ZKP_UNROLL _Pragma("GCC unroll 8")
#else
#define ZKP_UNROLL
#endif

#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
#define ZKP_BIG_ENDIAN 1
#else
#define ZKP_BIG_ENDIAN 0
#endif

/* A hint that p will be read soon (nothing where the compiler has no
 * builtin): for loads the code cannot issue early itself, such as the
 * scattered inputs a multi-lane kernel loads just before it needs them. */
ZKP_INLINE void zkpi_prefetch(const void *p) {
#if defined(__GNUC__) || defined(__clang__)
    __builtin_prefetch(p);
#else
    (void)p;
#endif
}

/* memcpy of a fixed size compiles to one (unaligned) load on every target. */
ZKP_INLINE uint64_t zkpi_load64_le(const uint8_t *p) {
#if ZKP_BIG_ENDIAN
    return (uint64_t)p[0] | (uint64_t)p[1] << 8 | (uint64_t)p[2] << 16 | (uint64_t)p[3] << 24 |
           (uint64_t)p[4] << 32 | (uint64_t)p[5] << 40 | (uint64_t)p[6] << 48 | (uint64_t)p[7] << 56;
#else
    uint64_t v;
    memcpy(&v, p, 8);
    return v;
#endif
}

ZKP_INLINE void zkpi_store64_le(uint8_t *p, uint64_t v) {
#if ZKP_BIG_ENDIAN
    for (int i = 0; i < 8; i++) p[i] = (uint8_t)(v >> (8 * i));
#else
    memcpy(p, &v, 8);
#endif
}

ZKP_INLINE uint32_t zkpi_load32_le(const uint8_t *p) {
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

ZKP_INLINE void zkpi_store32_le(uint8_t *p, uint32_t v) {
    p[0] = (uint8_t)v; p[1] = (uint8_t)(v >> 8); p[2] = (uint8_t)(v >> 16); p[3] = (uint8_t)(v >> 24);
}

ZKP_INLINE uint64_t zkpi_load64_be(const uint8_t *p) {
    uint64_t v = 0;
    for (int i = 0; i < 8; i++) v = (v << 8) | p[i];
    return v;
}

ZKP_INLINE void zkpi_store64_be(uint8_t *p, uint64_t v) {
    for (int i = 0; i < 8; i++) p[i] = (uint8_t)(v >> (56 - 8 * i));
}

ZKP_INLINE uint64_t zkpi_rotl64(uint64_t x, unsigned n) {
    return (x << (n & 63)) | (x >> ((64 - n) & 63));
}

/* ---- constant-time building blocks ------------------------------------- */

/* Hides a value from the optimiser so it cannot turn mask arithmetic back
 * into a branch (the same idea as BoringSSL's value_barrier_w). In the
 * MemorySanitizer constant-time build (ZKP_CT_MSAN, tests/ct/msan_shim.h)
 * it is the identity: MSan treats an inline-asm operand like a branch, and
 * that build only checks, it is never shipped. */
ZKP_INLINE uint64_t zkpi_value_barrier_u64(uint64_t v) {
#if defined(__GNUC__) && !defined(ZKP_CT_MSAN)
    __asm__("" : "+r"(v));
#endif
    return v;
}

/* All ones if x != 0, else 0; no branch. */
ZKP_INLINE uint64_t zkpi_ct_mask_nonzero(uint64_t x) {
    return zkpi_value_barrier_u64((uint64_t)0 - ((x | ((uint64_t)0 - x)) >> 63));
}

/* mask ? a : b for an all-ones/all-zeros mask; no branch. */
ZKP_INLINE uint64_t zkpi_ct_select(uint64_t mask, uint64_t a, uint64_t b) {
    return b ^ (mask & (a ^ b));
}

/* Caller-supplied sizes. No object can be larger than PTRDIFF_MAX bytes
 * (pointer differences across it must be representable), so a byte count
 * above that is a caller error, typically a negative value converted to
 * size_t or a wrapped product. Entry points reject such sizes with
 * ZKP_ERR_LENGTH before any memory access; kernels never see them. */
#define ZKP_MAX_BYTES ((size_t)PTRDIFF_MAX)
ZKP_INLINE int zkpi_bytes_ok(size_t n) { return n <= ZKP_MAX_BYTES; }
/* count elements of size bytes each fit in one object (no wrap). */
ZKP_INLINE int zkpi_array_ok(size_t count, size_t size) { return size == 0 || count <= ZKP_MAX_BYTES / size; }
/* n records of len bytes at a stride: the extent (n - 1) * stride + len fits. */
ZKP_INLINE int zkpi_strided_ok(size_t n, size_t len, size_t stride) {
    if (len > ZKP_MAX_BYTES) return 0;
    return n <= 1 || stride == 0 || n - 1 <= (ZKP_MAX_BYTES - len) / stride;
}

/* ---- powers of two (tree shapes; public sizes, variable time) ---------- */

ZKP_INLINE int zkpi_is_pow2(uint64_t n) { return n && !(n & (n - 1)); }

/* Smallest power of two >= c (1 for c = 0), modulo 2^64: 0 stands for
 * 2^64 when c > 2^63. */
ZKP_INLINE uint64_t zkpi_pow2_ceil(uint64_t c) {
    uint64_t p = 1;
    while (p && p < c) p <<= 1;
    return p;
}

/* 2^lvl modulo 2^64 (0 for lvl 64), to compare with zkpi_pow2_ceil. */
ZKP_INLINE uint64_t zkpi_pow2(unsigned lvl) { return lvl >= 64 ? 0 : (uint64_t)1 << lvl; }

/* Units of `unit` bytes covering len bytes, the last one partial: at least
 * one (an empty input is one empty leaf). */
ZKP_INLINE uint64_t zkpi_units_of(uint64_t len, uint64_t unit) { return len == 0 ? 1 : (len - 1) / unit + 1; }

/* Zeroes memory in a way the compiler may not remove (for secret state). */
ZKP_INLINE void zkpi_secure_zero(void *p, size_t n) {
    volatile uint8_t *v = (volatile uint8_t *)p;
    while (n--) *v++ = 0;
}

#endif
