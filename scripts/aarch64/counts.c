/*
 * Driver for scripts/aarch64-mca.sh (docs/aarch64.md): runs each measured
 * operation once between aarch64_begin() and aarch64_end(), after printing
 * its name. The script runs it under qemu-aarch64 with one instruction per
 * translation block and execution logging, so the instructions executed
 * between the markers are exact; the same executed sequence is then handed
 * to llvm-mca. Each operation is run once before it is measured, so the
 * dispatcher's first-call CPU probe is not counted.
 */
#include <stdio.h>
#include <string.h>

#include "bn254/fr.h"
#include "bn254/fr_aarch64.h"
#include "goldilocks/gl.h"
#include "hemera/batch_internal.h"
#include "hemera/kernels.h"
#include "zkprim/hemera.h"
#include "zkprim/poseidon.h"

/* Distinct bodies so identical-code folding cannot merge them. */
__attribute__((noinline, noipa)) void aarch64_begin(void);
__attribute__((noinline, noipa)) void aarch64_end(void);
void aarch64_begin(void) { __asm__ volatile("nop"); }
void aarch64_end(void) { __asm__ volatile("nop\n\tnop"); }

#define CHAIN 64 /* products per chain: long enough to hide the call */

/* CHAIN dependent Goldilocks products (the latency-bound form of a chain
 * such as x^7); the sum of CHAIN independent ones (throughput-bound). */
__attribute__((noinline, noipa)) static uint64_t gl_chain(uint64_t x, uint64_t y) {
    for (int i = 0; i < CHAIN; i++) x = gl_mul(x, y);
    return x;
}
__attribute__((noinline, noipa)) static uint64_t gl_indep(const uint64_t *x, uint64_t y) {
    uint64_t s = 0;
    for (int i = 0; i < CHAIN; i++) s ^= gl_mul(x[i], y);
    return s;
}

/* CHAIN dependent BN254 Montgomery products as the portable Poseidon kernel
 * forms them: the 512-bit product, then the reduction (< 2p). */
__attribute__((noinline, noipa)) static void fr_chain(uint64_t x[4], const uint64_t y[4]) {
    uint64_t T[8];
    for (int i = 0; i < CHAIN; i++) {
        zkpi_bn254_mul512_c(T, x, y);
        zkpi_bn254_redc8_c(T);
        memcpy(x, T + 4, 32);
    }
}

/* CHAIN independent products x[i] y (throughput-bound), into x. */
__attribute__((noinline, noipa)) static void fr_indep(uint64_t (*x)[4], const uint64_t y[4]) {
    uint64_t T[8];
    for (int i = 0; i < CHAIN; i++) {
        zkpi_bn254_mul512_c(T, x[i], y);
        zkpi_bn254_redc8_c(T);
        memcpy(x[i], T + 4, 32);
    }
}

#if ZKPI_BN254_HAVE_A64
/* The same chain through the aarch64 one-pass product (bn254/fr_aarch64.h). */
__attribute__((noinline, noipa)) static void fr_chain_a64(uint64_t x[4], const uint64_t y[4]) {
    for (int i = 0; i < CHAIN; i++) zkpi_bn254_montmul_a64(x, x, y);
}
__attribute__((noinline, noipa)) static void fr_indep_a64(uint64_t (*x)[4], const uint64_t y[4]) {
    for (int i = 0; i < CHAIN; i++) zkpi_bn254_montmul_a64(x[i], x[i], y);
}
#endif

#if ZKPI_BN254_HAVE_A64
#define F2 f2[0]
#else
#define F2 0
#endif

static void init_states(uint64_t (*st)[ZKP_HEMERA_WIDTH]) {
    for (int i = 0; i < 16; i++)
        for (int j = 0; j < ZKP_HEMERA_WIDTH; j++) st[i][j] = (uint64_t)(i * 31 + j) * 0x9E3779B97F4A7C15u;
}

#define MEASURE(name, op)                                                                        \
    do {                                                                                         \
        op;                                                                                      \
        printf("%s\n", name);                                                                    \
        fflush(stdout);                                                                          \
        aarch64_begin();                                                                         \
        op;                                                                                      \
        aarch64_end();                                                                           \
    } while (0)

int main(void) {
    static uint64_t st[16][ZKP_HEMERA_WIDTH], xs[CHAIN], fs[CHAIN][4];
    uint64_t acc = 0, f[4] = {3, 5, 7, 11};
    const uint64_t g[4] = {0x1234567890abcdefu, 0x0fedcba987654321u, 0x1111111122222222u, 0x0123456789abcdefu};
    zkp_poseidon_fr in[2] = {{{1, 0, 0, 0}}, {{2, 0, 0, 0}}}, out;
    unsigned bad = 0;
    init_states(st);
    for (int i = 0; i < CHAIN; i++) xs[i] = fs[i][0] = (uint64_t)(i + 1) * 0x9E3779B97F4A7C15u;

    MEASURE("gl-mul-chain-64", acc ^= gl_chain(acc | 3, 0x123456789u));
    MEASURE("gl-mul-indep-64", acc ^= gl_indep(xs, 0x123456789u));
    /* Hemera through each kernel of the tables, the first entry (the
     * aarch64 kernels where built, tested but not dispatched unless they
     * ship: hemera/dispatch.c) and the last (the portable C), called
     * directly so the choice does not depend on the dispatcher. Every row
     * starts from the same states (ROW resets them): the fast inverse's
     * loop count depends on its input, so both kernels must see the same. */
    for (int v = 0; v < 2; v++) {
        char nm[64];
        const hemera_perm_kernel *K = &zkpi_hemera_perm_kernels[v ? zkpi_hemera_perm_kernel_count - 1 : 0];
        const hb_kernel *B = &zkpi_hb_kernels[v ? zkpi_hb_kernel_count - 1 : 0];
        const hemera_profile *pr = &zkpi_hemera_profile_default;
#define ROW(base, k) (init_states(st), snprintf(nm, sizeof nm, "%s@%s", base, (k)->info.name), nm)
        MEASURE(ROW("gl-mul-chain-64", K), acc ^= K->op_chain(HEMERA_OP_MUL, acc | 3, CHAIN));
        MEASURE(ROW("gl-mul-indep-64", K), acc ^= K->op_chain(HEMERA_OP_MUL_TPUT, acc | 3, CHAIN));
        MEASURE(ROW("hemera-permute", K), K->permute(st[0]));
        MEASURE(ROW("hemera-permute-ct", K), K->permute_ct(st[0]));
        MEASURE(ROW("hemera-batch-4", B), zkpi_hb_permute_with(B, st, 4, pr));
        MEASURE(ROW("hemera-batch-8", B), zkpi_hb_permute_with(B, st, 8, pr));
        MEASURE(ROW("hemera-batch-16", B), zkpi_hb_permute_with(B, st, 16, pr));
        /* the batch's three phases over one 16-lane block, per permutation */
        MEASURE(ROW("hemera-phase-sbox-16", B), B->phase(st[0], 0, pr));
        MEASURE(ROW("hemera-phase-partial-16", B), B->phase(st[0], 1, pr));
        MEASURE(ROW("hemera-phase-mds-16", B), B->phase(st[0], 2, pr));
#undef ROW
    }
    MEASURE("fr-montmul-chain-64", fr_chain(f, g));
    MEASURE("fr-montmul-indep-64", fr_indep(fs, g));
#if ZKPI_BN254_HAVE_A64
    uint64_t f2[4] = {3, 5, 7, 11};
    MEASURE("fr-montmul-a64-chain-64", fr_chain_a64(f2, g));
    MEASURE("fr-montmul-a64-indep-64", fr_indep_a64(fs, g));
#endif
    MEASURE("poseidon-t3", bad |= zkp_poseidon_hash(in, 2, &out));
    printf("counts done %s %s %s %llu\n", zkp_hemera_permute_implementation(),
           zkp_hemera_permute_batch_implementation(), zkp_poseidon_implementation(),
           (unsigned long long)(acc ^ st[0][0] ^ f[0] ^ out.limb[0] ^ F2));
    return bad != 0;
}
