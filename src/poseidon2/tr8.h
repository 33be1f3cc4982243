/*
 * The 8 x 8 transpose of 32-bit elements for the batch kernels' loads and
 * stores of whole states (batch31_avx2.c, batch31_avx512.c): the kernel
 * file defines, before including it,
 *   P2_TR_UNLO32 / P2_TR_UNHI32 / P2_TR_UNLO64 / P2_TR_UNHI64 (unpacks of
 *     its vector type V within 128-bit blocks), P2_TR_COMBINE(lo, hi, k);
 *   P2_TR_LOAD_ROW(p, t): the vector of row l of a block (state l's 8
 *     elements from p, and state l + 8's at p + 8 t for 16 lanes) and
 *     P2_TR_STORE_ROW(p, t, v) its inverse;
 * and gets the template's P2_LOAD_STATES / P2_STORE_STATES (perm31_tmpl.h).
 */
#ifndef ZKPRIM_POSEIDON2_TR8_H
#define ZKPRIM_POSEIDON2_TR8_H
/* The transpose of 32-bit elements in r[0..7] (within each 256-bit
 * half, for the 512-bit form): two stages of unpacks, then the 128-bit
 * blocks put together by COMBINE(lo, hi, k) (k = 0 the low blocks, 1 the
 * high ones). Its own inverse. */
#define P2_TR8(VT, UNLO32, UNHI32, UNLO64, UNHI64, COMBINE, r)                                    \
    do {                                                                                         \
        VT t_[8], u_[8];                                                                         \
        for (int j_ = 0; j_ < 8; j_ += 2) {                                                      \
            t_[j_] = UNLO32(r[j_], r[j_ + 1]);                                                   \
            t_[j_ + 1] = UNHI32(r[j_], r[j_ + 1]);                                               \
        }                                                                                        \
        for (int h_ = 0; h_ < 8; h_ += 4) {                                                      \
            u_[h_] = UNLO64(t_[h_], t_[h_ + 2]);                                                 \
            u_[h_ + 1] = UNHI64(t_[h_], t_[h_ + 2]);                                             \
            u_[h_ + 2] = UNLO64(t_[h_ + 1], t_[h_ + 3]);                                         \
            u_[h_ + 3] = UNHI64(t_[h_ + 1], t_[h_ + 3]);                                         \
        }                                                                                        \
        for (int j_ = 0; j_ < 4; j_++) {                                                         \
            r[j_] = COMBINE(u_[j_], u_[j_ + 4], 0);                                              \
            r[j_ + 4] = COMBINE(u_[j_], u_[j_ + 4], 1);                                          \
        }                                                                                        \
    } while (0)

/* V_LANES whole states of t elements (t a multiple of 8) into s[0..t-1],
 * one element per vector, and back: per block of 8 elements, 8 rows and
 * one transpose. */
#define P2_TR8_V(r) P2_TR8(V, P2_TR_UNLO32, P2_TR_UNHI32, P2_TR_UNLO64, P2_TR_UNHI64, P2_TR_COMBINE, r)
ZKP_INLINE void p2_load_states(V *s, const uint32_t *src, unsigned t) {
    for (unsigned b = 0; b < t; b += 8) {
        V *r = s + b;
        for (unsigned l = 0; l < 8; l++) r[l] = P2_TR_LOAD_ROW(src + l * t + b, t);
        P2_TR8_V(r);
    }
}
ZKP_INLINE void p2_store_states(uint32_t *dst, const V *s, unsigned t) {
    for (unsigned b = 0; b < t; b += 8) {
        V r[8];
        for (unsigned l = 0; l < 8; l++) r[l] = s[b + l];
        P2_TR8_V(r);
        for (unsigned l = 0; l < 8; l++) P2_TR_STORE_ROW(dst + l * t + b, t, r[l]);
    }
}
#define P2_LOAD_STATES(s, src, t) p2_load_states((s), (src), (t))
#define P2_STORE_STATES(dst, s, t) p2_store_states((dst), (s), (t))

#endif
