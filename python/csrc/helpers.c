/*
 * The helpers every part of zkprim._zkprim shares (helpers.h): conversions,
 * errors, locks, heap types. Calls nothing in the parts.
 */
#include "helpers.h" /* first: Python.h sets the feature macros */

#include <stdio.h>
#include <string.h>

PyObject *zkpy_status_error(zkp_status st, const char *what) {
    if (st == ZKP_ERR_NOMEM) return PyErr_NoMemory();
    PyObject *exc = st == ZKP_ERR_IO ? PyExc_OSError : PyExc_ValueError;
    PyErr_Format(exc, "%s: %s (%s)", what, zkp_status_str(st), zkp_status_name(st));
    return NULL;
}

PyObject *zkpy_parse_failed(void) {
    if (PyErr_ExceptionMatches(PyExc_BufferError)) {
        PyErr_Clear();
        PyErr_SetString(PyExc_TypeError, "a C-contiguous buffer is required");
    }
    return NULL;
}

/* "2^64-1" for the usual bounds (the message names the range). */
static void bound_text(unsigned long long v, char *buf, size_t n) {
    if (v == ZKPY_U64_MAX) snprintf(buf, n, "2^64-1");
    else if (v == 0xFFFFFFFFull) snprintf(buf, n, "2^32-1");
    else if (v && !(v & (v - 1)) && v > 1024) snprintf(buf, n, "2^%d", __builtin_ctzll(v));
    else snprintf(buf, n, "%llu", v);
}

int zkpy_int_arg(PyObject *obj, void *out) {
    zkpy_int *a = out;
    PyObject *n = PyNumber_Index(obj);
    if (!n) {
        if (PyErr_ExceptionMatches(PyExc_TypeError)) {
            PyErr_Clear();
            PyErr_Format(PyExc_TypeError, "%s: expected an integer, got '%.100s'", a->what, Py_TYPE(obj)->tp_name);
        }
        return 0;
    }
    unsigned long long v = PyLong_AsUnsignedLongLong(n); /* OverflowError if < 0 or >= 2^64 */
    if ((v == (unsigned long long)-1 && PyErr_Occurred()) || v < a->min || v > a->max) {
        char lo[32], hi[32];
        PyErr_Clear();
        bound_text(a->min, lo, sizeof lo);
        bound_text(a->max, hi, sizeof hi);
        PyErr_Format(PyExc_ValueError, "%s: expected an integer in %s..%s, got %R", a->what, lo, hi, n);
        Py_DECREF(n);
        return 0;
    }
    Py_DECREF(n);
    a->v = v;
    return 1;
}

int zkpy_get_buffer(PyObject *obj, Py_buffer *view, const char *what) {
    if (PyUnicode_Check(obj)) {
        PyErr_Format(PyExc_TypeError, "%s: Strings must be encoded before hashing", what);
        return -1;
    }
    if (!PyObject_CheckBuffer(obj)) {
        PyErr_Format(PyExc_TypeError, "%s: object supporting the buffer API required, not '%.100s'", what,
                     Py_TYPE(obj)->tp_name);
        return -1;
    }
    if (PyObject_GetBuffer(obj, view, PyBUF_C_CONTIGUOUS) < 0) {
        if (PyErr_ExceptionMatches(PyExc_BufferError)) {
            PyErr_Clear();
            PyErr_Format(PyExc_TypeError, "%s: a C-contiguous buffer is required", what);
        }
        return -1;
    }
    return 0;
}

int zkpy_int_to_le(PyObject *obj, uint8_t *out, size_t n, const char *what) {
    if (!PyLong_Check(obj)) {
        PyErr_Format(PyExc_TypeError, "%s: an int is required, not '%.100s'", what, Py_TYPE(obj)->tp_name);
        return -1;
    }
    if (_PyLong_Sign(obj) < 0) {
        PyErr_Format(PyExc_ValueError, "%s: negative value", what);
        return -1;
    }
#if PY_VERSION_HEX >= 0x030D0000
    Py_ssize_t need = PyLong_AsNativeBytes(obj, out, (Py_ssize_t)n,
                                           Py_ASNATIVEBYTES_LITTLE_ENDIAN | Py_ASNATIVEBYTES_UNSIGNED_BUFFER);
    if (need < 0) return -1;
    if ((size_t)need > n) {
        PyErr_Format(PyExc_ValueError, "%s: value wider than %zu bytes", what, n);
        return -1;
    }
#else
    if (_PyLong_AsByteArray((PyLongObject *)obj, out, n, 1, 0) < 0) {
        if (PyErr_ExceptionMatches(PyExc_OverflowError)) {
            PyErr_Clear();
            PyErr_Format(PyExc_ValueError, "%s: value wider than %zu bytes", what, n);
        }
        return -1;
    }
#endif
    return 0;
}

PyObject *zkpy_int_from_le(const uint8_t *in, size_t n) {
#if PY_VERSION_HEX >= 0x030D0000
    return PyLong_FromUnsignedNativeBytes(in, n, Py_ASNATIVEBYTES_LITTLE_ENDIAN);
#else
    return _PyLong_FromByteArray(in, n, 1, 0);
#endif
}

int zkpy_fixed_bytes(PyObject *obj, uint8_t *out, size_t n, const char *what) {
    Py_buffer v;
    if (zkpy_get_buffer(obj, &v, what) < 0) return -1;
    if ((size_t)v.len != n) {
        PyErr_Format(PyExc_ValueError, "%s: %zu bytes required, got %zd", what, n, v.len);
        PyBuffer_Release(&v);
        return -1;
    }
    memcpy(out, v.buf, n);
    PyBuffer_Release(&v);
    return 0;
}

PyObject *zkpy_list(size_t n, PyObject *(*item)(const void *ctx, size_t i), const void *ctx) {
    PyObject *l = PyList_New((Py_ssize_t)n);
    for (size_t i = 0; l && i < n; i++) {
        PyObject *v = item(ctx, i);
        if (!v) {
            Py_CLEAR(l);
            break;
        }
        PyList_SET_ITEM(l, (Py_ssize_t)i, v);
    }
    return l;
}

PyObject *zkpy_item_u64(const void *ctx, size_t i) { return PyLong_FromUnsignedLongLong(((const uint64_t *)ctx)[i]); }

PyObject *zkpy_item_bytes32(const void *ctx, size_t i) {
    return PyBytes_FromStringAndSize((const char *)ctx + 32 * i, 32);
}

PyObject *zkpy_verdict(zkp_status st, const char *what) {
    if (st == ZKP_OK) Py_RETURN_TRUE;
    if (st == ZKP_ERR_VERIFY) Py_RETURN_FALSE;
    return zkpy_status_error(st, what);
}

int zkpy_lock_ensure(zkpy_lock *l) {
    if (l->lock) return 0;
    l->lock = PyThread_allocate_lock();
    if (!l->lock) {
        PyErr_NoMemory();
        return -1;
    }
    return 0;
}

void zkpy_lock_enter(zkpy_lock *l) {
    if (!l->lock) return;
    if (!PyThread_acquire_lock(l->lock, NOWAIT_LOCK)) {
        Py_BEGIN_ALLOW_THREADS
        PyThread_acquire_lock(l->lock, WAIT_LOCK);
        Py_END_ALLOW_THREADS
    }
}

void zkpy_lock_leave(zkpy_lock *l) {
    if (l->lock) PyThread_release_lock(l->lock);
}

void zkpy_lock_free(zkpy_lock *l) {
    if (l->lock) PyThread_free_lock(l->lock);
    l->lock = NULL;
}

int zkpy_add_type(PyObject *m, PyType_Spec *spec, PyTypeObject **slot) {
    PyObject *t = PyType_FromModuleAndSpec(m, spec, NULL);
    if (!t) return -1;
    if (PyModule_AddType(m, (PyTypeObject *)t) < 0) {
        Py_DECREF(t);
        return -1;
    }
    *slot = (PyTypeObject *)t;
    return 0;
}

PyObject *zkpy_digest32(const uint8_t *d) { return PyBytes_FromStringAndSize((const char *)d, 32); }

PyObject *zkpy_offsets_list(const uint64_t *off, size_t k) { return zkpy_list(k + 1, zkpy_item_u64, off); }

int zkpy_load_parts(PyObject *cvs, PyObject *offs, const char *what, uint8_t (**c)[32], uint64_t **o, size_t *k) {
    *c = NULL;
    *o = NULL;
    PyObject *fc = PySequence_Fast(cvs, "cvs must be a sequence of 32-byte roots");
    if (!fc) return -1;
    PyObject *fo = PySequence_Fast(offs, "offsets must be a sequence of ints");
    if (!fo) {
        Py_DECREF(fc);
        return -1;
    }
    size_t n = (size_t)PySequence_Fast_GET_SIZE(fc);
    int rc = -1;
    char name[96];
    if ((size_t)PySequence_Fast_GET_SIZE(fo) != n + 1) {
        PyErr_Format(PyExc_ValueError, "%s: len(offsets) must be len(cvs) + 1", what);
        goto out;
    }
    *c = PyMem_Malloc(32 * n + 32);
    *o = PyMem_Malloc(8 * (n + 1));
    if (!*c || !*o) {
        PyErr_NoMemory();
        goto out;
    }
    snprintf(name, sizeof name, "%s: part root", what);
    for (size_t i = 0; i < n; i++)
        if (zkpy_fixed_bytes(PySequence_Fast_GET_ITEM(fc, (Py_ssize_t)i), (*c)[i], 32, name) < 0) goto out;
    snprintf(name, sizeof name, "%s: offsets", what);
    for (size_t i = 0; i <= n; i++) {
        zkpy_int off = ZKPY_INT(name, 0, ZKPY_U64_MAX, 0);
        if (!zkpy_int_arg(PySequence_Fast_GET_ITEM(fo, (Py_ssize_t)i), &off)) goto out;
        (*o)[i] = off.v;
    }
    *k = n;
    rc = 0;
out:
    if (rc < 0) {
        PyMem_Free(*c);
        PyMem_Free(*o);
        *c = NULL;
        *o = NULL;
    }
    Py_DECREF(fc);
    Py_DECREF(fo);
    return rc;
}

void zkpy_fr_load_le(zkp_poseidon_fr *r, const uint8_t b[32]) {
    for (int i = 0; i < 4; i++) {
        uint64_t v = 0;
        for (int j = 7; j >= 0; j--) v = v << 8 | b[8 * i + j];
        r->limb[i] = v;
    }
}

void zkpy_fr_store_le(uint8_t b[32], const zkp_poseidon_fr *r) {
    for (int i = 0; i < 4; i++)
        for (int j = 0; j < 8; j++) b[8 * i + j] = (uint8_t)(r->limb[i] >> (8 * j));
}

int zkpy_fr_from_int(PyObject *obj, zkp_poseidon_fr *out, const char *what) {
    uint8_t b[32];
    if (zkpy_int_to_le(obj, b, 32, what) < 0) return -1;
    zkp_poseidon_fr tmp;
    if (zkp_poseidon_fr_from_le(&tmp, b) != ZKP_OK) {
        PyErr_Format(PyExc_ValueError, "%s: value >= p (the BN254 scalar field modulus)", what);
        return -1;
    }
    zkpy_fr_load_le(out, b);
    return 0;
}

PyObject *zkpy_fr_to_int(const zkp_poseidon_fr *in) {
    uint8_t b[32];
    zkpy_fr_store_le(b, in);
    return zkpy_int_from_le(b, 32);
}

zkp_poseidon_fr *zkpy_fr_array(PyObject *seq, size_t *n, const char *what) {
    PyObject *fast = PySequence_Fast(seq, "a sequence of ints is required");
    if (!fast) return NULL;
    Py_ssize_t len = PySequence_Fast_GET_SIZE(fast);
    zkp_poseidon_fr *a = PyMem_Malloc(sizeof *a * (size_t)(len ? len : 1));
    if (!a) {
        Py_DECREF(fast);
        PyErr_NoMemory();
        return NULL;
    }
    for (Py_ssize_t i = 0; i < len; i++) {
        if (zkpy_fr_from_int(PySequence_Fast_GET_ITEM(fast, i), &a[i], what) < 0) {
            PyMem_Free(a);
            Py_DECREF(fast);
            return NULL;
        }
    }
    Py_DECREF(fast);
    *n = (size_t)len;
    return a;
}

static int stream_ready(zkpy_stream *o, const zkpy_stream_ops *ops) {
    if (!o->h) PyErr_Format(PyExc_ValueError, "%s: not initialised", ops->name);
    return o->h != NULL;
}

PyObject *zkpy_stream_update(PyObject *self, PyObject *data, const zkpy_stream_ops *ops) {
    zkpy_stream *o = (zkpy_stream *)self;
    if (!stream_ready(o, ops)) return NULL;
    Py_buffer v;
    if (zkpy_get_buffer(data, &v, "update") < 0) return NULL;
    if (zkpy_lock_ensure(&o->lock) < 0) {
        PyBuffer_Release(&v);
        return NULL;
    }
    zkp_status st;
    zkpy_lock_enter(&o->lock);
    Py_BEGIN_ALLOW_THREADS
    st = ops->update(o->h, v.buf, (size_t)v.len);
    Py_END_ALLOW_THREADS
    zkpy_lock_leave(&o->lock);
    PyBuffer_Release(&v);
    if (st != ZKP_OK) return zkpy_status_error(st, "update");
    Py_RETURN_NONE;
}

PyObject *zkpy_stream_finalize(PyObject *self, const zkpy_stream_ops *ops) {
    zkpy_stream *o = (zkpy_stream *)self;
    if (!stream_ready(o, ops)) return NULL;
    uint8_t root[32];
    zkpy_lock_enter(&o->lock);
    zkp_status st = ops->finalize(o->h, root);
    zkpy_lock_leave(&o->lock);
    return st == ZKP_OK ? zkpy_digest32(root) : zkpy_status_error(st, "finalize");
}

void zkpy_stream_dealloc(PyObject *self) {
    zkpy_stream *o = (zkpy_stream *)self;
    PyMem_Free(o->h);
    zkpy_lock_free(&o->lock);
    PyTypeObject *tp = Py_TYPE(self);
    tp->tp_free(self);
    Py_DECREF(tp);
}
