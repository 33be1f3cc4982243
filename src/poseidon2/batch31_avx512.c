/* Poseidon2 over BabyBear / KoalaBear, avx512 kernel: one state per 32-bit lane. */
#include "field31/monty31_avx512.h"

/* whole groups of 16 states in and out by 8 x 8 transposes (tr8.h): row l
 * of a block holds state l's 8 elements in its low half, state l + 8's in
 * its high half; the combine takes 128-bit blocks (lo.0, hi.0, lo.2, hi.2)
 * for k = 0, (lo.1, hi.1, lo.3, hi.3) for k = 1 */
#define P2_TR_UNLO32 _mm512_unpacklo_epi32
#define P2_TR_UNHI32 _mm512_unpackhi_epi32
#define P2_TR_UNLO64 _mm512_unpacklo_epi64
#define P2_TR_UNHI64 _mm512_unpackhi_epi64
#define P2_TR_COMBINE(lo, hi, k)                                                                 \
    _mm512_permutex2var_epi64((lo), (k) ? _mm512_setr_epi64(2, 3, 10, 11, 6, 7, 14, 15)          \
                                        : _mm512_setr_epi64(0, 1, 8, 9, 4, 5, 12, 13),           \
                              (hi))
#define P2_TR_HALF(p) _mm256_loadu_si256((const __m256i *)(const void *)(p))
#define P2_TR_LOAD_ROW(p, t) _mm512_inserti64x4(_mm512_castsi256_si512(P2_TR_HALF(p)), P2_TR_HALF((p) + 8 * (t)), 1)
#define P2_TR_STORE_ROW(p, t, v)                                                                 \
    (_mm256_storeu_si256((__m256i *)(void *)(p), _mm512_castsi512_si256(v)),                     \
     _mm256_storeu_si256((__m256i *)(void *)((p) + 8 * (t)), _mm512_extracti64x4_epi64((v), 1)))
#include "poseidon2/tr8.h"

#define TMPL_SUFFIX avx512
#include "poseidon2/perm31_tmpl.h"
