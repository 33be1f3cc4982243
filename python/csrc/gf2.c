/*
 * zkprim.gf2: the seven binary fields on Python ints (bit i = coefficient
 * of x^i; ghash2's int is c0 + 2^128 c1) and on little-endian bytes, batch
 * multiplication over buffers, fixed-base tables and the b256 <-> ghash2
 * maps. Every element entering goes through zkp_gf2_from_bytes, so an
 * unreduced one is a ValueError, never garbage.
 */
#include "helpers.h" /* first: Python.h sets the feature macros */

#include <string.h>

#include "zkprim/gf2.h"
#include "zkprim/gf2_iso.h"

typedef struct {
    PyObject_HEAD
    zkp_gf2_field f;
    unsigned limbs;
} FieldObject;

typedef struct {
    PyObject_HEAD
    zkp_gf2_fixed_base *t;
    FieldObject *field;
} FixedBaseObject;


/* An element from an int or a bytes-like object of 8*limbs bytes. *is_int
 * says which, so results come back in the caller's kind. */
static int load_elem(zkp_gf2_field f, unsigned limbs, PyObject *obj, uint64_t *r, int *is_int, const char *what) {
    uint8_t b[32] = {0};
    size_t nb = 8 * (size_t)limbs;
    if (PyLong_Check(obj)) {
        if (zkpy_int_to_le(obj, b, nb, what) < 0) return -1;
        if (is_int) *is_int = 1;
    } else {
        if (zkpy_fixed_bytes(obj, b, nb, what) < 0) return -1;
        if (is_int) *is_int = 0;
    }
    if (zkp_gf2_from_bytes(f, r, b) != ZKP_OK) {
        PyErr_Format(PyExc_ValueError, "%s: not a reduced element of %s (bits at or above x^%u)", what,
                     zkp_gf2_field_name(f), zkp_gf2_field_degree(f));
        return -1;
    }
    return 0;
}

static PyObject *store_elem(zkp_gf2_field f, unsigned limbs, const uint64_t *a, int as_int) {
    uint8_t b[32];
    if (zkp_gf2_to_bytes(f, b, a) != ZKP_OK) return zkpy_status_error(ZKP_ERR_PARAM, "gf2");
    if (as_int) return zkpy_int_from_le(b, 8 * (size_t)limbs);
    return PyBytes_FromStringAndSize((const char *)b, 8 * (Py_ssize_t)limbs);
}

static int field_init(PyObject *self, PyObject *args, PyObject *kw) {
    static char *kwlist[] = {"name", NULL};
    const char *name;
    if (!PyArg_ParseTupleAndKeywords(args, kw, "s:Field", kwlist, &name)) return -1;
    FieldObject *o = (FieldObject *)self;
    if (zkp_gf2_field_by_name(name, &o->f) != ZKP_OK) {
        PyErr_Format(PyExc_ValueError,
                     "Field: unknown field '%s' (b127, ghash128, b163, b191, sect193, ghash2, b256)", name);
        return -1;
    }
    o->limbs = zkp_gf2_field_limbs(o->f);
    return 0;
}

typedef zkp_status (*binop)(zkp_gf2_field, uint64_t *, const uint64_t *, const uint64_t *);

static PyObject *field_binop(PyObject *self, PyObject *args, binop op, const char *name) {
    FieldObject *o = (FieldObject *)self;
    PyObject *a, *b;
    if (!PyArg_UnpackTuple(args, name, 2, 2, &a, &b)) return NULL;
    uint64_t x[4], y[4], r[4];
    int as_int;
    if (load_elem(o->f, o->limbs, a, x, &as_int, name) < 0 || load_elem(o->f, o->limbs, b, y, NULL, name) < 0)
        return NULL;
    zkp_status st = op(o->f, r, x, y);
    if (st != ZKP_OK) return zkpy_status_error(st, name);
    return store_elem(o->f, o->limbs, r, as_int);
}

static PyObject *field_mul(PyObject *self, PyObject *args) { return field_binop(self, args, zkp_gf2_mul, "mul"); }
static PyObject *field_add(PyObject *self, PyObject *args) { return field_binop(self, args, zkp_gf2_add, "add"); }

static PyObject *field_square(PyObject *self, PyObject *a) {
    FieldObject *o = (FieldObject *)self;
    uint64_t x[4], r[4];
    int as_int;
    if (load_elem(o->f, o->limbs, a, x, &as_int, "square") < 0) return NULL;
    zkp_status st = zkp_gf2_square(o->f, r, x);
    if (st != ZKP_OK) return zkpy_status_error(st, "square");
    return store_elem(o->f, o->limbs, r, as_int);
}

static PyObject *field_inv(PyObject *self, PyObject *a) {
    FieldObject *o = (FieldObject *)self;
    uint64_t x[4], r[4];
    int as_int;
    if (load_elem(o->f, o->limbs, a, x, &as_int, "inv") < 0) return NULL;
    zkp_status st = zkp_gf2_inv(o->f, r, x);
    if (st == ZKP_ERR_RANGE) return PyErr_Format(PyExc_ZeroDivisionError, "inv: zero has no inverse");
    if (st != ZKP_OK) return zkpy_status_error(st, "inv");
    return store_elem(o->f, o->limbs, r, as_int);
}

/* A non-negative int exponent -> little-endian limbs (PyMem_Free them). */
static uint64_t *exp_limbs(PyObject *e, size_t *n) {
    if (!PyLong_Check(e)) {
        PyErr_Format(PyExc_TypeError, "pow: the exponent must be an int, not '%.100s'", Py_TYPE(e)->tp_name);
        return NULL;
    }
    if (_PyLong_Sign(e) < 0) {
        PyErr_SetString(PyExc_ValueError, "pow: negative exponent (use inv)");
        return NULL;
    }
    size_t bits = _PyLong_NumBits(e);
    if (bits == (size_t)-1 && PyErr_Occurred()) return NULL;
    size_t nl = bits / 64 + 1;
    uint64_t *l = PyMem_Calloc(nl, 8);
    uint8_t *b = PyMem_Calloc(nl, 8);
    if (!l || !b) {
        PyMem_Free(l);
        PyMem_Free(b);
        PyErr_NoMemory();
        return NULL;
    }
    if (zkpy_int_to_le(e, b, 8 * nl, "pow") < 0) {
        PyMem_Free(l);
        PyMem_Free(b);
        return NULL;
    }
    for (size_t i = 0; i < nl; i++)
        for (int j = 7; j >= 0; j--) l[i] = l[i] << 8 | b[8 * i + (size_t)j];
    PyMem_Free(b);
    *n = nl;
    return l;
}

static PyObject *field_pow(PyObject *self, PyObject *args) {
    FieldObject *o = (FieldObject *)self;
    PyObject *a, *e;
    if (!PyArg_UnpackTuple(args, "pow", 2, 2, &a, &e)) return NULL;
    uint64_t x[4], r[4];
    int as_int;
    if (load_elem(o->f, o->limbs, a, x, &as_int, "pow") < 0) return NULL;
    size_t nl;
    uint64_t *el = exp_limbs(e, &nl);
    if (!el) return NULL;
    zkp_status st = zkp_gf2_pow(o->f, r, x, el, nl);
    PyMem_Free(el);
    if (st != ZKP_OK) return zkpy_status_error(st, "pow");
    return store_elem(o->f, o->limbs, r, as_int);
}

/* Checks that every element of a flat buffer is reduced, loading the limbs
 * into a new array (PyMem_Free it). */
static uint64_t *load_flat(FieldObject *o, PyObject *obj, size_t *n, const char *what) {
    Py_buffer v;
    if (zkpy_get_buffer(obj, &v, what) < 0) return NULL;
    size_t eb = 8 * (size_t)o->limbs;
    if ((size_t)v.len % eb) {
        PyErr_Format(PyExc_ValueError, "%s: %zd bytes is not a whole number of %zu-byte elements", what, v.len, eb);
        PyBuffer_Release(&v);
        return NULL;
    }
    size_t cnt = (size_t)v.len / eb;
    uint64_t *a = PyMem_Malloc(eb * cnt + 8);
    if (!a) {
        PyBuffer_Release(&v);
        PyErr_NoMemory();
        return NULL;
    }
    for (size_t i = 0; i < cnt; i++) {
        if (zkp_gf2_from_bytes(o->f, a + i * o->limbs, (const uint8_t *)v.buf + i * eb) != ZKP_OK) {
            PyErr_Format(PyExc_ValueError, "%s: element %zu is not reduced", what, i);
            PyMem_Free(a);
            PyBuffer_Release(&v);
            return NULL;
        }
    }
    PyBuffer_Release(&v);
    *n = cnt;
    return a;
}

static PyObject *flat_to_bytes(FieldObject *o, const uint64_t *a, size_t n) {
    size_t eb = 8 * (size_t)o->limbs;
    PyObject *res = PyBytes_FromStringAndSize(NULL, (Py_ssize_t)(eb * n));
    if (!res) return NULL;
    for (size_t i = 0; i < n; i++)
        if (zkp_gf2_to_bytes(o->f, (uint8_t *)PyBytes_AS_STRING(res) + i * eb, a + i * o->limbs) != ZKP_OK) {
            Py_DECREF(res);
            return zkpy_status_error(ZKP_ERR_PARAM, "gf2");
        }
    return res;
}

static PyObject *field_mul_batch(PyObject *self, PyObject *args) {
    FieldObject *o = (FieldObject *)self;
    PyObject *a, *b;
    if (!PyArg_UnpackTuple(args, "mul_batch", 2, 2, &a, &b)) return NULL;
    size_t na, nb;
    uint64_t *x = load_flat(o, a, &na, "mul_batch");
    if (!x) return NULL;
    uint64_t *y = load_flat(o, b, &nb, "mul_batch");
    if (!y) {
        PyMem_Free(x);
        return NULL;
    }
    PyObject *res = NULL;
    if (na != nb) PyErr_Format(PyExc_ValueError, "mul_batch: %zu and %zu elements", na, nb);
    else {
        zkp_status st;
        Py_BEGIN_ALLOW_THREADS
        st = zkp_gf2_mul_batch(o->f, x, x, y, na);
        Py_END_ALLOW_THREADS
        res = st == ZKP_OK ? flat_to_bytes(o, x, na) : zkpy_status_error(st, "mul_batch");
    }
    PyMem_Free(x);
    PyMem_Free(y);
    return res;
}

static PyObject *field_fixed_base(PyObject *self, PyObject *args, PyObject *kw) {
    FieldObject *o = (FieldObject *)self;
    static char *kwlist[] = {"base", "window", NULL};
    PyObject *g;
    zkpy_int window = ZKPY_INT("fixed_base: window", 0, 20, 0); /* 0: the library's default */
    if (!PyArg_ParseTupleAndKeywords(args, kw, "O|O&:fixed_base", kwlist, &g, zkpy_int_arg, &window)) return NULL;
    uint64_t x[4];
    if (load_elem(o->f, o->limbs, g, x, NULL, "fixed_base") < 0) return NULL;
    PyObject *mod = PyType_GetModule(Py_TYPE(self)); /* borrowed; Field is not subclassable */
    if (!mod) return NULL;
    FixedBaseObject *t = PyObject_New(FixedBaseObject, zkpy_state_of(mod)->fixed_base);
    if (!t) return NULL;
    t->t = NULL;
    Py_INCREF(self);
    t->field = o;
    zkp_status st;
    Py_BEGIN_ALLOW_THREADS
    st = zkp_gf2_fixed_base_new(&t->t, o->f, x, (unsigned)window.v);
    Py_END_ALLOW_THREADS
    if (st != ZKP_OK) {
        Py_DECREF(t);
        return zkpy_status_error(st, "fixed_base");
    }
    return (PyObject *)t;
}

static int exp128(PyObject *e, uint64_t out[2]) {
    uint8_t b[16];
    if (zkpy_int_to_le(e, b, 16, "fixed-base exponent (0 <= e < 2^128)") < 0) return -1;
    out[0] = out[1] = 0;
    for (int i = 7; i >= 0; i--) {
        out[0] = out[0] << 8 | b[i];
        out[1] = out[1] << 8 | b[8 + i];
    }
    return 0;
}

static PyObject *fb_pow(PyObject *self, PyObject *e) {
    FixedBaseObject *t = (FixedBaseObject *)self;
    uint64_t ex[2], r[4];
    if (exp128(e, ex) < 0) return NULL;
    zkp_status st = zkp_gf2_fixed_base_pow_vartime(t->t, r, ex);
    if (st != ZKP_OK) return zkpy_status_error(st, "pow");
    return store_elem(t->field->f, t->field->limbs, r, 1);
}

/* pow_batch(exponents: sequence of ints) -> bytes of the powers. */
static PyObject *fb_pow_batch(PyObject *self, PyObject *seq) {
    FixedBaseObject *t = (FixedBaseObject *)self;
    PyObject *fast = PySequence_Fast(seq, "pow_batch: a sequence of ints is required");
    if (!fast) return NULL;
    size_t n = (size_t)PySequence_Fast_GET_SIZE(fast);
    uint64_t *ex = PyMem_Malloc(16 * n + 16), *out = PyMem_Malloc(8 * t->field->limbs * n + 8);
    PyObject *res = NULL;
    if (!ex || !out) {
        PyErr_NoMemory();
        goto done;
    }
    for (size_t i = 0; i < n; i++)
        if (exp128(PySequence_Fast_GET_ITEM(fast, (Py_ssize_t)i), ex + 2 * i) < 0) goto done;
    zkp_status st;
    Py_BEGIN_ALLOW_THREADS
    st = zkp_gf2_fixed_base_pow_batch_vartime(t->t, out, ex, n);
    Py_END_ALLOW_THREADS
    res = st == ZKP_OK ? flat_to_bytes(t->field, out, n) : zkpy_status_error(st, "pow_batch");
done:
    PyMem_Free(ex);
    PyMem_Free(out);
    Py_DECREF(fast);
    return res;
}

static void fb_dealloc(PyObject *self) {
    FixedBaseObject *t = (FixedBaseObject *)self;
    zkp_gf2_fixed_base_free(t->t);
    Py_XDECREF(t->field);
    PyTypeObject *tp = Py_TYPE(self);
    PyObject_Free(self);
    Py_DECREF(tp); /* instances of a heap type hold a reference to it */
}

static PyObject *field_get_name(PyObject *self, void *c) {
    (void)c;
    return PyUnicode_FromString(zkp_gf2_field_name(((FieldObject *)self)->f));
}
static PyObject *field_get_degree(PyObject *self, void *c) {
    (void)c;
    return PyLong_FromUnsignedLong(zkp_gf2_field_degree(((FieldObject *)self)->f));
}
static PyObject *field_get_bytes(PyObject *self, void *c) {
    (void)c;
    return PyLong_FromUnsignedLong(8 * ((FieldObject *)self)->limbs);
}
static PyObject *field_repr(PyObject *self) {
    return PyUnicode_FromFormat("zkprim.gf2.Field('%s')", zkp_gf2_field_name(((FieldObject *)self)->f));
}

static PyMethodDef field_methods[] = {
    {"add", field_add, METH_VARARGS, "a + b (XOR)."},
    {"mul", field_mul, METH_VARARGS, "a * b."},
    {"square", field_square, METH_O, "a^2."},
    {"inv", field_inv, METH_O, "a^-1 (ZeroDivisionError for 0)."},
    {"pow", field_pow, METH_VARARGS, "a^e for an int e >= 0."},
    {"mul_batch", field_mul_batch, METH_VARARGS, "Element-wise products of two flat buffers -> bytes."},
    {"fixed_base", (PyCFunction)(void (*)(void))field_fixed_base, METH_VARARGS | METH_KEYWORDS,
     "fixed_base(g, window=0): a windowed table for powers g^e, e < 2^128 (variable time: public e only)."},
    {NULL, NULL, 0, NULL},
};

static PyGetSetDef field_getset[] = {
    {"name", field_get_name, NULL, "field name", NULL},
    {"degree", field_get_degree, NULL, "degree over GF(2)", NULL},
    {"element_bytes", field_get_bytes, NULL, "bytes per element encoding", NULL},
    {NULL, NULL, NULL, NULL, NULL},
};

static PyMethodDef fb_methods[] = {
    {"pow", fb_pow, METH_O, "g^e (int, 0 <= e < 2^128) -> int."},
    {"pow_batch", fb_pow_batch, METH_O, "powers for a sequence of exponents -> bytes."},
    {NULL, NULL, 0, NULL},
};

static PyType_Slot field_slots[] = {
    {Py_tp_doc, "Field(name): one of b127, ghash128, b163, b191, sect193, ghash2, b256."},
    {Py_tp_methods, field_methods},
    {Py_tp_getset, field_getset},
    {Py_tp_init, field_init},
    {Py_tp_new, PyType_GenericNew},
    {Py_tp_repr, field_repr},
    {0, NULL},
};
static PyType_Spec field_spec = {"zkprim.gf2.Field", sizeof(FieldObject), 0,
                                 Py_TPFLAGS_DEFAULT | Py_TPFLAGS_IMMUTABLETYPE, field_slots};

/* Made by Field.fixed_base only. */
static PyType_Slot fb_slots[] = {
    {Py_tp_dealloc, fb_dealloc},
    {Py_tp_doc, "A fixed-base power table (Field.fixed_base)."},
    {Py_tp_methods, fb_methods},
    {0, NULL},
};
static PyType_Spec fb_spec = {"zkprim.gf2.FixedBase", sizeof(FixedBaseObject), 0,
                              Py_TPFLAGS_DEFAULT | Py_TPFLAGS_DISALLOW_INSTANTIATION | Py_TPFLAGS_IMMUTABLETYPE,
                              fb_slots};

/* b256 <-> ghash2 (constant time for single elements; the batch forms are
 * the variable-time table path, for public data). */
static PyObject *iso_one(PyObject *a, int to_ghash2) {
    zkp_gf2_field from = to_ghash2 ? ZKP_GF2_B256 : ZKP_GF2_GHASH2, to = to_ghash2 ? ZKP_GF2_GHASH2 : ZKP_GF2_B256;
    uint64_t x[4], r[4];
    int as_int;
    if (load_elem(from, 4, a, x, &as_int, to_ghash2 ? "b256_to_ghash2" : "ghash2_to_b256") < 0) return NULL;
    if (to_ghash2) zkp_gf2_b256_to_ghash2((zkp_gf2_ghash2 *)r, (const zkp_gf2_b256 *)x);
    else zkp_gf2_ghash2_to_b256((zkp_gf2_b256 *)r, (const zkp_gf2_ghash2 *)x);
    return store_elem(to, 4, r, as_int);
}
static PyObject *py_b256_to_ghash2(PyObject *m, PyObject *a) {
    (void)m;
    return iso_one(a, 1);
}
static PyObject *py_ghash2_to_b256(PyObject *m, PyObject *a) {
    (void)m;
    return iso_one(a, 0);
}

static PyObject *iso_batch(PyObject *buf, int to_ghash2) {
    Py_buffer v;
    const char *what = to_ghash2 ? "b256_to_ghash2_batch" : "ghash2_to_b256_batch";
    if (zkpy_get_buffer(buf, &v, what) < 0) return NULL;
    if (v.len % 32) {
        PyBuffer_Release(&v);
        return PyErr_Format(PyExc_ValueError, "%s: %zd bytes is not a whole number of 32-byte elements", what, v.len);
    }
    size_t n = (size_t)v.len / 32;
    uint64_t *a = PyMem_Malloc(32 * n + 32);
    if (!a) {
        PyBuffer_Release(&v);
        return PyErr_NoMemory();
    }
    zkp_status st = ZKP_OK; /* every 256-bit value is reduced in both fields */
    for (size_t i = 0; i < n && st == ZKP_OK; i++) st = zkp_gf2_from_bytes(ZKP_GF2_B256, a + 4 * i, (const uint8_t *)v.buf + 32 * i);
    PyBuffer_Release(&v);
    Py_BEGIN_ALLOW_THREADS
    if (st == ZKP_OK)
        st = to_ghash2 ? zkp_gf2_b256_to_ghash2_batch_vartime((zkp_gf2_ghash2 *)a, (const zkp_gf2_b256 *)a, n)
                   : zkp_gf2_ghash2_to_b256_batch_vartime((zkp_gf2_b256 *)a, (const zkp_gf2_ghash2 *)a, n);
    Py_END_ALLOW_THREADS
    PyObject *res = NULL;
    if (st != ZKP_OK) zkpy_status_error(st, what);
    else if ((res = PyBytes_FromStringAndSize(NULL, (Py_ssize_t)(32 * n))))
        for (size_t i = 0; i < n && st == ZKP_OK; i++)
            st = zkp_gf2_to_bytes(ZKP_GF2_B256, (uint8_t *)PyBytes_AS_STRING(res) + 32 * i, a + 4 * i);
    PyMem_Free(a);
    return res;
}
static PyObject *py_b256_to_ghash2_batch(PyObject *m, PyObject *a) {
    (void)m;
    return iso_batch(a, 1);
}
static PyObject *py_ghash2_to_b256_batch(PyObject *m, PyObject *a) {
    (void)m;
    return iso_batch(a, 0);
}

static PyMethodDef gf2_functions[] = {
    {"gf2_b256_to_ghash2", py_b256_to_ghash2, METH_O, "b256 -> ghash2 (constant time)."},
    {"gf2_ghash2_to_b256", py_ghash2_to_b256, METH_O, "ghash2 -> b256 (constant time)."},
    {"gf2_b256_to_ghash2_batch", py_b256_to_ghash2_batch, METH_O, "b256 -> ghash2 over a buffer (public data)."},
    {"gf2_ghash2_to_b256_batch", py_ghash2_to_b256_batch, METH_O, "ghash2 -> b256 over a buffer (public data)."},
    {NULL, NULL, 0, NULL},
};

int zkpy_gf2_exec(PyObject *m) {
    zkpy_state *s = zkpy_state_of(m);
    if (zkpy_add_type(m, &field_spec, &s->field) < 0 || zkpy_add_type(m, &fb_spec, &s->fixed_base) < 0) return -1;
    return PyModule_AddFunctions(m, gf2_functions);
}
