/*
 * The merge stack (merge_stack.h).
 */
#include "core/merge_stack.h"

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
