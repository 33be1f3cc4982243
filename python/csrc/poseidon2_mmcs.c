/*
 * Plonky3's MerkleTreeMmcs of include/zkprim/poseidon2.h (mmcs_*) for
 * zkprim.poseidon2, which packs the matrices' elements and unpacks the
 * digests: the element data crosses as buffers of native uint32 (all the
 * matrices back to back, row by row), the shapes as (width, height) pairs,
 * so the C library's checks (canonical elements, the height ladder, the
 * lengths) are the only ones.
 */
#include "parts.h"

#include <string.h>

#include "zkprim/poseidon2.h"

/* The shapes: a sequence of (width, height) pairs into a PyMem array of
 * matrices whose values point into data (NULL for an empty matrix). */
static zkp_poseidon2_matrix *load_dims(PyObject *seq, const Py_buffer *data, size_t *n, const char *what) {
    PyObject *fast = PySequence_Fast(seq, "poseidon2.mmcs: shapes must be a sequence of (width, height) pairs");
    if (!fast) return NULL;
    Py_ssize_t len = PySequence_Fast_GET_SIZE(fast);
    zkp_poseidon2_matrix *m = PyMem_Malloc((size_t)(len ? len : 1) * sizeof *m);
    if (!m) {
        Py_DECREF(fast);
        return (zkp_poseidon2_matrix *)PyErr_NoMemory();
    }
    const uint32_t *at = data ? (const uint32_t *)data->buf : NULL;
    size_t left = data ? (size_t)data->len / sizeof(uint32_t) : 0;
    for (Py_ssize_t i = 0; i < len; i++) {
        zkpy_int w = ZKPY_INT(what, 0, ZKPY_SIZE_MAX, 0), h = ZKPY_INT(what, 0, ZKPY_SIZE_MAX, 0);
        PyObject *pair = PySequence_Fast_GET_ITEM(fast, i);
        if (!PyTuple_Check(pair) || PyTuple_GET_SIZE(pair) != 2) {
            PyErr_Format(PyExc_TypeError, "%s: expected (width, height) pairs", what);
            goto fail;
        }
        if (!zkpy_int_arg(PyTuple_GET_ITEM(pair, 0), &w) || !zkpy_int_arg(PyTuple_GET_ITEM(pair, 1), &h)) goto fail;
        m[i].width = (size_t)w.v, m[i].height = (size_t)h.v, m[i].values = NULL;
        if (data && m[i].width && m[i].height) {
            if (m[i].height > left / m[i].width) {
                PyErr_Format(PyExc_ValueError, "%s: the data is shorter than the shapes", what);
                goto fail;
            }
            m[i].values = at;
            at += m[i].width * m[i].height, left -= m[i].width * m[i].height;
        }
    }
    if (data && left) {
        PyErr_Format(PyExc_ValueError, "%s: the data is longer than the shapes", what);
        goto fail;
    }
    Py_DECREF(fast);
    *n = (size_t)len;
    return m;
fail:
    Py_DECREF(fast);
    PyMem_Free(m);
    return NULL;
}

static int field31(int f) {
    if (f != 1 && f != 2) {
        PyErr_SetString(PyExc_ValueError, "poseidon2.mmcs: field must be 1 (babybear) or 2 (koalabear)");
        return -1;
    }
    return 0;
}

/* poseidon2_mmcs_commit(field, shapes, data) -> bytes: every node, 32 bytes each, the root last. */
static PyObject *py_mmcs_commit(PyObject *m, PyObject *args) {
    (void)m;
    int f;
    PyObject *shapes;
    Py_buffer data;
    if (!PyArg_ParseTuple(args, "iOy*:poseidon2_mmcs_commit", &f, &shapes, &data)) return zkpy_parse_failed();
    PyObject *r = NULL;
    size_t n, n_nodes;
    zkp_poseidon2_matrix *mats = field31(f) < 0 ? NULL : load_dims(shapes, &data, &n, "poseidon2.mmcs_commit");
    if (mats) {
        zkp_status st = zkp_poseidon2_mmcs_size(mats, n, &n_nodes, NULL, NULL);
        if (st == ZKP_OK) r = PyBytes_FromStringAndSize(NULL, (Py_ssize_t)(n_nodes * 32));
        if (r) {
            uint32_t *out = (uint32_t *)(void *)PyBytes_AS_STRING(r);
            Py_BEGIN_ALLOW_THREADS
            st = (f == 1 ? zkp_poseidon2_babybear_mmcs_commit : zkp_poseidon2_koalabear_mmcs_commit)(mats, n, out,
                                                                                                 n_nodes);
            Py_END_ALLOW_THREADS
        }
        if (st != ZKP_OK) {
            Py_CLEAR(r);
            zkpy_status_error(st, "poseidon2.mmcs_commit");
        }
        PyMem_Free(mats);
    }
    PyBuffer_Release(&data);
    return r;
}

/* poseidon2_mmcs_open(field, shapes, data, nodes, index) -> (rows bytes, proof bytes). */
static PyObject *py_mmcs_open(PyObject *m, PyObject *args) {
    (void)m;
    int f;
    PyObject *shapes;
    Py_buffer data, nodes;
    zkpy_int index = ZKPY_INT("poseidon2.mmcs_open: index", 0, ZKPY_U64_MAX, 0);
    if (!PyArg_ParseTuple(args, "iOy*y*O&:poseidon2_mmcs_open", &f, &shapes, &data, &nodes, zkpy_int_arg, &index))
        return zkpy_parse_failed();
    PyObject *rows = NULL, *proof = NULL, *r = NULL;
    size_t n, n_nodes, proof_n, row_n;
    zkp_poseidon2_matrix *mats = field31(f) < 0 ? NULL : load_dims(shapes, &data, &n, "poseidon2.mmcs_open");
    if (mats) {
        zkp_status st = zkp_poseidon2_mmcs_size(mats, n, &n_nodes, &proof_n, &row_n);
        if (st == ZKP_OK && (size_t)nodes.len != n_nodes * 32) st = ZKP_ERR_LENGTH;
        if (st == ZKP_OK) {
            rows = PyBytes_FromStringAndSize(NULL, (Py_ssize_t)(row_n * 4));
            proof = PyBytes_FromStringAndSize(NULL, (Py_ssize_t)(proof_n * 32));
        }
        if (rows && proof)
            st = (f == 1 ? zkp_poseidon2_babybear_mmcs_open : zkp_poseidon2_koalabear_mmcs_open)(
                mats, n, (const uint32_t *)nodes.buf, n_nodes, index.v, (uint32_t *)(void *)PyBytes_AS_STRING(rows),
                row_n, (uint32_t *)(void *)PyBytes_AS_STRING(proof), proof_n);
        if (st != ZKP_OK) zkpy_status_error(st, "poseidon2.mmcs_open");
        else if (rows && proof) r = PyTuple_Pack(2, rows, proof);
        Py_XDECREF(rows);
        Py_XDECREF(proof);
        PyMem_Free(mats);
    }
    PyBuffer_Release(&data);
    PyBuffer_Release(&nodes);
    return r;
}

/* poseidon2_mmcs_verify(field, root, shapes, index, rows, proof) -> bool. */
static PyObject *py_mmcs_verify(PyObject *m, PyObject *args) {
    (void)m;
    int f;
    PyObject *shapes, *r = NULL;
    Py_buffer root, rows, proof;
    zkpy_int index = ZKPY_INT("poseidon2.mmcs_verify: index", 0, ZKPY_U64_MAX, 0);
    if (!PyArg_ParseTuple(args, "iy*OO&y*y*:poseidon2_mmcs_verify", &f, &root, &shapes, zkpy_int_arg, &index, &rows,
                          &proof))
        return zkpy_parse_failed();
    size_t n;
    zkp_poseidon2_matrix *dims = NULL;
    if (field31(f) == 0 && root.len != 32) PyErr_SetString(PyExc_ValueError, "poseidon2.mmcs_verify: root: 8 elements");
    else if (!PyErr_Occurred()) dims = load_dims(shapes, NULL, &n, "poseidon2.mmcs_verify");
    if (dims) {
        zkp_status st = (f == 1 ? zkp_poseidon2_babybear_mmcs_verify : zkp_poseidon2_koalabear_mmcs_verify)(
            (const uint32_t *)root.buf, dims, n, index.v, (const uint32_t *)rows.buf, (size_t)rows.len / 4,
            (const uint32_t *)proof.buf, (size_t)proof.len / 32);
        r = zkpy_verdict(st, "poseidon2.mmcs_verify");
        PyMem_Free(dims);
    }
    PyBuffer_Release(&root);
    PyBuffer_Release(&rows);
    PyBuffer_Release(&proof);
    return r;
}

static PyMethodDef mmcs_functions[] = {
    {"poseidon2_mmcs_commit", py_mmcs_commit, METH_VARARGS, "poseidon2_mmcs_commit(field, shapes, data) -> bytes"},
    {"poseidon2_mmcs_open", py_mmcs_open, METH_VARARGS,
     "poseidon2_mmcs_open(field, shapes, data, nodes, index) -> (bytes, bytes)"},
    {"poseidon2_mmcs_verify", py_mmcs_verify, METH_VARARGS,
     "poseidon2_mmcs_verify(field, root, shapes, index, rows, proof) -> bool"},
    {NULL, NULL, 0, NULL},
};

int zkpy_poseidon2_mmcs_exec(PyObject *m) { return PyModule_AddFunctions(m, mmcs_functions); }
