/*
 * Misuse rows of the batched multi-opening and multiproof functions of the
 * three families (docs/keccak.md, hemera.md, poseidon.md). Included by
 * probe.c after its helpers (row, fmt, sn, huge_cell, HUGE_FN, B, O); its
 * rows follow the rest of the table.
 */

static const uint64_t k_mp_idx[2] = {0, 1};

HUGE_FN(h_mkb_k, return zkp_keccak_tree_verify_batch(ZKP_KECCAK_256, O, B, k_mp_idx, v, B, 1, 1);)
HUGE_FN(h_mkb_d, return zkp_keccak_tree_verify_batch(ZKP_KECCAK_256, O, B, k_mp_idx, 1, B, v, 1);)
HUGE_FN(h_mks, {
    size_t sz;
    return zkp_keccak_tree_multi_proof_size(k_mp_idx, 1, v, &sz);
})
HUGE_FN(h_mkp, {
    size_t pl;
    return zkp_keccak_tree_multi_proof(B, v, k_mp_idx, 1, O, 64, &pl);
})
HUGE_FN(h_mkv, return zkp_keccak_tree_multi_verify(ZKP_KECCAK_256, O, B, k_mp_idx, 1, B, v, 1, 1);)
HUGE_FN(h_mhb, {
    const uint8_t *c[1] = {B}, *p[1] = {B};
    size_t cl[1] = {1}, pl[1] = {0};
    return zkp_hemera_tree_verify_batch(O, c, cl, k_mp_idx, v, 1, p, pl, 1);
})
HUGE_FN(h_mhv, {
    const uint8_t *c[1] = {B};
    size_t cl[1] = {1};
    return zkp_hemera_tree_multi_verify(O, c, cl, k_mp_idx, 1, 1, B, v, 1);
})
HUGE_FN(h_mhp, {
    size_t pl;
    return zkp_hemera_tree_multi_proof(B, v, k_mp_idx, 1, O, 64, &pl);
})
HUGE_FN(h_mhs, {
    size_t sz;
    return zkp_hemera_tree_multi_proof_size(UINT64_MAX, k_mp_idx, v, &sz);
})
HUGE_FN(h_mpb, {
    zkp_poseidon_fr e[4] = {{{0}}};
    return zkp_poseidon_tree_verify_batch(e, e, k_mp_idx, v, e, 1, 1);
})
HUGE_FN(h_mps, {
    size_t sz;
    return zkp_poseidon_tree_multi_proof_size(k_mp_idx, 1, v, &sz);
})
HUGE_FN(h_mpp, {
    zkp_poseidon_fr e[4] = {{{0}}};
    size_t pn;
    return zkp_poseidon_tree_multi_proof(e, v, k_mp_idx, 1, e, 1, &pn);
})
HUGE_FN(h_mpv, {
    zkp_poseidon_fr e[4] = {{{0}}};
    return zkp_poseidon_tree_multi_verify(e, e, k_mp_idx, 1, e, v, 1, 1);
})

static void probe_multiproof(void) {
    const uint64_t *ix = k_mp_idx;
    const uint64_t bad_order[2] = {1, 0};
    size_t sz, pl;
    memset(B, 0x11, 256);
    const char *m = "keccak";
    row(m, "zkp_keccak_tree_verify_batch",
        fmt("root: %s; leaves: %s; indices: %s; proofs,depth>0: %s",
            sn(zkp_keccak_tree_verify_batch(ZKP_KECCAK_256, NULL, B, ix, 1, B, 1, 1)),
            sn(zkp_keccak_tree_verify_batch(ZKP_KECCAK_256, O, NULL, ix, 1, B, 1, 1)),
            sn(zkp_keccak_tree_verify_batch(ZKP_KECCAK_256, O, B, NULL, 1, B, 1, 1)),
            sn(zkp_keccak_tree_verify_batch(ZKP_KECCAK_256, O, B, ix, 1, NULL, 1, 1))),
        fmt("k 0: %s; depth 0, leaf=root: %s; indices 1,0: %s",
            sn(zkp_keccak_tree_verify_batch(ZKP_KECCAK_256, O, B, ix, 0, B, 1, 1)),
            sn(zkp_keccak_tree_verify_batch(ZKP_KECCAK_256, B, B, ix, 1, NULL, 0, 1)),
            sn(zkp_keccak_tree_verify_batch(ZKP_KECCAK_256, O, B, bad_order, 2, B, 1, 1))),
        fmt("k: %s; depth: %s", huge_cell(h_mkb_k, NULL), huge_cell(h_mkb_d, NULL)), NA, NA);
    row(m, "zkp_keccak_tree_multi_proof_size",
        fmt("size: %s; indices: %s", sn(zkp_keccak_tree_multi_proof_size(ix, 1, 1, NULL)),
            sn(zkp_keccak_tree_multi_proof_size(NULL, 1, 1, &sz))),
        fmt("k 0: %s; depth 0, index 1: %s", sn(zkp_keccak_tree_multi_proof_size(ix, 0, 1, &sz)),
            sn(zkp_keccak_tree_multi_proof_size(ix + 1, 1, 0, &sz))),
        fmt("depth: %s", huge_cell(h_mks, NULL)), NA, NA);
    row(m, "zkp_keccak_tree_multi_proof",
        fmt("nodes: %s; indices: %s; proof,cap>0: %s; proof_len: %s",
            sn(zkp_keccak_tree_multi_proof(NULL, 2, ix, 1, O, 64, &pl)),
            sn(zkp_keccak_tree_multi_proof(B, 2, NULL, 1, O, 64, &pl)),
            sn(zkp_keccak_tree_multi_proof(B, 2, ix, 1, NULL, 64, &pl)),
            sn(zkp_keccak_tree_multi_proof(B, 2, ix, 1, O, 64, NULL))),
        fmt("n 0: %s; k 0: %s; cap 0: %s", sn(zkp_keccak_tree_multi_proof(B, 0, ix, 1, O, 64, &pl)),
            sn(zkp_keccak_tree_multi_proof(B, 2, ix, 0, O, 64, &pl)),
            sn(zkp_keccak_tree_multi_proof(B, 2, ix, 1, NULL, 0, &pl))),
        fmt("n: %s", huge_cell(h_mkp, NULL)), NA, NA);
    row(m, "zkp_keccak_tree_multi_verify",
        fmt("root: %s; leaves: %s; proof,len>0: %s",
            sn(zkp_keccak_tree_multi_verify(ZKP_KECCAK_256, NULL, B, ix, 1, B, 32, 1, 1)),
            sn(zkp_keccak_tree_multi_verify(ZKP_KECCAK_256, O, NULL, ix, 1, B, 32, 1, 1)),
            sn(zkp_keccak_tree_multi_verify(ZKP_KECCAK_256, O, B, ix, 1, NULL, 32, 1, 1))),
        fmt("k 0: %s; proof_len 0: %s", sn(zkp_keccak_tree_multi_verify(ZKP_KECCAK_256, O, B, ix, 0, B, 32, 1, 1)),
            sn(zkp_keccak_tree_multi_verify(ZKP_KECCAK_256, O, B, ix, 1, B, 0, 1, 1))),
        fmt("proof_len: %s", huge_cell(h_mkv, NULL)), NA, NA);

    m = "hemera";
    const uint8_t *c1[2] = {B, B}, *p1[2] = {B, B}, *cnull[1] = {NULL};
    size_t cl1[2] = {1, 1}, pl0[2] = {0, 0};
    row(m, "zkp_hemera_tree_verify_batch",
        fmt("root: %s; chunks: %s; chunk,len>0: %s; proofs: %s",
            sn(zkp_hemera_tree_verify_batch(NULL, c1, cl1, ix, 1, 1, p1, pl0, 1)),
            sn(zkp_hemera_tree_verify_batch(O, NULL, cl1, ix, 1, 1, p1, pl0, 1)),
            sn(zkp_hemera_tree_verify_batch(O, cnull, cl1, ix, 1, 1, p1, pl0, 1)),
            sn(zkp_hemera_tree_verify_batch(O, c1, cl1, ix, 1, 1, NULL, pl0, 1))),
        fmt("k 0: %s; one chunk, wrong root: %s; proof 32 bytes short: %s",
            sn(zkp_hemera_tree_verify_batch(O, c1, cl1, ix, 0, 1, p1, pl0, 1)),
            sn(zkp_hemera_tree_verify_batch(O, c1, cl1, ix, 1, 1, p1, pl0, 1)),
            sn(zkp_hemera_tree_verify_batch(O, c1, cl1, ix, 1, 8192, p1, pl0, 1))),
        fmt("k: %s", huge_cell(h_mhb, NULL)), NA, NA);
    row(m, "zkp_hemera_tree_multi_proof_size",
        fmt("size: %s; indices: %s", sn(zkp_hemera_tree_multi_proof_size(1, ix, 1, NULL)),
            sn(zkp_hemera_tree_multi_proof_size(1, NULL, 1, &sz))),
        fmt("k 0: %s; index 1 of one chunk: %s", sn(zkp_hemera_tree_multi_proof_size(1, ix, 0, &sz)),
            sn(zkp_hemera_tree_multi_proof_size(1, ix + 1, 1, &sz))),
        fmt("k: %s", huge_cell(h_mhs, NULL)), NA, NA);
    row(m, "zkp_hemera_tree_multi_proof",
        fmt("data,len>0: %s; indices: %s; proof,cap>0: %s; proof_len: %s",
            sn(zkp_hemera_tree_multi_proof(NULL, 1, ix, 1, O, 64, &pl)),
            sn(zkp_hemera_tree_multi_proof(B, 1, NULL, 1, O, 64, &pl)),
            sn(zkp_hemera_tree_multi_proof(B, 1, ix, 1, NULL, 64, &pl)),
            sn(zkp_hemera_tree_multi_proof(B, 1, ix, 1, O, 64, NULL))),
        fmt("len 0: %s; k 0: %s; cap 0, 2 chunks: %s", sn(zkp_hemera_tree_multi_proof(NULL, 0, ix, 1, NULL, 0, &pl)),
            sn(zkp_hemera_tree_multi_proof(B, 1, ix, 0, O, 64, &pl)),
            sn(zkp_hemera_tree_multi_proof(B, 4097, ix, 1, NULL, 0, &pl))),
        fmt("len: %s", huge_cell(h_mhp, NULL)), NA, NA);
    row(m, "zkp_hemera_tree_multi_verify",
        fmt("root: %s; chunks: %s; proof,len>0: %s",
            sn(zkp_hemera_tree_multi_verify(NULL, c1, cl1, ix, 1, 1, B, 0, 1)),
            sn(zkp_hemera_tree_multi_verify(O, NULL, cl1, ix, 1, 1, B, 0, 1)),
            sn(zkp_hemera_tree_multi_verify(O, c1, cl1, ix, 1, 1, NULL, 32, 1))),
        fmt("k 0: %s; one chunk, wrong root: %s", sn(zkp_hemera_tree_multi_verify(O, c1, cl1, ix, 0, 1, B, 0, 1)),
            sn(zkp_hemera_tree_multi_verify(O, c1, cl1, ix, 1, 1, NULL, 0, 1))),
        fmt("proof_len: %s", huge_cell(h_mhv, NULL)), NA, NA);

    m = "poseidon";
    zkp_poseidon_fr e[4] = {{{0}}}, big = {{~0ull, ~0ull, ~0ull, ~0ull}};
    size_t pn;
    row(m, "zkp_poseidon_tree_verify_batch",
        fmt("root: %s; leaves: %s; proofs,depth>0: %s", sn(zkp_poseidon_tree_verify_batch(NULL, e, ix, 1, e, 1, 1)),
            sn(zkp_poseidon_tree_verify_batch(e, NULL, ix, 1, e, 1, 1)),
            sn(zkp_poseidon_tree_verify_batch(e, e, ix, 1, NULL, 1, 1))),
        fmt("k 0: %s; depth 0, leaf=root: %s; root >= p: %s", sn(zkp_poseidon_tree_verify_batch(e, e, ix, 0, e, 1, 1)),
            sn(zkp_poseidon_tree_verify_batch(e, e, ix, 1, NULL, 0, 1)),
            sn(zkp_poseidon_tree_verify_batch(&big, e, ix, 1, e, 1, 1))),
        fmt("k: %s", huge_cell(h_mpb, NULL)), NA, NA);
    row(m, "zkp_poseidon_tree_multi_proof_size",
        fmt("size: %s; indices: %s", sn(zkp_poseidon_tree_multi_proof_size(ix, 1, 1, NULL)),
            sn(zkp_poseidon_tree_multi_proof_size(NULL, 1, 1, &sz))),
        fmt("k 0: %s", sn(zkp_poseidon_tree_multi_proof_size(ix, 0, 1, &sz))),
        fmt("depth: %s", huge_cell(h_mps, NULL)), NA, NA);
    row(m, "zkp_poseidon_tree_multi_proof",
        fmt("nodes: %s; proof,cap>0: %s; proof_n: %s", sn(zkp_poseidon_tree_multi_proof(NULL, 2, ix, 1, e, 1, &pn)),
            sn(zkp_poseidon_tree_multi_proof(e, 2, ix, 1, NULL, 1, &pn)),
            sn(zkp_poseidon_tree_multi_proof(e, 2, ix, 1, e, 1, NULL))),
        fmt("n 0: %s; cap 0: %s", sn(zkp_poseidon_tree_multi_proof(e, 0, ix, 1, e, 1, &pn)),
            sn(zkp_poseidon_tree_multi_proof(e, 2, ix, 1, NULL, 0, &pn))),
        fmt("n_leaves: %s", huge_cell(h_mpp, NULL)), NA, NA);
    row(m, "zkp_poseidon_tree_multi_verify",
        fmt("root: %s; leaves: %s; proof,n>0: %s", sn(zkp_poseidon_tree_multi_verify(NULL, e, ix, 1, e, 1, 1, 1)),
            sn(zkp_poseidon_tree_multi_verify(e, NULL, ix, 1, e, 1, 1, 1)),
            sn(zkp_poseidon_tree_multi_verify(e, e, ix, 1, NULL, 1, 1, 1))),
        fmt("k 0: %s; proof_n 0: %s", sn(zkp_poseidon_tree_multi_verify(e, e, ix, 0, e, 1, 1, 1)),
            sn(zkp_poseidon_tree_multi_verify(e, e, ix, 1, e, 0, 1, 1))),
        fmt("proof_n: %s", huge_cell(h_mpv, NULL)), NA, NA);
}
