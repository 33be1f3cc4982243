# Type stubs of zkprim.poseidon (circom's Poseidon over BN254).
from collections.abc import Sequence
from typing import Literal

from _typeshed import ReadableBuffer
from typing_extensions import deprecated

P: int
MAX_INPUTS: int

class PoseidonError(ValueError):
    """A light-poseidon error: .name is the Rust variant, the fields are attributes."""
    name: str
    index: int
    len: int
    modulus_bytes_len: int
    inputs: int
    max_limit: int
    width: int

def hash(inputs: Sequence[int], domain_tag: int | None = None) -> int: ...
def hash_bytes_be(inputs: Sequence[ReadableBuffer], /) -> bytes: ...
def hash_bytes_le(inputs: Sequence[ReadableBuffer], /) -> bytes: ...
def hash_batch(buffer: ReadableBuffer, n_inputs: int, byteorder: Literal["little", "big"] = "little") -> bytes: ...
def implementation() -> str: ...
@deprecated("since zkprim 1.1.0: use hash_batch")
def hash_many(buffer: ReadableBuffer, n_inputs: int, byteorder: Literal["little", "big"] = "little") -> bytes: ...
