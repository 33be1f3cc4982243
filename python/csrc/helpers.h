/*
 * The helpers every part of the zkprim._zkprim extension uses (helpers.c):
 * the module state, buffer and integer conversions, BN254 elements, the
 * status -> exception mapping and the per-object lock. The parts (hash.c,
 * poseidon.c, gf2.c, tree_*.c, bench.c) include this header only; module.c
 * includes parts.h to run them. The binding is thin on purpose: one C call
 * per Python call, so a rename in the C API is a one-line change.
 */
#ifndef ZKPRIM_PY_HELPERS_H
#define ZKPRIM_PY_HELPERS_H

#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <pythread.h>

#include <limits.h>
#include <stdint.h>

#include "zkprim/poseidon.h"
#include "zkprim/zkprim.h"

/* Per-module state (PEP 489): the heap types and the exception class, one
 * set per module object, so the module can be loaded in several
 * interpreters and freed with them. */
typedef struct zkpy_state {
    PyTypeObject *keccak_hash, *hemera_hash;                  /* hash.c */
    PyTypeObject *keccak_tree_hasher, *hemera_tree_hasher;    /* tree_keccak.c, tree_hemera.c */
    PyTypeObject *lean_imt;                                   /* tree_lean_imt.c */
    PyTypeObject *field, *fixed_base;                         /* gf2.c */
    PyObject *poseidon_error;                                 /* poseidon.c */
} zkpy_state;

static inline zkpy_state *zkpy_state_of(PyObject *module) { return (zkpy_state *)PyModule_GetState(module); }

/* A heap type from spec, bound to module m and added to it under its short
 * name; *slot keeps a reference. -1 with the error set. */
int zkpy_add_type(PyObject *m, PyType_Spec *spec, PyTypeObject **slot);

/* Updates at least this long release the GIL (as hashlib does). */
#define ZKPY_GIL_MINSIZE 2048

/* Raises ValueError (or MemoryError / OSError) for a failed status and
 * returns NULL; `what` names the call for the message. */
PyObject *zkpy_status_error(zkp_status st, const char *what);

/* A read-only, C-contiguous view of any buffer-protocol object (bytes,
 * bytearray, memoryview, array, numpy arrays). str is a TypeError with
 * hashlib's message. Returns 0 on success. */
int zkpy_get_buffer(PyObject *obj, Py_buffer *view, const char *what);

/* After a failed PyArg parse: its "y*" raises BufferError for a
 * non-contiguous view, which becomes the TypeError every other data argument
 * raises (the binding's rule, docs/python.md). Returns NULL. */
PyObject *zkpy_parse_failed(void);

/* An integer argument (index, count, offset, size, thread count): a Python
 * int or any object with __index__ (numpy integers), in min..max. The "O&"
 * converter zkpy_int_arg fills v; out of range is a ValueError naming the
 * call and the argument ("hemera_subtree_split: max_parts: expected an
 * integer in 1..2^20, got 0"), never wrapped as the "K" and "I" formats
 * would (-1 becoming 2^64 - 1, 2^64 becoming 0); not an integer is a
 * TypeError naming both. Set what, min, max (and v as the default) before
 * parsing: ZKPY_INT("call: arg", min, max, default). */
typedef struct zkpy_int {
    const char *what;
    unsigned long long min, max, v;
} zkpy_int;
#define ZKPY_INT(what, min, max, dflt) {(what), (min), (max), (dflt)}
#define ZKPY_U64_MAX ((unsigned long long)UINT64_MAX)
#define ZKPY_SIZE_MAX ((unsigned long long)SIZE_MAX)
#define ZKPY_UINT_MAX ((unsigned long long)UINT_MAX)
int zkpy_int_arg(PyObject *obj, void *out); /* 1 on success, 0 with the error set */

/* Python int <-> fixed-width little-endian bytes. Negative or too wide:
 * ValueError naming `what`. Not an int: TypeError. */
int zkpy_int_to_le(PyObject *obj, uint8_t *out, size_t n, const char *what);
PyObject *zkpy_int_from_le(const uint8_t *in, size_t n);

/* A new list of n items made by item(ctx, i); NULL with the error set. */
PyObject *zkpy_list(size_t n, PyObject *(*item)(const void *ctx, size_t i), const void *ctx);
/* Items for zkpy_list: u64 array -> ints, 32-byte rows -> bytes. */
PyObject *zkpy_item_u64(const void *ctx, size_t i);
PyObject *zkpy_item_bytes32(const void *ctx, size_t i);
/* A verifier's status as a Python answer: True, False (ZKP_ERR_VERIFY), or
 * NULL with the error raised for a malformed input. */
PyObject *zkpy_verdict(zkp_status st, const char *what);

/* Exact-length bytes-like argument copied to out (ValueError otherwise). */
int zkpy_fixed_bytes(PyObject *obj, uint8_t *out, size_t n, const char *what);

/* A lock per object, created the first time a long operation needs one
 * (hashlib's scheme): short operations run under the GIL alone, which no
 * other thread can interleave with; once the lock exists every operation
 * takes it, dropping the GIL while it waits. */
typedef struct zkpy_lock {
    PyThread_type_lock lock;
} zkpy_lock;

int zkpy_lock_ensure(zkpy_lock *l); /* -1 with MemoryError set */
void zkpy_lock_enter(zkpy_lock *l);
void zkpy_lock_leave(zkpy_lock *l);
void zkpy_lock_free(zkpy_lock *l);

/* A streaming C tree hasher as a Python object (KeccakTreeHasher,
 * HemeraTreeHasher): the C struct on the heap (tens of KiB), the object's
 * lock, and update / finalize / dealloc shared by both through their ops.
 * update releases the GIL under the lock; finalize leaves the hasher usable. */
typedef struct zkpy_stream {
    PyObject_HEAD
    void *h;
    zkpy_lock lock;
} zkpy_stream;

typedef struct zkpy_stream_ops {
    const char *name;
    zkp_status (*update)(void *h, const uint8_t *p, size_t n);
    zkp_status (*finalize)(void *h, uint8_t root[32]);
} zkpy_stream_ops;

PyObject *zkpy_stream_update(PyObject *self, PyObject *data, const zkpy_stream_ops *ops);
PyObject *zkpy_stream_finalize(PyObject *self, const zkpy_stream_ops *ops);
void zkpy_stream_dealloc(PyObject *self);

/* A 32-byte digest as bytes. */
PyObject *zkpy_digest32(const uint8_t *d);

/* Part roots and their byte bounds for the subtree merges:
 * len(offsets) = len(cvs) + 1. *c and *o are PyMem_Malloc'ed. */
int zkpy_load_parts(PyObject *cvs, PyObject *offs, const char *what, uint8_t (**c)[32], uint64_t **o, size_t *k);
PyObject *zkpy_offsets_list(const uint64_t *off, size_t k);

/* BN254 field elements between Python and zkp_poseidon_fr: ints, 32-byte
 * little-endian encodings, sequences of ints.
 * zkpy_fr_from_int: ValueError "<what>: value >= p" for a non-canonical one.
 * zkpy_fr_array: a new array (PyMem_Free it), *n its length. */
int zkpy_fr_from_int(PyObject *obj, zkp_poseidon_fr *out, const char *what);
PyObject *zkpy_fr_to_int(const zkp_poseidon_fr *in);
zkp_poseidon_fr *zkpy_fr_array(PyObject *seq, size_t *n, const char *what);
void zkpy_fr_load_le(zkp_poseidon_fr *r, const uint8_t b[32]);
void zkpy_fr_store_le(uint8_t b[32], const zkp_poseidon_fr *r);

#endif
