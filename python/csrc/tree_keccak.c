/*
 * zkprim.tree, Keccak-256 / SHA3-256 trees: the root over leaf data (the
 * `zkprim tree -a keccak256` root: keccak_tree_root_data and the streaming
 * KeccakTreeHasher), the tree over 2^k 32-byte leaves (keccak_tree_root /
 * build / proof / verify) and the subtree split/merge that zkprim.dask plans
 * with (docs/streaming.md). Long work runs with the GIL released.
 */
#include "helpers.h" /* first: Python.h sets the feature macros */

#include <string.h>

#include "zkprim/keccak.h"

static int alg_of(PyObject *name, zkp_keccak_alg *alg, const char *what) {
    const char *s = PyUnicode_Check(name) ? PyUnicode_AsUTF8(name) : NULL;
    if (!s) {
        if (!PyErr_Occurred())
            PyErr_Format(PyExc_TypeError, "%s: alg must be a str ('keccak_256' or 'sha3_256'), not '%.100s'", what,
                         Py_TYPE(name)->tp_name);
        return -1;
    }
    if (!strcmp(s, "keccak_256") || !strcmp(s, "keccak256")) *alg = ZKP_KECCAK_256;
    else if (!strcmp(s, "sha3_256") || !strcmp(s, "sha3-256")) *alg = ZKP_SHA3_256;
    else {
        PyErr_Format(PyExc_ValueError, "%s: unknown tree hash '%s' (keccak_256 or sha3_256)", what, s);
        return -1;
    }
    return 0;
}

/* ---- over leaf data ------------------------------------------------------- */

/* keccak_tree_root_data(data, leaf_size=64, alg="keccak_256", threads=0):
 * the root of `zkprim tree -a keccak256 --leaf-size` (leaf hashes padded
 * with zero nodes to a power of two): data of any length, the last leaf
 * shorter, a leaf size past the data one leaf, so the tree hasher given all
 * the data (C zkp_keccak_tree_root_data takes whole leaves only). */
static PyObject *py_keccak_tree_root_data(PyObject *m, PyObject *args, PyObject *kw) {
    (void)m;
    static char *kwlist[] = {"data", "leaf_size", "alg", "threads", NULL};
    Py_buffer v;
    zkpy_int leaf = ZKPY_INT("keccak_tree_root_data: leaf_size", 1, ZKPY_SIZE_MAX, 64);
    zkpy_int threads = ZKPY_INT("keccak_tree_root_data: threads", 0, ZKPY_UINT_MAX, 0);
    PyObject *an = NULL;
    zkp_keccak_alg alg = ZKP_KECCAK_256;
    if (!PyArg_ParseTupleAndKeywords(args, kw, "y*|O&OO&:keccak_tree_root_data", kwlist, &v, zkpy_int_arg, &leaf, &an,
                                     zkpy_int_arg, &threads))
        return zkpy_parse_failed();
    if (an && alg_of(an, &alg, "keccak_tree_root_data") < 0) {
        PyBuffer_Release(&v);
        return NULL;
    }
    zkp_keccak_tree_hasher *h = PyMem_Malloc(sizeof *h);
    if (!h) {
        PyBuffer_Release(&v);
        return PyErr_NoMemory();
    }
    uint8_t root[32];
    zkp_status st;
    Py_BEGIN_ALLOW_THREADS
    st = zkp_keccak_tree_hasher_init_threads(h, alg, (size_t)leaf.v, (unsigned)threads.v);
    if (st == ZKP_OK) st = zkp_keccak_tree_hasher_update(h, v.buf, (size_t)v.len);
    if (st == ZKP_OK) st = zkp_keccak_tree_hasher_finalize(h, root);
    Py_END_ALLOW_THREADS
    PyMem_Free(h);
    PyBuffer_Release(&v);
    return st == ZKP_OK ? zkpy_digest32(root) : zkpy_status_error(st, "keccak_tree_root_data");
}

/* A streaming Keccak tree hasher (the heap holds the ~6 KiB struct). */
static int ktree_init(PyObject *self, PyObject *args, PyObject *kw) {
    static char *kwlist[] = {"leaf_size", "alg", "threads", NULL};
    zkpy_int leaf = ZKPY_INT("KeccakTreeHasher: leaf_size", 1, ZKPY_SIZE_MAX, 64);
    zkpy_int threads = ZKPY_INT("KeccakTreeHasher: threads", 0, ZKPY_UINT_MAX, 0);
    PyObject *an = NULL;
    zkp_keccak_alg alg = ZKP_KECCAK_256;
    zkpy_stream *o = (zkpy_stream *)self;
    if (!PyArg_ParseTupleAndKeywords(args, kw, "|O&OO&:KeccakTreeHasher", kwlist, zkpy_int_arg, &leaf, &an,
                                     zkpy_int_arg, &threads))
        return -1;
    if (an && alg_of(an, &alg, "KeccakTreeHasher") < 0) return -1;
    if (!o->h && !(o->h = PyMem_Malloc(sizeof(zkp_keccak_tree_hasher)))) {
        PyErr_NoMemory();
        return -1;
    }
    zkp_status st = zkp_keccak_tree_hasher_init_threads(o->h, alg, (size_t)leaf.v, (unsigned)threads.v);
    if (st != ZKP_OK) {
        zkpy_status_error(st, "KeccakTreeHasher");
        return -1;
    }
    return 0;
}

static zkp_status k_update(void *h, const uint8_t *p, size_t n) { return zkp_keccak_tree_hasher_update(h, p, n); }
static zkp_status k_finalize(void *h, uint8_t root[32]) { return zkp_keccak_tree_hasher_finalize(h, root); }
static const zkpy_stream_ops k_ops = {"KeccakTreeHasher", k_update, k_finalize};

static PyObject *ktree_update(PyObject *self, PyObject *data) { return zkpy_stream_update(self, data, &k_ops); }

static PyObject *ktree_finalize(PyObject *self, PyObject *noargs) {
    (void)noargs;
    return zkpy_stream_finalize(self, &k_ops);
}

static PyMethodDef ktree_methods[] = {
    {"update", ktree_update, METH_O, "Absorb more bytes (GIL released)."},
    {"finalize", ktree_finalize, METH_NOARGS, "The root of everything so far (the hasher stays usable)."},
    {NULL, NULL, 0, NULL},
};

static PyType_Slot ktree_slots[] = {
    {Py_tp_dealloc, zkpy_stream_dealloc},
    {Py_tp_doc, "KeccakTreeHasher(leaf_size=64, alg='keccak_256', threads=0): the `zkprim tree -a keccak256` root by "
                "streaming; threads hash long updates in parallel (the root never depends on them)."},
    {Py_tp_methods, ktree_methods},
    {Py_tp_init, ktree_init},
    {Py_tp_new, PyType_GenericNew},
    {0, NULL},
};
static PyType_Spec ktree_spec = {"zkprim.tree.KeccakTreeHasher", sizeof(zkpy_stream), 0,
                                 Py_TPFLAGS_DEFAULT | Py_TPFLAGS_IMMUTABLETYPE, ktree_slots};

/* ---- over 2^k 32-byte leaves ---------------------------------------------- */

/* Before 1.1.0, keccak_tree_root(data, leaf_size=64) was the root over leaf
 * data, which is keccak_tree_root_data now; keccak_tree_root(leaves) follows
 * the C zkp_keccak_tree_root. A call in the old shape (leaf_size=, an int in
 * alg's place, data that is not 32-byte leaves) is refused with a TypeError
 * naming the new function instead of giving another tree's root. */
static int refuse_old_shape(PyObject *args, PyObject *kw, Py_ssize_t len) {
    static const char hint[] = "keccak_tree_root(leaves) takes 32-byte leaves since zkprim 1.1.0; the root over "
                               "leaf data (before: keccak_tree_root(data, leaf_size)) is keccak_tree_root_data(data, "
                               "leaf_size, alg)";
    PyObject *second = PyTuple_GET_SIZE(args) > 1 ? PyTuple_GET_ITEM(args, 1) : NULL;
    if ((kw && PyDict_GetItemString(kw, "leaf_size")) || (second && PyIndex_Check(second))) {
        PyErr_Format(PyExc_TypeError, "keccak_tree_root: leaf_size given: %s", hint);
        return -1;
    }
    if (len % 32) {
        PyErr_Format(PyExc_TypeError, "keccak_tree_root: %zd bytes are not 32-byte leaves: %s", len, hint);
        return -1;
    }
    return 0;
}

/* keccak_tree_root(leaves, alg="keccak_256", threads=0): root over n = 2^k
 * 32-byte leaves. */
static PyObject *py_keccak_tree_root(PyObject *m, PyObject *args, PyObject *kw) {
    (void)m;
    static char *kwlist[] = {"leaves", "alg", "threads", NULL};
    Py_buffer v;
    PyObject *an = NULL;
    zkpy_int threads = ZKPY_INT("keccak_tree_root: threads", 0, ZKPY_UINT_MAX, 0);
    zkp_keccak_alg alg = ZKP_KECCAK_256;
    if (kw && PyDict_GetItemString(kw, "leaf_size")) return refuse_old_shape(args, kw, 0), NULL;
    if (!PyArg_ParseTupleAndKeywords(args, kw, "y*|OO&:keccak_tree_root", kwlist, &v, &an, zkpy_int_arg, &threads))
        return zkpy_parse_failed();
    PyObject *res = NULL;
    if (refuse_old_shape(args, kw, v.len) < 0 || (an && alg_of(an, &alg, "keccak_tree_root") < 0)) goto out;
    uint8_t root[32];
    zkp_status st;
    Py_BEGIN_ALLOW_THREADS
    st = zkp_keccak_tree_root(alg, v.buf, (size_t)v.len / 32, (unsigned)threads.v, root);
    Py_END_ALLOW_THREADS
    res = st == ZKP_OK ? zkpy_digest32(root) : zkpy_status_error(st, "keccak_tree_root");
out:
    PyBuffer_Release(&v);
    return res;
}

/* keccak_tree_build(leaves, alg, threads=0) -> bytes of all 2n-1 nodes. */
static PyObject *py_keccak_tree_build(PyObject *m, PyObject *args, PyObject *kw) {
    (void)m;
    static char *kwlist[] = {"leaves", "alg", "threads", NULL};
    Py_buffer v;
    PyObject *an = NULL;
    zkpy_int threads = ZKPY_INT("keccak_tree_build: threads", 0, ZKPY_UINT_MAX, 0);
    zkp_keccak_alg alg = ZKP_KECCAK_256;
    if (!PyArg_ParseTupleAndKeywords(args, kw, "y*|OO&:keccak_tree_build", kwlist, &v, &an, zkpy_int_arg, &threads))
        return zkpy_parse_failed();
    PyObject *res = NULL;
    size_t n = (size_t)v.len / 32;
    if (an && alg_of(an, &alg, "keccak_tree_build") < 0) goto out;
    if (v.len % 32 || n == 0 || (n & (n - 1))) {
        PyErr_SetString(PyExc_ValueError, "keccak_tree_build: a power-of-two number of 32-byte leaves is required");
        goto out;
    }
    res = PyBytes_FromStringAndSize(NULL, (Py_ssize_t)(32 * (2 * n - 1)));
    if (!res) goto out;
    zkp_status st;
    Py_BEGIN_ALLOW_THREADS
    st = zkp_keccak_tree_build(alg, v.buf, n, (unsigned)threads.v, (uint8_t *)PyBytes_AS_STRING(res));
    Py_END_ALLOW_THREADS
    if (st != ZKP_OK) {
        Py_CLEAR(res);
        zkpy_status_error(st, "keccak_tree_build");
    }
out:
    PyBuffer_Release(&v);
    return res;
}

/* keccak_tree_proof(nodes, index) -> bytes (siblings, bottom first). */
static PyObject *py_keccak_tree_proof(PyObject *m, PyObject *args) {
    (void)m;
    Py_buffer v;
    zkpy_int index = ZKPY_INT("keccak_tree_proof: index", 0, ZKPY_U64_MAX, 0);
    if (!PyArg_ParseTuple(args, "y*O&:keccak_tree_proof", &v, zkpy_int_arg, &index)) return zkpy_parse_failed();
    size_t nn = (size_t)v.len / 32, n = (nn + 1) / 2, depth = 0;
    PyObject *res = NULL;
    if (v.len % 32 || nn == 0 || 2 * n - 1 != nn || (n & (n - 1))) {
        PyErr_SetString(PyExc_ValueError, "keccak_tree_proof: nodes must be a built tree (2n-1 nodes, n = 2^k)");
        goto out;
    }
    while (((size_t)1 << depth) < n) depth++;
    res = PyBytes_FromStringAndSize(NULL, (Py_ssize_t)(32 * depth));
    if (!res) goto out;
    zkp_status st = zkp_keccak_tree_proof(v.buf, n, index.v, depth ? (uint8_t *)PyBytes_AS_STRING(res) : NULL);
    if (st != ZKP_OK) {
        Py_CLEAR(res);
        zkpy_status_error(st, "keccak_tree_proof");
    }
out:
    PyBuffer_Release(&v);
    return res;
}

/* keccak_tree_verify(root, leaf, index, proof, alg) -> bool. */
static PyObject *py_keccak_tree_verify(PyObject *m, PyObject *args, PyObject *kw) {
    (void)m;
    static char *kwlist[] = {"root", "leaf", "index", "proof", "alg", NULL};
    PyObject *root, *leaf, *an = NULL;
    zkpy_int index = ZKPY_INT("keccak_tree_verify: index", 0, ZKPY_U64_MAX, 0);
    Py_buffer p;
    zkp_keccak_alg alg = ZKP_KECCAK_256;
    uint8_t r[32], l[32];
    if (!PyArg_ParseTupleAndKeywords(args, kw, "OOO&y*|O:keccak_tree_verify", kwlist, &root, &leaf, zkpy_int_arg, &index,
                                     &p, &an))
        return zkpy_parse_failed();
    PyObject *res = NULL;
    if ((an && alg_of(an, &alg, "keccak_tree_verify") < 0) ||
        zkpy_fixed_bytes(root, r, 32, "keccak_tree_verify: root") < 0 ||
        zkpy_fixed_bytes(leaf, l, 32, "keccak_tree_verify: leaf") < 0)
        goto out;
    if (p.len % 32) {
        PyErr_SetString(PyExc_ValueError, "keccak_tree_verify: proof must be 32-byte nodes");
        goto out;
    }
    zkp_status st = zkp_keccak_tree_verify(alg, r, l, index.v, p.buf, (size_t)p.len / 32);
    res = zkpy_verdict(st, "keccak_tree_verify");
out:
    PyBuffer_Release(&p);
    return res;
}

/* ---- subtrees ---------------------------------------------------------------- */

static PyObject *py_keccak_subtree_split(PyObject *m, PyObject *args) {
    (void)m;
    zkpy_int total = ZKPY_INT("keccak_subtree_split: total_len", 0, ZKPY_U64_MAX, 0);
    zkpy_int leaf = ZKPY_INT("keccak_subtree_split: leaf_size", 1, ZKPY_SIZE_MAX, 0);
    zkpy_int maxp = ZKPY_INT("keccak_subtree_split: max_parts", 1, 1 << 20, 0);
    if (!PyArg_ParseTuple(args, "O&O&O&:keccak_subtree_split", zkpy_int_arg, &total, zkpy_int_arg, &leaf, zkpy_int_arg,
                          &maxp))
        return NULL;
    uint64_t *off = PyMem_Malloc(8 * ((size_t)maxp.v + 1));
    if (!off) return PyErr_NoMemory();
    size_t k;
    zkp_status st = zkp_keccak_subtree_split(total.v, (size_t)leaf.v, (size_t)maxp.v, off, &k);
    PyObject *res = st == ZKP_OK ? zkpy_offsets_list(off, k) : zkpy_status_error(st, "keccak_subtree_split");
    PyMem_Free(off);
    return res;
}

static PyObject *py_keccak_subtree_merge_parts(PyObject *m, PyObject *args, PyObject *kw) {
    (void)m;
    static char *kwlist[] = {"cvs", "offsets", "leaf_size", "alg", NULL};
    PyObject *cvs, *offs, *an = NULL;
    zkpy_int leaf = ZKPY_INT("keccak_subtree_merge_parts: leaf_size", 1, ZKPY_SIZE_MAX, 0);
    zkp_keccak_alg alg = ZKP_KECCAK_256;
    if (!PyArg_ParseTupleAndKeywords(args, kw, "OOO&|O:keccak_subtree_merge_parts", kwlist, &cvs, &offs, zkpy_int_arg,
                                     &leaf, &an))
        return NULL;
    if (an && alg_of(an, &alg, "keccak_subtree_merge_parts") < 0) return NULL;
    uint8_t(*c)[32];
    uint64_t *o;
    size_t k;
    if (zkpy_load_parts(cvs, offs, "keccak_subtree_merge_parts", &c, &o, &k) < 0) return NULL;
    uint8_t root[32];
    zkp_status st = zkp_keccak_subtree_merge_parts(alg, (const uint8_t(*)[32])c, o, k, (size_t)leaf.v, root);
    PyMem_Free(c);
    PyMem_Free(o);
    return st == ZKP_OK ? zkpy_digest32(root) : zkpy_status_error(st, "keccak_subtree_merge_parts");
}

#define KW(f) (PyCFunction)(void (*)(void))(f), METH_VARARGS | METH_KEYWORDS
static PyMethodDef keccak_tree_functions[] = {
    {"keccak_tree_root_data", KW(py_keccak_tree_root_data), "Root of `zkprim tree -a keccak256` over data."},
    {"keccak_tree_root", KW(py_keccak_tree_root), "Root over 2^k 32-byte leaves."},
    {"keccak_tree_build", KW(py_keccak_tree_build), "All 2n-1 nodes over 2^k 32-byte leaves."},
    {"keccak_tree_proof", py_keccak_tree_proof, METH_VARARGS, "Proof of a leaf from built nodes."},
    {"keccak_tree_verify", KW(py_keccak_tree_verify), "Check a proof -> bool."},
    {"keccak_subtree_split", py_keccak_subtree_split, METH_VARARGS, "Legal split offsets."},
    {"keccak_subtree_merge_parts", KW(py_keccak_subtree_merge_parts), "Root from part roots."},
    {NULL, NULL, 0, NULL},
};

int zkpy_tree_keccak_exec(PyObject *m) {
    if (zkpy_add_type(m, &ktree_spec, &zkpy_state_of(m)->keccak_tree_hasher) < 0) return -1;
    return PyModule_AddFunctions(m, keccak_tree_functions);
}
