"""Poseidon over the BN254 scalar field with circom's parameters.

    hash([1, 2]) -> int                  circomlibjs poseidon, 1..16 inputs < p
    hash_bytes_be([b32, b32]) -> bytes   light-poseidon 0.4 (1..12 inputs), errors as PoseidonError
    hash_many(buf, n_inputs) -> bytes    n hashes over a flat buffer of 32-byte elements

PoseidonError is a ValueError; .name is light-poseidon's error variant
("EmptyInput", "InvalidInputLength", "InputLargerThanModulus",
"InvalidNumberOfInputs", ...) and the variant's fields are attributes.
"""
from ._zkprim import (  # noqa: F401
    PoseidonError,
    poseidon_hash as hash,
    poseidon_hash_bytes_be as hash_bytes_be,
    poseidon_hash_bytes_le as hash_bytes_le,
    poseidon_hash_many as hash_many,
    poseidon_implementation as implementation,
)

P = 21888242871839275222246405745257275088548364400416034343698204186575808495617
MAX_INPUTS = 16
