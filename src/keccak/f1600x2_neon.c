/*
 * Keccak-f[1600] on 2 independent states with NEON (ASIMD): one 128-bit
 * register per lane holds that lane of both states (st[lane * 2 + i]).
 *
 * Plain ARMv8.0 ASIMD has no vector rotate, so rotl(x, n) is SHL then SRI
 * (shift right and insert: two instructions, no OR), and chi's ~b & c is a
 * single BIC. The 25 state registers plus theta's 10 temporaries slightly
 * exceed the 32 vector registers, so the compiler spills a few per round.
 */
#include <arm_neon.h>

#include "keccak/f1600.h"

typedef uint64x2_t V;
#define V_ROTL(x, n) vsriq_n_u64(vshlq_n_u64((x), (n)), (x), 64 - (n))
#define V_XOR(a, b) veorq_u64((a), (b))
#define V_XOR5(a, b, c, d, e) veorq_u64(veorq_u64(veorq_u64((a), (b)), veorq_u64((c), (d))), (e))
#define V_THETA_D(cl, cr) veorq_u64((cl), V_ROTL((cr), 1))
static inline uint64x2_t kv_xrot0(uint64x2_t a, uint64x2_t d) { return veorq_u64(a, d); }
/* r is a literal; lane 0 (r = 0) must not go through SHL #0 / SRI #64. */
#define V_XROT(a, d, r) ((r) == 0 ? kv_xrot0((a), (d)) : V_ROTL(veorq_u64((a), (d)), (r) == 0 ? 1 : (r)))
#define V_CHI(a, b, c) veorq_u64((a), vbicq_u64((c), (b)))
#include "keccak/f1600_vec_round_tmpl.h"

void zkpi_keccakf1600x2_neon(uint64_t *st) {
    uint64x2_t A[25], E[25];
    #pragma GCC unroll 25
    for (int i = 0; i < 25; i++) A[i] = vld1q_u64(st + 2 * i);
    for (int r = 0; r < 24; r += 2) {
        KECCAK_VEC_ROUND(A, E, vdupq_n_u64(zkpi_keccak_rc[r]));
        KECCAK_VEC_ROUND(E, A, vdupq_n_u64(zkpi_keccak_rc[r + 1]));
    }
    #pragma GCC unroll 25
    for (int i = 0; i < 25; i++) vst1q_u64(st + 2 * i, A[i]);
}

/* ---- lane movers for the x2 layout (hash_many's absorb and squeeze) ------ */
/* Also used with the SHA3 x2 kernel (same layout; SHA3 implies NEON).
 * One 16-byte load per input covers two lanes; ZIP1/ZIP2 interleave the two
 * inputs into lane l and lane l+1 of the state, and the same pair undoes it
 * for the digest. */

/* 16 input bytes as two little-endian u64 lanes on either byte order. */
static inline uint64x2_t kv_load_le(const uint8_t *p) {
    uint8x16_t b = vld1q_u8(p);
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
    b = vrev64q_u8(b);
#endif
    return vreinterpretq_u64_u8(b);
}

static inline void kv_store_le(uint8_t *p, uint64x2_t v) {
    uint8x16_t b = vreinterpretq_u8_u64(v);
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
    b = vrev64q_u8(b);
#endif
    vst1q_u8(p, b);
}

static inline uint64_t kv_load1_le(const uint8_t *p) {
    uint64_t v = 0;
    for (int i = 0; i < 8; i++) v |= (uint64_t)p[i] << (8 * i);
    return v;
}

void zkpi_keccakx2_xor_lanes_neon(uint64_t *st, const uint8_t *const in[2], size_t nlanes) {
    size_t l = 0;
    for (; l + 2 <= nlanes; l += 2) {
        uint64x2_t a = kv_load_le(in[0] + 8 * l), b = kv_load_le(in[1] + 8 * l);
        vst1q_u64(st + 2 * l, veorq_u64(vld1q_u64(st + 2 * l), vzip1q_u64(a, b)));
        vst1q_u64(st + 2 * l + 2, veorq_u64(vld1q_u64(st + 2 * l + 2), vzip2q_u64(a, b)));
    }
    if (l < nlanes) {
        st[2 * l] ^= kv_load1_le(in[0] + 8 * l);
        st[2 * l + 1] ^= kv_load1_le(in[1] + 8 * l);
    }
}

void zkpi_keccakx2_extract_lanes_neon(const uint64_t *st, uint8_t *const out[2], size_t nlanes) {
    size_t l = 0;
    for (; l + 2 <= nlanes; l += 2) {
        uint64x2_t x = vld1q_u64(st + 2 * l), y = vld1q_u64(st + 2 * l + 2);
        kv_store_le(out[0] + 8 * l, vzip1q_u64(x, y));
        kv_store_le(out[1] + 8 * l, vzip2q_u64(x, y));
    }
    for (; l < nlanes; l++)
        for (int i = 0; i < 2; i++)
            for (int k = 0; k < 8; k++) out[i][8 * l + k] = (uint8_t)(st[2 * l + i] >> (8 * k));
}
