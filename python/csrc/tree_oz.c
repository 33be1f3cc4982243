/*
 * zkprim.tree, OpenZeppelin trees (@openzeppelin/merkle-tree 1.0.8): the
 * SimpleMerkleTree layout over 32-byte leaf hashes, proofs, verification,
 * and StandardMerkleTree's leaf hash of ABI values (oz_leaf_hash: the
 * two-pass zkp_oz_abi_encode, then the leaf hash).
 */
#include "helpers.h" /* first: Python.h sets the feature macros */

#include "zkprim/oz_tree.h"

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
        zkpy_status_error(st, "oz_tree_build");
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
    zkpy_int index = ZKPY_INT("oz_tree_proof: index", 0, ZKPY_U64_MAX, 0);
    if (!PyArg_ParseTuple(args, "y*O&:oz_tree_proof", &v, zkpy_int_arg, &index)) return zkpy_parse_failed();
    uint8_t proof[64 * 32];
    size_t depth = 0;
    zkp_status st = v.len % 32 ? ZKP_ERR_COUNT : zkp_oz_tree_proof(v.buf, (size_t)v.len / 32, index.v, proof, 64, &depth);
    PyBuffer_Release(&v);
    if (st != ZKP_OK) return zkpy_status_error(st, "oz_tree_proof");
    return zkpy_list(depth, zkpy_item_bytes32, proof);
}

static PyObject *py_oz_tree_verify(PyObject *m, PyObject *args) {
    (void)m;
    PyObject *root, *leaf, *proof;
    if (!PyArg_ParseTuple(args, "OOO:oz_tree_verify", &root, &leaf, &proof)) return NULL;
    uint8_t r[32], l[32];
    if (zkpy_fixed_bytes(root, r, 32, "oz_tree_verify: root") < 0 || zkpy_fixed_bytes(leaf, l, 32, "oz_tree_verify: leaf") < 0) return NULL;
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
        if (zkpy_fixed_bytes(PySequence_Fast_GET_ITEM(fp, (Py_ssize_t)i), p + 32 * i, 32, "oz_tree_verify: proof node") < 0) goto out;
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
        zkpy_status_error(st, "oz_leaf_hash (abi.encode)");
        goto out;
    }
    if (!(enc = PyMem_Malloc(enc_len + 1))) {
        PyErr_NoMemory();
        goto out;
    }
    st = zkp_oz_abi_encode(ty, va, n, enc, enc_len, &enc_len);
    if (st != ZKP_OK) {
        zkpy_status_error(st, "oz_leaf_hash (abi.encode)");
        goto out;
    }
    uint8_t leaf[32];
    const uint8_t *ep = enc;
    st = zkp_oz_leaf_hash_batch(&ep, &enc_len, 1, leaf);
    res = st == ZKP_OK ? zkpy_digest32(leaf) : zkpy_status_error(st, "oz_leaf_hash");
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

static PyMethodDef oz_tree_functions[] = {
    {"oz_tree_build", py_oz_tree_build, METH_O, "OpenZeppelin tree: (nodes, tree indices)."},
    {"oz_tree_proof", py_oz_tree_proof, METH_VARARGS, "getProof(tree index)."},
    {"oz_tree_verify", py_oz_tree_verify, METH_VARARGS, "verify(root, leaf, proof) -> bool."},
    {"oz_leaf_hash", py_oz_leaf_hash, METH_VARARGS, "StandardMerkleTree leaf hash."},
    {NULL, NULL, 0, NULL},
};

int zkpy_tree_oz_exec(PyObject *m) { return PyModule_AddFunctions(m, oz_tree_functions); }
