#include "oz_tree_oracle.h"

#include <stdlib.h>
#include <string.h>

#include "keccak_ref.h"

#define NODE 32

/* standardNodeHash: keccak256 of the pair sorted as numbers. */
static void node_hash(const uint8_t *a, const uint8_t *b, uint8_t out[NODE]) {
    uint8_t buf[2 * NODE];
    int a_first = memcmp(a, b, NODE) <= 0;
    memcpy(buf, a_first ? a : b, NODE);
    memcpy(buf + NODE, a_first ? b : a, NODE);
    ref_keccak_sponge(136, 0x01, buf, sizeof buf, out, NODE);
}

static void fill(uint8_t *nodes, size_t total, size_t i) {
    if (2 * i + 1 >= total) return; /* a leaf */
    fill(nodes, total, 2 * i + 1);
    fill(nodes, total, 2 * i + 2);
    node_hash(nodes + NODE * (2 * i + 1), nodes + NODE * (2 * i + 2), nodes + NODE * i);
}

void oracle_oz_tree(const uint8_t *leaves, size_t n, uint8_t *nodes, uint64_t *tree_index) {
    size_t *order = malloc(n * sizeof *order);
    for (size_t i = 0; i < n; i++) {
        /* stable insertion: after every earlier leaf that is <= this one */
        size_t j = i;
        while (j > 0 && memcmp(leaves + NODE * order[j - 1], leaves + NODE * i, NODE) > 0) {
            order[j] = order[j - 1];
            j--;
        }
        order[j] = i;
    }
    size_t total = 2 * n - 1;
    for (size_t r = 0; r < n; r++) {
        memcpy(nodes + NODE * (total - 1 - r), leaves + NODE * order[r], NODE);
        tree_index[order[r]] = total - 1 - r;
    }
    fill(nodes, total, 0);
    free(order);
}

static uint64_t sibling(uint64_t i) { return i % 2 == 1 ? i + 1 : i - 1; }
static uint64_t parent(uint64_t i) { return (i - 1) / 2; }

void oracle_oz_proof(const uint8_t *nodes, size_t total, uint64_t index, uint8_t *proof, size_t *depth) {
    (void)total;
    size_t d = 0;
    while (index > 0) {
        memcpy(proof + NODE * d++, nodes + NODE * sibling(index), NODE);
        index = parent(index);
    }
    *depth = d;
}

void oracle_oz_multi_proof(const uint8_t *nodes, size_t total, const uint64_t *indices, size_t k, uint64_t *order,
                           uint8_t *proof, size_t *np, uint8_t *flags, size_t *nf) {
    (void)total;
    /* indices.sort((a, b) => b - a) */
    for (size_t i = 0; i < k; i++) order[i] = indices[i];
    for (size_t i = 0; i < k; i++)
        for (size_t j = i + 1; j < k; j++)
            if (order[j] > order[i]) {
                uint64_t t = order[i];
                order[i] = order[j], order[j] = t;
            }
    uint64_t *stack = malloc((k + 1) * sizeof *stack);
    size_t len = k;
    memcpy(stack, order, k * sizeof *stack);
    *np = 0, *nf = 0;
    while (len > 0 && stack[0] > 0) {
        uint64_t j = stack[0];
        memmove(stack, stack + 1, --len * sizeof *stack); /* shift */
        uint64_t s = sibling(j), p = parent(j);
        if (len > 0 && s == stack[0]) {
            flags[(*nf)++] = 1;
            memmove(stack, stack + 1, --len * sizeof *stack);
        } else {
            flags[(*nf)++] = 0;
            memcpy(proof + NODE * (*np)++, nodes + NODE * s, NODE);
        }
        stack[len++] = p; /* push */
    }
    if (k == 0) memcpy(proof + NODE * (*np)++, nodes, NODE);
    free(stack);
}

zkp_status oracle_oz_multi_verify(const uint8_t root[32], const uint8_t *leaves, size_t nl, const uint8_t *proof,
                                  size_t np, const uint8_t *flags, size_t nf) {
    size_t falses = 0;
    for (size_t i = 0; i < nf; i++) falses += flags[i] == 0;
    if (np < falses) return ZKP_ERR_PROOF_SHAPE;       /* 'Invalid multiproof format' */
    if (nl + np != nf + 1) return ZKP_ERR_PROOF_SHAPE; /* 'not compatible' */
    uint8_t *stack = malloc(NODE * (nl + nf + 1));
    const uint8_t *pr = proof;
    size_t len = nl, plen = np;
    memcpy(stack, leaves, NODE * nl);
    zkp_status st = ZKP_OK;
    for (size_t i = 0; i < nf; i++) {
        uint8_t a[NODE], b[NODE];
        if (len == 0) { st = ZKP_ERR_PROOF_SHAPE; break; }
        memcpy(a, stack, NODE);
        memmove(stack, stack + NODE, NODE * --len);
        if (flags[i]) {
            if (len == 0) { st = ZKP_ERR_PROOF_SHAPE; break; }
            memcpy(b, stack, NODE);
            memmove(stack, stack + NODE, NODE * --len);
        } else {
            if (plen == 0) { st = ZKP_ERR_PROOF_SHAPE; break; }
            memcpy(b, pr, NODE);
            pr += NODE, plen--;
        }
        node_hash(a, b, stack + NODE * len++);
    }
    if (st == ZKP_OK && len + plen != 1) st = ZKP_ERR_PROOF_SHAPE;
    if (st == ZKP_OK) st = memcmp(len ? stack + NODE * (len - 1) : pr, root, NODE) ? ZKP_ERR_VERIFY : ZKP_OK;
    free(stack);
    return st;
}
