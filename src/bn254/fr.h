/*
 * BN254 scalar field Fr (p = 0x30644e72...f0000001, 254 bits), portable
 * layer: the one every BN254 user builds on (the Poseidon kernels, the
 * public conversions in poseidon/poseidon.c). Header-only, always inlined.
 * Two more layers implement the hot products with the same bounds:
 * bn254/fr_mulx.h (x86-64 MULX/ADX inline asm, BMI2 kernel files only) and
 * bn254/fr52_ifma.h (eight lanes of radix-2^52 limbs, AVX-512 IFMA kernel
 * files only).
 *
 * Representation: Montgomery form with R = 2^256, four little-endian 64-bit
 * limbs (zkpi_bn254_fr, or a bare uint64_t[4]); 512-bit products in eight
 * limbs (T[0..7]). Every routine here works on 64-bit targets through
 * unsigned __int128 and, without it (32-bit targets: core/wide.h), on 64-bit
 * halves and carries; both forms give the same bits (ctest no-int128).
 *
 * Bounds (p / 2^256 ~ 0.189; each stated at its function and checked with
 * -DZKP_VERIFY=ON, core/verify.h):
 *  - field elements handed between callers are canonical, in [0, p), unless
 *    a function says it takes or returns a lazy value (< 2p, < 4p ...);
 *  - a sum of up to 17 products of canonical values is < 17 p^2 < 2^512, so
 *    it fits the 8-limb accumulator with no carry out;
 *  - zkpi_bn254_redc8_c of T < 2^512 - 2^256 p returns (T + m p) / 2^256
 *    < T / 2^256 + p, which is < 2p for one product of values < 2p and
 *    < 4.22p for a 17-term dot product of canonical values.
 * Everything here is constant time (no branch or index depends on values).
 */
#ifndef ZKPRIM_BN254_FR_H
#define ZKPRIM_BN254_FR_H

#include <stdint.h>
#include <string.h>

#include "core/util.h"
#include "core/verify.h"
#include "core/wide.h"
#include "zkprim_build_config.h"
#include "bn254/elem.h"

#if ZKP_HAVE_U128
typedef unsigned __int128 zkpi_bn254_u128;
#endif

/* Small inline-asm helpers (conditional subtraction) in every x86-64 file
 * unless the build has no asm; they need no instruction-set extension. */
#if ZKP_HAVE_ASM && defined(__x86_64__)
#define ZKPI_BN254_ASM 1
#else
#define ZKPI_BN254_ASM 0
#endif

/* The limb loops below have constant trip counts and are flattened
 * (ZKP_UNROLL, core/util.h): a loop counter in the middle of a carry chain
 * costs more than the arithmetic. */

static const uint64_t zkpi_bn254_p[4] = {ZKPI_BN254_P0, ZKPI_BN254_P1, ZKPI_BN254_P2, ZKPI_BN254_P3};
static const uint64_t zkpi_bn254_2p[4] = {0x87c3eb27e0000002u, 0x5067d090f372e122u, 0x70a08b6d0302b0bau,
                                    0x60c89ce5c2634053u};
static const uint64_t zkpi_bn254_4p[4] = {0x0f87d64fc0000004u, 0xa0cfa121e6e5c245u, 0xe14116da06056174u,
                                    0xc19139cb84c680a6u};
/* R^2 mod p: multiplying by it enters Montgomery form. */
static const zkpi_bn254_fr zkpi_bn254_r2 = {{0x1bb8e645ae216da7u, 0x53fe3ab1e35c59e3u, 0x8c49833d53bb8085u,
                                0x0216d0b17f4e44a5u}};

/* Verification build (core/verify.h): */
/* x (4 limbs) < (num / den) p. */
ZKP_VERIFY_HELPER int zkpi_bn254_verify_lt(const uint64_t x[4], uint64_t num, uint64_t den) {
    return zkpi_verify_lt_frac(x, 4, zkpi_bn254_p, 4, num, den);
}

/* r = x - m if x >= m else x, for x < 2^256 (m = p or 2p). Constant time.
 * x86-64 uses SUB/SBB and CMOV directly: written in C through __int128 the
 * borrow chain costs about four times as many instructions under gcc. */
ZKP_INLINE void zkpi_bn254_condsub(uint64_t r[4], const uint64_t x[4], const uint64_t m[4]) {
#if defined(__x86_64__) && defined(__GNUC__) && ZKPI_BN254_ASM
    uint64_t x0 = x[0], x1 = x[1], x2 = x[2], x3 = x[3], d0, d1, d2, d3;
    __asm__("movq %[x0], %[d0]\n\t"
            "subq 0(%[m]), %[d0]\n\t"
            "movq %[x1], %[d1]\n\t"
            "sbbq 8(%[m]), %[d1]\n\t"
            "movq %[x2], %[d2]\n\t"
            "sbbq 16(%[m]), %[d2]\n\t"
            "movq %[x3], %[d3]\n\t"
            "sbbq 24(%[m]), %[d3]\n\t"
            "cmovncq %[d0], %[x0]\n\t" /* no borrow: x >= m, take x - m */
            "cmovncq %[d1], %[x1]\n\t"
            "cmovncq %[d2], %[x2]\n\t"
            "cmovncq %[d3], %[x3]\n\t"
            : [x0] "+r"(x0), [x1] "+r"(x1), [x2] "+r"(x2), [x3] "+r"(x3), [d0] "=&r"(d0), [d1] "=&r"(d1),
              [d2] "=&r"(d2), [d3] "=&r"(d3)
            : [m] "r"(m), "m"(*(const uint64_t(*)[4])m)
            : "cc");
    r[0] = x0, r[1] = x1, r[2] = x2, r[3] = x3;
#else
    uint64_t d[4], borrow = 0;
    ZKP_UNROLL
    for (int i = 0; i < 4; i++) {
        uint64_t t = x[i] - m[i];
        uint64_t b1 = x[i] < m[i];
        d[i] = t - borrow;
        borrow = b1 | (t < borrow);
    }
    uint64_t keep = zkpi_value_barrier_u64((uint64_t)0 - borrow); /* all ones: x < m */
    ZKP_UNROLL
    for (int i = 0; i < 4; i++) r[i] = zkpi_ct_select(keep, x[i], d[i]);
#endif
}

/* Whether a canonical little-endian integer is < p (variable time is fine:
 * only used on public inputs, but it is branch-free anyway). */
ZKP_INLINE int zkpi_bn254_is_canonical(const uint64_t x[4]) {
    uint64_t borrow = 0;
    ZKP_UNROLL
    for (int i = 0; i < 4; i++) {
#if ZKP_HAVE_U128
        zkpi_bn254_u128 t = (zkpi_bn254_u128)x[i] - zkpi_bn254_p[i] - borrow;
        borrow = (uint64_t)(t >> 64) & 1;
#else
        (void)zkpi_sbb64(x[i], zkpi_bn254_p[i], borrow, &borrow);
#endif
    }
    return (int)borrow;
}

#if defined(__x86_64__) && defined(__GNUC__) && ZKPI_BN254_ASM
/* x0..x3 += yp[0..3] as one ADD/ADC chain (gcc spills badly on the __int128
 * form); the sum must stay below 2^256. */
#define ZKPI_BN254_ADD4_ASM(x0, x1, x2, x3, yp)                                                             \
    __asm__("addq 0(%[y]), %[s0]\n\t"                                                              \
            "adcq 8(%[y]), %[s1]\n\t"                                                              \
            "adcq 16(%[y]), %[s2]\n\t"                                                             \
            "adcq 24(%[y]), %[s3]\n\t"                                                             \
            : [s0] "+r"(x0), [s1] "+r"(x1), [s2] "+r"(x2), [s3] "+r"(x3)                             \
            : [y] "r"(yp), "m"(*(const uint64_t(*)[4])(yp))                                         \
            : "cc")
#endif

/* x += y on four limbs, no reduction; the caller knows the sum is < 2^256. */
ZKP_INLINE void zkpi_bn254_add_raw(uint64_t x[4], const uint64_t y[4]) {
#if defined(__x86_64__) && defined(__GNUC__) && ZKPI_BN254_ASM
    uint64_t s0 = x[0], s1 = x[1], s2 = x[2], s3 = x[3];
    ZKPI_BN254_ADD4_ASM(s0, s1, s2, s3, y);
    x[0] = s0, x[1] = s1, x[2] = s2, x[3] = s3;
#else
    uint64_t c = 0;
    ZKP_UNROLL
    for (int i = 0; i < 4; i++) {
#if ZKP_HAVE_U128
        zkpi_bn254_u128 t = (zkpi_bn254_u128)x[i] + y[i] + c;
        x[i] = (uint64_t)t;
        c = (uint64_t)(t >> 64);
#else
        x[i] = zkpi_adc64(x[i], y[i], c, &c);
#endif
    }
#endif
}

ZKP_INLINE void zkpi_bn254_add(zkpi_bn254_fr *r, const zkpi_bn254_fr *a, const zkpi_bn254_fr *b) {
    uint64_t s[4];
#if defined(__x86_64__) && defined(__GNUC__) && ZKPI_BN254_ASM
    uint64_t s0 = a->v[0], s1 = a->v[1], s2 = a->v[2], s3 = a->v[3];
    ZKPI_BN254_ADD4_ASM(s0, s1, s2, s3, b->v);
    s[0] = s0, s[1] = s1, s[2] = s2, s[3] = s3;
#else
    s[0] = a->v[0], s[1] = a->v[1], s[2] = a->v[2], s[3] = a->v[3];
    zkpi_bn254_add_raw(s, b->v);
#endif
    /* a + b < 2p < 2^255: no carry out of the top limb. */
    ZKP_VERIFY_CHECK(zkpi_verify_lt_frac(s, 4, zkpi_bn254_p, 4, 2, 1), "bn254 add a + b < 2p (canonical operands)");
    zkpi_bn254_condsub(r->v, s, zkpi_bn254_p);
}

ZKP_INLINE void zkpi_bn254_sub(zkpi_bn254_fr *r, const zkpi_bn254_fr *a, const zkpi_bn254_fr *b) {
    uint64_t d[4], borrow = 0;
    ZKP_VERIFY_CHECK(zkpi_bn254_verify_lt(a->v, 1, 1) && zkpi_bn254_verify_lt(b->v, 1, 1),
                     "bn254 sub operands < p");
    ZKP_UNROLL
    for (int i = 0; i < 4; i++) {
#if ZKP_HAVE_U128
        zkpi_bn254_u128 t = (zkpi_bn254_u128)a->v[i] - b->v[i] - borrow;
        d[i] = (uint64_t)t;
        borrow = (uint64_t)(t >> 64) & 1;
#else
        d[i] = zkpi_sbb64(a->v[i], b->v[i], borrow, &borrow);
#endif
    }
    uint64_t mask = zkpi_value_barrier_u64((uint64_t)0 - borrow);
    uint64_t c = 0;
    ZKP_UNROLL
    for (int i = 0; i < 4; i++) {
#if ZKP_HAVE_U128
        zkpi_bn254_u128 t = (zkpi_bn254_u128)d[i] + (zkpi_bn254_p[i] & mask) + c;
        r->v[i] = (uint64_t)t;
        c = (uint64_t)(t >> 64);
#else
        r->v[i] = zkpi_adc64(d[i], zkpi_bn254_p[i] & mask, c, &c);
#endif
    }
}

/* ---- bound checks of the verification build (core/verify.h) -------------- */

/* The Montgomery reduction's precondition T + m p < 2^512 for every m <
 * 2^256: T's high half below 2^256 - p. */
ZKP_VERIFY_HELPER int zkpi_bn254_verify_redc_input(const uint64_t T[8]) {
    uint64_t h[5] = {T[4], T[5], T[6], T[7], 0};
    zkpi_bn254_add_raw(h, zkpi_bn254_p); /* 4 limbs: the carry is lost, so compare */
    return !zkpi_verify_lt(h, T + 4, 4);
}

/* r <= hi + p (hi: the high half before the reduction, 4 limbs): the
 * result is below T / 2^256 + p, so at most floor(T / 2^256) + p. */
ZKP_VERIFY_HELPER int zkpi_bn254_verify_redc_output(const uint64_t r[4], const uint64_t hi[4]) {
    uint64_t a[5], b[5] = {r[0], r[1], r[2], r[3], 0}, c = 0;
    for (int i = 0; i < 4; i++) {
#if ZKP_HAVE_U128
        zkpi_bn254_u128 t = (zkpi_bn254_u128)hi[i] + zkpi_bn254_p[i] + c;
        a[i] = (uint64_t)t;
        c = (uint64_t)(t >> 64);
#else
        a[i] = zkpi_adc64(hi[i], zkpi_bn254_p[i], c, &c);
#endif
    }
    a[4] = c;
    return !zkpi_verify_lt(a, b, 5);
}

/* ---- portable 512-bit products and reduction ---------------------------- */

/* T = a * b (schoolbook, 16 products). */
ZKP_INLINE void zkpi_bn254_mul512_c(uint64_t T[8], const uint64_t a[4], const uint64_t b[4]) {
    uint64_t c = 0;
    ZKP_UNROLL
    for (int j = 0; j < 4; j++) {
#if ZKP_HAVE_U128
        zkpi_bn254_u128 x = (zkpi_bn254_u128)a[0] * b[j] + c;
        T[j] = (uint64_t)x;
        c = (uint64_t)(x >> 64);
#else
        T[j] = zkpi_mac64_wide(a[0], b[j], c, 0, &c);
#endif
    }
    T[4] = c;
    ZKP_UNROLL
    for (int i = 1; i < 4; i++) {
        c = 0;
        ZKP_UNROLL
        for (int j = 0; j < 4; j++) {
#if ZKP_HAVE_U128
            zkpi_bn254_u128 x = (zkpi_bn254_u128)a[i] * b[j] + T[i + j] + c;
            T[i + j] = (uint64_t)x;
            c = (uint64_t)(x >> 64);
#else
            T[i + j] = zkpi_mac64_wide(a[i], b[j], T[i + j], c, &c);
#endif
        }
        T[i + 4] = c;
    }
}

/* T = a^2: the six cross products once, doubled, plus the diagonal
 * (10 products instead of 16). */
ZKP_INLINE void zkpi_bn254_sqr512_c(uint64_t T[8], const uint64_t a[4]) {
    uint64_t c;
#if ZKP_HAVE_U128
    zkpi_bn254_u128 x;
    x = (zkpi_bn254_u128)a[0] * a[1]; T[1] = (uint64_t)x; c = (uint64_t)(x >> 64);
    x = (zkpi_bn254_u128)a[0] * a[2] + c; T[2] = (uint64_t)x; c = (uint64_t)(x >> 64);
    x = (zkpi_bn254_u128)a[0] * a[3] + c; T[3] = (uint64_t)x; T[4] = (uint64_t)(x >> 64);
    x = (zkpi_bn254_u128)a[1] * a[2] + T[3]; T[3] = (uint64_t)x; c = (uint64_t)(x >> 64);
    x = (zkpi_bn254_u128)a[1] * a[3] + T[4] + c; T[4] = (uint64_t)x; T[5] = (uint64_t)(x >> 64);
    x = (zkpi_bn254_u128)a[2] * a[3] + T[5]; T[5] = (uint64_t)x; T[6] = (uint64_t)(x >> 64);
#else
    T[1] = zkpi_mul64_wide(a[0], a[1], &c);
    T[2] = zkpi_mac64_wide(a[0], a[2], c, 0, &c);
    T[3] = zkpi_mac64_wide(a[0], a[3], c, 0, &T[4]);
    T[3] = zkpi_mac64_wide(a[1], a[2], T[3], 0, &c);
    T[4] = zkpi_mac64_wide(a[1], a[3], T[4], c, &T[5]);
    T[5] = zkpi_mac64_wide(a[2], a[3], T[5], 0, &T[6]);
#endif
    T[7] = T[6] >> 63;
    T[6] = (T[6] << 1) | (T[5] >> 63);
    T[5] = (T[5] << 1) | (T[4] >> 63);
    T[4] = (T[4] << 1) | (T[3] >> 63);
    T[3] = (T[3] << 1) | (T[2] >> 63);
    T[2] = (T[2] << 1) | (T[1] >> 63);
    T[1] = T[1] << 1;
    c = 0;
    ZKP_UNROLL
    for (int i = 0; i < 4; i++) {
#if ZKP_HAVE_U128
        zkpi_bn254_u128 d = (zkpi_bn254_u128)a[i] * a[i];
        zkpi_bn254_u128 lo = (zkpi_bn254_u128)(i == 0 ? 0 : T[2 * i]) + (uint64_t)d + c;
        T[2 * i] = (uint64_t)lo;
        zkpi_bn254_u128 hi = (zkpi_bn254_u128)T[2 * i + 1] + (uint64_t)(d >> 64) + (uint64_t)(lo >> 64);
        T[2 * i + 1] = (uint64_t)hi;
        c = (uint64_t)(hi >> 64);
#else
        uint64_t dh, dl = zkpi_mul64_wide(a[i], a[i], &dh), cl;
        T[2 * i] = zkpi_adc64(i == 0 ? 0 : T[2 * i], dl, c, &cl);
        T[2 * i + 1] = zkpi_adc64(T[2 * i + 1], dh, cl, &c);
#endif
    }
}

/* T[i..7] += x * y[0..3], the carry rippled up to T[7] (the caller keeps
 * the total below 2^512): one row of a schoolbook product or of a Montgomery
 * reduction. A statement macro rather than a function: written out in each
 * loop body it compiles to the code the two loops had when each spelled the
 * row out (as a function, GCC allocates the portable kernel's registers
 * differently). */
#if ZKP_HAVE_U128
#define ZKPI_BN254_ROW_MAC_C(T, i, x, y)                                                                   \
    do {                                                                                           \
        uint64_t c_ = 0;                                                                           \
        ZKP_UNROLL                                                                                 \
        for (int j_ = 0; j_ < 4; j_++) {                                                           \
            zkpi_bn254_u128 t_ = (zkpi_bn254_u128)(x) * (y)[j_] + (T)[(i) + j_] + c_;                              \
            (T)[(i) + j_] = (uint64_t)t_;                                                          \
            c_ = (uint64_t)(t_ >> 64);                                                             \
        }                                                                                          \
        ZKP_UNROLL                                                                                 \
        for (int k_ = (i) + 4; k_ < 8; k_++) {                                                     \
            zkpi_bn254_u128 t_ = (zkpi_bn254_u128)(T)[k_] + c_;                                                    \
            (T)[k_] = (uint64_t)t_;                                                                \
            c_ = (uint64_t)(t_ >> 64);                                                             \
        }                                                                                          \
    } while (0)
#else /* the same row on 64-bit halves (core/wide.h) */
#define ZKPI_BN254_ROW_MAC_C(T, i, x, y)                                                                   \
    do {                                                                                           \
        uint64_t c_ = 0;                                                                           \
        ZKP_UNROLL                                                                                 \
        for (int j_ = 0; j_ < 4; j_++) (T)[(i) + j_] = zkpi_mac64_wide((x), (y)[j_], (T)[(i) + j_], c_, &c_); \
        ZKP_UNROLL                                                                                 \
        for (int k_ = (i) + 4; k_ < 8; k_++) {                                                     \
            (T)[k_] += c_;                                                                         \
            c_ = (uint64_t)((T)[k_] < c_);                                                         \
        }                                                                                          \
    } while (0)
#endif

/* T += a * b. The caller guarantees the sum stays below 2^512. */
ZKP_INLINE void zkpi_bn254_mac512_c(uint64_t T[8], const uint64_t a[4], const uint64_t b[4]) {
    uint64_t old[8]; /* for the check only (dead, so dropped, without ZKP_VERIFY) */
    memcpy(old, T, sizeof old);
    ZKP_UNROLL
    for (int i = 0; i < 4; i++) ZKPI_BN254_ROW_MAC_C(T, i, a[i], b);
    /* a b < 2^512, so a carry lost out of T[7] leaves T below its old value */
    ZKP_VERIFY_CHECK(!zkpi_verify_lt(T, old, 8), "bn254 mac512 accumulator < 2^512 (no carry out)");
}

/* Montgomery reduction in place: T[4..7] = (T + m p) / 2^256 for the m that
 * clears the low half; < T / 2^256 + p. Needs T + m p < 2^512, which holds
 * for every T < 2^512 - 2^256 p (all sums of <= 17 products). */
ZKP_INLINE void zkpi_bn254_redc8_c(uint64_t T[8]) {
    const uint64_t hi[4] = {T[4], T[5], T[6], T[7]}; /* for the output check only */
    ZKP_VERIFY_CHECK(zkpi_bn254_verify_redc_input(T), "bn254 redc8 input: T < 2^512 - 2^256 p");
    ZKP_UNROLL
    for (int i = 0; i < 4; i++) {
        uint64_t m = T[i] * ZKPI_BN254_PINV;
        ZKPI_BN254_ROW_MAC_C(T, i, m, zkpi_bn254_p);
    }
    ZKP_VERIFY_CHECK(zkpi_bn254_verify_redc_output(T + 4, hi), "bn254 redc8 output <= T / 2^256 + p");
}


/* T (8 limbs) < k p^2. */
ZKP_VERIFY_HELPER int zkpi_bn254_verify_lt_p2(const uint64_t T[8], uint64_t k) {
    uint64_t pp[8];
    zkpi_bn254_mul512_c(pp, zkpi_bn254_p, zkpi_bn254_p);
    return zkpi_verify_lt_frac(T, 8, pp, 8, k, 1);
}

#endif
