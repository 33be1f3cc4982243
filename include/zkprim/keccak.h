/*
 * Keccak: the Keccak-f[1600] permutation, Keccak-256 (Ethereum, padding
 * 0x01), SHA3-224/256/384/512 (0x06) and SHAKE128/256 (0x1F), the 64-byte
 * Merkle parent, batches of independent inputs and Merkle trees over
 * 32-byte nodes.
 *
 * Everything here works on public data and on secrets alike: every function
 * is constant time (ZKP_CT: no data-dependent branch or address; lengths,
 * counts, indices and the algorithm are public) except the ZKP_QUERY ones.
 * Only zkp_keccak_tree_root and zkp_keccak_tree_root_data allocate
 * (ZKP_ALLOCATES: n/2 nodes of scratch).
 *
 * Path from this header to the hot loop: src/keccak/sponge.c (one-shot and
 * streaming sponge; the state is the only buffer) / many.c (hash_batch,
 * hash_batch_ptrs, pair) / tree.c (on many.c's strided batch) ->
 * dispatch.c (kernel tables) -> f1600_<kernel>.c (one state) or
 * f1600x<lanes>_<kernel>.c (multi-lane).
 */
#ifndef ZKPRIM_KECCAK_H
#define ZKPRIM_KECCAK_H

#include <stddef.h>
#include <stdint.h>

#include "zkprim/zkprim.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The sponge functions. Values are stable (they appear in no ABI struct). */
typedef enum zkp_keccak_alg {
    ZKP_KECCAK_256 = 1,  /* Keccak[r=1088,c=512], pad 0x01, 32-byte digest (Ethereum keccak256) */
    ZKP_SHA3_224 = 2,    /* FIPS 202, 28-byte digest */
    ZKP_SHA3_256 = 3,    /* 32 */
    ZKP_SHA3_384 = 4,    /* 48 */
    ZKP_SHA3_512 = 5,    /* 64 */
    ZKP_SHAKE128 = 6,    /* XOF, rate 168 */
    ZKP_SHAKE256 = 7     /* XOF, rate 136 */
} zkp_keccak_alg;

#define ZKP_KECCAK256_BYTES 32
#define ZKP_KECCAK_NODE_BYTES 32  /* Merkle node size */

/* ---- permutation ---------------------------------------------------------- */

/* Keccak-f[1600] in place; lane x+5y is st[x+5y], the little-endian reading
 * of its 8 state bytes (on every host). */
ZKP_API ZKP_CT void zkp_keccak_f1600(uint64_t st[25]);
/* Which kernel zkp_keccak_f1600 (and the sponge) uses now: "bmi2", "portable", ... */
ZKP_API ZKP_QUERY const char *zkp_keccak_f1600_implementation(void);
/* Which multi-lane kernel hash_batch, hash_batch_ptrs and the trees use
 * now: "avx2-x4", ... */
ZKP_API ZKP_QUERY const char *zkp_keccak_batch_implementation(void);

/* ---- sponge: one-shot ----------------------------------------------------- */

/* Digest length of alg in bytes (0 for the XOFs and for an unknown alg). */
ZKP_API ZKP_QUERY size_t zkp_keccak_digest_bytes(zkp_keccak_alg alg);

/* Hashes in[0..len) with alg into out[0..outlen). in may be NULL only when
 * len == 0 (else ZKP_ERR_NULL). Fixed-output algorithms need outlen equal to
 * their digest length, XOFs any outlen >= 1 (else ZKP_ERR_LENGTH); unknown
 * alg: ZKP_ERR_PARAM; out NULL: ZKP_ERR_NULL; len or outlen above
 * PTRDIFF_MAX: ZKP_ERR_LENGTH (the one-shot wrappers below likewise). */
ZKP_MUST_USE ZKP_API ZKP_CT zkp_status zkp_keccak_hash(zkp_keccak_alg alg, const uint8_t *in, size_t len, uint8_t *out, size_t outlen);

ZKP_MUST_USE ZKP_API ZKP_CT zkp_status zkp_keccak256(const uint8_t *in, size_t len, uint8_t out[32]);
ZKP_MUST_USE ZKP_API ZKP_CT zkp_status zkp_sha3_224(const uint8_t *in, size_t len, uint8_t out[28]);
ZKP_MUST_USE ZKP_API ZKP_CT zkp_status zkp_sha3_256(const uint8_t *in, size_t len, uint8_t out[32]);
ZKP_MUST_USE ZKP_API ZKP_CT zkp_status zkp_sha3_384(const uint8_t *in, size_t len, uint8_t out[48]);
ZKP_MUST_USE ZKP_API ZKP_CT zkp_status zkp_sha3_512(const uint8_t *in, size_t len, uint8_t out[64]);
ZKP_MUST_USE ZKP_API ZKP_CT zkp_status zkp_shake128(const uint8_t *in, size_t len, uint8_t *out, size_t outlen);
ZKP_MUST_USE ZKP_API ZKP_CT zkp_status zkp_shake256(const uint8_t *in, size_t len, uint8_t *out, size_t outlen);

/* ---- sponge: streaming ---------------------------------------------------- */

/* Streaming state (208 bytes). Fields are private; the 25 lanes are the only
 * buffer: input is XORed into them at a running offset. Every streaming call
 * checks the fields first: a struct never initialised, or with rate, pos,
 * suffix, digest or phase overwritten, is ZKP_ERR_STATE (never a crash). */
typedef struct zkp_keccak_state {
    uint64_t st[25];
    uint16_t rate;     /* bytes */
    uint16_t pos;      /* byte offset into the rate (absorb or squeeze) */
    uint8_t suffix;    /* domain/padding byte: 0x01, 0x06 or 0x1F */
    uint8_t phase;     /* 0 unset, 1 absorbing, 2 squeezing (XOF), 3 finished */
    uint8_t digest;    /* fixed digest bytes, 0 for XOFs */
    uint8_t reserved;
} zkp_keccak_state;

/* ZKP_ERR_PARAM for an unknown alg, ZKP_ERR_NULL for s == NULL. */
ZKP_MUST_USE ZKP_API ZKP_CT zkp_status zkp_keccak_init(zkp_keccak_state *s, zkp_keccak_alg alg);
/* Absorbs more input (any chunking gives the one-shot result). After final
 * or squeeze, or on a corrupted state: ZKP_ERR_STATE. len above
 * PTRDIFF_MAX: ZKP_ERR_LENGTH. */
ZKP_MUST_USE ZKP_API ZKP_CT zkp_status zkp_keccak_update(zkp_keccak_state *s, const uint8_t *in, size_t len);
/* Fixed-output algorithms: pads, writes the digest (outlen must equal the
 * digest length, else ZKP_ERR_LENGTH) and ends the state (further calls:
 * ZKP_ERR_STATE). XOFs: same as zkp_keccak_squeeze. */
ZKP_MUST_USE ZKP_API ZKP_CT zkp_status zkp_keccak_final(zkp_keccak_state *s, uint8_t *out, size_t outlen);
/* XOFs only (else ZKP_ERR_STATE): the first call pads; every call returns
 * the next outlen bytes of the output stream (any split gives the same
 * stream). update after squeeze: ZKP_ERR_STATE. outlen above PTRDIFF_MAX
 * (also for zkp_keccak_final on an XOF): ZKP_ERR_LENGTH. */
ZKP_MUST_USE ZKP_API ZKP_CT zkp_status zkp_keccak_squeeze(zkp_keccak_state *s, uint8_t *out, size_t outlen);

/* -DZKP_KECCAK_F1600=external (docs/zkvm.md): every function here permutes
 * through void zkp_keccakf1600_external(uint64_t st[25]), defined by the
 * program (a zkVM precompile), st in the layout of zkp_keccak_f1600. */

/* ---- Merkle parent: exactly 64 bytes, one permutation --------------------- */

/* out = Keccak-256(left || right). out may alias left or right. Cannot
 * fail: pointers must be valid (not checked). */
ZKP_API ZKP_CT void zkp_keccak256_pair(const uint8_t left[32], const uint8_t right[32], uint8_t out[32]);
/* out = SHA3-256(left || right). */
ZKP_API ZKP_CT void zkp_sha3_256_pair(const uint8_t left[32], const uint8_t right[32], uint8_t out[32]);

/* ---- batches: many independent inputs ------------------------------------- */

/* n inputs of len bytes each, input i at in + i*stride (stride >= len, or 0
 * only when len == 0); digest i to out + i*outlen. Same results as n calls
 * of zkp_keccak_hash, using the widest multi-lane kernel (tails included).
 * in/out NULL with n > 0 (and len/outlen > 0): ZKP_ERR_NULL; stride < len:
 * ZKP_ERR_LENGTH; outlen as for zkp_keccak_hash. ZKP_ERR_LENGTH also when
 * the input extent (n-1)*stride + len or the output extent n*outlen wraps
 * or exceeds PTRDIFF_MAX (e.g. stride 2^63 with n = 3), before any read. */
ZKP_MUST_USE ZKP_API ZKP_CT zkp_status zkp_keccak_hash_batch(zkp_keccak_alg alg, const uint8_t *in, size_t len,
                                                    size_t stride, size_t n, uint8_t *out, size_t outlen);
/* The pointer-array form: input i is in[i][0..lens[i]). Groups of equal
 * lengths take the multi-lane path; unequal lengths are correct too.
 * ZKP_ERR_LENGTH: n*outlen or n*sizeof(size_t) above PTRDIFF_MAX, or any
 * lens[i] above PTRDIFF_MAX. */
ZKP_MUST_USE ZKP_API ZKP_CT zkp_status zkp_keccak_hash_batch_ptrs(zkp_keccak_alg alg, const uint8_t *const *in,
                                                         const size_t *lens, size_t n, uint8_t *out, size_t outlen);

/* ---- Merkle trees over 32-byte nodes --------------------------------------- *
 *
 * A tree over n = 2^k leaf digests (k >= 0): parent = H(left || right) with H
 * = Keccak-256 or SHA3-256 (alg), the root of one leaf is the leaf itself.
 * The full node array holds 2n - 1 nodes, level by level: the n leaves
 * first, then n/2 parents, ..., the root last. threads: 0 or 1 = calling
 * thread only; more splits the tree into that many (rounded down to a power
 * of two, at most n/2) subtrees built by pthreads (on the calling thread
 * when a thread cannot be created). Errors common to all of them:
 * ZKP_ERR_PARAM for alg not Keccak-256/SHA3-256; ZKP_ERR_COUNT for n not a
 * power of two (or 0); ZKP_ERR_LENGTH when 64n exceeds PTRDIFF_MAX (the
 * node array could not exist). A leaf index is a uint64_t; a leaf index
 * >= n (or >= 2^depth) is ZKP_ERR_RANGE. */

/* Builds all 2n-1 nodes into nodes (32*(2n-1) bytes; the first 32n are
 * copied from leaves, which may equal nodes). */
ZKP_MUST_USE ZKP_API ZKP_CT zkp_status zkp_keccak_tree_build(zkp_keccak_alg alg, const uint8_t *leaves, size_t n,
                                                    unsigned threads, uint8_t *nodes);
/* Root only, heap-free since 1.1 (the merge stack, docs/streaming.md).
 * tree_root and tree_root_data are left out of freestanding builds
 * (docs/zkvm.md; tree_build into a caller array works there). */
ZKP_MUST_USE ZKP_API ZKP_CT zkp_status zkp_keccak_tree_root(zkp_keccak_alg alg, const uint8_t *leaves,
                                                                 size_t n, unsigned threads, uint8_t root[32]);
/* Root over leaf data: leaf i is H(data[i*leaf_size .. (i+1)*leaf_size)),
 * hashed with the batch path; leaf_size may be 0. The tree hasher given
 * all the data (heap-free since 1.1). n*leaf_size above PTRDIFF_MAX:
 * ZKP_ERR_LENGTH. */
ZKP_MUST_USE ZKP_API ZKP_CT zkp_status zkp_keccak_tree_root_data(zkp_keccak_alg alg, const uint8_t *data,
                                                                      size_t leaf_size, size_t n, unsigned threads,
                                                                      uint8_t root[32]);
/* Inclusion proof of leaf `index` from a full node array (tree_build):
 * depth = log2 n sibling nodes, bottom first, written to proof (32*depth
 * bytes; proof may be NULL when n == 1). */
ZKP_MUST_USE ZKP_API ZKP_CT zkp_status zkp_keccak_tree_proof(const uint8_t *nodes, size_t n, uint64_t index,
                                                    uint8_t *proof);
/* ZKP_OK when leaf at index with proof (depth siblings, bottom first)
 * hashes to root; ZKP_ERR_VERIFY when not (wrong leaf, index or sibling);
 * ZKP_ERR_RANGE when index >= 2^depth; ZKP_ERR_PROOF_SHAPE when depth > 64
 * (more levels than a 64-bit index addresses); ZKP_ERR_NULL /
 * ZKP_ERR_PARAM as above. */
ZKP_MUST_USE ZKP_API ZKP_CT zkp_status zkp_keccak_tree_verify(zkp_keccak_alg alg, const uint8_t root[32],
                                                     const uint8_t leaf[32], uint64_t index, const uint8_t *proof,
                                                     size_t depth);

/* ---- streaming leaf-data trees and subtrees (docs/streaming.md) ------------ *
 *
 * The tree over leaf data, for data of any length given in pieces: leaf i =
 * H(data[i*leaf_size .. (i+1)*leaf_size)), the last leaf shorter when the
 * length is not a multiple (an empty input is one leaf, H("")), the leaf
 * count padded up to a power of two with all-zero 32-byte nodes, parent =
 * H(left || right) (`zkprim tree -a keccak256`). When the length is
 * n * leaf_size with n a power of two this is zkp_keccak_tree_root_data.
 * The tree hasher keeps O(log n) subtree roots and a 4 KiB leaf buffer in
 * its struct (no heap); any split of the data into updates gives the same
 * root. finalize does not consume the hasher (unlike zkp_keccak_final: it
 * may be called again, or update may continue). Any leaf size >= 1 is
 * taken; one above the data's length makes the data one leaf. With threads
 * > 1 (zkp_keccak_tree_hasher_init_threads), long updates are hashed in
 * aligned blocks of at least 256 KiB on that many threads (the caller's
 * included); the root never depends on the thread count. A tree hasher never
 * initialised, or with rate, leaf_size, fill or depth overwritten, is
 * ZKP_ERR_STATE at every call. */
#define ZKP_KECCAK_TREE_HASHER_BUF 4096

typedef struct zkp_keccak_tree_hasher {
    uint8_t stack[64][ZKP_KECCAK_NODE_BYTES]; /* roots of finished aligned subtrees */
    zkp_keccak_state leaf;  /* the current leaf, when leaves are longer than buf */
    uint64_t leaves;        /* leaves merged into stack */
    uint64_t leaf_size;
    uint64_t total;         /* bytes taken */
    uint64_t fill;          /* bytes of the current leaves in buf (or in leaf) */
    uint32_t depth;
    uint32_t alg;
    uint32_t flags;         /* private: validity */
    uint32_t threads;       /* 1..64 (was reserved, 0, before 1.1) */
    uint8_t buf[ZKP_KECCAK_TREE_HASHER_BUF];
} zkp_keccak_tree_hasher;

/* alg: ZKP_KECCAK_256 or ZKP_SHA3_256 (else ZKP_ERR_PARAM); leaf_size 0:
 * ZKP_ERR_LENGTH; h NULL: ZKP_ERR_NULL. One thread. */
ZKP_MUST_USE ZKP_API ZKP_CT zkp_status zkp_keccak_tree_hasher_init(zkp_keccak_tree_hasher *h, zkp_keccak_alg alg,
                                                          size_t leaf_size);
/* The same with threads (0 or 1: one; above 64: 64). Since 1.1. */
ZKP_MUST_USE ZKP_API ZKP_CT zkp_status zkp_keccak_tree_hasher_init_threads(zkp_keccak_tree_hasher *h,
                                                                  zkp_keccak_alg alg, size_t leaf_size,
                                                                  unsigned threads);
/* NULL hasher, or data NULL with a length: ZKP_ERR_NULL; len above
 * PTRDIFF_MAX, or a stream past 2^64 - 1 bytes: ZKP_ERR_LENGTH. */
ZKP_MUST_USE ZKP_API ZKP_CT zkp_status zkp_keccak_tree_hasher_update(zkp_keccak_tree_hasher *h, const uint8_t *data,
                                                            size_t len);
ZKP_MUST_USE ZKP_API ZKP_CT zkp_status zkp_keccak_tree_hasher_finalize(const zkp_keccak_tree_hasher *h, uint8_t root[32]);

/* Subtrees. Split rule (leaf units; offsets in bytes): part i is
 * [offsets[i], offsets[i+1]), c leaves from leaf f = offsets[i] / leaf_size;
 * it starts on a leaf boundary, and c is a power of two with f a multiple
 * of c, or it is the last part and f is a multiple of the smallest power
 * of two >= c. A part's root is the tree hasher's root over its bytes (the
 * last part padded with zero nodes to that power of two); two sibling
 * roots merge with zkp_keccak256_pair / zkp_sha3_256_pair, a missing right
 * sibling being the root of a subtree of zero nodes.
 *
 * Root of the whole from the roots of its n_parts >= 1 legal parts (cvs[i]
 * from a tree hasher over part i), offsets[0..n_parts] the bounds (0 first,
 * the total length last, increasing). n_parts 0: ZKP_ERR_COUNT; bounds not
 * increasing from 0 or a part breaking the rule: ZKP_ERR_RANGE; leaf_size
 * 0 or n_parts above PTRDIFF_MAX / 32: ZKP_ERR_LENGTH; alg as above. */
ZKP_MUST_USE ZKP_API ZKP_CT zkp_status zkp_keccak_subtree_merge_parts(zkp_keccak_alg alg, const uint8_t (*cvs)[32],
                                                             const uint64_t *offsets, size_t n_parts,
                                                             size_t leaf_size, uint8_t root[32]);
/* Legal split points for up to max_parts parts of total_len bytes cut into
 * leaf_size leaves (equal power-of-two parts, the last shorter): writes
 * *n_parts and offsets[0..*n_parts] (max_parts + 1 entries). max_parts 0:
 * ZKP_ERR_COUNT; leaf_size 0, or max_parts above PTRDIFF_MAX / 8 - 1:
 * ZKP_ERR_LENGTH. */
ZKP_MUST_USE ZKP_API ZKP_QUERY zkp_status zkp_keccak_subtree_split(uint64_t total_len, size_t leaf_size, size_t max_parts,
                                                          uint64_t *offsets, size_t *n_parts);
/* ---- many openings of one tree; multiproofs (docs/keccak.md) ------------- *
 *
 * k openings: leaf i (32 bytes, leaves + 32i) at indices[i] with its
 * ordinary proof (depth siblings, bottom first, at proofs + 32*depth*i),
 * all against one root. Indices must be strictly increasing (sort the
 * openings first; a multiproof's order is part of its format). The tree is
 * walked level by level: the distinct nodes of a level are hashed with one
 * strided batch, a node shared by several paths once, and every supplied
 * sibling that the walk also computes must agree. Checks, first failure
 * wins: alg (ZKP_ERR_PARAM); NULL root, or leaves/indices/proof with a
 * count (ZKP_ERR_NULL); k == 0 (ZKP_ERR_COUNT); depth > 64
 * (ZKP_ERR_PROOF_SHAPE); k or the proof too large for an object
 * (ZKP_ERR_LENGTH); then index by index: not above the previous one
 * (ZKP_ERR_PROOF_SHAPE), >= 2^depth (ZKP_ERR_RANGE); then ZKP_ERR_VERIFY
 * unless every opening verifies. threads as for the trees above (the sorted
 * set is cut where paths meet high in the tree; threads > 1 creates
 * threads). Allocates about 112 bytes per opening (ZKP_ERR_NOMEM). */
/* verify_batch and the multiproof functions: left out of freestanding builds
 * (they allocate; docs/zkvm.md). */
ZKP_MUST_USE ZKP_API ZKP_CT ZKP_ALLOCATES zkp_status zkp_keccak_tree_verify_batch(zkp_keccak_alg alg, const uint8_t root[32],
                                                                         const uint8_t *leaves, const uint64_t *indices,
                                                                         size_t k, const uint8_t *proofs, size_t depth,
                                                                         unsigned threads);
/* A multiproof of the leaves at indices[0..k) (strictly increasing): the
 * sibling nodes the verifier cannot compute, level by level from the
 * leaves up, by index within a level; no header. Its size in bytes
 * (32 per node) depends on (indices, depth) only; index checks as above. */
ZKP_MUST_USE ZKP_API ZKP_QUERY zkp_status zkp_keccak_tree_multi_proof_size(const uint64_t *indices, size_t k, size_t depth,
                                                                  size_t *size);
/* The full node array of the leaf-data tree (the tree hasher's tree, for
 * proofs and multiproofs of it): data[0..len) cut into leaf_size-byte
 * leaves (the last may be shorter; an empty input is one empty leaf; any
 * leaf_size >= 1, one above len is one leaf), each hashed, padded with
 * zero nodes to n leaves, then built as tree_build does. n must be the
 * smallest power of two >= the leaf count (ZKP_ERR_COUNT otherwise);
 * nodes holds 2n - 1 nodes. ZKP_ERR_LENGTH for leaf_size 0. */
ZKP_MUST_USE ZKP_API ZKP_CT zkp_status zkp_keccak_tree_build_data(zkp_keccak_alg alg, const uint8_t *data, size_t len,
                                                                   size_t leaf_size, unsigned threads, uint8_t *nodes,
                                                                   size_t n);
/* Writes the multiproof from a full node array (tree_build, n leaves) into
 * proof[0..cap) and its size into *proof_len; cap too small: ZKP_ERR_LENGTH
 * with *proof_len set. */
ZKP_MUST_USE ZKP_API ZKP_CT zkp_status zkp_keccak_tree_multi_proof(const uint8_t *nodes, size_t n, const uint64_t *indices,
                                                          size_t k, uint8_t *proof, size_t cap, size_t *proof_len);
/* Checks a multiproof as verify_batch checks openings; proof_len other
 * than the size multi_proof_size gives: ZKP_ERR_PROOF_SHAPE (after the
 * index checks). */
ZKP_MUST_USE ZKP_API ZKP_CT ZKP_ALLOCATES zkp_status zkp_keccak_tree_multi_verify(zkp_keccak_alg alg, const uint8_t root[32],
                                                                         const uint8_t *leaves, const uint64_t *indices,
                                                                         size_t k, const uint8_t *proof, size_t proof_len,
                                                                         size_t depth, unsigned threads);

#ifdef __cplusplus
}
#endif
#endif
