/*
 * One Keccak-f[1600] round (theta, rho, pi, chi, iota) written once over
 * abstract vector operations, shared by the NEON, SHA3 and AVX-512 kernels.
 * Lanes are numbered x + 5*y. A kernel file defines before including:
 *
 *   KX_VEC                   the vector type
 *   KX_XOR5(a, b, c, d, e)   a ^ b ^ c ^ d ^ e               (theta column parity)
 *   KX_THETA_D(cl, cr)       cl ^ rotl(cr, 1)                (theta effect)
 *   KX_XROT(a, d, r)         rotl(a ^ d, r), 0 <= r < 64     (theta apply + rho)
 *   KX_CHI(a, b, c)          a ^ (~b & c)                    (chi)
 *   KX_XOR(a, b)             a ^ b                           (iota)
 *
 * and then uses KX_ROUND(A, E, RC) with A and E arrays of 25 vectors (E may
 * not alias A) and RC the round constant already broadcast to a vector.
 *
 * A kernel with a 3-input XOR may define, before including, KX_XROT3(a, cl,
 * d, r) = rotl(a ^ cl ^ d, r) together with KX_THETA_D(cl, cr) = rotl(cr, 1)
 * (and no KX_XROT): theta's effect then stays split in its two halves,
 * C[x-1] and rotl(C[x+1], 1), which each lane takes in one instruction,
 * saving the 5 per-column XORs.
 *
 * Pi is folded into the indexing: output lane x + 5y reads the input lane
 * ((x + 3y) mod 5) + 5x, so no separate data movement happens; the table
 * below was derived from that rule and the rho offsets of FIPS 202 3.2.2.
 */
#ifndef ZKPRIM_KECCAK_F1600_EXTRA_ROUND_H
#define ZKPRIM_KECCAK_F1600_EXTRA_ROUND_H

#ifndef KX_XROT3
#define KX_XROT3(a, cl, d, r) KX_XROT((a), (d), (r))
#endif
/* C[x-1] for theta column x (names of KX_ROUND's locals). */
#define KX_CL0 C4
#define KX_CL1 C0
#define KX_CL2 C1
#define KX_CL3 C2
#define KX_CL4 C3

/* Plane y of the output: (source lane, its theta D index, rho offset) x 5. */
#define KX_PLANE(A, E, y, s0, d0, r0, s1, d1, r1, s2, d2, r2, s3, d3, r3, s4, d4, r4) \
    do {                                                                                   \
        B0 = KX_XROT3(A[s0], KX_CL##d0, D##d0, r0);                                        \
        B1 = KX_XROT3(A[s1], KX_CL##d1, D##d1, r1);                                        \
        B2 = KX_XROT3(A[s2], KX_CL##d2, D##d2, r2);                                        \
        B3 = KX_XROT3(A[s3], KX_CL##d3, D##d3, r3);                                        \
        B4 = KX_XROT3(A[s4], KX_CL##d4, D##d4, r4);                                        \
        E[5 * (y) + 0] = KX_CHI(B0, B1, B2);                                               \
        E[5 * (y) + 1] = KX_CHI(B1, B2, B3);                                               \
        E[5 * (y) + 2] = KX_CHI(B2, B3, B4);                                               \
        E[5 * (y) + 3] = KX_CHI(B3, B4, B0);                                               \
        E[5 * (y) + 4] = KX_CHI(B4, B0, B1);                                               \
    } while (0)

#define KX_ROUND(A, E, RC)                                                         \
    do {                                                                                   \
        KX_VEC C0 = KX_XOR5(A[0], A[5], A[10], A[15], A[20]);                              \
        KX_VEC C1 = KX_XOR5(A[1], A[6], A[11], A[16], A[21]);                              \
        KX_VEC C2 = KX_XOR5(A[2], A[7], A[12], A[17], A[22]);                              \
        KX_VEC C3 = KX_XOR5(A[3], A[8], A[13], A[18], A[23]);                              \
        KX_VEC C4 = KX_XOR5(A[4], A[9], A[14], A[19], A[24]);                              \
        KX_VEC D0 = KX_THETA_D(C4, C1);                                                    \
        KX_VEC D1 = KX_THETA_D(C0, C2);                                                    \
        KX_VEC D2 = KX_THETA_D(C1, C3);                                                    \
        KX_VEC D3 = KX_THETA_D(C2, C4);                                                    \
        KX_VEC D4 = KX_THETA_D(C3, C0);                                                    \
        KX_VEC B0, B1, B2, B3, B4;                                                         \
        KX_PLANE(A, E, 0,  0, 0,  0,  6, 1, 44, 12, 2, 43, 18, 3, 21, 24, 4, 14);          \
        KX_PLANE(A, E, 1,  3, 3, 28,  9, 4, 20, 10, 0,  3, 16, 1, 45, 22, 2, 61);          \
        KX_PLANE(A, E, 2,  1, 1,  1,  7, 2,  6, 13, 3, 25, 19, 4,  8, 20, 0, 18);          \
        KX_PLANE(A, E, 3,  4, 4, 27,  5, 0, 36, 11, 1, 10, 17, 2, 15, 23, 3, 56);          \
        KX_PLANE(A, E, 4,  2, 2, 62,  8, 3, 55, 14, 4, 39, 15, 0, 41, 21, 1,  2);          \
        E[0] = KX_XOR(E[0], RC);                                                           \
    } while (0)

#endif
