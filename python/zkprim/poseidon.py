"""Poseidon over the BN254 scalar field with circom's parameters.

    hash([1, 2]) -> int                  circomlibjs poseidon, 1..16 inputs < p
    hash_bytes_be([b32, b32]) -> bytes   light-poseidon 0.4 (1..12 inputs), errors as PoseidonError
    hash_batch(buf, n_inputs) -> bytes   n hashes over a flat buffer of 32-byte elements
                                         (C zkp_poseidon_hash_batch; hash_many before 1.1.0)

PoseidonError is a ValueError; .name is light-poseidon's error variant
("EmptyInput", "InvalidInputLength", "InputLargerThanModulus",
"InvalidNumberOfInputs", ...) and the variant's fields are attributes.
"""
from . import _deprecated
from ._zkprim import (  # noqa: F401
    PoseidonError,
    poseidon_hash as hash,
    poseidon_hash_batch as hash_batch,
    poseidon_hash_bytes_be as hash_bytes_be,
    poseidon_hash_bytes_le as hash_bytes_le,
    poseidon_implementation as implementation,
)

P = 21888242871839275222246405745257275088548364400416034343698204186575808495617
MAX_INPUTS = 16

hash_many = _deprecated.alias("poseidon", "hash_many", "hash_batch", hash_batch)
