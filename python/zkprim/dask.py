"""Merkle roots of files on Dask (the real engine: dask + distributed).

    from distributed import Client
    import zkprim.dask
    zkprim.dask.hemera_tree_root("big.bin", client=Client("tcp://scheduler:8786"))
    zkprim.dask.keccak_tree_root_data(["a.bin", "b.bin"], leaf_size=64)   # default client

(hemera_root and keccak_tree_root before 1.1.0: deprecated aliases now,
named as zkprim.tree names the same roots.)

The root equals `zkprim tree -a hemera FILE` / `zkprim tree -a keccak256
--leaf-size N FILE` bit for bit, for every file and every split.

How: the client plans legal splits with the library's subtree API
(zkp_hemera_subtree_split / zkp_keccak_subtree_split, docs/streaming.md:
equal power-of-two parts aligned to their size, the last one shorter), each
part becomes one task that opens the file on its worker and reads only its
own byte range (no data passes through the scheduler), and the client merges
the part roots (zkp_*_subtree_merge_parts). On a real cluster the path must
name the same file on every worker (a shared or replicated file system).

Safety: the plan records the file's size and modification time; every task
checks both before and after reading, and a short read, a size or mtime
change, or a byte past the size after the last part (a /proc or /sys file,
whose size is not its contents) is FileChangedError (an OSError) instead of
a root. Tasks are
submitted impure (never served from a cache of an earlier run). A worker
that dies mid-job has its tasks rerun elsewhere by the scheduler; a part's
root depends only on its bytes, so the root is unchanged.

client=None uses the current distributed client if there is one, else
dask's local threaded scheduler.
"""
import math
import operator
import os
from collections import namedtuple

from . import _deprecated
from . import tree as _tree

CHUNK = 4096                   # Hemera leaf
PART_BYTES = 64 << 20          # parts are at most about this long (memory per task)
READ_BLOCK = 1 << 20           # streamed reads (Keccak parts, one-part Hemera)
MAX_PARTS = 1 << 16


class FileChangedError(OSError):
    """The file changed (size, mtime) or read short while its root was computed."""


Plan = namedtuple("Plan", "kind path size mtime_ns offsets leaf_size alg")


def _stat(path):
    st = os.stat(path)
    return st.st_size, st.st_mtime_ns


def _positive(call, name, v):
    """v as an int >= 1: a float or str is a TypeError, 0 or less a ValueError
    (a 0 part or leaf size used to divide by zero, a negative max_parts to
    mean one part). Both name the call and the argument."""
    try:
        v = operator.index(v)
    except TypeError:
        raise TypeError("%s: %s: expected an integer, got %r" % (call, name, type(v).__name__)) from None
    if v < 1:
        raise ValueError("%s: %s: expected an integer >= 1, got %d" % (call, name, v))
    return v


def _parts_for(call, size, unit, workers, max_parts, part_bytes):
    part_bytes = _positive(call, "part_bytes", part_bytes)
    if max_parts is not None:
        return min(_positive(call, "max_parts", max_parts), MAX_PARTS)
    units = max(1, -(-size // unit))
    want = max(2 * max(1, workers), math.ceil(size / part_bytes))
    return max(1, min(want, units, MAX_PARTS))


def plan_hemera(path, workers=2, max_parts=None, part_bytes=PART_BYTES, call="plan_hemera"):
    """The split of one file for hemera_tree_root (legal parts of at most about part_bytes)."""
    path = os.fspath(path)
    size, mtime = _stat(path)
    offsets = _tree.hemera_subtree_split(size, _parts_for(call, size, CHUNK, workers, max_parts, part_bytes))
    return Plan("hemera", path, size, mtime, tuple(offsets), CHUNK, "hemera")


def plan_keccak(path, leaf_size=64, alg="keccak_256", workers=2, max_parts=None, part_bytes=PART_BYTES,
                call="plan_keccak"):
    """The split of one file for keccak_tree_root_data."""
    path = os.fspath(path)
    leaf_size = _positive(call, "leaf_size", leaf_size)
    size, mtime = _stat(path)
    n = _parts_for(call, size, leaf_size, workers, max_parts, part_bytes)
    offsets = _tree.keccak_subtree_split(size, leaf_size, n)
    return Plan("keccak", path, size, mtime, tuple(offsets), leaf_size, alg)


# ---- what runs on a worker ----------------------------------------------------

def _check(f, plan, when):
    st = os.fstat(f.fileno())
    if st.st_size != plan.size or st.st_mtime_ns != plan.mtime_ns:
        raise FileChangedError("%s changed %s reading it (size %d -> %d)" % (plan.path, when, plan.size, st.st_size))


def _read_exact(f, start, buf, path):
    f.seek(start)
    view, got = memoryview(buf), 0
    while got < len(buf):
        n = f.readinto(view[got:])
        if not n:
            raise FileChangedError("%s: short read at offset %d (%d of %d bytes)" % (path, start + got, got, len(buf)))
        got += n


def _stream(f, plan, start, end, update):
    buf = bytearray(min(READ_BLOCK, max(1, end - start)))
    at = start
    while at < end:
        n = min(len(buf), end - at)
        piece = buf if n == len(buf) else memoryview(buf)[:n]
        _read_exact(f, at, piece, plan.path)
        update(piece)
        at += n


def part_root(plan, i):
    """The root of part i of the plan, read from the file (runs on a worker)."""
    start, end = plan.offsets[i], plan.offsets[i + 1]
    with open(plan.path, "rb", buffering=0) as f:
        _check(f, plan, "before")
        if plan.kind == "keccak":
            h = _tree.KeccakTreeHasher(leaf_size=plan.leaf_size, alg=plan.alg)
            _stream(f, plan, start, end, h.update)
            root = h.finalize()
        elif len(plan.offsets) == 2:   # one part: the whole input, root flag included
            h = _tree.HemeraTreeHasher()
            _stream(f, plan, start, end, h.update)
            root = h.finalize()
        else:
            buf = bytearray(end - start)
            _read_exact(f, start, buf, plan.path)
            root = _tree.hemera_subtree_root(buf, start // CHUNK)
        if i == len(plan.offsets) - 2:
            _check_end(f, plan, end)
        _check(f, plan, "while")
    return root


def _check_end(f, plan, end):
    """The last part ends the file: a byte past the planned size means a
    /proc or /sys file (their size, 0 or 4096, is not their contents) or a
    file that grew; either way a root planned from the size would be wrong."""
    f.seek(end)
    if f.read(1):
        raise FileChangedError("%s has bytes past its size %d (a /proc or /sys file, or it grew while read)"
                               % (plan.path, plan.size))


def merge(plan, cvs):
    """The file's root from its part roots (runs on the client)."""
    if plan.kind == "keccak":
        return _tree.keccak_subtree_merge_parts(list(cvs), list(plan.offsets), plan.leaf_size, plan.alg)
    if len(plan.offsets) == 2:
        return cvs[0]
    return _tree.hemera_subtree_merge_parts(list(cvs), list(plan.offsets))


# ---- the client side -------------------------------------------------------------

def _client(client):
    if client is not None:
        return client
    try:
        from distributed import get_client
        return get_client()
    except (ImportError, ValueError):
        return None


def _workers(client):
    if client is None:
        return os.cpu_count() or 2
    try:
        return sum(w.get("nthreads", 1) for w in client.scheduler_info()["workers"].values()) or 1
    except Exception:  # a client that cannot say: plan for two
        return 2


def submit(plans, client):
    """One impure task per part of every plan; returns the futures, plan by plan."""
    return [[client.submit(part_root, p, i, pure=False, retries=0) for i in range(len(p.offsets) - 1)] for p in plans]


def finish(plans, futures, client):
    """Waits for the parts and merges every plan's root on the client."""
    results = client.gather(futures)
    return [merge(p, cvs) for p, cvs in zip(plans, results)]


def _run(plans, client):
    if client is None:
        import dask
        tasks = [[dask.delayed(part_root, pure=False)(p, i) for i in range(len(p.offsets) - 1)] for p in plans]
        results = dask.compute(*tasks, scheduler="threads")
        return [merge(p, cvs) for p, cvs in zip(plans, results)]
    return finish(plans, submit(plans, client), client)


def _many(path_or_paths):
    if isinstance(path_or_paths, (str, bytes, os.PathLike)):
        return [path_or_paths], True
    return list(path_or_paths), False


def hemera_tree_root(path_or_paths, client=None, max_parts=None, part_bytes=PART_BYTES):
    """Hemera fixed 4 KiB-chunk root(s) of a file or a list of files (32 bytes each)."""
    paths, single = _many(path_or_paths)
    client = _client(client)
    workers = _workers(client)
    plans = [plan_hemera(p, workers, max_parts, part_bytes, "hemera_tree_root") for p in paths]
    roots = _run(plans, client)
    return roots[0] if single else roots


def keccak_tree_root_data(path_or_paths, leaf_size=64, alg="keccak_256", client=None, max_parts=None,
                          part_bytes=PART_BYTES):
    """`zkprim tree -a keccak256 --leaf-size N` root(s) of a file or a list of files."""
    paths, single = _many(path_or_paths)
    client = _client(client)
    workers = _workers(client)
    plans = [plan_keccak(p, leaf_size, alg, workers, max_parts, part_bytes, "keccak_tree_root_data") for p in paths]
    roots = _run(plans, client)
    return roots[0] if single else roots


hemera_root = _deprecated.alias("dask", "hemera_root", "hemera_tree_root", hemera_tree_root)
keccak_tree_root = _deprecated.alias("dask", "keccak_tree_root", "keccak_tree_root_data", keccak_tree_root_data)
