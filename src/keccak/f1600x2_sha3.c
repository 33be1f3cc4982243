/*
 * Keccak-f[1600] on 2 independent states with the ARMv8.2 SHA3 instructions
 * (round body in f1600_sha3.h): one 128-bit register per lane holds
 * that lane of both states, st[lane * 2 + i] (the same layout as the NEON
 * 2-way kernel, so the two are interchangeable in a dispatch table).
 */
#include "keccak/f1600_sha3.h"

void zkpi_keccakf1600x2_sha3(uint64_t *st) {
    uint64x2_t A[25];
    #pragma GCC unroll 25
    for (int i = 0; i < 25; i++) A[i] = vld1q_u64(st + 2 * i);
    kv_sha3_permute(A);
    #pragma GCC unroll 25
    for (int i = 0; i < 25; i++) vst1q_u64(st + 2 * i, A[i]);
}
