/*
 * Misuse rows of Hemera's prover traces (traced permutation, witness
 * matrices, step-wise sponge; docs/hemera.md, "Traces"). Included by
 * probe.c after its helpers (row, fmt, sn, huge_cell, HUGE_FN, B, O, W);
 * its rows follow the other hemera rows.
 */

HUGE_FN(h_htb, return zkp_hemera_trace_batch((const uint64_t(*)[16])W, v, ZKP_HEMERA_TRACE_ROW_MAJOR, (uint64_t *)O);)
HUGE_FN(h_ssh, {
    zkp_hemera_step_sponge sp;
    return zkp_hemera_step_sponge_init_hash(&sp, B, v);
})
HUGE_FN(h_ssk, {
    zkp_hemera_step_sponge sp;
    return zkp_hemera_step_sponge_init_keyed(&sp, B2, B, v);
})
HUGE_FN(h_ssd1, {
    zkp_hemera_step_sponge sp;
    return zkp_hemera_step_sponge_init_derive_key(&sp, B, v, B, 1);
})
HUGE_FN(h_ssd2, {
    zkp_hemera_step_sponge sp;
    return zkp_hemera_step_sponge_init_derive_key(&sp, B, 1, B, v);
})

/* A step sponge with flags, phase or pos overwritten: every call STATE
 * (which 0 step, 1 finish), remaining 0 (which 2, as a status bit). */
static const char *ss_corrupt(int which) {
    unsigned seen = 0;
    for (int field = 0; field < 4; field++) { /* fixed set */
        zkp_hemera_step_sponge sp;
        uint64_t st[16];
        MUST_OK(zkp_hemera_step_sponge_init_hash(&sp, B, 100));
        if (field == 0) sp.flags = 0;
        else if (field == 1) sp.phase = 99;
        else if (field == 2) sp.pos = 1000;
        else memset(&sp, 0, sizeof sp);
        zkp_status s = which == 0   ? zkp_hemera_step_sponge_step(&sp, st, st, NULL)
                       : which == 1 ? zkp_hemera_step_sponge_finish(&sp, O)
                                    : (zkp_hemera_step_sponge_remaining(&sp) == 0 ? ZKP_ERR_STATE : ZKP_OK);
        seen |= 1u << s;
    }
    if (which == 2) return seen == 1u << ZKP_ERR_STATE ? "0" : (g_bad++, "WRONG");
    return state_cell(seen);
}

static void probe_hemera_trace(void) {
    const char *m = "hemera";
    uint64_t tr[ZKP_HEMERA_TRACE_ROWS][16];
    memset(W, 0x11, sizeof W);
    memcpy(W2, W, sizeof W);
    zkp_hemera_permute_traced(NULL, tr);
    zkp_hemera_permute_traced(W, NULL);
    int untouched = !memcmp(W, W2, 128);
    zkp_hemera_permute_traced_ct(NULL, tr);
    zkp_hemera_permute_traced_ct(W, NULL);
    int untouched_ct = !memcmp(W, W2, 128);
    row(m, "zkp_hemera_permute_traced", ignored_cell(untouched), NA, NA, "in place", NA);
    row(m, "zkp_hemera_permute_traced_ct", ignored_cell(untouched_ct), NA, NA, "in place", NA);
    row(m, "zkp_hemera_trace_batch",
        fmt("states,n>0: %s; matrix: %s",
            sn(zkp_hemera_trace_batch(NULL, 1, ZKP_HEMERA_TRACE_ROW_MAJOR, (uint64_t *)O)),
            sn(zkp_hemera_trace_batch((const uint64_t(*)[16])W, 1, ZKP_HEMERA_TRACE_COL_MAJOR, NULL))),
        fmt("n 0: %s; layout 2: %s", sn(zkp_hemera_trace_batch(NULL, 0, ZKP_HEMERA_TRACE_ROW_MAJOR, NULL)),
            sn(zkp_hemera_trace_batch((const uint64_t(*)[16])W, 1, (zkp_hemera_trace_layout)2, (uint64_t *)O))),
        huge_cell(h_htb, NULL), NA, NA);

    zkp_hemera_step_sponge sp;
    row(m, "zkp_hemera_step_sponge_init_hash",
        fmt("sp: %s; msg,1: %s; msg,0: %s", sn(zkp_hemera_step_sponge_init_hash(NULL, B, 1)),
            sn(zkp_hemera_step_sponge_init_hash(&sp, NULL, 1)), sn(zkp_hemera_step_sponge_init_hash(&sp, NULL, 0))),
        sn(zkp_hemera_step_sponge_init_hash(&sp, B, 0)), huge_cell(h_ssh, NULL), NA, NA);
    row(m, "zkp_hemera_step_sponge_init_keyed",
        fmt("key: %s; msg,1: %s; msg,0: %s", sn(zkp_hemera_step_sponge_init_keyed(&sp, NULL, B, 1)),
            sn(zkp_hemera_step_sponge_init_keyed(&sp, B2, NULL, 1)),
            sn(zkp_hemera_step_sponge_init_keyed(&sp, B2, NULL, 0))),
        sn(zkp_hemera_step_sponge_init_keyed(&sp, B2, B, 0)), huge_cell(h_ssk, NULL), NA, NA);
    row(m, "zkp_hemera_step_sponge_init_derive_key",
        fmt("context,1: %s; material,1: %s; both,0: %s", sn(zkp_hemera_step_sponge_init_derive_key(&sp, NULL, 1, B, 1)),
            sn(zkp_hemera_step_sponge_init_derive_key(&sp, B, 1, NULL, 1)),
            sn(zkp_hemera_step_sponge_init_derive_key(&sp, NULL, 0, NULL, 0))),
        sn(zkp_hemera_step_sponge_init_derive_key(&sp, B, 0, B, 0)),
        fmt("context: %s; material: %s", huge_cell(h_ssd1, NULL), huge_cell(h_ssd2, NULL)), NA, NA);
    row(m, "zkp_hemera_step_sponge_init_node",
        fmt("sp: %s; left: %s; right: %s", sn(zkp_hemera_step_sponge_init_node(NULL, B, B, 0)),
            sn(zkp_hemera_step_sponge_init_node(&sp, NULL, B, 0)), sn(zkp_hemera_step_sponge_init_node(&sp, B, NULL, 0))),
        NA, NA, NA, NA);
    row(m, "zkp_hemera_step_sponge_remaining",
        fmt("%llu", (unsigned long long)zkp_hemera_step_sponge_remaining(NULL)), NA, NA, NA, ss_corrupt(2));
    uint64_t st[16];
    MUST_OK(zkp_hemera_step_sponge_init_hash(&sp, B, 0));
    zkp_status s_null = zkp_hemera_step_sponge_step(NULL, st, st, NULL);
    zkp_status s_before = zkp_hemera_step_sponge_step(&sp, NULL, st, NULL);
    zkp_status s_after = zkp_hemera_step_sponge_step(&sp, st, NULL, NULL);
    zkp_status s_trace = zkp_hemera_step_sponge_step(&sp, st, st, NULL);
    zkp_status s_past = zkp_hemera_step_sponge_step(&sp, st, st, NULL);
    row(m, "zkp_hemera_step_sponge_step",
        fmt("sp: %s; before: %s; after: %s; trace: %s", sn(s_null), sn(s_before), sn(s_after), sn(s_trace)),
        fmt("after the last step: %s", sn(s_past)), NA, NA, ss_corrupt(0));
    row(m, "zkp_hemera_step_sponge_finish",
        fmt("sp: %s; out: %s", sn(zkp_hemera_step_sponge_finish(NULL, O)), sn(zkp_hemera_step_sponge_finish(&sp, NULL))),
        NA, NA, NA, ss_corrupt(1));
}
