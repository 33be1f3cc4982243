/*
 * zkprim.tree, Poseidon Merkle trees (circom's Poseidon over BN254, 2^k
 * leaves as ints): root, the full node list, proofs (from the leaves or from
 * the node list), the root a proof implies and the verdict. One C call each;
 * the leaf counts the library refuses (not a power of two) are refused alike
 * by every call, with the same message.
 */
#include "helpers.h" /* first: Python.h sets the feature macros */

static PyObject *item_fr(const void *ctx, size_t i) { return zkpy_fr_to_int((const zkp_poseidon_fr *)ctx + i); }

static PyObject *fr_list(const zkp_poseidon_fr *a, size_t n) { return zkpy_list(n, item_fr, a); }

/* A failed tree call: ZKP_ERR_COUNT names the leaf count the library refused. */
static PyObject *tree_error(zkp_status st, size_t n_leaves, const char *what) {
    if (st == ZKP_ERR_COUNT)
        return PyErr_Format(PyExc_ValueError, "%s: %zu leaves; a power of two is required", what, n_leaves);
    return zkpy_status_error(st, what);
}

/* A proof call's arguments (a list of ints, an index) parsed by fmt; the
 * ints as field elements (PyMem), NULL with the error set. */
static zkp_poseidon_fr *list_and_index(PyObject *args, const char *fmt, zkpy_int *index, size_t *n, const char *item) {
    PyObject *list;
    if (!PyArg_ParseTuple(args, fmt, &list, zkpy_int_arg, index)) return NULL;
    return zkpy_fr_array(list, n, item);
}

/* The proof length of a tree of n leaves (log2 n when the library takes n). */
static size_t depth_of(size_t n) {
    size_t d = 0;
    while (d < 64 && ((size_t)1 << d) < n) d++;
    return d;
}

/* poseidon_tree_build(leaves) -> list of all 2n-1 node ints (root last). */
static PyObject *py_poseidon_tree_build(PyObject *m, PyObject *leaves) {
    (void)m;
    size_t n;
    zkp_poseidon_fr *l = zkpy_fr_array(leaves, &n, "poseidon_tree_build: leaf");
    if (!l) return NULL;
    /* 2n - 1 nodes; n = 0 (refused by the library) gets one unused slot */
    zkp_poseidon_fr *nodes = PyMem_Malloc(sizeof *nodes * (n ? 2 * n - 1 : 1));
    if (!nodes) {
        PyMem_Free(l);
        return PyErr_NoMemory();
    }
    zkp_status st;
    Py_BEGIN_ALLOW_THREADS
    st = zkp_poseidon_tree_build(l, n, nodes);
    Py_END_ALLOW_THREADS
    PyObject *res = st == ZKP_OK ? fr_list(nodes, 2 * n - 1) : tree_error(st, n, "poseidon_tree_build");
    PyMem_Free(l);
    PyMem_Free(nodes);
    return res;
}

static PyObject *py_poseidon_tree_root(PyObject *m, PyObject *leaves) {
    (void)m;
    size_t n;
    zkp_poseidon_fr *l = zkpy_fr_array(leaves, &n, "poseidon_tree_root: leaf"), root;
    if (!l) return NULL;
    zkp_status st;
    Py_BEGIN_ALLOW_THREADS
    st = zkp_poseidon_tree_root(l, n, &root);
    Py_END_ALLOW_THREADS
    PyMem_Free(l);
    return st == ZKP_OK ? zkpy_fr_to_int(&root) : tree_error(st, n, "poseidon_tree_root");
}

/* poseidon_tree_proof(leaves, index) -> siblings (ints, bottom first): the
 * proof straight from the leaves, for the counts poseidon_tree_root takes. */
static PyObject *py_poseidon_tree_proof(PyObject *m, PyObject *args) {
    (void)m;
    zkpy_int index = ZKPY_INT("poseidon_tree_proof: index", 0, ZKPY_U64_MAX, 0);
    size_t n;
    zkp_poseidon_fr proof[64], *l = list_and_index(args, "OO&:poseidon_tree_proof", &index, &n, "poseidon_tree_proof: leaf");
    if (!l) return NULL;
    zkp_status st;
    Py_BEGIN_ALLOW_THREADS
    st = zkp_poseidon_tree_proof_from_leaves(l, n, index.v, proof, NULL);
    Py_END_ALLOW_THREADS
    PyMem_Free(l);
    if (st == ZKP_ERR_COUNT && n % 2 && !((n / 2 + 1) & (n / 2))) /* 2m - 1 ints, m = 2^k: a node list? */
        return PyErr_Format(PyExc_ValueError,
                            "poseidon_tree_proof: %zu leaves; a power of two is required (before 1.1.0 a node list "
                            "was taken too: it goes to poseidon_tree_proof_nodes)",
                            n);
    return st == ZKP_OK ? fr_list(proof, depth_of(n)) : tree_error(st, n, "poseidon_tree_proof");
}

/* poseidon_tree_proof_nodes(nodes, index): the same proof from the node list
 * poseidon_tree_build returns (2n - 1 ints), without hashing. */
static PyObject *py_poseidon_tree_proof_nodes(PyObject *m, PyObject *args) {
    (void)m;
    zkpy_int index = ZKPY_INT("poseidon_tree_proof_nodes: index", 0, ZKPY_U64_MAX, 0);
    size_t nn;
    zkp_poseidon_fr proof[64],
        *a = list_and_index(args, "OO&:poseidon_tree_proof_nodes", &index, &nn, "poseidon_tree_proof_nodes: node");
    if (!a) return NULL;
    size_t n = nn / 2 + 1; /* 2n - 1 nodes */
    zkp_status st = nn % 2 ? zkp_poseidon_tree_proof(a, n, index.v, proof) : ZKP_ERR_COUNT;
    PyMem_Free(a);
    if (st == ZKP_ERR_COUNT)
        return PyErr_Format(PyExc_ValueError,
                            "poseidon_tree_proof_nodes: %zu nodes are not a built tree (2n - 1 nodes, n a power of two; "
                            "the proof from the leaves is poseidon_tree_proof)",
                            nn);
    return st == ZKP_OK ? fr_list(proof, depth_of(n)) : zkpy_status_error(st, "poseidon_tree_proof_nodes");
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

/* poseidon_tree_verify(root, leaf, index, proof) -> bool (False: the proof
 * does not lead to root; a value >= p or an index past 2^depth raises). */
static PyObject *py_poseidon_tree_verify(PyObject *m, PyObject *args) {
    (void)m;
    PyObject *root, *leaf, *proof;
    zkpy_int index = ZKPY_INT("poseidon_tree_verify: index", 0, ZKPY_U64_MAX, 0);
    if (!PyArg_ParseTuple(args, "OOO&O:poseidon_tree_verify", &root, &leaf, zkpy_int_arg, &index, &proof)) return NULL;
    zkp_poseidon_fr r, lf;
    if (zkpy_fr_from_int(root, &r, "poseidon_tree_verify: root") < 0 ||
        zkpy_fr_from_int(leaf, &lf, "poseidon_tree_verify: leaf") < 0)
        return NULL;
    size_t d;
    zkp_poseidon_fr *p = zkpy_fr_array(proof, &d, "poseidon_tree_verify: proof element");
    if (!p) return NULL;
    zkp_status st = zkp_poseidon_tree_verify(&r, &lf, index.v, p, d);
    PyMem_Free(p);
    return zkpy_verdict(st, "poseidon_tree_verify");
}

static PyMethodDef poseidon_tree_functions[] = {
    {"poseidon_tree_root", py_poseidon_tree_root, METH_O, "Root over 2^k leaves."},
    {"poseidon_tree_build", py_poseidon_tree_build, METH_O, "All 2n-1 nodes (ints)."},
    {"poseidon_tree_proof", py_poseidon_tree_proof, METH_VARARGS, "Proof of a leaf from the 2^k leaves."},
    {"poseidon_tree_proof_nodes", py_poseidon_tree_proof_nodes, METH_VARARGS, "Proof of a leaf from the node list."},
    {"poseidon_tree_proof_root", py_poseidon_tree_proof_root, METH_VARARGS, "Root a proof implies."},
    {"poseidon_tree_verify", py_poseidon_tree_verify, METH_VARARGS, "Check a proof -> bool."},
    {NULL, NULL, 0, NULL},
};

int zkpy_tree_poseidon_exec(PyObject *m) { return PyModule_AddFunctions(m, poseidon_tree_functions); }
