/*
 * tests/wasm: the Poseidon (BN254) and Hemera (Goldilocks) portable kernels
 * compiled to WebAssembly, to time the arithmetic forms under node and to
 * check that every form computes the same bits there as the native build.
 * Built by run.sh three times for wasm32 (the 32-bit-limb forms of
 * bn254/fr32.h and goldilocks/gl32.h; unsigned __int128, whose products are
 * __multi3 calls; core/wide.h's 64-bit halves) and once natively. Each
 * export runs n dependent operations and returns a checksum of the result.
 */
#include <stdint.h>
#include <string.h>

#include "hemera/kernels.h"
#include "poseidon/internal.h"

#if defined(__wasm__)
#define EXPORT __attribute__((visibility("default"), used))
#else
#define EXPORT
#endif

/* Poseidon t = 3 (two inputs, the poseidon2 of circomlibjs): n hashes, each
 * hashing the previous digest with a constant, in Montgomery form (the
 * library converts at the API only; the kernel is what differs). */
EXPORT uint64_t bench_poseidon_t3(uint32_t n) {
    zkpi_fr s[3] = {{{0, 0, 0, 0}}, {{1, 2, 3, 4}}, {{5, 6, 7, 8}}};
    for (uint32_t i = 0; i < n; i++) {
        zkpi_fr in1 = s[0];
        s[0].v[0] = s[0].v[1] = s[0].v[2] = s[0].v[3] = 0;
        s[1] = in1;
        s[2].v[0] = i;
        zkpi_poseidon_ops_portable.hash(3, s);
    }
    return s[0].v[0] ^ s[0].v[1] ^ s[0].v[2] ^ s[0].v[3];
}

/* n Montgomery products on four independent chains (the product inlined). */
EXPORT uint64_t bench_fr_mul(uint32_t n) {
    zkpi_fr a[4] = {{{1, 2, 3, 4}}, {{5, 6, 7, 8}}, {{9, 10, 11, 12}}, {{13, 14, 15, 16}}};
    const zkpi_fr b = {{0x1234567890abcdefu, 0xfedcba0987654321u, 0x0f0f0f0f0f0f0f0fu, 0x0123456789abcdefu}};
    zkpi_poseidon_mul_chains_portable(a, &b, n, 0);
    uint64_t r = 0;
    for (int k = 0; k < 4; k++) r ^= a[k].v[0] ^ a[k].v[1] ^ a[k].v[2] ^ a[k].v[3];
    return r;
}

/* n Hemera permutations (variable-time kernel), chained. */
EXPORT uint64_t bench_hemera_permute(uint32_t n) {
    uint64_t st[16];
    for (int i = 0; i < 16; i++) st[i] = (uint64_t)i * 0x9e3779b97f4a7c15u;
    for (uint32_t i = 0; i < n; i++) zkpi_hemera_permute_portable(st);
    uint64_t r = 0;
    for (int i = 0; i < 16; i++) r ^= st[i];
    return r;
}

/* n Goldilocks products on eight independent chains. */
EXPORT uint64_t bench_gl_mul(uint32_t n) { return zkpi_hemera_op_chain_portable(HEMERA_OP_MUL_TPUT, 12345, n); }

#if !defined(__wasm__)
#include <stdio.h>
/* The native build prints the checksums run.sh compares the wasm ones with. */
int main(void) {
    printf("%llu %llu %llu %llu\n", (unsigned long long)bench_poseidon_t3(1000), (unsigned long long)bench_fr_mul(4000),
           (unsigned long long)bench_hemera_permute(1000), (unsigned long long)bench_gl_mul(8000));
    return 0;
}
#endif
