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

/* Rows of one width in, fn's batch on them, rows out (31-bit fields). */
typedef zkp_status (*batch31_fn)(uint32_t *states, size_t width, size_t n);
static PyObject *permute_rows(PyObject *seq, batch31_fn fn, const char *what) {
    size_t n, w;
    uint32_t *s = rows_array(seq, &n, &w, what);
    if (!s) return NULL;
    zkp_status st;
    Py_BEGIN_ALLOW_THREADS
    st = fn(s, n ? w : 16, n);
    Py_END_ALLOW_THREADS
    PyObject *r = st == ZKP_OK ? PyList_New((Py_ssize_t)n) : zkpy_status_error(st, what);
    for (size_t i = 0; r && i < n; i++) {
        PyObject *row = u32_list(s + i * w, w);
        if (!row) Py_CLEAR(r);
        else PyList_SET_ITEM(r, (Py_ssize_t)i, row);
    }
    PyMem_Free(s);
    return r;
}

static PyObject *py_permute_batch(PyObject *m, PyObject *args) {
    (void)m;
    int f;
    PyObject *seq;
    if (!PyArg_ParseTuple(args, "iO:poseidon2_permute_batch", &f, &seq) || field_arg(f) < 0) return NULL;
    if (f == F_BN254) { /* a flat list of 4n elements in and out (poseidon2.py groups them) */
        size_t n;
        zkp_poseidon_fr *s = zkpy_fr_array(seq, &n, "poseidon2.bn254_permute_batch: states");
        if (!s) return NULL;
        zkp_status st = n % ZKP_POSEIDON2_BN254_WIDTH ? ZKP_ERR_COUNT : ZKP_OK;
        if (st == ZKP_OK) {
            Py_BEGIN_ALLOW_THREADS
            st = zkp_poseidon2_bn254_permute_batch(s, n / ZKP_POSEIDON2_BN254_WIDTH);
            Py_END_ALLOW_THREADS
        }
        PyObject *r = st == ZKP_OK ? fr_list(s, n) : zkpy_status_error(st, "poseidon2.bn254_permute_batch");
        PyMem_Free(s);
        return r;
    }
    batch31_fn fn = f == F_BABYBEAR ? zkp_poseidon2_babybear_permute_batch : zkp_poseidon2_koalabear_permute_batch;
    return permute_rows(seq, fn, "poseidon2.permute_batch");
}

/* horizen_babybear_permute_batch(rows) -> list of rows: the HorizenLabs
 * BabyBear permutation on each row (width 16 or 24), batched. */
static PyObject *py_horizen_babybear_permute_batch(PyObject *m, PyObject *seq) {
    (void)m;
    return permute_rows(seq, zkp_poseidon2_horizen_babybear_permute_batch, "poseidon2.horizen_babybear_permute_batch");
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

/* ---- whole trees, batched openings, multiproofs ------------------------------------ */

/* n nodes of 32 bytes as a list: ints (BN254) or lists of 8 ints. */
static PyObject *node_list(int f, const uint8_t *nodes, size_t n) {
    PyObject *r = PyList_New((Py_ssize_t)n);
    for (size_t i = 0; r && i < n; i++) {
        PyObject *x = f == F_BN254 ? zkpy_fr_to_int((const zkp_poseidon_fr *)(const void *)(nodes + 32 * i))
                                   : u32_list((const uint32_t *)(const void *)(nodes + 32 * i), 8);
        if (!x) Py_CLEAR(r);
        else PyList_SET_ITEM(r, (Py_ssize_t)i, x);
    }
    return r;
}

/* A list of nodes (ints, or sequences of 8 ints) into a PyMem array of
 * 32-byte nodes; *n their count. */
static uint8_t *node_array(int f, PyObject *seq, size_t *n, const char *what) {
    if (f == F_BN254) return (uint8_t *)zkpy_fr_array(seq, n, what);
    size_t w;
    uint32_t *a = rows_array(seq, n, &w, what);
    if (a && *n && w != 8) {
        PyMem_Free(a);
        PyErr_Format(PyExc_ValueError, "%s: a node is 8 elements, got %zu", what, w);
        return NULL;
    }
    return (uint8_t *)a;
}

/* A sequence of leaf indices into a PyMem array. */
static uint64_t *index_array(PyObject *seq, size_t *n, const char *what) {
    PyObject *fast = PySequence_Fast(seq, "poseidon2: indices must be a sequence of ints");
    if (!fast) return NULL;
    Py_ssize_t len = PySequence_Fast_GET_SIZE(fast);
    uint64_t *a = PyMem_Malloc((size_t)(len ? len : 1) * sizeof *a);
    if (!a) {
        Py_DECREF(fast);
        return (uint64_t *)PyErr_NoMemory();
    }
    for (Py_ssize_t i = 0; i < len; i++) {
        zkpy_int v = ZKPY_INT(what, 0, ZKPY_U64_MAX, 0);
        if (!zkpy_int_arg(PySequence_Fast_GET_ITEM(fast, i), &v)) {
            Py_DECREF(fast);
            PyMem_Free(a);
            return NULL;
        }
        a[i] = v.v;
    }
    Py_DECREF(fast);
    *n = (size_t)len;
    return a;
}

/* tree_build(field, leaves) -> every node, leaf digests first, root last. */
static PyObject *py_tree_build(PyObject *m, PyObject *args) {
    (void)m;
    int f;
    PyObject *seq;
    if (!PyArg_ParseTuple(args, "iO:poseidon2_tree_build", &f, &seq) || field_arg(f) < 0) return NULL;
    tree_in t;
    if (tree_load(f, seq, &t, "poseidon2.tree_build: leaves") < 0) return NULL;
    /* a count that is no power of two or too large: the library says which */
    const size_t nodes = t.n && t.n <= ((size_t)1 << 40) ? 2 * t.n - 1 : 1;
    uint8_t *buf = PyMem_Malloc(nodes * 32);
    zkp_status st = buf ? ZKP_OK : ZKP_ERR_NOMEM;
    if (st == ZKP_OK && t.n > ((size_t)1 << 40)) st = ZKP_ERR_LENGTH;
    Py_BEGIN_ALLOW_THREADS
    if (st == ZKP_OK && f == F_BN254) st = zkp_poseidon2_bn254_tree_build(t.fr, t.n, (zkp_poseidon_fr *)(void *)buf);
    else if (st == ZKP_OK && f == F_BABYBEAR)
        st = zkp_poseidon2_babybear_tree_build(t.rows, t.n, t.w, (uint32_t *)(void *)buf);
    else if (st == ZKP_OK) st = zkp_poseidon2_koalabear_tree_build(t.rows, t.n, t.w, (uint32_t *)(void *)buf);
    Py_END_ALLOW_THREADS
    PyObject *r = st == ZKP_OK ? node_list(f, buf, nodes) : zkpy_status_error(st, "poseidon2.tree_build");
    PyMem_Free(buf);
    tree_free(&t);
    return r;
}

/* tree_multi_proof(field, nodes, indices) -> the multiproof's nodes, from
 * tree_build's node list (2n - 1 nodes). */
static PyObject *py_tree_multi_proof(PyObject *m, PyObject *args) {
    (void)m;
    int f;
    PyObject *nseq, *iseq;
    if (!PyArg_ParseTuple(args, "iOO:poseidon2_tree_multi_proof", &f, &nseq, &iseq) || field_arg(f) < 0) return NULL;
    size_t nn, k, size = 0;
    uint8_t *nodes = node_array(f, nseq, &nn, "poseidon2.tree_multi_proof: nodes"), *proof = NULL;
    if (!nodes) return NULL;
    uint64_t *idx = index_array(iseq, &k, "poseidon2.tree_multi_proof: index");
    if (!idx) return PyMem_Free(nodes), NULL;
    zkp_status st = ZKP_OK;
    if (!(nn & 1)) st = ZKP_ERR_COUNT; /* not 2n - 1 nodes: the library checks n */
    if (st == ZKP_OK) {
        size_t depth = 0;
        while (depth < 64 && ((size_t)1 << depth) < nn / 2 + 1) depth++;
        st = zkp_poseidon2_tree_multi_proof_size(idx, k, depth, &size);
    }
    if (st == ZKP_OK && !(proof = PyMem_Malloc((size + 1) * 32))) st = ZKP_ERR_NOMEM;
    if (st == ZKP_OK) {
        const size_t n = nn / 2 + 1;
        if (f == F_BN254)
            st = zkp_poseidon2_bn254_tree_multi_proof((const zkp_poseidon_fr *)(const void *)nodes, n, idx, k,
                                                      (zkp_poseidon_fr *)(void *)proof, size, &size);
        else if (f == F_BABYBEAR)
            st = zkp_poseidon2_babybear_tree_multi_proof((const uint32_t *)(const void *)nodes, n, idx, k,
                                                         (uint32_t *)(void *)proof, size, &size);
        else
            st = zkp_poseidon2_koalabear_tree_multi_proof((const uint32_t *)(const void *)nodes, n, idx, k,
                                                          (uint32_t *)(void *)proof, size, &size);
    }
    PyObject *r = st == ZKP_OK ? node_list(f, proof, size) : zkpy_status_error(st, "poseidon2.tree_multi_proof");
    PyMem_Free(nodes), PyMem_Free(idx), PyMem_Free(proof);
    return r;
}

/* The opened rows / leaves, the indices and the root of verify_batch and
 * multi_verify. */
typedef struct opened {
    tree_in t;
    uint64_t *idx;
    size_t k;
    uint8_t root[32];
} opened;

static int opened_load(int f, PyObject *root, PyObject *leaves, PyObject *indices, opened *o, const char *what) {
    memset(o, 0, sizeof *o);
    char msg[96];
    snprintf(msg, sizeof msg, "%s: root", what);
    if (f == F_BN254 ? zkpy_fr_from_int(root, (zkp_poseidon_fr *)(void *)o->root, msg) < 0
                     : digest_arg(root, (uint32_t *)(void *)o->root, msg) < 0)
        return -1;
    snprintf(msg, sizeof msg, "%s: leaves", what);
    if (tree_load(f, leaves, &o->t, msg) < 0) return -1;
    snprintf(msg, sizeof msg, "%s: index", what);
    o->idx = index_array(indices, &o->k, msg);
    if (!o->idx) {
        tree_free(&o->t);
        return -1;
    }
    if (o->k != o->t.n) {
        PyErr_Format(PyExc_ValueError, "%s: %zu leaves for %zu indices", what, o->t.n, o->k);
        tree_free(&o->t);
        PyMem_Free(o->idx);
        return -1;
    }
    return 0;
}

static void opened_free(opened *o) {
    tree_free(&o->t);
    PyMem_Free(o->idx);
}

static unsigned threads_arg(int threads) { return threads < 0 ? 0 : (unsigned)threads; }

/* tree_verify_batch(field, root, leaves, indices, proofs, threads) -> bool:
 * proofs one list of depth siblings per opening. */
static PyObject *py_tree_verify_batch(PyObject *m, PyObject *args) {
    (void)m;
    int f, threads;
    PyObject *root, *leaves, *indices, *proofs;
    if (!PyArg_ParseTuple(args, "iOOOOi:poseidon2_tree_verify_batch", &f, &root, &leaves, &indices, &proofs,
                          &threads) ||
        field_arg(f) < 0)
        return NULL;
    const char *what = "poseidon2.tree_verify_batch";
    opened o;
    if (opened_load(f, root, leaves, indices, &o, what) < 0) return NULL;
    PyObject *fast = PySequence_Fast(proofs, "poseidon2.tree_verify_batch: proofs must be a sequence of proofs");
    if (!fast) return opened_free(&o), NULL;
    const size_t np = (size_t)PySequence_Fast_GET_SIZE(fast);
    size_t depth = 0;
    uint8_t *all = NULL;
    zkp_status st = np == o.k ? ZKP_OK : ZKP_ERR_LENGTH;
    for (size_t i = 0; st == ZKP_OK && i < np; i++) {
        size_t d;
        uint8_t *p = node_array(f, PySequence_Fast_GET_ITEM(fast, (Py_ssize_t)i), &d, "poseidon2.tree_verify_batch: proof");
        if (!p) {
            st = ZKP_ERR_NOMEM; /* the error is set */
            break;
        }
        if (i == 0) {
            depth = d;
            if (d > 64 || !(all = PyMem_Malloc((np * d + 1) * 32))) st = d > 64 ? ZKP_ERR_PROOF_SHAPE : ZKP_ERR_NOMEM;
        } else if (d != depth) {
            st = ZKP_ERR_PROOF_SHAPE; /* proofs of different lengths */
        }
        if (st == ZKP_OK) memcpy(all + 32 * depth * i, p, 32 * d);
        PyMem_Free(p);
    }
    Py_DECREF(fast);
    if (st == ZKP_ERR_NOMEM && PyErr_Occurred()) {
        PyMem_Free(all);
        opened_free(&o);
        return NULL;
    }
    if (st == ZKP_OK) {
        Py_BEGIN_ALLOW_THREADS
        if (f == F_BN254)
            st = zkp_poseidon2_bn254_tree_verify_batch((const zkp_poseidon_fr *)(const void *)o.root, o.t.fr, o.idx,
                                                       o.k, (const zkp_poseidon_fr *)(const void *)all, depth,
                                                       threads_arg(threads));
        else
            st = (f == F_BABYBEAR ? zkp_poseidon2_babybear_tree_verify_batch : zkp_poseidon2_koalabear_tree_verify_batch)(
                (const uint32_t *)(const void *)o.root, o.t.rows, o.t.w, o.idx, o.k,
                (const uint32_t *)(const void *)all, depth, threads_arg(threads));
        Py_END_ALLOW_THREADS
    }
    PyMem_Free(all);
    opened_free(&o);
    return zkpy_verdict(st, what);
}

/* tree_multi_verify(field, root, leaves, indices, proof, depth, threads) -> bool. */
static PyObject *py_tree_multi_verify(PyObject *m, PyObject *args) {
    (void)m;
    int f, threads;
    PyObject *root, *leaves, *indices, *proof;
    zkpy_int depth = ZKPY_INT("poseidon2.tree_multi_verify: depth", 0, ZKPY_U64_MAX, 0);
    if (!PyArg_ParseTuple(args, "iOOOOO&i:poseidon2_tree_multi_verify", &f, &root, &leaves, &indices, &proof,
                          zkpy_int_arg, &depth, &threads) ||
        field_arg(f) < 0)
        return NULL;
    const char *what = "poseidon2.tree_multi_verify";
    opened o;
    if (opened_load(f, root, leaves, indices, &o, what) < 0) return NULL;
    size_t pn;
    uint8_t *pf = node_array(f, proof, &pn, "poseidon2.tree_multi_verify: proof");
    if (!pf) return opened_free(&o), NULL;
    const size_t d = depth.v > 65 ? 65 : (size_t)depth.v; /* above 64: the library's PROOF_SHAPE */
    zkp_status st;
    Py_BEGIN_ALLOW_THREADS
    if (f == F_BN254)
        st = zkp_poseidon2_bn254_tree_multi_verify((const zkp_poseidon_fr *)(const void *)o.root, o.t.fr, o.idx, o.k,
                                                   (const zkp_poseidon_fr *)(const void *)pf, pn, d,
                                                   threads_arg(threads));
    else
        st = (f == F_BABYBEAR ? zkp_poseidon2_babybear_tree_multi_verify : zkp_poseidon2_koalabear_tree_multi_verify)(
            (const uint32_t *)(const void *)o.root, o.t.rows, o.t.w, o.idx, o.k, (const uint32_t *)(const void *)pf,
            pn, d, threads_arg(threads));
    Py_END_ALLOW_THREADS
    PyMem_Free(pf);
    opened_free(&o);
    return zkpy_verdict(st, what);
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
    {"poseidon2_horizen_babybear_permute_batch", py_horizen_babybear_permute_batch, METH_O,
     "poseidon2_horizen_babybear_permute_batch(states) -> list of lists (HorizenLabs BabyBear, batched)"},
    {"poseidon2_horizen_permute", py_horizen_permute, METH_VARARGS,
     "poseidon2_horizen_permute(field, state) -> list (HorizenLabs reference instances)"},
    {"poseidon2_tree_build", py_tree_build, METH_VARARGS, "poseidon2_tree_build(field, leaves) -> list"},
    {"poseidon2_tree_verify_batch", py_tree_verify_batch, METH_VARARGS,
     "poseidon2_tree_verify_batch(field, root, leaves, indices, proofs, threads) -> bool"},
    {"poseidon2_tree_multi_proof", py_tree_multi_proof, METH_VARARGS,
     "poseidon2_tree_multi_proof(field, nodes, indices) -> list"},
    {"poseidon2_tree_multi_verify", py_tree_multi_verify, METH_VARARGS,
     "poseidon2_tree_multi_verify(field, root, leaves, indices, proof, depth, threads) -> bool"},
    {"poseidon2_implementation", py_implementation, METH_NOARGS, "the 31-bit batch kernel in use"},
    {NULL, NULL, 0, NULL},
};

int zkpy_poseidon2_exec(PyObject *m) { return PyModule_AddFunctions(m, poseidon2_functions); }
