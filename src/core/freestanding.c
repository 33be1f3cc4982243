/*
 * -DZKP_FREESTANDING=ON stands in for src/core/cpu.c: no CPU detection (the
 * build has portable kernels only, so the feature masks are 0 and every
 * dispatch table collapses to its portable entry at compile time, see
 * ZKP_DISPATCH), and the two string functions the shim renames.
 */
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "core/cpu_internal.h"

uint32_t zkp_cpu_detected(void) { return 0; }
uint32_t zkp_cpu_active(void) { return 0; }
uint32_t zkpi_cpu_generation(void) { return 1; }

/* Byte loops: short moves only (node copies, a CDC buffer refill). */
void *zkpi_memmove(void *dst, const void *src, size_t n);
void *zkpi_memmove(void *dst, const void *src, size_t n) {
    unsigned char *d = dst;
    const unsigned char *s = src;
    if (d == s || !n) return dst;
    if (d < s || d >= s + n) { /* forward is safe */
        size_t i = 0;
        if (!(((uintptr_t)d | (uintptr_t)s) & 7)) /* word by word (tree leaves into nodes) */
            for (; i + 8 <= n; i += 8) memcpy(__builtin_assume_aligned(d + i, 8), __builtin_assume_aligned(s + i, 8), 8);
        for (; i < n; i++) d[i] = s[i];
    } else {
        for (size_t i = n; i-- > 0;) d[i] = s[i];
    }
    return dst;
}

void *zkpi_memchr(const void *p, int c, size_t n);
void *zkpi_memchr(const void *p, int c, size_t n) {
    const unsigned char *s = p;
    for (size_t i = 0; i < n; i++)
        if (s[i] == (unsigned char)c) return (void *)(s + i);
    return NULL;
}
