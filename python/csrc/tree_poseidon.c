/*
 * zkprim.tree, Poseidon Merkle trees (circom's Poseidon over BN254, 2^k
 * leaves as ints): root, the full node list, and the root a proof implies.
 * The proofs themselves are taken from the node list in zkprim/tree.py.
 */
#include "helpers.h" /* first: Python.h sets the feature macros */

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
    PyObject *res = st == ZKP_OK ? fr_list(nodes, 2 * n - 1) : zkpy_status_error(st, "poseidon_tree_build");
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
    return st == ZKP_OK ? zkpy_fr_to_int(&root) : zkpy_status_error(st, "poseidon_tree_root");
}

/* poseidon_tree_proof_root(leaf, index, proof) -> the root the path implies. */
static PyObject *py_poseidon_tree_proof_root(PyObject *m, PyObject *args) {
    (void)m;
    PyObject *leaf, *proof;
    zkpy_int index = ZKPY_INT("poseidon_tree_proof_root: index", 0, ZKPY_U64_MAX, 0);
    if (!PyArg_ParseTuple(args, "OO&O:poseidon_tree_proof_root", &leaf, zkpy_int_arg, &index, &proof)) return NULL;
    zkp_poseidon_fr lf, root;
    if (zkpy_fr_from_int(leaf, &lf, "poseidon_tree_proof_root: leaf") < 0) return NULL;
    size_t d;
    zkp_poseidon_fr *p = zkpy_fr_array(proof, &d, "poseidon_tree_proof_root: proof element");
    if (!p) return NULL;
    zkp_status st = zkp_poseidon_tree_proof_root(&lf, index.v, p, d, &root);
    PyMem_Free(p);
    return st == ZKP_OK ? zkpy_fr_to_int(&root) : zkpy_status_error(st, "poseidon_tree_proof_root");
}

static PyMethodDef poseidon_tree_functions[] = {
    {"poseidon_tree_root", py_poseidon_tree_root, METH_O, "Root over 2^k leaves."},
    {"poseidon_tree_build", py_poseidon_tree_build, METH_O, "All 2n-1 nodes (ints)."},
    {"poseidon_tree_proof_root", py_poseidon_tree_proof_root, METH_VARARGS, "Root a proof implies."},
    {NULL, NULL, 0, NULL},
};

int zkpy_tree_poseidon_exec(PyObject *m) { return PyModule_AddFunctions(m, poseidon_tree_functions); }
