/*
 * Single-state Keccak-f[1600] with AVX-512 (F + VL): the 5x5 state in five
 * zmm registers, 5 of the 8 qword slots used (the other 3 carry harmless
 * junk: every operation is lane-wise or a permutation that only reads
 * slots 0..4 into slots 0..4, and every store is masked to 5 lanes).
 *
 * The rounds are generated (gen/keccak_avx512.py -> f1600_avx512_cycle.h).
 * Where a lane sits changes from round to round so that theta, rho and chi
 * are lane-wise and pi costs at most a vpermq per register:
 *   - theta: column parities are two 3-way XORs (vpternlogq 0x96) of the
 *     five registers, C[x-1] and rotl(C[x+1], 1) two vpermq (+ vprolq), and
 *     each register takes both with one more 3-way XOR; this needs slot x
 *     of every register to hold column x;
 *   - rho: one vprolvq per register (per-slot counts);
 *   - pi + chi: when each register holds one row (rows, the layout at entry
 *     and exit), pi makes it a column and chi (vpternlogq 0xD2,
 *     a ^ (~b & c)) is lane-wise across registers; the next round first
 *     transposes (4 vpblendmq + 1 vpermq per register). When each register
 *     holds a diagonal (x, a*x + b), pi gives each register every column
 *     once: one vpermq orders slots by row, chi is again across registers,
 *     one vpermq re-aligns columns. With a = 1 pi gives rows with rotated
 *     columns: chi reads each row through three vpermq and leaves aligned
 *     rows. rows -> a=2 -> a=4 -> a=1 -> rows is four rounds.
 * 142 zmm instructions per four rounds (46 of them vpermq), against ~130
 * scalar ALU operations for one round. Sapphire Rapids issues 512-bit
 * operations on ports 0 and 5 only, so the kernel is throughput-bound.
 *
 * Besides the bare permutation, the file offers two sponge helpers that
 * keep the state in registers: whole-block absorption (XOR each block's
 * rate lanes into the rows with masked unaligned loads, permute, repeat)
 * and the fixed-shape 64-byte hash. No entry needs any alignment; masked
 * loads never touch bytes outside the caller's buffers.
 */
#include <immintrin.h>

#include "core/simd_msan.h" /* the MSan constant-time build only */
#include "core/util.h"
#include "keccak/f1600.h"

#define ROWMASK ((__mmask8)0x1F)

#define XOR3(a, b, c) _mm512_ternarylogic_epi64((a), (b), (c), 0x96)
#define CHI(a, b, c) _mm512_ternarylogic_epi64((a), (b), (c), 0xD2) /* a ^ (~b & c) */
#define PERM(idx, v) _mm512_permutexvar_epi64((idx), (v))
#define BLEND(m, a, b) _mm512_mask_blend_epi64((__mmask8)(m), (a), (b)) /* m ? b : a */
#define KZ_IDX(n) _mm512_load_si512((const void *)kz_idx[n])
#define KZ_RHO(n) _mm512_load_si512((const void *)kz_rho[n])
#include "keccak/f1600_avx512_cycle.h"

/* 24 rounds on rows held in registers: six generated four-round cycles. */
ZKP_INLINE void kz_permute(__m512i *a0, __m512i *a1, __m512i *a2, __m512i *a3,
                                                            __m512i *a4) {
    __m512i s0 = *a0, s1 = *a1, s2 = *a2, s3 = *a3, s4 = *a4;
    for (int r = 0; r < 24; r += 4) {
        const uint64_t *rc = zkpi_keccak_rc + r;
        KZ_CYCLE4(s0, s1, s2, s3, s4, rc);
    }
    *a0 = s0, *a1 = s1, *a2 = s2, *a3 = s3, *a4 = s4;
}

/* The 25 lanes as five rows of five (lane x + 5y in slot x of row y). */
static inline void kz_load_rows(const uint64_t st[25], __m512i *a0, __m512i *a1, __m512i *a2, __m512i *a3,
                                __m512i *a4) {
    *a0 = _mm512_maskz_loadu_epi64(ROWMASK, st);
    *a1 = _mm512_maskz_loadu_epi64(ROWMASK, st + 5);
    *a2 = _mm512_maskz_loadu_epi64(ROWMASK, st + 10);
    *a3 = _mm512_maskz_loadu_epi64(ROWMASK, st + 15);
    *a4 = _mm512_maskz_loadu_epi64(ROWMASK, st + 20);
}
static inline void kz_store_rows(uint64_t st[25], __m512i a0, __m512i a1, __m512i a2, __m512i a3, __m512i a4) {
    _mm512_mask_storeu_epi64(st, ROWMASK, a0);
    _mm512_mask_storeu_epi64(st + 5, ROWMASK, a1);
    _mm512_mask_storeu_epi64(st + 10, ROWMASK, a2);
    _mm512_mask_storeu_epi64(st + 15, ROWMASK, a3);
    _mm512_mask_storeu_epi64(st + 20, ROWMASK, a4);
}

void zkpi_keccakf1600_avx512(uint64_t st[25]) {
    __m512i a0, a1, a2, a3, a4;
    kz_load_rows(st, &a0, &a1, &a2, &a3, &a4);
    kz_permute(&a0, &a1, &a2, &a3, &a4);
    kz_store_rows(st, a0, a1, a2, a3, a4);
}

/* Mask of the rate lanes that fall in row y (rate in lanes, <= 25). */
static inline __mmask8 row_mask(unsigned rl, unsigned y) {
    if (rl <= 5 * y) return 0;
    unsigned n = rl - 5 * y;
    return (__mmask8)(n >= 5 ? 0x1F : (1u << n) - 1);
}

size_t zkpi_keccak_absorb_avx512(uint64_t st[25], const uint8_t *in, size_t nblocks, unsigned rate) {
    const unsigned rl = rate / 8;
    const __mmask8 m0 = row_mask(rl, 0), m1 = row_mask(rl, 1), m2 = row_mask(rl, 2), m3 = row_mask(rl, 3),
                   m4 = row_mask(rl, 4);
    /* A row with no rate lanes loads nothing; its offset is 0 so that no
     * pointer past the block is ever formed (rows 0 and 1 always have lanes:
     * the smallest rate, SHA3-512's 72 bytes, has 9). */
    const size_t o2 = m2 ? 80 : 0, o3 = m3 ? 120 : 0, o4 = m4 ? 160 : 0;
    __m512i a0, a1, a2, a3, a4;
    kz_load_rows(st, &a0, &a1, &a2, &a3, &a4);
    for (size_t b = 0; b < nblocks; b++, in += rate) {
        /* the block's lanes are little-endian 8-byte words, as the rows */
        a0 = _mm512_xor_si512(a0, _mm512_maskz_loadu_epi64(m0, in));
        a1 = _mm512_xor_si512(a1, _mm512_maskz_loadu_epi64(m1, in + 40));
        a2 = _mm512_xor_si512(a2, _mm512_maskz_loadu_epi64(m2, in + o2));
        a3 = _mm512_xor_si512(a3, _mm512_maskz_loadu_epi64(m3, in + o3));
        a4 = _mm512_xor_si512(a4, _mm512_maskz_loadu_epi64(m4, in + o4));
        kz_permute(&a0, &a1, &a2, &a3, &a4);
    }
    kz_store_rows(st, a0, a1, a2, a3, a4);
    return nblocks * rate;
}

void zkpi_keccak_hash64_avx512(const uint8_t *left, const uint8_t *right, uint8_t *out, uint64_t suffix) {
    /* row 0: lanes 0..3 from left, lane 4 = right's first lane; row 1:
     * right's lanes 1..3 and the suffix (lane 8); row 3: the final padding
     * bit in lane 16. All input is read before out is written. */
    __m512i a0 = _mm512_maskz_loadu_epi64(0x0F, left);
    a0 = _mm512_mask_broadcastq_epi64(a0, 0x10, _mm_loadl_epi64((const __m128i *)right));
    __m512i a1 = _mm512_mask_set1_epi64(_mm512_maskz_loadu_epi64(0x07, right + 8), 0x08, (long long)suffix);
    __m512i a2 = _mm512_setzero_si512();
    __m512i a3 = _mm512_maskz_set1_epi64(0x02, (long long)0x8000000000000000ULL);
    __m512i a4 = _mm512_setzero_si512();
    kz_permute(&a0, &a1, &a2, &a3, &a4);
    _mm256_storeu_si256((__m256i *)out, _mm512_castsi512_si256(a0));
}
