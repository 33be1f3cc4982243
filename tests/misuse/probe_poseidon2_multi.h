/*
 * Misuse rows of the Poseidon2 multiproof functions (poseidon2.h,
 * docs/poseidon2.md). Included by probe.c after its helpers (row, fmt, sn,
 * huge_cell, HUGE_FN); its rows follow the rest of the table.
 */

static const uint64_t k_p2m_idx[2] = {0, 1};

HUGE_FN(h_p2ms, {
    size_t sz;
    return zkp_poseidon2_tree_multi_proof_size(k_p2m_idx, 1, v, &sz);
})
HUGE_FN(h_p2mp31, {
    static uint32_t e[3 * 8];
    size_t pn;
    return (*(const int *)ctx ? zkp_poseidon2_koalabear_tree_multi_proof : zkp_poseidon2_babybear_tree_multi_proof)(
        e, v, k_p2m_idx, 1, e, 1, &pn);
})
HUGE_FN(h_p2mv31, {
    static uint32_t e[3 * 8];
    return (*(const int *)ctx ? zkp_poseidon2_koalabear_tree_multi_verify : zkp_poseidon2_babybear_tree_multi_verify)(
        e, e, 1, k_p2m_idx, 1, e, v, 1, 1);
})
HUGE_FN(h_p2mpbn, {
    zkp_poseidon_fr e[3] = {{{0}}};
    size_t pn;
    return zkp_poseidon2_bn254_tree_multi_proof(e, v, k_p2m_idx, 1, e, 1, &pn);
})
HUGE_FN(h_p2mvbn, {
    zkp_poseidon_fr e[3] = {{{0}}};
    return zkp_poseidon2_bn254_tree_multi_verify(e, e, k_p2m_idx, 1, e, v, 1, 1);
})

typedef zkp_status (*p2m_proof31)(const uint32_t *, size_t, const uint64_t *, size_t, uint32_t *, size_t, size_t *);
typedef zkp_status (*p2m_verify31)(const uint32_t *, const uint32_t *, size_t, const uint64_t *, size_t,
                                   const uint32_t *, size_t, size_t, unsigned);

static void probe_poseidon2_multi(void) {
    const char *m = "poseidon2";
    const uint64_t *ix = k_p2m_idx;
    size_t sz, pn;
    row(m, "zkp_poseidon2_tree_multi_proof_size",
        fmt("size: %s; indices: %s", sn(zkp_poseidon2_tree_multi_proof_size(ix, 1, 1, NULL)),
            sn(zkp_poseidon2_tree_multi_proof_size(NULL, 1, 1, &sz))),
        fmt("k 0: %s", sn(zkp_poseidon2_tree_multi_proof_size(ix, 0, 1, &sz))),
        fmt("depth: %s", huge_cell(h_p2ms, NULL)), NA, NA);
    for (int f = 0; f < 2; f++) {
        const char *fld = f ? "koalabear" : "babybear";
        p2m_proof31 mp = f ? zkp_poseidon2_koalabear_tree_multi_proof : zkp_poseidon2_babybear_tree_multi_proof;
        p2m_verify31 mv = f ? zkp_poseidon2_koalabear_tree_multi_verify : zkp_poseidon2_babybear_tree_multi_verify;
        uint32_t e[3 * 8] = {0};
        row(m, fmt("zkp_poseidon2_%s_tree_multi_proof", fld),
            fmt("nodes: %s; proof,cap>0: %s; proof_n: %s", sn(mp(NULL, 2, ix, 1, e, 1, &pn)),
                sn(mp(e, 2, ix, 1, NULL, 1, &pn)), sn(mp(e, 2, ix, 1, e, 1, NULL))),
            fmt("n 0: %s; cap 0: %s", sn(mp(e, 0, ix, 1, e, 1, &pn)), sn(mp(e, 2, ix, 1, NULL, 0, &pn))),
            fmt("n_leaves: %s", huge_cell(h_p2mp31, &f)), NA, NA);
        row(m, fmt("zkp_poseidon2_%s_tree_multi_verify", fld),
            fmt("root: %s; rows: %s; indices: %s; proof,n>0: %s", sn(mv(NULL, e, 1, ix, 1, e, 1, 1, 1)),
                sn(mv(e, NULL, 1, ix, 1, e, 1, 1, 1)), sn(mv(e, e, 1, NULL, 1, e, 1, 1, 1)),
                sn(mv(e, e, 1, ix, 1, NULL, 1, 1, 1))),
            fmt("k 0: %s; row_len 0: %s; proof_n 0: %s", sn(mv(e, e, 1, ix, 0, e, 1, 1, 1)),
                sn(mv(e, e, 0, ix, 1, e, 1, 1, 1)), sn(mv(e, e, 1, ix, 1, e, 0, 1, 1))),
            fmt("proof_n: %s", huge_cell(h_p2mv31, &f)), NA, NA);
    }
    zkp_poseidon_fr e[3] = {{{0}}};
    row(m, "zkp_poseidon2_bn254_tree_multi_proof",
        fmt("nodes: %s; proof,cap>0: %s; proof_n: %s", sn(zkp_poseidon2_bn254_tree_multi_proof(NULL, 2, ix, 1, e, 1, &pn)),
            sn(zkp_poseidon2_bn254_tree_multi_proof(e, 2, ix, 1, NULL, 1, &pn)),
            sn(zkp_poseidon2_bn254_tree_multi_proof(e, 2, ix, 1, e, 1, NULL))),
        fmt("n 0: %s; cap 0: %s", sn(zkp_poseidon2_bn254_tree_multi_proof(e, 0, ix, 1, e, 1, &pn)),
            sn(zkp_poseidon2_bn254_tree_multi_proof(e, 2, ix, 1, NULL, 0, &pn))),
        fmt("n_leaves: %s", huge_cell(h_p2mpbn, NULL)), NA, NA);
    row(m, "zkp_poseidon2_bn254_tree_multi_verify",
        fmt("root: %s; leaves: %s; indices: %s; proof,n>0: %s",
            sn(zkp_poseidon2_bn254_tree_multi_verify(NULL, e, ix, 1, e, 1, 1, 1)),
            sn(zkp_poseidon2_bn254_tree_multi_verify(e, NULL, ix, 1, e, 1, 1, 1)),
            sn(zkp_poseidon2_bn254_tree_multi_verify(e, e, NULL, 1, e, 1, 1, 1)),
            sn(zkp_poseidon2_bn254_tree_multi_verify(e, e, ix, 1, NULL, 1, 1, 1))),
        fmt("k 0: %s; proof_n 0: %s", sn(zkp_poseidon2_bn254_tree_multi_verify(e, e, ix, 0, e, 1, 1, 1)),
            sn(zkp_poseidon2_bn254_tree_multi_verify(e, e, ix, 1, e, 0, 1, 1))),
        fmt("proof_n: %s", huge_cell(h_p2mvbn, NULL)), NA, NA);
}
