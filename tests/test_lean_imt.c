/*
 * LeanIMT over Poseidon (include/zkprim/lean_imt.h).
 *
 *  - oracle: the recursive definition over the leaf list, written for
 *    clarity: root(L) = L[0] for one leaf, else H(root(L[..h]), root(L[h..]))
 *    with h the largest power of two below |L| (a shallower right part is
 *    what carrying a node up unchanged amounts to); a proof is the same
 *    recursion keeping the other side's root. H is the scalar
 *    zkp_poseidon_hash (itself checked against circomlibjs in test_poseidon);
 *  - every size 0..300: insert one by one (root after every insert),
 *    insert_batch of all, insert_batch in random chunks, and the oracle give
 *    the same root, depth and size (0..64 at every CPU level: the batch
 *    kernels);
 *  - updates (to 0 as Semaphore removes members, to p - 1, back) against the
 *    oracle on the changed list;
 *  - every index of every tree of 1..70 leaves: the proof equals the
 *    oracle's, verifies, and each tampering (leaf, sibling, index bit, root,
 *    a sibling dropped) is ZKP_ERR_VERIFY; malformed proofs get their codes;
 *  - known answers of @zk-kit/lean-imt 2.2.5 + poseidon-lite 0.3.0
 *    (tests/vectors/lean-imt/lean-imt-poseidon.json): prefix roots and
 *    depths, proofs, a sequence of updates;
 *  - errors: empty tree, n = 0, NULL, huge n, values >= p (tree unchanged),
 *    uninitialised / overwritten / freed trees, index_of.
 */
#include <stdlib.h>
#include <string.h>

#include "harness.h"
#include "json.h"
#include "zkprim/lean_imt.h"
#include "zkprim/poseidon.h"

#define B ZKP_LEAN_IMT_BYTES

static const uint8_t k_p_be[B] = {0x30, 0x64, 0x4e, 0x72, 0xe1, 0x31, 0xa0, 0x29, 0xb8, 0x50, 0x45,
                                   0xb6, 0x81, 0x81, 0x58, 0x5d, 0x28, 0x33, 0xe8, 0x48, 0x79, 0xb9,
                                   0x70, 0x91, 0x43, 0xe1, 0xf5, 0x93, 0xf0, 0x00, 0x00, 0x01};

/* ---- the oracle ---------------------------------------------------------------- */

static void h2(const uint8_t l[B], const uint8_t r[B], uint8_t out[B]) {
    uint8_t in[2 * B];
    memcpy(in, l, B);
    memcpy(in + B, r, B);
    CHECK_STATUS(zkp_poseidon_hash_be(in, 2, out), ZKP_OK);
}

static size_t split_of(size_t n) { /* largest power of two below n (n >= 2) */
    size_t h = 1;
    while (2 * h < n) h *= 2;
    return h;
}

static void oracle_root(const uint8_t *leaves, size_t n, uint8_t out[B]) {
    if (n == 1) {
        memcpy(out, leaves, B);
        return;
    }
    const size_t h = split_of(n);
    uint8_t l[B], r[B];
    oracle_root(leaves, h, l);
    oracle_root(leaves + B * h, n - h, r);
    h2(l, r, out);
}

static size_t oracle_depth(size_t n) {
    size_t d = 0;
    while (((size_t)1 << d) < n) d++;
    return d;
}

/* Siblings bottom first and the index bits, by the same recursion. */
static void oracle_proof(const uint8_t *leaves, size_t n, size_t i, uint8_t sib[][B], size_t *k, uint64_t *bits) {
    if (n == 1) {
        *k = 0;
        *bits = 0;
        return;
    }
    const size_t h = split_of(n);
    if (i < h) {
        oracle_proof(leaves, h, i, sib, k, bits);
        oracle_root(leaves + B * h, n - h, sib[*k]);
    } else {
        oracle_proof(leaves + B * h, n - h, i - h, sib, k, bits);
        oracle_root(leaves, h, sib[*k]);
        *bits |= (uint64_t)1 << *k;
    }
    (*k)++;
}

/* ---- helpers --------------------------------------------------------------------- */

/* A random element: uniform below 2^253 mostly, sometimes 0, 1 or p - 1. */
static void rand_elem(uint8_t out[B]) {
    const uint64_t r = th_rand_below(16);
    memset(out, 0, B);
    if (r == 0) return;
    if (r == 1) {
        out[B - 1] = 1;
        return;
    }
    if (r == 2) {
        memcpy(out, k_p_be, B);
        out[B - 1] -= 1;
        return;
    }
    th_rand_bytes(out, B);
    out[0] &= 0x1f;
}

static uint8_t *rand_leaves(size_t n) {
    uint8_t *v = malloc(n * B + 1);
    for (size_t i = 0; i < n; i++) rand_elem(v + B * i);
    return v;
}

/* Distinct leaves below 2^253 (no edge values): no two nodes of the tree
 * are equal, so swapping a hash's inputs always changes it, and flipping
 * the low bit of any element keeps it below p. */
static uint8_t *distinct_leaves(size_t n) {
    uint8_t *v = malloc(n * B + 1);
    th_rand_bytes(v, n * B);
    for (size_t i = 0; i < n; i++) v[B * i] &= 0x1f;
    return v;
}

/* Size, depth and root against the oracle's root `want` of n leaves. */
static void check_tree_root(const zkp_lean_imt *t, size_t n, const uint8_t want[B], const char *what) {
    CHECK_MSG(zkp_lean_imt_size(t) == n, "%s: size %zu, want %zu", what, zkp_lean_imt_size(t), n);
    CHECK_MSG(zkp_lean_imt_depth(t) == oracle_depth(n), "%s n=%zu: depth %zu", what, n, zkp_lean_imt_depth(t));
    uint8_t got[B];
    if (n == 0) {
        CHECK_STATUS(zkp_lean_imt_tree_root(t, got), ZKP_ERR_COUNT);
        return;
    }
    CHECK_STATUS(zkp_lean_imt_tree_root(t, got), ZKP_OK);
    CHECK_MSG(memcmp(got, want, B) == 0, "%s: root of %zu leaves differs from the oracle", what, n);
}

static void check_tree(const zkp_lean_imt *t, const uint8_t *leaves, size_t n, const char *what) {
    uint8_t want[B] = {0};
    if (n) oracle_root(leaves, n, want);
    check_tree_root(t, n, want, what);
}

/* ---- sizes 0..300: insert, insert_batch, chunks, oracle ------------------------------- */

/* The sizes checked: all of them in a default or deep run; where
 * ZKPRIM_TEST_N marks a slow stage (below 300: sanitizers, emulators),
 * th_sparse_visit's (every size up to 64, shape changes, every 37th, the
 * last). Each checked size costs three trees and an oracle root of n leaves,
 * so the dense sweep is quadratic (74 s under qemu-s390x). */
static int g_dense_sizes;
static int size_checked(size_t n, size_t max) { return g_dense_sizes || th_sparse_visit(n, max); }

static void run_sizes(void *ctx) {
    const size_t max = *(const size_t *)ctx;
    uint8_t *leaves = rand_leaves(max);
    zkp_lean_imt one, all;
    zkp_lean_imt_init(&one);
    for (size_t n = 0; n <= max; n++) {
        uint8_t want[B] = {0};
        if (n) CHECK_STATUS(zkp_lean_imt_insert(&one, leaves + B * (n - 1)), ZKP_OK);
        if (!size_checked(n, max)) continue; /* one-by-one inserts go on at every size */
        if (n) oracle_root(leaves, n, want);
        check_tree_root(&one, n, want, "insert");
        zkp_lean_imt_init(&all);
        if (n) CHECK_STATUS(zkp_lean_imt_insert_batch(&all, leaves, n), ZKP_OK);
        check_tree_root(&all, n, want, "insert_batch");
        zkp_lean_imt_free(&all);
        /* random chunks, single leaves among them */
        zkp_lean_imt_init(&all);
        for (size_t done = 0; done < n;) {
            size_t c = 1 + (size_t)th_rand_below(n - done < 40 ? n - done : 40);
            if (th_rand_below(4) == 0) {
                c = 1;
                CHECK_STATUS(zkp_lean_imt_insert(&all, leaves + B * done), ZKP_OK);
            } else CHECK_STATUS(zkp_lean_imt_insert_batch(&all, leaves + B * done, c), ZKP_OK);
            done += c;
        }
        check_tree_root(&all, n, want, "chunks");
        zkp_lean_imt_free(&all);
    }
    zkp_lean_imt_free(&one);
    free(leaves);
}

/* ---- updates --------------------------------------------------------------------- */

static void test_updates(void) {
    th_section("updates against the oracle on the changed list");
    uint64_t rounds = th_count(40);
    if (rounds > 48) rounds = 48; /* 6 updates of trees up to 200 leaves each, checked whole: bounded where
                                     ZKPRIM_TEST_N is 100..200 (sanitizer, emulator stages) */
    for (uint64_t r = 0; r < rounds; r++) {
        const size_t n = 1 + (size_t)th_rand_below(r < 8 ? 8 : 200);
        uint8_t *leaves = rand_leaves(n);
        zkp_lean_imt t;
        zkp_lean_imt_init(&t);
        CHECK_STATUS(zkp_lean_imt_insert_batch(&t, leaves, n), ZKP_OK);
        for (int u = 0; u < 6; u++) { /* fixed set per tree: the last member, 5 random */
            const size_t i = u == 0 ? n - 1 : (size_t)th_rand_below(n);
            uint8_t v[B];
            if (u % 2) memset(v, 0, B); /* Semaphore's removal */
            else rand_elem(v);
            CHECK_STATUS(zkp_lean_imt_update(&t, i, v), ZKP_OK);
            memcpy(leaves + B * i, v, B);
            check_tree(&t, leaves, n, "update");
        }
        /* appending after updates still matches */
        uint8_t more[3 * B];
        for (int k = 0; k < 3; k++) rand_elem(more + B * k);
        CHECK_STATUS(zkp_lean_imt_insert_batch(&t, more, 3), ZKP_OK);
        leaves = realloc(leaves, (n + 3) * B);
        memcpy(leaves + B * n, more, sizeof more);
        check_tree(&t, leaves, n + 3, "insert after update");
        zkp_lean_imt_free(&t);
        free(leaves);
    }
}

/* ---- proofs ------------------------------------------------------------------------ */

static void check_tampered(const zkp_lean_imt_proof *good, size_t n, size_t i) {
    zkp_lean_imt_proof p = *good;
    p.leaf[B - 1] ^= 1;
    CHECK_MSG(zkp_lean_imt_tree_verify(&p) == ZKP_ERR_VERIFY, "n=%zu i=%zu: tampered leaf accepted", n, i);
    p = *good;
    p.root[B - 1] ^= 1;
    CHECK_MSG(zkp_lean_imt_tree_verify(&p) == ZKP_ERR_VERIFY, "n=%zu i=%zu: tampered root accepted", n, i);
    if (good->n_siblings == 0) return;
    const size_t k = (size_t)th_rand_below(good->n_siblings);
    p = *good;
    p.siblings[k][B - 1] ^= 1;
    CHECK_MSG(zkp_lean_imt_tree_verify(&p) == ZKP_ERR_VERIFY, "n=%zu i=%zu: tampered sibling accepted", n, i);
    p = *good;
    p.index ^= (uint64_t)1 << k;
    CHECK_MSG(zkp_lean_imt_tree_verify(&p) == ZKP_ERR_VERIFY, "n=%zu i=%zu: flipped index bit accepted", n, i);
    p = *good;
    p.n_siblings--;
    p.index &= ((uint64_t)1 << p.n_siblings) - 1;
    CHECK_MSG(zkp_lean_imt_tree_verify(&p) == ZKP_ERR_VERIFY, "n=%zu i=%zu: dropped sibling accepted", n, i);
    /* malformed, not merely wrong */
    p = *good;
    p.index |= (uint64_t)1 << p.n_siblings;
    CHECK_STATUS(zkp_lean_imt_tree_verify(&p), ZKP_ERR_RANGE);
    p = *good;
    memcpy(p.siblings[k], k_p_be, B);
    CHECK_STATUS(zkp_lean_imt_tree_verify(&p), ZKP_ERR_RANGE);
}

static void test_proofs(void) {
    th_section("proofs: every index of 1..70 leaves against the oracle, tampering");
    for (size_t n = 1; n <= 70; n++) {
        uint8_t *leaves = distinct_leaves(n), root[B];
        zkp_lean_imt t;
        zkp_lean_imt_init(&t);
        CHECK_STATUS(zkp_lean_imt_insert_batch(&t, leaves, n), ZKP_OK);
        oracle_root(leaves, n, root);
        for (size_t i = 0; i < n; i++) {
            zkp_lean_imt_proof p;
            uint8_t sib[ZKP_LEAN_IMT_MAX_DEPTH][B];
            size_t k;
            uint64_t bits;
            CHECK_STATUS(zkp_lean_imt_tree_proof(&t, i, &p), ZKP_OK);
            oracle_proof(leaves, n, i, sib, &k, &bits);
            CHECK_MSG(p.n_siblings == k && p.index == bits && !memcmp(p.siblings, sib, k * B) &&
                          !memcmp(p.root, root, B) && !memcmp(p.leaf, leaves + B * i, B),
                      "n=%zu i=%zu: proof differs from the oracle (%zu siblings, index %llu; want %zu, %llu)", n, i,
                      p.n_siblings, (unsigned long long)p.index, k, (unsigned long long)bits);
            CHECK_STATUS(zkp_lean_imt_tree_verify(&p), ZKP_OK);
            check_tampered(&p, n, i);
        }
        zkp_lean_imt_proof p;
        CHECK_STATUS(zkp_lean_imt_tree_proof(&t, n, &p), ZKP_ERR_RANGE);
        zkp_lean_imt_free(&t);
        free(leaves);
    }
    /* the shape limits */
    zkp_lean_imt_proof p;
    memset(&p, 0, sizeof p);
    CHECK_STATUS(zkp_lean_imt_tree_verify(&p), ZKP_OK); /* leaf 0 is its own root */
    p.n_siblings = ZKP_LEAN_IMT_MAX_DEPTH + 1;
    CHECK_STATUS(zkp_lean_imt_tree_verify(&p), ZKP_ERR_PROOF_SHAPE);
    p.n_siblings = 257;
    CHECK_STATUS(zkp_lean_imt_tree_verify(&p), ZKP_ERR_PROOF_SHAPE);
    p.n_siblings = SIZE_MAX;
    CHECK_STATUS(zkp_lean_imt_tree_verify(&p), ZKP_ERR_PROOF_SHAPE);
    p.n_siblings = 64;
    p.index = UINT64_MAX; /* every index fits 64 siblings: only the hashes decide */
    CHECK_STATUS(zkp_lean_imt_tree_verify(&p), ZKP_ERR_VERIFY);
    p.n_siblings = 0;
    p.index = 1;
    CHECK_STATUS(zkp_lean_imt_tree_verify(&p), ZKP_ERR_RANGE);
    p.index = 0;
    memcpy(p.root, k_p_be, B);
    memcpy(p.leaf, k_p_be, B); /* p == p, but not an element */
    CHECK_STATUS(zkp_lean_imt_tree_verify(&p), ZKP_ERR_RANGE);
    CHECK_STATUS(zkp_lean_imt_tree_verify(NULL), ZKP_ERR_NULL);
}

/* ---- known answers of the npm package ------------------------------------------------ */

static void hex_elem(const char *s, uint8_t out[B]) {
    CHECK_MSG(s && strncmp(s, "0x", 2) == 0 && strlen(s) == 2 + 2 * B && th_unhex(s + 2, out, B) == B,
              "bad element in the vector file");
}

static void test_vectors(void) {
    th_section("known answers: @zk-kit/lean-imt 2.2.5 + poseidon-lite 0.3.0");
    char *text = th_read_file(th_vector_path("lean-imt/lean-imt-poseidon.json"), NULL);
    if (!text) return;
    json *v = json_parse(text);
    free(text);
    CHECK(v != NULL);
    if (!v) return;
    const json *jl = json_get(v, "leaves"), *roots = json_get(v, "roots"), *proofs = json_get(v, "proofs");
    const json *updates = json_get(v, "updates_of_first_21");
    CHECK(jl && roots && proofs && updates && jl->n == 1000);
    uint8_t *leaves = malloc(B * jl->n);
    for (size_t i = 0; i < jl->n; i++) hex_elem(json_at(jl, i)->str, leaves + B * i);
    size_t checked = 0;
    for (size_t r = 0; r < roots->n; r++) {
        const json *e = json_at(roots, r);
        const size_t n = (size_t)strtoull(json_str(e, "size"), NULL, 10);
        uint8_t want[B], got[B];
        hex_elem(json_str(e, "root"), want);
        zkp_lean_imt t;
        zkp_lean_imt_init(&t);
        CHECK_STATUS(zkp_lean_imt_insert_batch(&t, leaves, n), ZKP_OK);
        CHECK_STATUS(zkp_lean_imt_tree_root(&t, got), ZKP_OK);
        CHECK_MSG(!memcmp(got, want, B), "package root of %zu leaves", n);
        CHECK_EQ_U64(zkp_lean_imt_depth(&t), strtoull(json_str(e, "depth"), NULL, 10));
        zkp_lean_imt_free(&t);
        checked++;
    }
    for (size_t r = 0; r < proofs->n; r++) {
        const json *e = json_at(proofs, r), *sibs = json_get(e, "siblings");
        const size_t n = (size_t)strtoull(json_str(e, "size"), NULL, 10);
        const uint64_t i = strtoull(json_str(e, "leaf_index"), NULL, 10);
        zkp_lean_imt_proof want, got;
        memset(&want, 0, sizeof want);
        hex_elem(json_str(e, "root"), want.root);
        hex_elem(json_str(e, "leaf"), want.leaf);
        want.index = strtoull(json_str(e, "index"), NULL, 10);
        want.n_siblings = sibs->n;
        for (size_t k = 0; k < sibs->n && k < ZKP_LEAN_IMT_MAX_DEPTH; k++) hex_elem(json_at(sibs, k)->str, want.siblings[k]);
        zkp_lean_imt t;
        zkp_lean_imt_init(&t);
        CHECK_STATUS(zkp_lean_imt_insert_batch(&t, leaves, n), ZKP_OK);
        CHECK_STATUS(zkp_lean_imt_tree_proof(&t, i, &got), ZKP_OK);
        CHECK_MSG(!memcmp(&got, &want, sizeof got), "package proof of leaf %llu in %zu leaves", (unsigned long long)i, n);
        CHECK_STATUS(zkp_lean_imt_tree_verify(&want), ZKP_OK);
        zkp_lean_imt_free(&t);
        checked++;
    }
    zkp_lean_imt t;
    zkp_lean_imt_init(&t);
    CHECK_STATUS(zkp_lean_imt_insert_batch(&t, leaves, 21), ZKP_OK);
    for (size_t r = 0; r < updates->n; r++) {
        const json *e = json_at(updates, r);
        uint8_t leaf[B], want[B], got[B];
        hex_elem(json_str(e, "leaf"), leaf);
        hex_elem(json_str(e, "root"), want);
        CHECK_STATUS(zkp_lean_imt_update(&t, strtoull(json_str(e, "index"), NULL, 10), leaf), ZKP_OK);
        CHECK_STATUS(zkp_lean_imt_tree_root(&t, got), ZKP_OK);
        CHECK_MSG(!memcmp(got, want, B), "package root after update %zu", r);
        checked++;
    }
    zkp_lean_imt_free(&t);
    CHECK_MSG(checked == roots->n + proofs->n + updates->n && checked >= 58, "only %zu known answers", checked);
    free(leaves);
    json_free(v);
}

/* ---- errors ------------------------------------------------------------------------- */

static void test_errors(void) {
    th_section("errors: empty tree, counts, NULL, ranges, state");
    zkp_lean_imt t;
    zkp_lean_imt_proof p;
    uint8_t leaf[2 * B] = {0}, out[B], big[B];
    uint64_t idx;
    memcpy(big, k_p_be, B);
    zkp_lean_imt_init(&t);
    CHECK_STATUS(zkp_lean_imt_tree_root(&t, out), ZKP_ERR_COUNT);
    CHECK_STATUS(zkp_lean_imt_tree_proof(&t, 0, &p), ZKP_ERR_COUNT);
    CHECK_STATUS(zkp_lean_imt_update(&t, 0, leaf), ZKP_ERR_RANGE);
    CHECK_STATUS(zkp_lean_imt_insert_batch(&t, leaf, 0), ZKP_ERR_COUNT);
    CHECK_STATUS(zkp_lean_imt_index_of(&t, leaf, &idx), ZKP_OK);
    CHECK_EQ_U64(idx, ZKP_LEAN_IMT_NOT_FOUND);
    CHECK_STATUS(zkp_lean_imt_insert_batch(&t, NULL, 1), ZKP_ERR_NULL);
    CHECK_STATUS(zkp_lean_imt_insert_batch(NULL, leaf, 1), ZKP_ERR_NULL);
    CHECK_STATUS(zkp_lean_imt_insert_batch(&t, leaf, SIZE_MAX), ZKP_ERR_LENGTH);
    CHECK_STATUS(zkp_lean_imt_insert_batch(&t, leaf, SIZE_MAX / 64), ZKP_ERR_LENGTH);
    CHECK_STATUS(zkp_lean_imt_insert(&t, big), ZKP_ERR_RANGE);
    CHECK_EQ_U64(zkp_lean_imt_size(&t), 0);
    /* a batch with one bad leaf changes nothing */
    uint8_t two[2 * B];
    memset(two, 0, B);
    two[B - 1] = 7;
    memcpy(two + B, big, B);
    CHECK_STATUS(zkp_lean_imt_insert_batch(&t, two, 2), ZKP_ERR_RANGE);
    CHECK_EQ_U64(zkp_lean_imt_size(&t), 0);
    CHECK_STATUS(zkp_lean_imt_insert_batch(&t, two, 1), ZKP_OK);
    CHECK_STATUS(zkp_lean_imt_tree_root(&t, out), ZKP_OK);
    CHECK_MSG(!memcmp(out, two, B), "one leaf is its own root");
    CHECK_STATUS(zkp_lean_imt_update(&t, 0, big), ZKP_ERR_RANGE);
    CHECK_STATUS(zkp_lean_imt_update(&t, 1, leaf), ZKP_ERR_RANGE);
    CHECK_STATUS(zkp_lean_imt_update(&t, UINT64_MAX, leaf), ZKP_ERR_RANGE);
    CHECK_STATUS(zkp_lean_imt_tree_root(&t, out), ZKP_OK);
    CHECK_MSG(!memcmp(out, two, B), "failed updates change nothing");
    CHECK_STATUS(zkp_lean_imt_index_of(&t, big, &idx), ZKP_ERR_RANGE);
    CHECK_STATUS(zkp_lean_imt_index_of(&t, NULL, &idx), ZKP_ERR_NULL);
    CHECK_STATUS(zkp_lean_imt_tree_root(NULL, out), ZKP_ERR_NULL);
    CHECK_STATUS(zkp_lean_imt_tree_root(&t, NULL), ZKP_ERR_NULL);
    CHECK_STATUS(zkp_lean_imt_tree_proof(&t, 0, NULL), ZKP_ERR_NULL);
    CHECK_STATUS(zkp_lean_imt_tree_proof(&t, 0, &p), ZKP_OK);
    CHECK_MSG(p.n_siblings == 0 && p.index == 0 && !memcmp(p.root, p.leaf, B), "one-leaf proof");
    /* index_of: the first of equal leaves, as the package's indexOf */
    uint8_t more[3 * B];
    memset(more, 0, sizeof more);
    more[B - 1] = 9;
    more[2 * B - 1] = 7;
    more[3 * B - 1] = 7;
    CHECK_STATUS(zkp_lean_imt_insert_batch(&t, more, 3), ZKP_OK);
    CHECK_STATUS(zkp_lean_imt_index_of(&t, two, &idx), ZKP_OK);
    CHECK_EQ_U64(idx, 0);
    CHECK_STATUS(zkp_lean_imt_index_of(&t, more, &idx), ZKP_OK);
    CHECK_EQ_U64(idx, 1);
    CHECK_STATUS(zkp_lean_imt_index_of(&t, leaf, &idx), ZKP_OK);
    CHECK_EQ_U64(idx, ZKP_LEAN_IMT_NOT_FOUND);
    /* an overwritten or never initialised tree: ZKP_ERR_STATE, no crash */
    zkp_lean_imt bad = t;
    bad.check ^= 1;
    CHECK_STATUS(zkp_lean_imt_insert(&bad, leaf), ZKP_ERR_STATE);
    CHECK_STATUS(zkp_lean_imt_update(&bad, 0, leaf), ZKP_ERR_STATE);
    CHECK_STATUS(zkp_lean_imt_tree_root(&bad, out), ZKP_ERR_STATE);
    CHECK_STATUS(zkp_lean_imt_tree_proof(&bad, 0, &p), ZKP_ERR_STATE);
    CHECK_STATUS(zkp_lean_imt_index_of(&bad, leaf, &idx), ZKP_ERR_STATE);
    CHECK_EQ_U64(zkp_lean_imt_size(&bad), 0);
    zkp_lean_imt_free(&bad); /* left alone: t still owns the memory */
    memset(&bad, 0xa5, sizeof bad);
    CHECK_STATUS(zkp_lean_imt_insert(&bad, leaf), ZKP_ERR_STATE);
    zkp_lean_imt_free(&t);
    CHECK_STATUS(zkp_lean_imt_insert(&t, leaf), ZKP_ERR_STATE); /* freed: init again to reuse */
    zkp_lean_imt_free(&t);
    zkp_lean_imt_free(NULL);
    zkp_lean_imt_init(NULL);
    CHECK_EQ_U64(zkp_lean_imt_size(NULL), 0);
    CHECK_EQ_U64(zkp_lean_imt_depth(NULL), 0);
    zkp_lean_imt_init(&t);
    CHECK_STATUS(zkp_lean_imt_insert(&t, leaf), ZKP_OK);
    zkp_lean_imt_free(&t);
}

int main(void) {
    th_init("test_lean_imt");
    th_section("sizes 0..300: insert == insert_batch == chunks == oracle");
    g_dense_sizes = th_count(300) >= 300;
    size_t max = 300;
    run_sizes(&max);
    th_section("sizes 0..64 at every CPU level (the batch kernels)");
    max = 64;
    th_for_each_cpu_level(run_sizes, &max);
    test_updates();
    test_proofs();
    test_vectors();
    test_errors();
    return th_finish();
}
