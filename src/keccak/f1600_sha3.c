/*
 * Keccak-f[1600] on one state with the ARMv8.2 SHA3 instructions. The SHA3
 * instructions only exist on 128-bit vectors, so each lane lives in the low
 * half of its own register (the layout OpenSSL's and the Linux kernel's
 * sha3-ce code use); the high half carries a duplicate that is computed for
 * free and thrown away. Each instruction has the same latency as in the
 * 2-way kernel, so one state costs what two do.
 */
#include "keccak/f1600_sha3.h"

void zkpi_keccakf1600_sha3(uint64_t st[25]) {
    uint64x2_t A[25];
    #pragma GCC unroll 25
    for (int i = 0; i < 25; i++) A[i] = vld1q_dup_u64(st + i);
    kv_sha3_permute(A);
    #pragma GCC unroll 25
    for (int i = 0; i < 25; i++) vst1q_lane_u64(st + i, A[i], 0);
}
