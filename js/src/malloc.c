/*
 * The allocator of the JS package's WebAssembly modules, in place of
 * wasi-libc's dlmalloc (about 8 KB of code in every module, most of a
 * 16 KB gzip budget once base64-embedded). The library allocates little
 * (tree levels, a sort's scratch, the JS side's one scratch block), so
 * blocks are power-of-two size classes, each class a free list of
 * blocks of exactly that size, carved from the top of memory, which grows
 * when a class has none free. A freed block serves the next request of its
 * class, so a loop of equal calls reuses the same memory (the tests check
 * the memory size stays put across 10^6 calls). Memory is never returned
 * to the engine (WebAssembly cannot shrink it). Single-threaded, as the
 * modules are.
 *
 * A block is a 16-byte header (its class) then the payload, so payloads
 * are 16-byte aligned as malloc's are on wasm32.
 */
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#define HDR 16u
#define MIN_CLASS 5u  /* 32-byte blocks: 16 of payload */
#define MAX_CLASS 31u /* 2 GiB: the largest block wasm32 memory can hold */
#define PAGE 65536u

extern unsigned char __heap_base;

static void *free_list[MAX_CLASS + 1];
static uintptr_t top, end;

void *malloc(size_t n);
void free(void *p);
void *calloc(size_t count, size_t size);
void *realloc(void *p, size_t n);

/* A fresh block of 2^c bytes from the top, growing memory as needed. */
static unsigned char *carve(unsigned c) {
    const uintptr_t size = (uintptr_t)1 << c;
    if (!end) {
        top = ((uintptr_t)&__heap_base + HDR - 1) & ~(uintptr_t)(HDR - 1);
        end = (uintptr_t)__builtin_wasm_memory_size(0) * PAGE;
    }
    if (end - top < size) {
        const uintptr_t pages = (size - (end - top) + PAGE - 1) / PAGE;
        if (__builtin_wasm_memory_grow(0, pages) == (size_t)-1) return NULL;
        end += pages * PAGE;
    }
    unsigned char *b = (unsigned char *)top;
    top += size;
    return b;
}

void *malloc(size_t n) {
    if (n > ((size_t)1 << MAX_CLASS) - HDR) return NULL;
    unsigned c = MIN_CLASS;
    while (((size_t)1 << c) - HDR < n) c++;
    unsigned char *b = free_list[c];
    if (b) {
        free_list[c] = *(void **)(b + HDR);
    } else {
        b = carve(c);
        if (!b) return NULL;
    }
    *(uint32_t *)b = c;
    return b + HDR;
}

void free(void *p) {
    if (!p) return;
    unsigned char *b = (unsigned char *)p - HDR;
    const unsigned c = *(uint32_t *)b;
    *(void **)p = free_list[c];
    free_list[c] = b;
}

void *calloc(size_t count, size_t size) {
    if (size && count > SIZE_MAX / size) return NULL;
    void *p = malloc(count * size);
    if (p) memset(p, 0, count * size);
    return p;
}

void *realloc(void *p, size_t n) {
    if (!p) return malloc(n);
    const size_t have = ((size_t)1 << *(uint32_t *)((unsigned char *)p - HDR)) - HDR;
    if (n <= have) return p;
    void *q = malloc(n);
    if (!q) return NULL;
    memcpy(q, p, have);
    free(p);
    return q;
}
