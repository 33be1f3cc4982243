/*
 * Single-state Keccak-f[1600] with AVX-512 (F + VL): the 5x5 state in five
 * zmm registers, 5 of the 8 qword slots used (the other 3 carry harmless
 * junk: every operation is lane-wise or a permutation that only reads
 * slots 0..4, and every store is masked to 5 lanes).
 *
 * Two register layouts alternate, so that each of theta, rho, pi and chi is
 * lane-wise in one of them and only one cross-register shuffle is needed
 * per two rounds:
 *
 *   R  ("rows"):    register y, slot x        = lane (x, y)
 *   C  ("columns"): register X, slot Y        = lane (X, Y)
 *   L1 (diagonal):  register j, slot t        = lane (t, t - j)
 *
 * Even round, R -> C. Theta: column parities are two 3-way XORs
 *   (vpternlogq 0x96) of the five rows; C[x-1] and rotl(C[x+1], 1) are two
 *   vpermq (+1 vprolq) and each row takes both in one more 3-way XOR. Rho:
 *   one vprolvq per row. Pi sends (x, y) to (y, 2x + 3y): row y becomes
 *   column y with its slots permuted (one vpermq per row, slot s <- x =
 *   3s + y). Chi is then lane-wise across registers: one vpternlogq (0xD2,
 *   a ^ (~b & c)) per column. Iota: one masked XOR into slot 0 of column 0.
 * Odd round, C -> R. Blends (vpblendmq, 4 per register) gather one lane of
 *   each column register into a diagonal; one vpermq per register (except
 *   j = 0) turns that into L1, where slot t holds column t again, so theta
 *   is as above and rho is one vprolvq with per-register counts. Pi maps
 *   register j of L1 to row 2j with its columns rotated by j, so chi reads
 *   the row three times through vpermq (x+j, x+1+j, x+2+j; two for j = 0)
 *   and writes row 2j in the R layout: the next even round starts aligned.
 *
 * 85 zmm instructions per two rounds (vs ~260 scalar ALU ops for one
 * round). Sapphire Rapids runs 512-bit ops on ports 0 and 5 only, so the
 * kernel is throughput-bound near 43 cycles per two rounds; vpermq (p5) and
 * the rotations (p0) are balanced against the ternlogs/blends (p0/p5).
 *
 * The lane/slot formulas above are the only source of the index tables
 * below (they were printed from those formulas; the tests compare this
 * kernel with the portable one on random states and through every KAT).
 *
 * Besides the bare permutation, the file offers two sponge helpers that
 * keep the state in registers: whole-block absorption (XOR each block's
 * rate lanes into the rows with masked unaligned loads, permute, repeat)
 * and the fixed-shape 64-byte hash. No entry needs any alignment; masked
 * loads never touch bytes outside the caller's buffers.
 */
#include <immintrin.h>

#include "keccak/f1600.h"

#define ROWMASK ((__mmask8)0x1F)

/* vpermq index vectors: ROT_m[x] = (x + m) mod 5 (slots 5..7 unused). */
static const uint64_t k_rot[5][8] __attribute__((aligned(64))) = {
    {0, 1, 2, 3, 4, 5, 6, 7}, {1, 2, 3, 4, 0, 5, 6, 7}, {2, 3, 4, 0, 1, 5, 6, 7},
    {3, 4, 0, 1, 2, 5, 6, 7}, {4, 0, 1, 2, 3, 5, 6, 7},
};
/* Rho counts in layout R: RHO0[y][x] = rho(x, y) (FIPS 202 offsets). */
static const uint64_t k_rho0[5][8] __attribute__((aligned(64))) = {
    {0, 1, 62, 28, 27, 0, 0, 0}, {36, 44, 6, 55, 20, 0, 0, 0}, {3, 10, 43, 25, 39, 0, 0, 0},
    {41, 45, 15, 21, 8, 0, 0, 0}, {18, 2, 61, 56, 14, 0, 0, 0},
};
/* Rho counts in layout L1: RHO1[j][t] = rho(t, (t - j) mod 5). */
static const uint64_t k_rho1[5][8] __attribute__((aligned(64))) = {
    {0, 44, 43, 21, 14, 0, 0, 0}, {18, 1, 6, 25, 8, 0, 0, 0}, {41, 2, 62, 55, 39, 0, 0, 0},
    {3, 45, 61, 28, 20, 0, 0, 0}, {36, 10, 15, 56, 27, 0, 0, 0},
};
/* Pi, R -> C: row y becomes column y; PI[y][s] = (3s + y) mod 5 is the
 * x whose lane lands in slot (row) s. */
static const uint64_t k_pi[5][8] __attribute__((aligned(64))) = {
    {0, 3, 1, 4, 2, 5, 6, 7}, {1, 4, 2, 0, 3, 5, 6, 7}, {2, 0, 3, 1, 4, 5, 6, 7},
    {3, 1, 4, 2, 0, 5, 6, 7}, {4, 2, 0, 3, 1, 5, 6, 7},
};

typedef struct kz_consts {
    __m512i rot1, rot2, rot3, rot4;
    __m512i rho0[5], rho1[5], pi[5];
} kz_consts;

static inline __attribute__((always_inline)) void kz_load_consts(kz_consts *k) {
    k->rot1 = _mm512_load_si512((const void *)k_rot[1]);
    k->rot2 = _mm512_load_si512((const void *)k_rot[2]);
    k->rot3 = _mm512_load_si512((const void *)k_rot[3]);
    k->rot4 = _mm512_load_si512((const void *)k_rot[4]);
    for (int i = 0; i < 5; i++) {
        k->rho0[i] = _mm512_load_si512((const void *)k_rho0[i]);
        k->rho1[i] = _mm512_load_si512((const void *)k_rho1[i]);
        k->pi[i] = _mm512_load_si512((const void *)k_pi[i]);
    }
}

#define XOR3(a, b, c) _mm512_ternarylogic_epi64((a), (b), (c), 0x96)
#define CHI(a, b, c) _mm512_ternarylogic_epi64((a), (b), (c), 0xD2) /* a ^ (~b & c) */
#define PERM(idx, v) _mm512_permutexvar_epi64((idx), (v))
#define BLEND(m, a, b) _mm512_mask_blend_epi64((__mmask8)(m), (a), (b)) /* m ? b : a */

/* Theta on five registers whose slot t holds column t (layouts R and L1). */
#define KZ_THETA(k, a0, a1, a2, a3, a4)                                                           \
    do {                                                                                          \
        __m512i c_ = XOR3(XOR3(a0, a1, a2), a3, a4);                                              \
        __m512i cm_ = PERM((k)->rot4, c_);                        /* C[x-1] */                    \
        __m512i cp_ = PERM((k)->rot1, _mm512_rol_epi64(c_, 1));   /* rotl(C[x+1], 1) */           \
        a0 = XOR3(a0, cm_, cp_);                                                                  \
        a1 = XOR3(a1, cm_, cp_);                                                                  \
        a2 = XOR3(a2, cm_, cp_);                                                                  \
        a3 = XOR3(a3, cm_, cp_);                                                                  \
        a4 = XOR3(a4, cm_, cp_);                                                                  \
    } while (0)

/* Two rounds (rc0 then rc1), R -> C -> R. */
static inline __attribute__((always_inline)) void kz_round2(const kz_consts *k, __m512i *r0, __m512i *r1,
                                                           __m512i *r2, __m512i *r3, __m512i *r4,
                                                           const uint64_t *rc) {
    __m512i a0 = *r0, a1 = *r1, a2 = *r2, a3 = *r3, a4 = *r4;
    /* ---- even round: layout R in, C out ---- */
    KZ_THETA(k, a0, a1, a2, a3, a4);
    /* rho, then pi: row y -> column y */
    __m512i b0 = PERM(k->pi[0], _mm512_rolv_epi64(a0, k->rho0[0]));
    __m512i b1 = PERM(k->pi[1], _mm512_rolv_epi64(a1, k->rho0[1]));
    __m512i b2 = PERM(k->pi[2], _mm512_rolv_epi64(a2, k->rho0[2]));
    __m512i b3 = PERM(k->pi[3], _mm512_rolv_epi64(a3, k->rho0[3]));
    __m512i b4 = PERM(k->pi[4], _mm512_rolv_epi64(a4, k->rho0[4]));
    /* chi across column registers; iota into lane (0, 0) */
    a0 = CHI(b0, b1, b2);
    a0 = _mm512_mask_xor_epi64(a0, 1, a0, _mm512_set1_epi64((long long)rc[0]));
    a1 = CHI(b1, b2, b3);
    a2 = CHI(b2, b3, b4);
    a3 = CHI(b3, b4, b0);
    a4 = CHI(b4, b0, b1);

    /* ---- odd round: layout C in, R out ---- */
    /* diagonal j: slot s from column register (s + j) mod 5; blends as a
     * two-level tree (slots 0/1 and 2/3 in parallel, then 4) */
#define KZ_DIAG(c0, c1, c2, c3, c4) BLEND(0x10, BLEND(0x0C, BLEND(0x02, c0, c1), BLEND(0x08, c2, c3)), c4)
    __m512i d0 = KZ_DIAG(a0, a1, a2, a3, a4);
    __m512i d1 = KZ_DIAG(a1, a2, a3, a4, a0);
    __m512i d2 = KZ_DIAG(a2, a3, a4, a0, a1);
    __m512i d3 = KZ_DIAG(a3, a4, a0, a1, a2);
    __m512i d4 = KZ_DIAG(a4, a0, a1, a2, a3);
#undef KZ_DIAG
    /* to L1: slot t <- slot (t - j) mod 5 */
    d1 = PERM(k->rot4, d1);
    d2 = PERM(k->rot3, d2);
    d3 = PERM(k->rot2, d3);
    d4 = PERM(k->rot1, d4);
    KZ_THETA(k, d0, d1, d2, d3, d4);
    d0 = _mm512_rolv_epi64(d0, k->rho1[0]);
    d1 = _mm512_rolv_epi64(d1, k->rho1[1]);
    d2 = _mm512_rolv_epi64(d2, k->rho1[2]);
    d3 = _mm512_rolv_epi64(d3, k->rho1[3]);
    d4 = _mm512_rolv_epi64(d4, k->rho1[4]);
    /* register j is now row 2j with column X' in slot X' + j: chi reads it
     * at x + j, x + 1 + j, x + 2 + j, writing row 2j aligned */
    __m512i e0 = CHI(d0, PERM(k->rot1, d0), PERM(k->rot2, d0));
    *r0 = _mm512_mask_xor_epi64(e0, 1, e0, _mm512_set1_epi64((long long)rc[1]));
    *r2 = CHI(PERM(k->rot1, d1), PERM(k->rot2, d1), PERM(k->rot3, d1));
    *r4 = CHI(PERM(k->rot2, d2), PERM(k->rot3, d2), PERM(k->rot4, d2));
    *r1 = CHI(PERM(k->rot3, d3), PERM(k->rot4, d3), d3);
    *r3 = CHI(PERM(k->rot4, d4), d4, PERM(k->rot1, d4));
}

/* 24 rounds on rows held in registers; two rounds per loop iteration keep
 * the code small (the layouts return to R every second round). */
static inline __attribute__((always_inline)) void kz_permute(const kz_consts *k, __m512i *a0, __m512i *a1,
                                                            __m512i *a2, __m512i *a3, __m512i *a4) {
    for (int r = 0; r < 24; r += 2) kz_round2(k, a0, a1, a2, a3, a4, zkp_keccak_rc + r);
}

void zkp_keccakf1600_avx512(uint64_t st[25]) {
    kz_consts k;
    kz_load_consts(&k);
    __m512i a0 = _mm512_maskz_loadu_epi64(ROWMASK, st);
    __m512i a1 = _mm512_maskz_loadu_epi64(ROWMASK, st + 5);
    __m512i a2 = _mm512_maskz_loadu_epi64(ROWMASK, st + 10);
    __m512i a3 = _mm512_maskz_loadu_epi64(ROWMASK, st + 15);
    __m512i a4 = _mm512_maskz_loadu_epi64(ROWMASK, st + 20);
    kz_permute(&k, &a0, &a1, &a2, &a3, &a4);
    _mm512_mask_storeu_epi64(st, ROWMASK, a0);
    _mm512_mask_storeu_epi64(st + 5, ROWMASK, a1);
    _mm512_mask_storeu_epi64(st + 10, ROWMASK, a2);
    _mm512_mask_storeu_epi64(st + 15, ROWMASK, a3);
    _mm512_mask_storeu_epi64(st + 20, ROWMASK, a4);
}

/* Mask of the rate lanes that fall in row y (rate in lanes, <= 25). */
static inline __mmask8 row_mask(unsigned rl, unsigned y) {
    if (rl <= 5 * y) return 0;
    unsigned n = rl - 5 * y;
    return (__mmask8)(n >= 5 ? 0x1F : (1u << n) - 1);
}

size_t zkp_keccak_absorb_avx512(uint64_t st[25], const uint8_t *in, size_t nblocks, unsigned rate) {
    kz_consts k;
    kz_load_consts(&k);
    const unsigned rl = rate / 8;
    const __mmask8 m0 = row_mask(rl, 0), m1 = row_mask(rl, 1), m2 = row_mask(rl, 2), m3 = row_mask(rl, 3),
                   m4 = row_mask(rl, 4);
    __m512i a0 = _mm512_maskz_loadu_epi64(ROWMASK, st);
    __m512i a1 = _mm512_maskz_loadu_epi64(ROWMASK, st + 5);
    __m512i a2 = _mm512_maskz_loadu_epi64(ROWMASK, st + 10);
    __m512i a3 = _mm512_maskz_loadu_epi64(ROWMASK, st + 15);
    __m512i a4 = _mm512_maskz_loadu_epi64(ROWMASK, st + 20);
    for (size_t b = 0; b < nblocks; b++, in += rate) {
        /* the block's lanes are little-endian 8-byte words, as the rows */
        a0 = _mm512_xor_si512(a0, _mm512_maskz_loadu_epi64(m0, in));
        a1 = _mm512_xor_si512(a1, _mm512_maskz_loadu_epi64(m1, in + 40));
        a2 = _mm512_xor_si512(a2, _mm512_maskz_loadu_epi64(m2, in + 80));
        a3 = _mm512_xor_si512(a3, _mm512_maskz_loadu_epi64(m3, in + 120));
        a4 = _mm512_xor_si512(a4, _mm512_maskz_loadu_epi64(m4, in + 160));
        kz_permute(&k, &a0, &a1, &a2, &a3, &a4);
    }
    _mm512_mask_storeu_epi64(st, ROWMASK, a0);
    _mm512_mask_storeu_epi64(st + 5, ROWMASK, a1);
    _mm512_mask_storeu_epi64(st + 10, ROWMASK, a2);
    _mm512_mask_storeu_epi64(st + 15, ROWMASK, a3);
    _mm512_mask_storeu_epi64(st + 20, ROWMASK, a4);
    return nblocks * rate;
}

void zkp_keccak_hash64_avx512(const uint8_t *left, const uint8_t *right, uint8_t *out, uint64_t suffix) {
    kz_consts k;
    kz_load_consts(&k);
    /* row 0: lanes 0..3 from left, lane 4 = right's first lane; row 1:
     * right's lanes 1..3 and the suffix (lane 8); row 3: the final padding
     * bit in lane 16. All input is read before out is written. */
    __m512i a0 = _mm512_maskz_loadu_epi64(0x0F, left);
    a0 = _mm512_mask_broadcastq_epi64(a0, 0x10, _mm_loadl_epi64((const __m128i *)right));
    __m512i a1 = _mm512_mask_set1_epi64(_mm512_maskz_loadu_epi64(0x07, right + 8), 0x08, (long long)suffix);
    __m512i a2 = _mm512_setzero_si512();
    __m512i a3 = _mm512_maskz_set1_epi64(0x02, (long long)0x8000000000000000ULL);
    __m512i a4 = _mm512_setzero_si512();
    kz_permute(&k, &a0, &a1, &a2, &a3, &a4);
    _mm256_storeu_si256((__m256i *)out, _mm512_castsi512_si256(a0));
}
