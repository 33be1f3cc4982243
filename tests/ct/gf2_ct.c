/*
 * Constant-time check of the gf2 arithmetic under valgrind memcheck (the
 * ctgrind idea): the operands and exponents are marked undefined, so any
 * branch or memory address that depends on them is reported as a use of
 * uninitialised data and the run fails (--error-exitcode). Covers mul,
 * square, mul_batch, inv, pow and the fixed-base table build (a secret
 * base) of every field at every CPU level the checker can run: valgrind
 * does not emulate AVX-512 or VPCLMULQDQ (those levels are skipped there),
 * MemorySanitizer (ctmsan stage) runs them all. The fixed-base powers are
 * _vartime and not covered, except by --planted: it raises a fixed base to a secret
 * exponent, which memcheck must report (ctest expects that run to fail).
 */
#include <string.h>

#include "ct_secret.h"
#include "harness.h"
#include "zkprim/gf2.h"

static void secret(void *p, size_t n) { ct_secret(p, n); }
static void public_(void *p, size_t n) { ct_public(p, n); }

static void run_level(void *ctx) {
    (void)ctx;
    for (int f = 0; f < ZKP_GF2_FIELD_COUNT; f++) {
        zkp_gf2_field F = (zkp_gf2_field)f;
        unsigned nl = zkp_gf2_field_limbs(F), d = zkp_gf2_field_degree(F);
        uint64_t a[5 * 4], b[5 * 4], r[5 * 4], e[2];
        th_rand_bytes(a, sizeof a);
        th_rand_bytes(b, sizeof b);
        th_rand_bytes(e, sizeof e);
        for (int i = 0; i < 5; i++) {
            if (d % 64) a[i * nl + nl - 1] &= ((uint64_t)1 << (d % 64)) - 1;
            if (d % 64) b[i * nl + nl - 1] &= ((uint64_t)1 << (d % 64)) - 1;
        }
        secret(a, sizeof a);
        secret(b, sizeof b);
        secret(e, sizeof e);
        /* these statuses depend on the field and pointers only, so checking
         * them is no branch on a secret */
        CHECK_STATUS(zkp_gf2_mul(F, r, a, b), ZKP_OK);
        CHECK_STATUS(zkp_gf2_square(F, r + nl, a), ZKP_OK);
        CHECK_STATUS(zkp_gf2_mul_batch(F, r, a, b, 5), ZKP_OK);
        zkp_status st = zkp_gf2_inv(F, r, a);   /* the status says whether a = 0: not examined */
        CHECK_STATUS(zkp_gf2_pow(F, r + nl, a, e, 2), ZKP_OK);
        public_(&st, sizeof st);
        public_(r, sizeof r);
        /* a fixed-base table built from a secret base (ZKP_CT; its powers
         * are _vartime in the exponent). The bits at and above the degree
         * are cleared after marking, so they are known zeros and the
         * reduced-base check reads no secret. */
        uint64_t g[4];
        th_rand_bytes(g, sizeof g);
        secret(g, sizeof g);
        if (d % 64) g[nl - 1] &= ((uint64_t)1 << (d % 64)) - 1;
        zkp_gf2_fixed_base *t = NULL;
        CHECK_STATUS(zkp_gf2_fixed_base_new(&t, F, g, 2), ZKP_OK);
        zkp_gf2_fixed_base_free(t);
        CHECK(1);
    }
}

/* A secret exponent into the variable-time fixed-base power. */
static int planted(void) {
    zkp_gf2_fixed_base *t = NULL;
    uint64_t base[2] = {2, 0}, e[2], r[2];
    if (zkp_gf2_fixed_base_new(&t, ZKP_GF2_B127, base, 4) != ZKP_OK) return 1;
    th_rand_bytes(e, sizeof e);
    secret(e, sizeof e);
    zkp_status st = zkp_gf2_fixed_base_pow_vartime(t, r, e);
    public_(r, sizeof r);
    zkp_gf2_fixed_base_free(t);
    /* A failed power never touched the secret; exit 0 (nothing reported)
     * so the planted ctest, which expects a report, fails. */
    if (st != ZKP_OK) fprintf(stderr, "gf2_ct --planted: pow_vartime returned %s\n", zkp_status_name(st));
    return 0;
}

int main(int argc, char **argv) {
    th_init("gf2_ct");
    if (argc > 1 && strcmp(argv[1], "--planted") == 0) return planted();
    th_for_each_cpu_level(run_level, NULL);
    return th_finish();
}
