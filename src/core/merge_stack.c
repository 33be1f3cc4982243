/*
 * The merge stack (merge_stack.h).
 */
#include "core/merge_stack.h"

#include "core/parallel.h"

#include <string.h>

void zkpi_stack_push(uint8_t (*stack)[ZKPI_NODE_BYTES], uint32_t *depth, uint64_t *count,
                     const uint8_t cv[ZKPI_NODE_BYTES], unsigned level, zkpi_node_fn node) {
    uint8_t cur[ZKPI_NODE_BYTES];
    memcpy(cur, cv, sizeof cur);
    uint64_t n = (*count >> level) + 1;
    *count += (uint64_t)1 << level;
    /* each trailing zero of the new count (in units of the pushed size)
     * closes one aligned subtree: merge it with its left sibling */
    while ((n & 1) == 0 && *depth > 0) {
        node(stack[--*depth], cur, 0, cur);
        n >>= 1;
    }
    memcpy(stack[(*depth)++], cur, sizeof cur);
}

void zkpi_stack_fold(const uint8_t (*stack)[ZKPI_NODE_BYTES], uint32_t depth, const uint8_t last[ZKPI_NODE_BYTES],
                     int is_root, zkpi_node_fn node, uint8_t out[ZKPI_NODE_BYTES]) {
    uint8_t cur[ZKPI_NODE_BYTES];
    memcpy(cur, last, sizeof cur);
    while (depth > 0) {
        depth--;
        node(stack[depth], cur, is_root && depth == 0, cur);
    }
    memcpy(out, cur, sizeof cur);
}

void zkpi_stack_fold_padded(const uint8_t (*stack)[ZKPI_NODE_BYTES], uint32_t depth, uint64_t count,
                            zkpi_node_fn node, uint8_t out[ZKPI_NODE_BYTES]) {
    if ((count & (count - 1)) == 0) { /* a power of two: one root on the stack */
        memcpy(out, stack[0], ZKPI_NODE_BYTES);
        return;
    }
    uint8_t zero[ZKPI_NODE_BYTES] = {0}, cur[ZKPI_NODE_BYTES];
    int have = 0;
    for (unsigned lvl = 0; (count >> lvl) != 0; lvl++) {
        if ((count >> lvl) & 1) {
            if (have) node(stack[--depth], cur, 0, cur);
            else node(stack[--depth], zero, 0, cur);
            have = 1;
        } else if (have) {
            node(cur, zero, 0, cur);
        }
        node(zero, zero, 0, zero); /* the zero subtree one level up */
    }
    memcpy(out, cur, ZKPI_NODE_BYTES);
}

zkp_status zkpi_stack_push_run(uint8_t (*stack)[ZKPI_NODE_BYTES], uint32_t *depth, uint64_t *count,
                               uint8_t (*cv)[ZKPI_NODE_BYTES], size_t m, unsigned level, const zkpi_tree_shape *t) {
    if (m > 0 && ((*count >> level) & 1)) { /* its left sibling is on the stack */
        zkpi_stack_push(stack, depth, count, cv[0], level, t->node);
        cv++;
        m--;
    }
    if (m == 0) return ZKP_OK;
    if (m == 1) {
        zkpi_stack_push(stack, depth, count, cv[0], level, t->node);
        return ZKP_OK;
    }
    /* *count is now a multiple of 2^(level + 1): cv pairs up as siblings;
     * an odd last root goes on after its left neighbours' parents */
    uint8_t odd[ZKPI_NODE_BYTES];
    if (m & 1) memcpy(odd, cv[m - 1], sizeof odd);
    zkp_status st = t->node_batch(t, cv, m / 2);
    if (st == ZKP_OK) st = zkpi_stack_push_run(stack, depth, count, cv, m / 2, level + 1, t);
    if (st == ZKP_OK && (m & 1)) zkpi_stack_push(stack, depth, count, odd, level, t->node);
    return st;
}

/* Roots of the m <= ZKPI_RUN_LEAVES leaves at p[0..len), leaf_batch in groups. */
static zkp_status hash_leaves(const uint8_t *p, size_t len, uint64_t first, size_t m, const zkpi_tree_shape *t,
                              uint8_t (*cv)[ZKPI_NODE_BYTES]) {
    const size_t ls = (size_t)t->leaf_size;
    for (size_t a = 0; a < m; a += ZKPI_LEAF_GROUP) {
        size_t g = m - a < ZKPI_LEAF_GROUP ? m - a : ZKPI_LEAF_GROUP;
        size_t off = a * ls, glen = a + g < m ? g * ls : len - off;
        zkp_status st = t->leaf_batch(t, p + off, glen, first + a, g, cv + a);
        if (st != ZKP_OK) return st;
    }
    return ZKP_OK;
}

zkp_status zkpi_stack_push_leaves(uint8_t (*stack)[ZKPI_NODE_BYTES], uint32_t *depth, uint64_t *count,
                                  const uint8_t *p, size_t m, const zkpi_tree_shape *t) {
    uint8_t cv[ZKPI_RUN_LEAVES][ZKPI_NODE_BYTES];
    const size_t ls = (size_t)t->leaf_size;
    while (m > 0) {
        size_t g = m < ZKPI_RUN_LEAVES ? m : ZKPI_RUN_LEAVES;
        zkp_status st = hash_leaves(p, g * ls, *count, g, t, cv);
        if (st == ZKP_OK) st = zkpi_stack_push_run(stack, depth, count, cv, g, 0, t);
        if (st != ZKP_OK) return st;
        p += g * ls;
        m -= g;
    }
    return ZKP_OK;
}

zkp_status zkpi_stack_finish(uint8_t (*stack)[ZKPI_NODE_BYTES], uint32_t depth, uint64_t count, const uint8_t *p,
                             size_t len, int is_root, const zkpi_tree_shape *t, uint8_t out[ZKPI_NODE_BYTES]) {
    const size_t ls = (size_t)t->leaf_size;
    size_t m = len == 0 ? 1 : (len - 1) / ls + 1;
    size_t lead = (m - 1) / ZKPI_RUN_LEAVES * ZKPI_RUN_LEAVES;
    zkp_status st = zkpi_stack_push_leaves(stack, &depth, &count, p, lead, t);
    if (st != ZKP_OK) return st;
    /* the last run in one go, its last leaf held back for the fold */
    uint8_t cv[ZKPI_RUN_LEAVES][ZKPI_NODE_BYTES], last[ZKPI_NODE_BYTES];
    size_t g = m - lead;
    st = hash_leaves(p + lead * ls, len - lead * ls, count, g, t, cv);
    if (st != ZKP_OK) return st;
    memcpy(last, cv[g - 1], sizeof last);
    st = zkpi_stack_push_run(stack, &depth, &count, cv, g - 1, 0, t);
    if (st != ZKP_OK) return st;
    if (t->zero_padded) {
        zkpi_stack_push(stack, &depth, &count, last, 0, t->node);
        zkpi_stack_fold_padded((const uint8_t(*)[ZKPI_NODE_BYTES])stack, depth, count, t->node, out);
    } else {
        zkpi_stack_fold((const uint8_t(*)[ZKPI_NODE_BYTES])stack, depth, last, is_root, t->node, out);
    }
    return ZKP_OK;
}

typedef struct parts_ctx {
    const zkpi_tree_shape *t;
    const uint8_t *p;
    uint64_t first;
    size_t per; /* leaves of a part */
    uint8_t (*cv)[ZKPI_NODE_BYTES];
    zkp_status st[ZKPI_MAX_PARTS];
} parts_ctx;

/* Part i: its leaves pushed on a stack of its own from its global index
 * (aligned: the merges stay inside it), which ends as the part's root. */
static void part_task(void *ctx, size_t i) {
    parts_ctx *c = ctx;
    uint8_t stack[ZKPI_STACK_MAX][ZKPI_NODE_BYTES];
    uint32_t depth = 0;
    uint64_t count = c->first + (uint64_t)i * c->per;
    c->st[i] = zkpi_stack_push_leaves(stack, &depth, &count, c->p + i * c->per * (size_t)c->t->leaf_size, c->per, c->t);
    memcpy(c->cv[i], stack[0], ZKPI_NODE_BYTES);
}

zkp_status zkpi_stack_part_roots(const zkpi_tree_shape *t, const uint8_t *p, uint64_t first, size_t per, size_t parts,
                                 unsigned threads, uint8_t (*cv)[ZKPI_NODE_BYTES]) {
    parts_ctx c = {.t = t, .p = p, .first = first, .per = per, .cv = cv};
    zkpi_parallel_run(parts, threads, part_task, &c);
    for (size_t i = 0; i < parts; i++)
        if (c.st[i] != ZKP_OK) return c.st[i];
    return ZKP_OK;
}

zkp_status zkpi_stack_root_perfect(const zkpi_tree_shape *t, const uint8_t *p, size_t n, size_t parts,
                                   unsigned threads, uint8_t out[ZKPI_NODE_BYTES]) {
    uint8_t cv[ZKPI_MAX_THREADS][ZKPI_NODE_BYTES], stack[ZKPI_STACK_MAX][ZKPI_NODE_BYTES];
    zkp_status st = zkpi_stack_part_roots(t, p, 0, n / parts, parts, threads, cv);
    if (st != ZKP_OK) return st;
    unsigned level = 0;
    while (((size_t)1 << level) < n / parts) level++;
    uint32_t depth = 0;
    uint64_t count = 0;
    for (size_t i = 0; i < parts; i++) zkpi_stack_push(stack, &depth, &count, cv[i], level, t->node);
    memcpy(out, stack[0], ZKPI_NODE_BYTES); /* n a power of two: one root */
    return ZKP_OK;
}
