/* Poseidon2 over BabyBear / KoalaBear, avx2 kernel: one state per 32-bit lane. */
#include "field31/monty31_avx2.h"

/* whole groups of 8 states in and out by 8 x 8 transposes (tr8.h) */
#define P2_TR_UNLO32 _mm256_unpacklo_epi32
#define P2_TR_UNHI32 _mm256_unpackhi_epi32
#define P2_TR_UNLO64 _mm256_unpacklo_epi64
#define P2_TR_UNHI64 _mm256_unpackhi_epi64
#define P2_TR_COMBINE(lo, hi, k) _mm256_permute2x128_si256((lo), (hi), (k) ? 0x31 : 0x20)
#define P2_TR_LOAD_ROW(p, t) V_LOADU(p)
#define P2_TR_STORE_ROW(p, t, v) V_STOREU((p), (v))
#include "poseidon2/tr8.h"

#define TMPL_SUFFIX avx2
#include "poseidon2/perm31_tmpl.h"
