/*
 * Misuse rows of Plonky3's MMCS (poseidon2.h, docs/poseidon2.md). Included
 * by probe.c after its helpers (row, fmt, sn, huge_cell, HUGE_FN); its rows
 * follow the rest of the table. Huge values are a matrix's width (the
 * matrix too large) and the node count.
 */

static uint32_t k_p2mm_v[4 * 2]; /* a matrix of 2 rows of up to 4 elements */

static zkp_poseidon2_matrix p2mm_shape(size_t width) {
    zkp_poseidon2_matrix m = {k_p2mm_v, width, 2};
    return m;
}

HUGE_FN(h_p2mm_size, {
    zkp_poseidon2_matrix m = p2mm_shape(v);
    size_t n;
    return zkp_poseidon2_mmcs_size(&m, 1, &n, NULL, NULL);
})
HUGE_FN(h_p2mm_commit, {
    zkp_poseidon2_matrix m = p2mm_shape(2);
    static uint32_t nodes[3 * 8];
    return (*(const int *)ctx ? zkp_poseidon2_koalabear_mmcs_commit : zkp_poseidon2_babybear_mmcs_commit)(&m, 1, nodes,
                                                                                                          v);
})
HUGE_FN(h_p2mm_open, {
    zkp_poseidon2_matrix m = p2mm_shape(2);
    static uint32_t nodes[3 * 8], rows[2], proof[8];
    return (*(const int *)ctx ? zkp_poseidon2_koalabear_mmcs_open : zkp_poseidon2_babybear_mmcs_open)(
        &m, 1, nodes, 3, 0, rows, v, proof, 1);
})
HUGE_FN(h_p2mm_verify, {
    zkp_poseidon2_matrix m = p2mm_shape(2);
    static uint32_t root[8], rows[2], proof[8];
    return (*(const int *)ctx ? zkp_poseidon2_koalabear_mmcs_verify : zkp_poseidon2_babybear_mmcs_verify)(
        root, &m, 1, 0, rows, 2, proof, v);
})

typedef zkp_status (*p2mm_commit_fn)(const zkp_poseidon2_matrix *, size_t, uint32_t *, size_t);
typedef zkp_status (*p2mm_open_fn)(const zkp_poseidon2_matrix *, size_t, const uint32_t *, size_t, uint64_t,
                                   uint32_t *, size_t, uint32_t *, size_t);
typedef zkp_status (*p2mm_verify_fn)(const uint32_t *, const zkp_poseidon2_matrix *, size_t, uint64_t,
                                     const uint32_t *, size_t, const uint32_t *, size_t);

static void probe_poseidon2_mmcs(void) {
    const char *m = "poseidon2";
    zkp_poseidon2_matrix one = p2mm_shape(2), nul = {NULL, 2, 2};
    size_t n;
    row(m, "zkp_poseidon2_mmcs_size",
        fmt("mats: %s; values: %s; outputs: %s", sn(zkp_poseidon2_mmcs_size(NULL, 1, &n, NULL, NULL)),
            sn(zkp_poseidon2_mmcs_size(&nul, 1, &n, NULL, NULL)), sn(zkp_poseidon2_mmcs_size(&one, 1, NULL, NULL, NULL))),
        fmt("n_mats 0: %s; height 0: %s", sn(zkp_poseidon2_mmcs_size(&one, 0, &n, NULL, NULL)),
            sn(zkp_poseidon2_mmcs_size(&(zkp_poseidon2_matrix){k_p2mm_v, 2, 0}, 1, &n, NULL, NULL))),
        fmt("width: %s", huge_cell(h_p2mm_size, NULL)), NA, NA);
    for (int f = 0; f < 2; f++) {
        const char *fld = f ? "koalabear" : "babybear";
        p2mm_commit_fn c = f ? zkp_poseidon2_koalabear_mmcs_commit : zkp_poseidon2_babybear_mmcs_commit;
        p2mm_open_fn o = f ? zkp_poseidon2_koalabear_mmcs_open : zkp_poseidon2_babybear_mmcs_open;
        p2mm_verify_fn vf = f ? zkp_poseidon2_koalabear_mmcs_verify : zkp_poseidon2_babybear_mmcs_verify;
        uint32_t nodes[3 * 8] = {0}, rows[2] = {0}, proof[8] = {0};
        row(m, fmt("zkp_poseidon2_%s_mmcs_commit", fld),
            fmt("mats: %s; values: %s; nodes: %s", sn(c(NULL, 1, nodes, 3)), sn(c(&nul, 1, nodes, 3)),
                sn(c(&one, 1, NULL, 3))),
            fmt("n_mats 0: %s; n_nodes 0: %s", sn(c(&one, 0, nodes, 3)), sn(c(&one, 1, nodes, 0))),
            fmt("n_nodes: %s", huge_cell(h_p2mm_commit, &f)), NA, NA);
        MUST_OK(c(&one, 1, nodes, 3));
        row(m, fmt("zkp_poseidon2_%s_mmcs_open", fld),
            fmt("mats: %s; nodes: %s; rows: %s; proof: %s", sn(o(NULL, 1, nodes, 3, 0, rows, 2, proof, 1)),
                sn(o(&one, 1, NULL, 3, 0, rows, 2, proof, 1)), sn(o(&one, 1, nodes, 3, 0, NULL, 2, proof, 1)),
                sn(o(&one, 1, nodes, 3, 0, rows, 2, NULL, 1))),
            fmt("n_mats 0: %s; rows_n 0: %s; index 2: %s", sn(o(&one, 0, nodes, 3, 0, rows, 2, proof, 1)),
                sn(o(&one, 1, nodes, 3, 0, rows, 0, proof, 1)), sn(o(&one, 1, nodes, 3, 2, rows, 2, proof, 1))),
            fmt("rows_n: %s", huge_cell(h_p2mm_open, &f)), NA, NA);
        MUST_OK(o(&one, 1, nodes, 3, 0, rows, 2, proof, 1));
        const uint32_t *root = nodes + 2 * 8;
        row(m, fmt("zkp_poseidon2_%s_mmcs_verify", fld),
            fmt("root: %s; dims: %s; rows: %s; proof: %s", sn(vf(NULL, &one, 1, 0, rows, 2, proof, 1)),
                sn(vf(root, NULL, 1, 0, rows, 2, proof, 1)), sn(vf(root, &one, 1, 0, NULL, 2, proof, 1)),
                sn(vf(root, &one, 1, 0, rows, 2, NULL, 1))),
            fmt("n_mats 0: %s; proof_n 0: %s; opening: %s", sn(vf(root, &one, 0, 0, rows, 2, proof, 1)),
                sn(vf(root, &one, 1, 0, rows, 2, proof, 0)), sn(vf(root, &one, 1, 0, rows, 2, proof, 1))),
            fmt("proof_n: %s", huge_cell(h_p2mm_verify, &f)), NA, NA);
    }
}
