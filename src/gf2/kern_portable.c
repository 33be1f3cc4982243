/*
 * Portable gf2 kernel: no carry-less instruction. A limb pair is a struct
 * of two uint64_t, one lane. The 64x64 carry-less product is built from
 * integer multiplications with "holes" (BearSSL's idea): with operands
 * split into 4 interleaved bit classes (every 4th bit), each integer
 * product of two classes has at most 8 terms per bit position, so sums
 * never carry into the next position of the same class; masking keeps
 * the parity bits. 32x32 -> 64 this way costs 16 multiplies; Karatsuba
 * on 32-bit halves gives 64x64 -> 128 in three of those. No branch or
 * table lookup depends on the operands.
 */
#include "gf2/gf2_internal.h"

typedef struct { uint64_t lo, hi; } V;

static inline uint64_t bmul32(uint64_t x, uint64_t y) {
    const uint64_t m0 = 0x1111111111111111u, m1 = m0 << 1, m2 = m0 << 2, m3 = m0 << 3;
    uint64_t x0 = x & m0, x1 = x & m1, x2 = x & m2, x3 = x & m3;
    uint64_t y0 = y & m0, y1 = y & m1, y2 = y & m2, y3 = y & m3;
    uint64_t z0 = (x0 * y0) ^ (x1 * y3) ^ (x2 * y2) ^ (x3 * y1);
    uint64_t z1 = (x0 * y1) ^ (x1 * y0) ^ (x2 * y3) ^ (x3 * y2);
    uint64_t z2 = (x0 * y2) ^ (x1 * y1) ^ (x2 * y0) ^ (x3 * y3);
    uint64_t z3 = (x0 * y3) ^ (x1 * y2) ^ (x2 * y1) ^ (x3 * y0);
    return (z0 & m0) | (z1 & m1) | (z2 & m2) | (z3 & m3);
}

static inline V clmul64(uint64_t a, uint64_t b) {
    uint64_t a0 = a & 0xffffffffu, a1 = a >> 32, b0 = b & 0xffffffffu, b1 = b >> 32;
    uint64_t lo = bmul32(a0, b0), hi = bmul32(a1, b1);
    uint64_t mid = bmul32(a0 ^ a1, b0 ^ b1) ^ lo ^ hi;
    V r = {lo ^ (mid << 32), hi ^ (mid >> 32)};
    return r;
}

static inline V v_make(uint64_t lo, uint64_t hi) { V r = {lo, hi}; return r; }

#define V_LANES 1
#define TMPL_CHAINS 2
#define TMPL_SUFFIX portable
#define V_ZERO() v_make(0, 0)
#define V_XOR(a, b) v_xor((a), (b))
#define V_AND(a, b) v_and((a), (b))
#define V_CLMUL(a, b, imm) clmul64(((imm) & 1) ? (a).hi : (a).lo, ((imm) & 0x10) ? (b).hi : (b).lo)
#define V_SLL(a, k) v_make((a).lo << (k), (a).hi << (k))
#define V_SRL(a, k) v_make((a).lo >> (k), (a).hi >> (k))
#define V_UP(a) v_make(0, (a).lo)
#define V_DOWN(a) v_make((a).hi, 0)
#define V_ALIGN(h, l) v_make((l).hi, (h).lo)
#define V_UNPLO(a, b) v_make((a).lo, (b).lo)
#define V_UNPHI(a, b) v_make((a).hi, (b).hi)
#define V_CONST(l0, l1) v_make((l0), (l1))
#define V_MASK1(a) v_mask1(a)
#define V_LD2(P, o) v_make((P)[0][(o)], (P)[0][(o) + 1])
#define V_LD1(P, o) v_make((P)[0][(o)], 0)
#define V_ST2(P, o, v) ((P)[0][(o)] = (v).lo, (P)[0][(o) + 1] = (v).hi)
#define V_ST1(P, o, v) ((P)[0][(o)] = (v).lo)

static inline V v_xor(V a, V b) { return v_make(a.lo ^ b.lo, a.hi ^ b.hi); }
static inline V v_and(V a, V b) { return v_make(a.lo & b.lo, a.hi & b.hi); }
static inline V v_mask1(V a) { uint64_t m = (uint64_t)0 - (a.hi & 1); return v_make(m, m); }

#include "gf2/gf2_tmpl.h"
