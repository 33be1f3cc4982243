/*
 * Keccak-f[1600] on 2 independent states with WebAssembly SIMD128: one v128
 * per lane holds that lane of both states (st[lane * 2 + i], f1600.h's x2
 * layout). Compiled into the js package's SIMD modules only (js/build.sh
 * builds them with clang -msimd128, which defines __wasm_simd128__); there
 * dispatch.c makes it the multi-lane kernel, so hash_batch, hash_batch_ptrs
 * and the trees' levels run two states at a time. Elsewhere the file is
 * empty (the native build does not list it in sources.cmake).
 *
 * SIMD128 has no rotate, and i64x2.shl / i64x2.shr_u take one count for
 * both 64-bit lanes; both states rotate a Keccak lane by the same rho
 * amount, so rotl is shl | shr_u with immediate counts. chi's ~b & c is
 * v128.andnot. The 25 state vectors live in locals (the arrays below are
 * fully unrolled), which V8 allocates to xmm registers and spill slots.
 */
#include "keccak/f1600.h"

#if ZKPI_KECCAK_WASM_X2
#include <wasm_simd128.h>

#include "core/util.h"

typedef v128_t V;
#define V_ROTL(x, n) wasm_v128_or(wasm_i64x2_shl((x), (n)), wasm_u64x2_shr((x), 64 - (n)))
#define V_XOR(a, b) wasm_v128_xor((a), (b))
#define V_XOR5(a, b, c, d, e) wasm_v128_xor(wasm_v128_xor(wasm_v128_xor((a), (b)), wasm_v128_xor((c), (d))), (e))
#define V_THETA_D(cl, cr) wasm_v128_xor((cl), V_ROTL((cr), 1))
/* r is a literal; lane 0 (r = 0) is theta alone (a shift by 64 would be
 * taken mod 64 and give x | x). */
#define V_XROT(a, d, r) ((r) == 0 ? wasm_v128_xor((a), (d)) : V_ROTL(wasm_v128_xor((a), (d)), (r) == 0 ? 1 : (r)))
/* a ^ (~b & c); wasm's andnot(x, y) is x & ~y */
#define V_CHI(a, b, c) wasm_v128_xor((a), wasm_v128_andnot((c), (b)))
#include "keccak/f1600_vec_round_tmpl.h"

/* 24 rounds on A, one per loop iteration with E copied back: under V8
 * (node 20, CPU time, minimum of 9 runs of 50000) 431-442 ns for the two
 * states against 609-654 ns for the two-round ping-pong (A -> E -> A) and
 * 352-376 ns for one state of the portable kernel; the theta-first round
 * (KECCAK_VEC_ROUND_TF) measured the same as this one. */
static inline void x2_rounds(V A[25]) {
    V E[25];
    for (int r = 0; r < 24; r++) {
        KECCAK_VEC_ROUND(A, E, wasm_i64x2_splat((int64_t)zkpi_keccak_rc[r]));
        for (int i = 0; i < 25; i++) A[i] = E[i];
    }
}

/* One copy of the rounds in the module (hash64 calls it too): 2.4 KB of
 * gzip less than inlining them twice, which zkprim/keccak's budget needs. */
static ZKP_NOINLINE void x2_permute(uint64_t *st) {
    V A[25];
    for (int i = 0; i < 25; i++) A[i] = wasm_v128_load(st + 2 * i);
    x2_rounds(A);
    for (int i = 0; i < 25; i++) wasm_v128_store(st + 2 * i, A[i]);
}

void zkpi_keccakf1600x2_wasm(uint64_t *st) { x2_permute(st); }

/* ---- lane movers (hash_many's absorb and squeeze) ------------------------- */
/* WebAssembly is little-endian and v128.load takes any alignment: one
 * 16-byte load per input covers lanes l and l + 1, and two shuffles pair
 * them up by lane ([a_l, b_l], [a_l+1, b_l+1]); the same pair undoes it. */
void zkpi_keccakx2_xor_lanes_wasm(uint64_t *st, const uint8_t *const in[2], size_t nlanes) {
    size_t l = 0;
    for (; l + 2 <= nlanes; l += 2) {
        V a = wasm_v128_load(in[0] + 8 * l), b = wasm_v128_load(in[1] + 8 * l);
        wasm_v128_store(st + 2 * l, V_XOR(wasm_v128_load(st + 2 * l), wasm_i64x2_shuffle(a, b, 0, 2)));
        wasm_v128_store(st + 2 * l + 2, V_XOR(wasm_v128_load(st + 2 * l + 2), wasm_i64x2_shuffle(a, b, 1, 3)));
    }
    if (l < nlanes) {
        V v = wasm_i64x2_make((int64_t)zkpi_load64_le(in[0] + 8 * l), (int64_t)zkpi_load64_le(in[1] + 8 * l));
        wasm_v128_store(st + 2 * l, V_XOR(wasm_v128_load(st + 2 * l), v));
    }
}

void zkpi_keccakx2_extract_lanes_wasm(const uint64_t *st, uint8_t *const out[2], size_t nlanes) {
    size_t l = 0;
    for (; l + 2 <= nlanes; l += 2) {
        V x = wasm_v128_load(st + 2 * l), y = wasm_v128_load(st + 2 * l + 2);
        wasm_v128_store(out[0] + 8 * l, wasm_i64x2_shuffle(x, y, 0, 2));
        wasm_v128_store(out[1] + 8 * l, wasm_i64x2_shuffle(x, y, 1, 3));
    }
    if (l < nlanes) {
        zkpi_store64_le(out[0] + 8 * l, st[2 * l]);
        zkpi_store64_le(out[1] + 8 * l, st[2 * l + 1]);
    }
}

/* Two rate-136 hashes of exactly 64 bytes, left[i][0..32) || right[i][0..32)
 * (Merkle parents, OZ tree levels; the halves need not be adjacent, f1600.h):
 * the state is built directly (eight message lanes, the suffix in lane 8,
 * the final padding bit in lane 16, the rest zero), permuted, and four
 * lanes stored. Every input byte is read before the first output byte is
 * written (out may be or overlap an input). */
void zkpi_keccakx2_hash64_wasm(const uint8_t *const left[2], const uint8_t *const right[2], uint8_t *const out[2],
                               uint64_t suffix) {
    uint64_t st[50];
    for (int l = 0; l < 8; l += 2) {
        const int h = l >= 4; /* lanes 0-3 from the left half, 4-7 from the right */
        const uint8_t *p0 = h ? right[0] : left[0], *p1 = h ? right[1] : left[1];
        V a = wasm_v128_load(p0 + 8 * (l - 4 * h)), b = wasm_v128_load(p1 + 8 * (l - 4 * h));
        wasm_v128_store(st + 2 * l, wasm_i64x2_shuffle(a, b, 0, 2));
        wasm_v128_store(st + 2 * l + 2, wasm_i64x2_shuffle(a, b, 1, 3));
    }
    for (int l = 8; l < 25; l++) wasm_v128_store(st + 2 * l, wasm_i64x2_splat(0));
    wasm_v128_store(st + 16, wasm_i64x2_splat((int64_t)suffix));
    wasm_v128_store(st + 32, wasm_i64x2_splat((int64_t)0x8000000000000000ULL));
    x2_permute(st);
    for (int l = 0; l < 4; l += 2) {
        V x = wasm_v128_load(st + 2 * l), y = wasm_v128_load(st + 2 * l + 2);
        wasm_v128_store(out[0] + 8 * l, wasm_i64x2_shuffle(x, y, 0, 2));
        wasm_v128_store(out[1] + 8 * l, wasm_i64x2_shuffle(x, y, 1, 3));
    }
}
#else
/* ISO C wants a declaration in every translation unit. */
typedef int zkpi_keccak_no_wasm_x2;
#endif
