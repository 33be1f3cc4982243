/*
 * OpenZeppelin tree fuzz target: the proof and multiproof verifiers and the
 * CLI's dump loader (tools/zkprim/oz_input.c on its strict JSON reader
 * tools/zkprim/cli_json.c) on untrusted bytes.
 *   - arbitrary multiproofs (leaves, proof, flags; counts that may not add
 *     up) never crash or read past their arrays (ASan), and get exactly the
 *     status of the plain oracle tests/ref/oz_tree_oracle.c (the package's
 *     processMultiProof with JS-style arrays; a throw is PROOF_SHAPE);
 *   - on a tree built from the input, a library multiproof and every single
 *     proof verify, and a flipped bit of a proof node or of the root fails;
 *   - any text given to the dump loader is refused with a message or
 *     loaded; a loaded dump's values each prove and verify.
 * Framing: mode byte (0: arbitrary multiproof, 1: valid tree, 2: dump text).
 */
#include "fuzz.h"
#include "oz_input.h"
#include "oz_tree_oracle.h"
#include "zkprim/oz_tree.h"

#define NODE 32
#define MAX_N 48

static void fuzz_multi_arbitrary(fz_cursor *c) {
    uint8_t root[NODE], flags[3 * MAX_N];
    size_t nl = fz_u8(c) % MAX_N, np = fz_u8(c) % MAX_N, nf = fz_u8(c) % (2 * MAX_N);
    if (fz_u8(c) & 1) { /* mostly consistent counts: the interesting paths */
        nf = nl + np ? nl + np - 1 : 0;
        if (nl + np == 0) np = 1;
    }
    uint8_t *leaves = malloc(NODE * nl + 1), *proof = malloc(NODE * np + 1);
    FUZZ_CHECK(leaves && proof);
    /* few distinct nodes, so the tree the proof folds to can be the root */
    uint8_t pool[4][NODE];
    fz_bytes(c, pool, sizeof pool);
    for (size_t i = 0; i < nl; i++) memcpy(leaves + NODE * i, pool[fz_u8(c) % 4], NODE);
    for (size_t i = 0; i < np; i++) memcpy(proof + NODE * i, pool[fz_u8(c) % 4], NODE);
    for (size_t i = 0; i < nf; i++) flags[i] = fz_u8(c) & 1;
    memcpy(root, pool[fz_u8(c) % 4], NODE);
    zkp_status got = zkp_oz_tree_multi_verify(root, nl ? leaves : NULL, nl, np ? proof : NULL, np, nf ? flags : NULL, nf);
    zkp_status want = oracle_oz_multi_verify(root, leaves, nl, proof, np, flags, nf);
    FUZZ_CHECK(got == want);
    free(leaves);
    free(proof);
}

static void fuzz_valid(fz_cursor *c) {
    size_t n = 1 + fz_u8(c) % MAX_N, total = 2 * n - 1;
    uint8_t leaves[NODE * MAX_N], nodes[NODE * (2 * MAX_N)], proof[NODE * (2 * MAX_N)], flags[2 * MAX_N];
    uint8_t ml[NODE * MAX_N];
    uint64_t tidx[MAX_N], pick[MAX_N], order[MAX_N];
    for (size_t i = 0; i < n; i++) {
        memset(leaves + NODE * i, 0, NODE);
        fz_bytes(c, leaves + NODE * i, 1 + fz_u8(c) % 4); /* short: duplicates and equal prefixes */
    }
    FUZZ_CHECK(zkp_oz_tree_build(leaves, n, nodes, tidx) == ZKP_OK);
    size_t k = 0;
    for (size_t i = 0; i < n; i++)
        if (fz_u8(c) & 1) pick[k++] = tidx[i];
    size_t np, nf, depth;
    FUZZ_CHECK(zkp_oz_tree_multi_proof(nodes, total, pick, k, order, proof, total, &np, flags, total, &nf) == ZKP_OK);
    for (size_t i = 0; i < k; i++) memcpy(ml + NODE * i, nodes + NODE * order[i], NODE);
    FUZZ_CHECK(zkp_oz_tree_multi_verify(nodes, ml, k, proof, np, flags, nf) == ZKP_OK);
    size_t bit = fz_u16(c) % (8 * NODE * (np + 1));
    uint8_t *byte = bit < 8 * NODE * np ? &proof[bit / 8] : &nodes[bit / 8 - NODE * np];
    *byte ^= (uint8_t)(1u << (bit % 8));
    FUZZ_CHECK(zkp_oz_tree_multi_verify(nodes, ml, k, proof, np, flags, nf) == ZKP_ERR_VERIFY);
    *byte ^= (uint8_t)(1u << (bit % 8));
    for (size_t i = 0; i < n; i++) {
        FUZZ_CHECK(zkp_oz_tree_proof(nodes, total, tidx[i], proof, total, &depth) == ZKP_OK);
        FUZZ_CHECK(zkp_oz_tree_verify(nodes, leaves + NODE * i, proof, depth) == ZKP_OK);
        if (depth) {
            proof[fz_u8(c) % (NODE * depth)] ^= 1;
            FUZZ_CHECK(zkp_oz_tree_verify(nodes, leaves + NODE * i, proof, depth) == ZKP_ERR_VERIFY);
        }
    }
}

static void fuzz_dump(fz_cursor *c) {
    oz_dump t;
    char err[256];
    char *text = malloc(c->n + 1);
    FUZZ_CHECK(text != NULL);
    size_t len = c->n;
    fz_bytes(c, text, len);
    if (oz_dump_load(&t, text, len, err, sizeof err) == 0) {
        uint8_t proof[NODE * 64];
        for (size_t i = 0; i < t.n_values && i < 64; i++) {
            size_t depth;
            uint64_t ti = t.tree_index[i];
            FUZZ_CHECK(zkp_oz_tree_proof(t.nodes, t.n_nodes, ti, proof, 64, &depth) == ZKP_OK);
            FUZZ_CHECK(zkp_oz_tree_verify(t.nodes, t.nodes + NODE * ti, proof, depth) == ZKP_OK);
        }
        oz_dump_free(&t);
    } else {
        FUZZ_CHECK(err[0] != 0);
    }
    free(text);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    fz_cursor c = {data, size};
    switch (fz_u8(&c) % 3) {
    case 0: fuzz_multi_arbitrary(&c); break;
    case 1: fuzz_valid(&c); break;
    default: fuzz_dump(&c); break;
    }
    return 0;
}
