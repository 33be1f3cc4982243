/* Poseidon2 over BabyBear / KoalaBear, avx512 single-state kernel: the 16
 * lanes of a width-16 state in one zmm (single31_tmpl.h); width 24 goes to
 * the avx2 form (three ymm), which every AVX-512 CPU runs. */
#include "field31/monty31_avx512.h"

#define S_SWAP2(x) _mm512_shuffle_epi32((x), (_MM_PERM_ENUM)_MM_SHUFFLE(1, 0, 3, 2))
#define S_SWAP1(x) _mm512_shuffle_epi32((x), (_MM_PERM_ENUM)_MM_SHUFFLE(2, 3, 0, 1))
#define S_ROT1(x) _mm512_shuffle_epi32((x), (_MM_PERM_ENUM)_MM_SHUFFLE(0, 3, 2, 1))
#define S_ODD(x) _mm512_shuffle_epi32((x), (_MM_PERM_ENUM)_MM_SHUFFLE(3, 3, 1, 1))
#define S_BLEND0(a, b) _mm512_mask_blend_epi32((__mmask16)1, (a), (b))
#define S_BLEND_EVEN(a, b) _mm512_mask_blend_epi32((__mmask16)0x5555, (a), (b))
#define S_ZERO0(a) _mm512_maskz_mov_epi32((__mmask16)0xfffe, (a))
#define S_LANE0(a) ((uint32_t)_mm_cvtsi128_si32(_mm512_castsi512_si128(a)))

/* the four 128-bit blocks summed: block i plus block i ^ 2, then i ^ 1 */
ZKP_INLINE V s_blocksum(V x, const f31v_field *f) {
    V u = f31v_add(x, _mm512_shuffle_i32x4(x, x, _MM_SHUFFLE(1, 0, 3, 2)), f);
    return f31v_add(u, _mm512_shuffle_i32x4(u, u, _MM_SHUFFLE(2, 3, 0, 1)), f);
}
#define S_BLOCKSUM(x, f) s_blocksum((x), (f))

#include "poseidon2/single31_tmpl.h"

void zkpi_p2_31_single_avx512(const zkpi_p2_inst *in, uint32_t *state) {
    if (in->t == 16) s_single(in, state);
#if ZKP_HAVE_AVX2
    else zkpi_p2_31_single_avx2(in, state);
#else
    else zkpi_p2_31_batch_portable(in, state, 1);
#endif
}
