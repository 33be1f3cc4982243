/*
 * zkprim._zkprim: the module object and the helpers every file shares.
 * The library is linked in statically (setup.py builds it with the
 * project's CMake), kernels and run-time dispatch included.
 */
#include "common.h" /* first: Python.h sets the feature macros */

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

/* obj as an integer in 0..max, or 0 with ValueError / TypeError set. */
static int u64_in_range(PyObject *obj, unsigned long long max, unsigned long long *out) {
    PyObject *n = PyNumber_Index(obj); /* TypeError for float, str, None */
    if (!n) return 0;
    unsigned long long v = PyLong_AsUnsignedLongLong(n); /* OverflowError if < 0 or >= 2^64 */
    if ((v == (unsigned long long)-1 && PyErr_Occurred()) || v > max) {
        PyErr_Clear();
        PyErr_Format(PyExc_ValueError, "expected an integer in 0..%llu, got %R", max, n);
        Py_DECREF(n);
        return 0;
    }
    Py_DECREF(n);
    *out = v;
    return 1;
}

int zkpy_u64_arg(PyObject *obj, void *out) {
    return u64_in_range(obj, (unsigned long long)-1, (unsigned long long *)out);
}

int zkpy_size_arg(PyObject *obj, void *out) {
    unsigned long long v;
    if (!u64_in_range(obj, (unsigned long long)SIZE_MAX, &v)) return 0;
    *(size_t *)out = (size_t)v;
    return 1;
}

int zkpy_uint_arg(PyObject *obj, void *out) {
    unsigned long long v;
    if (!u64_in_range(obj, (unsigned)-1, &v)) return 0;
    *(unsigned *)out = (unsigned)v;
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

static PyObject *py_version(PyObject *self, PyObject *noargs) {
    (void)self;
    (void)noargs;
    return PyUnicode_FromString(zkp_version());
}

static PyObject *py_cpu_features(PyObject *self, PyObject *noargs) {
    (void)self;
    (void)noargs;
    char buf[256];
    zkp_cpu_mask_string(zkp_cpu_active(), buf, sizeof buf);
    return PyUnicode_FromString(buf);
}

static PyObject *py_cpu_force(PyObject *self, PyObject *arg) {
    (void)self;
    const char *level = PyUnicode_AsUTF8(arg);
    if (!level) return NULL;
    zkp_status st = zkp_cpu_force(level);
    if (st != ZKP_OK) return zkpy_status_error(st, "cpu_force");
    Py_RETURN_NONE;
}

static PyMethodDef module_methods[] = {
    {"version", py_version, METH_NOARGS, "Version of the linked C library."},
    {"cpu_features", py_cpu_features, METH_NOARGS, "CPU features the kernels may use now ('avx2+bmi2+...')."},
    {"cpu_force", py_cpu_force, METH_O, "Restrict kernel selection (zkp_cpu_force): 'portable', 'avx2', ..."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module_def = {
    PyModuleDef_HEAD_INIT, "zkprim._zkprim", "The zkprim C library, linked in statically.", -1, module_methods,
    NULL, NULL, NULL, NULL,
};

PyMODINIT_FUNC PyInit__zkprim(void) {
    PyObject *m = PyModule_Create(&module_def);
    if (!m) return NULL;
    if (zkpy_hash_init(m) < 0 || zkpy_poseidon_init(m) < 0 || zkpy_gf2_init(m) < 0 || zkpy_tree_init(m) < 0 ||
        zkpy_bench_init(m) < 0) {
        Py_DECREF(m);
        return NULL;
    }
    return m;
}
