# Type stubs of zkprim.dask (Merkle roots of files on Dask).
from collections.abc import Sequence
from os import PathLike
from typing import Any, NamedTuple, overload

from typing_extensions import deprecated

_Path = str | bytes | PathLike[str] | PathLike[bytes]

CHUNK: int
PART_BYTES: int
READ_BLOCK: int
MAX_PARTS: int

class FileChangedError(OSError):
    """The file changed (size, mtime) or read short while its root was computed."""

class Plan(NamedTuple):
    kind: str
    path: str
    size: int
    mtime_ns: int
    offsets: tuple[int, ...]
    leaf_size: int
    alg: str

def plan_hemera(path: _Path, workers: int = 2, max_parts: int | None = None, part_bytes: int = ...,
                call: str = "plan_hemera") -> Plan: ...
def plan_keccak(path: _Path, leaf_size: int = 64, alg: str = "keccak_256", workers: int = 2,
                max_parts: int | None = None, part_bytes: int = ..., call: str = "plan_keccak") -> Plan: ...
def part_root(plan: Plan, i: int) -> bytes: ...
def merge(plan: Plan, cvs: Sequence[bytes]) -> bytes: ...
def submit(plans: Sequence[Plan], client: Any) -> list[list[Any]]: ...
def finish(plans: Sequence[Plan], futures: Any, client: Any) -> list[bytes]: ...

@overload
def hemera_tree_root(path_or_paths: _Path, client: Any = None, max_parts: int | None = None,
                     part_bytes: int = ...) -> bytes: ...
@overload
def hemera_tree_root(path_or_paths: Sequence[_Path], client: Any = None, max_parts: int | None = None,
                     part_bytes: int = ...) -> list[bytes]: ...
@overload
def keccak_tree_root_data(path_or_paths: _Path, leaf_size: int = 64, alg: str = "keccak_256", client: Any = None,
                          max_parts: int | None = None, part_bytes: int = ...) -> bytes: ...
@overload
def keccak_tree_root_data(path_or_paths: Sequence[_Path], leaf_size: int = 64, alg: str = "keccak_256",
                          client: Any = None, max_parts: int | None = None, part_bytes: int = ...) -> list[bytes]: ...

@deprecated("since zkprim 1.1.0: use hemera_tree_root")
def hemera_root(path_or_paths: Any, client: Any = None, max_parts: int | None = None,
                part_bytes: int = ...) -> Any: ...
@deprecated("since zkprim 1.1.0: use keccak_tree_root_data")
def keccak_tree_root(path_or_paths: Any, leaf_size: int = 64, alg: str = "keccak_256", client: Any = None,
                     max_parts: int | None = None, part_bytes: int = ...) -> Any: ...
