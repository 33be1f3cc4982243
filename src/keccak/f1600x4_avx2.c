/*
 * Four Keccak-f[1600] states at once with AVX2: lane l of the four states is
 * one 256-bit vector (interleaved layout st[4*l + i], f1600.h). The round is
 * the generated generic one (f1600_round.h) over __m256i; AVX2 has no 64-bit
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
#include "keccak/f1600_round.h"

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

#define V_LOAD(v, i) v = _mm256_loadu_si256((const __m256i *)(st + 4 * (i)))
#define V_STORE(v, i) _mm256_storeu_si256((__m256i *)(st + 4 * (i)), v)
#define V_ROUND(A, E, r) KECCAK_ROUND(__m256i, A, E, _mm256_set1_epi64x((long long)zkp_keccak_rc[r]), V_XOR, V_ANDN, V_ROL)

void zkp_keccakf1600x4_avx2(uint64_t *st) {
    KECCAK_DECLARE_LANES(__m256i, a);
    KECCAK_DECLARE_LANES(__m256i, e);
    KECCAK_FOR_LANES(V_LOAD, a)
    for (int r = 0; r < 24; r += 2) {
        V_ROUND(a, e, r);
        V_ROUND(e, a, r + 1);
    }
    KECCAK_FOR_LANES(V_STORE, a)
}

/* In: r[i] = lanes l..l+3 of instance i. Out: r[j] = lane l+j of instances 0..3. */
static inline void transpose4(__m256i r[4]) {
    __m256i t0 = _mm256_unpacklo_epi64(r[0], r[1]);  /* r0.0 r1.0 r0.2 r1.2 */
    __m256i t1 = _mm256_unpackhi_epi64(r[0], r[1]);  /* r0.1 r1.1 r0.3 r1.3 */
    __m256i t2 = _mm256_unpacklo_epi64(r[2], r[3]);
    __m256i t3 = _mm256_unpackhi_epi64(r[2], r[3]);
    r[0] = _mm256_permute2x128_si256(t0, t2, 0x20);
    r[1] = _mm256_permute2x128_si256(t1, t3, 0x20);
    r[2] = _mm256_permute2x128_si256(t0, t2, 0x31);
    r[3] = _mm256_permute2x128_si256(t1, t3, 0x31);
}

void zkp_keccakx4_xor_lanes_avx2(uint64_t *st, const uint8_t *const in[4], size_t nlanes) {
    size_t l = 0;
    for (; l + 4 <= nlanes; l += 4) {
        __m256i r[4];
        for (int i = 0; i < 4; i++) r[i] = _mm256_loadu_si256((const __m256i *)(in[i] + 8 * l));
        transpose4(r);
        for (int j = 0; j < 4; j++) {
            __m256i *p = (__m256i *)(st + 4 * (l + j));
            _mm256_storeu_si256(p, _mm256_xor_si256(_mm256_loadu_si256(p), r[j]));
        }
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

void zkp_keccakx4_extract_lanes_avx2(const uint64_t *st, uint8_t *const out[4], size_t nlanes) {
    size_t l = 0;
    for (; l + 4 <= nlanes; l += 4) {
        __m256i r[4];
        for (int j = 0; j < 4; j++) r[j] = _mm256_loadu_si256((const __m256i *)(st + 4 * (l + j)));
        transpose4(r);  /* a 4x4 transpose is its own inverse */
        for (int i = 0; i < 4; i++) _mm256_storeu_si256((__m256i *)(out[i] + 8 * l), r[i]);
    }
    for (; l < nlanes; l++)
        for (int i = 0; i < 4; i++) memcpy(out[i] + 8 * l, &st[4 * l + i], 8);
}
