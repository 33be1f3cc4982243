/*
 * b256 <-> ghash2 isomorphism: public API, dispatch and the portable kernel.
 *
 * Path: include/zkprim/gf2_iso.h -> zkp_gf2_*_to_* (here) -> kernel table
 * (avx2, portable) -> apply() over the generated tables in iso_tables.c.
 */
#include "zkprim/gf2_iso.h"

#include <string.h>

#include "core/util.h"
#include "gf2/iso_internal.h"

const zkpi_gf2iso_kernel zkpi_gf2iso_kernels[] = {
#if ZKP_HAVE_AVX2
    {{"avx2", ZKP_CPU_AVX2 | ZKP_CPU_BMI2, ZKP_HAVE_AVX2}, zkpi_gf2iso_apply_avx2},
#endif
    {{"portable", 0, 1}, zkpi_gf2iso_apply_portable},
};
const size_t zkpi_gf2iso_kernel_count = ZKP_ARRAY_LEN(zkpi_gf2iso_kernels);

static _Atomic uint64_t k_cache;

static const zkpi_gf2iso_kernel *pick(void) {
    return &zkpi_gf2iso_kernels[zkpi_dispatch_pick(&k_cache, zkpi_gf2iso_kernels, sizeof zkpi_gf2iso_kernels[0],
                                                 (unsigned)zkpi_gf2iso_kernel_count)];
}

/* ---- portable kernel ------------------------------------------------------- */

/* Byte offset of window w's entry inside its 32-entry block: bits
 * 5w..5w+4 of v times 32. A rotate lines the window up with bits 5..9, so
 * the scaled index is one rotate and one AND (ror on x86-64 and aarch64). */
#define ISO_OFF(v, w) ((size_t)(((v) >> ((5 * (w) + 59) & 63) | (v) << ((69 - 5 * (w)) & 63)) & 0x3e0))
#define ISO_OFF_TOP(v) ((size_t)(((v) >> 55 | (v) << 9) & 0x1e0))

#if defined(__GNUC__)
/* Generic 128-bit vectors: SSE2 on x86-64, NEON on aarch64, pairs of
 * scalar words elsewhere; the XOR of a 256-bit entry is then two vector
 * XORs instead of four scalar ones. */
typedef uint64_t iso_u64x2 __attribute__((vector_size(16)));
typedef struct { iso_u64x2 lo, hi; } iso_acc;
#define ISO_ZERO {{0, 0}, {0, 0}}
ZKP_INLINE void iso_xor(iso_acc *acc, const uint64_t (*t)[4], size_t off) {
    iso_u64x2 lo, hi;
    const char *e = (const char *)t + off;
    memcpy(&lo, e, 16);  /* memcpy: no aliasing assumptions about the table */
    memcpy(&hi, e + 16, 16);
    acc->lo ^= lo;
    acc->hi ^= hi;
}
ZKP_INLINE void iso_store(uint64_t *out, iso_acc a, iso_acc b) {
    iso_u64x2 lo = a.lo ^ b.lo, hi = a.hi ^ b.hi;
    memcpy(out, &lo, 16);  /* lanes are limbs in native order on any endianness */
    memcpy(out + 2, &hi, 16);
}
#else
typedef struct { uint64_t w[4]; } iso_acc;
#define ISO_ZERO {{0, 0, 0, 0}}
ZKP_INLINE void iso_xor(iso_acc *acc, const uint64_t (*t)[4], size_t off) {
    const uint64_t *e = t[off / 32];
    for (int i = 0; i < 4; i++) acc->w[i] ^= e[i];
}
ZKP_INLINE void iso_store(uint64_t *out, iso_acc a, iso_acc b) {
    for (int i = 0; i < 4; i++) out[i] = a.w[i] ^ b.w[i];
}
#endif

/* One limb's 13 lookups into two accumulators, so consecutive XOR chains are
 * independent; the loads themselves are all independent. */
#define ISO_PAIR(a, b, t, v, w)                                                                  \
    iso_xor(&(a), (t), (w) * 1024 + ISO_OFF(v, w));                                              \
    iso_xor(&(b), (t), ((w) + 1) * 1024 + ISO_OFF(v, (w) + 1))
#define ISO_LIMB(a, b, t, v)                                                                     \
    do {                                                                                         \
        ISO_PAIR(a, b, t, v, 0);                                                                 \
        ISO_PAIR(a, b, t, v, 2);                                                                 \
        ISO_PAIR(a, b, t, v, 4);                                                                 \
        ISO_PAIR(a, b, t, v, 6);                                                                 \
        ISO_PAIR(a, b, t, v, 8);                                                                 \
        ISO_PAIR(a, b, t, v, 10);                                                                \
        iso_xor(&(a), (t), 12 * 1024 + ISO_OFF_TOP(v));                                          \
    } while (0)

ZKP_INLINE void apply_one(uint64_t *out, const uint64_t *in, const uint64_t (*tab)[4]) {
    uint64_t x[4] = {in[0], in[1], in[2], in[3]};  /* copied before the store: out may equal in */
    iso_acc a = ISO_ZERO, b = ISO_ZERO;
    /* A rolled loop over limbs: fully unrolled, the compiler hoists all 52
     * offsets and spills them (2.5x the instructions on x86-64). */
    const uint64_t (*t)[4] = tab;
    for (int l = 0; l < 4; l++, t += ZKP_GF2ISO_LIMB_ENTRIES) ISO_LIMB(a, b, t, x[l]);
    iso_store(out, a, b);
}

void zkpi_gf2iso_apply_portable(uint64_t *out, const uint64_t *in, size_t n, const uint64_t (*tab)[4]) {
    for (size_t i = 0; i < n; i++) apply_one(out + 4 * i, in + 4 * i, tab);
}

/* ---- constant time ----------------------------------------------------------------- */

/* The matrix applied column by column under a mask: every column is read and
 * the same instructions run for every input, so neither an address nor a
 * branch depends on the data. */
static void apply_ct(uint64_t out[4], const uint64_t in[4], const uint64_t (*cols)[4]) {
    uint64_t x[4] = {in[0], in[1], in[2], in[3]};  /* copied first: out may equal in */
#if defined(__GNUC__)
    iso_u64x2 lo = {0, 0}, hi = {0, 0};
    for (int l = 0; l < 4; l++) {
        for (int j = 0; j < 64; j++) {
            /* the barrier keeps the compiler from turning the mask into a branch */
            uint64_t m = zkpi_value_barrier_u64((uint64_t)0 - ((x[l] >> j) & 1));
            iso_u64x2 mv = {m, m}, clo, chi;
            memcpy(&clo, cols[64 * l + j], 16);
            memcpy(&chi, cols[64 * l + j] + 2, 16);
            lo ^= clo & mv;
            hi ^= chi & mv;
        }
    }
    memcpy(out, &lo, 16);
    memcpy(out + 2, &hi, 16);
#else
    uint64_t a0 = 0, a1 = 0, a2 = 0, a3 = 0;
    for (int l = 0; l < 4; l++) {
        for (int j = 0; j < 64; j++) {
            uint64_t m = zkpi_value_barrier_u64((uint64_t)0 - ((x[l] >> j) & 1));
            const uint64_t *c = cols[64 * l + j];
            a0 ^= c[0] & m;
            a1 ^= c[1] & m;
            a2 ^= c[2] & m;
            a3 ^= c[3] & m;
        }
    }
    out[0] = a0;
    out[1] = a1;
    out[2] = a2;
    out[3] = a3;
#endif
}

void zkp_gf2_b256_to_ghash2(zkp_gf2_ghash2 *r, const zkp_gf2_b256 *a) {
    apply_ct(r->limb, a->limb, zkpi_gf2iso_fwd_cols);
}

void zkp_gf2_ghash2_to_b256(zkp_gf2_b256 *r, const zkp_gf2_ghash2 *a) {
    apply_ct(r->limb, a->limb, zkpi_gf2iso_inv_cols);
}

/* ---- public API ------------------------------------------------------------------ */

void zkp_gf2_b256_to_ghash2_vartime(zkp_gf2_ghash2 *r, const zkp_gf2_b256 *a) {
    pick()->apply(r->limb, a->limb, 1, zkpi_gf2iso_fwd_tab);
}

void zkp_gf2_ghash2_to_b256_vartime(zkp_gf2_b256 *r, const zkp_gf2_ghash2 *a) {
    pick()->apply(r->limb, a->limb, 1, zkpi_gf2iso_inv_tab);
}

/* The structs are exactly four limbs (gf2.h), so an array of them is an
 * array of 4n limbs. */
_Static_assert(sizeof(zkp_gf2_b256) == 32 && sizeof(zkp_gf2_ghash2) == 32, "4-limb elements");

/* n elements of 4 limbs through the dispatched kernel (r, a: the limbs of
 * the caller's element arrays, NULL if the array pointer was NULL). */
static zkp_status apply_batch(uint64_t *r, const uint64_t *a, size_t n, const uint64_t (*tab)[4]) {
    if (n == 0) return ZKP_OK;
    if (!r || !a) return ZKP_ERR_NULL;
    if (!zkpi_array_ok(n, 4 * sizeof *a)) return ZKP_ERR_LENGTH;
    pick()->apply(r, a, n, tab);
    return ZKP_OK;
}

zkp_status zkp_gf2_b256_to_ghash2_batch_vartime(zkp_gf2_ghash2 *r, const zkp_gf2_b256 *a, size_t n) {
    return apply_batch(r ? r->limb : NULL, a ? a->limb : NULL, n, zkpi_gf2iso_fwd_tab);
}

zkp_status zkp_gf2_ghash2_to_b256_batch_vartime(zkp_gf2_b256 *r, const zkp_gf2_ghash2 *a, size_t n) {
    return apply_batch(r ? r->limb : NULL, a ? a->limb : NULL, n, zkpi_gf2iso_inv_tab);
}

const char *zkp_gf2_iso_implementation(void) { return pick()->info.name; }

void zkp_gf2_iso_root(zkp_gf2_ghash2 *r) {
    for (int i = 0; i < 4; i++) r->limb[i] = zkpi_gf2iso_root[i];
}
