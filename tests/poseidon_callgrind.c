/*
 * Driver for scripts/poseidon-callgrind.sh: runs one Poseidon operation of
 * one scalar kernel N times, calling the kernel's ops directly (Montgomery
 * form, no canonical conversion), so callgrind's instruction count per
 * operation is (I(2N) - I(N)) / N. Valgrind does not execute AVX-512 and
 * hides ADX from CPUID, so the kernels are named explicitly rather than
 * dispatched.
 *   usage: poseidon_callgrind KERNEL OP N
 *   KERNEL: portable | bmi2;  OP: mul | sqr | hash-tT (T = 2..17) | many-t3
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "poseidon/internal.h"

int main(int argc, char **argv) {
    if (argc != 4) {
        fprintf(stderr, "usage: %s portable|bmi2 mul|sqr|hash-tT|many-t3 N\n", argv[0]);
        return 2;
    }
    const zkpi_poseidon_ops *ops = &zkpi_poseidon_ops_portable;
    if (strcmp(argv[1], "bmi2") == 0) {
#if ZKP_HAVE_BMI2
        ops = &zkpi_poseidon_ops_bmi2;
#else
        fprintf(stderr, "bmi2 kernel not built\n");
        return 2;
#endif
    }
    const long n = atol(argv[3]);
    zkpi_fr a = {{1, 2, 3, 4}}, b = {{5, 6, 7, 8}}, s[4 * 17];
    for (unsigned i = 0; i < 4 * 17; i++) s[i] = (zkpi_fr){{i + 7, 0, 0, 0}};
    unsigned t = 0;
    if (strcmp(argv[2], "mul") == 0)
        for (long i = 0; i < n; i++) ops->mul(&a, &a, &b);
    else if (strcmp(argv[2], "sqr") == 0)
        for (long i = 0; i < n; i++) ops->sqr(&a, &a);
    else if (sscanf(argv[2], "hash-t%u", &t) == 1 && t >= 2 && t <= 17)
        for (long i = 0; i < n; i++) ops->hash(t, s);
    else if (strcmp(argv[2], "many-t3") == 0) /* four hashes per call */
        for (long i = 0; i < n; i++) ops->hash_many(3, s, 4);
    else {
        fprintf(stderr, "unknown op %s\n", argv[2]);
        return 2;
    }
    printf("%016llx %016llx\n", (unsigned long long)a.v[0], (unsigned long long)s[0].v[0]);
    return 0;
}
