/*
 * Constant-time check of the isomorphism under valgrind memcheck: the input
 * is marked undefined, so a branch or a memory address depending on it is
 * reported and the run fails (--error-exitcode=1).
 *
 *   gf2iso_ct            the constant-time forms (plain names): must pass
 *   gf2iso_ct --planted  the _vartime table path on the same secret input:
 *                        must be reported (ctest expects the failure),
 *                        showing the check sees a secret-indexed lookup.
 */
#include <string.h>

#include "ct_secret.h"
#include "harness.h"
#include "zkprim/gf2_iso.h"

int main(int argc, char **argv) {
    th_init("gf2iso_ct");
    int vartime = argc > 1 && strcmp(argv[1], "--planted") == 0;
    for (uint64_t i = 0; i < th_count(4); i++) {
        zkp_gf2_b256 a, b;
        zkp_gf2_ghash2 g;
        th_rand_bytes(&a, sizeof a);
        ct_secret(&a, sizeof a);
        if (vartime) {
            zkp_gf2_b256_to_ghash2_vartime(&g, &a);
            zkp_gf2_ghash2_to_b256_vartime(&b, &g);
        } else {
            zkp_gf2_b256_to_ghash2(&g, &a);
            zkp_gf2_ghash2_to_b256(&b, &g);
        }
        ct_public(&a, sizeof a);
        ct_public(&b, sizeof b);
        CHECK_EQ_BYTES(&a, &b, sizeof a);  /* round trip, checked on public copies */
    }
    return th_finish();
}
