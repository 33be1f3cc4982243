/*
 * b256 <-> ghash2 isomorphism: public API, dispatch and the portable kernel.
 *
 * Path: include/zkprim/gf2_iso.h -> zkp_gf2_*_to_* (here) -> kernel table
 * (avx2, portable) -> apply() over the generated tables in iso_tables.c.
 */
#include "zkprim/gf2_iso.h"

#include "core/util.h"
#include "gf2/iso_internal.h"

const zkp_gf2iso_kernel zkp_gf2iso_kernels[] = {
#if ZKP_HAVE_AVX2
    {{"avx2", ZKP_CPU_AVX2, ZKP_HAVE_AVX2}, zkp_gf2iso_apply_avx2},
#endif
    {{"portable", 0, 1}, zkp_gf2iso_apply_portable},
};
const size_t zkp_gf2iso_kernel_count = ZKP_ARRAY_LEN(zkp_gf2iso_kernels);

static _Atomic uint64_t k_cache;

static const zkp_gf2iso_kernel *pick(void) {
    return &zkp_gf2iso_kernels[zkp_dispatch_pick(&k_cache, zkp_gf2iso_kernels, sizeof zkp_gf2iso_kernels[0],
                                                 (unsigned)zkp_gf2iso_kernel_count)];
}

/* ---- portable kernel ------------------------------------------------------- */

ZKP_INLINE void xor4(uint64_t acc[4], const uint64_t e[4]) {
    acc[0] ^= e[0];
    acc[1] ^= e[1];
    acc[2] ^= e[2];
    acc[3] ^= e[3];
}

/* Two accumulators so consecutive windows' XOR chains are independent; the
 * 52 loads are independent of each other, so the core overlaps them. */
ZKP_INLINE void apply_one(uint8_t *out, const uint8_t *in, const uint64_t (*tab)[4]) {
    uint64_t a[4] = {0, 0, 0, 0}, b[4] = {0, 0, 0, 0};
    uint64_t x[4];
    for (int l = 0; l < 4; l++) x[l] = zkp_load64_le(in + 8 * l);  /* all loads before any store: out may be in */
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC unroll 4
#endif
    for (int l = 0; l < 4; l++) {
        const uint64_t (*t)[4] = tab + l * ZKP_GF2ISO_LIMB_ENTRIES;
        uint64_t v = x[l];
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC unroll 6
#endif
        for (int w = 0; w < 12; w += 2) {
            xor4(a, t[w * 32 + ((v >> (5 * w)) & 31)]);
            xor4(b, t[(w + 1) * 32 + ((v >> (5 * w + 5)) & 31)]);
        }
        xor4(l & 1 ? b : a, t[12 * 32 + (v >> 60)]);
    }
    for (int i = 0; i < 4; i++) zkp_store64_le(out + 8 * i, a[i] ^ b[i]);
}

void zkp_gf2iso_apply_portable(uint8_t *out, const uint8_t *in, size_t n, const uint64_t (*tab)[4]) {
    for (size_t i = 0; i < n; i++) apply_one(out + 32 * i, in + 32 * i, tab);
}

/* ---- public API ------------------------------------------------------------------ */

void zkp_gf2_b256_to_ghash2(uint8_t out[32], const uint8_t in[32]) {
    pick()->apply(out, in, 1, zkp_gf2iso_fwd_tab);
}

void zkp_gf2_ghash2_to_b256(uint8_t out[32], const uint8_t in[32]) {
    pick()->apply(out, in, 1, zkp_gf2iso_inv_tab);
}

zkp_status zkp_gf2_b256_to_ghash2_batch(uint8_t *out, const uint8_t *in, size_t n) {
    if (n == 0) return ZKP_OK;
    if (!out || !in) return ZKP_ERR_NULL;
    pick()->apply(out, in, n, zkp_gf2iso_fwd_tab);
    return ZKP_OK;
}

zkp_status zkp_gf2_ghash2_to_b256_batch(uint8_t *out, const uint8_t *in, size_t n) {
    if (n == 0) return ZKP_OK;
    if (!out || !in) return ZKP_ERR_NULL;
    pick()->apply(out, in, n, zkp_gf2iso_inv_tab);
    return ZKP_OK;
}

const char *zkp_gf2_iso_implementation(void) { return pick()->info.name; }

void zkp_gf2_iso_root(uint8_t out[32]) {
    for (int i = 0; i < 4; i++) zkp_store64_le(out + 8 * i, zkp_gf2iso_root[i]);
}
