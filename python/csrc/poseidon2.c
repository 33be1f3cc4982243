/*
 * zkprim.poseidon2 (python/zkprim/poseidon2.py names them per field): the
 * Poseidon2 hashes and trees of include/zkprim/poseidon2.h on Python ints.
 * Each function takes the field first (0 BN254, 1 BabyBear, 2 KoalaBear);
 * 31-bit elements are ints, states and digests lists of ints; BN254 ones
 * ints. A value >= p is the library's ZKP_ERR_RANGE as a ValueError, never
 * reduced; a negative or >= 2^32 one a ValueError here.
 */
#include "helpers.h" /* first: Python.h sets the feature macros */

#include <string.h>

#include "zkprim/poseidon2.h"

enum { F_BN254 = 0, F_BABYBEAR = 1, F_KOALABEAR = 2 };

static int field_arg(int f) {
    if (f < 0 || f > 2) {
        PyErr_SetString(PyExc_ValueError, "poseidon2: field must be 0 (bn254), 1 (babybear) or 2 (koalabear)");
        return -1;
    }
    return 0;
}

/* A sequence of ints < 2^32 into a new PyMem array; *n its length. */
static uint32_t *u32_array(PyObject *seq, size_t *n, const char *what) {
    PyObject *fast = PySequence_Fast(seq, "poseidon2: expected a sequence of ints");
    if (!fast) return NULL;
    Py_ssize_t len = PySequence_Fast_GET_SIZE(fast);
    uint32_t *a = PyMem_Malloc((size_t)(len ? len : 1) * sizeof *a);
    if (!a) {
        Py_DECREF(fast);
        return (uint32_t *)PyErr_NoMemory();
    }
    for (Py_ssize_t i = 0; i < len; i++) {
        uint8_t le[4];
        if (zkpy_int_to_le(PySequence_Fast_GET_ITEM(fast, i), le, 4, what) < 0) {
            Py_DECREF(fast);
            PyMem_Free(a);
            return NULL;
        }
        a[i] = (uint32_t)le[0] | (uint32_t)le[1] << 8 | (uint32_t)le[2] << 16 | (uint32_t)le[3] << 24;
    }
    Py_DECREF(fast);
    *n = (size_t)len;
    return a;
}

static PyObject *u32_list(const uint32_t *a, size_t n) {
    PyObject *l = PyList_New((Py_ssize_t)n);
    for (size_t i = 0; l && i < n; i++) {
        PyObject *v = PyLong_FromUnsignedLong(a[i]);
        if (!v) {
            Py_DECREF(l);
            return NULL;
        }
        PyList_SET_ITEM(l, (Py_ssize_t)i, v);
    }
    return l;
}

/* A BN254 element list as Python ints. */
static PyObject *fr_list(const zkp_poseidon_fr *a, size_t n) {
    PyObject *l = PyList_New((Py_ssize_t)n);
    for (size_t i = 0; l && i < n; i++) {
        PyObject *v = zkpy_fr_to_int(&a[i]);
        if (!v) {
            Py_DECREF(l);
            return NULL;
        }
        PyList_SET_ITEM(l, (Py_ssize_t)i, v);
    }
    return l;
}

/* Rows (a sequence of equal-length sequences of ints) flattened into a
 * PyMem array: *n rows of *w elements. */
static uint32_t *rows_array(PyObject *seq, size_t *n, size_t *w, const char *what) {
    PyObject *fast = PySequence_Fast(seq, "poseidon2: rows must be a sequence of sequences of ints");
    if (!fast) return NULL;
    Py_ssize_t len = PySequence_Fast_GET_SIZE(fast);
    uint32_t *all = NULL;
    size_t width = 0;
    for (Py_ssize_t i = 0; i < len; i++) {
        size_t k;
        uint32_t *r = u32_array(PySequence_Fast_GET_ITEM(fast, i), &k, what);
        if (!r) goto fail;
        if (i == 0) {
            width = k;
            all = PyMem_Malloc((size_t)len * (k ? k : 1) * sizeof *all);
            if (!all) {
                PyMem_Free(r);
                PyErr_NoMemory();
                goto fail;
            }
        } else if (k != width) {
            PyMem_Free(r);
            PyErr_Format(PyExc_ValueError, "%s: rows of different lengths (%zu and %zu)", what, width, k);
            goto fail;
        }
        memcpy(all + (size_t)i * width, r, k * sizeof *r);
        PyMem_Free(r);
    }
    Py_DECREF(fast);
    if (!all) all = PyMem_Malloc(sizeof *all); /* no rows: the library reports the count */
    if (!all) return (uint32_t *)PyErr_NoMemory();
    *n = (size_t)len;
    *w = width;
    return all;
fail:
    Py_DECREF(fast);
    PyMem_Free(all);
    return NULL;
}

/* ---- permute, hash, compress --------------------------------------------------- */

static PyObject *py_permute(PyObject *m, PyObject *args) {
    (void)m;
    int f;
    PyObject *seq;
    if (!PyArg_ParseTuple(args, "iO:poseidon2_permute", &f, &seq) || field_arg(f) < 0) return NULL;
    size_t n;
    zkp_status st;
    if (f == F_BN254) {
        zkp_poseidon_fr *s = zkpy_fr_array(seq, &n, "poseidon2.bn254_permute: state");
        if (!s) return NULL;
        st = n == ZKP_POSEIDON2_BN254_WIDTH ? zkp_poseidon2_bn254_permute(s) : ZKP_ERR_COUNT;
        PyObject *r = st == ZKP_OK ? fr_list(s, n) : zkpy_status_error(st, "poseidon2.bn254_permute");
        PyMem_Free(s);
        return r;
    }
    uint32_t *s = u32_array(seq, &n, "poseidon2.permute: state");
    if (!s) return NULL;
    st = f == F_BABYBEAR ? zkp_poseidon2_babybear_permute(s, n) : zkp_poseidon2_koalabear_permute(s, n);
    PyObject *r = st == ZKP_OK ? u32_list(s, n) : zkpy_status_error(st, "poseidon2.permute");
    PyMem_Free(s);
    return r;
}

static PyObject *py_permute_batch(PyObject *m, PyObject *args) {
    (void)m;
    int f;
    PyObject *seq;
    if (!PyArg_ParseTuple(args, "iO:poseidon2_permute_batch", &f, &seq) || field_arg(f) < 0) return NULL;
    if (f == F_BN254) return zkpy_status_error(ZKP_ERR_PARAM, "poseidon2.permute_batch (31-bit fields only)");
    size_t n, w;
    uint32_t *s = rows_array(seq, &n, &w, "poseidon2.permute_batch: states");
    if (!s) return NULL;
    zkp_status st;
    Py_BEGIN_ALLOW_THREADS
    st = f == F_BABYBEAR ? zkp_poseidon2_babybear_permute_batch(s, n ? w : 16, n)
                         : zkp_poseidon2_koalabear_permute_batch(s, n ? w : 16, n);
    Py_END_ALLOW_THREADS
    PyObject *r = st == ZKP_OK ? PyList_New((Py_ssize_t)n) : zkpy_status_error(st, "poseidon2.permute_batch");
    for (size_t i = 0; r && i < n; i++) {
        PyObject *row = u32_list(s + i * w, w);
        if (!row) Py_CLEAR(r);
        else PyList_SET_ITEM(r, (Py_ssize_t)i, row);
    }
    PyMem_Free(s);
    return r;
}

static PyObject *py_hash(PyObject *m, PyObject *args) {
    (void)m;
    int f;
    PyObject *seq;
    if (!PyArg_ParseTuple(args, "iO:poseidon2_hash", &f, &seq) || field_arg(f) < 0) return NULL;
    size_t n;
    if (f == F_BN254) {
        zkp_poseidon_fr *in = zkpy_fr_array(seq, &n, "poseidon2.bn254_hash: input"), out;
        if (!in) return NULL;
        zkp_status st = zkp_poseidon2_bn254_hash(in, n, &out);
        PyMem_Free(in);
        return st == ZKP_OK ? zkpy_fr_to_int(&out) : zkpy_status_error(st, "poseidon2.bn254_hash");
    }
    uint32_t *in = u32_array(seq, &n, "poseidon2.hash: input"), out[8];
    if (!in) return NULL;
    zkp_status st = f == F_BABYBEAR ? zkp_poseidon2_babybear_hash(in, n, out) : zkp_poseidon2_koalabear_hash(in, n, out);
    PyMem_Free(in);
    return st == ZKP_OK ? u32_list(out, 8) : zkpy_status_error(st, "poseidon2.hash");
}

/* Exactly 8 elements of a digest into d. */
static int digest_arg(PyObject *seq, uint32_t d[8], const char *what) {
    size_t n;
    uint32_t *a = u32_array(seq, &n, what);
    if (!a) return -1;
    if (n != 8) {
        PyMem_Free(a);
        PyErr_Format(PyExc_ValueError, "%s: expected 8 elements, got %zu", what, n);
        return -1;
    }
    memcpy(d, a, 32);
    PyMem_Free(a);
    return 0;
}

static PyObject *py_compress(PyObject *m, PyObject *args) {
    (void)m;
    int f;
    PyObject *l, *r;
    if (!PyArg_ParseTuple(args, "iOO:poseidon2_compress", &f, &l, &r) || field_arg(f) < 0) return NULL;
    if (f == F_BN254) return zkpy_status_error(ZKP_ERR_PARAM, "poseidon2.compress (31-bit fields only)");
    uint32_t a[8], b[8], out[8];
    if (digest_arg(l, a, "poseidon2.compress: left") < 0 || digest_arg(r, b, "poseidon2.compress: right") < 0)
        return NULL;
    zkp_status st = f == F_BABYBEAR ? zkp_poseidon2_babybear_compress(a, b, out)
                                    : zkp_poseidon2_koalabear_compress(a, b, out);
    return st == ZKP_OK ? u32_list(out, 8) : zkpy_status_error(st, "poseidon2.compress");
}

/* ---- trees ------------------------------------------------------------------------------ */

typedef struct tree_in {
    uint32_t *rows;         /* 31-bit */
    zkp_poseidon_fr *fr;    /* BN254 */
    size_t n, w;
} tree_in;

static int tree_load(int f, PyObject *seq, tree_in *t, const char *what) {
    memset(t, 0, sizeof *t);
    if (f == F_BN254) {
        t->fr = zkpy_fr_array(seq, &t->n, what);
        return t->fr ? 0 : -1;
    }
    t->rows = rows_array(seq, &t->n, &t->w, what);
    return t->rows ? 0 : -1;
}

static void tree_free(tree_in *t) {
    PyMem_Free(t->rows);
    PyMem_Free(t->fr);
}

static PyObject *py_tree_root(PyObject *m, PyObject *args) {
    (void)m;
    int f;
    PyObject *seq;
    if (!PyArg_ParseTuple(args, "iO:poseidon2_tree_root", &f, &seq) || field_arg(f) < 0) return NULL;
    tree_in t;
    if (tree_load(f, seq, &t, "poseidon2.tree_root: leaves") < 0) return NULL;
    zkp_status st;
    zkp_poseidon_fr r;
    uint32_t r31[8];
    Py_BEGIN_ALLOW_THREADS
    if (f == F_BN254) st = zkp_poseidon2_bn254_tree_root(t.fr, t.n, &r);
    else if (f == F_BABYBEAR) st = zkp_poseidon2_babybear_tree_root(t.rows, t.n, t.w, r31);
    else st = zkp_poseidon2_koalabear_tree_root(t.rows, t.n, t.w, r31);
    Py_END_ALLOW_THREADS
    tree_free(&t);
    if (st != ZKP_OK) return zkpy_status_error(st, "poseidon2.tree_root");
    return f == F_BN254 ? zkpy_fr_to_int(&r) : u32_list(r31, 8);
}

/* The siblings of leaf index, bottom first, from the whole tree (build). */
static PyObject *py_tree_proof(PyObject *m, PyObject *args) {
    (void)m;
    int f;
    PyObject *seq;
    zkpy_int index = ZKPY_INT("poseidon2.tree_proof: index", 0, ZKPY_U64_MAX, 0);
    if (!PyArg_ParseTuple(args, "iOO&:poseidon2_tree_proof", &f, &seq, zkpy_int_arg, &index) || field_arg(f) < 0)
        return NULL;
    tree_in t;
    if (tree_load(f, seq, &t, "poseidon2.tree_proof: leaves") < 0) return NULL;
    size_t depth = 0;
    while (depth < 63 && ((size_t)1 << depth) < t.n) depth++;
    /* a count that is no power of two or too large: the library says which */
    const size_t nodes = t.n && t.n <= ((size_t)1 << 40) ? 2 * t.n - 1 : 1;
    uint8_t *buf = PyMem_Malloc(nodes * 32), *sib = PyMem_Malloc((depth + 1) * 32);
    zkp_status st = buf && sib ? ZKP_OK : ZKP_ERR_NOMEM;
    if (st == ZKP_OK && t.n > ((size_t)1 << 40)) st = ZKP_ERR_LENGTH;
    Py_BEGIN_ALLOW_THREADS
    if (st == ZKP_OK && f == F_BN254) {
        st = zkp_poseidon2_bn254_tree_build(t.fr, t.n, (zkp_poseidon_fr *)(void *)buf);
        if (st == ZKP_OK)
            st = zkp_poseidon2_bn254_tree_proof((zkp_poseidon_fr *)(void *)buf, t.n, index.v, (zkp_poseidon_fr *)(void *)sib);
    } else if (st == ZKP_OK) {
        uint32_t *nd = (uint32_t *)(void *)buf, *sb = (uint32_t *)(void *)sib;
        st = f == F_BABYBEAR ? zkp_poseidon2_babybear_tree_build(t.rows, t.n, t.w, nd)
                             : zkp_poseidon2_koalabear_tree_build(t.rows, t.n, t.w, nd);
        if (st == ZKP_OK)
            st = f == F_BABYBEAR ? zkp_poseidon2_babybear_tree_proof(nd, t.n, index.v, sb)
                                 : zkp_poseidon2_koalabear_tree_proof(nd, t.n, index.v, sb);
    }
    Py_END_ALLOW_THREADS
    PyObject *r = st == ZKP_OK ? PyList_New((Py_ssize_t)depth) : zkpy_status_error(st, "poseidon2.tree_proof");
    for (size_t d = 0; r && d < depth; d++) {
        PyObject *x = f == F_BN254 ? zkpy_fr_to_int((const zkp_poseidon_fr *)(const void *)(sib + 32 * d))
                                   : u32_list((const uint32_t *)(const void *)(sib + 32 * d), 8);
        if (!x) Py_CLEAR(r);
        else PyList_SET_ITEM(r, (Py_ssize_t)d, x);
    }
    PyMem_Free(buf), PyMem_Free(sib);
    tree_free(&t);
    return r;
}

/* verify(field, root, leaf, index, proof) -> bool: leaf is the row (31-bit)
 * or the element (BN254); proof the siblings, bottom first. */
static PyObject *py_tree_verify(PyObject *m, PyObject *args) {
    (void)m;
    int f;
    PyObject *root, *leaf, *proof;
    zkpy_int index = ZKPY_INT("poseidon2.tree_verify: index", 0, ZKPY_U64_MAX, 0);
    if (!PyArg_ParseTuple(args, "iOOO&O:poseidon2_tree_verify", &f, &root, &leaf, zkpy_int_arg, &index, &proof) ||
        field_arg(f) < 0)
        return NULL;
    zkp_status st;
    if (f == F_BN254) {
        zkp_poseidon_fr r, l, *sib;
        size_t depth;
        if (zkpy_fr_from_int(root, &r, "poseidon2.tree_verify: root") < 0 ||
            zkpy_fr_from_int(leaf, &l, "poseidon2.tree_verify: leaf") < 0)
            return NULL;
        sib = zkpy_fr_array(proof, &depth, "poseidon2.tree_verify: proof");
        if (!sib) return NULL;
        st = zkp_poseidon2_bn254_tree_verify(&r, &l, index.v, sib, depth);
        PyMem_Free(sib);
        return zkpy_verdict(st, "poseidon2.tree_verify");
    }
    uint32_t r[8], *row, *sib;
    size_t n, depth, w;
    if (digest_arg(root, r, "poseidon2.tree_verify: root") < 0) return NULL;
    row = u32_array(leaf, &n, "poseidon2.tree_verify: row");
    if (!row) return NULL;
    sib = rows_array(proof, &depth, &w, "poseidon2.tree_verify: proof");
    if (!sib) {
        PyMem_Free(row);
        return NULL;
    }
    if (depth && w != 8) st = ZKP_ERR_PROOF_SHAPE;
    else
        st = f == F_BABYBEAR ? zkp_poseidon2_babybear_tree_verify(r, row, n, index.v, sib, depth)
                             : zkp_poseidon2_koalabear_tree_verify(r, row, n, index.v, sib, depth);
    PyMem_Free(row), PyMem_Free(sib);
    return zkpy_verdict(st, "poseidon2.tree_verify");
}

/* horizen_permute(field, state) -> list: the HorizenLabs reference
 * instances, field 0 babybear, 1 goldilocks, 2 bn254, 3 bls12_381, 4 pallas,
 * 5 vesta; the width is len(state) (the library rejects the ones the
 * reference does not define, and elements >= p). */
static PyObject *py_horizen_permute(PyObject *m, PyObject *args) {
    (void)m;
    int f;
    PyObject *seq;
    if (!PyArg_ParseTuple(args, "iO:poseidon2_horizen_permute", &f, &seq)) return NULL;
    if (f < 0 || f > 5) {
        PyErr_SetString(PyExc_ValueError, "poseidon2.horizen_permute: field must be 0..5");
        return NULL;
    }
    PyObject *fast = PySequence_Fast(seq, "poseidon2: expected a sequence of ints");
    if (!fast) return NULL;
    size_t n = (size_t)PySequence_Fast_GET_SIZE(fast), eb = f == 0 ? 4 : f == 1 ? 8 : 32;
    if (n > 24) {
        Py_DECREF(fast);
        return zkpy_status_error(ZKP_ERR_COUNT, "poseidon2.horizen_permute");
    }
    uint8_t le[24][32];
    for (size_t i = 0; i < n; i++) {
        PyObject *item = PySequence_Fast_GET_ITEM(fast, (Py_ssize_t)i);
        if (zkpy_int_to_le(item, le[i], eb, "poseidon2.horizen_permute: state") < 0) {
            Py_DECREF(fast);
            return NULL;
        }
    }
    Py_DECREF(fast);
    uint32_t s32[24];
    uint64_t s64[24];
    zkp_poseidon_fr fr[24];
    for (size_t i = 0; i < n; i++) {
        s32[i] = s64[i] = 0;
        for (size_t b = 0; b < eb && b < 8; b++) s64[i] |= (uint64_t)le[i][b] << (8 * b);
        s32[i] = (uint32_t)s64[i];
        if (eb == 32) zkpy_fr_load_le(&fr[i], le[i]);
    }
    zkp_status st;
    switch (f) {
    case 0: st = zkp_poseidon2_horizen_babybear_permute(s32, n); break;
    case 1: st = zkp_poseidon2_horizen_goldilocks_permute(s64, n); break;
    case 2: st = zkp_poseidon2_horizen_bn254_permute(fr, n); break;
    case 3: st = zkp_poseidon2_horizen_bls12_381_permute(fr, n); break;
    case 4: st = zkp_poseidon2_horizen_pallas_permute(fr, n); break;
    default: st = zkp_poseidon2_horizen_vesta_permute(fr, n); break;
    }
    if (st != ZKP_OK) return zkpy_status_error(st, "poseidon2.horizen_permute");
    PyObject *l = PyList_New((Py_ssize_t)n);
    for (size_t i = 0; l && i < n; i++) {
        if (eb == 32) zkpy_fr_store_le(le[i], &fr[i]);
        else
            for (size_t b = 0; b < eb; b++) le[i][b] = (uint8_t)((eb == 4 ? s32[i] : s64[i]) >> (8 * b));
        PyObject *v = zkpy_int_from_le(le[i], eb);
        if (!v) Py_CLEAR(l);
        else PyList_SET_ITEM(l, (Py_ssize_t)i, v);
    }
    return l;
}

static PyObject *py_implementation(PyObject *m, PyObject *unused) {
    (void)m, (void)unused;
    return PyUnicode_FromString(zkp_poseidon2_implementation());
}

static PyMethodDef poseidon2_functions[] = {
    {"poseidon2_permute", py_permute, METH_VARARGS, "poseidon2_permute(field, state) -> list"},
    {"poseidon2_permute_batch", py_permute_batch, METH_VARARGS, "poseidon2_permute_batch(field, states) -> list"},
    {"poseidon2_hash", py_hash, METH_VARARGS, "poseidon2_hash(field, inputs) -> int | list"},
    {"poseidon2_compress", py_compress, METH_VARARGS, "poseidon2_compress(field, left, right) -> list"},
    {"poseidon2_tree_root", py_tree_root, METH_VARARGS, "poseidon2_tree_root(field, leaves) -> int | list"},
    {"poseidon2_tree_proof", py_tree_proof, METH_VARARGS, "poseidon2_tree_proof(field, leaves, index) -> list"},
    {"poseidon2_tree_verify", py_tree_verify, METH_VARARGS,
     "poseidon2_tree_verify(field, root, leaf, index, proof) -> bool"},
    {"poseidon2_horizen_permute", py_horizen_permute, METH_VARARGS,
     "poseidon2_horizen_permute(field, state) -> list (HorizenLabs reference instances)"},
    {"poseidon2_implementation", py_implementation, METH_NOARGS, "the 31-bit batch kernel in use"},
    {NULL, NULL, 0, NULL},
};

int zkpy_poseidon2_exec(PyObject *m) { return PyModule_AddFunctions(m, poseidon2_functions); }
