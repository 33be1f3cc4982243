/*
 * OpenZeppelin Merkle trees (include/zkprim/oz_tree.h) against
 *   - a definitional oracle written for clarity (tests/ref/oz_tree_oracle.c:
 *     the package's algorithms transcribed plainly, recursion and shifting
 *     arrays, on the reference Keccak of tests/ref/keccak_ref.c), on random
 *     trees with duplicate leaves and every size up to 70 plus larger ones;
 *   - known-answer trees made by @openzeppelin/merkle-tree 1.0.8
 *     (tests/vectors/oz-merkle-tree/kat.json, tests/js/oz_kat.js);
 *   - the documented statuses for malformed input (counts, indices,
 *     multiproof shapes, ABI values out of range).
 */
#include <stdlib.h>
#include <string.h>

#include "harness.h"
#include "json.h"
#include "keccak_ref.h"
#include "oz_tree_oracle.h"
#include "zkprim/oz_tree.h"

#define NODE 32

static void random_leaves(uint8_t *leaves, size_t n) {
    th_rand_bytes(leaves, NODE * n);
    /* duplicates and shared prefixes exercise the stable sort and the buckets */
    for (size_t i = 1; i < n; i++) {
        uint64_t r = th_rand_below(8);
        if (r == 0) memcpy(leaves + NODE * i, leaves + NODE * th_rand_below(i), NODE);
        else if (r == 1) memcpy(leaves + NODE * i, leaves + NODE * th_rand_below(i), 2 + th_rand_below(30));
    }
}

static void check_tree(size_t n) {
    uint8_t *leaves = malloc(NODE * n), *nodes = malloc(NODE * (2 * n - 1)), *want = malloc(NODE * (2 * n - 1));
    uint8_t *proof = malloc(NODE * 64), *flags = malloc(2 * n), *mproof = malloc(NODE * (2 * n));
    uint8_t *oproof = malloc(NODE * (2 * n)), *oflags = malloc(2 * n), *mleaves = malloc(NODE * n);
    uint64_t *tidx = malloc(8 * n), *otidx = malloc(8 * n), *pick = malloc(8 * n), *order = malloc(8 * n);
    uint64_t *oorder = malloc(8 * n);
    random_leaves(leaves, n);
    size_t total = 2 * n - 1;
    CHECK_EQ_INT(zkp_oz_tree_build(leaves, n, nodes, tidx), ZKP_OK);
    oracle_oz_tree(leaves, n, want, otidx);
    CHECK_EQ_BYTES(nodes, want, NODE * total);
    CHECK(memcmp(tidx, otidx, 8 * n) == 0);
    /* every proof (sampled above 300 leaves) */
    size_t step = n > 300 ? n / 97 : 1;
    for (size_t v = 0; v < n; v += step) {
        size_t depth = 99, odepth;
        uint8_t oproof1[NODE * 64];
        CHECK_EQ_INT(zkp_oz_tree_proof(nodes, total, tidx[v], proof, 64, &depth), ZKP_OK);
        oracle_oz_proof(want, total, otidx[v], oproof1, &odepth);
        CHECK_EQ_INT(depth, odepth);
        CHECK_EQ_BYTES(proof, oproof1, NODE * depth);
        CHECK_EQ_INT(zkp_oz_tree_verify(nodes, leaves + NODE * v, proof, depth), ZKP_OK);
        if (depth) {
            proof[NODE * th_rand_below(depth) + th_rand_below(NODE)] ^= (uint8_t)(1u << th_rand_below(8));
            CHECK_EQ_INT(zkp_oz_tree_verify(nodes, leaves + NODE * v, proof, depth), ZKP_ERR_VERIFY);
            if (depth > 1) CHECK_EQ_INT(zkp_oz_tree_verify(nodes, leaves + NODE * v, proof, depth - 1), ZKP_ERR_VERIFY);
        }
    }
    /* random multiproofs (k = 0 .. n) */
    for (int rep = 0; rep < 6; rep++) { /* fixed set per tree: k = 0, k = n, 4 random */
        size_t k = rep == 0 ? 0 : rep == 1 ? n : th_rand_below(n + 1);
        for (size_t i = 0; i < n; i++) pick[i] = i;
        for (size_t i = 0; i < k; i++) {
            size_t j = i + th_rand_below(n - i);
            uint64_t t = pick[i];
            pick[i] = pick[j], pick[j] = t;
        }
        for (size_t i = 0; i < k; i++) pick[i] = tidx[pick[i]];
        size_t np = 0, nf = 0, onp, onf;
        CHECK_EQ_INT(zkp_oz_tree_multi_proof(nodes, total, pick, k, order, mproof, 2 * n, &np, flags, 2 * n, &nf), ZKP_OK);
        oracle_oz_multi_proof(want, total, pick, k, oorder, oproof, &onp, oflags, &onf);
        CHECK_EQ_INT(np, onp);
        CHECK_EQ_INT(nf, onf);
        CHECK(memcmp(order, oorder, 8 * k) == 0);
        CHECK_EQ_BYTES(mproof, oproof, NODE * np);
        CHECK(memcmp(flags, oflags, nf) == 0);
        for (size_t i = 0; i < k; i++) memcpy(mleaves + NODE * i, nodes + NODE * order[i], NODE);
        CHECK_EQ_INT(zkp_oz_tree_multi_verify(nodes, mleaves, k, mproof, np, flags, nf), ZKP_OK);
        CHECK_EQ_INT(oracle_oz_multi_verify(nodes, mleaves, k, mproof, np, flags, nf), ZKP_OK);
        /* tampering: a flipped flag, a changed node, counts that do not add up */
        if (nf) {
            flags[th_rand_below(nf)] ^= 1;
            zkp_status st = zkp_oz_tree_multi_verify(nodes, mleaves, k, mproof, np, flags, nf);
            CHECK(st == ZKP_ERR_VERIFY || st == ZKP_ERR_PROOF_SHAPE);
            CHECK_EQ_INT(st, oracle_oz_multi_verify(nodes, mleaves, k, mproof, np, flags, nf));
        }
        if (np) {
            mproof[NODE * th_rand_below(np)] ^= 0x80;
            CHECK(zkp_oz_tree_multi_verify(nodes, mleaves, k, mproof, np, flags, nf) != ZKP_OK);
            CHECK_EQ_INT(zkp_oz_tree_multi_verify(nodes, mleaves, k, mproof, np - 1, flags, nf), ZKP_ERR_PROOF_SHAPE);
        }
        CHECK_EQ_INT(zkp_oz_tree_multi_verify(nodes, mleaves, k, mproof, np, flags, nf + 1), ZKP_ERR_PROOF_SHAPE);
        /* any flags with matching counts: never a crash, the oracle's answer */
        for (size_t i = 0; i < nf; i++) flags[i] = (uint8_t)th_rand_below(2);
        size_t kk = k ? th_rand_below(k + 1) : 0;
        size_t pp = nf + 1 >= kk ? nf + 1 - kk : 0;
        if (kk + pp == nf + 1 && pp <= 2 * n)
            CHECK_EQ_INT(zkp_oz_tree_multi_verify(nodes, mleaves, kk, oproof, pp, flags, nf),
                         oracle_oz_multi_verify(nodes, mleaves, kk, oproof, pp, flags, nf));
    }
    free(leaves), free(nodes), free(want), free(proof), free(flags), free(mproof), free(oproof), free(oflags);
    free(mleaves), free(tidx), free(otidx), free(pick), free(order), free(oorder);
}

static void test_random_trees(void) {
    th_section("random trees vs the oracle");
    for (size_t n = 1; n <= 70; n++) check_tree(n);
    size_t big[] = {127, 128, 129, 255, 256, 257, 1000, 4095, 4096, 4097, 5000};
    for (size_t i = 0; i < sizeof big / sizeof *big; i++) check_tree(big[i]);
    uint64_t reps = th_count(4);
    if (reps > 16) reps = 16; /* trees of up to 3000 leaves against the oracle: bounded in slow stages */
    for (uint64_t r = 0; r < reps; r++) check_tree(1 + th_rand_below(3000));
}

static void test_errors(void) {
    th_section("statuses");
    uint8_t leaves[NODE * 4] = {0}, nodes[NODE * 7], proof[NODE * 8], flags[8];
    uint64_t idx[4], order[4];
    size_t d, np, nf;
    CHECK_EQ_INT(zkp_oz_tree_build(leaves, 0, nodes, NULL), ZKP_ERR_COUNT);
    CHECK_EQ_INT(zkp_oz_tree_build(NULL, 1, nodes, NULL), ZKP_ERR_NULL);
    CHECK_EQ_INT(zkp_oz_tree_build(leaves, SIZE_MAX, nodes, NULL), ZKP_ERR_LENGTH);
    CHECK_EQ_INT(zkp_oz_tree_build(leaves, 4, nodes, idx), ZKP_OK);
    CHECK_EQ_INT(zkp_oz_tree_proof(nodes, 6, 3, proof, 8, &d), ZKP_ERR_COUNT);
    CHECK_EQ_INT(zkp_oz_tree_proof(nodes, 7, 2, proof, 8, &d), ZKP_ERR_RANGE);   /* internal node */
    CHECK_EQ_INT(zkp_oz_tree_proof(nodes, 7, 7, proof, 8, &d), ZKP_ERR_RANGE);
    CHECK_EQ_INT(zkp_oz_tree_proof(nodes, 7, 3, proof, 1, &d), ZKP_ERR_LENGTH);
    CHECK_EQ_INT(zkp_oz_tree_proof(nodes, 7, 3, proof, 2, &d), ZKP_OK);
    CHECK_EQ_INT(d, 2);
    uint64_t two[2] = {3, 3};
    CHECK_EQ_INT(zkp_oz_tree_multi_proof(nodes, 7, two, 2, order, proof, 8, &np, flags, 8, &nf), ZKP_ERR_PARAM);
    two[1] = 1;
    CHECK_EQ_INT(zkp_oz_tree_multi_proof(nodes, 7, two, 2, order, proof, 8, &np, flags, 8, &nf), ZKP_ERR_RANGE);
    two[1] = 4;
    CHECK_EQ_INT(zkp_oz_tree_multi_proof(nodes, 7, two, 2, order, proof, 0, &np, flags, 8, &nf), ZKP_ERR_LENGTH);
    CHECK_EQ_INT(zkp_oz_tree_multi_proof(nodes, 7, two, 2, order, proof, 8, &np, flags, 8, &nf), ZKP_OK);
    CHECK_EQ_INT(np, 1);
    CHECK_EQ_INT(nf, 2);
    CHECK_EQ_INT(zkp_oz_tree_multi_proof(nodes, 7, NULL, 0, NULL, proof, 8, &np, flags, 8, &nf), ZKP_OK);
    CHECK_EQ_INT(np, 1);
    CHECK_EQ_BYTES(proof, nodes, NODE);
    /* the package's format checks: counts, then the queue running dry */
    uint8_t f1[1] = {0};
    CHECK_EQ_INT(zkp_oz_tree_multi_verify(nodes, NULL, 0, proof, 1, NULL, 0), ZKP_OK); /* root as the proof */
    CHECK_EQ_INT(zkp_oz_tree_multi_verify(nodes, NULL, 0, proof, 2, f1, 1), ZKP_ERR_PROOF_SHAPE); /* nothing to shift */
    CHECK_EQ_INT(zkp_oz_tree_multi_verify(nodes, leaves, 1, proof, 0, f1, 0), ZKP_ERR_VERIFY);
    CHECK_EQ_INT(zkp_oz_tree_multi_verify(nodes, leaves, 2, proof, 0, f1, 1), ZKP_ERR_PROOF_SHAPE); /* false flag, no proof */
    CHECK_EQ_INT(zkp_oz_tree_multi_verify(nodes, leaves, 1, proof, 1, f1, 0), ZKP_ERR_PROOF_SHAPE);
    CHECK_EQ_INT(zkp_oz_tree_multi_verify(nodes, leaves, SIZE_MAX, proof, 2, f1, 0), ZKP_ERR_LENGTH);
}

static zkp_oz_abi_type T(const char *s) {
    zkp_oz_abi_type t = {0, 0};
    CHECK_EQ_INT(zkp_oz_abi_type_parse(s, strlen(s), &t), ZKP_OK);
    return t;
}

static void test_abi(void) {
    th_section("ABI encoding");
    const char *good[] = {"address", "bool", "bytes", "string", "uint", "int", "uint8", "int256", "uint008", "bytes1",
                          "bytes32", "bytes07"};
    for (size_t i = 0; i < sizeof good / sizeof *good; i++) (void)T(good[i]);
    const char *bad[] = {"", "uint7", "uint264", "int0", "bytes0", "bytes33", "bytes001", "Uint8", "uint256[]",
                         "(address,uint256)", "address ", "tuple", "uint-8", "bytes+1"};
    zkp_oz_abi_type t;
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++)
        CHECK_MSG(zkp_oz_abi_type_parse(bad[i], strlen(bad[i]), &t) == ZKP_ERR_PARAM, "type '%s' accepted", bad[i]);
    CHECK_EQ_INT(T("uint").size, 256);
    CHECK_EQ_INT(T("bytes07").size, 7);

    /* (string "hello", uint8 5, bytes "") by hand: head of three words, then
     * the tails: 5 "hello" (padded), 0 */
    zkp_oz_abi_type ty[3] = {T("string"), T("uint8"), T("bytes")};
    uint8_t five[32] = {0};
    five[31] = 5;
    zkp_oz_abi_value v[3] = {{(const uint8_t *)"hello", 5}, {five, 32}, {NULL, 0}};
    uint8_t out[256], want[256] = {0};
    size_t len = 0;
    want[31] = 0x60, want[63] = 5, want[95] = 0xa0; /* offsets 96 and 160 */
    want[96 + 31] = 5;
    memcpy(want + 128, "hello", 5);
    want[160 + 31] = 0;
    CHECK_EQ_INT(zkp_oz_abi_encode(ty, v, 3, out, 10, &len), ZKP_ERR_LENGTH);
    CHECK_EQ_INT(len, 192);
    CHECK_EQ_INT(zkp_oz_abi_encode(ty, v, 3, out, sizeof out, &len), ZKP_OK);
    CHECK_EQ_BYTES(out, want, 192);

    /* canonical words only: (type, the word as 64 hex digits, status) */
    uint8_t w[32];
    zkp_oz_abi_value one = {w, 32};
    const char *z = "00000000000000000000000000000000";
    char hx[65];
    struct { const char *type, *hi, *lo; zkp_status st; } cases[] = {
        {"uint8", "", "00000000000000000000000000000100", ZKP_ERR_RANGE},
        {"uint8", "", "000000000000000000000000000000ff", ZKP_OK},
        {"int8", "ffffffffffffffffffffffffffffffff", "ffffffffffffffffffffffffffffff80", ZKP_OK},
        {"int8", "ffffffffffffffffffffffffffffffff", "ffffffffffffffffffffffffffffff7f", ZKP_ERR_RANGE},
        {"int8", "", "00000000000000000000000000000080", ZKP_ERR_RANGE},
        {"bool", "", "00000000000000000000000000000002", ZKP_ERR_RANGE},
        {"bool", "", "00000000000000000000000000000001", ZKP_OK},
        {"address", "00000000000000000000000100000000", "", ZKP_ERR_RANGE},
        {"address", "000000000000000000000000ffffffff", "ffffffffffffffffffffffffffffffff", ZKP_OK},
        {"bytes1", "ab000000000000000000000000000000", "", ZKP_OK},
        {"bytes1", "ab010000000000000000000000000000", "", ZKP_ERR_RANGE},
        {"int256", "80000000000000000000000000000000", "", ZKP_OK},
        {"uint256", "ffffffffffffffffffffffffffffffff", "ffffffffffffffffffffffffffffffff", ZKP_OK},
    };
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        snprintf(hx, sizeof hx, "%s%s", *cases[i].hi ? cases[i].hi : z, *cases[i].lo ? cases[i].lo : z);
        for (int b = 0; b < 32; b++) {
            unsigned x;
            sscanf(hx + 2 * b, "%2x", &x);
            w[b] = (uint8_t)x;
        }
        zkp_oz_abi_type ct = T(cases[i].type);
        CHECK_MSG(zkp_oz_abi_encode(&ct, &one, 1, out, sizeof out, &len) == cases[i].st, "case %zu (%s)", i, cases[i].type);
    }
    zkp_oz_abi_type a = T("address");
    zkp_oz_abi_value shortv = {w, 20};
    CHECK_EQ_INT(zkp_oz_abi_encode(&a, &shortv, 1, out, sizeof out, &len), ZKP_ERR_LENGTH);
    zkp_oz_abi_type unknown = {99, 0};
    CHECK_EQ_INT(zkp_oz_abi_encode(&unknown, &one, 1, out, sizeof out, &len), ZKP_ERR_PARAM);

    /* leaf hash = Keccak-256(Keccak-256(x)) on the reference sponge, batch of mixed lengths */
    uint8_t data[300], got[5 * 32], h1[32], h2[32];
    th_rand_bytes(data, sizeof data);
    const uint8_t *ptrs[5] = {data, data + 1, data + 64, data, data + 3};
    size_t lens[5] = {64, 64, 0, 136, 297};
    CHECK_EQ_INT(zkp_oz_leaf_hash_batch(ptrs, lens, 5, got), ZKP_OK);
    for (int i = 0; i < 5; i++) {
        ref_keccak_sponge(136, 0x01, ptrs[i], lens[i], h1, 32);
        ref_keccak_sponge(136, 0x01, h1, 32, h2, 32);
        CHECK_EQ_BYTES(got + 32 * i, h2, 32);
    }

    /* leaf_hash_values: the bad value named by its index, before any hashing */
    th_section("leaf_hash_values errors");
    zkp_oz_abi_type ty2[2] = {T("uint8"), T("string")};
    uint8_t ok8[32] = {0}, big8[32] = {0};
    big8[30] = 1; /* 256: not a uint8 */
    zkp_oz_abi_value vals[6] = {{ok8, 32}, {NULL, 0}, {ok8, 32}, {data, 3}, {ok8, 32}, {data, 0}};
    uint8_t leaves[3 * 32], before[3 * 32];
    size_t bad_at = 0;
    CHECK_EQ_INT(zkp_oz_leaf_hash_values(ty2, 2, vals, 3, leaves, &bad_at), ZKP_OK);
    CHECK_EQ_U64(bad_at, SIZE_MAX);
    memcpy(before, leaves, sizeof leaves);
    vals[4] = (zkp_oz_abi_value){big8, 32};
    CHECK_EQ_INT(zkp_oz_leaf_hash_values(ty2, 2, vals, 3, leaves, &bad_at), ZKP_ERR_RANGE);
    CHECK_EQ_U64(bad_at, 4); /* leaf 2, item 0 */
    CHECK_EQ_BYTES(leaves, before, sizeof leaves); /* nothing hashed */
    vals[4] = (zkp_oz_abi_value){ok8, 31};
    CHECK_EQ_INT(zkp_oz_leaf_hash_values(ty2, 2, vals, 3, leaves, &bad_at), ZKP_ERR_LENGTH);
    CHECK_EQ_U64(bad_at, 4);
    vals[4] = (zkp_oz_abi_value){ok8, 32};
    vals[3] = (zkp_oz_abi_value){NULL, 3};
    CHECK_EQ_INT(zkp_oz_leaf_hash_values(ty2, 2, vals, 3, leaves, NULL), ZKP_ERR_NULL);
    CHECK_EQ_INT(zkp_oz_leaf_hash_values(ty2, 2, vals, 3, leaves, &bad_at), ZKP_ERR_NULL);
    CHECK_EQ_U64(bad_at, 3);
    CHECK_EQ_INT(zkp_oz_leaf_hash_values(ty2, 2, vals, 0, NULL, &bad_at), ZKP_OK);
    CHECK_EQ_U64(bad_at, SIZE_MAX);
    CHECK_EQ_INT(zkp_oz_leaf_hash_values(ty2, 2, vals, 1, NULL, &bad_at), ZKP_ERR_NULL);
    CHECK_EQ_INT(zkp_oz_leaf_hash_values(ty2, 2, vals, SIZE_MAX / 8, leaves, &bad_at), ZKP_ERR_LENGTH);
    CHECK_EQ_U64(bad_at, SIZE_MAX);
    /* no types: every leaf is the hash of the empty encoding */
    CHECK_EQ_INT(zkp_oz_tree_check(NULL, 3, &bad_at), ZKP_ERR_NULL);
    CHECK_EQ_INT(zkp_oz_tree_check(leaves, 0, &bad_at), ZKP_ERR_COUNT);
    CHECK_EQ_INT(zkp_oz_tree_check(leaves, 1, &bad_at), ZKP_OK); /* one leaf: nothing to check */
    CHECK_EQ_INT(zkp_oz_tree_check(leaves, SIZE_MAX, &bad_at), ZKP_ERR_LENGTH);
    CHECK_EQ_INT(zkp_oz_leaf_hash_values(NULL, 0, NULL, 2, leaves, &bad_at), ZKP_OK);
    ref_keccak_sponge(136, 0x01, data, 0, h1, 32);
    ref_keccak_sponge(136, 0x01, h1, 32, h2, 32);
    CHECK_EQ_BYTES(leaves, h2, 32);
    CHECK_EQ_BYTES(leaves + 32, h2, 32);
}

static size_t hex_to(const char *s, uint8_t *out) {
    if (s[0] == '0' && s[1] == 'x') s += 2;
    size_t n = strlen(s) / 2;
    for (size_t i = 0; i < n; i++) {
        unsigned b;
        sscanf(s + 2 * i, "%2x", &b);
        out[i] = (uint8_t)b;
    }
    return n;
}

static void test_kat(void) {
    th_section("known answers from @openzeppelin/merkle-tree 1.0.8");
    char *text = th_read_file(th_vector_path("oz-merkle-tree/kat.json"), NULL);
    CHECK(text != NULL);
    if (!text) return;
    json *j = json_parse(text);
    const json *cases = json_get(j, "cases");
    CHECK(cases && cases->n >= 10);
    for (size_t c = 0; cases && c < cases->n; c++) {
        const json *k = json_at(cases, c);
        const json *values = json_get(k, "values"), *tree = json_get(k, "tree"), *ti = json_get(k, "treeIndex");
        size_t n = values->n, total = tree->n;
        uint8_t *leaves = malloc(NODE * n), *nodes = malloc(NODE * total), *want = malloc(NODE * total);
        uint64_t *tidx = malloc(8 * n);
        for (size_t i = 0; i < total; i++) hex_to(json_at(tree, i)->str, want + NODE * i);
        if (!strcmp(json_str(k, "kind"), "simple")) {
            for (size_t i = 0; i < n; i++) {
                memset(leaves + NODE * i, 0, NODE);
                hex_to(json_at(values, i)->str, leaves + NODE * i);
            }
        } else {
            const json *types = json_get(k, "types"), *items = json_get(k, "items");
            size_t m = types->n;
            zkp_oz_abi_type ty[16];
            for (size_t t = 0; t < m; t++) ty[t] = T(json_at(types, t)->str);
            /* every value kept, for zkp_oz_leaf_hash_values over the whole list */
            uint8_t (*raw)[512] = malloc(512 * n * m + 1), *one_by_one = malloc(NODE * n);
            zkp_oz_abi_value *av = malloc(sizeof *av * n * m + 1);
            for (size_t i = 0; i < n; i++) {
                static uint8_t enc[8192];
                for (size_t t = 0; t < m; t++) {
                    const json *it = json_at(json_at(items, i), t);
                    const char *h = json_str(it, "word") ? json_str(it, "word") : json_str(it, "bytes");
                    av[m * i + t] = (zkp_oz_abi_value){raw[m * i + t], hex_to(h, raw[m * i + t])};
                }
                size_t len;
                CHECK_EQ_INT(zkp_oz_abi_encode(ty, av + m * i, m, enc, sizeof enc, &len), ZKP_OK);
                const uint8_t *p = enc;
                CHECK_EQ_INT(zkp_oz_leaf_hash_batch(&p, &len, 1, one_by_one + NODE * i), ZKP_OK);
            }
            /* the one call gives the same leaves; the tree below holds them to the package's */
            size_t bad = 0;
            CHECK_EQ_INT(zkp_oz_leaf_hash_values(ty, m, av, n, leaves, &bad), ZKP_OK);
            CHECK_EQ_U64(bad, SIZE_MAX);
            CHECK_EQ_BYTES(leaves, one_by_one, NODE * n);
            free(raw), free(one_by_one), free(av);
        }
        CHECK_EQ_INT(zkp_oz_tree_build(leaves, n, nodes, tidx), ZKP_OK);
        CHECK_EQ_INT(2 * n - 1, total);
        CHECK_EQ_BYTES(nodes, want, NODE * total);
        /* tree_check (load()'s isValidMerkleTree): the package's tree passes; a flipped
         * leaf names its parent, a flipped inner node itself (the deepest bad node) */
        size_t bad_node = 0;
        CHECK_EQ_INT(zkp_oz_tree_check(want, total, &bad_node), ZKP_OK);
        CHECK_EQ_U64(bad_node, SIZE_MAX);
        if (total > 1) {
            want[NODE * (total - 1)] ^= 1;
            CHECK_EQ_INT(zkp_oz_tree_check(want, total, &bad_node), ZKP_ERR_VERIFY);
            CHECK_EQ_U64(bad_node, (total - 2) / 2);
            want[NODE * (total - 1)] ^= 1;
            want[0] ^= 0x80;
            CHECK_EQ_INT(zkp_oz_tree_check(want, total, &bad_node), ZKP_ERR_VERIFY);
            CHECK_EQ_U64(bad_node, 0);
            want[0] ^= 0x80;
            CHECK_EQ_INT(zkp_oz_tree_check(want, total - 1, NULL), ZKP_ERR_COUNT);
        }
        for (size_t i = 0; i < n; i++) CHECK_EQ_U64(tidx[i], strtoull(json_at(ti, i)->str, NULL, 10));
        free(leaves), free(nodes), free(want), free(tidx);
    }
    json_free(j);
    free(text);
}

int main(void) {
    th_init("test_oz_tree");
    test_abi();
    test_errors();
    test_kat();
    test_random_trees();
    return th_finish();
}
