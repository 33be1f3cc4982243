/*
 * Driver for scripts/mca-poseidon-avx2.py (docs/poseidon.md, "Modelled on
 * Zen 3 and Skylake"): runs each Poseidon operation of the avx2 level once
 * between mca_begin() and mca_end(), after printing its name. The script runs
 * it under qemu-x86_64 with one instruction per translation block and
 * execution logging, so the executed sequence is exact, and hands it to
 * llvm-mca. Each operation runs once unmeasured first (tables built on first
 * use, cold paths). The kernel ops are called directly, not through the
 * dispatcher: qemu's CPU model need not match the host's features.
 */
#include <stdio.h>
#include <string.h>

#include "poseidon/internal.h"

/* Distinct bodies so identical-code folding cannot merge them. */
__attribute__((noinline, noipa)) void mca_begin(void);
__attribute__((noinline, noipa)) void mca_end(void);
void mca_begin(void) { __asm__ volatile("nop"); }
void mca_end(void) { __asm__ volatile("nop\n\tnop"); }

#define MEASURE(name, stmt)                                                                        \
    do {                                                                                           \
        stmt;                                                                                      \
        printf("%s\n", name);                                                                      \
        fflush(stdout);                                                                            \
        mca_begin();                                                                               \
        stmt;                                                                                      \
        mca_end();                                                                                 \
    } while (0)

static void fill(zkpi_fr *s, size_t n) {
    uint64_t x = 0x9e3779b97f4a7c15u;
    for (size_t i = 0; i < n; i++)
        for (int k = 0; k < 4; k++) {
            x ^= x << 13, x ^= x >> 7, x ^= x << 17;
            s[i].v[k] = k == 3 ? x >> 4 : x; /* < 2^252 < p */
        }
}

int main(void) {
    zkpi_fr s[5 * 5], c[4], b[1];
    uint64_t va[9][4], vb[9][4], vr[9][4];
    memset(va, 0, sizeof va), memset(vb, 0, sizeof vb);
    for (int k = 0; k < 9; k++)
        for (int j = 0; j < 4; j++) va[k][j] = (0x1234567u * (k + 1) + j) & 0x1fffffff, vb[k][j] = va[k][j] ^ 0x55555;
    va[8][0] = vb[8][0] = 0xffff;
    fill(s, 25), fill(c, 4), fill(b, 1);
    MEASURE("bmi2-mul-4chains-16", zkpi_poseidon_mul_chains_bmi2(c, b, 16, 0));
    MEASURE("avx2-mul-4lanes", zkpi_poseidon_avx2_field4(0, vr, (const uint64_t(*)[4])va, (const uint64_t(*)[4])vb));
    for (unsigned t = 2; t <= 5; t++) {
        char n[64];
        snprintf(n, sizeof n, "bmi2-hash-t%u", t);
        MEASURE(n, zkpi_poseidon_ops_bmi2.hash(t, s));
        snprintf(n, sizeof n, "bmi2-many4-t%u", t);
        MEASURE(n, zkpi_poseidon_ops_bmi2.hash_many(t, s, 4));
        snprintf(n, sizeof n, "avx2-many4-t%u", t);
        MEASURE(n, zkpi_poseidon_ops_avx2.hash_many(t, s, 4));
        snprintf(n, sizeof n, "avx2-many5-t%u", t); /* the hybrid pass: four lanes + one scalar state */
        MEASURE(n, zkpi_poseidon_ops_avx2.hash_many(t, s, 5));
    }
    printf("counts done\n");
    return 0;
}
