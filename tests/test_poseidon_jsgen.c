/*
 * The one-arity WebAssembly modules' Poseidon (js/src/small/, zkprim/poseidon1
 * ... 16) compiled natively: its run-time constant generator
 * (poseidon_gen.c) against the tables the library and its tests use, for
 * every width t = 2..17: the dense round constants of
 * tests/ref/poseidon_constants_dense.c (zkpi_poseidon_rc, checked against
 * circom-constants.json by ctest poseidon) and the MDS matrices of
 * src/poseidon/constants_sparse.c (zkpi_poseidon_mds) -- and the R_P table
 * it sizes them by against zkpi_poseidon_rp; then the sparse-MDS form it
 * derives from them (zkpi_jsp_sparse) against the library's folded
 * constants (zkpi_poseidon_sc), pre-sparse matrix (zkpi_poseidon_sp) and
 * tests/ref's unscaled partial-round matrices (zkpi_poseidon_ss). Element by element, limb by
 * limb (so the layout is also right on a big-endian host). About a second natively (t = 17's matrix inversions).
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

/* every element of got against want: one check, naming the first that differs */
static void check_table(const char *what, unsigned t, const zkpi_fr *want, const uint32_t *got, size_t n) {
    size_t bad = 0, first = 0;
    for (size_t k = 0; k < n; k++)
        if (!same(&want[k], got + 8 * k) && !bad++) first = k;
    CHECK_MSG(bad == 0, "t = %u: %zu of %zu %s differ, the first at %zu", t, bad, n, what, first);
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
    check_table("round constants", t, zkpi_poseidon_rc[t], rc, nrc);
    check_table("MDS entries", t, zkpi_poseidon_mds[t], mds, (size_t)t * t);
    /* the sparse form derived from them */
    const size_t nsc = (size_t)8 * t + rp, nss = (size_t)(2 * t - 1) * rp;
    uint32_t *sc = calloc(nsc * 8, 4), *ss = calloc(nss * 8, 4), *pm = calloc((size_t)t * t * 8, 4),
             *work = calloc((size_t)ZKPI_JSP_WORK(t) * 8, 4);
    if (sc && ss && pm && work) {
        zkpi_jsp_sparse(t, rc, mds, sc, ss, pm, work);
        check_table("sparse constants", t, zkpi_poseidon_sc[t], sc, nsc);
        check_table("sparse matrix entries", t, zkpi_poseidon_ss[t], ss, nss);
        check_table("pre-sparse matrix entries", t, zkpi_poseidon_sp[t], pm, (size_t)t * t);
    } else {
        CHECK(!"out of memory");
    }
    free(sc);
    free(ss);
    free(pm);
    free(work);
    free(rc);
    free(mds);
}

int main(void) {
    th_init("test_poseidon_jsgen");
    th_section("generated constants = tables");
    for (unsigned t = 2; t <= 17; t++) check_width(t);
    return th_finish();
}
