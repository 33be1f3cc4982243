/*
 * The parts of zkprim._zkprim, each adding its functions and heap types to
 * the module during its execution (PEP 489's Py_mod_exec, module.c). Each
 * returns 0, or -1 with the error set.
 */
#ifndef ZKPRIM_PY_PARTS_H
#define ZKPRIM_PY_PARTS_H

#include "helpers.h"

int zkpy_hash_exec(PyObject *m);          /* hash.c: hashlib-compatible objects */
int zkpy_poseidon_exec(PyObject *m);      /* poseidon.c */
int zkpy_poseidon2_exec(PyObject *m);     /* poseidon2.c: Poseidon2 BN254 / BabyBear / KoalaBear, trees */
int zkpy_poseidon2_mmcs_exec(PyObject *m); /* poseidon2_mmcs.c: Plonky3's MerkleTreeMmcs */
int zkpy_gf2_exec(PyObject *m);           /* gf2.c */
int zkpy_tree_keccak_exec(PyObject *m);   /* tree_keccak.c: Keccak/SHA3 trees and subtrees */
int zkpy_tree_hemera_exec(PyObject *m);   /* tree_hemera.c: Hemera fixed/CDC trees, proofs, subtrees */
int zkpy_tree_poseidon_exec(PyObject *m); /* tree_poseidon.c: Poseidon Merkle trees */
int zkpy_tree_oz_exec(PyObject *m);       /* tree_oz.c: OpenZeppelin trees */
int zkpy_tree_lean_imt_exec(PyObject *m); /* tree_lean_imt.c: LeanIMT */
int zkpy_bench_exec(PyObject *m);         /* bench.c: C-loop timings for zkprim.bench */

#endif
