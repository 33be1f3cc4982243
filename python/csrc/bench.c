/*
 * The C side of `python -m zkprim.bench`: the same operations timed in a C
 * loop inside the extension (same library, same kernels, same process), so
 * the table compares the binding's overhead with the call itself.
 */
#include "helpers.h" /* first: Python.h sets the feature macros */

#include <string.h>
#include <time.h>
#include "zkprim/keccak.h"
#include "zkprim/poseidon.h"

static double now_ns(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec * 1e9 + (double)t.tv_nsec;
}

static volatile uint64_t sink;

/* _c_time(case, n) -> nanoseconds per operation over n operations:
 *   "keccak256_64"    zkp_keccak256 of 64 bytes
 *   "keccak256_64_stream"  the same through init / update / final (what a hash object calls)
 *   "poseidon_hash2"  zkp_poseidon_hash of 2 inputs
 *   "poseidon_batch2" zkp_poseidon_hash_batch of n hashes of 2 inputs */
static PyObject *py_c_time(PyObject *m, PyObject *args) {
    (void)m;
    const char *name;
    Py_ssize_t n;
    if (!PyArg_ParseTuple(args, "sn:_c_time", &name, &n)) return NULL;
    if (n < 1) return PyErr_Format(PyExc_ValueError, "_c_time: n must be >= 1");
    double t0 = 0, t1 = 0;
    zkp_status st = ZKP_OK;
    if (!strcmp(name, "keccak256_64")) {
        uint8_t in[64], out[32];
        memset(in, 7, sizeof in);
        Py_BEGIN_ALLOW_THREADS
        t0 = now_ns();
        for (Py_ssize_t i = 0; i < n && st == ZKP_OK; i++) {
            in[0] = (uint8_t)i;
            st = zkp_keccak256(in, sizeof in, out);
            sink ^= out[0];
        }
        t1 = now_ns();
        Py_END_ALLOW_THREADS
    } else if (!strcmp(name, "keccak256_64_stream")) {
        uint8_t in[64], out[32];
        zkp_keccak_state ks;
        memset(in, 7, sizeof in);
        Py_BEGIN_ALLOW_THREADS
        t0 = now_ns();
        for (Py_ssize_t i = 0; i < n && st == ZKP_OK; i++) {
            in[0] = (uint8_t)i;
            st = zkp_keccak_init(&ks, ZKP_KECCAK_256);
            if (st == ZKP_OK) st = zkp_keccak_update(&ks, in, sizeof in);
            if (st == ZKP_OK) st = zkp_keccak_final(&ks, out, sizeof out);
            sink ^= out[0];
        }
        t1 = now_ns();
        Py_END_ALLOW_THREADS
    } else if (!strcmp(name, "poseidon_hash2")) {
        zkp_poseidon_fr in[2] = {{{1, 2, 3, 4}}, {{5, 6, 7, 8}}}, out;
        Py_BEGIN_ALLOW_THREADS
        t0 = now_ns();
        for (Py_ssize_t i = 0; i < n && st == ZKP_OK; i++) {
            in[0].limb[0] = (uint64_t)i;
            st = zkp_poseidon_hash(in, 2, &out);
            sink ^= out.limb[0];
        }
        t1 = now_ns();
        Py_END_ALLOW_THREADS
    } else if (!strcmp(name, "poseidon_batch2")) {
        zkp_poseidon_fr *in = PyMem_Malloc(sizeof *in * 2 * (size_t)n), *out = PyMem_Malloc(sizeof *out * (size_t)n);
        if (!in || !out) {
            PyMem_Free(in);
            PyMem_Free(out);
            return PyErr_NoMemory();
        }
        for (Py_ssize_t i = 0; i < 2 * n; i++) in[i] = (zkp_poseidon_fr){{(uint64_t)i * 0x9e3779b97f4a7c15u, (uint64_t)i, 7, 1}};
        Py_BEGIN_ALLOW_THREADS
        t0 = now_ns();
        st = zkp_poseidon_hash_batch(in, 2, (size_t)n, out);
        t1 = now_ns();
        Py_END_ALLOW_THREADS
        sink ^= out[0].limb[0];
        PyMem_Free(in);
        PyMem_Free(out);
    } else {
        return PyErr_Format(PyExc_ValueError, "_c_time: unknown case '%s'", name);
    }
    if (st != ZKP_OK) return zkpy_status_error(st, name);
    return PyFloat_FromDouble((t1 - t0) / (double)n);
}

static PyMethodDef bench_functions[] = {
    {"_c_time", py_c_time, METH_VARARGS, "C-loop timing for zkprim.bench (ns per operation)."},
    {NULL, NULL, 0, NULL},
};

int zkpy_bench_exec(PyObject *m) { return PyModule_AddFunctions(m, bench_functions); }
