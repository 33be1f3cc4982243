/*
 * `zkprim tree -a keccak256 --threads N` (N > 1): the streamed leaf-data
 * tree hashed on N threads with memory bounded by one block.
 *
 * The input is cut into blocks of B leaves, B a power of two. A full block
 * is an aligned subtree: its root is zkp_keccak_tree_root_data over the
 * block, which splits it across the threads. The bytes after the last full
 * block (fewer than B leaves, or nothing but an empty input) are the last
 * part, hashed by a tree hasher. The block roots and the last part's root
 * merge with zkp_keccak_subtree_merge_parts, whose split rule these parts
 * meet: every full block starts at a multiple of B leaves, and the last part
 * has at most B leaves at a multiple of B. The root equals the one-thread
 * streamed root (and the in-memory root) for every input.
 *
 * The blocks are copied into a buffer of their own, so the root does not
 * depend on how the reader cuts the input. Memory: one block, the
 * root_data scratch (32 bytes per leaf of a block) and 40 bytes per block
 * for the parts list.
 */
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "zkprim/keccak.h"

typedef struct keccak_blocks {
    zkp_keccak_alg alg;
    size_t leaf_size, block_leaves, block_bytes, fill;
    unsigned threads;
    uint8_t *block;
    uint8_t (*cvs)[32];
    uint64_t *offsets; /* n + 1 bounds of the n parts so far */
    size_t n, cap;
} keccak_blocks;

/* B: a power of two, about 4 MiB of leaves per thread and at most 32 MiB;
 * then raised towards 8192 leaves per thread (the library's threaded root
 * splits only subtrees of 4096 leaves and more) while the block stays under
 * 256 MiB. Leaves are at most CLI_KECCAK_BLOCK_LEAF_MAX bytes here. */
static size_t block_leaves_for(size_t leaf_size, unsigned threads) {
    size_t max_bytes = (size_t)4 << 20;
    max_bytes = threads >= 8 ? (size_t)32 << 20 : max_bytes * threads;
    size_t b = 1;
    while (b <= max_bytes / leaf_size / 2) b *= 2;
    while (b < (size_t)8192 * threads && b <= ((size_t)256 << 20) / leaf_size / 2) b *= 2;
    return b;
}

static zkp_status add_part(keccak_blocks *k, const uint8_t cv[32], size_t bytes) {
    if (k->n == k->cap) {
        size_t cap = k->cap ? 2 * k->cap : 64;
        uint8_t(*cvs)[32] = realloc(k->cvs, cap * sizeof *cvs);
        if (!cvs) return ZKP_ERR_NOMEM;
        k->cvs = cvs;
        uint64_t *off = realloc(k->offsets, (cap + 1) * sizeof *off);
        if (!off) return ZKP_ERR_NOMEM;
        k->offsets = off;
        k->cap = cap;
    }
    memcpy(k->cvs[k->n], cv, 32);
    k->offsets[k->n + 1] = k->offsets[k->n] + bytes;
    k->n++;
    return ZKP_OK;
}

static zkp_status feed_blocks(void *ctx, const uint8_t *d, size_t len) {
    keccak_blocks *k = ctx;
    while (len) {
        size_t take = k->block_bytes - k->fill;
        if (take > len) take = len;
        memcpy(k->block + k->fill, d, take);
        k->fill += take;
        d += take;
        len -= take;
        if (k->fill == k->block_bytes) {
            uint8_t cv[32];
            zkp_status st = zkp_keccak_tree_root_data(k->alg, k->block, k->leaf_size, k->block_leaves, k->threads, cv);
            if (st == ZKP_OK) st = add_part(k, cv, k->block_bytes);
            if (st != ZKP_OK) return st;
            k->fill = 0;
        }
    }
    return ZKP_OK;
}

/* The root of everything fed: the last part through a tree hasher, then the
 * merge (one part, or an empty input, is its own root). */
static zkp_status finish_blocks(keccak_blocks *k, uint8_t root[32]) {
    if (k->n && !k->fill) return zkp_keccak_subtree_merge_parts(k->alg, (const uint8_t(*)[32])k->cvs, k->offsets, k->n,
                                                              k->leaf_size, root);
    zkp_keccak_tree_hasher *h = malloc(sizeof *h);
    if (!h) return ZKP_ERR_NOMEM;
    uint8_t cv[32];
    zkp_status st = zkp_keccak_tree_hasher_init(h, k->alg, k->leaf_size);
    if (st == ZKP_OK) st = zkp_keccak_tree_hasher_update(h, k->block, k->fill);
    if (st == ZKP_OK) st = zkp_keccak_tree_hasher_finalize(h, cv);
    free(h);
    if (st != ZKP_OK) return st;
    if (!k->n) {
        memcpy(root, cv, 32);
        return ZKP_OK;
    }
    if ((st = add_part(k, cv, k->fill)) != ZKP_OK) return st;
    return zkp_keccak_subtree_merge_parts(k->alg, (const uint8_t(*)[32])k->cvs, k->offsets, k->n, k->leaf_size, root);
}

int cli_keccak_tree_threaded(const char *file, int alg, size_t leaf_size, unsigned threads, int progress,
                             uint8_t root[32]) {
    keccak_blocks k = {.alg = (zkp_keccak_alg)alg, .leaf_size = leaf_size, .threads = threads};
    k.block_leaves = block_leaves_for(leaf_size, threads);
    zkp_status st = ZKP_OK;
    int rc = 0;
    if (k.block_leaves > SIZE_MAX / leaf_size) st = ZKP_ERR_LENGTH;
    else {
        k.block_bytes = k.block_leaves * leaf_size;
        k.block = malloc(k.block_bytes);
        k.offsets = malloc(sizeof *k.offsets);
        if (!k.block || !k.offsets) st = ZKP_ERR_NOMEM;
        else k.offsets[0] = 0;
    }
    if (st == ZKP_OK) rc = cli_stream_file("tree", file, (size_t)1 << 20, progress, feed_blocks, &k);
    if (st == ZKP_OK && rc == 0) st = finish_blocks(&k, root);
    free(k.block);
    free(k.cvs);
    free(k.offsets);
    if (rc) return rc;
    if (st != ZKP_OK) {
        fprintf(stderr, "zkprim tree: %s\n", zkp_status_str(st));
        return 1;
    }
    return 0;
}
