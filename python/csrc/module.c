/*
 * zkprim._zkprim: the module entry. Multi-phase initialisation (PEP 489):
 * PyInit__zkprim returns the definition, and module_exec checks ZKPRIM_CPU
 * then runs each part (parts.h), which adds its functions and heap types;
 * the types and the exception class live in the module state (helpers.h).
 * The library is linked in statically (setup.py builds it with the
 * project's CMake), kernels and run-time dispatch included.
 */
#include "parts.h" /* first: Python.h sets the feature macros */

static PyObject *py_version(PyObject *self, PyObject *noargs) {
    (void)self;
    (void)noargs;
    return PyUnicode_FromString(zkp_version());
}

static PyObject *py_cpu_features(PyObject *self, PyObject *noargs) {
    (void)self;
    (void)noargs;
    char buf[256];
    zkp_cpu_mask_string(zkp_cpu_active(), buf, sizeof buf);
    return PyUnicode_FromString(buf);
}

static PyObject *py_cpu_force(PyObject *self, PyObject *arg) {
    (void)self;
    const char *level = PyUnicode_AsUTF8(arg);
    if (!level) return NULL;
    zkp_status st = zkp_cpu_force(level);
    if (st != ZKP_OK) return zkpy_status_error(st, "cpu_force");
    Py_RETURN_NONE;
}

/* An invalid ZKPRIM_CPU ("AVX2", "neon" on x86) is refused as the CLI
 * refuses it: the library alone would ignore it and use every detected
 * feature, so a typo while benchmarking would measure the wrong kernels. */
static int check_cpu_env(void) {
    zkp_status st = zkp_cpu_env_status();
    if (st == ZKP_OK) return 0;
    char have[256];
    zkp_cpu_mask_string(zkp_cpu_detected(), have, sizeof have);
    if (st == ZKP_ERR_CPU)
        PyErr_Format(PyExc_ImportError,
                     "zkprim: ZKPRIM_CPU=%s: this CPU lacks a feature that level needs; use native, portable or "
                     "features this CPU has, joined by '+': %s",
                     getenv("ZKPRIM_CPU"), have);
    else
        PyErr_Format(PyExc_ImportError,
                     "zkprim: ZKPRIM_CPU=%s: unknown level; use native, portable, bmi2, pclmul, avx2, avx512, neon, "
                     "sha3 or features joined by '+' (this CPU has: %s)",
                     getenv("ZKPRIM_CPU"), have);
    return -1;
}

static int module_exec(PyObject *m) {
    if (check_cpu_env() < 0) return -1;
    if (zkpy_hash_exec(m) < 0 || zkpy_poseidon_exec(m) < 0 || zkpy_poseidon2_exec(m) < 0 ||
        zkpy_poseidon2_mmcs_exec(m) < 0 || zkpy_gf2_exec(m) < 0 ||
        zkpy_tree_keccak_exec(m) < 0 || zkpy_tree_hemera_exec(m) < 0 || zkpy_tree_poseidon_exec(m) < 0 ||
        zkpy_tree_oz_exec(m) < 0 || zkpy_tree_lean_imt_exec(m) < 0 || zkpy_bench_exec(m) < 0)
        return -1;
    return 0;
}

static int module_traverse(PyObject *m, visitproc visit, void *arg) {
    zkpy_state *s = zkpy_state_of(m);
    if (!s) return 0;
    Py_VISIT(s->keccak_hash);
    Py_VISIT(s->hemera_hash);
    Py_VISIT(s->keccak_tree_hasher);
    Py_VISIT(s->hemera_tree_hasher);
    Py_VISIT(s->lean_imt);
    Py_VISIT(s->field);
    Py_VISIT(s->fixed_base);
    Py_VISIT(s->poseidon_error);
    return 0;
}

static int module_clear(PyObject *m) {
    zkpy_state *s = zkpy_state_of(m);
    if (!s) return 0;
    Py_CLEAR(s->keccak_hash);
    Py_CLEAR(s->hemera_hash);
    Py_CLEAR(s->keccak_tree_hasher);
    Py_CLEAR(s->hemera_tree_hasher);
    Py_CLEAR(s->lean_imt);
    Py_CLEAR(s->field);
    Py_CLEAR(s->fixed_base);
    Py_CLEAR(s->poseidon_error);
    return 0;
}

static void module_free(void *m) { (void)module_clear((PyObject *)m); }

static PyMethodDef module_methods[] = {
    {"version", py_version, METH_NOARGS, "Version of the linked C library."},
    {"cpu_features", py_cpu_features, METH_NOARGS, "CPU features the kernels may use now ('avx2+bmi2+...')."},
    {"cpu_force", py_cpu_force, METH_O, "Restrict kernel selection (zkp_cpu_force): 'portable', 'avx2', ..."},
    {NULL, NULL, 0, NULL},
};

static PyModuleDef_Slot module_slots[] = {
    {Py_mod_exec, (void *)module_exec},
    {0, NULL},
};

static struct PyModuleDef module_def = {
    PyModuleDef_HEAD_INIT,
    .m_name = "zkprim._zkprim",
    .m_doc = "The zkprim C library, linked in statically.",
    .m_size = sizeof(zkpy_state),
    .m_methods = module_methods,
    .m_slots = module_slots,
    .m_traverse = module_traverse,
    .m_clear = module_clear,
    .m_free = module_free,
};

PyMODINIT_FUNC PyInit__zkprim(void) { return PyModuleDef_Init(&module_def); }
