/* BN254 field elements between Python and zkp_poseidon_fr: ints, 32-byte
 * encodings, and flat buffers of them (shared by poseidon.c and tree.c). */
#ifndef ZKPRIM_PY_FR_H
#define ZKPRIM_PY_FR_H

#include "common.h"
#include "zkprim/poseidon.h"

/* int -> element; ValueError "<what>: value >= p" for a non-canonical one. */
int zkpy_fr_from_int(PyObject *obj, zkp_poseidon_fr *out, const char *what);
PyObject *zkpy_fr_to_int(const zkp_poseidon_fr *in);
/* A sequence of ints -> a new array (PyMem_Free it); *n its length. */
zkp_poseidon_fr *zkpy_fr_array(PyObject *seq, size_t *n, const char *what);

#endif
