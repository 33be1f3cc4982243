/*
 * Keccak-f[1600] on ONE state with AVX-512 (F + VL for the 512-bit forms
 * of vprolvq / vpermt2q / vpternlogq), 5 lanes per zmm register.
 *
 * The layout alternates between two forms within each round:
 *   row form     R[y] holds A[x][y] in qword x   (theta, rho need this)
 *   column form  K[x] holds A[x][y] in qword y   (chi needs this)
 * (qwords 5..7 are never read; they hold whatever the shuffles leave.)
 *
 * Pi maps lane (x, y) to (y, 2x + 3y): row y of the input becomes column y
 * of the output. So after rho, one in-register permutation per row turns
 * the row form into the column form (no data crosses registers), chi is
 * then 5 vpternlogq with no shuffles at all, and one 5x5 transposition (12
 * two-source permutes, 3 deep) brings the state back to row form for the
 * next theta. Per round: 19 permutes + 19 logic ops, against ~130 scalar
 * operations in a scalar kernel; it only pays if the shuffle port keeps up
 * (see docs/keccak-extra.md for the measurement).
 */
#include <immintrin.h>

#include "keccak/f1600_extra.h"

#define KX_IDX(a, b, c, d, e, f, g, h) _mm512_set_epi64((h), (g), (f), (e), (d), (c), (b), (a))

void zkp_keccakf1600_avx512vl(uint64_t st[25]) {
    /* Rho offsets per row form register: r[y][x] for lane x + 5y. */
    const __m512i rho0 = KX_IDX(0, 1, 62, 28, 27, 0, 0, 0);
    const __m512i rho1 = KX_IDX(36, 44, 6, 55, 20, 0, 0, 0);
    const __m512i rho2 = KX_IDX(3, 10, 43, 25, 39, 0, 0, 0);
    const __m512i rho3 = KX_IDX(41, 45, 15, 21, 8, 0, 0, 0);
    const __m512i rho4 = KX_IDX(18, 2, 61, 56, 14, 0, 0, 0);
    /* Pi: column y gets R[y][x] at qword 2x + 3y, i.e. qword p reads
     * x = 3p + y (mod 5). */
    const __m512i pi0 = KX_IDX(0, 3, 1, 4, 2, 5, 6, 7);
    const __m512i pi1 = KX_IDX(1, 4, 2, 0, 3, 5, 6, 7);
    const __m512i pi2 = KX_IDX(2, 0, 3, 1, 4, 5, 6, 7);
    const __m512i pi3 = KX_IDX(3, 1, 4, 2, 0, 5, 6, 7);
    const __m512i pi4 = KX_IDX(4, 2, 0, 3, 1, 5, 6, 7);
    /* Theta: C[x - 1] and C[x + 1] moved to qword x. */
    const __m512i xm1 = KX_IDX(4, 0, 1, 2, 3, 5, 6, 7);
    const __m512i xp1 = KX_IDX(1, 2, 3, 4, 0, 5, 6, 7);
    /* Transposition K -> R (indices 8.. pick the second operand). */
    const __m512i t_lo = KX_IDX(0, 8, 1, 9, 2, 10, 3, 11);     /* K_a[0..3] / K_b[0..3] interleaved */
    const __m512i t_q4 = KX_IDX(4, 12, 4, 12, 4, 12, 4, 12);   /* K_a[4], K_b[4] */
    const __m512i t_r01 = KX_IDX(0, 1, 8, 9, 2, 3, 10, 11);    /* rows 0, 1 of x = 0..3 */
    const __m512i t_r23 = KX_IDX(4, 5, 12, 13, 6, 7, 14, 15);  /* rows 2, 3 */
    const __m512i t_r1 = KX_IDX(2, 3, 10, 11, 2, 3, 10, 11);   /* row 1 of x = 0..3 */
    const __m512i t_r3 = KX_IDX(6, 7, 14, 15, 6, 7, 14, 15);   /* row 3 */
    const __m512i t_k0 = _mm512_set1_epi64(0), t_k1 = _mm512_set1_epi64(1), t_k2 = _mm512_set1_epi64(2);
    const __m512i t_k3 = _mm512_set1_epi64(3), t_k4 = _mm512_set1_epi64(4);

    __m512i r0 = _mm512_maskz_loadu_epi64(0x1F, st + 0);
    __m512i r1 = _mm512_maskz_loadu_epi64(0x1F, st + 5);
    __m512i r2 = _mm512_maskz_loadu_epi64(0x1F, st + 10);
    __m512i r3 = _mm512_maskz_loadu_epi64(0x1F, st + 15);
    __m512i r4 = _mm512_maskz_loadu_epi64(0x1F, st + 20);

    for (int round = 0; round < 24; round++) {
        /* theta: C = xor of the rows; every row ^= C[x-1] ^ rotl(C[x+1], 1) */
        __m512i c = _mm512_ternarylogic_epi64(_mm512_ternarylogic_epi64(r0, r1, r2, 0x96), r3, r4, 0x96);
        __m512i cm = _mm512_permutexvar_epi64(xm1, c);
        __m512i cp = _mm512_rol_epi64(_mm512_permutexvar_epi64(xp1, c), 1);
        r0 = _mm512_ternarylogic_epi64(r0, cm, cp, 0x96);
        r1 = _mm512_ternarylogic_epi64(r1, cm, cp, 0x96);
        r2 = _mm512_ternarylogic_epi64(r2, cm, cp, 0x96);
        r3 = _mm512_ternarylogic_epi64(r3, cm, cp, 0x96);
        r4 = _mm512_ternarylogic_epi64(r4, cm, cp, 0x96);
        /* rho, then pi into column form */
        __m512i k0 = _mm512_permutexvar_epi64(pi0, _mm512_rolv_epi64(r0, rho0));
        __m512i k1 = _mm512_permutexvar_epi64(pi1, _mm512_rolv_epi64(r1, rho1));
        __m512i k2 = _mm512_permutexvar_epi64(pi2, _mm512_rolv_epi64(r2, rho2));
        __m512i k3 = _mm512_permutexvar_epi64(pi3, _mm512_rolv_epi64(r3, rho3));
        __m512i k4 = _mm512_permutexvar_epi64(pi4, _mm512_rolv_epi64(r4, rho4));
        /* chi across column registers: K[x] ^= ~K[x+1] & K[x+2] */
        __m512i n0 = _mm512_ternarylogic_epi64(k0, k1, k2, 0xD2);
        __m512i n1 = _mm512_ternarylogic_epi64(k1, k2, k3, 0xD2);
        __m512i n2 = _mm512_ternarylogic_epi64(k2, k3, k4, 0xD2);
        __m512i n3 = _mm512_ternarylogic_epi64(k3, k4, k0, 0xD2);
        __m512i n4 = _mm512_ternarylogic_epi64(k4, k0, k1, 0xD2);
        /* iota: lane (0, 0) is qword 0 of K[0] */
        n0 = _mm512_mask_xor_epi64(n0, 0x01, n0, _mm512_set1_epi64((long long)zkp_kx_rc[round]));
        /* transpose back to row form */
        __m512i a01 = _mm512_permutex2var_epi64(n0, t_lo, n1);
        __m512i a23 = _mm512_permutex2var_epi64(n2, t_lo, n3);
        __m512i b01 = _mm512_permutex2var_epi64(n0, t_q4, n1);
        __m512i b23 = _mm512_permutex2var_epi64(n2, t_q4, n3);
        /* column 4 goes in by a blend of a broadcast made off the critical path */
        r0 = _mm512_mask_blend_epi64(0x10, _mm512_permutex2var_epi64(a01, t_r01, a23), _mm512_permutexvar_epi64(t_k0, n4));
        r1 = _mm512_mask_blend_epi64(0x10, _mm512_permutex2var_epi64(a01, t_r1, a23), _mm512_permutexvar_epi64(t_k1, n4));
        r2 = _mm512_mask_blend_epi64(0x10, _mm512_permutex2var_epi64(a01, t_r23, a23), _mm512_permutexvar_epi64(t_k2, n4));
        r3 = _mm512_mask_blend_epi64(0x10, _mm512_permutex2var_epi64(a01, t_r3, a23), _mm512_permutexvar_epi64(t_k3, n4));
        r4 = _mm512_mask_blend_epi64(0x10, _mm512_permutex2var_epi64(b01, t_r01, b23), _mm512_permutexvar_epi64(t_k4, n4));
    }
    _mm512_mask_storeu_epi64(st + 0, 0x1F, r0);
    _mm512_mask_storeu_epi64(st + 5, 0x1F, r1);
    _mm512_mask_storeu_epi64(st + 10, 0x1F, r2);
    _mm512_mask_storeu_epi64(st + 15, 0x1F, r3);
    _mm512_mask_storeu_epi64(st + 20, 0x1F, r4);
}
