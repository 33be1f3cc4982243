/* Poseidon2 over BabyBear / KoalaBear, avx2 single-state kernel: a width-16
 * state in two ymm, width 24 in three (single31_tmpl.h). */
#include "field31/monty31_avx2.h"

#define S_SWAP2(x) _mm256_shuffle_epi32((x), _MM_SHUFFLE(1, 0, 3, 2))
#define S_SWAP1(x) _mm256_shuffle_epi32((x), _MM_SHUFFLE(2, 3, 0, 1))
#define S_ROT1(x) _mm256_shuffle_epi32((x), _MM_SHUFFLE(0, 3, 2, 1))
#define S_ODD(x) _mm256_shuffle_epi32((x), _MM_SHUFFLE(3, 3, 1, 1))
#define S_BLEND0(a, b) _mm256_blend_epi32((a), (b), 1)
#define S_BLEND_EVEN(a, b) _mm256_blend_epi32((a), (b), 0x55)
#define S_ZERO0(a) _mm256_blend_epi32((a), _mm256_setzero_si256(), 1)
#define S_LANE0(a) ((uint32_t)_mm_cvtsi128_si32(_mm256_castsi256_si128(a)))

/* the two 128-bit blocks summed: each plus the other */
ZKP_INLINE V s_blocksum(V x, const f31v_field *f) { return f31v_add(x, _mm256_permute2x128_si256(x, x, 1), f); }
#define S_BLOCKSUM(x, f) s_blocksum((x), (f))

#include "poseidon2/single31_tmpl.h"

void zkpi_p2_31_single_avx2(const zkpi_p2_inst *in, uint32_t *state) { s_single(in, state); }
