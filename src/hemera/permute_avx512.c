/* AVX-512 single-permutation kernels: M_E and the full rounds on two
 * __m512i holding the state transposed, Z0 = [w0 | w1], Z1 = [w2 | w3]
 * (256-bit halves) with w_k = {st[k], st[4+k], st[8+k], st[12+k]}; the
 * partial rounds are the scalar code of permute_tmpl.h (BMI2: mulx, shrx,
 * the asm binary-GCD loop), with the fifteen M_I updates per round moved to
 * the vector units (the side hook below). Vector code has no branches, so
 * the constant-time kernel shares all of it. */
#include <immintrin.h>

#include "goldilocks/gl_avx512.h"
#include "hemera/params.h"

/* The same index vectors map the natural layout to the transposed one and
 * back. */
ZKP_INLINE void hk_load_t(V z[2], const uint64_t s[16]) {
    const __m512i i0 = _mm512_set_epi64(13, 9, 5, 1, 12, 8, 4, 0);
    const __m512i i1 = _mm512_set_epi64(15, 11, 7, 3, 14, 10, 6, 2);
    V a = V_LOADU(s), b = V_LOADU(s + 8);
    z[0] = _mm512_permutex2var_epi64(a, i0, b);
    z[1] = _mm512_permutex2var_epi64(a, i1, b);
}

ZKP_INLINE void hk_store_t(uint64_t s[16], const V z[2]) {
    const __m512i i0 = _mm512_set_epi64(13, 9, 5, 1, 12, 8, 4, 0);
    const __m512i i1 = _mm512_set_epi64(15, 11, 7, 3, 14, 10, 6, 2);
    V_STOREU(s, _mm512_permutex2var_epi64(z[0], i0, z[1]));
    V_STOREU(s + 8, _mm512_permutex2var_epi64(z[0], i1, z[1]));
}

/* Round constants of vector j in the transposed order: [w_2j | w_2j+1]. */
ZKP_INLINE V hk_rc_t(const uint64_t *rc, int j) {
    const int k = 2 * j;
    return _mm512_set_epi64((long long)rc[12 + k + 1], (long long)rc[8 + k + 1], (long long)rc[4 + k + 1],
                            (long long)rc[k + 1], (long long)rc[12 + k], (long long)rc[8 + k],
                            (long long)rc[4 + k], (long long)rc[k]);
}

/* M4 lane-wise on the transposed pair (values small enough not to wrap):
 *   [y0|y1] = 2A + swap(A) + (B + swap(B)) + 2[w1|w2]
 *   [y2|y3] = 2B + swap(B) + (A + swap(A)) + 2[w3|w0]
 * with A = [w0|w1], B = [w2|w3]. */
ZKP_INLINE void hk_m4_t(V z[2]) {
    V a = z[0], b = z[1];
    V as = _mm512_shuffle_i64x2(a, a, 0x4E), bs = _mm512_shuffle_i64x2(b, b, 0x4E);
    V x = _mm512_shuffle_i64x2(a, b, 0x4E);  /* [w1 | w2] */
    V xb = _mm512_shuffle_i64x2(b, a, 0x4E); /* [w3 | w0] */
    V ta = V_ADD64(a, as), tb = V_ADD64(b, bs);
    z[0] = V_ADD64(V_ADD64(V_ADD64(a, a), as), V_ADD64(tb, V_ADD64(x, x)));
    z[1] = V_ADD64(V_ADD64(V_ADD64(b, b), bs), V_ADD64(ta, V_ADD64(xb, xb)));
}

/* each 256-bit half: every lane <- the sum of that half's four lanes */
ZKP_INLINE V hk_hsum_t(V v) {
    v = V_ADD64(v, _mm512_shuffle_i64x2(v, v, 0xB1));
    return V_ADD64(v, _mm512_shuffle_epi32(v, (_MM_PERM_ENUM)0x4E));
}

/* The fifteen M_I updates per partial round on two vectors (lane 0 of the
 * first held at zero): they run on the vector units while the scalar
 * inverse keeps the integer ports busy. Branch-free: shared by both kernels. */
typedef struct {
    V v0, v1; /* state[0..8] with lane 0 = 0, state[8..16] */
} hk_side_t;

/* sum of all lanes mod p (any u64 lanes): 32-bit halves summed exactly */
ZKP_INLINE uint64_t avx512_sum_lanes(V v0, V v1) {
    V L = V_ADD64(V_LO32(v0), V_LO32(v1));
    V H = V_ADD64(V_HI32(v0), V_HI32(v1));
    uint64_t l = (uint64_t)_mm512_reduce_add_epi64(L); /* < 2^37 */
    uint64_t h = (uint64_t)_mm512_reduce_add_epi64(H); /* < 2^37 */
    ZKP_VERIFY_CHECK(l >> 37 == 0 && h >> 37 == 0, "avx512_sum_lanes half sums < 2^37");
    return gl_recombine(l, h);
}

ZKP_INLINE uint64_t hk_side_init(hk_side_t *sd, uint64_t s[16]) {
    sd->v0 = _mm512_maskz_loadu_epi64(0xFE, s);
    sd->v1 = V_LOADU(s + 8);
    return avx512_sum_lanes(sd->v0, sd->v1);
}

ZKP_INLINE uint64_t hk_side_update(hk_side_t *sd, uint64_t sum) {
    const V d0 = _mm512_maskz_loadu_epi64(0xFE, zkpi_hemera_diag);
    const V d1 = V_LOADU(zkpi_hemera_diag + 8);
    const V c = V_SET1(sum);
    sd->v0 = _mm512_maskz_mov_epi64(0xFE, V_MULADD(sd->v0, d0, V_HI32_MULOP(d0), c));
    sd->v1 = V_MULADD(sd->v1, d1, V_HI32_MULOP(d1), c);
    return avx512_sum_lanes(sd->v0, sd->v1);
}

ZKP_INLINE void hk_side_store(const hk_side_t *sd, uint64_t s[16]) {
    _mm512_mask_storeu_epi64(s, 0xFE, sd->v0);
    V_STOREU(s + 8, sd->v1);
}

/* Trace rows: lanes 1..15 canonical, branch-free (both kernels). */
ZKP_INLINE void hk_side_store_canon(const hk_side_t *sd, uint64_t s[16]) {
    _mm512_mask_storeu_epi64(s, 0xFE, V_CANON(sd->v0));
    V_STOREU(s + 8, V_CANON(sd->v1));
}

/* M_E of rounds_tmpl.h on the transposed pair */
#define HR_WORDS 2
#define HR_COLS 2
#define HR_M4_ALL(x) hk_m4_t(x)
#define HR_COLSUM(y, k) hk_hsum_t((y)[k])

#define TMPL_SUFFIX avx512
#define TMPL_HAVE_VEC 1
#define TMPL_HAVE_SIDE 1
#include "hemera/permute_tmpl.h"
