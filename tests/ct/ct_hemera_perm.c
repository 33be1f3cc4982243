/*
 * Constant-time check for the Hemera permutation and the public Goldilocks
 * operations, by valgrind memcheck: the secret inputs are marked undefined
 * (client requests), so memcheck reports any conditional branch or memory
 * address that depends on them, and `valgrind --error-exitcode=1` fails the
 * test. Results are marked defined again before they are looked at.
 *
 *   ct_hemera_perm             every permute_ct and permute_traced_ct kernel
 *                              usable here + the constant-time Goldilocks API
 *                              (must be clean)
 *   ct_hemera_perm --planted   runs the variable-time permute and inverse on
 *                              secrets: memcheck must complain (self-test of
 *                              the check; ctest expects this one to fail)
 */
#include <stdio.h>
#include <string.h>

#include "ct_secret.h"
#include "hemera/kernels.h"
#include "zkprim/goldilocks.h"
#include "zkprim/hemera.h"

static uint64_t g_sink;

static void secret(void *p, size_t n) { ct_secret(p, n); }
static void public_(void *p, size_t n) { ct_public(p, n); }

static void sink(uint64_t *v, size_t n) {
    public_(v, n * 8);
    for (size_t i = 0; i < n; i++) g_sink ^= v[i];
}

static void fill(uint64_t st[16], uint64_t seed) {
    for (int i = 0; i < 16; i++) {
        seed = seed * 6364136223846793005ull + 1442695040888963407ull;
        st[i] = seed;
    }
    st[3] = 0;                         /* a zero limb and non-canonical limbs */
    st[5] = 0xFFFFFFFF00000001ull;
    st[7] = 0xFFFFFFFFFFFFFFFFull;
}

int main(int argc, char **argv) {
    int planted = argc > 1 && strcmp(argv[1], "--planted") == 0;
    uint64_t st[16], tr[ZKP_HEMERA_TRACE_ROWS][16];
    if (planted) {
        fill(st, 1);
        secret(st, sizeof st);
        zkp_hemera_permute(st); /* variable time: must be reported */
        sink(st, 16);
        uint64_t a = 12345;
        secret(&a, 8);
        uint64_t inv;
        zkp_status ist = zkp_goldilocks_inv_vartime(&inv, a);
        sink(&inv, 1);
        ct_public(&ist, sizeof ist);
        printf("planted: ran the variable-time forms on secrets\n");
        return 0;
    }
    /* every kernel's constant-time permutation usable on this CPU */
    for (unsigned k = 0; k < zkpi_hemera_perm_kernel_count; k++) {
        const hemera_perm_kernel *K = &zkpi_hemera_perm_kernels[k];
        if (!zkpi_kernel_usable(&K->info)) continue;
        for (uint64_t seed = 0; seed < 3; seed++) {
            fill(st, seed);
            if (seed == 2) memset(st, 0, sizeof st); /* the inverse of zero */
            secret(st, sizeof st);
            K->permute_ct(st);
            sink(st, 16);
            /* the traced form: its 25 rows are derived from the secret too */
            fill(st, seed);
            if (seed == 2) memset(st, 0, sizeof st);
            secret(st, sizeof st);
            K->permute_traced_ct(st, tr);
            sink(st, 16);
            sink(&tr[0][0], ZKP_HEMERA_TRACE_ROWS * 16);
        }
        printf("permute_ct, permute_traced_ct kernel %s: run on secret states\n", K->info.name);
    }
    fill(st, 7);
    secret(st, sizeof st);
    zkp_hemera_permute_ct(st); /* the public entry points */
    sink(st, 16);
    fill(st, 8);
    secret(st, sizeof st);
    zkp_hemera_permute_traced_ct(st, tr);
    sink(st, 16);
    sink(&tr[0][0], ZKP_HEMERA_TRACE_ROWS * 16);

    /* the constant-time Goldilocks API, operands (and the exponent) secret */
    uint64_t v[4] = {0, 0xFFFFFFFF00000001ull, 0x1234567890ABCDEFull, 0xFFFFFFFFFFFFFFFFull};
    for (int i = 0; i < 4; i++)
        for (int j = 0; j < 4; j++) {
            uint64_t a = v[i], b = v[j], r[10];
            secret(&a, 8);
            secret(&b, 8);
            r[0] = zkp_goldilocks_add(a, b);
            r[1] = zkp_goldilocks_sub(a, b);
            r[2] = zkp_goldilocks_mul(a, b);
            r[3] = zkp_goldilocks_square(a);
            r[4] = zkp_goldilocks_neg(a);
            r[5] = zkp_goldilocks_reduce(a);
            r[6] = zkp_goldilocks_reduce128(a, b);
            r[7] = zkp_goldilocks_pow(a, b);
            zkp_status ist = zkp_goldilocks_inv(&r[8], a); /* says whether a = 0: not examined */
            ct_public(&ist, sizeof ist);
            r[9] = zkp_goldilocks_pow(b, 0xFFFFFFFEFFFFFFFFull);
            sink(r, 10);
        }
    printf("goldilocks constant-time API: run on secret operands\n");
    return (int)(g_sink & 0); /* keep g_sink observable, exit 0 */
}
