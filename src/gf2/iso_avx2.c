/*
 * AVX2 kernel of the isomorphism: each table entry is one 256-bit row, so a
 * lookup is a single vpxor with a memory operand. Eight ymm accumulators (two
 * per input limb) keep the XOR chains short and independent; the kernel is
 * bound by the 52 loads and their offset arithmetic (183 instructions per
 * element), which is why a wider (AVX-512) variant would not help.
 */
#include <immintrin.h>

#include "core/util.h"
#include "gf2/iso_internal.h"

/* Byte offset of window w's entry: bits 5w..5w+4 of v times 32. A rotate
 * (one non-destructive rorx with BMI2) lines the window up with bits 5..9,
 * so the scaled index costs rorx + and, with no separate shift by 5. */
#define OFF(v, w) (((v) >> ((5 * (w) + 59) & 63) | (v) << ((69 - 5 * (w)) & 63)) & 0x3e0)
#define LK(acc, t, w, v) \
    acc = _mm256_xor_si256(acc, _mm256_load_si256((const __m256i *)((const char *)((t) + (w) * 32) + OFF(v, w))))

ZKP_INLINE __m256i limb_sum(const uint64_t (*t)[4], uint64_t v, __m256i acc) {
    /* Two chains inside a limb as well: 13 dependent XORs would be ~13
     * cycles of latency per limb otherwise. */
    __m256i s = _mm256_load_si256((const __m256i *)((const char *)(t + 12 * 32) + ((v >> 55 | v << 9) & 0x1e0)));
    LK(acc, t, 0, v); LK(s, t, 1, v); LK(acc, t, 2, v); LK(s, t, 3, v);
    LK(acc, t, 4, v); LK(s, t, 5, v); LK(acc, t, 6, v); LK(s, t, 7, v);
    LK(acc, t, 8, v); LK(s, t, 9, v); LK(acc, t, 10, v); LK(s, t, 11, v);
    return _mm256_xor_si256(acc, s);
}

void zkpi_gf2iso_apply_avx2(uint64_t *out, const uint64_t *in, size_t n, const uint64_t (*tab)[4]) {
    for (size_t i = 0; i < n; i++, in += 4, out += 4) {
        uint64_t x0 = in[0], x1 = in[1], x2 = in[2], x3 = in[3];
        __m256i z = _mm256_setzero_si256();
        __m256i a = limb_sum(tab, x0, z);
        __m256i b = limb_sum(tab + ZKP_GF2ISO_LIMB_ENTRIES, x1, z);
        __m256i c = limb_sum(tab + 2 * ZKP_GF2ISO_LIMB_ENTRIES, x2, z);
        __m256i d = limb_sum(tab + 3 * ZKP_GF2ISO_LIMB_ENTRIES, x3, z);
        _mm256_storeu_si256((__m256i *)out, _mm256_xor_si256(_mm256_xor_si256(a, b), _mm256_xor_si256(c, d)));
    }
}
