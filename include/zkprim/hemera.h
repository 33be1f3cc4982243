/*
 * Hemera: a Poseidon2-family hash over the Goldilocks field
 * (p = 2^64 - 2^32 + 1; width 16; x^7 full rounds, x^-1 partial rounds),
 * bit-exact with the Rust crate cyber-hemera; "spec section" below means a
 * section of the Hemera specification. docs/hemera.md describes the
 * algorithm and this implementation.
 *
 * Names are the hemera crate's (hash, keyed_hash, derive_key, hasher_*,
 * finalize_xof, hash_leaf, hash_node, ..._batch), so the timing rule differs
 * from the other modules'. Execution classes (spec section 10):
 *  - ZKP_CT, constant time: permute_ct, hash_secret, keyed_hash,
 *    derive_key, the hasher constructors init_secret, init_keyed and
 *    init_derive_key_*, and the streaming calls (hasher_update,
 *    hasher_finalize, hasher_finalize_xof, xof_fill), which run in the
 *    class of the hasher they are given: constant time for a hasher from
 *    one of those constructors;
 *  - ZKP_VARTIME, fast (public data only): every other name (permute, hash,
 *    hasher_init, the tree and batch functions). These may branch on data.
 *
 * A hasher is a streaming state; hasher_finalize does not consume it
 * ("finalize", unlike Keccak's "final"). The ZKP_ALLOCATES functions
 * (multiproofs, batched verification) say so on their declarations.
 *
 * Field elements that enter as u64 limbs (permutation states, 32-byte
 * chaining values, counters, namespace bounds) are taken mod p, never
 * rejected: the reference does the same. Everything that leaves is
 * canonical (< p).
 *
 * Sizes: a byte length above PTRDIFF_MAX (no object is larger), or a count
 * whose array size in bytes exceeds it, is ZKP_ERR_LENGTH before any memory
 * is touched, in every function here that takes a length or count.
 *
 * Path from this header to the hot loop: src/hemera/sponge.c, tree.c,
 * cdc.c, proof.c (one state at a time) and batch.c, batch_modes.c,
 * tree_stream.c (lanes) -> the kernel tables in dispatch.c and batch.c ->
 * permute_<kernel>.c (one state) / batch_<kernel>.c (lanes).
 */
#ifndef ZKPRIM_HEMERA_H
#define ZKPRIM_HEMERA_H

#include <stddef.h>
#include <stdint.h>

#include "zkprim/zkprim.h"

#ifdef __cplusplus
extern "C" {
#endif

#define ZKP_HEMERA_WIDTH 16
#define ZKP_HEMERA_RATE_BYTES 56     /* 8 elements x 7 bytes */
#define ZKP_HEMERA_DIGEST_BYTES 32   /* 4 canonical elements, little-endian */
#define ZKP_HEMERA_KEY_BYTES 32
#define ZKP_HEMERA_CHUNK_BYTES 4096  /* leaf size of the fixed tree */

/* ---- permutation ---------------------------------------------------------- */

/* The permutation on public data (latency-optimised; may branch on values). */
ZKP_API ZKP_VARTIME void zkp_hemera_permute(uint64_t state[ZKP_HEMERA_WIDTH]);
/* The same permutation in constant time (no branch or address depends on
 * the state). */
ZKP_API ZKP_CT void zkp_hemera_permute_ct(uint64_t state[ZKP_HEMERA_WIDTH]);
/* Which kernel zkp_hemera_permute uses now ("portable", "bmi2", ...). */
ZKP_API ZKP_QUERY const char *zkp_hemera_permute_implementation(void);

/* n independent permutations; identical results to n calls of
 * zkp_hemera_permute (variable time). NULL with n > 0: ZKP_ERR_NULL;
 * 128n above PTRDIFF_MAX: ZKP_ERR_LENGTH. */
ZKP_MUST_USE ZKP_API ZKP_VARTIME zkp_status zkp_hemera_permute_batch(uint64_t (*states)[ZKP_HEMERA_WIDTH], size_t n);
ZKP_API ZKP_QUERY const char *zkp_hemera_permute_batch_implementation(void);

/* ---- prover traces (docs/hemera.md, "Traces") ----------------------------- */

/* A trace of one permutation: 25 rows of 16 canonical limbs, the state after
 * the initial M_E (row 0) and after each round (rows 1-4 full, 5-20 partial,
 * 21-24 full); row 24 is the permutation's output. */
#define ZKP_HEMERA_TRACE_ROWS 25
/* Columns of one permutation's witness row in zkp_hemera_trace_batch: the 25
 * states (column 16 t + i: limb i after step t), then the 16 partial-round
 * S-box inputs (column 400 + j: state[0] + RC of partial round j), then
 * their 16 outputs (column 416 + j: the inverse, 0 -> 0). All canonical. */
#define ZKP_HEMERA_TRACE_COLS 432

/* The permutation of `state` in place (as zkp_hemera_permute) and its trace.
 * Cannot fail: a NULL pointer is ignored. */
ZKP_API ZKP_VARTIME void zkp_hemera_permute_traced(uint64_t state[ZKP_HEMERA_WIDTH],
                                               uint64_t trace[ZKP_HEMERA_TRACE_ROWS][ZKP_HEMERA_WIDTH]);
/* The same in constant time (as zkp_hemera_permute_ct), for secret states. */
ZKP_API ZKP_CT void zkp_hemera_permute_traced_ct(uint64_t state[ZKP_HEMERA_WIDTH],
                                             uint64_t trace[ZKP_HEMERA_TRACE_ROWS][ZKP_HEMERA_WIDTH]);

typedef enum zkp_hemera_trace_layout {
    ZKP_HEMERA_TRACE_ROW_MAJOR = 0, /* permutation p, column c at matrix[p * ZKP_HEMERA_TRACE_COLS + c] */
    ZKP_HEMERA_TRACE_COL_MAJOR = 1  /* permutation p, column c at matrix[c * n + p] */
} zkp_hemera_trace_layout;

/* Witness matrix of n permutations of states[0..n) (not modified), through
 * the batch kernels, into matrix (n * ZKP_HEMERA_TRACE_COLS limbs) in the
 * given layout. Variable time. NULL with n > 0: ZKP_ERR_NULL; an unknown
 * layout: ZKP_ERR_PARAM; 3456 n bytes above PTRDIFF_MAX: ZKP_ERR_LENGTH. */
ZKP_MUST_USE ZKP_API ZKP_VARTIME zkp_status zkp_hemera_trace_batch(const uint64_t (*states)[ZKP_HEMERA_WIDTH], size_t n,
                                                              zkp_hemera_trace_layout layout, uint64_t *matrix);

/* Step-wise sponge: a hash driven one permutation at a time, for provers
 * that log every permutation of a hash, keyed hash, derive-key or tree node.
 * The input stays in the caller's memory until the last step. Fields are
 * private; a sponge never initialised or overwritten is ZKP_ERR_STATE. */
typedef struct zkp_hemera_step_sponge {
    uint64_t state[ZKP_HEMERA_WIDTH];
    const uint8_t *msg;      /* the input of the current phase */
    size_t len;
    const uint8_t *material; /* derive-key: the input of the last phase */
    size_t material_len;
    size_t pos;              /* bytes of prefix || msg absorbed */
    uint8_t prefix[ZKP_HEMERA_KEY_BYTES];
    uint32_t prefix_len;
    uint32_t phase;
    uint32_t flags;
} zkp_hemera_step_sponge;

/* Constructors; the digests are those of zkp_hemera_hash, keyed_hash,
 * derive_key and hash_node. NULL with a length (or a NULL sponge, key,
 * left, right): ZKP_ERR_NULL; a length above PTRDIFF_MAX: ZKP_ERR_LENGTH.
 * keyed and derive_key run the constant-time permutation. */
ZKP_MUST_USE ZKP_API ZKP_VARTIME zkp_status zkp_hemera_step_sponge_init_hash(zkp_hemera_step_sponge *sp, const uint8_t *msg,
                                                                        size_t len);
ZKP_MUST_USE ZKP_API ZKP_CT zkp_status zkp_hemera_step_sponge_init_keyed(zkp_hemera_step_sponge *sp,
                                                                    const uint8_t key[ZKP_HEMERA_KEY_BYTES],
                                                                    const uint8_t *msg, size_t len);
ZKP_MUST_USE ZKP_API ZKP_CT zkp_status zkp_hemera_step_sponge_init_derive_key(zkp_hemera_step_sponge *sp,
                                                                         const uint8_t *context, size_t context_len,
                                                                         const uint8_t *material, size_t material_len);
ZKP_MUST_USE ZKP_API ZKP_VARTIME zkp_status zkp_hemera_step_sponge_init_node(zkp_hemera_step_sponge *sp,
                                                                        const uint8_t left[ZKP_HEMERA_DIGEST_BYTES],
                                                                        const uint8_t right[ZKP_HEMERA_DIGEST_BYTES],
                                                                        int is_root);
/* Permutations left before the digest (0 when finished or not valid). */
ZKP_API ZKP_QUERY uint64_t zkp_hemera_step_sponge_remaining(const zkp_hemera_step_sponge *sp);
/* The next permutation: its input state (after absorption) in before, its
 * output in after and, when trace is not NULL, its trace. In the class of
 * the sponge. NULL sp, before or after: ZKP_ERR_NULL; no step left or an
 * invalid sponge: ZKP_ERR_STATE. */
ZKP_MUST_USE ZKP_API ZKP_CT zkp_status zkp_hemera_step_sponge_step(zkp_hemera_step_sponge *sp,
                                                              uint64_t before[ZKP_HEMERA_WIDTH],
                                                              uint64_t after[ZKP_HEMERA_WIDTH],
                                                              uint64_t trace[ZKP_HEMERA_TRACE_ROWS][ZKP_HEMERA_WIDTH]);
/* Runs the steps left and writes the digest of the one-shot call. NULL:
 * ZKP_ERR_NULL; invalid sponge: ZKP_ERR_STATE. */
ZKP_MUST_USE ZKP_API ZKP_CT zkp_status zkp_hemera_step_sponge_finish(zkp_hemera_step_sponge *sp,
                                                                uint8_t out[ZKP_HEMERA_DIGEST_BYTES]);

/* ---- sponge ------------------------------------------------------------- */

/* Streaming hasher. Fixed size; fields are private. finalize does not
 * consume it (it may be called again, or update may continue). A hasher or
 * reader never initialised, or with buflen, pos or flags overwritten, is
 * ZKP_ERR_STATE at every call. */
typedef struct zkp_hemera_hasher {
    uint64_t state[ZKP_HEMERA_WIDTH];
    uint8_t buf[ZKP_HEMERA_RATE_BYTES];
    uint64_t total;      /* message bytes absorbed (length field) */
    uint32_t buflen;
    uint32_t flags;      /* private: constant-time class, validity */
} zkp_hemera_hasher;

/* XOF reader: the stream D(F) || D(pi(F)) || ... of spec section 6.7. */
typedef struct zkp_hemera_xof {
    uint64_t state[ZKP_HEMERA_WIDTH];
    uint8_t block[ZKP_HEMERA_DIGEST_BYTES];
    uint32_t pos;        /* bytes of block already returned */
    uint32_t flags;
} zkp_hemera_xof;

/* One-shot forms. msg may be NULL only when len == 0 (else ZKP_ERR_NULL);
 * len above PTRDIFF_MAX: ZKP_ERR_LENGTH (also for update and xof_fill). */
ZKP_MUST_USE ZKP_API ZKP_VARTIME zkp_status zkp_hemera_hash(const uint8_t *msg, size_t len, uint8_t out[ZKP_HEMERA_DIGEST_BYTES]);
/* Same digest as zkp_hemera_hash, computed in constant time. */
ZKP_MUST_USE ZKP_API ZKP_CT zkp_status zkp_hemera_hash_secret(const uint8_t *msg, size_t len, uint8_t out[ZKP_HEMERA_DIGEST_BYTES]);
ZKP_MUST_USE ZKP_API ZKP_CT zkp_status zkp_hemera_keyed_hash(const uint8_t key[ZKP_HEMERA_KEY_BYTES], const uint8_t *msg, size_t len,
                                         uint8_t out[ZKP_HEMERA_DIGEST_BYTES]);
/* context: arbitrary bytes (the crate takes UTF-8 text; identical for it). */
ZKP_MUST_USE ZKP_API ZKP_CT zkp_status zkp_hemera_derive_key(const uint8_t *context, size_t context_len, const uint8_t *material,
                                         size_t material_len, uint8_t out[ZKP_HEMERA_DIGEST_BYTES]);

/* Hasher constructors. They cannot fail: pointers must be valid (a NULL
 * hasher is ignored; a NULL key or context key leaves the hasher unusable,
 * so its next use is ZKP_ERR_STATE). init: fast hasher (public data);
 * init_secret: the same digests in constant time. */
ZKP_API ZKP_VARTIME void zkp_hemera_hasher_init(zkp_hemera_hasher *h);
ZKP_API ZKP_CT void zkp_hemera_hasher_init_secret(zkp_hemera_hasher *h);
ZKP_API ZKP_CT void zkp_hemera_hasher_init_keyed(zkp_hemera_hasher *h, const uint8_t key[ZKP_HEMERA_KEY_BYTES]);
ZKP_API ZKP_CT void zkp_hemera_hasher_init_derive_key_context(zkp_hemera_hasher *h);
ZKP_API ZKP_CT void zkp_hemera_hasher_init_derive_key_material(zkp_hemera_hasher *h,
                                                              const uint8_t context_key[ZKP_HEMERA_DIGEST_BYTES]);
/* The streaming calls: in the class of the hasher (see the top of this
 * header). NULL hasher, or data/out NULL with a length: ZKP_ERR_NULL. */
ZKP_MUST_USE ZKP_API ZKP_CT zkp_status zkp_hemera_hasher_update(zkp_hemera_hasher *h, const uint8_t *data, size_t len);
ZKP_MUST_USE ZKP_API ZKP_CT zkp_status zkp_hemera_hasher_finalize(const zkp_hemera_hasher *h, uint8_t out[ZKP_HEMERA_DIGEST_BYTES]);
ZKP_MUST_USE ZKP_API ZKP_CT zkp_status zkp_hemera_hasher_finalize_xof(const zkp_hemera_hasher *h, zkp_hemera_xof *xof);
/* Any number of bytes, any split: reads concatenate to one stream. */
ZKP_MUST_USE ZKP_API ZKP_CT zkp_status zkp_hemera_xof_fill(zkp_hemera_xof *xof, uint8_t *out, size_t len);

/* ---- tree ----------------------------------------------------------------- */

/* The leaf of chunk number `counter` (spec 7.1): hash of chunk[0..len), the
 * counter and the flags; is_root on a one-chunk tree. */
ZKP_MUST_USE ZKP_API ZKP_VARTIME zkp_status zkp_hemera_hash_leaf(const uint8_t *chunk, size_t len, uint64_t counter,
                                                        int is_root, uint8_t out[ZKP_HEMERA_DIGEST_BYTES]);
/* Parent of two chaining values (spec 7.2), and the namespaced parent with
 * the bounds ns_min, ns_max (spec 7.3; both 0 gives hash_node). Cannot
 * fail: pointers must be valid (a NULL pointer is ignored). out may alias
 * left or right. */
ZKP_API ZKP_VARTIME void zkp_hemera_hash_node(const uint8_t left[ZKP_HEMERA_DIGEST_BYTES],
                                      const uint8_t right[ZKP_HEMERA_DIGEST_BYTES], int is_root,
                                      uint8_t out[ZKP_HEMERA_DIGEST_BYTES]);
ZKP_API ZKP_VARTIME void zkp_hemera_hash_node_nmt(const uint8_t left[ZKP_HEMERA_DIGEST_BYTES],
                                          const uint8_t right[ZKP_HEMERA_DIGEST_BYTES], uint64_t ns_min,
                                          uint64_t ns_max, int is_root, uint8_t out[ZKP_HEMERA_DIGEST_BYTES]);

/* Root of the fixed 4 KiB-chunk tree (crate 0.2.0 root_hash, newest
 * fixed_chunk_root; the tree inclusion proofs use). threads 0 or 1: the
 * calling thread alone; more: aligned parts of the input rooted on that
 * many threads (at most 64, on the calling thread when a thread cannot be
 * created) and merged. Heap-free either way (since 1.1: the merge stack,
 * docs/streaming.md). The root does not depend on threads. */
ZKP_MUST_USE ZKP_API ZKP_VARTIME zkp_status zkp_hemera_tree_root_fixed(const uint8_t *data, size_t len,
                                                                            unsigned threads,
                                                                            uint8_t out[ZKP_HEMERA_DIGEST_BYTES]);
/* Root of the content-defined-chunking tree (newest crate root_hash,
 * spec 7.6). Differs from the fixed root above 2048 bytes in general. */
ZKP_MUST_USE ZKP_API ZKP_VARTIME zkp_status zkp_hemera_tree_root_cdc(const uint8_t *data, size_t len,
                                                            uint8_t out[ZKP_HEMERA_DIGEST_BYTES]);

/* ---- streaming tree roots (docs/streaming.md) ----------------------------- *
 *
 * Tree hashers: the two roots above for data given in pieces, in bounded
 * memory (the struct; no heap). Any split of the data into updates, 0-byte
 * and 1-byte updates included, gives the one-shot root. finalize does not
 * consume the hasher (Hemera's vocabulary: it may be called again, or
 * update may continue). A tree hasher never initialised, or with its
 * private fields overwritten, is ZKP_ERR_STATE at every call. update: NULL
 * hasher, or data NULL with a length: ZKP_ERR_NULL; len above PTRDIFF_MAX
 * or a stream longer than 2^64 - 1 bytes: ZKP_ERR_LENGTH. The structs are
 * large (about 66 KiB and 258 KiB: they buffer enough chunks to fill the
 * lanes of the batch permutation); put them on the heap or in static
 * storage rather than on a small thread stack. */
#define ZKP_HEMERA_TREE_HASHER_CHUNKS 16     /* chunks buffered for one batch */
#define ZKP_HEMERA_CDC_HASHER_BUF (256 * 1024) /* CDC bytes buffered (>= 2 windows) */

typedef struct zkp_hemera_tree_hasher {
    uint8_t stack[64][ZKP_HEMERA_DIGEST_BYTES]; /* roots of finished aligned subtrees */
    uint64_t chunks;     /* chunks merged into stack */
    uint64_t total;      /* bytes taken */
    uint32_t depth;      /* entries in stack */
    uint32_t fill;       /* bytes in buf (the stream's tail) */
    uint32_t threads;
    uint32_t flags;      /* private: validity */
    uint8_t buf[ZKP_HEMERA_TREE_HASHER_CHUNKS * ZKP_HEMERA_CHUNK_BYTES];
} zkp_hemera_tree_hasher;

typedef struct zkp_hemera_cdc_hasher {
    uint8_t stack[64][ZKP_HEMERA_DIGEST_BYTES];
    uint64_t chunks;
    uint64_t total;
    uint32_t depth;
    uint32_t fill;       /* bytes in buf, from the start of the current chunk */
    uint32_t consumed;   /* low 32 bits of the bytes of merged chunks (a check) */
    uint32_t flags;
    uint8_t buf[ZKP_HEMERA_CDC_HASHER_BUF];
} zkp_hemera_cdc_hasher;

/* Fixed 4 KiB-chunk root (zkp_hemera_tree_root_fixed) by streaming. threads
 * 0 or 1: the calling thread; more (at most 64; more counts as 64): long
 * updates share their aligned groups of 64 chunks out to that many threads
 * (up to 16 groups a thread per round; the root does not depend on it; no
 * heap either way). Updates of several MiB a thread keep the serial part
 * (the chunks before an update's first group boundary and after its last)
 * small. Cannot fail: a NULL hasher is ignored. */
ZKP_API ZKP_VARTIME void zkp_hemera_tree_hasher_init(zkp_hemera_tree_hasher *h, unsigned threads);
ZKP_MUST_USE ZKP_API ZKP_VARTIME zkp_status zkp_hemera_tree_hasher_update(zkp_hemera_tree_hasher *h, const uint8_t *data,
                                                                  size_t len);
ZKP_MUST_USE ZKP_API ZKP_VARTIME zkp_status zkp_hemera_tree_hasher_finalize(const zkp_hemera_tree_hasher *h,
                                                                    uint8_t out[ZKP_HEMERA_DIGEST_BYTES]);
/* Content-defined-chunking root (zkp_hemera_tree_root_cdc) by streaming:
 * the chunker's lookahead (up to 2 windows, 8 KiB) stays in the struct. */
ZKP_API ZKP_VARTIME void zkp_hemera_cdc_hasher_init(zkp_hemera_cdc_hasher *h);
ZKP_MUST_USE ZKP_API ZKP_VARTIME zkp_status zkp_hemera_cdc_hasher_update(zkp_hemera_cdc_hasher *h, const uint8_t *data,
                                                                 size_t len);
ZKP_MUST_USE ZKP_API ZKP_VARTIME zkp_status zkp_hemera_cdc_hasher_finalize(const zkp_hemera_cdc_hasher *h,
                                                                   uint8_t out[ZKP_HEMERA_DIGEST_BYTES]);

/* ---- subtrees of the fixed tree: hash parts apart, merge (docs/streaming.md)
 *
 * Split rule. Offsets are in bytes; a part is the byte range
 * [offsets[i], offsets[i+1]) of the whole input, covering c chunks from
 * chunk f = offsets[i] / 4096. It is legal when
 *  - it starts on a chunk boundary (offsets[i] a multiple of 4096), and
 *  - c is a power of two and f a multiple of c, or it is the last part and
 *    f is a multiple of the smallest power of two >= c.
 * (As in BLAKE3: every legal part is a node of the left-balanced tree.)
 * Two sibling nodes merge with zkp_hemera_hash_node(left, right, is_root):
 * left = 2^k whole chunks from a multiple of 2^(k+1), right = the next 1..2^k
 * chunks (fewer only at the end); is_root on the node covering everything. */

/* Root of one part (never the root flag): data[0..len) is the part, which
 * starts at chunk first_chunk of the whole input. len 0: ZKP_ERR_LENGTH
 * (only the whole empty input has no bytes: use tree_root_fixed);
 * first_chunk not a multiple of the smallest power of two >= the part's
 * chunk count, or the part ending past 2^64 - 1 bytes: ZKP_ERR_RANGE. */
ZKP_MUST_USE ZKP_API ZKP_VARTIME zkp_status zkp_hemera_subtree_root(const uint8_t *data, size_t len, uint64_t first_chunk,
                                                           uint8_t out[ZKP_HEMERA_DIGEST_BYTES]);
/* Root of the whole input from the roots of its n_parts >= 2 legal parts:
 * cvs[i] is zkp_hemera_subtree_root of part i, offsets[0..n_parts] the part
 * bounds (offsets[0] = 0, offsets[n_parts] = total length, increasing).
 * n_parts < 2: ZKP_ERR_COUNT (one part is the whole input: tree_root_fixed);
 * offsets not increasing from 0, or a part breaking the split rule:
 * ZKP_ERR_RANGE; n_parts above PTRDIFF_MAX / 32: ZKP_ERR_LENGTH. */
ZKP_MUST_USE ZKP_API ZKP_VARTIME zkp_status zkp_hemera_subtree_merge_parts(const uint8_t (*cvs)[ZKP_HEMERA_DIGEST_BYTES],
                                                                  const uint64_t *offsets, size_t n_parts,
                                                                  uint8_t out[ZKP_HEMERA_DIGEST_BYTES]);
/* Legal split points for up to max_parts parts of total_len bytes, as even
 * as the rule allows (equal power-of-two parts, the last shorter): writes
 * *n_parts and offsets[0..*n_parts] (offsets needs max_parts + 1 entries).
 * One part only when the input is one chunk or max_parts is 1. max_parts 0:
 * ZKP_ERR_COUNT; max_parts above PTRDIFF_MAX / 8 - 1: ZKP_ERR_LENGTH. */
ZKP_MUST_USE ZKP_API ZKP_QUERY zkp_status zkp_hemera_subtree_split(uint64_t total_len, size_t max_parts, uint64_t *offsets,
                                                          size_t *n_parts);

/* ---- inclusion proofs for the fixed 4 KiB-chunk tree ---------------------- */

/* An inclusion proof shows that `chunk` is chunk number `index` of the data
 * whose zkp_hemera_tree_root_fixed is `root`. Layout (no header): the sibling
 * digests on the path from the leaf to the root, bottom-up, 32 bytes each,
 * as produced by zkp_hemera_hash_leaf / zkp_hemera_hash_node. The number
 * of siblings is the depth of leaf `index` in the left-balanced tree of
 * n = zkp_hemera_tree_chunk_count(total_len) leaves (0 when n == 1; at most
 * 64), so the proof size is a function of (total_len, index) only. Lengths
 * of memory are size_t; total_len, a chunk index and a count are uint64_t
 * (protocol values, the same on every host). */
#define ZKP_HEMERA_PROOF_MAX_BYTES (64 * ZKP_HEMERA_DIGEST_BYTES)

/* Number of chunks (leaves) of the fixed tree: max(1, ceil(total_len / 4096)). */
ZKP_API ZKP_QUERY uint64_t zkp_hemera_tree_chunk_count(uint64_t total_len);

/* Size in bytes of the proof for chunk `index` of data of total_len bytes.
 * index >= chunk count: ZKP_ERR_RANGE. */
ZKP_MUST_USE ZKP_API ZKP_QUERY zkp_status zkp_hemera_tree_proof_size(uint64_t total_len, uint64_t index, size_t *size);

/* Writes the proof for chunk `index` of data[0..len) into proof[0..cap) and
 * its size into *proof_len. Costs about one root computation (every chunk
 * but the proven one is hashed). cap smaller than the size: ZKP_ERR_LENGTH
 * (with *proof_len set to the size needed); index out of range:
 * ZKP_ERR_RANGE. */
ZKP_MUST_USE ZKP_API ZKP_VARTIME zkp_status zkp_hemera_tree_proof(const uint8_t *data, size_t len, uint64_t index,
                                                         uint8_t *proof, size_t cap, size_t *proof_len);

/* Checks that chunk[0..chunk_len) is chunk `index` of the data whose
 * fixed-tree root is `root`, total_len bytes long. ZKP_OK if it is;
 * ZKP_ERR_VERIFY for a wrong chunk (content, or a length other than the
 * one total_len gives chunk `index`), index, sibling or root;
 * ZKP_ERR_PROOF_SHAPE when proof_len is not the size this (total_len,
 * index) needs; ZKP_ERR_RANGE when index >= the chunk count.
 * What a valid proof establishes: the chunk bytes and their index (the
 * leaf counter). total_len only fixes the path shape and the expected
 * chunk length, so a wrong total_len giving the same path and chunk
 * length also verifies (the root does not record the length). */
ZKP_MUST_USE ZKP_API ZKP_VARTIME zkp_status zkp_hemera_tree_verify(const uint8_t root[ZKP_HEMERA_DIGEST_BYTES],
                                                          const uint8_t *chunk, size_t chunk_len, uint64_t index,
                                                          uint64_t total_len, const uint8_t *proof,
                                                          size_t proof_len);

/* ---- many openings of one fixed tree; multiproofs (docs/hemera.md) ------- *
 *
 * k openings: chunk i (chunks[i], chunk_lens[i] bytes) is chunk indices[i]
 * of the total_len bytes whose fixed root is `root`, with its ordinary
 * proof (proofs[i], proof_lens[i] bytes; NULL allowed when empty). Indices
 * strictly increasing. Walked level by level: the chunks are hashed with
 * hash_leaf_batch, each level's distinct nodes with one hash_node_batch, a
 * node shared by several paths once, and every supplied sibling the walk
 * also computes must agree. Checks, first failure wins: NULL (ZKP_ERR_NULL);
 * k == 0 (ZKP_ERR_COUNT); sizes (ZKP_ERR_LENGTH); index by index: not above
 * the previous one (ZKP_ERR_PROOF_SHAPE), >= the chunk count
 * (ZKP_ERR_RANGE); a proof length other than its index needs
 * (ZKP_ERR_PROOF_SHAPE); a chunk length other than its index has, a chunk,
 * a sibling or the root wrong: ZKP_ERR_VERIFY. threads > 1 cuts the sorted
 * set where paths meet high in the tree (leaf hashing included) and creates
 * threads. Allocates about 112 bytes per opening (ZKP_ERR_NOMEM). */
/* verify_batch and the multiproof functions: left out of freestanding builds
 * (they allocate; docs/zkvm.md), as is all of Hemera on 32-bit targets. */
ZKP_MUST_USE ZKP_API ZKP_VARTIME ZKP_ALLOCATES zkp_status zkp_hemera_tree_verify_batch(const uint8_t root[ZKP_HEMERA_DIGEST_BYTES],
                                                                              const uint8_t *const *chunks,
                                                                              const size_t *chunk_lens,
                                                                              const uint64_t *indices, size_t k,
                                                                              uint64_t total_len,
                                                                              const uint8_t *const *proofs,
                                                                              const size_t *proof_lens, unsigned threads);
/* A multiproof of chunks indices[0..k) (strictly increasing): the sibling
 * digests the verifier cannot compute, level by level from the leaves up
 * (an odd level's last node has no sibling), by index within a level; no
 * header. Its size in bytes depends on (total_len, indices) only. */
ZKP_MUST_USE ZKP_API ZKP_QUERY zkp_status zkp_hemera_tree_multi_proof_size(uint64_t total_len, const uint64_t *indices,
                                                                  size_t k, size_t *size);
/* Writes it for data[0..len) into proof[0..cap), the size into
 * *proof_len (cap too small: ZKP_ERR_LENGTH with *proof_len set). Costs at
 * most one root computation (the siblings are disjoint subtrees). */
ZKP_MUST_USE ZKP_API ZKP_VARTIME zkp_status zkp_hemera_tree_multi_proof(const uint8_t *data, size_t len, const uint64_t *indices,
                                                               size_t k, uint8_t *proof, size_t cap, size_t *proof_len);
/* Checks a multiproof as verify_batch checks openings; proof_len other
 * than the multiproof's size: ZKP_ERR_PROOF_SHAPE (after the index checks). */
ZKP_MUST_USE ZKP_API ZKP_VARTIME ZKP_ALLOCATES zkp_status zkp_hemera_tree_multi_verify(const uint8_t root[ZKP_HEMERA_DIGEST_BYTES],
                                                                              const uint8_t *const *chunks,
                                                                              const size_t *chunk_lens,
                                                                              const uint64_t *indices, size_t k,
                                                                              uint64_t total_len, const uint8_t *proof,
                                                                              size_t proof_len, unsigned threads);

/* ---- batch tree forms (results identical to the single calls) ------------ */

/* out[i] = hash_node(pairs[i][0..32], pairs[i][32..64], is_root).
 * 64n above PTRDIFF_MAX: ZKP_ERR_LENGTH. out may alias pairs. */
ZKP_MUST_USE ZKP_API ZKP_VARTIME zkp_status zkp_hemera_hash_node_batch(const uint8_t (*pairs)[2 * ZKP_HEMERA_DIGEST_BYTES],
                                                              size_t n, int is_root,
                                                              uint8_t (*out)[ZKP_HEMERA_DIGEST_BYTES]);
/* out[i] = hash_leaf(chunks[i], lens[i], counters[i], is_root); lengths may differ.
 * 32n or any lens[i] above PTRDIFF_MAX: ZKP_ERR_LENGTH. */
ZKP_MUST_USE ZKP_API ZKP_VARTIME zkp_status zkp_hemera_hash_leaf_batch(const uint8_t *const *chunks, const size_t *lens,
                                                              const uint64_t *counters, size_t n, int is_root,
                                                              uint8_t (*out)[ZKP_HEMERA_DIGEST_BYTES]);

#ifdef __cplusplus
}
#endif
#endif
