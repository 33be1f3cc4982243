"""Binary fields GF(2^n): Field(name) for b127, ghash128, b163, b191,
sect193, ghash2, b256.

Elements are Python ints (bit i is the coefficient of x^i; a ghash2 element
c0 + c1*v is the int c0 + 2^128 * c1) or little-endian bytes of
Field.element_bytes; results come back in the kind of the first operand.
An element with bits at or above the degree is a ValueError.

    F = Field("b256"); F.mul(a, b); F.square(a); F.inv(a); F.pow(a, e)
    F.mul_batch(buf_a, buf_b) -> bytes
    T = F.fixed_base(g); T.pow(e); T.pow_batch([e1, e2])   (public exponents)
    b256_to_ghash2(x), ghash2_to_b256(x), and *_batch over buffers
"""
from ._zkprim import (  # noqa: F401
    Field, FixedBase,
    gf2_b256_to_ghash2 as b256_to_ghash2,
    gf2_ghash2_to_b256 as ghash2_to_b256,
    gf2_b256_to_ghash2_batch as b256_to_ghash2_batch,
    gf2_ghash2_to_b256_batch as ghash2_to_b256_batch,
)

FIELDS = ("b127", "ghash128", "b163", "b191", "sect193", "ghash2", "b256")
