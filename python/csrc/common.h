/*
 * Shared by the files of the zkprim._zkprim extension: buffer and integer
 * conversions, the status -> exception mapping, and the per-object lock.
 * The binding is thin on purpose: one C call per Python call, so a rename
 * in the C API is a one-line change here.
 */
#ifndef ZKPRIM_PY_COMMON_H
#define ZKPRIM_PY_COMMON_H

#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <pythread.h>

#include "zkprim/zkprim.h"

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

/* "O&" converters for counts, indices, offsets and thread counts: a Python
 * int, or any object with __index__ (numpy integers), in 0..2^64 - 1
 * (zkpy_u64_arg, writes an unsigned long long) or 0..2^32 - 1
 * (zkpy_uint_arg, writes an unsigned). A negative or too large value is a
 * ValueError: the "K" and "I" formats would wrap it silently (-1 becoming
 * 2^64 - 1, 2^64 becoming 0). Not an integer: TypeError. 1 on success. */
int zkpy_u64_arg(PyObject *obj, void *out);
int zkpy_uint_arg(PyObject *obj, void *out);
/* The same for sizes and counts (leaf sizes, part and input counts): 0..SIZE_MAX
 * into a size_t. The "n" format raised OverflowError for 2^63 and above. */
int zkpy_size_arg(PyObject *obj, void *out);

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

/* Module setup of each file (module.c calls them). */
int zkpy_hash_init(PyObject *m);
int zkpy_poseidon_init(PyObject *m);
int zkpy_gf2_init(PyObject *m);
int zkpy_tree_init(PyObject *m);
int zkpy_bench_init(PyObject *m);

extern PyObject *zkpy_PoseidonError;

#endif
