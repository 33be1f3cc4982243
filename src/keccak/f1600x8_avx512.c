/*
 * Keccak-f[1600] on 8 independent states with AVX-512: one zmm register per
 * lane holds that lane of all 8 states (st[lane * 8 + i]).
 *
 * Per round and per 8 states (KECCAK_VEC_ROUND_TF, theta first): theta's
 * column parities are xor + 3-way xor (vpternlogq 0x96) + xor each, its
 * effect D[x] a vprolq and a vpxorq per column, XORed into the 25 lanes in
 * place; rho is a single vprolq per lane (none for lane 0); chi is one
 * vpternlogq per lane (a ^ (~b & c), imm 0xD2). 100 vector instructions, of
 * which 30 vpternlogq. On Zen 4 this measured faster than the 90-instruction
 * form that folds theta's effect into 3-way XORs (60 vpternlogq, and C and D
 * live through all five planes, so more spills): docs/keccak-kernels.md.
 *
 * Built with only the AVX-512 flags (zkp_add_kernel(AVX512 ...)); callers
 * must check the "avx512" level (AVX2 + AVX512F/VL/BW/DQ) first.
 */
#include <immintrin.h>

#include "core/simd_msan.h" /* the MSan constant-time build only */
#include "core/util.h"
#include "keccak/f1600.h"

typedef __m512i V;
#define V_XOR(a, b) _mm512_xor_si512((a), (b))
/* xor, 3-way xor, xor: vpxorq writes a fresh register, so no input needs a
 * copy (two vpternlogq would overwrite a lane that is still live). */
#define V_XOR5(a, b, c, d, e)                                                                   \
    _mm512_xor_si512(_mm512_ternarylogic_epi64(_mm512_xor_si512((a), (b)), (c), (d), 0x96), (e))
#define V_ROL(a, r) _mm512_rol_epi64((a), (r))
#define V_CHI(a, b, c) _mm512_ternarylogic_epi64((a), (b), (c), 0xD2)
#include "keccak/f1600_vec_round_tmpl.h"

/* The 24 rounds on a state held in 25 registers (A; E is scratch). Forced
 * inline: as an ordinary call (two callers) GCC passed A through the stack,
 * so every permutation copied the 1600-byte state in and out once more. */
ZKP_INLINE void kv8_permute(__m512i A[25]) {
    __m512i E[25];
    /* Two rounds per iteration so the A -> E -> A renaming needs no copies.
     * Four rounds per iteration and the full 24 both measured slower on Zen 4
     * (docs/keccak-kernels.md). */
    for (int r = 0; r < 24; r += 2) {
        KECCAK_VEC_ROUND_TF(A, E, _mm512_set1_epi64((long long)zkpi_keccak_rc[r]));
        KECCAK_VEC_ROUND_TF(E, A, _mm512_set1_epi64((long long)zkpi_keccak_rc[r + 1]));
    }
}

void zkpi_keccakf1600x8_avx512(uint64_t *st) {
    __m512i A[25];
    #pragma GCC unroll 25
    for (int i = 0; i < 25; i++) A[i] = _mm512_loadu_si512((const void *)(st + 8 * i));
    kv8_permute(A);
    #pragma GCC unroll 25
    for (int i = 0; i < 25; i++) _mm512_storeu_si512((void *)(st + 8 * i), A[i]);
}

/* ---- lane movers for the x8 layout (hash_many's absorb and squeeze) ------ */

/* Transposes an 8x8 matrix of u64 held as 8 rows: in three shuffle stages
 * (64-bit unpack, then 128-bit and 256-bit chunk shuffles), 24 shuffles.
 * A transpose is its own inverse, so absorb and squeeze share it. */
static inline void transpose8(__m512i r[8]) {
    __m512i t[8], u[8];
    for (int i = 0; i < 8; i += 2) {
        t[i] = _mm512_unpacklo_epi64(r[i], r[i + 1]);     /* r_i[2k], r_i+1[2k] */
        t[i + 1] = _mm512_unpackhi_epi64(r[i], r[i + 1]); /* r_i[2k+1], r_i+1[2k+1] */
    }
    for (int h = 0; h < 8; h += 4)
        for (int o = 0; o < 2; o++) {
            /* chunks 0,2 and 1,3 of (t[h+o], t[h+o+2]): element pairs 4 apart */
            u[h + 2 * o] = _mm512_shuffle_i64x2(t[h + o], t[h + o + 2], 0x88);
            u[h + 2 * o + 1] = _mm512_shuffle_i64x2(t[h + o], t[h + o + 2], 0xDD);
        }
    /* u[0]: elements 0,4 of rows 0-3; u[1]: 2,6; u[2]: 1,5; u[3]: 3,7; u[4..7]: rows 4-7 */
    r[0] = _mm512_shuffle_i64x2(u[0], u[4], 0x88);
    r[4] = _mm512_shuffle_i64x2(u[0], u[4], 0xDD);
    r[2] = _mm512_shuffle_i64x2(u[1], u[5], 0x88);
    r[6] = _mm512_shuffle_i64x2(u[1], u[5], 0xDD);
    r[1] = _mm512_shuffle_i64x2(u[2], u[6], 0x88);
    r[5] = _mm512_shuffle_i64x2(u[2], u[6], 0xDD);
    r[3] = _mm512_shuffle_i64x2(u[3], u[7], 0x88);
    r[7] = _mm512_shuffle_i64x2(u[3], u[7], 0xDD);
}

/* XORs lanes 0..nlanes-1 of input i (8 little-endian bytes each; x86 is
 * little-endian, so a u64 load is the lane) into instance i. Blocks of up to
 * 8 lanes go through one transpose; a short block uses masked loads, which
 * never touch bytes past lane nlanes - 1. */
void zkpi_keccakx8_xor_lanes_avx512(uint64_t *st, const uint8_t *const in[8], size_t nlanes) {
    for (size_t l = 0; l < nlanes; l += 8) {
        size_t cnt = nlanes - l < 8 ? nlanes - l : 8;
        __mmask8 m = (__mmask8)((1u << cnt) - 1);
        __m512i r[8];
        for (int i = 0; i < 8; i++) r[i] = _mm512_maskz_loadu_epi64(m, in[i] + 8 * l);
        transpose8(r);
        for (size_t j = 0; j < cnt; j++) {
            uint64_t *p = st + 8 * (l + j);
            _mm512_storeu_si512((void *)p, _mm512_xor_si512(_mm512_loadu_si512((const void *)p), r[j]));
        }
    }
}

/* Writes lanes 0..nlanes-1 of instance i to out[i] (little-endian). */
void zkpi_keccakx8_extract_lanes_avx512(const uint64_t *st, uint8_t *const out[8], size_t nlanes) {
    for (size_t l = 0; l < nlanes; l += 8) {
        size_t cnt = nlanes - l < 8 ? nlanes - l : 8;
        __mmask8 m = (__mmask8)((1u << cnt) - 1);
        __m512i r[8];
        for (size_t j = 0; j < 8; j++)
            r[j] = j < cnt ? _mm512_loadu_si512((const void *)(st + 8 * (l + j))) : _mm512_setzero_si512();
        transpose8(r);
        for (int i = 0; i < 8; i++) _mm512_mask_storeu_epi64(out[i] + 8 * l, m, r[i]);
    }
}

/* Eight 64-byte messages (32 bytes at left[i], then 32 at right[i]) through the rate-136 sponge (Keccak-256 with suffix
 * 0x01, SHA3-256 with 0x06) into 32-byte digests, the state never leaving
 * registers: one transpose brings the 8 message lanes in, the padding is two
 * broadcast constants, and one transpose plus a 4-lane masked store per
 * output writes the digests. All input is read before any output is
 * written, so out[i] may alias left[i] or right[i]. */
void zkpi_keccakx8_hash64_avx512(const uint8_t *const left[8], const uint8_t *const right[8], uint8_t *const out[8],
                                 uint64_t suffix) {
    __m512i A[25];
    #pragma GCC unroll 8
    for (int i = 0; i < 8; i++)
        A[i] = _mm512_inserti64x4(_mm512_castsi256_si512(_mm256_loadu_si256((const __m256i *)(const void *)left[i])),
                                  _mm256_loadu_si256((const __m256i *)(const void *)right[i]), 1);
    transpose8(A);
    A[8] = _mm512_set1_epi64((long long)suffix);
    #pragma GCC unroll 17
    for (int i = 9; i < 25; i++) A[i] = _mm512_setzero_si512();
    A[16] = _mm512_set1_epi64((long long)0x8000000000000000ull); /* last rate byte: 0x80 */
    kv8_permute(A);
    __m512i d[8] = {A[0], A[1], A[2], A[3], _mm512_setzero_si512(), _mm512_setzero_si512(),
                    _mm512_setzero_si512(), _mm512_setzero_si512()};
    transpose8(d);
    #pragma GCC unroll 8
    for (int i = 0; i < 8; i++) _mm512_mask_storeu_epi64(out[i], 0x0F, d[i]);
}
