/*
 * Internal interface of the batched Hemera permutation.
 *
 * A batch kernel permutes a group of independent states held in
 * structure-of-arrays order: element i of lane l lives at s[i * L + l], so
 * one round touches every lane of element i with unit stride (scalar ILP in
 * the portable kernel, one vector per 4 (AVX2) or 8 (AVX-512) lanes).
 *
 * Every kernel is generic in the profile (spec section 11): rf_half full
 * rounds, rp partial rounds with x^-1 (shared across the lanes by
 * Montgomery's trick) or x^7, the full-round and partial-round constants and
 * the internal diagonal. Inputs are arbitrary u64 limbs (taken mod p);
 * outputs are canonical. Variable time: public data only.
 */
#ifndef ZKPRIM_HEMERA_BATCH_INTERNAL_H
#define ZKPRIM_HEMERA_BATCH_INTERNAL_H

#include <stddef.h>
#include <stdint.h>

#include "core/cpu_internal.h"
#include "core/util.h"
#include "hemera/params.h"

#define HB_P 0xFFFFFFFF00000001ull
#define HB_E 0xFFFFFFFFull /* 2^64 mod p */

/* ---- scalar Goldilocks helpers (inputs: any u64; outputs: any u64 rep.) -- */

/* (hi*2^64 + lo) mod p as a u64 representative: 2^64 = E, 2^96 = -1. */
ZKP_INLINE uint64_t hb_reduce128(uint64_t lo, uint64_t hi) {
    uint64_t hh = hi >> 32, hl = hi & HB_E;
    uint64_t t;
    /* Branch-free corrections: with random operands each of these carries
     * happens about half the time, so a branch would mispredict. */
    uint64_t b = __builtin_sub_overflow(lo, hh, &t);
    t -= (0 - b) & HB_E;          /* borrow took 2^64 = E too many; t >= 2^64 - 2^32 here */
    uint64_t m = (hl << 32) - hl; /* hl * E < 2^64 */
    uint64_t r;
    uint64_t c = __builtin_add_overflow(t, m, &r);
    return r + ((0 - c) & HB_E);  /* carry: r < m <= 2^64 - 2^33 + 1, so no second wrap */
}

ZKP_INLINE uint64_t hb_mul(uint64_t a, uint64_t b) {
    unsigned __int128 t = (unsigned __int128)a * b;
    return hb_reduce128((uint64_t)t, (uint64_t)(t >> 64));
}

/* a*b + c without intermediate reduction (the u128 sum cannot overflow). */
ZKP_INLINE uint64_t hb_muladd(uint64_t a, uint64_t b, uint64_t c) {
    unsigned __int128 t = (unsigned __int128)a * b + c;
    return hb_reduce128((uint64_t)t, (uint64_t)(t >> 64));
}

ZKP_INLINE uint64_t hb_add(uint64_t a, uint64_t b) {
    uint64_t s, s2;
    uint64_t c = __builtin_add_overflow(a, b, &s);        /* wrapped: add 2^64 mod p = E ... */
    uint64_t c2 = __builtin_add_overflow(s, (0 - c) & HB_E, &s2);
    return s2 + ((0 - c2) & HB_E);                        /* ... twice when both inputs were huge */
}

ZKP_INLINE uint64_t hb_canon(uint64_t x) { return x >= HB_P ? x - HB_P : x; }

ZKP_INLINE uint64_t hb_pow7(uint64_t x) {
    uint64_t x2 = hb_mul(x, x), x3 = hb_mul(x2, x), x4 = hb_mul(x2, x2);
    return hb_mul(x3, x4);
}

/* In place: x[i] <- x[i]^-1 (0 -> 0) for i < n, with one field inversion
 * (Montgomery's trick). Zero lanes are 1 in the product and 0 in the
 * result. */
void zkpi_hb_batch_inverse(uint64_t *x, unsigned n);

/* ---- kernels ----------------------------------------------------------- */

#define HB_MAX_LANES 64

/* Permutes n (1..HB_MAX_LANES) states given in AoS order. */
typedef void (*hb_permute_fn)(uint64_t (*states)[16], unsigned n, const hemera_profile *pr);

/* One phase kind over 16 lanes in SoA order (benchmark split):
 * which = 0 full-round S-boxes, 1 partial rounds (S-box + M_I),
 * 2 the M_E layers. */
typedef void (*hb_phase_fn)(uint64_t *soa16, int which, const hemera_profile *pr);

typedef struct hb_kernel {
    zkp_kernel_info info;
    hb_permute_fn permute;
    hb_phase_fn phase;
} hb_kernel;

void zkpi_hb_permute_portable(uint64_t (*states)[16], unsigned n, const hemera_profile *pr);
void zkpi_hb_phase_portable(uint64_t *soa16, int which, const hemera_profile *pr);
#if ZKP_HAVE_AVX2
void zkpi_hb_permute_avx2(uint64_t (*states)[16], unsigned n, const hemera_profile *pr);
void zkpi_hb_phase_avx2(uint64_t *soa16, int which, const hemera_profile *pr);
#endif
#if ZKP_HAVE_AVX512
void zkpi_hb_permute_avx512(uint64_t (*states)[16], unsigned n, const hemera_profile *pr);
void zkpi_hb_phase_avx512(uint64_t *soa16, int which, const hemera_profile *pr);
#endif

/* A few states of the live profile go to the single-state permutation
 * (zkp_hemera_permute): a group that small has little to share, and one
 * padded vector group costs more than three single calls (measured, see
 * docs/hemera-batch.md). Returns 0 (nothing done) for other profiles. */
int zkpi_hb_try_single(uint64_t (*states)[16], unsigned n, const hemera_profile *pr);

/* The kernel table (widest first, portable last) and the dispatched entry. */
extern const hb_kernel zkpi_hb_kernels[];
extern const unsigned zkpi_hb_kernel_count;
const hb_kernel *zkpi_hb_kernel_active(void);

/* n states through a given kernel (any n, split in groups). */
void zkpi_hb_permute_with(const hb_kernel *k, uint64_t (*states)[16], size_t n, const hemera_profile *pr);

/* zkp_hemera_hash_leaf_batch through a given kernel (tests, tree). */
ZKP_MUST_USE zkp_status zkpi_hb_hash_leaf_batch_with(const hb_kernel *k, const uint8_t *const *chunks, const size_t *lens,
                                                const uint64_t *counters, size_t n, int is_root, uint8_t (*out)[32]);

#endif
