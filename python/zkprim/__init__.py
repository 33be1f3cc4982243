"""zkprim: ZK hash primitives from the zkprim C library.

hashlib-compatible objects (keccak_256, sha3_*, shake_*, hemera), Poseidon
over BN254 (zkprim.poseidon), Poseidon2 over BN254, BabyBear and KoalaBear
(zkprim.poseidon2), binary fields (zkprim.gf2), Merkle trees
(zkprim.tree) and Merkle roots on Dask (zkprim.dask, imported on demand).

    import zkprim
    zkprim.keccak_256(b"abc").hexdigest()
    zkprim.hemera(b"data", key=bytes(32)).digest(length=64)
"""
from . import _zkprim
from ._zkprim import (  # noqa: F401
    keccak_256, sha3_224, sha3_256, sha3_384, sha3_512, shake_128, shake_256, hemera,
    KeccakHash, HemeraHash, version, cpu_features, cpu_force,
)

__version__ = "1.1.0"  # the package; version() is the linked C library's

_CONSTRUCTORS = {
    "keccak_256": keccak_256,
    "sha3_224": sha3_224,
    "sha3_256": sha3_256,
    "sha3_384": sha3_384,
    "sha3_512": sha3_512,
    "shake_128": shake_128,
    "shake_256": shake_256,
    "hemera": hemera,
}
# hashlib spells some names with dashes or upper case; accept those too.
_ALIASES = {"keccak256": "keccak_256", "keccak-256": "keccak_256", "sha3-224": "sha3_224", "sha3-256": "sha3_256",
            "sha3-384": "sha3_384", "sha3-512": "sha3_512", "shake128": "shake_128", "shake256": "shake_256"}

algorithms_available = frozenset(_CONSTRUCTORS)
algorithms_guaranteed = algorithms_available


def new(name, data=b"", **kwargs):
    """hashlib.new for zkprim's algorithms: new("sha3_256", b"abc")."""
    if not isinstance(name, str):
        raise TypeError("new: name must be a str, not %s" % type(name).__name__)
    key = name.lower()
    key = _ALIASES.get(key, key)
    try:
        ctor = _CONSTRUCTORS[key]
    except KeyError:
        raise ValueError("unsupported hash type %s (available: %s)" % (name, ", ".join(sorted(algorithms_available))))
    return ctor(data, **kwargs)


from . import gf2, poseidon, poseidon2, tree  # noqa: E402,F401
