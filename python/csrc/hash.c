/*
 * hashlib-compatible hash objects: the Keccak family (keccak_256, sha3_*,
 * shake_*) and Hemera (plain, keyed, derive-key, constant-time). Each
 * object owns its C streaming state; digest() finalises a copy, so the
 * object stays usable (hashlib semantics). Updates of ZKPY_GIL_MINSIZE
 * bytes or more release the GIL under the object's lock.
 */
#include "helpers.h" /* first: Python.h sets the feature macros */

#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include "zkprim/hemera.h"
#include "zkprim/keccak.h"

/* ---- the two object layouts and their update/digest kernels ------------- */

/* A short message (the common case: a 32- or 64-byte node) stays in pend
 * until it outgrows it; digest() then takes the one-shot call, which skips
 * the streaming state's set-up. The state starts on the first overflow. */
#define KECCAK_PEND 136

/* Both layouts start with this head: the lock and which family the object
 * is (the methods are shared; the types are per module, so the family is
 * read from the object rather than by comparing types). */
#define HASH_HEAD   \
    PyObject_HEAD   \
    zkpy_lock lock; \
    uint8_t is_keccak;

typedef struct {
    HASH_HEAD
} HashHead;

typedef struct {
    HASH_HEAD
    uint8_t started;  /* st initialised and holding everything absorbed */
    uint8_t npend;
    zkp_keccak_alg alg;
    zkp_keccak_state st;
    uint8_t pend[KECCAK_PEND];
} KeccakObject;

typedef struct {
    HASH_HEAD
    int mode; /* 0 plain, 1 secret, 2 keyed, 3 derive-key */
    zkp_hemera_hasher h;
} HemeraObject;

static int is_keccak(PyObject *self) { return ((HashHead *)self)->is_keccak; }

typedef zkp_status (*update_fn)(PyObject *self, const uint8_t *p, size_t n);

/* Starts the streaming state from the pending bytes (into st). */
static zkp_status keccak_start(const KeccakObject *o, zkp_keccak_state *st) {
    zkp_status s = zkp_keccak_init(st, o->alg);
    if (s == ZKP_OK && o->npend) s = zkp_keccak_update(st, o->pend, o->npend);
    return s;
}

static zkp_status keccak_absorb(PyObject *self, const uint8_t *p, size_t n) {
    KeccakObject *o = (KeccakObject *)self;
    if (!o->started) {
        if (n <= (size_t)(KECCAK_PEND - o->npend)) {
            if (n) memcpy(o->pend + o->npend, p, n);
            o->npend = (uint8_t)(o->npend + n);
            return ZKP_OK;
        }
        zkp_status s = keccak_start(o, &o->st);
        if (s != ZKP_OK) return s;
        o->started = 1;
        o->npend = 0;
    }
    return zkp_keccak_update(&o->st, p, n);
}

static zkp_status hemera_absorb(PyObject *self, const uint8_t *p, size_t n) {
    return zkp_hemera_hasher_update(&((HemeraObject *)self)->h, p, n);
}

static zkpy_lock *lock_of(PyObject *self) {
    return &((HashHead *)self)->lock;
}

/* Absorbs n bytes: under the lock, the GIL released for long inputs. */
static int absorb(PyObject *self, update_fn fn, const uint8_t *p, size_t n) {
    zkpy_lock *l = lock_of(self);
    zkp_status st;
    if (n >= ZKPY_GIL_MINSIZE) {
        if (zkpy_lock_ensure(l) < 0) return -1;
        zkpy_lock_enter(l);
        Py_BEGIN_ALLOW_THREADS
        st = fn(self, p, n);
        Py_END_ALLOW_THREADS
    } else {
        zkpy_lock_enter(l);
        st = fn(self, p, n);
    }
    zkpy_lock_leave(l);
    if (st != ZKP_OK) {
        zkpy_status_error(st, "update");
        return -1;
    }
    return 0;
}

static int absorb_object(PyObject *self, update_fn fn, PyObject *data) {
    Py_buffer v;
    if (zkpy_get_buffer(data, &v, "update") < 0) return -1;
    int rc = absorb(self, fn, v.buf, (size_t)v.len);
    PyBuffer_Release(&v);
    return rc;
}

static update_fn fn_of(PyObject *self) { return is_keccak(self) ? keccak_absorb : hemera_absorb; }

static PyObject *obj_update(PyObject *self, PyObject *data) {
    if (absorb_object(self, fn_of(self), data) < 0) return NULL;
    Py_RETURN_NONE;
}

/* update_mmap(path): absorbs the whole file with the GIL released and
 * returns self (blake3-py's name and contract). It reads the file in blocks
 * instead of mapping it: /proc and /sys files report sizes (0, 4096) that are
 * not their contents, so hashing a map of st_size bytes gave a wrong digest
 * (the empty string's for /proc/self/status), and a mapped file that another
 * process truncates meanwhile kills the process with SIGBUS. The object's
 * lock is held for the whole file: an update() from another thread lands
 * before or after it, never inside. A read error (OSError) can come after
 * part of the file was absorbed: the object is then to be discarded. */
#define READ_BLOCK ((size_t)1 << 20)
static PyObject *obj_update_mmap(PyObject *self, PyObject *arg) {
    PyObject *bytes_path = NULL;
    if (!PyUnicode_FSConverter(arg, &bytes_path)) return NULL;
    int fd = open(PyBytes_AS_STRING(bytes_path), O_RDONLY | O_CLOEXEC);
    if (fd < 0) {
        PyErr_SetFromErrnoWithFilenameObject(PyExc_OSError, arg);
        Py_DECREF(bytes_path);
        return NULL;
    }
    Py_DECREF(bytes_path);
    struct stat sb;
    if (fstat(fd, &sb) < 0) {
        PyErr_SetFromErrnoWithFilenameObject(PyExc_OSError, arg);
        close(fd);
        return NULL;
    }
    if (!S_ISREG(sb.st_mode)) { /* a pipe or a device may never end */
        close(fd);
        PyErr_Format(PyExc_ValueError, "update_mmap: %R is not a regular file", arg);
        return NULL;
    }
    uint8_t *buf = PyMem_RawMalloc(READ_BLOCK);
    zkpy_lock *l = lock_of(self);
    if (!buf || zkpy_lock_ensure(l) < 0) {
        PyMem_RawFree(buf);
        close(fd);
        return buf ? NULL : PyErr_NoMemory();
    }
    const update_fn fn = fn_of(self);
    zkp_status st = ZKP_OK;
    int err = 0;
    zkpy_lock_enter(l);
    Py_BEGIN_ALLOW_THREADS
    for (;;) {
        ssize_t n = read(fd, buf, READ_BLOCK);
        if (n < 0 && errno == EINTR) continue;
        if (n < 0) err = errno;
        if (n <= 0) break;
        st = fn(self, buf, (size_t)n);
        if (st != ZKP_OK) break;
    }
    Py_END_ALLOW_THREADS
    zkpy_lock_leave(l);
    PyMem_RawFree(buf);
    close(fd);
    if (err) {
        errno = err;
        return PyErr_SetFromErrnoWithFilenameObject(PyExc_OSError, arg);
    }
    if (st != ZKP_OK) return zkpy_status_error(st, "update_mmap");
    Py_INCREF(self);
    return self;
}

/* digest arguments: length (XOFs; Hemera's XOF), seek (skip that many
 * output bytes first). */
static int parse_out(PyObject *const *args, Py_ssize_t nargs, PyObject *kwnames, int xof, size_t dflt,
                     size_t *length, size_t *seek) {
    PyObject *olen = NULL, *oseek = NULL;
    if (nargs > 1) {
        PyErr_SetString(PyExc_TypeError, "digest takes at most one positional argument (length)");
        return -1;
    }
    if (nargs == 1) olen = args[0];
    Py_ssize_t nkw = kwnames ? PyTuple_GET_SIZE(kwnames) : 0;
    for (Py_ssize_t i = 0; i < nkw; i++) {
        const char *k = PyUnicode_AsUTF8(PyTuple_GET_ITEM(kwnames, i));
        if (!k) return -1;
        if (!strcmp(k, "length") && !olen) olen = args[nargs + i];
        else if (!strcmp(k, "seek") && !oseek) oseek = args[nargs + i];
        else {
            PyErr_Format(PyExc_TypeError, "digest: unexpected keyword argument '%s'", k);
            return -1;
        }
    }
    if (!xof && (olen || oseek)) {
        PyErr_SetString(PyExc_TypeError, "digest: this algorithm has a fixed output; length and seek apply to XOFs");
        return -1;
    }
    *length = dflt;
    *seek = 0;
    if (olen) {
        Py_ssize_t v = PyNumber_AsSsize_t(olen, PyExc_OverflowError);
        if (v == -1 && PyErr_Occurred()) return -1;
        if (v < 0) {
            PyErr_SetString(PyExc_ValueError, "digest: length must be non-negative");
            return -1;
        }
        *length = (size_t)v;
    } else if (dflt == 0 && xof) {
        PyErr_SetString(PyExc_TypeError, "digest() missing required argument 'length'");
        return -1;
    }
    if (oseek) {
        unsigned long long v = PyLong_Check(oseek) ? PyLong_AsUnsignedLongLong(oseek) : (unsigned long long)-1;
        if (PyErr_Occurred() || !PyLong_Check(oseek)) {
            if (!PyErr_Occurred()) PyErr_SetString(PyExc_TypeError, "digest: seek must be an int");
            else if (PyErr_ExceptionMatches(PyExc_OverflowError)) {
                PyErr_Clear();
                PyErr_SetString(PyExc_ValueError, "digest: seek must be in 0..2^64-1");
            }
            return -1;
        }
        *seek = (size_t)v;
    }
    return 0;
}

/* Writes length output bytes (after skipping seek) for a copy of the state. */
static zkp_status produce(PyObject *self, uint8_t *out, size_t length, size_t seek) {
    uint8_t skip[256];
    zkp_status st = ZKP_OK;
    /* hashlib's digest(0) is b"": no output, so nothing to skip or squeeze
     * (the C one-shot XOF refuses outlen 0, so it must not be reached). */
    if (length == 0) return ZKP_OK;
    if (is_keccak(self)) {
        KeccakObject *o = (KeccakObject *)self;
        zkp_keccak_state s;
        if (!o->started && seek == 0) return zkp_keccak_hash(o->alg, o->pend, o->npend, out, length);
        if (o->started) s = o->st;
        else if ((st = keccak_start(o, &s)) != ZKP_OK) return st;
        if (zkp_keccak_digest_bytes(o->alg)) return zkp_keccak_final(&s, out, length);
        while (seek && st == ZKP_OK) {
            size_t n = seek < sizeof skip ? seek : sizeof skip;
            st = zkp_keccak_squeeze(&s, skip, n);
            seek -= n;
        }
        if (st == ZKP_OK && length) st = zkp_keccak_squeeze(&s, out, length);
        return st;
    }
    HemeraObject *o = (HemeraObject *)self;
    if (length == ZKP_HEMERA_DIGEST_BYTES && seek == 0) return zkp_hemera_hasher_finalize(&o->h, out);
    zkp_hemera_xof x;
    st = zkp_hemera_hasher_finalize_xof(&o->h, &x);
    while (seek && st == ZKP_OK) {
        size_t n = seek < sizeof skip ? seek : sizeof skip;
        st = zkp_hemera_xof_fill(&x, skip, n);
        seek -= n;
    }
    if (st == ZKP_OK && length) st = zkp_hemera_xof_fill(&x, out, length);
    memset(&x, 0, sizeof x);
    return st;
}

static PyObject *digest_bytes(PyObject *self, PyObject *const *args, Py_ssize_t nargs, PyObject *kwnames) {
    int xof;
    size_t dflt;
    if (is_keccak(self)) {
        dflt = zkp_keccak_digest_bytes(((KeccakObject *)self)->alg);
        xof = dflt == 0;
    } else {
        dflt = ZKP_HEMERA_DIGEST_BYTES;
        xof = 1;
    }
    size_t length, seek;
    if (parse_out(args, nargs, kwnames, xof, dflt, &length, &seek) < 0) return NULL;
    PyObject *res = PyBytes_FromStringAndSize(NULL, (Py_ssize_t)length);
    if (!res) return NULL;
    zkpy_lock *l = lock_of(self);
    zkp_status st;
    if (length >= 65536 || seek >= 65536) { /* seek costs as much as squeezing: no GIL */
        if (zkpy_lock_ensure(l) < 0) {
            Py_DECREF(res);
            return NULL;
        }
        zkpy_lock_enter(l);
        Py_BEGIN_ALLOW_THREADS
        st = produce(self, (uint8_t *)PyBytes_AS_STRING(res), length, seek);
        Py_END_ALLOW_THREADS
    } else {
        zkpy_lock_enter(l);
        st = produce(self, (uint8_t *)PyBytes_AS_STRING(res), length, seek);
    }
    zkpy_lock_leave(l);
    if (st != ZKP_OK) {
        Py_DECREF(res);
        return zkpy_status_error(st, "digest");
    }
    return res;
}

static PyObject *obj_digest(PyObject *self, PyObject *const *args, Py_ssize_t nargs, PyObject *kwnames) {
    return digest_bytes(self, args, nargs, kwnames);
}

static PyObject *obj_hexdigest(PyObject *self, PyObject *const *args, Py_ssize_t nargs, PyObject *kwnames) {
    PyObject *b = digest_bytes(self, args, nargs, kwnames);
    if (!b) return NULL;
    PyObject *h = PyObject_CallMethod(b, "hex", NULL);
    Py_DECREF(b);
    return h;
}

/* ---- constructors -------------------------------------------------------- */

/* Positional data (or data= / string=); usedforsecurity= accepted and
 * ignored as in hashlib; Hemera's options returned through *kw. */
typedef struct {
    PyObject *data, *key, *context;
    int secret;
} ctor_args;

static int parse_ctor(const char *name, PyObject *const *args, Py_ssize_t nargs, PyObject *kwnames, int hemera,
                      ctor_args *a) {
    memset(a, 0, sizeof *a);
    if (nargs > 1) {
        PyErr_Format(PyExc_TypeError, "%s() takes at most one positional argument", name);
        return -1;
    }
    if (nargs == 1) a->data = args[0];
    Py_ssize_t nkw = kwnames ? PyTuple_GET_SIZE(kwnames) : 0;
    for (Py_ssize_t i = 0; i < nkw; i++) {
        const char *k = PyUnicode_AsUTF8(PyTuple_GET_ITEM(kwnames, i));
        PyObject *v = args[nargs + i];
        if (!k) return -1;
        if ((!strcmp(k, "data") || !strcmp(k, "string")) && !a->data) a->data = v;
        else if (!strcmp(k, "usedforsecurity")) continue;
        else if (hemera && !strcmp(k, "key")) a->key = v == Py_None ? NULL : v;
        else if (hemera && !strcmp(k, "derive_key_context")) a->context = v == Py_None ? NULL : v;
        else if (hemera && !strcmp(k, "secret")) {
            a->secret = PyObject_IsTrue(v);
            if (a->secret < 0) return -1;
        } else if (hemera && !strcmp(k, "max_threads")) {
            continue; /* accepted for blake3-py compatibility; Hemera's sponge is sequential */
        } else {
            PyErr_Format(PyExc_TypeError, "%s() got an unexpected keyword argument '%s'", name, k);
            return -1;
        }
    }
    return 0;
}

static PyObject *keccak_new(PyObject *m, zkp_keccak_alg alg, const char *name, PyObject *const *args, Py_ssize_t nargs,
                            PyObject *kwnames) {
    ctor_args a;
    if (parse_ctor(name, args, nargs, kwnames, 0, &a) < 0) return NULL;
    KeccakObject *o = PyObject_New(KeccakObject, zkpy_state_of(m)->keccak_hash);
    if (!o) return NULL;
    o->lock.lock = NULL;
    o->is_keccak = 1;
    o->alg = alg;
    o->started = 0;
    o->npend = 0;
    if (a.data && absorb_object((PyObject *)o, keccak_absorb, a.data) < 0) {
        Py_DECREF(o);
        return NULL;
    }
    return (PyObject *)o;
}

#define KECCAK_CTOR(fname, ALG)                                                                              \
    static PyObject *py_##fname(PyObject *m, PyObject *const *args, Py_ssize_t nargs, PyObject *kwnames) { \
        return keccak_new(m, ALG, #fname, args, nargs, kwnames);                                                \
    }
KECCAK_CTOR(keccak_256, ZKP_KECCAK_256)
KECCAK_CTOR(sha3_224, ZKP_SHA3_224)
KECCAK_CTOR(sha3_256, ZKP_SHA3_256)
KECCAK_CTOR(sha3_384, ZKP_SHA3_384)
KECCAK_CTOR(sha3_512, ZKP_SHA3_512)
KECCAK_CTOR(shake_128, ZKP_SHAKE128)
KECCAK_CTOR(shake_256, ZKP_SHAKE256)

static PyObject *py_hemera(PyObject *m, PyObject *const *args, Py_ssize_t nargs, PyObject *kwnames) {
    ctor_args a;
    if (parse_ctor("hemera", args, nargs, kwnames, 1, &a) < 0) return NULL;
    if ((a.key != NULL) + (a.context != NULL) + a.secret > 1) {
        PyErr_SetString(PyExc_ValueError, "hemera(): key=, derive_key_context= and secret=True exclude each other "
                                          "(keyed and derive-key hashing are constant time already)");
        return NULL;
    }
    uint8_t key[ZKP_HEMERA_KEY_BYTES];
    if (a.key && zkpy_fixed_bytes(a.key, key, sizeof key, "hemera(key=)") < 0) return NULL;
    HemeraObject *o = PyObject_New(HemeraObject, zkpy_state_of(m)->hemera_hash);
    if (!o) return NULL;
    o->lock.lock = NULL;
    o->is_keccak = 0;
    if (a.key) {
        zkp_hemera_hasher_init_keyed(&o->h, key);
        o->mode = 2;
        memset(key, 0, sizeof key);
    } else if (a.context) {
        Py_buffer cv;
        const char *ctx;
        Py_ssize_t clen;
        if (PyUnicode_Check(a.context)) {
            ctx = PyUnicode_AsUTF8AndSize(a.context, &clen);
            if (!ctx) goto fail;
            cv.obj = NULL;
        } else {
            if (zkpy_get_buffer(a.context, &cv, "hemera(derive_key_context=)") < 0) goto fail;
            ctx = cv.buf;
            clen = cv.len;
        }
        uint8_t ck[ZKP_HEMERA_DIGEST_BYTES];
        zkp_hemera_hasher_init_derive_key_context(&o->h);
        zkp_status st = zkp_hemera_hasher_update(&o->h, (const uint8_t *)ctx, (size_t)clen);
        if (st == ZKP_OK) st = zkp_hemera_hasher_finalize(&o->h, ck);
        if (cv.obj) PyBuffer_Release(&cv);
        if (st != ZKP_OK) {
            zkpy_status_error(st, "hemera(derive_key_context=)");
            goto fail;
        }
        zkp_hemera_hasher_init_derive_key_material(&o->h, ck);
        memset(ck, 0, sizeof ck);
        o->mode = 3;
    } else if (a.secret) {
        zkp_hemera_hasher_init_secret(&o->h);
        o->mode = 1;
    } else {
        zkp_hemera_hasher_init(&o->h);
        o->mode = 0;
    }
    if (a.data && absorb_object((PyObject *)o, hemera_absorb, a.data) < 0) goto fail;
    return (PyObject *)o;
fail:
    Py_DECREF(o);
    return NULL;
}

/* ---- methods and attributes --------------------------------------------- */

static PyObject *obj_copy(PyObject *self, PyObject *noargs) {
    (void)noargs;
    zkpy_lock *l = lock_of(self);
    PyObject *res;
    zkpy_lock_enter(l);
    if (is_keccak(self)) {
        KeccakObject *o = PyObject_New(KeccakObject, Py_TYPE(self));
        if (o) {
            o->lock.lock = NULL;
            o->is_keccak = 1;
            const KeccakObject *from = (const KeccakObject *)self;
            o->alg = from->alg;
            o->started = from->started;
            o->npend = from->npend;
            if (from->started) o->st = from->st;
            else memcpy(o->pend, from->pend, from->npend);
        }
        res = (PyObject *)o;
    } else {
        HemeraObject *o = PyObject_New(HemeraObject, Py_TYPE(self));
        if (o) {
            o->lock.lock = NULL;
            o->is_keccak = 0;
            o->mode = ((HemeraObject *)self)->mode;
            o->h = ((HemeraObject *)self)->h;
        }
        res = (PyObject *)o;
    }
    zkpy_lock_leave(l);
    return res;
}

static void obj_dealloc(PyObject *self) {
    zkpy_lock_free(lock_of(self));
    if (!is_keccak(self)) memset(&((HemeraObject *)self)->h, 0, sizeof(zkp_hemera_hasher));
    else {
        KeccakObject *o = (KeccakObject *)self;
        if (o->started) memset(&o->st, 0, sizeof o->st);
        memset(o->pend, 0, o->npend);
    }
    PyTypeObject *tp = Py_TYPE(self);
    PyObject_Free(self);
    Py_DECREF(tp); /* instances of a heap type hold a reference to it */
}

static const char *keccak_names[] = {"", "keccak_256", "sha3_224", "sha3_256", "sha3_384", "sha3_512", "shake_128",
                                     "shake_256"};
static const unsigned keccak_rates[] = {0, 136, 144, 136, 104, 72, 168, 136};

static PyObject *keccak_get_name(PyObject *self, void *c) {
    (void)c;
    return PyUnicode_FromString(keccak_names[((KeccakObject *)self)->alg]);
}
static PyObject *keccak_get_digest_size(PyObject *self, void *c) {
    (void)c;
    return PyLong_FromSize_t(zkp_keccak_digest_bytes(((KeccakObject *)self)->alg));
}
static PyObject *keccak_get_block_size(PyObject *self, void *c) {
    (void)c;
    return PyLong_FromUnsignedLong(keccak_rates[((KeccakObject *)self)->alg]);
}
static PyObject *hemera_get_name(PyObject *self, void *c) {
    (void)self;
    (void)c;
    return PyUnicode_FromString("hemera");
}
static PyObject *hemera_get_digest_size(PyObject *self, void *c) {
    (void)self;
    (void)c;
    return PyLong_FromLong(ZKP_HEMERA_DIGEST_BYTES);
}
static PyObject *hemera_get_block_size(PyObject *self, void *c) {
    (void)self;
    (void)c;
    return PyLong_FromLong(ZKP_HEMERA_RATE_BYTES);
}
static PyObject *hemera_get_mode(PyObject *self, void *c) {
    (void)c;
    static const char *modes[] = {"hash", "secret", "keyed", "derive_key"};
    return PyUnicode_FromString(modes[((HemeraObject *)self)->mode]);
}

static PyMethodDef obj_methods[] = {
    {"update", obj_update, METH_O, "Absorb more data (any buffer-protocol object, no copy)."},
    {"update_mmap", obj_update_mmap, METH_O, "Absorb a whole file (read in blocks, the GIL released); returns self."},
    {"digest", (PyCFunction)(void (*)(void))obj_digest, METH_FASTCALL | METH_KEYWORDS,
     "digest() / digest(length, seek=0) for XOFs: the output bytes."},
    {"hexdigest", (PyCFunction)(void (*)(void))obj_hexdigest, METH_FASTCALL | METH_KEYWORDS,
     "digest() as lowercase hex."},
    {"copy", obj_copy, METH_NOARGS, "An independent copy of the state."},
    {NULL, NULL, 0, NULL},
};

static PyGetSetDef keccak_getset[] = {
    {"name", keccak_get_name, NULL, "hashlib name", NULL},
    {"digest_size", keccak_get_digest_size, NULL, "digest bytes (0 for the XOFs, as hashlib)", NULL},
    {"block_size", keccak_get_block_size, NULL, "rate in bytes", NULL},
    {NULL, NULL, NULL, NULL, NULL},
};

static PyGetSetDef hemera_getset[] = {
    {"name", hemera_get_name, NULL, "hashlib name", NULL},
    {"digest_size", hemera_get_digest_size, NULL, "default digest bytes", NULL},
    {"block_size", hemera_get_block_size, NULL, "rate in bytes", NULL},
    {"mode", hemera_get_mode, NULL, "'hash', 'secret', 'keyed' or 'derive_key'", NULL},
    {NULL, NULL, NULL, NULL, NULL},
};

/* No Py_tp_new: the constructors below (keccak_256(), hemera(), ...) make
 * the objects, as hashlib's do. */
static PyType_Slot keccak_slots[] = {
    {Py_tp_dealloc, obj_dealloc},
    {Py_tp_doc, "A Keccak-family hash object (keccak_256, sha3_*, shake_*), hashlib-compatible."},
    {Py_tp_methods, obj_methods},
    {Py_tp_getset, keccak_getset},
    {0, NULL},
};
static PyType_Spec keccak_spec = {"zkprim.KeccakHash", sizeof(KeccakObject), 0,
                                  Py_TPFLAGS_DEFAULT | Py_TPFLAGS_DISALLOW_INSTANTIATION | Py_TPFLAGS_IMMUTABLETYPE,
                                  keccak_slots};

static PyType_Slot hemera_slots[] = {
    {Py_tp_dealloc, obj_dealloc},
    {Py_tp_doc, "A Hemera hash object, hashlib-compatible; digest(length, seek) reads the XOF."},
    {Py_tp_methods, obj_methods},
    {Py_tp_getset, hemera_getset},
    {0, NULL},
};
static PyType_Spec hemera_spec = {"zkprim.HemeraHash", sizeof(HemeraObject), 0,
                                  Py_TPFLAGS_DEFAULT | Py_TPFLAGS_DISALLOW_INSTANTIATION | Py_TPFLAGS_IMMUTABLETYPE,
                                  hemera_slots};

#define CTOR_ENTRY(fname, doc) {#fname, (PyCFunction)(void (*)(void))py_##fname, METH_FASTCALL | METH_KEYWORDS, doc}
static PyMethodDef hash_functions[] = {
    CTOR_ENTRY(keccak_256, "Keccak-256 (Ethereum keccak256)."),
    CTOR_ENTRY(sha3_224, "SHA3-224."),
    CTOR_ENTRY(sha3_256, "SHA3-256."),
    CTOR_ENTRY(sha3_384, "SHA3-384."),
    CTOR_ENTRY(sha3_512, "SHA3-512."),
    CTOR_ENTRY(shake_128, "SHAKE128 (XOF)."),
    CTOR_ENTRY(shake_256, "SHAKE256 (XOF)."),
    CTOR_ENTRY(hemera, "Hemera (Poseidon2 over Goldilocks): key=, derive_key_context=, secret=True."),
    {NULL, NULL, 0, NULL},
};

int zkpy_hash_exec(PyObject *m) {
    zkpy_state *s = zkpy_state_of(m);
    if (zkpy_add_type(m, &keccak_spec, &s->keccak_hash) < 0 || zkpy_add_type(m, &hemera_spec, &s->hemera_hash) < 0)
        return -1;
    return PyModule_AddFunctions(m, hash_functions);
}
