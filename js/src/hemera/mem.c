/* memcpy and memset for zkprim/hemera's module only (js/build.sh links this
 * object before wasi-libc, so libc's 1.7 KB of unrolled copies are not
 * linked; the size budget is docs/js.md's). The module copies digests,
 * states and at most a chunk at a time: 8 bytes a step is enough.
 * Compiled with -fno-builtin, so these loops are not turned back into calls
 * of themselves. */
#include <stddef.h>
#include <stdint.h>

void *memcpy(void *restrict dst, const void *restrict src, size_t n) {
    unsigned char *d = dst;
    const unsigned char *s = src;
    for (; n >= 8; n -= 8, d += 8, s += 8) {
        uint64_t w;
        __builtin_memcpy(&w, s, 8); /* one unaligned i64.load */
        __builtin_memcpy(d, &w, 8);
    }
    while (n--) *d++ = *s++;
    return dst;
}

void *memset(void *dst, int c, size_t n) {
    unsigned char *d = dst;
    while (n--) *d++ = (unsigned char)c;
    return dst;
}
