/*
 * LeanIMT proof verifier fuzz target (zkp_lean_imt_tree_verify) and the
 * CLI's JSON proof reader (tools/zkprim/lean_imt_json.c).
 *
 * A proof comes from an untrusted party, so:
 *   - an arbitrary proof struct never crashes and gets the documented
 *     status: ZKP_ERR_PROOF_SHAPE exactly when n_siblings > 64, else
 *     ZKP_ERR_RANGE exactly when the index has a bit at or above n_siblings
 *     or an element is >= p, else ZKP_OK exactly when hashing the leaf up
 *     the siblings (a plain loop over zkp_poseidon_hash_be) gives the root;
 *   - a proof the library made for a random tree verifies, and flipping any
 *     single bit of root, leaf, a sibling or the index's n_siblings bits
 *     never verifies (ZKP_ERR_VERIFY, or ZKP_ERR_RANGE when the flip leaves
 *     the field);
 *   - any text given to the JSON reader is parsed or refused without a
 *     crash; a parsed proof prints back to text that parses to the same
 *     proof.
 * Framing: mode byte (0..2 of % 3), then per mode below.
 */
#define _POSIX_C_SOURCE 200809L
#include "fuzz.h"
#include "lean_imt_json.h"
#include "zkprim/lean_imt.h"
#include "zkprim/poseidon.h"

#define B ZKP_LEAN_IMT_BYTES
#define FLIPS 32
#define MAX_LEAVES 40 /* depths 0..6: every carry pattern, few hashes per input */

static int in_field(const uint8_t b[B]) {
    zkp_poseidon_fr x;
    return zkp_poseidon_fr_from_be(&x, b) == ZKP_OK;
}

/* The status the header promises for p, computed the plain way. */
static zkp_status expected(const zkp_lean_imt_proof *p) {
    const size_t n = p->n_siblings;
    if (n > ZKP_LEAN_IMT_MAX_DEPTH) return ZKP_ERR_PROOF_SHAPE;
    if (n < 64 && p->index >> n) return ZKP_ERR_RANGE;
    int ok = in_field(p->root) && in_field(p->leaf);
    for (size_t k = 0; k < n; k++) ok &= in_field(p->siblings[k]);
    if (!ok) return ZKP_ERR_RANGE;
    uint8_t node[B], pair[2 * B];
    memcpy(node, p->leaf, B);
    for (size_t k = 0; k < n; k++) {
        const int left = (p->index >> k) & 1;
        memcpy(pair + (left ? 0 : B), p->siblings[k], B);
        memcpy(pair + (left ? B : 0), node, B);
        FUZZ_CHECK(zkp_poseidon_hash_be(pair, 2, node) == ZKP_OK);
    }
    return memcmp(node, p->root, B) ? ZKP_ERR_VERIFY : ZKP_OK;
}

/* Element bytes: raw, or with the top byte narrowed so most are below p. */
static void fz_elem(fz_cursor *c, uint8_t out[B], int narrow) {
    fz_bytes(c, out, B);
    if (narrow) out[0] &= 0x2f;
}

static void fuzz_arbitrary(fz_cursor *c) {
    const uint8_t f = fz_u8(c);
    zkp_lean_imt_proof p;
    memset(&p, 0, sizeof p);
    fz_elem(c, p.root, f & 1);
    fz_elem(c, p.leaf, f & 1);
    p.n_siblings = f & 2 ? (size_t)fz_u64(c) : fz_u8(c) % 70;
    p.index = f & 4 ? fz_u64(c) : fz_u8(c);
    for (size_t k = 0; k < p.n_siblings && k < ZKP_LEAN_IMT_MAX_DEPTH && c->n; k++) fz_elem(c, p.siblings[k], f & 1);
    FUZZ_CHECK(zkp_lean_imt_tree_verify(&p) == expected(&p));
}

static void fuzz_valid(fz_cursor *c) {
    const size_t size = 1 + fz_u8(c) % MAX_LEAVES;
    const uint64_t index = fz_u8(c) % size;
    const uint32_t start = fz_u16(c), stride = 1 + 2 * (uint32_t)fz_u16(c);
    uint8_t *leaves = malloc(size * B);
    FUZZ_CHECK(leaves != NULL);
    for (size_t i = 0; i < size; i++) {
        for (size_t k = 0; k < B; k++) leaves[i * B + k] = c->n ? c->p[(i * B + k) % c->n] ^ (uint8_t)i : (uint8_t)(i + k);
        leaves[i * B] &= 0x1f;
    }
    zkp_lean_imt t;
    zkp_lean_imt_proof p;
    zkp_lean_imt_init(&t);
    FUZZ_CHECK(zkp_lean_imt_insert_batch(&t, leaves, size) == ZKP_OK);
    FUZZ_CHECK(zkp_lean_imt_tree_proof(&t, index, &p) == ZKP_OK);
    FUZZ_CHECK(zkp_lean_imt_tree_verify(&p) == ZKP_OK);
    /* bits: root, leaf, the siblings, then the index's n_siblings bits */
    const size_t bits = 8 * B * (2 + p.n_siblings) + p.n_siblings;
    for (unsigned i = 0; i < FLIPS; i++) {
        const size_t b = (start + (size_t)i * stride) % bits;
        zkp_lean_imt_proof q = p;
        if (b < 8 * B * (2 + p.n_siblings)) {
            uint8_t *elem = b < 8 * B ? q.root : b < 16 * B ? q.leaf : q.siblings[b / (8 * B) - 2];
            elem[(b / 8) % B] ^= (uint8_t)(1u << (b % 8));
        } else q.index ^= (uint64_t)1 << (b - 8 * B * (2 + p.n_siblings));
        const zkp_status st = zkp_lean_imt_tree_verify(&q);
        FUZZ_CHECK(st == ZKP_ERR_VERIFY || st == ZKP_ERR_RANGE);
        FUZZ_CHECK(st == expected(&q));
    }
    zkp_lean_imt_free(&t);
    free(leaves);
}

static void fuzz_json(fz_cursor *c) {
    zkp_lean_imt_proof p, q;
    char why[256];
    const zkp_status st = cli_lean_proof_parse((const char *)c->p, c->n, &p, why, sizeof why);
    FUZZ_CHECK(st == ZKP_OK || st == ZKP_ERR_PARAM || st == ZKP_ERR_PROOF_SHAPE);
    if (st != ZKP_OK) return;
    FUZZ_CHECK(p.n_siblings <= ZKP_LEAN_IMT_MAX_DEPTH);
    FUZZ_CHECK(zkp_lean_imt_tree_verify(&p) == expected(&p));
    char *text = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&text, &len);
    FUZZ_CHECK(f != NULL);
    cli_lean_proof_print(f, &p);
    FUZZ_CHECK(fclose(f) == 0);
    FUZZ_CHECK(cli_lean_proof_parse(text, len, &q, why, sizeof why) == ZKP_OK);
    FUZZ_CHECK(memcmp(&p, &q, sizeof p) == 0);
    free(text);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    fz_cursor c = {data, size};
    switch (fz_u8(&c) % 3) {
    case 0: fuzz_arbitrary(&c); break;
    case 1: fuzz_valid(&c); break;
    default: fuzz_json(&c); break;
    }
    return 0;
}
