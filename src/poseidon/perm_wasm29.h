/*
 * The Poseidon permutation on bn254/fr_wasm29.h's 29-bit limbs: the
 * WebAssembly portable kernel's permute, hash and hash_many
 * (kernel_portable.c, under ZKPI_BN254_W32). The schedule is perm_tmpl.h's
 * sparse one with the rescaled partial rounds (the sc, sz, sp and mds
 * tables); what differs is the field: R' = 2^261 and values kept below 4p
 * without conditional subtractions, so each width's tables are converted
 * once to that form (from R = 2^256 form, one product each) into a block
 * allocated on the width's first use. If that allocation fails the
 * template's permutation (bn254/fr32.h) runs instead: same results.
 *
 * Bounds (p / R' < 0.0059; fr_wasm29.h: a product of values < 4p is
 * < 1.1p, a row of n <= 17 constants (< p) times values < 4p is < 1.41p):
 *  - in: canonical x R converted to x R' < 1.1p; + constant (< p): < 2.1p;
 *  - full round: x^5 < 1.1p, + constant < 2.1p; the MDS rows < 1.41p;
 *  - partial round on the rescaled state (perm_tmpl.h k_partial_round):
 *    z = s0^5 + chat < 2.1p; new s0 = z + <what, s> < 3.51p; new s_k =
 *    beta_k s_k + z < 3.2p: every lane stays < 4p;
 *  - the final scales are products (< 1.1p); the outputs are made
 *    canonical on the way back to R form.
 * Tested: ctest no-int128 (w32_poseidon: permute, hash and hash_many of
 * every width against the library's kernel, ZKP_TEST_WASM_ARITH on the host).
 */
#include <stdlib.h>
#include <string.h>

#include "bn254/fr_wasm29.h"
#include "poseidon/params.h"

/* Width t's tables in R' form: sc (8t + R_P), sz ((2t - 1) R_P + t), mds
 * and sp (t x t each). */
typedef struct w29_tables {
    zkpi_fr29 *sc, *sz, *mds, *sp;
} w29_tables;

static w29_tables w29_tab[ZKP_POSEIDON_TMAX + 1];

static void w29_convert(zkpi_fr29 *dst, const zkpi_fr *src, size_t n) {
    for (size_t i = 0; i < n; i++) {
        zkpi_fr29_from_r256(&dst[i], src[i].v);
        zkpi_fr29_canon(&dst[i], &dst[i]); /* the dot products' constants: < p */
    }
}

/* Width t's converted tables, NULL when they cannot be allocated. Not
 * thread-safe on first use: WebAssembly modules run one thread (and the
 * host test builds that force this form call it from one). */
static const w29_tables *w29_tables_for(unsigned t) {
    w29_tables *w = &w29_tab[t];
    if (w->sc) return w;
    const size_t rp = zkpi_poseidon_rp[t], n_sc = 8 * t + rp, n_sz = (2 * t - 1) * rp + t, n_m = (size_t)t * t;
    zkpi_fr29 *b = malloc((n_sc + n_sz + 2 * n_m) * sizeof *b);
    if (!b) return NULL;
    w29_convert(b, zkpi_poseidon_sc[t], n_sc);
    w29_convert(b + n_sc, zkpi_poseidon_sz[t], n_sz);
    w29_convert(b + n_sc + n_sz, zkpi_poseidon_mds[t], n_m);
    w29_convert(b + n_sc + n_sz + n_m, zkpi_poseidon_sp[t], n_m);
    w->sz = b + n_sc, w->mds = b + n_sc + n_sz, w->sp = b + n_sc + n_sz + n_m;
    w->sc = b; /* last: the width is ready */
    return w;
}

/* x^5 (< 1.1p for x < 4p). */
static void w29_pow5(zkpi_fr29 *x) {
    zkpi_fr29 x2, x4;
    zkpi_fr29_sqr(&x2, x);
    zkpi_fr29_sqr(&x4, &x2);
    zkpi_fr29_mul(x, &x4, x);
}

/* The rescaled partial rounds (perm_tmpl.h k_partial_round's C form). */
static void w29_partial_rounds(const unsigned t, zkpi_fr29 *x, const zkpi_fr29 *Z, const unsigned rp) {
    for (unsigned r = 0; r < rp; r++, Z += 2 * t - 1) {
        zkpi_fr29 z, w, v;
        ZKP_VERIFY_CHECK(zkpi_fr29_verify_lt(&x[0], 4, 1), "w29 partial round: s0 < 4p");
        zkpi_fr29_dot(&w, &Z[1], &x[1], t - 1); /* <what, s>, off the S-box chain */
        z = x[0];
        w29_pow5(&z);
        zkpi_fr29_add(&z, &z, &Z[0]);
        for (unsigned k = 1; k < t; k++) {
            zkpi_fr29_mul(&v, &Z[t - 1 + k], &x[k]);
            zkpi_fr29_add(&x[k], &v, &z);
            ZKP_VERIFY_CHECK(zkpi_fr29_verify_lt(&x[k], 32, 10), "w29 partial round: new s_k < 3.2p");
        }
        zkpi_fr29_add(&x[0], &w, &z);
        ZKP_VERIFY_CHECK(zkpi_fr29_verify_lt(&x[0], 351, 100), "w29 partial round: new s0 < 3.51p");
    }
}

/* The permutation of t canonical R-form lanes in place (lane0_only: the
 * last round computes lane 0 only, the others are left as garbage). */
static void w29_permute(const w29_tables *w, const unsigned t, zkpi_fr *s, const int lane0_only) {
    zkpi_fr29 x[ZKP_POSEIDON_TMAX], u[ZKP_POSEIDON_TMAX];
    const unsigned rp = zkpi_poseidon_rp[t];
    const zkpi_fr29 *C = w->sc;
    for (unsigned i = 0; i < t; i++) {
        zkpi_fr29_from_r256(&x[i], s[i].v);
        zkpi_fr29_add(&x[i], &x[i], &C[i]);
    }
    C += t;
    for (unsigned f = 0; f < ZKP_POSEIDON_RF; f++) {
        const int last = f == ZKP_POSEIDON_RF - 1;
        for (unsigned i = 0; i < t; i++) {
            w29_pow5(&x[i]);
            if (!last) zkpi_fr29_add(&x[i], &x[i], &C[i]);
        }
        C += t;
        const zkpi_fr29 *M = f == 3 ? w->sp : w->mds;
        const unsigned rows = last && lane0_only ? 1 : t;
        for (unsigned i = 0; i < rows; i++) zkpi_fr29_dot(&u[i], &M[i * t], x, t);
        memcpy(x, u, rows * sizeof *x);
        if (f != 3) continue;
        w29_partial_rounds(t, x, w->sz, rp);
        const zkpi_fr29 *E = w->sz + (size_t)rp * (2 * t - 1); /* the final scales */
        for (unsigned i = 0; i < t; i++) zkpi_fr29_mul(&x[i], &x[i], &E[i]);
        C += rp;
    }
    for (unsigned i = 0; i < (lane0_only ? 1 : t); i++) zkpi_fr29_to_r256(s[i].v, &x[i]);
}
