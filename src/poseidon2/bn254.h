/* Poseidon2 over BN254, t = 4: the permutation on Montgomery-form lanes
 * (bn254_tmpl.h, one kernel per instruction set) and the conversions the public functions use. */
#ifndef ZKPRIM_POSEIDON2_BN254_H
#define ZKPRIM_POSEIDON2_BN254_H

#include "bn254/elem.h"

#include "core/cpu_internal.h"
#include "zkprim/poseidon.h"

void zkpi_p2_bn254_permute_mont_portable(zkpi_bn254_fr s[4]);
void zkpi_p2_bn254_permute_mont_bmi2(zkpi_bn254_fr s[4]);
void zkpi_p2_bn254_to_mont(zkpi_bn254_fr *x);   /* canonical in, canonical Montgomery out */
void zkpi_p2_bn254_from_mont(zkpi_bn254_fr *x);

/* Many canonical states (4 n elements) in place, vector lanes
 * (bn254_ifma.c); returns how many it permuted from the start (a lone last
 * state is left to the caller's single permutation). */
typedef size_t (*zkpi_p2_bn254_batch_fn)(zkp_poseidon_fr *states, size_t n);
size_t zkpi_p2_bn254_batch_ifma(zkp_poseidon_fr *states, size_t n);

/* The permutation kernel table (poseidon2.c): avx512ifma (its batch; single
 * states through the bmi2 or portable permutation), bmi2 (MULX/ADX),
 * portable. batch NULL: a loop of single permutations. */
typedef struct zkpi_p2_bn254_kernel {
    zkpi_kernel_info info;
    void (*permute_mont)(zkpi_bn254_fr s[4]);
    zkpi_p2_bn254_batch_fn batch;
} zkpi_p2_bn254_kernel;
extern const zkpi_p2_bn254_kernel zkpi_p2_bn254_kernels[];
extern const unsigned zkpi_p2_bn254_kernel_count;
const zkpi_p2_bn254_kernel *zkpi_p2_bn254_kernel_active(void);

/* y = M4 x, M4 = [[5,7,1,3],[4,6,1,1],[1,3,5,7],[1,1,4,6]], in additions
 * (ADD(&r, &a, &b): r = a + b on elements of type T): a = x0 + x1, b = x2 +
 * x3, c = 2 x1 + b, d = 2 x3 + a; then row 3 is 4b + d, row 1 is 4a + c, row
 * 0 is row 1 + d, row 2 is row 3 + c. The scalar template (modular
 * additions) and the IFMA kernel (limb additions) share it. */
#define ZKPI_P2_BN254_M4(T, ADD, x)                                                              \
    do {                                                                                         \
        T a_, b_, c_, d_, r0_, r1_, r2_, r3_;                                                    \
        ADD(&a_, &(x)[0], &(x)[1]);                                                              \
        ADD(&b_, &(x)[2], &(x)[3]);                                                              \
        ADD(&c_, &(x)[1], &(x)[1]);                                                              \
        ADD(&c_, &c_, &b_);                                                                      \
        ADD(&d_, &(x)[3], &(x)[3]);                                                              \
        ADD(&d_, &d_, &a_);                                                                      \
        ADD(&r3_, &b_, &b_);                                                                     \
        ADD(&r3_, &r3_, &r3_);                                                                   \
        ADD(&r3_, &r3_, &d_);                                                                    \
        ADD(&r1_, &a_, &a_);                                                                     \
        ADD(&r1_, &r1_, &r1_);                                                                   \
        ADD(&r1_, &r1_, &c_);                                                                    \
        ADD(&r0_, &r1_, &d_);                                                                    \
        ADD(&r2_, &r3_, &c_);                                                                    \
        (x)[0] = r0_, (x)[1] = r1_, (x)[2] = r2_, (x)[3] = r3_;                                  \
    } while (0)

#endif
