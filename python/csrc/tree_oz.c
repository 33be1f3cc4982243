/*
 * zkprim.tree, OpenZeppelin trees (@openzeppelin/merkle-tree 1.0.8): the
 * SimpleMerkleTree layout over 32-byte leaf hashes, proofs, verification,
 * the check of a tree read back, and StandardMerkleTree's leaf hashes of ABI
 * values (zkp_oz_leaf_hash_values: the encoding and hashing are the
 * library's; here only the conversion of types and values).
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

/* oz_tree_check(nodes): the package's validate() of a tree read back; None,
 * or ValueError naming the deepest node that is not the hash of its children. */
static PyObject *py_oz_tree_check(PyObject *m, PyObject *nodes) {
    (void)m;
    Py_buffer v;
    if (zkpy_get_buffer(nodes, &v, "oz_tree_check") < 0) return NULL;
    size_t bad = SIZE_MAX;
    Py_ssize_t len = v.len;
    zkp_status st = len % 32 ? ZKP_ERR_COUNT : zkp_oz_tree_check(v.buf, (size_t)len / 32, &bad);
    PyBuffer_Release(&v);
    if (st == ZKP_ERR_VERIFY)
        return PyErr_Format(PyExc_ValueError, "oz_tree_check: Merkle tree is invalid: node %zu is not the hash of its children",
                            bad);
    if (st == ZKP_ERR_COUNT)
        return PyErr_Format(PyExc_ValueError, "oz_tree_check: %zd bytes are not an odd number of 32-byte nodes", len);
    if (st != ZKP_OK) return zkpy_status_error(st, "oz_tree_check");
    Py_RETURN_NONE;
}

/* ---- StandardMerkleTree leaves: ABI values -> leaf hashes ---------------- */

/* The arguments of one zkp_oz_leaf_hash_values call: n_types parsed types,
 * n rows of n_types values viewed from Python buffers (released by free). */
typedef struct oz_rows {
    PyObject *types;
    zkp_oz_abi_type *ty;
    size_t n_types, n, got;
    zkp_oz_abi_value *va;
    Py_buffer *views;
} oz_rows;

static void rows_free(oz_rows *r) {
    for (size_t i = 0; i < r->got; i++) PyBuffer_Release(&r->views[i]);
    Py_XDECREF(r->types);
    PyMem_Free(r->ty);
    PyMem_Free(r->va);
    PyMem_Free(r->views);
}

/* Solidity type names -> r->ty; room for n rows of values. */
static int rows_init(oz_rows *r, PyObject *types, size_t n, const char *what) {
    if (!(r->types = PySequence_Fast(types, "types must be a sequence of str"))) return -1;
    size_t k = r->n_types = (size_t)PySequence_Fast_GET_SIZE(r->types);
    r->n = n;
    if (n && k > PY_SSIZE_T_MAX / sizeof(Py_buffer) / n) return PyErr_NoMemory(), -1;
    r->ty = PyMem_Calloc(k + 1, sizeof *r->ty);
    r->va = PyMem_Calloc(k * n + 1, sizeof *r->va);
    r->views = PyMem_Calloc(k * n + 1, sizeof *r->views);
    if (!r->ty || !r->va || !r->views) return PyErr_NoMemory(), -1;
    for (size_t i = 0; i < k; i++) {
        Py_ssize_t tl;
        const char *tn = PyUnicode_AsUTF8AndSize(PySequence_Fast_GET_ITEM(r->types, (Py_ssize_t)i), &tl);
        if (!tn) return -1;
        if (zkp_oz_abi_type_parse(tn, (size_t)tl, &r->ty[i]) != ZKP_OK) {
            PyErr_Format(PyExc_ValueError, "%s: unsupported ABI type '%s'", what, tn);
            return -1;
        }
    }
    return 0;
}

/* Row `row`'s values (n_types buffers) into r->va. */
static int rows_add(oz_rows *r, PyObject *values, size_t row, const char *what) {
    PyObject *fv = PySequence_Fast(values, "values must be a sequence of bytes");
    if (!fv) return -1;
    int rc = -1;
    if ((size_t)PySequence_Fast_GET_SIZE(fv) != r->n_types) {
        PyErr_Format(PyExc_ValueError, "%s: %zd values for %zu types (row %zu); as many values as types are required",
                     what, PySequence_Fast_GET_SIZE(fv), r->n_types, row);
        goto out;
    }
    for (size_t i = 0; i < r->n_types; i++, r->got++) {
        if (zkpy_get_buffer(PySequence_Fast_GET_ITEM(fv, (Py_ssize_t)i), &r->views[r->got], what) < 0) goto out;
        r->va[r->got].data = r->views[r->got].buf;
        r->va[r->got].len = (size_t)r->views[r->got].len;
    }
    rc = 0;
out:
    Py_DECREF(fv);
    return rc;
}

/* The leaf hashes of all rows into out (32 bytes each); the value the
 * library refused is named by row, item and type. */
static int rows_hash(oz_rows *r, uint8_t *out, const char *what) {
    size_t bad;
    zkp_status st;
    Py_BEGIN_ALLOW_THREADS
    st = zkp_oz_leaf_hash_values(r->ty, r->n_types, r->va, r->n, out, &bad);
    Py_END_ALLOW_THREADS
    if (st == ZKP_OK) return 0;
    if (bad == SIZE_MAX) return zkpy_status_error(st, what), -1;
    size_t row = bad / r->n_types, item = bad % r->n_types;
    const char *tn = PyUnicode_AsUTF8(PySequence_Fast_GET_ITEM(r->types, (Py_ssize_t)item));
    if (r->n == 1 && tn)
        PyErr_Format(PyExc_ValueError, "%s: value %zu (%s): %s (%s)", what, item, tn, zkp_status_str(st),
                     zkp_status_name(st));
    else if (tn)
        PyErr_Format(PyExc_ValueError, "%s: row %zu, value %zu (%s): %s (%s)", what, row, item, tn, zkp_status_str(st),
                     zkp_status_name(st));
    return -1;
}

/* oz_leaf_hash(types, values) -> StandardMerkleTree leaf: types are
 * Solidity type names, values their 32-byte ABI words (static types) or raw
 * bytes (bytes, string). */
static PyObject *py_oz_leaf_hash(PyObject *m, PyObject *args) {
    (void)m;
    PyObject *types, *values, *res = NULL;
    if (!PyArg_ParseTuple(args, "OO:oz_leaf_hash", &types, &values)) return NULL;
    oz_rows r = {0};
    uint8_t leaf[32];
    if (rows_init(&r, types, 1, "oz_leaf_hash") == 0 && rows_add(&r, values, 0, "oz_leaf_hash") == 0 &&
        rows_hash(&r, leaf, "oz_leaf_hash") == 0)
        res = zkpy_digest32(leaf);
    rows_free(&r);
    return res;
}

/* oz_leaf_hash_values(types, rows) -> bytes: the leaf hashes of many rows
 * (StandardMerkleTree.of's leaves, oz_tree_build's input), 32 bytes each. */
static PyObject *py_oz_leaf_hash_values(PyObject *m, PyObject *args) {
    (void)m;
    PyObject *types, *rows, *res = NULL;
    if (!PyArg_ParseTuple(args, "OO:oz_leaf_hash_values", &types, &rows)) return NULL;
    PyObject *fr = PySequence_Fast(rows, "rows must be a sequence of value sequences");
    if (!fr) return NULL;
    size_t n = (size_t)PySequence_Fast_GET_SIZE(fr);
    oz_rows r = {0};
    if (rows_init(&r, types, n, "oz_leaf_hash_values") < 0) goto out;
    for (size_t i = 0; i < n; i++)
        if (rows_add(&r, PySequence_Fast_GET_ITEM(fr, (Py_ssize_t)i), i, "oz_leaf_hash_values") < 0) goto out;
    if (!(res = PyBytes_FromStringAndSize(NULL, (Py_ssize_t)(32 * n)))) goto out;
    if (rows_hash(&r, (uint8_t *)PyBytes_AS_STRING(res), "oz_leaf_hash_values") < 0) Py_CLEAR(res);
out:
    rows_free(&r);
    Py_DECREF(fr);
    return res;
}

static PyMethodDef oz_tree_functions[] = {
    {"oz_tree_build", py_oz_tree_build, METH_O, "OpenZeppelin tree: (nodes, tree indices)."},
    {"oz_tree_proof", py_oz_tree_proof, METH_VARARGS, "getProof(tree index)."},
    {"oz_tree_verify", py_oz_tree_verify, METH_VARARGS, "verify(root, leaf, proof) -> bool."},
    {"oz_tree_check", py_oz_tree_check, METH_O, "validate(): every inner node hashes its children."},
    {"oz_leaf_hash", py_oz_leaf_hash, METH_VARARGS, "StandardMerkleTree leaf hash."},
    {"oz_leaf_hash_values", py_oz_leaf_hash_values, METH_VARARGS, "Leaf hashes of many rows of values."},
    {NULL, NULL, 0, NULL},
};

int zkpy_tree_oz_exec(PyObject *m) { return PyModule_AddFunctions(m, oz_tree_functions); }
