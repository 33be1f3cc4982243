/*
 * zkprim.tree, LeanIMT: Semaphore's lean incremental Merkle tree over
 * Poseidon (@zk-kit/lean-imt 2.2.5), zk-kit's method names. verify_proof
 * checks a proof against this tree's root; verify_proof_consistency (static)
 * checks only that a proof is consistent with the root it carries.
 */
#include "helpers.h" /* first: Python.h sets the feature macros */

#include <stdio.h>
#include <string.h>

#include "zkprim/lean_imt.h"


/* The C tree is not thread-safe; insert_batch drops the GIL, so every call
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
    PyTypeObject *tp = Py_TYPE(self);
    tp->tp_free(self);
    Py_DECREF(tp);
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
    if (elem_be(leaf, b, "insert: leaf") < 0) return NULL;
    LeanObject *o = (LeanObject *)self;
    zkp_status st;
    LEAN_CALL(o, st = zkp_lean_imt_insert(&o->t, b));
    if (st != ZKP_OK) return zkpy_status_error(st, "insert");
    Py_RETURN_NONE;
}

static PyObject *lean_insert_batch(PyObject *self, PyObject *leaves) {
    PyObject *f = PySequence_Fast(leaves, "insert_batch: a sequence of ints is required");
    if (!f) return NULL;
    size_t n = (size_t)PySequence_Fast_GET_SIZE(f);
    uint8_t *b = PyMem_Malloc(32 * n + 32);
    if (!b) {
        Py_DECREF(f);
        return PyErr_NoMemory();
    }
    for (size_t i = 0; i < n; i++)
        if (elem_be(PySequence_Fast_GET_ITEM(f, (Py_ssize_t)i), b + 32 * i, "insert_batch: leaf") < 0) {
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
    if (st != ZKP_OK) return zkpy_status_error(st, "insert_batch");
    Py_RETURN_NONE;
}

static PyObject *lean_update(PyObject *self, PyObject *args) {
    zkpy_int index = ZKPY_INT("update: index", 0, ZKPY_U64_MAX, 0);
    PyObject *leaf;
    uint8_t b[32];
    if (!PyArg_ParseTuple(args, "O&O:update", zkpy_int_arg, &index, &leaf) || elem_be(leaf, b, "update: leaf") < 0)
        return NULL;
    LeanObject *o = (LeanObject *)self;
    zkp_status st;
    LEAN_CALL(o, st = zkp_lean_imt_update(&o->t, index.v, b));
    if (st != ZKP_OK) return zkpy_status_error(st, "update");
    Py_RETURN_NONE;
}

static PyObject *lean_root(PyObject *self, void *c) {
    (void)c;
    uint8_t r[32];
    LeanObject *o = (LeanObject *)self;
    zkp_status st;
    LEAN_CALL(o, st = zkp_lean_imt_tree_root(&o->t, r));
    if (st == ZKP_ERR_COUNT) Py_RETURN_NONE;
    return st == ZKP_OK ? int_be(r) : zkpy_status_error(st, "root");
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
    if (elem_be(leaf, b, "index_of: leaf") < 0) return NULL;
    LeanObject *o = (LeanObject *)self;
    zkp_status st;
    LEAN_CALL(o, st = zkp_lean_imt_index_of(&o->t, b, &idx));
    if (st == ZKP_ERR_RANGE) return PyLong_FromLong(-1);
    if (st != ZKP_OK) return zkpy_status_error(st, "index_of");
    return idx == ZKP_LEAN_IMT_NOT_FOUND ? PyLong_FromLong(-1) : PyLong_FromUnsignedLongLong(idx);
}

/* generate_proof(index) -> dict in the package's shape (root, leaf, index, siblings). */
static PyObject *lean_proof(PyObject *self, PyObject *arg) {
    zkpy_int index = ZKPY_INT("generate_proof: index", 0, ZKPY_U64_MAX, 0);
    if (!zkpy_int_arg(arg, &index)) return NULL;
    zkp_lean_imt_proof p;
    LeanObject *o = (LeanObject *)self;
    zkp_status st;
    LEAN_CALL(o, st = zkp_lean_imt_tree_proof(&o->t, index.v, &p));
    if (st != ZKP_OK) return zkpy_status_error(st, "generate_proof");
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

/* A proof dict (root, leaf, index, siblings) -> *p. A missing key or a
 * value of the wrong type is a TypeError naming the call and the key (a
 * missing key was a bare KeyError before 1.1.0). */
static PyObject *proof_item(PyObject *d, const char *key, const char *what) {
    PyObject *v = PyMapping_GetItemString(d, key);
    if (!v && (PyErr_ExceptionMatches(PyExc_KeyError) || PyErr_ExceptionMatches(PyExc_TypeError))) {
        PyErr_Clear();
        PyErr_Format(PyExc_TypeError, "%s: the proof has no '%s' (a dict with root, leaf, index, siblings is required)",
                     what, key);
    }
    return v;
}

static int load_proof(PyObject *d, zkp_lean_imt_proof *p, const char *what) {
    memset(p, 0, sizeof *p);
    if (!PyMapping_Check(d) || PyUnicode_Check(d)) {
        PyErr_Format(PyExc_TypeError, "%s: a proof dict (root, leaf, index, siblings) is required, not '%.100s'", what,
                     Py_TYPE(d)->tp_name);
        return -1;
    }
    char name[64];
    PyObject *r = proof_item(d, "root", what), *l = r ? proof_item(d, "leaf", what) : NULL;
    PyObject *i = l ? proof_item(d, "index", what) : NULL, *s = i ? proof_item(d, "siblings", what) : NULL;
    PyObject *fs = s ? PySequence_Fast(s, "siblings must be a sequence of ints") : NULL;
    int rc = -1;
    if (!fs) goto out;
    snprintf(name, sizeof name, "%s: index", what);
    zkpy_int index = ZKPY_INT(name, 0, ZKPY_U64_MAX, 0);
    if (!zkpy_int_arg(i, &index)) goto out;
    p->index = index.v;
    snprintf(name, sizeof name, "%s: root", what);
    if (elem_be(r, p->root, name) < 0) goto out;
    snprintf(name, sizeof name, "%s: leaf", what);
    if (elem_be(l, p->leaf, name) < 0) goto out;
    p->n_siblings = (size_t)PySequence_Fast_GET_SIZE(fs);
    if (p->n_siblings > ZKP_LEAN_IMT_MAX_DEPTH) {
        PyErr_Format(PyExc_ValueError, "%s: more than 64 siblings", what);
        goto out;
    }
    snprintf(name, sizeof name, "%s: sibling", what);
    for (size_t k = 0; k < p->n_siblings; k++)
        if (elem_be(PySequence_Fast_GET_ITEM(fs, (Py_ssize_t)k), p->siblings[k], name) < 0) goto out;
    rc = 0;
out:
    Py_XDECREF(r);
    Py_XDECREF(l);
    Py_XDECREF(i);
    Py_XDECREF(s);
    Py_XDECREF(fs);
    return rc;
}

/* verify_proof_consistency(proof) -> bool, static: the siblings lead from
 * the leaf to the root the proof itself carries (zk-kit's static
 * verifyProof). It proves nothing about membership in a tree you trust:
 * anyone can build a consistent proof for any leaf. */
static PyObject *lean_verify_consistency(PyObject *cls, PyObject *d) {
    (void)cls;
    zkp_lean_imt_proof p;
    if (load_proof(d, &p, "verify_proof_consistency") < 0) return NULL;
    return zkpy_verdict(zkp_lean_imt_tree_verify(&p), "verify_proof_consistency");
}

/* verify_proof(proof) -> bool: the proof is consistent and its root is this
 * tree's root (False on an empty tree). Before 1.1.0 this was the static
 * consistency check, which returned True for a proof from any tree. */
static PyObject *lean_verify(PyObject *self, PyObject *d) {
    zkp_lean_imt_proof p;
    if (load_proof(d, &p, "verify_proof") < 0) return NULL;
    LeanObject *o = (LeanObject *)self;
    uint8_t root[32];
    zkp_status st;
    LEAN_CALL(o, st = zkp_lean_imt_tree_root(&o->t, root));
    if (st == ZKP_ERR_COUNT) Py_RETURN_FALSE; /* an empty tree has no root: nothing is in it */
    if (st != ZKP_OK) return zkpy_status_error(st, "verify_proof");
    uint8_t diff = 0; /* roots are public; compared without a data-dependent exit anyway */
    for (int k = 0; k < 32; k++) diff |= (uint8_t)(root[k] ^ p.root[k]);
    if (diff) Py_RETURN_FALSE;
    return zkpy_verdict(zkp_lean_imt_tree_verify(&p), "verify_proof");
}

static PyMethodDef lean_methods[] = {
    {"insert", lean_insert, METH_O, "Append one leaf (int < p)."},
    {"insert_batch", lean_insert_batch, METH_O, "Append many leaves (the package's insertMany)."},
    {"update", lean_update, METH_VARARGS, "update(index, leaf)."},
    {"index_of", lean_index_of, METH_O, "Position of the first equal leaf, or -1."},
    {"generate_proof", lean_proof, METH_O, "Proof dict: root, leaf, index, siblings."},
    {"verify_proof", lean_verify, METH_O, "True when the proof dict is consistent and its root is this tree's root."},
    {"verify_proof_consistency", lean_verify_consistency, METH_O | METH_STATIC,
     "True when the proof dict is consistent with the root it carries (proves no membership by itself)."},
    {NULL, NULL, 0, NULL},
};

static PyGetSetDef lean_getset[] = {
    {"root", lean_root, NULL, "root int (None when empty)", NULL},
    {"size", lean_size, NULL, "number of leaves", NULL},
    {"depth", lean_depth, NULL, "depth", NULL},
    {NULL, NULL, NULL, NULL, NULL},
};

/* Subclassable: zkprim.tree.LeanIMT adds the deprecated names in Python. */
static PyType_Slot lean_slots[] = {
    {Py_tp_dealloc, lean_dealloc},
    {Py_tp_doc, "LeanIMT(): Semaphore's lean incremental Merkle tree over Poseidon (@zk-kit/lean-imt 2.2.5)."},
    {Py_tp_methods, lean_methods},
    {Py_tp_getset, lean_getset},
    {Py_tp_init, lean_init},
    {Py_tp_new, PyType_GenericNew},
    {0, NULL},
};
static PyType_Spec lean_spec = {"zkprim._zkprim.LeanIMT", sizeof(LeanObject), 0,
                                Py_TPFLAGS_DEFAULT | Py_TPFLAGS_BASETYPE | Py_TPFLAGS_IMMUTABLETYPE, lean_slots};

int zkpy_tree_lean_imt_exec(PyObject *m) { return zkpy_add_type(m, &lean_spec, &zkpy_state_of(m)->lean_imt); }
