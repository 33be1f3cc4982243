/*
 * Keccak-f[1600] on 8 independent states with AVX-512: one zmm register per
 * lane holds that lane of all 8 states (st[lane * 8 + i]).
 *
 * Per round and per 8 states: theta's column parities are two vpternlogq
 * each (three-way XOR, imm 0x96), rho is a single vprolq per lane (no
 * shift/shift/or triple as in AVX2), and chi is one vpternlogq per lane
 * (a ^ (~b & c), imm 0xD2), so a round is about 95 vector instructions for
 * 8 states against roughly 130 scalar ALU operations for one.
 *
 * Built with only the AVX-512 flags (zkp_add_kernel(AVX512 ...)); callers
 * must check the "avx512" level (AVX2 + AVX512F/VL/BW/DQ) first.
 */
#include <immintrin.h>

#include "keccak/f1600.h"
#include "keccak/f1600_extra_round.h"

#define KX_VEC __m512i
#define KX_XOR(a, b) _mm512_xor_si512((a), (b))
#define KX_XOR5(a, b, c, d, e)                                                                   \
    _mm512_ternarylogic_epi64(_mm512_ternarylogic_epi64((a), (b), (c), 0x96), (d), (e), 0x96)
#define KX_THETA_D(cl, cr) _mm512_xor_si512((cl), _mm512_rol_epi64((cr), 1))
/* r is a literal; a rotation by 0 (lane 0) is left out rather than emitted. */
#define KX_XROT(a, d, r) ((r) == 0 ? _mm512_xor_si512((a), (d)) : _mm512_rol_epi64(_mm512_xor_si512((a), (d)), (r)))
#define KX_CHI(a, b, c) _mm512_ternarylogic_epi64((a), (b), (c), 0xD2)

void zkp_keccakf1600x8_avx512(uint64_t *st) {
    __m512i A[25], E[25];
    #pragma GCC unroll 25
    for (int i = 0; i < 25; i++) A[i] = _mm512_loadu_si512((const void *)(st + 8 * i));
    /* Two rounds per iteration so the A -> E -> A renaming needs no copies;
     * the loop is not unrolled further (code size, see docs/keccak-extra.md). */
    for (int r = 0; r < 24; r += 2) {
        KX_ROUND(A, E, _mm512_set1_epi64((long long)zkp_keccak_rc[r]));
        KX_ROUND(E, A, _mm512_set1_epi64((long long)zkp_keccak_rc[r + 1]));
    }
    #pragma GCC unroll 25
    for (int i = 0; i < 25; i++) _mm512_storeu_si512((void *)(st + 8 * i), A[i]);
}
