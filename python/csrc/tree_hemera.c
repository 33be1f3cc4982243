/*
 * zkprim.tree, Hemera trees: the fixed 4 KiB-chunk root (one-shot, threaded
 * and streamed with HemeraTreeHasher) and the content-defined one, chunk
 * proofs, and the subtree split/root/merge that zkprim.dask plans with
 * (docs/streaming.md). Long work runs with the GIL released.
 */
#include "helpers.h" /* first: Python.h sets the feature macros */

#include "zkprim/hemera.h"

/* hemera_tree_root(data, threads=0, cdc=False): zkp_hemera_tree_root_fixed,
 * or zkp_hemera_tree_root_cdc for cdc=True. */
static PyObject *py_hemera_tree_root(PyObject *m, PyObject *args, PyObject *kw) {
    (void)m;
    static char *kwlist[] = {"data", "threads", "cdc", NULL};
    Py_buffer v;
    zkpy_int threads = ZKPY_INT("hemera_tree_root: threads", 0, ZKPY_UINT_MAX, 0);
    int cdc = 0;
    if (!PyArg_ParseTupleAndKeywords(args, kw, "y*|O&p:hemera_tree_root", kwlist, &v, zkpy_int_arg, &threads, &cdc))
        return zkpy_parse_failed();
    uint8_t root[32];
    zkp_status st;
    Py_BEGIN_ALLOW_THREADS
    st = cdc ? zkp_hemera_tree_root_cdc(v.buf, (size_t)v.len, root)
             : zkp_hemera_tree_root_fixed(v.buf, (size_t)v.len, (unsigned)threads.v, root);
    Py_END_ALLOW_THREADS
    PyBuffer_Release(&v);
    return st == ZKP_OK ? zkpy_digest32(root) : zkpy_status_error(st, "hemera_tree_root");
}

static PyObject *py_hemera_tree_proof(PyObject *m, PyObject *args) {
    (void)m;
    Py_buffer v;
    zkpy_int index = ZKPY_INT("hemera_tree_proof: index", 0, ZKPY_U64_MAX, 0);
    if (!PyArg_ParseTuple(args, "y*O&:hemera_tree_proof", &v, zkpy_int_arg, &index)) return zkpy_parse_failed();
    uint8_t proof[ZKP_HEMERA_PROOF_MAX_BYTES];
    size_t plen = 0;
    zkp_status st;
    Py_BEGIN_ALLOW_THREADS
    st = zkp_hemera_tree_proof(v.buf, (size_t)v.len, index.v, proof, sizeof proof, &plen);
    Py_END_ALLOW_THREADS
    PyBuffer_Release(&v);
    return st == ZKP_OK ? PyBytes_FromStringAndSize((const char *)proof, (Py_ssize_t)plen)
                        : zkpy_status_error(st, "hemera_tree_proof");
}

/* hemera_tree_verify(root, chunk, index, total_len, proof) -> bool. Any
 * proof that does not show the chunk at index under root is False: a wrong
 * chunk, sibling or root (ZKP_ERR_VERIFY), a proof of another length than
 * (total_len, index) needs (ZKP_ERR_PROOF_SHAPE), an index past total_len's
 * chunks (ZKP_ERR_RANGE). Only malformed arguments raise: a wrong type
 * (TypeError), a root that is not 32 bytes or an integer outside 0..2^64-1
 * (ValueError). Before 1.1.0 a wrong total_len or index raised ValueError. */
static PyObject *py_hemera_tree_verify(PyObject *m, PyObject *args) {
    (void)m;
    PyObject *root;
    Py_buffer chunk, proof;
    zkpy_int index = ZKPY_INT("hemera_tree_verify: index", 0, ZKPY_U64_MAX, 0);
    zkpy_int total = ZKPY_INT("hemera_tree_verify: total_len", 0, ZKPY_U64_MAX, 0);
    uint8_t r[32];
    if (!PyArg_ParseTuple(args, "Oy*O&O&y*:hemera_tree_verify", &root, &chunk, zkpy_int_arg, &index, zkpy_int_arg,
                          &total, &proof))
        return zkpy_parse_failed();
    PyObject *res = NULL;
    if (zkpy_fixed_bytes(root, r, 32, "hemera_tree_verify: root") == 0) {
        zkp_status st =
            zkp_hemera_tree_verify(r, chunk.buf, (size_t)chunk.len, index.v, total.v, proof.buf, (size_t)proof.len);
        if (st == ZKP_ERR_PROOF_SHAPE || st == ZKP_ERR_RANGE) st = ZKP_ERR_VERIFY;
        res = zkpy_verdict(st, "hemera_tree_verify");
    }
    PyBuffer_Release(&chunk);
    PyBuffer_Release(&proof);
    return res;
}

/* ---- subtrees ---------------------------------------------------------------- */

static PyObject *py_hemera_subtree_root(PyObject *m, PyObject *args) {
    (void)m;
    Py_buffer v;
    zkpy_int first = ZKPY_INT("hemera_subtree_root: first_chunk", 0, ZKPY_U64_MAX, 0);
    if (!PyArg_ParseTuple(args, "y*O&:hemera_subtree_root", &v, zkpy_int_arg, &first)) return zkpy_parse_failed();
    uint8_t root[32];
    zkp_status st;
    Py_BEGIN_ALLOW_THREADS
    st = zkp_hemera_subtree_root(v.buf, (size_t)v.len, first.v, root);
    Py_END_ALLOW_THREADS
    PyBuffer_Release(&v);
    return st == ZKP_OK ? zkpy_digest32(root) : zkpy_status_error(st, "hemera_subtree_root");
}

static PyObject *py_hemera_subtree_merge_parts(PyObject *m, PyObject *args) {
    (void)m;
    PyObject *cvs, *offs;
    if (!PyArg_ParseTuple(args, "OO:hemera_subtree_merge_parts", &cvs, &offs)) return NULL;
    uint8_t(*c)[32];
    uint64_t *o;
    size_t k;
    if (zkpy_load_parts(cvs, offs, "hemera_subtree_merge_parts", &c, &o, &k) < 0) return NULL;
    uint8_t root[32];
    zkp_status st = zkp_hemera_subtree_merge_parts((const uint8_t(*)[32])c, o, k, root);
    PyMem_Free(c);
    PyMem_Free(o);
    return st == ZKP_OK ? zkpy_digest32(root) : zkpy_status_error(st, "hemera_subtree_merge_parts");
}

static PyObject *py_hemera_subtree_split(PyObject *m, PyObject *args) {
    (void)m;
    zkpy_int total = ZKPY_INT("hemera_subtree_split: total_len", 0, ZKPY_U64_MAX, 0);
    zkpy_int maxp = ZKPY_INT("hemera_subtree_split: max_parts", 1, 1 << 20, 0);
    if (!PyArg_ParseTuple(args, "O&O&:hemera_subtree_split", zkpy_int_arg, &total, zkpy_int_arg, &maxp)) return NULL;
    uint64_t *off = PyMem_Malloc(8 * ((size_t)maxp.v + 1));
    if (!off) return PyErr_NoMemory();
    size_t k;
    zkp_status st = zkp_hemera_subtree_split(total.v, (size_t)maxp.v, off, &k);
    PyObject *res = st == ZKP_OK ? zkpy_offsets_list(off, k) : zkpy_status_error(st, "hemera_subtree_split");
    PyMem_Free(off);
    return res;
}

/* ---- the streaming hasher ------------------------------------------------------ */

/* A streaming Hemera fixed-tree hasher (the ~66 KiB struct on the heap). */
static int htree_init(PyObject *self, PyObject *args, PyObject *kw) {
    static char *kwlist[] = {"threads", NULL};
    zkpy_int threads = ZKPY_INT("HemeraTreeHasher: threads", 0, ZKPY_UINT_MAX, 0);
    zkpy_stream *o = (zkpy_stream *)self;
    if (!PyArg_ParseTupleAndKeywords(args, kw, "|O&:HemeraTreeHasher", kwlist, zkpy_int_arg, &threads)) return -1;
    if (!o->h && !(o->h = PyMem_Malloc(sizeof(zkp_hemera_tree_hasher)))) {
        PyErr_NoMemory();
        return -1;
    }
    zkp_hemera_tree_hasher_init(o->h, (unsigned)threads.v);
    return 0;
}

static zkp_status h_update(void *h, const uint8_t *p, size_t n) { return zkp_hemera_tree_hasher_update(h, p, n); }
static zkp_status h_finalize(void *h, uint8_t root[32]) { return zkp_hemera_tree_hasher_finalize(h, root); }
static const zkpy_stream_ops h_ops = {"HemeraTreeHasher", h_update, h_finalize};

static PyObject *htree_update(PyObject *self, PyObject *data) { return zkpy_stream_update(self, data, &h_ops); }

static PyObject *htree_finalize(PyObject *self, PyObject *noargs) {
    (void)noargs;
    return zkpy_stream_finalize(self, &h_ops);
}

static PyMethodDef htree_methods[] = {
    {"update", htree_update, METH_O, "Absorb more bytes (GIL released)."},
    {"finalize", htree_finalize, METH_NOARGS, "The root of everything so far (the hasher stays usable)."},
    {NULL, NULL, 0, NULL},
};

static PyType_Slot htree_slots[] = {
    {Py_tp_dealloc, zkpy_stream_dealloc},
    {Py_tp_doc, "HemeraTreeHasher(threads=0): the fixed 4 KiB-chunk Hemera root by streaming."},
    {Py_tp_methods, htree_methods},
    {Py_tp_init, htree_init},
    {Py_tp_new, PyType_GenericNew},
    {0, NULL},
};
static PyType_Spec htree_spec = {"zkprim.tree.HemeraTreeHasher", sizeof(zkpy_stream), 0,
                                 Py_TPFLAGS_DEFAULT | Py_TPFLAGS_IMMUTABLETYPE, htree_slots};

static PyMethodDef hemera_tree_functions[] = {
    {"hemera_tree_root", (PyCFunction)(void (*)(void))py_hemera_tree_root, METH_VARARGS | METH_KEYWORDS,
     "Fixed 4 KiB-chunk root (cdc=True: content-defined)."},
    {"hemera_tree_proof", py_hemera_tree_proof, METH_VARARGS, "Inclusion proof of chunk index."},
    {"hemera_tree_verify", py_hemera_tree_verify, METH_VARARGS, "Check an inclusion proof -> bool."},
    {"hemera_subtree_root", py_hemera_subtree_root, METH_VARARGS, "Root of one legal part."},
    {"hemera_subtree_merge_parts", py_hemera_subtree_merge_parts, METH_VARARGS, "Root from part roots."},
    {"hemera_subtree_split", py_hemera_subtree_split, METH_VARARGS, "Legal split offsets."},
    {NULL, NULL, 0, NULL},
};

int zkpy_tree_hemera_exec(PyObject *m) {
    if (zkpy_add_type(m, &htree_spec, &zkpy_state_of(m)->hemera_tree_hasher) < 0) return -1;
    return PyModule_AddFunctions(m, hemera_tree_functions);
}
