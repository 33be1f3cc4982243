/*
 * Four Keccak-f[1600] states at once with AVX2: lane l of the four states is
 * one 256-bit vector (interleaved layout st[4*l + i], f1600.h). The round is
 * the generated generic one (f1600_round_tmpl.h) over __m256i; AVX2 has no 64-bit
 * rotate, so rotations are shift+shift+or, except 8 and 56, which move whole
 * bytes and are one VPSHUFB each. Two rounds per loop iteration, like the
 * scalar kernels.
 *
 * The lane movers transpose 4x4 blocks of 64-bit words with unpack + permute
 * so hash_many loads inputs and stores digests with vector loads/stores
 * instead of scalar staging.
 */
#include <immintrin.h>
#include <string.h>

#include "keccak/f1600.h"

typedef __m256i V;
#define V_XOR(a, b) _mm256_xor_si256((a), (b))
#define V_ANDN(a, b) _mm256_andnot_si256((a), (b))

static inline __m256i rol8(__m256i a) {
    /* byte j of each 64-bit word moves to j+1 (mod 8) */
    const __m256i m = _mm256_setr_epi8(7, 0, 1, 2, 3, 4, 5, 6, 15, 8, 9, 10, 11, 12, 13, 14,
                                       7, 0, 1, 2, 3, 4, 5, 6, 15, 8, 9, 10, 11, 12, 13, 14);
    return _mm256_shuffle_epi8(a, m);
}

static inline __m256i rol56(__m256i a) {
    const __m256i m = _mm256_setr_epi8(1, 2, 3, 4, 5, 6, 7, 0, 9, 10, 11, 12, 13, 14, 15, 8,
                                       1, 2, 3, 4, 5, 6, 7, 0, 9, 10, 11, 12, 13, 14, 15, 8);
    return _mm256_shuffle_epi8(a, m);
}

#define V_ROL(a, n)                                                                                \
    ((n) == 8 ? rol8(a)                                                                            \
     : (n) == 56 ? rol56(a)                                                                        \
                 : _mm256_or_si256(_mm256_slli_epi64((a), (n)), _mm256_srli_epi64((a), 64 - (n))))

#include "keccak/f1600_round_tmpl.h"

#define X4_LOAD(v, i) v = _mm256_loadu_si256((const __m256i *)(st + 4 * (i)))
#define X4_STORE(v, i) _mm256_storeu_si256((__m256i *)(st + 4 * (i)), v)
#define X4_ROUND(A, E, r) KECCAK_ROUND(A, E, _mm256_set1_epi64x((long long)zkpi_keccak_rc[r]))

#define X4_ROUNDS()                                                                                \
    for (int r = 0; r < 24; r += 2) {                                                              \
        X4_ROUND(a, e, r);                                                                         \
        X4_ROUND(e, a, r + 1);                                                                     \
    }

void zkpi_keccakf1600x4_avx2(uint64_t *st) {
    KECCAK_DECLARE_LANES(a);
    KECCAK_DECLARE_LANES(e);
    KECCAK_FOR_LANES(X4_LOAD, a)
    X4_ROUNDS()
    KECCAK_FOR_LANES(X4_STORE, a)
}

/* In: r0..r3 = lanes l..l+3 of instances 0..3. Out: r0..r3 = lanes l..l+3,
 * each holding instances 0..3 (a 4x4 transpose of 64-bit words, which is its
 * own inverse). Written out by hand: GCC -O2 spills an array version. */
#define TRANSPOSE4(r0, r1, r2, r3)                                                                 \
    do {                                                                                           \
        __m256i t0_ = _mm256_unpacklo_epi64(r0, r1); /* r0.0 r1.0 r0.2 r1.2 */                     \
        __m256i t1_ = _mm256_unpackhi_epi64(r0, r1); /* r0.1 r1.1 r0.3 r1.3 */                     \
        __m256i t2_ = _mm256_unpacklo_epi64(r2, r3);                                               \
        __m256i t3_ = _mm256_unpackhi_epi64(r2, r3);                                               \
        r0 = _mm256_permute2x128_si256(t0_, t2_, 0x20);                                            \
        r1 = _mm256_permute2x128_si256(t1_, t3_, 0x20);                                            \
        r2 = _mm256_permute2x128_si256(t0_, t2_, 0x31);                                            \
        r3 = _mm256_permute2x128_si256(t1_, t3_, 0x31);                                            \
    } while (0)

#define LOADU(p) _mm256_loadu_si256((const __m256i *)(const void *)(p))
#define STOREU(p, v) _mm256_storeu_si256((__m256i *)(void *)(p), v)

void zkpi_keccakx4_xor_lanes_avx2(uint64_t *st, const uint8_t *const in[4], size_t nlanes) {
    const uint8_t *i0 = in[0], *i1 = in[1], *i2 = in[2], *i3 = in[3];
    size_t l = 0;
    for (; l + 4 <= nlanes; l += 4) {
        __m256i r0 = LOADU(i0 + 8 * l), r1 = LOADU(i1 + 8 * l), r2 = LOADU(i2 + 8 * l), r3 = LOADU(i3 + 8 * l);
        TRANSPOSE4(r0, r1, r2, r3);
        uint64_t *s = st + 4 * l;
        STOREU(s, _mm256_xor_si256(LOADU(s), r0));
        STOREU(s + 4, _mm256_xor_si256(LOADU(s + 4), r1));
        STOREU(s + 8, _mm256_xor_si256(LOADU(s + 8), r2));
        STOREU(s + 12, _mm256_xor_si256(LOADU(s + 12), r3));
    }
    for (; l < nlanes; l++) {
        /* x86 is little-endian: the 8 input bytes read as a u64 are the lane */
        for (int i = 0; i < 4; i++) {
            uint64_t w;
            memcpy(&w, in[i] + 8 * l, 8);
            st[4 * l + i] ^= w;
        }
    }
}

void zkpi_keccakx4_extract_lanes_avx2(const uint64_t *st, uint8_t *const out[4], size_t nlanes) {
    uint8_t *o0 = out[0], *o1 = out[1], *o2 = out[2], *o3 = out[3];
    size_t l = 0;
    for (; l + 4 <= nlanes; l += 4) {
        const uint64_t *s = st + 4 * l;
        __m256i r0 = LOADU(s), r1 = LOADU(s + 4), r2 = LOADU(s + 8), r3 = LOADU(s + 12);
        TRANSPOSE4(r0, r1, r2, r3);
        STOREU(o0 + 8 * l, r0);
        STOREU(o1 + 8 * l, r1);
        STOREU(o2 + 8 * l, r2);
        STOREU(o3 + 8 * l, r3);
    }
    for (; l < nlanes; l++)
        for (int i = 0; i < 4; i++) memcpy(out[i] + 8 * l, &st[4 * l + i], 8);
}

/* Four fixed-shape 64-byte hashes (rate 136: Keccak-256 / SHA3-256 Merkle
 * parents) with the state never leaving registers: two 4x4 transposes load
 * the eight message lanes (four from each half), the padding lanes are constants, and one
 * transpose stores the four 32-byte digests. Every input is read before any
 * output is written (outputs may overlap inputs). */
void zkpi_keccakx4_hash64_avx2(const uint8_t *const left[4], const uint8_t *const right[4], uint8_t *const out[4],
                               uint64_t suffix) {
    KECCAK_DECLARE_LANES(a);
    KECCAK_DECLARE_LANES(e);
    const __m256i zero = _mm256_setzero_si256();
    a00 = LOADU(left[0]), a01 = LOADU(left[1]), a02 = LOADU(left[2]), a03 = LOADU(left[3]);
    TRANSPOSE4(a00, a01, a02, a03);
    a04 = LOADU(right[0]), a05 = LOADU(right[1]), a06 = LOADU(right[2]), a07 = LOADU(right[3]);
    TRANSPOSE4(a04, a05, a06, a07);
    a08 = _mm256_set1_epi64x((long long)suffix);
    a09 = a10 = a11 = a12 = a13 = a14 = a15 = zero;
    a16 = _mm256_set1_epi64x((long long)0x8000000000000000ULL);
    a17 = a18 = a19 = a20 = a21 = a22 = a23 = a24 = zero;
    X4_ROUNDS()
    TRANSPOSE4(a00, a01, a02, a03);
    STOREU(out[0], a00);
    STOREU(out[1], a01);
    STOREU(out[2], a02);
    STOREU(out[3], a03);
}
