/*
 * The one-arity WebAssembly modules' Poseidon (js/src/small/, zkprim/poseidon1
 * ... 16) compiled natively: its run-time constant generator
 * (poseidon_gen.c) against the tables the library and its tests use, for
 * every width t = 2..17 -- the dense round constants of
 * tests/ref/poseidon_constants_dense.c (zkpi_poseidon_rc, checked against
 * circom-constants.json by ctest poseidon) and the MDS matrices of
 * src/poseidon/constants_sparse.c (zkpi_poseidon_mds) -- and the R_P table
 * it sizes them by against zkpi_poseidon_rp. Element by element, limb by
 * limb (so the layout is also right on a big-endian host). Under a second.
 */
#include <stdlib.h>

#include "harness.h"
#include "poseidon/params.h"
#include "../js/src/small/poseidon_gen.h"

/* a 4 x 64-bit table element against eight 32-bit limbs */
static int same(const zkpi_fr *want, const uint32_t *got) {
    for (int i = 0; i < 4; i++)
        if (want->v[i] != (got[2 * i] | (uint64_t)got[2 * i + 1] << 32)) return 0;
    return 1;
}

static void check_width(unsigned t) {
    const unsigned rp = ZKPI_JSP_RP(t), nrc = (ZKPI_JSP_RF + rp) * t;
    CHECK_EQ_INT(rp, zkpi_poseidon_rp[t]);
    CHECK(rp <= ZKPI_JSP_RP_MAX);
    uint32_t *rc = calloc((size_t)nrc * 8, sizeof *rc), *mds = calloc((size_t)t * t * 8, sizeof *mds);
    if (!rc || !mds) {
        CHECK(!"out of memory");
        return;
    }
    zkpi_jsp_gen(t, rc, mds);
    unsigned bad = 0, first = 0;
    for (unsigned k = 0; k < nrc; k++)
        if (!same(&zkpi_poseidon_rc[t][k], rc + 8 * k) && !bad++) first = k;
    CHECK_MSG(bad == 0, "t = %u: %u of %u round constants differ, the first at %u", t, bad, nrc, first);
    bad = 0;
    for (unsigned k = 0; k < t * t; k++)
        if (!same(&zkpi_poseidon_mds[t][k], mds + 8 * k) && !bad++) first = k;
    CHECK_MSG(bad == 0, "t = %u: %u of %u MDS entries differ, the first at %u", t, bad, t * t, first);
    free(rc);
    free(mds);
}

int main(void) {
    th_init("test_poseidon_jsgen");
    th_section("generated constants = tables");
    for (unsigned t = 2; t <= 17; t++) check_width(t);
    return th_finish();
}
