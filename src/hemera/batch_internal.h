/*
 * Internal interface of the batched Hemera permutation.
 *
 * A batch kernel permutes a group of independent states held in
 * structure-of-arrays order: element i of lane l lives at s[i * L + l], so
 * one round touches every lane of element i with unit stride (scalar ILP in
 * the portable kernel, one vector per 4 (AVX2) or 8 (AVX-512) lanes).
 *
 * Every kernel is generic in the profile (spec section 11): rf_half full
 * rounds, rp partial rounds with x^-1 (shared across the lanes by
 * Montgomery's trick) or x^7, the full-round and partial-round constants and
 * the internal diagonal. Inputs are arbitrary u64 limbs (taken mod p);
 * outputs are canonical. Variable time: public data only. The arithmetic
 * is the Goldilocks module's (goldilocks/gl.h, gl_avx2.h, gl_avx512.h); the
 * vector kernels are one template, batch_simd_tmpl.h.
 */
#ifndef ZKPRIM_HEMERA_BATCH_INTERNAL_H
#define ZKPRIM_HEMERA_BATCH_INTERNAL_H

#include <stddef.h>
#include <stdint.h>

#include "core/cpu_internal.h"
#include "core/util.h"
#include "hemera/params.h"

/* In place: x[i] <- x[i]^-1 (0 -> 0) for i < n, with one field inversion
 * (Montgomery's trick). Zero lanes are 1 in the product and 0 in the
 * result. */
void zkpi_hb_batch_inverse(uint64_t *x, unsigned n);

/* ---- kernels ----------------------------------------------------------- */

#define HB_MAX_LANES 64

/* Permutes n (1..HB_MAX_LANES) states given in AoS order. */
typedef void (*hb_permute_fn)(uint64_t (*states)[16], unsigned n, const hemera_profile *pr);

/* One phase kind over 16 lanes in SoA order (benchmark split):
 * which = 0 full-round S-boxes, 1 partial rounds (S-box + M_I),
 * 2 the M_E layers. */
typedef void (*hb_phase_fn)(uint64_t *soa16, int which, const hemera_profile *pr);

/* Witness matrix output (zkp_hemera_trace_batch): element (lane l of a
 * group, column c) at base[l * sp + c * sc]. Columns: state row t, limb i
 * at 16 t + i; partial round j's S-box input and output (docs/hemera.md). */
typedef struct hb_trace_out {
    uint64_t *base;
    size_t sp, sc;
    int stream; /* 1: whole aligned vectors go out as non-temporal stores */
} hb_trace_out;
/* Matrices from this size on are written with non-temporal stores where a
 * kernel has them: larger than a core's L2, so ordinary stores would read
 * every line first (RFO) and evict the cache for data not read again soon. */
#define HB_TR_STREAM_BYTES ((size_t)2 << 20)
#define HB_TR_STATE_COLS(row) (16u * (row))
#define HB_TR_SBOX_IN(j) (400u + (j))
#define HB_TR_SBOX_OUT(j) (416u + (j))

/* Traces n (1..HB_MAX_LANES) states of the live profile (not modified). */
typedef void (*hb_trace_fn)(const uint64_t (*states)[16], unsigned n, const hb_trace_out *o);

typedef struct hb_kernel {
    zkpi_kernel_info info;
    hb_permute_fn permute;
    hb_phase_fn phase;
    hb_trace_fn trace;
} hb_kernel;

void zkpi_hb_permute_portable(uint64_t (*states)[16], unsigned n, const hemera_profile *pr);
void zkpi_hb_trace_portable(const uint64_t (*states)[16], unsigned n, const hb_trace_out *o);
void zkpi_hb_trace_avx2(const uint64_t (*states)[16], unsigned n, const hb_trace_out *o);
void zkpi_hb_trace_avx512(const uint64_t (*states)[16], unsigned n, const hb_trace_out *o);
void zkpi_hb_phase_portable(uint64_t *soa16, int which, const hemera_profile *pr);
#if ZKP_HAVE_AVX2
void zkpi_hb_permute_avx2(uint64_t (*states)[16], unsigned n, const hemera_profile *pr);
void zkpi_hb_phase_avx2(uint64_t *soa16, int which, const hemera_profile *pr);
#endif
#if ZKP_HAVE_NEON /* batch_aarch64.c */
void zkpi_hb_permute_aarch64(uint64_t (*states)[16], unsigned n, const hemera_profile *pr);
void zkpi_hb_phase_aarch64(uint64_t *soa16, int which, const hemera_profile *pr);
void zkpi_hb_trace_aarch64(const uint64_t (*states)[16], unsigned n, const hb_trace_out *o);
#endif
/* WebAssembly SIMD128 (batch_wasm_simd128.c): compiled in, and first in
 * the table, when the compiler targets it (clang -msimd128). */
#if defined(__wasm_simd128__)
#define ZKPI_HB_WASM_SIMD128 1
void zkpi_hb_permute_wasm_simd128(uint64_t (*states)[16], unsigned n, const hemera_profile *pr);
void zkpi_hb_phase_wasm_simd128(uint64_t *soa16, int which, const hemera_profile *pr);
void zkpi_hb_trace_wasm_simd128(const uint64_t (*states)[16], unsigned n, const hb_trace_out *o);
#else
#define ZKPI_HB_WASM_SIMD128 0
#endif
#if ZKP_HAVE_AVX512
void zkpi_hb_permute_avx512(uint64_t (*states)[16], unsigned n, const hemera_profile *pr);
void zkpi_hb_phase_avx512(uint64_t *soa16, int which, const hemera_profile *pr);
#endif

/* A few states of the live profile go to the single-state permutation
 * (zkp_hemera_permute): a group that small has little to share, and one
 * padded vector group costs more than three single calls (measured, see
 * docs/hemera-batch.md). Returns 0 (nothing done) for other profiles. */
int zkpi_hb_try_single(uint64_t (*states)[16], unsigned n, const hemera_profile *pr);

/* The kernel table (widest first, portable last) and the dispatched entry. */
extern const hb_kernel zkpi_hb_kernels[];
extern const unsigned zkpi_hb_kernel_count;
const hb_kernel *zkpi_hb_kernel_active(void);

/* n states through a given kernel (any n, split in groups). */
void zkpi_hb_permute_with(const hb_kernel *k, uint64_t (*states)[16], size_t n, const hemera_profile *pr);

/* zkp_hemera_trace_batch through a given kernel (tests); layout 0 row-major,
 * 1 column-major; arguments checked by the caller. */
void zkpi_hb_trace_with(const hb_kernel *k, const uint64_t (*states)[16], size_t n, int layout, uint64_t *matrix);

/* zkp_hemera_hash_leaf_batch through a given kernel (tests, tree). */
ZKP_MUST_USE zkp_status zkpi_hb_hash_leaf_batch_with(const hb_kernel *k, const uint8_t *const *chunks, const size_t *lens,
                                                const uint64_t *counters, size_t n, int is_root, uint8_t (*out)[32]);

#endif
