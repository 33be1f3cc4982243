/*
 * Template: the scalar Keccak-f[1600] permutation, shared by the portable
 * and the BMI2 kernel (the same C compiled with different flags: with
 * -mbmi/-mbmi2 the compiler turns ~b & c into ANDN and rotations into
 * flag-free RORX). Convention: docs/internals.md.
 *
 * Parameters, defined by the including file:
 *   TMPL_SUFFIX         kernel name suffix (required): defines
 *                       void zkpi_keccakf1600_<suffix>(uint64_t st[25])
 *   TMPL_CARRY_THETA    1: carry theta's column parities from one round's
 *                       chi into the next (KECCAK_ROUND_CARRY); saves ~120
 *                       instructions per permutation with BMI (ANDN leaves
 *                       registers free) but costs ~100 without it
 *   TMPL_LANE_COMPLEMENT 1: the lane-complementing round of f1600_lcomp.h
 *                       (6 NOTs a round instead of 25), for targets
 *                       without and-not (WebAssembly); lanes are
 *                       complemented on load and store, st[] stays plain;
 *                       also defines zkpi_keccak_absorb_<suffix> (the
 *                       sponge's block loop, lanes kept in locals), which
 *                       the permutation calls with no input
 * The lane type and operations of f1600_round_tmpl.h are plain uint64_t
 * ones, defined here.
 *
 * Lanes live in 50 named locals (A and E sets), so the compiler allocates
 * them to registers and spill slots rather than an array it must keep in
 * memory. ZKP_KECCAK_ROUNDS_PER_ITER (a build-wide tuning knob, -D) picks
 * the loop shape: 2 (default) or 4 rounds per iteration, or 24 (fully
 * unrolled); see docs/keccak.md for the measurement behind the default.
 * 1: one round per iteration, the E lanes copied back to A (the portable
 * kernel's shape in WebAssembly, f1600_portable.c: V8 runs it about 15%
 * faster than the two-round ping-pong, docs/js.md).
 */
#include <stdint.h>

#include "core/tmpl.h"
#include "core/util.h"
#include "keccak/f1600.h"

typedef uint64_t V;
#define V_XOR(a, b) ((a) ^ (b))
#define V_ANDN(a, b) (~(a) & (b))
#define V_ROL(a, n) (((a) << (n)) | ((a) >> (64 - (n))))
#include "keccak/f1600_round_tmpl.h"

#define KS_LOAD(v, i) v = st[i]
#define KS_STORE(v, i) st[i] = v
#ifndef TMPL_CARRY_THETA
#define TMPL_CARRY_THETA 0
#endif
#ifndef TMPL_LANE_COMPLEMENT
#define TMPL_LANE_COMPLEMENT 0
#endif
#if TMPL_LANE_COMPLEMENT
#include "keccak/f1600_lcomp.h"
#define V_AND(a, b) ((a) & (b))
#define V_OR(a, b) ((a) | (b))
#define V_NOT(a) (~(a))
#define KS_ROUND(A, E, r) KECCAK_ROUND_LC(A, E, zkpi_keccak_rc[r])
#define KS_INIT_C()
#define KS_FLIP(i) a##i = ~a##i;
#elif TMPL_CARRY_THETA
#define KS_ROUND(A, E, r) KECCAK_ROUND_CARRY(A, E, zkpi_keccak_rc[r])
#define KS_INIT_C()                                                                                \
    uint64_t C0 = a00 ^ a05 ^ a10 ^ a15 ^ a20, C1 = a01 ^ a06 ^ a11 ^ a16 ^ a21;                   \
    uint64_t C2 = a02 ^ a07 ^ a12 ^ a17 ^ a22, C3 = a03 ^ a08 ^ a13 ^ a18 ^ a23;                   \
    uint64_t C4 = a04 ^ a09 ^ a14 ^ a19 ^ a24;
#else
#define KS_ROUND(A, E, r) KECCAK_ROUND(A, E, zkpi_keccak_rc[r])
#define KS_INIT_C()
#endif

#ifndef ZKP_KECCAK_ROUNDS_PER_ITER
#define ZKP_KECCAK_ROUNDS_PER_ITER 2
#endif

#if ZKP_KECCAK_ROUNDS_PER_ITER == 1
#define KS_CP(i) a##i = e##i;
#if defined(__clang__)
#define KS_NO_UNROLL _Pragma("clang loop unroll(disable)")
#else
#define KS_NO_UNROLL
#endif
#define KS_LOOP()                                                                                  \
    KS_NO_UNROLL for (int r = 0; r < 24; r++) {                                                    \
        KS_ROUND(a, e, r);                                                                         \
        KS_CP(00) KS_CP(01) KS_CP(02) KS_CP(03) KS_CP(04) KS_CP(05) KS_CP(06) KS_CP(07) KS_CP(08)  \
        KS_CP(09) KS_CP(10) KS_CP(11) KS_CP(12) KS_CP(13) KS_CP(14) KS_CP(15) KS_CP(16) KS_CP(17)  \
        KS_CP(18) KS_CP(19) KS_CP(20) KS_CP(21) KS_CP(22) KS_CP(23) KS_CP(24)                      \
    }
#elif ZKP_KECCAK_ROUNDS_PER_ITER == 2
#define KS_LOOP()                                                                                  \
    for (int r = 0; r < 24; r += 2) {                                                              \
        KS_ROUND(a, e, r);                                                                         \
        KS_ROUND(e, a, r + 1);                                                                     \
    }
#elif ZKP_KECCAK_ROUNDS_PER_ITER == 4
#define KS_LOOP()                                                                                  \
    for (int r = 0; r < 24; r += 4) {                                                              \
        KS_ROUND(a, e, r);                                                                         \
        KS_ROUND(e, a, r + 1);                                                                     \
        KS_ROUND(a, e, r + 2);                                                                     \
        KS_ROUND(e, a, r + 3);                                                                     \
    }
#elif ZKP_KECCAK_ROUNDS_PER_ITER == 24
#define KS_LOOP()                                                                                  \
    _Pragma("GCC unroll 12") for (int r = 0; r < 24; r += 2) {                                     \
        KS_ROUND(a, e, r);                                                                         \
        KS_ROUND(e, a, r + 1);                                                                     \
    }
#else
#error "ZKP_KECCAK_ROUNDS_PER_ITER must be 1, 2, 4 or 24"
#endif

#if !TMPL_LANE_COMPLEMENT
void TMPL_NAME(zkpi_keccakf1600)(uint64_t st[25]) {
    KECCAK_DECLARE_LANES(a);
    KECCAK_DECLARE_LANES(e);
    KECCAK_FOR_LANES(KS_LOAD, a)
    KS_INIT_C()
    KS_LOOP()
    KECCAK_FOR_LANES(KS_STORE, a)
}
#else
/* the lane-complementing permutation is the absorb below with no input */
#endif

#if TMPL_LANE_COMPLEMENT
/* The sponge's whole-block loop (zkpi_keccak_kernel1.absorb) with the lanes
 * kept in locals from block to block: no store, reload and complementing of
 * the state per block. XOR into a complemented lane is the complement of
 * the XOR, so the input goes in as it is. rate is one of the sponge's
 * (72, 104, 136, 144, 168 bytes: 9, 13, 17, 18, 21 lanes), or 0: the
 * permutation alone, which is how the permutation below runs (one copy of
 * the rounds in the module; out of line, so it stays one). */
#define KS_IN(i) a##i ^= zkpi_load64_le(in + 8 * (1##i - 100));
ZKP_NOINLINE size_t TMPL_NAME(zkpi_keccak_absorb)(uint64_t st[25], const uint8_t *in, size_t nblocks,
                                                  unsigned rate) {
    KECCAK_DECLARE_LANES(a);
    KECCAK_DECLARE_LANES(e);
    KECCAK_FOR_LANES(KS_LOAD, a)
    KECCAK_LC_PATTERN(KS_FLIP)
    for (size_t b = 0; b < nblocks; b++, in += rate) {
        if (rate) {
            KS_IN(00) KS_IN(01) KS_IN(02) KS_IN(03) KS_IN(04) KS_IN(05) KS_IN(06) KS_IN(07) KS_IN(08)
        }
        if (rate > 72) {
            KS_IN(09) KS_IN(10) KS_IN(11) KS_IN(12)
        }
        if (rate > 104) {
            KS_IN(13) KS_IN(14) KS_IN(15) KS_IN(16)
        }
        if (rate > 136) {
            KS_IN(17)
        }
        if (rate > 144) {
            KS_IN(18) KS_IN(19) KS_IN(20)
        }
        KS_LOOP()
    }
    KECCAK_LC_PATTERN(KS_FLIP)
    KECCAK_FOR_LANES(KS_STORE, a)
    return nblocks * rate;
}

void TMPL_NAME(zkpi_keccakf1600)(uint64_t st[25]) {
    (void)TMPL_NAME(zkpi_keccak_absorb)(st, (const uint8_t *)st, 1, 0);
}
#endif
