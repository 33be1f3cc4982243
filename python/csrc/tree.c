/*
 * zkprim.tree: Merkle trees. Keccak-256 / SHA3-256 over leaf data (the
 * `zkprim tree -a keccak256` root) and over 32-byte leaves, Hemera's fixed
 * and content-defined roots, proofs, and the subtree split/merge that
 * zkprim.dask plans with (docs/streaming.md); Poseidon Merkle trees;
 * OpenZeppelin trees; LeanIMT. Long work runs with the GIL released.
 */
#include "fr.h" /* first: Python.h sets the feature macros */

#include <string.h>

#include "zkprim/hemera.h"
#include "zkprim/keccak.h"
#include "zkprim/lean_imt.h"
#include "zkprim/oz_tree.h"

static int alg_of(const char *name, zkp_keccak_alg *alg) {
    if (!strcmp(name, "keccak_256") || !strcmp(name, "keccak256")) *alg = ZKP_KECCAK_256;
    else if (!strcmp(name, "sha3_256") || !strcmp(name, "sha3-256")) *alg = ZKP_SHA3_256;
    else {
        PyErr_Format(PyExc_ValueError, "unknown tree hash '%s' (keccak_256 or sha3_256)", name);
        return -1;
    }
    return 0;
}

static PyObject *fail(zkp_status st, const char *what) { return zkpy_status_error(st, what); }

static PyObject *digest32(const uint8_t *d) { return PyBytes_FromStringAndSize((const char *)d, 32); }

/* ---- Keccak trees ---------------------------------------------------------- */

/* A leaf size of PTRDIFF_MAX bytes or more is one leaf for any data a process
 * can hold, as in `zkprim tree --leaf-size`; the library's size limit is
 * PTRDIFF_MAX, so larger ones are passed as that. */
static size_t one_leaf_cap(size_t leaf) {
    return leaf > (size_t)PTRDIFF_MAX ? (size_t)PTRDIFF_MAX : leaf;
}

/* keccak_tree_root(data, leaf_size=64, alg="keccak_256"): the root of
 * `zkprim tree -a keccak256 --leaf-size` (leaf hashes padded with zero
 * nodes to a power of two). */
static PyObject *py_keccak_tree_root(PyObject *m, PyObject *args, PyObject *kw) {
    (void)m;
    static char *kwlist[] = {"data", "leaf_size", "alg", NULL};
    Py_buffer v;
    size_t leaf = 64;
    const char *an = "keccak_256";
    zkp_keccak_alg alg;
    if (!PyArg_ParseTupleAndKeywords(args, kw, "y*|O&s:keccak_tree_root", kwlist, &v, zkpy_size_arg, &leaf, &an))
        return zkpy_parse_failed();
    if (alg_of(an, &alg) < 0 || leaf < 1) {
        if (leaf < 1 && !PyErr_Occurred()) PyErr_SetString(PyExc_ValueError, "keccak_tree_root: leaf_size must be >= 1");
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
    st = zkp_keccak_tree_hasher_init(h, alg, one_leaf_cap(leaf));
    if (st == ZKP_OK) st = zkp_keccak_tree_hasher_update(h, v.buf, (size_t)v.len);
    if (st == ZKP_OK) st = zkp_keccak_tree_hasher_finalize(h, root);
    Py_END_ALLOW_THREADS
    PyMem_Free(h);
    PyBuffer_Release(&v);
    return st == ZKP_OK ? digest32(root) : fail(st, "keccak_tree_root");
}

/* keccak_merkle_root(leaves, alg, threads=0): root over n = 2^k 32-byte leaves. */
static PyObject *py_keccak_merkle_root(PyObject *m, PyObject *args, PyObject *kw) {
    (void)m;
    static char *kwlist[] = {"leaves", "alg", "threads", NULL};
    Py_buffer v;
    const char *an = "keccak_256";
    unsigned threads = 0;
    zkp_keccak_alg alg;
    if (!PyArg_ParseTupleAndKeywords(args, kw, "y*|sO&:keccak_merkle_root", kwlist, &v, &an, zkpy_uint_arg, &threads)) return zkpy_parse_failed();
    if (alg_of(an, &alg) < 0) goto bad;
    if (v.len % 32) {
        PyErr_SetString(PyExc_ValueError, "keccak_merkle_root: leaves must be 32-byte nodes back to back");
        goto bad;
    }
    uint8_t root[32];
    zkp_status st;
    Py_BEGIN_ALLOW_THREADS
    st = zkp_keccak_tree_root(alg, v.buf, (size_t)v.len / 32, threads, root);
    Py_END_ALLOW_THREADS
    PyBuffer_Release(&v);
    return st == ZKP_OK ? digest32(root) : fail(st, "keccak_merkle_root");
bad:
    PyBuffer_Release(&v);
    return NULL;
}

/* keccak_merkle_build(leaves, alg, threads=0) -> bytes of all 2n-1 nodes. */
static PyObject *py_keccak_merkle_build(PyObject *m, PyObject *args, PyObject *kw) {
    (void)m;
    static char *kwlist[] = {"leaves", "alg", "threads", NULL};
    Py_buffer v;
    const char *an = "keccak_256";
    unsigned threads = 0;
    zkp_keccak_alg alg;
    if (!PyArg_ParseTupleAndKeywords(args, kw, "y*|sO&:keccak_merkle_build", kwlist, &v, &an, zkpy_uint_arg, &threads)) return zkpy_parse_failed();
    PyObject *res = NULL;
    size_t n = (size_t)v.len / 32;
    if (alg_of(an, &alg) < 0) goto out;
    if (v.len % 32 || n == 0 || (n & (n - 1))) {
        PyErr_SetString(PyExc_ValueError, "keccak_merkle_build: a power-of-two number of 32-byte leaves is required");
        goto out;
    }
    res = PyBytes_FromStringAndSize(NULL, (Py_ssize_t)(32 * (2 * n - 1)));
    if (!res) goto out;
    zkp_status st;
    Py_BEGIN_ALLOW_THREADS
    st = zkp_keccak_tree_build(alg, v.buf, n, threads, (uint8_t *)PyBytes_AS_STRING(res));
    Py_END_ALLOW_THREADS
    if (st != ZKP_OK) {
        Py_CLEAR(res);
        fail(st, "keccak_merkle_build");
    }
out:
    PyBuffer_Release(&v);
    return res;
}

/* keccak_merkle_proof(nodes, index) -> bytes (siblings, bottom first). */
static PyObject *py_keccak_merkle_proof(PyObject *m, PyObject *args) {
    (void)m;
    Py_buffer v;
    unsigned long long index;
    if (!PyArg_ParseTuple(args, "y*O&:keccak_merkle_proof", &v, zkpy_u64_arg, &index)) return zkpy_parse_failed();
    size_t nn = (size_t)v.len / 32, n = (nn + 1) / 2, depth = 0;
    PyObject *res = NULL;
    if (v.len % 32 || nn == 0 || 2 * n - 1 != nn || (n & (n - 1))) {
        PyErr_SetString(PyExc_ValueError, "keccak_merkle_proof: nodes must be a built tree (2n-1 nodes, n = 2^k)");
        goto out;
    }
    while (((size_t)1 << depth) < n) depth++;
    res = PyBytes_FromStringAndSize(NULL, (Py_ssize_t)(32 * depth));
    if (!res) goto out;
    zkp_status st = zkp_keccak_tree_proof(v.buf, n, index, depth ? (uint8_t *)PyBytes_AS_STRING(res) : NULL);
    if (st != ZKP_OK) {
        Py_CLEAR(res);
        fail(st, "keccak_merkle_proof");
    }
out:
    PyBuffer_Release(&v);
    return res;
}

/* keccak_merkle_verify(root, leaf, index, proof, alg) -> bool. */
static PyObject *py_keccak_merkle_verify(PyObject *m, PyObject *args, PyObject *kw) {
    (void)m;
    static char *kwlist[] = {"root", "leaf", "index", "proof", "alg", NULL};
    PyObject *root, *leaf;
    unsigned long long index;
    Py_buffer p;
    const char *an = "keccak_256";
    zkp_keccak_alg alg;
    uint8_t r[32], l[32];
    if (!PyArg_ParseTupleAndKeywords(args, kw, "OOO&y*|s:keccak_merkle_verify", kwlist, &root, &leaf, zkpy_u64_arg, &index, &p, &an))
        return zkpy_parse_failed();
    PyObject *res = NULL;
    if (alg_of(an, &alg) < 0 || zkpy_fixed_bytes(root, r, 32, "root") < 0 || zkpy_fixed_bytes(leaf, l, 32, "leaf") < 0)
        goto out;
    if (p.len % 32) {
        PyErr_SetString(PyExc_ValueError, "keccak_merkle_verify: proof must be 32-byte nodes");
        goto out;
    }
    zkp_status st = zkp_keccak_tree_verify(alg, r, l, index, p.buf, (size_t)p.len / 32);
    res = zkpy_verdict(st, "keccak_merkle_verify");
out:
    PyBuffer_Release(&p);
    return res;
}

/* ---- subtree planning (shared by Keccak and Hemera) ------------------------ */

static PyObject *offsets_list(const uint64_t *off, size_t k) { return zkpy_list(k + 1, zkpy_item_u64, off); }

/* Reads a list of part roots and their bounds (len(offsets) = len(cvs) + 1). */
static int load_parts(PyObject *cvs, PyObject *offs, uint8_t (**c)[32], uint64_t **o, size_t *k) {
    PyObject *fc = PySequence_Fast(cvs, "cvs must be a sequence of 32-byte roots");
    if (!fc) return -1;
    PyObject *fo = PySequence_Fast(offs, "offsets must be a sequence of ints");
    if (!fo) {
        Py_DECREF(fc);
        return -1;
    }
    size_t n = (size_t)PySequence_Fast_GET_SIZE(fc);
    int rc = -1;
    *c = NULL;
    *o = NULL;
    if ((size_t)PySequence_Fast_GET_SIZE(fo) != n + 1) {
        PyErr_SetString(PyExc_ValueError, "merge: len(offsets) must be len(cvs) + 1");
        goto out;
    }
    *c = PyMem_Malloc(32 * n + 32);
    *o = PyMem_Malloc(8 * (n + 1));
    if (!*c || !*o) {
        PyErr_NoMemory();
        goto out;
    }
    for (size_t i = 0; i < n; i++)
        if (zkpy_fixed_bytes(PySequence_Fast_GET_ITEM(fc, (Py_ssize_t)i), (*c)[i], 32, "merge: part root") < 0) goto out;
    for (size_t i = 0; i <= n; i++) {
        unsigned long long off;
        if (!zkpy_u64_arg(PySequence_Fast_GET_ITEM(fo, (Py_ssize_t)i), &off)) goto out;
        (*o)[i] = off;
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

static PyObject *py_keccak_subtree_split(PyObject *m, PyObject *args) {
    (void)m;
    unsigned long long total;
    size_t leaf, maxp;
    if (!PyArg_ParseTuple(args, "O&O&O&:keccak_subtree_split", zkpy_u64_arg, &total, zkpy_size_arg, &leaf, zkpy_size_arg,
                          &maxp))
        return NULL;
    if (leaf < 1 || maxp < 1 || maxp > 1 << 20)
        return PyErr_Format(PyExc_ValueError, "keccak_subtree_split: leaf_size >= 1 and 1 <= max_parts <= 2^20");
    uint64_t *off = PyMem_Malloc(8 * (maxp + 1));
    if (!off) return PyErr_NoMemory();
    size_t k;
    zkp_status st = zkp_keccak_subtree_split(total, one_leaf_cap(leaf), maxp, off, &k);
    PyObject *res = st == ZKP_OK ? offsets_list(off, k) : fail(st, "keccak_subtree_split");
    PyMem_Free(off);
    return res;
}

static PyObject *py_keccak_subtree_merge(PyObject *m, PyObject *args, PyObject *kw) {
    (void)m;
    static char *kwlist[] = {"cvs", "offsets", "leaf_size", "alg", NULL};
    PyObject *cvs, *offs;
    size_t leaf;
    const char *an = "keccak_256";
    zkp_keccak_alg alg;
    if (!PyArg_ParseTupleAndKeywords(args, kw, "OOO&|s:keccak_subtree_merge", kwlist, &cvs, &offs, zkpy_size_arg, &leaf,
                                     &an))
        return NULL;
    if (alg_of(an, &alg) < 0) return NULL;
    if (leaf < 1) return PyErr_Format(PyExc_ValueError, "keccak_subtree_merge: leaf_size must be >= 1");
    uint8_t(*c)[32];
    uint64_t *o;
    size_t k;
    if (load_parts(cvs, offs, &c, &o, &k) < 0) return NULL;
    uint8_t root[32];
    zkp_status st = zkp_keccak_subtree_merge_parts(alg, (const uint8_t(*)[32])c, o, k, one_leaf_cap(leaf), root);
    PyMem_Free(c);
    PyMem_Free(o);
    return st == ZKP_OK ? digest32(root) : fail(st, "keccak_subtree_merge");
}

/* A streaming Keccak tree hasher (the heap holds the ~6 KiB struct). */
typedef struct {
    PyObject_HEAD
    zkp_keccak_tree_hasher *h;
    zkpy_lock lock;
} KTreeObject;

static int ktree_init(PyObject *self, PyObject *args, PyObject *kw) {
    static char *kwlist[] = {"leaf_size", "alg", NULL};
    size_t leaf = 64;
    const char *an = "keccak_256";
    zkp_keccak_alg alg;
    KTreeObject *o = (KTreeObject *)self;
    if (!PyArg_ParseTupleAndKeywords(args, kw, "|O&s:KeccakTreeHasher", kwlist, zkpy_size_arg, &leaf, &an)) return -1;
    if (alg_of(an, &alg) < 0) return -1;
    if (leaf < 1) {
        PyErr_SetString(PyExc_ValueError, "KeccakTreeHasher: leaf_size must be >= 1");
        return -1;
    }
    if (!o->h && !(o->h = PyMem_Malloc(sizeof *o->h))) {
        PyErr_NoMemory();
        return -1;
    }
    zkp_status st = zkp_keccak_tree_hasher_init(o->h, alg, one_leaf_cap(leaf));
    if (st != ZKP_OK) {
        fail(st, "KeccakTreeHasher");
        return -1;
    }
    return 0;
}

/* ---- Hemera trees ----------------------------------------------------------- */

static PyObject *py_hemera_root(PyObject *m, PyObject *args, PyObject *kw) {
    (void)m;
    static char *kwlist[] = {"data", "threads", "cdc", NULL};
    Py_buffer v;
    unsigned threads = 0;
    int cdc = 0;
    if (!PyArg_ParseTupleAndKeywords(args, kw, "y*|O&p:hemera_root", kwlist, &v, zkpy_uint_arg, &threads, &cdc)) return zkpy_parse_failed();
    uint8_t root[32];
    zkp_status st;
    Py_BEGIN_ALLOW_THREADS
    st = cdc ? zkp_hemera_tree_root_cdc(v.buf, (size_t)v.len, root)
             : zkp_hemera_tree_root_fixed(v.buf, (size_t)v.len, threads, root);
    Py_END_ALLOW_THREADS
    PyBuffer_Release(&v);
    return st == ZKP_OK ? digest32(root) : fail(st, "hemera_root");
}

static PyObject *py_hemera_subtree_root(PyObject *m, PyObject *args) {
    (void)m;
    Py_buffer v;
    unsigned long long first;
    if (!PyArg_ParseTuple(args, "y*O&:hemera_subtree_root", &v, zkpy_u64_arg, &first)) return zkpy_parse_failed();
    uint8_t root[32];
    zkp_status st;
    Py_BEGIN_ALLOW_THREADS
    st = zkp_hemera_subtree_root(v.buf, (size_t)v.len, first, root);
    Py_END_ALLOW_THREADS
    PyBuffer_Release(&v);
    return st == ZKP_OK ? digest32(root) : fail(st, "hemera_subtree_root");
}

static PyObject *py_hemera_subtree_merge(PyObject *m, PyObject *args) {
    (void)m;
    PyObject *cvs, *offs;
    if (!PyArg_ParseTuple(args, "OO:hemera_subtree_merge", &cvs, &offs)) return NULL;
    uint8_t(*c)[32];
    uint64_t *o;
    size_t k;
    if (load_parts(cvs, offs, &c, &o, &k) < 0) return NULL;
    uint8_t root[32];
    zkp_status st = zkp_hemera_subtree_merge_parts((const uint8_t(*)[32])c, o, k, root);
    PyMem_Free(c);
    PyMem_Free(o);
    return st == ZKP_OK ? digest32(root) : fail(st, "hemera_subtree_merge");
}

static PyObject *py_hemera_subtree_split(PyObject *m, PyObject *args) {
    (void)m;
    unsigned long long total;
    size_t maxp;
    if (!PyArg_ParseTuple(args, "O&O&:hemera_subtree_split", zkpy_u64_arg, &total, zkpy_size_arg, &maxp)) return NULL;
    if (maxp < 1 || maxp > 1 << 20)
        return PyErr_Format(PyExc_ValueError, "hemera_subtree_split: 1 <= max_parts <= 2^20");
    uint64_t *off = PyMem_Malloc(8 * (maxp + 1));
    if (!off) return PyErr_NoMemory();
    size_t k;
    zkp_status st = zkp_hemera_subtree_split(total, maxp, off, &k);
    PyObject *res = st == ZKP_OK ? offsets_list(off, k) : fail(st, "hemera_subtree_split");
    PyMem_Free(off);
    return res;
}

static PyObject *py_hemera_proof(PyObject *m, PyObject *args) {
    (void)m;
    Py_buffer v;
    unsigned long long index;
    if (!PyArg_ParseTuple(args, "y*O&:hemera_proof", &v, zkpy_u64_arg, &index)) return zkpy_parse_failed();
    uint8_t proof[ZKP_HEMERA_PROOF_MAX_BYTES];
    size_t plen = 0;
    zkp_status st;
    Py_BEGIN_ALLOW_THREADS
    st = zkp_hemera_tree_proof(v.buf, (size_t)v.len, index, proof, sizeof proof, &plen);
    Py_END_ALLOW_THREADS
    PyBuffer_Release(&v);
    return st == ZKP_OK ? PyBytes_FromStringAndSize((const char *)proof, (Py_ssize_t)plen) : fail(st, "hemera_proof");
}

static PyObject *py_hemera_verify(PyObject *m, PyObject *args) {
    (void)m;
    PyObject *root;
    Py_buffer chunk, proof;
    unsigned long long index, total;
    uint8_t r[32];
    if (!PyArg_ParseTuple(args, "Oy*O&O&y*:hemera_verify", &root, &chunk, zkpy_u64_arg, &index, zkpy_u64_arg, &total, &proof)) return zkpy_parse_failed();
    PyObject *res = NULL;
    if (zkpy_fixed_bytes(root, r, 32, "hemera_verify: root") == 0) {
        zkp_status st = zkp_hemera_tree_verify(r, chunk.buf, (size_t)chunk.len, index, total, proof.buf, (size_t)proof.len);
        res = zkpy_verdict(st, "hemera_verify");
    }
    PyBuffer_Release(&chunk);
    PyBuffer_Release(&proof);
    return res;
}

/* A streaming Hemera fixed-tree hasher (the ~66 KiB struct on the heap). */
typedef struct {
    PyObject_HEAD
    zkp_hemera_tree_hasher *h;
    zkpy_lock lock;
} HTreeObject;

static int htree_init(PyObject *self, PyObject *args, PyObject *kw) {
    static char *kwlist[] = {"threads", NULL};
    unsigned threads = 0;
    HTreeObject *o = (HTreeObject *)self;
    if (!PyArg_ParseTupleAndKeywords(args, kw, "|O&:HemeraTreeHasher", kwlist, zkpy_uint_arg, &threads)) return -1;
    if (!o->h && !(o->h = PyMem_Malloc(sizeof *o->h))) {
        PyErr_NoMemory();
        return -1;
    }
    zkp_hemera_tree_hasher_init(o->h, threads);
    return 0;
}

/* update/finalize for both streaming tree types: same layout up to h. */
static PyObject *stream_update(PyObject *self, PyObject *data);
static PyObject *stream_finalize(PyObject *self, PyObject *noargs);
static PyTypeObject KTreeType, HTreeType;

static zkp_status stream_call(PyObject *self, const uint8_t *p, size_t n, uint8_t *root) {
    if (Py_IS_TYPE(self, &KTreeType)) {
        zkp_keccak_tree_hasher *h = ((KTreeObject *)self)->h;
        return root ? zkp_keccak_tree_hasher_finalize(h, root) : zkp_keccak_tree_hasher_update(h, p, n);
    }
    zkp_hemera_tree_hasher *h = ((HTreeObject *)self)->h;
    return root ? zkp_hemera_tree_hasher_finalize(h, root) : zkp_hemera_tree_hasher_update(h, p, n);
}

static zkpy_lock *stream_lock(PyObject *self) {
    return Py_IS_TYPE(self, &KTreeType) ? &((KTreeObject *)self)->lock : &((HTreeObject *)self)->lock;
}

static int stream_ready(PyObject *self) {
    void *h = Py_IS_TYPE(self, &KTreeType) ? (void *)((KTreeObject *)self)->h : (void *)((HTreeObject *)self)->h;
    if (!h) PyErr_SetString(PyExc_ValueError, "tree hasher not initialised");
    return h != NULL;
}

static PyObject *stream_update(PyObject *self, PyObject *data) {
    if (!stream_ready(self)) return NULL;
    Py_buffer v;
    if (zkpy_get_buffer(data, &v, "update") < 0) return NULL;
    zkpy_lock *l = stream_lock(self);
    if (zkpy_lock_ensure(l) < 0) {
        PyBuffer_Release(&v);
        return NULL;
    }
    zkp_status st;
    zkpy_lock_enter(l);
    Py_BEGIN_ALLOW_THREADS
    st = stream_call(self, v.buf, (size_t)v.len, NULL);
    Py_END_ALLOW_THREADS
    zkpy_lock_leave(l);
    PyBuffer_Release(&v);
    if (st != ZKP_OK) return fail(st, "update");
    Py_RETURN_NONE;
}

static PyObject *stream_finalize(PyObject *self, PyObject *noargs) {
    (void)noargs;
    if (!stream_ready(self)) return NULL;
    uint8_t root[32];
    zkpy_lock *l = stream_lock(self);
    zkpy_lock_enter(l);
    zkp_status st = stream_call(self, NULL, 0, root);
    zkpy_lock_leave(l);
    return st == ZKP_OK ? digest32(root) : fail(st, "finalize");
}

static void stream_dealloc(PyObject *self) {
    if (Py_IS_TYPE(self, &KTreeType)) PyMem_Free(((KTreeObject *)self)->h);
    else PyMem_Free(((HTreeObject *)self)->h);
    zkpy_lock_free(stream_lock(self));
    Py_TYPE(self)->tp_free(self);
}

static PyMethodDef stream_methods[] = {
    {"update", stream_update, METH_O, "Absorb more bytes (GIL released)."},
    {"finalize", stream_finalize, METH_NOARGS, "The root of everything so far (the hasher stays usable)."},
    {NULL, NULL, 0, NULL},
};

static PyTypeObject KTreeType = {
    PyVarObject_HEAD_INIT(NULL, 0).tp_name = "zkprim.tree.KeccakTreeHasher",
    .tp_basicsize = sizeof(KTreeObject),
    .tp_dealloc = stream_dealloc,
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "KeccakTreeHasher(leaf_size=64, alg='keccak_256'): the `zkprim tree -a keccak256` root by streaming.",
    .tp_methods = stream_methods,
    .tp_init = ktree_init,
    .tp_new = PyType_GenericNew,
};

static PyTypeObject HTreeType = {
    PyVarObject_HEAD_INIT(NULL, 0).tp_name = "zkprim.tree.HemeraTreeHasher",
    .tp_basicsize = sizeof(HTreeObject),
    .tp_dealloc = stream_dealloc,
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "HemeraTreeHasher(threads=0): the fixed 4 KiB-chunk Hemera root by streaming.",
    .tp_methods = stream_methods,
    .tp_init = htree_init,
    .tp_new = PyType_GenericNew,
};

/* ---- Poseidon Merkle trees -------------------------------------------------- */

static PyObject *item_fr(const void *ctx, size_t i) { return zkpy_fr_to_int((const zkp_poseidon_fr *)ctx + i); }

static PyObject *fr_list(const zkp_poseidon_fr *a, size_t n) { return zkpy_list(n, item_fr, a); }

/* poseidon_tree_build(leaves) -> list of all 2n-1 node ints (root last). */
static PyObject *py_poseidon_tree_build(PyObject *m, PyObject *leaves) {
    (void)m;
    size_t n;
    zkp_poseidon_fr *l = zkpy_fr_array(leaves, &n, "poseidon tree leaf");
    if (!l) return NULL;
    if (n == 0 || (n & (n - 1))) {
        PyMem_Free(l);
        return PyErr_Format(PyExc_ValueError, "poseidon tree: %zu leaves; a power of two is required", n);
    }
    zkp_poseidon_fr *nodes = PyMem_Malloc(sizeof *nodes * (2 * n - 1));
    if (!nodes) {
        PyMem_Free(l);
        return PyErr_NoMemory();
    }
    zkp_status st;
    Py_BEGIN_ALLOW_THREADS
    st = zkp_poseidon_tree_build(l, n, nodes);
    Py_END_ALLOW_THREADS
    PyObject *res = st == ZKP_OK ? fr_list(nodes, 2 * n - 1) : fail(st, "poseidon_tree_build");
    PyMem_Free(l);
    PyMem_Free(nodes);
    return res;
}

static PyObject *py_poseidon_tree_root(PyObject *m, PyObject *leaves) {
    (void)m;
    size_t n;
    zkp_poseidon_fr *l = zkpy_fr_array(leaves, &n, "poseidon tree leaf"), root;
    if (!l) return NULL;
    if (n == 0 || (n & (n - 1))) {
        PyMem_Free(l);
        return PyErr_Format(PyExc_ValueError, "poseidon tree: %zu leaves; a power of two is required", n);
    }
    zkp_status st;
    Py_BEGIN_ALLOW_THREADS
    st = zkp_poseidon_tree_root(l, n, &root);
    Py_END_ALLOW_THREADS
    PyMem_Free(l);
    return st == ZKP_OK ? zkpy_fr_to_int(&root) : fail(st, "poseidon_tree_root");
}

/* poseidon_tree_proof_root(leaf, index, proof) -> the root the path implies. */
static PyObject *py_poseidon_tree_proof_root(PyObject *m, PyObject *args) {
    (void)m;
    PyObject *leaf, *proof;
    unsigned long long index;
    if (!PyArg_ParseTuple(args, "OO&O:poseidon_tree_proof_root", &leaf, zkpy_u64_arg, &index, &proof)) return NULL;
    zkp_poseidon_fr lf, root;
    if (zkpy_fr_from_int(leaf, &lf, "leaf") < 0) return NULL;
    size_t d;
    zkp_poseidon_fr *p = zkpy_fr_array(proof, &d, "proof element");
    if (!p) return NULL;
    zkp_status st = zkp_poseidon_tree_proof_root(&lf, index, p, d, &root);
    PyMem_Free(p);
    return st == ZKP_OK ? zkpy_fr_to_int(&root) : fail(st, "poseidon_tree_proof_root");
}

/* ---- OpenZeppelin trees ------------------------------------------------------ */

/* oz_tree_build(leaves) -> (nodes bytes, tree indices): SimpleMerkleTree
 * layout over 32-byte leaf hashes (StandardMerkleTree: pass oz_leaf_hash()es). */
static PyObject *py_oz_tree_build(PyObject *m, PyObject *leaves) {
    (void)m;
    Py_buffer v;
    if (zkpy_get_buffer(leaves, &v, "oz_tree_build") < 0) return NULL;
    size_t n = (size_t)v.len / 32;
    PyObject *nodes = NULL, *idx = NULL, *res = NULL;
    uint64_t *ti = NULL;
    if (v.len % 32 || n == 0) {
        PyErr_SetString(PyExc_ValueError, "oz_tree_build: one or more 32-byte leaves back to back are required");
        goto out;
    }
    nodes = PyBytes_FromStringAndSize(NULL, (Py_ssize_t)(32 * (2 * n - 1)));
    ti = PyMem_Malloc(8 * n);
    if (!nodes || !ti) {
        if (nodes) PyErr_NoMemory();
        goto out;
    }
    zkp_status st;
    Py_BEGIN_ALLOW_THREADS
    st = zkp_oz_tree_build(v.buf, n, (uint8_t *)PyBytes_AS_STRING(nodes), ti);
    Py_END_ALLOW_THREADS
    if (st != ZKP_OK) {
        fail(st, "oz_tree_build");
        goto out;
    }
    idx = zkpy_list(n, zkpy_item_u64, ti);
    if (idx) res = PyTuple_Pack(2, nodes, idx);
out:
    Py_XDECREF(nodes);
    Py_XDECREF(idx);
    PyMem_Free(ti);
    PyBuffer_Release(&v);
    return res;
}

static PyObject *py_oz_tree_proof(PyObject *m, PyObject *args) {
    (void)m;
    Py_buffer v;
    unsigned long long index;
    if (!PyArg_ParseTuple(args, "y*O&:oz_tree_proof", &v, zkpy_u64_arg, &index)) return zkpy_parse_failed();
    uint8_t proof[64 * 32];
    size_t depth = 0;
    zkp_status st = v.len % 32 ? ZKP_ERR_COUNT : zkp_oz_tree_proof(v.buf, (size_t)v.len / 32, index, proof, 64, &depth);
    PyBuffer_Release(&v);
    if (st != ZKP_OK) return fail(st, "oz_tree_proof");
    return zkpy_list(depth, zkpy_item_bytes32, proof);
}

static PyObject *py_oz_tree_verify(PyObject *m, PyObject *args) {
    (void)m;
    PyObject *root, *leaf, *proof;
    if (!PyArg_ParseTuple(args, "OOO:oz_tree_verify", &root, &leaf, &proof)) return NULL;
    uint8_t r[32], l[32];
    if (zkpy_fixed_bytes(root, r, 32, "root") < 0 || zkpy_fixed_bytes(leaf, l, 32, "leaf") < 0) return NULL;
    PyObject *fp = PySequence_Fast(proof, "proof must be a sequence of 32-byte nodes");
    if (!fp) return NULL;
    size_t d = (size_t)PySequence_Fast_GET_SIZE(fp);
    uint8_t *p = PyMem_Malloc(32 * d + 32);
    PyObject *res = NULL;
    if (!p) {
        PyErr_NoMemory();
        goto out;
    }
    for (size_t i = 0; i < d; i++)
        if (zkpy_fixed_bytes(PySequence_Fast_GET_ITEM(fp, (Py_ssize_t)i), p + 32 * i, 32, "proof node") < 0) goto out;
    zkp_status st = zkp_oz_tree_verify(r, l, p, d);
    res = zkpy_verdict(st, "oz_tree_verify");
out:
    PyMem_Free(p);
    Py_DECREF(fp);
    return res;
}

/* oz_leaf_hash(types, values) -> StandardMerkleTree leaf: types are
 * Solidity type names, values their 32-byte ABI words (static types) or raw
 * bytes (bytes, string). */
static PyObject *py_oz_leaf_hash(PyObject *m, PyObject *args) {
    (void)m;
    PyObject *types, *values;
    if (!PyArg_ParseTuple(args, "OO:oz_leaf_hash", &types, &values)) return NULL;
    PyObject *ft = PySequence_Fast(types, "types must be a sequence of str");
    if (!ft) return NULL;
    PyObject *fv = PySequence_Fast(values, "values must be a sequence of bytes");
    if (!fv) {
        Py_DECREF(ft);
        return NULL;
    }
    size_t n = (size_t)PySequence_Fast_GET_SIZE(ft), got = 0, enc_len = 0;
    zkp_oz_abi_type *ty = PyMem_Calloc(n + 1, sizeof *ty);
    zkp_oz_abi_value *va = PyMem_Calloc(n + 1, sizeof *va);
    Py_buffer *views = PyMem_Calloc(n + 1, sizeof *views);
    uint8_t *enc = NULL;
    PyObject *res = NULL;
    zkp_status st;
    if (!ty || !va || !views) {
        PyErr_NoMemory();
        goto out;
    }
    if ((size_t)PySequence_Fast_GET_SIZE(fv) != n) {
        PyErr_SetString(PyExc_ValueError, "oz_leaf_hash: as many values as types are required");
        goto out;
    }
    for (; got < n; got++) {
        Py_ssize_t tl;
        const char *tn = PyUnicode_AsUTF8AndSize(PySequence_Fast_GET_ITEM(ft, (Py_ssize_t)got), &tl);
        if (!tn) goto out;
        if (zkp_oz_abi_type_parse(tn, (size_t)tl, &ty[got]) != ZKP_OK) {
            PyErr_Format(PyExc_ValueError, "oz_leaf_hash: unsupported ABI type '%s'", tn);
            goto out;
        }
        if (zkpy_get_buffer(PySequence_Fast_GET_ITEM(fv, (Py_ssize_t)got), &views[got], "oz_leaf_hash: value") < 0) goto out;
        va[got].data = views[got].buf;
        va[got].len = (size_t)views[got].len;
    }
    st = zkp_oz_abi_encode(ty, va, n, NULL, 0, &enc_len);
    if (st != ZKP_OK && st != ZKP_ERR_LENGTH) {
        fail(st, "oz_leaf_hash (abi.encode)");
        goto out;
    }
    if (!(enc = PyMem_Malloc(enc_len + 1))) {
        PyErr_NoMemory();
        goto out;
    }
    st = zkp_oz_abi_encode(ty, va, n, enc, enc_len, &enc_len);
    if (st != ZKP_OK) {
        fail(st, "oz_leaf_hash (abi.encode)");
        goto out;
    }
    uint8_t leaf[32];
    const uint8_t *ep = enc;
    st = zkp_oz_leaf_hash_batch(&ep, &enc_len, 1, leaf);
    res = st == ZKP_OK ? digest32(leaf) : fail(st, "oz_leaf_hash");
out:
    for (size_t i = 0; i < got; i++) PyBuffer_Release(&views[i]);
    PyMem_Free(ty);
    PyMem_Free(va);
    PyMem_Free(views);
    PyMem_Free(enc);
    Py_DECREF(ft);
    Py_DECREF(fv);
    return res;
}

/* ---- LeanIMT --------------------------------------------------------------------- */

/* The C tree is not thread-safe; insert_many drops the GIL, so every call
 * takes the object's lock once that exists. */
typedef struct {
    PyObject_HEAD
    zkp_lean_imt t;
    int live;
    zkpy_lock lock;
} LeanObject;

#define LEAN_CALL(o, expr)            \
    do {                              \
        zkpy_lock_enter(&(o)->lock);  \
        expr;                         \
        zkpy_lock_leave(&(o)->lock);  \
    } while (0)

static int lean_init(PyObject *self, PyObject *args, PyObject *kw) {
    (void)args;
    (void)kw;
    LeanObject *o = (LeanObject *)self;
    LEAN_CALL(o, if (o->live) zkp_lean_imt_free(&o->t); zkp_lean_imt_init(&o->t); o->live = 1);
    return 0;
}

static void lean_dealloc(PyObject *self) {
    LeanObject *o = (LeanObject *)self;
    if (o->live) zkp_lean_imt_free(&o->t);
    zkpy_lock_free(&o->lock);
    Py_TYPE(self)->tp_free(self);
}

static int elem_be(PyObject *obj, uint8_t out[32], const char *what) {
    uint8_t le[32];
    if (zkpy_int_to_le(obj, le, 32, what) < 0) return -1;
    for (int i = 0; i < 32; i++) out[i] = le[31 - i];
    return 0;
}

static PyObject *int_be(const uint8_t in[32]) {
    uint8_t le[32];
    for (int i = 0; i < 32; i++) le[i] = in[31 - i];
    return zkpy_int_from_le(le, 32);
}

static PyObject *item_be(const void *ctx, size_t i) { return int_be((const uint8_t *)ctx + 32 * i); }

static PyObject *lean_insert(PyObject *self, PyObject *leaf) {
    uint8_t b[32];
    if (elem_be(leaf, b, "insert") < 0) return NULL;
    LeanObject *o = (LeanObject *)self;
    zkp_status st;
    LEAN_CALL(o, st = zkp_lean_imt_insert(&o->t, b));
    if (st != ZKP_OK) return fail(st, "insert");
    Py_RETURN_NONE;
}

static PyObject *lean_insert_many(PyObject *self, PyObject *leaves) {
    PyObject *f = PySequence_Fast(leaves, "insert_many: a sequence of ints is required");
    if (!f) return NULL;
    size_t n = (size_t)PySequence_Fast_GET_SIZE(f);
    uint8_t *b = PyMem_Malloc(32 * n + 32);
    if (!b) {
        Py_DECREF(f);
        return PyErr_NoMemory();
    }
    for (size_t i = 0; i < n; i++)
        if (elem_be(PySequence_Fast_GET_ITEM(f, (Py_ssize_t)i), b + 32 * i, "insert_many") < 0) {
            PyMem_Free(b);
            Py_DECREF(f);
            return NULL;
        }
    Py_DECREF(f);
    LeanObject *o = (LeanObject *)self;
    if (zkpy_lock_ensure(&o->lock) < 0) {
        PyMem_Free(b);
        return NULL;
    }
    zkp_status st;
    zkpy_lock_enter(&o->lock);
    Py_BEGIN_ALLOW_THREADS
    st = zkp_lean_imt_insert_batch(&o->t, b, n);
    Py_END_ALLOW_THREADS
    zkpy_lock_leave(&o->lock);
    PyMem_Free(b);
    if (st != ZKP_OK) return fail(st, "insert_many");
    Py_RETURN_NONE;
}

static PyObject *lean_update(PyObject *self, PyObject *args) {
    unsigned long long index;
    PyObject *leaf;
    uint8_t b[32];
    if (!PyArg_ParseTuple(args, "O&O:update", zkpy_u64_arg, &index, &leaf) || elem_be(leaf, b, "update") < 0) return NULL;
    LeanObject *o = (LeanObject *)self;
    zkp_status st;
    LEAN_CALL(o, st = zkp_lean_imt_update(&o->t, index, b));
    if (st != ZKP_OK) return fail(st, "update");
    Py_RETURN_NONE;
}

static PyObject *lean_root(PyObject *self, void *c) {
    (void)c;
    uint8_t r[32];
    LeanObject *o = (LeanObject *)self;
    zkp_status st;
    LEAN_CALL(o, st = zkp_lean_imt_tree_root(&o->t, r));
    if (st == ZKP_ERR_COUNT) Py_RETURN_NONE;
    return st == ZKP_OK ? int_be(r) : fail(st, "root");
}
static PyObject *lean_size(PyObject *self, void *c) {
    (void)c;
    LeanObject *o = (LeanObject *)self;
    size_t v;
    LEAN_CALL(o, v = zkp_lean_imt_size(&o->t));
    return PyLong_FromSize_t(v);
}
static PyObject *lean_depth(PyObject *self, void *c) {
    (void)c;
    LeanObject *o = (LeanObject *)self;
    size_t v;
    LEAN_CALL(o, v = zkp_lean_imt_depth(&o->t));
    return PyLong_FromSize_t(v);
}

static PyObject *lean_index_of(PyObject *self, PyObject *leaf) {
    uint8_t b[32];
    uint64_t idx;
    if (elem_be(leaf, b, "index_of") < 0) return NULL;
    LeanObject *o = (LeanObject *)self;
    zkp_status st;
    LEAN_CALL(o, st = zkp_lean_imt_index_of(&o->t, b, &idx));
    if (st == ZKP_ERR_RANGE) return PyLong_FromLong(-1);
    if (st != ZKP_OK) return fail(st, "index_of");
    return idx == ZKP_LEAN_IMT_NOT_FOUND ? PyLong_FromLong(-1) : PyLong_FromUnsignedLongLong(idx);
}

/* generate_proof(index) -> dict in the package's shape (root, leaf, index, siblings). */
static PyObject *lean_proof(PyObject *self, PyObject *arg) {
    unsigned long long index;
    if (!zkpy_u64_arg(arg, &index)) return NULL;
    zkp_lean_imt_proof p;
    LeanObject *o = (LeanObject *)self;
    zkp_status st;
    LEAN_CALL(o, st = zkp_lean_imt_tree_proof(&o->t, index, &p));
    if (st != ZKP_OK) return fail(st, "generate_proof");
    PyObject *sib = zkpy_list(p.n_siblings, item_be, p.siblings);
    if (!sib) return NULL;
    PyObject *r = int_be(p.root), *l = int_be(p.leaf);
    PyObject *d = r && l ? Py_BuildValue("{sOsOsKsO}", "root", r, "leaf", l, "index", (unsigned long long)p.index,
                                         "siblings", sib)
                         : NULL;
    Py_XDECREF(r);
    Py_XDECREF(l);
    Py_DECREF(sib);
    return d;
}

/* verify_proof(proof dict) -> bool (the package's static verifyProof). */
static PyObject *lean_verify(PyObject *cls, PyObject *d) {
    (void)cls;
    zkp_lean_imt_proof p;
    memset(&p, 0, sizeof p);
    PyObject *r = PyMapping_GetItemString(d, "root"), *l = r ? PyMapping_GetItemString(d, "leaf") : NULL;
    PyObject *i = l ? PyMapping_GetItemString(d, "index") : NULL, *s = i ? PyMapping_GetItemString(d, "siblings") : NULL;
    PyObject *fs = s ? PySequence_Fast(s, "siblings must be a sequence of ints") : NULL, *res = NULL;
    if (!fs) goto out;
    unsigned long long index;
    if (!zkpy_u64_arg(i, &index)) goto out;
    p.index = index;
    if (elem_be(r, p.root, "root") < 0 || elem_be(l, p.leaf, "leaf") < 0) goto out;
    p.n_siblings = (size_t)PySequence_Fast_GET_SIZE(fs);
    if (p.n_siblings > ZKP_LEAN_IMT_MAX_DEPTH) {
        PyErr_SetString(PyExc_ValueError, "verify_proof: more than 64 siblings");
        goto out;
    }
    for (size_t k = 0; k < p.n_siblings; k++)
        if (elem_be(PySequence_Fast_GET_ITEM(fs, (Py_ssize_t)k), p.siblings[k], "sibling") < 0) goto out;
    zkp_status st = zkp_lean_imt_tree_verify(&p);
    res = zkpy_verdict(st, "verify_proof");
out:
    Py_XDECREF(r);
    Py_XDECREF(l);
    Py_XDECREF(i);
    Py_XDECREF(s);
    Py_XDECREF(fs);
    return res;
}

static PyMethodDef lean_methods[] = {
    {"insert", lean_insert, METH_O, "Append one leaf (int < p)."},
    {"insert_many", lean_insert_many, METH_O, "Append many leaves (the package's insertMany)."},
    {"update", lean_update, METH_VARARGS, "update(index, leaf)."},
    {"index_of", lean_index_of, METH_O, "Position of the first equal leaf, or -1."},
    {"generate_proof", lean_proof, METH_O, "Proof dict: root, leaf, index, siblings."},
    {"verify_proof", lean_verify, METH_O | METH_STATIC, "Check a proof dict -> bool."},
    {NULL, NULL, 0, NULL},
};

static PyGetSetDef lean_getset[] = {
    {"root", lean_root, NULL, "root int (None when empty)", NULL},
    {"size", lean_size, NULL, "number of leaves", NULL},
    {"depth", lean_depth, NULL, "depth", NULL},
    {NULL, NULL, NULL, NULL, NULL},
};

static PyTypeObject LeanType = {
    PyVarObject_HEAD_INIT(NULL, 0).tp_name = "zkprim.tree.LeanIMT",
    .tp_basicsize = sizeof(LeanObject),
    .tp_dealloc = lean_dealloc,
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "LeanIMT(): Semaphore's lean incremental Merkle tree over Poseidon (@zk-kit/lean-imt 2.2.5).",
    .tp_methods = lean_methods,
    .tp_getset = lean_getset,
    .tp_init = lean_init,
    .tp_new = PyType_GenericNew,
};

#define KW(f) (PyCFunction)(void (*)(void))(f), METH_VARARGS | METH_KEYWORDS
static PyMethodDef tree_functions[] = {
    {"keccak_tree_root", KW(py_keccak_tree_root), "Root of `zkprim tree -a keccak256` over data."},
    {"keccak_merkle_root", KW(py_keccak_merkle_root), "Root over 2^k 32-byte leaves."},
    {"keccak_merkle_build", KW(py_keccak_merkle_build), "All 2n-1 nodes over 2^k 32-byte leaves."},
    {"keccak_merkle_proof", py_keccak_merkle_proof, METH_VARARGS, "Proof of a leaf from built nodes."},
    {"keccak_merkle_verify", KW(py_keccak_merkle_verify), "Check a proof -> bool."},
    {"keccak_subtree_split", py_keccak_subtree_split, METH_VARARGS, "Legal split offsets."},
    {"keccak_subtree_merge", KW(py_keccak_subtree_merge), "Root from part roots."},
    {"hemera_root", KW(py_hemera_root), "Fixed 4 KiB-chunk root (cdc=True: content-defined)."},
    {"hemera_subtree_root", py_hemera_subtree_root, METH_VARARGS, "Root of one legal part."},
    {"hemera_subtree_merge", py_hemera_subtree_merge, METH_VARARGS, "Root from part roots."},
    {"hemera_subtree_split", py_hemera_subtree_split, METH_VARARGS, "Legal split offsets."},
    {"hemera_proof", py_hemera_proof, METH_VARARGS, "Inclusion proof of chunk index."},
    {"hemera_verify", py_hemera_verify, METH_VARARGS, "Check an inclusion proof -> bool."},
    {"poseidon_tree_root", py_poseidon_tree_root, METH_O, "Root over 2^k leaves."},
    {"poseidon_tree_build", py_poseidon_tree_build, METH_O, "All 2n-1 nodes (ints)."},
    {"poseidon_tree_proof_root", py_poseidon_tree_proof_root, METH_VARARGS, "Root a proof implies."},
    {"oz_tree_build", py_oz_tree_build, METH_O, "OpenZeppelin tree: (nodes, tree indices)."},
    {"oz_tree_proof", py_oz_tree_proof, METH_VARARGS, "getProof(tree index)."},
    {"oz_tree_verify", py_oz_tree_verify, METH_VARARGS, "verify(root, leaf, proof) -> bool."},
    {"oz_leaf_hash", py_oz_leaf_hash, METH_VARARGS, "StandardMerkleTree leaf hash."},
    {NULL, NULL, 0, NULL},
};

int zkpy_tree_init(PyObject *m) {
    if (PyType_Ready(&KTreeType) < 0 || PyType_Ready(&HTreeType) < 0 || PyType_Ready(&LeanType) < 0) return -1;
    Py_INCREF(&KTreeType);
    if (PyModule_AddObject(m, "KeccakTreeHasher", (PyObject *)&KTreeType) < 0) return -1;
    Py_INCREF(&HTreeType);
    if (PyModule_AddObject(m, "HemeraTreeHasher", (PyObject *)&HTreeType) < 0) return -1;
    Py_INCREF(&LeanType);
    if (PyModule_AddObject(m, "LeanIMT", (PyObject *)&LeanType) < 0) return -1;
    return PyModule_AddFunctions(m, tree_functions);
}
