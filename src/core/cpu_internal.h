/*
 * Internal side of CPU dispatch: a cached "pick the first kernel the active
 * CPU supports" helper that every module's dispatcher uses.
 *
 * A module lists its kernels widest first; each entry begins with a
 * zkpi_kernel_info saying its name, the features it needs and whether this
 * build compiled it at all (ZKP_HAVE_<ISA> from zkprim_build_config.h):
 *
 *     typedef struct { zkpi_kernel_info info; void (*permute)(uint64_t *); } f1600_kernel;
 *     static const f1600_kernel k_table[] = {
 *         {{"avx2", ZKP_CPU_AVX2, ZKP_HAVE_AVX2}, f1600_avx2},
 *         {{"portable", 0, 1}, f1600_portable},          // always last
 *     };
 *     static _Atomic uint64_t k_cache;
 *     const f1600_kernel *k = ZKP_DISPATCH(&k_cache, k_table);
 *
 * The chosen index is cached together with the selection generation in one
 * atomic word, so the steady-state cost is two relaxed loads and a compare;
 * zkp_cpu_force() bumps the generation and the next call picks again.
 */
#ifndef ZKPRIM_CORE_CPU_INTERNAL_H
#define ZKPRIM_CORE_CPU_INTERNAL_H

#include <stdatomic.h>
#include <stddef.h>
#include <stdint.h>

#include "zkprim/zkprim.h"
#include "zkprim_build_config.h"

typedef struct zkpi_kernel_info {
    const char *name;  /* "portable", "avx2", ... as printed by `zkprim info` */
    uint32_t need;     /* ZKP_CPU_* bits the kernel executes */
    int built;         /* 0 when this build left the kernel out */
} zkpi_kernel_info;

/* Changes whenever the active feature mask changes. Never 0. */
uint32_t zkpi_cpu_generation(void);

/* Whether a kernel can run now (tests loop over exactly these). */
static inline int zkpi_kernel_usable(const zkpi_kernel_info *k) {
    return k->built && (k->need & zkp_cpu_active()) == k->need;
}

/* Index of the first usable entry of a table whose elements are `stride`
 * bytes and begin with a zkpi_kernel_info. The last entry must be portable. */
static inline unsigned zkpi_dispatch_pick(_Atomic uint64_t *cache, const void *table, size_t stride,
                                         unsigned n) {
    uint64_t c = atomic_load_explicit(cache, memory_order_relaxed);
    uint32_t gen = zkpi_cpu_generation();
    if ((uint32_t)(c >> 32) == gen) return (unsigned)(uint32_t)c;
    unsigned i = 0;
    while (i + 1 < n && !zkpi_kernel_usable((const zkpi_kernel_info *)((const char *)table + i * stride))) i++;
    atomic_store_explicit(cache, ((uint64_t)gen << 32) | i, memory_order_relaxed);
    return i;
}

#define ZKP_ARRAY_LEN(a) (sizeof(a) / sizeof((a)[0]))
#if ZKP_FREESTANDING
/* No CPU detection and portable kernels only: the last entry, a constant
 * (no atomics, which rv32im lacks for 64-bit words). */
#define ZKP_DISPATCH(cache, table) ((void)(cache), &(table)[ZKP_ARRAY_LEN(table) - 1])
#else
#define ZKP_DISPATCH(cache, table)                                                               \
    (&(table)[zkpi_dispatch_pick((cache), (table), sizeof((table)[0]), (unsigned)ZKP_ARRAY_LEN(table))])
#endif

#endif
