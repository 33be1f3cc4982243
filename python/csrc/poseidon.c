/*
 * zkprim.poseidon: circom Poseidon over BN254 on Python ints, the
 * light-poseidon byte API with its errors as one exception class
 * (PoseidonError, a ValueError carrying the Rust variant name and fields),
 * and hash_batch over a flat buffer of 32-byte elements.
 */
#include "helpers.h" /* first: Python.h sets the feature macros */

#include <string.h>

/* hash(inputs, domain_tag=0) -> int */
static PyObject *py_hash(PyObject *m, PyObject *const *args, Py_ssize_t nargs, PyObject *kwnames) {
    (void)m;
    PyObject *seq = nargs > 0 ? args[0] : NULL, *tag = nargs > 1 ? args[1] : NULL;
    Py_ssize_t nkw = kwnames ? PyTuple_GET_SIZE(kwnames) : 0;
    if (nargs > 2) {
        PyErr_SetString(PyExc_TypeError, "hash(inputs, domain_tag=0)");
        return NULL;
    }
    for (Py_ssize_t i = 0; i < nkw; i++) {
        const char *k = PyUnicode_AsUTF8(PyTuple_GET_ITEM(kwnames, i));
        if (!k) return NULL;
        if (!strcmp(k, "domain_tag") && !tag) tag = args[nargs + i];
        else if (!strcmp(k, "inputs") && !seq) seq = args[nargs + i];
        else {
            PyErr_Format(PyExc_TypeError, "hash() got an unexpected keyword argument '%s'", k);
            return NULL;
        }
    }
    if (!seq) {
        PyErr_SetString(PyExc_TypeError, "hash() missing required argument 'inputs'");
        return NULL;
    }
    zkp_poseidon_fr in[ZKP_POSEIDON_MAX_INPUTS], cap, out;
    PyObject *fast = PySequence_Fast(seq, "hash: inputs must be a sequence of ints");
    if (!fast) return NULL;
    Py_ssize_t n = PySequence_Fast_GET_SIZE(fast);
    if (n < 1 || n > ZKP_POSEIDON_MAX_INPUTS) {
        Py_DECREF(fast);
        return PyErr_Format(PyExc_ValueError, "hash: %zd inputs; circom Poseidon takes 1..16", n);
    }
    for (Py_ssize_t i = 0; i < n; i++) {
        if (zkpy_fr_from_int(PySequence_Fast_GET_ITEM(fast, i), &in[i], "hash: input") < 0) {
            Py_DECREF(fast);
            return NULL;
        }
    }
    Py_DECREF(fast);
    if (tag && tag != Py_None && zkpy_fr_from_int(tag, &cap, "hash: domain_tag") < 0) return NULL;
    zkp_status st = tag && tag != Py_None ? zkp_poseidon_hash_tagged(&cap, in, (size_t)n, &out)
                                          : zkp_poseidon_hash(in, (size_t)n, &out);
    if (st != ZKP_OK) return zkpy_status_error(st, "poseidon.hash");
    return zkpy_fr_to_int(&out);
}

/* Raises PoseidonError(message) with .name and the variant's fields. */
static PyObject *raise_lp(PyObject *error_class, const zkp_poseidon_lp_detail *d) {
    const char *name = zkp_poseidon_lp_error_name(d->error);
    PyObject *msg;
    switch (d->error) {
    case ZKP_POSEIDON_LP_EMPTY_INPUT:
        msg = PyUnicode_FromFormat("%s: input %zu is empty", name, d->index);
        break;
    case ZKP_POSEIDON_LP_INVALID_INPUT_LENGTH:
        msg = PyUnicode_FromFormat("%s: input %zu has %zu bytes, expected %zu", name, d->index, d->len,
                                   d->modulus_bytes_len);
        break;
    case ZKP_POSEIDON_LP_INPUT_LARGER_THAN_MODULUS:
        msg = PyUnicode_FromFormat("%s: input %zu is not below the BN254 modulus", name, d->index);
        break;
    case ZKP_POSEIDON_LP_INVALID_NUMBER_OF_INPUTS:
        msg = PyUnicode_FromFormat("%s: %zu inputs (max_limit %zu, width %zu)", name, d->inputs, d->max_limit,
                                   d->width);
        break;
    default:
        msg = PyUnicode_FromFormat("%s", name);
    }
    if (!msg) return NULL;
    PyObject *exc = PyObject_CallOneArg(error_class, msg);
    Py_DECREF(msg);
    if (!exc) return NULL;
    struct { const char *k; size_t v; } f[] = {{"index", d->index}, {"len", d->len},
        {"modulus_bytes_len", d->modulus_bytes_len}, {"inputs", d->inputs}, {"max_limit", d->max_limit},
        {"width", d->width}};
    PyObject *nm = PyUnicode_FromString(name);
    int bad = !nm || PyObject_SetAttrString(exc, "name", nm) < 0;
    Py_XDECREF(nm);
    for (size_t i = 0; !bad && i < sizeof f / sizeof f[0]; i++) {
        PyObject *v = PyLong_FromSize_t(f[i].v);
        bad = !v || PyObject_SetAttrString(exc, f[i].k, v) < 0;
        Py_XDECREF(v);
    }
    if (!bad) PyErr_SetObject(error_class, exc);
    Py_DECREF(exc);
    return NULL;
}

static PyObject *hash_bytes(PyObject *m, PyObject *seq, int be) {
    PyObject *fast = PySequence_Fast(seq, "hash_bytes: inputs must be a sequence of bytes-like objects");
    if (!fast) return NULL;
    Py_ssize_t n = PySequence_Fast_GET_SIZE(fast);
    Py_buffer *views = PyMem_Calloc((size_t)(n ? n : 1), sizeof *views);
    const uint8_t **ptrs = PyMem_Calloc((size_t)(n ? n : 1), sizeof *ptrs);
    size_t *lens = PyMem_Calloc((size_t)(n ? n : 1), sizeof *lens);
    PyObject *res = NULL;
    Py_ssize_t got = 0;
    if (!views || !ptrs || !lens) {
        PyErr_NoMemory();
        goto done;
    }
    for (; got < n; got++) {
        if (zkpy_get_buffer(PySequence_Fast_GET_ITEM(fast, got), &views[got], "hash_bytes: input") < 0) goto done;
        ptrs[got] = views[got].buf;
        lens[got] = (size_t)views[got].len;
    }
    uint8_t out[32];
    zkp_poseidon_lp_detail d;
    zkp_status st = be ? zkp_poseidon_hash_bytes_be(ptrs, lens, (size_t)n, out, &d)
                       : zkp_poseidon_hash_bytes_le(ptrs, lens, (size_t)n, out, &d);
    if (st != ZKP_OK) raise_lp(zkpy_state_of(m)->poseidon_error, &d);
    else res = PyBytes_FromStringAndSize((const char *)out, 32);
done:
    for (Py_ssize_t i = 0; i < got; i++) PyBuffer_Release(&views[i]);
    PyMem_Free(views);
    PyMem_Free(ptrs);
    PyMem_Free(lens);
    Py_DECREF(fast);
    return res;
}

static PyObject *py_hash_bytes_be(PyObject *m, PyObject *seq) {
    return hash_bytes(m, seq, 1);
}
static PyObject *py_hash_bytes_le(PyObject *m, PyObject *seq) {
    return hash_bytes(m, seq, 0);
}

/* hash_batch(buffer, n_inputs, byteorder="little") -> bytes: the buffer holds
 * n * n_inputs elements of 32 bytes; hash i of the inputs i*n_inputs ..
 * (i+1)*n_inputs - 1, 32 bytes out per hash in the same byte order. */
static PyObject *py_hash_batch(PyObject *m, PyObject *args, PyObject *kw) {
    (void)m;
    static char *kwlist[] = {"buffer", "n_inputs", "byteorder", NULL};
    PyObject *buf;
    zkpy_int n_in = ZKPY_INT("hash_batch: n_inputs", 1, ZKP_POSEIDON_MAX_INPUTS, 0);
    const char *order = "little";
    if (!PyArg_ParseTupleAndKeywords(args, kw, "OO&|s:hash_batch", kwlist, &buf, zkpy_int_arg, &n_in, &order))
        return NULL;
    size_t n_inputs = (size_t)n_in.v;
    int be = !strcmp(order, "big");
    if (!be && strcmp(order, "little")) return PyErr_Format(PyExc_ValueError, "hash_batch: byteorder must be 'little' or 'big'");
    Py_buffer v;
    if (zkpy_get_buffer(buf, &v, "hash_batch") < 0) return NULL;
    size_t per = 32 * n_inputs;
    if ((size_t)v.len % per) {
        PyBuffer_Release(&v);
        return PyErr_Format(PyExc_ValueError, "hash_batch: buffer of %zd bytes is not a whole number of %zu-byte groups",
                            v.len, per);
    }
    size_t n = (size_t)v.len / per;
    PyObject *res = PyBytes_FromStringAndSize(NULL, (Py_ssize_t)(32 * n));
    if (!res) {
        PyBuffer_Release(&v);
        return NULL;
    }
    uint8_t *out = (uint8_t *)PyBytes_AS_STRING(res);
    /* Little-endian bytes on a little-endian host are the limb layout: hash
     * straight from the caller's buffer when it is aligned. */
    const int host_le = *(const uint16_t *)"\1\0" == 1;
    int direct = host_le && !be && ((uintptr_t)v.buf % _Alignof(zkp_poseidon_fr)) == 0;
    zkp_poseidon_fr *tmp = NULL;
    zkp_status st = ZKP_OK;
    if (!direct) {
        tmp = PyMem_Malloc(sizeof *tmp * (n * n_inputs + 1));
        if (!tmp) {
            Py_DECREF(res);
            PyBuffer_Release(&v);
            return PyErr_NoMemory();
        }
    }
    const uint8_t *in = v.buf;
    Py_BEGIN_ALLOW_THREADS
    if (direct) {
        st = zkp_poseidon_hash_batch((const zkp_poseidon_fr *)in, n_inputs, n, (zkp_poseidon_fr *)out);
    } else {
        for (size_t i = 0; i < n * n_inputs && st == ZKP_OK; i++) {
            if (be) st = zkp_poseidon_fr_from_be(&tmp[i], in + 32 * i);
            else st = zkp_poseidon_fr_from_le(&tmp[i], in + 32 * i);
        }
        if (st == ZKP_OK) st = zkp_poseidon_hash_batch(tmp, n_inputs, n, tmp);
        for (size_t i = 0; i < n && st == ZKP_OK; i++) {
            if (be) zkp_poseidon_fr_to_be(out + 32 * i, &tmp[i]);
            else zkpy_fr_store_le(out + 32 * i, &tmp[i]);
        }
    }
    Py_END_ALLOW_THREADS
    PyMem_Free(tmp);
    PyBuffer_Release(&v);
    if (st != ZKP_OK) {
        Py_DECREF(res);
        if (st == ZKP_ERR_RANGE) return PyErr_Format(PyExc_ValueError, "hash_batch: an element is >= p");
        return zkpy_status_error(st, "hash_batch");
    }
    return res;
}

static PyObject *py_implementation(PyObject *m, PyObject *noargs) {
    (void)m;
    (void)noargs;
    return PyUnicode_FromString(zkp_poseidon_implementation());
}

static PyMethodDef poseidon_functions[] = {
    {"poseidon_hash", (PyCFunction)(void (*)(void))py_hash, METH_FASTCALL | METH_KEYWORDS,
     "hash(inputs, domain_tag=0) -> int: circom Poseidon of 1..16 ints below p."},
    {"poseidon_hash_bytes_be", py_hash_bytes_be, METH_O, "light-poseidon hash_bytes_be: 32-byte big-endian inputs."},
    {"poseidon_hash_bytes_le", py_hash_bytes_le, METH_O, "light-poseidon hash_bytes_le: 32-byte little-endian inputs."},
    {"poseidon_hash_batch", (PyCFunction)(void (*)(void))py_hash_batch, METH_VARARGS | METH_KEYWORDS,
     "hash_batch(buffer, n_inputs, byteorder='little') -> bytes of 32-byte hashes."},
    {"poseidon_implementation", py_implementation, METH_NOARGS, "The Poseidon kernel in use."},
    {NULL, NULL, 0, NULL},
};

int zkpy_poseidon_exec(PyObject *m) {
    zkpy_state *s = zkpy_state_of(m);
    s->poseidon_error = PyErr_NewExceptionWithDoc(
        "zkprim.poseidon.PoseidonError",
        "A light-poseidon error: .name is the Rust variant (EmptyInput, InvalidInputLength, "
        "InputLargerThanModulus, InvalidNumberOfInputs, ...); index, len, modulus_bytes_len, inputs, "
        "max_limit, width are its fields (0 when the variant has none).",
        PyExc_ValueError, NULL);
    if (!s->poseidon_error || PyModule_AddObjectRef(m, "PoseidonError", s->poseidon_error) < 0) return -1;
    return PyModule_AddFunctions(m, poseidon_functions);
}
