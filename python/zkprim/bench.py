"""python -m zkprim.bench [--quick] [--dask SIZE]: the Python package next
to hashlib and next to the C calls, in one run.

Rows (targets from the package's issue; docs/python.md records a run):
  sha3_256 1 MiB         zkprim.sha3_256(data).digest() vs hashlib.sha3_256 (OpenSSL): speedup >= 1.3x
  keccak_256 64 B        keccak_256(b).digest() round trip vs zkp_keccak256 in a C loop: <= 250 ns more
  poseidon.hash([a, b])  vs zkp_poseidon_hash in a C loop: <= 1.3x the C time
  poseidon.hash_many     10^6 hashes of 2 inputs vs zkp_poseidon_hash_batch: <= 1.05x
Each time is the median of several repeats (best-of-loop inside a repeat);
the C loops run in this process through zkprim._zkprim._c_time.

--dask SIZE (e.g. 8G): Hemera root of a sparse file of SIZE bytes on a
2-worker-process distributed.LocalCluster vs `zkprim tree -a hemera
--threads 2` (ZKPRIM_CLI or zkprim on PATH); a one-off measurement.
"""
import argparse
import hashlib
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
import timeit

import zkprim
from zkprim import _zkprim, poseidon


def per_call(stmt, env, n, repeats):
    """Median over repeats of the time per execution of stmt (n per repeat),
    in ns; timeit compiles stmt into its loop, so no extra call is timed."""
    t = timeit.Timer(stmt, globals=env)
    return statistics.median(t.timeit(n) * 1e9 / n for _ in range(repeats))


def median_c(case, n, repeats):
    return statistics.median(_zkprim._c_time(case, n) for _ in range(repeats))


def rows(quick):
    r = []
    mib = os.urandom(1 << 20)
    reps = 3 if quick else 9
    env = {"zkprim": zkprim, "hashlib": hashlib, "mib": mib}
    z = per_call("zkprim.sha3_256(mib).digest()", env, 2 if quick else 10, reps)
    h = per_call("hashlib.sha3_256(mib).digest()", env, 2 if quick else 10, reps)
    r.append(("sha3_256 1 MiB", z, "hashlib %.0f" % h, "%.2fx faster" % (h / z), ">= 1.3x", h / z >= 1.3))

    env = {"k": zkprim.keccak_256, "msg": os.urandom(64)}
    n = 20000 if quick else 300000
    z = per_call("k(msg).digest()", env, n, reps)
    c = median_c("keccak256_64", n, reps)
    r.append(("keccak_256(64 B).digest()", z, "C %.0f" % c, "+%.0f ns" % (z - c), "<= +250 ns", z - c <= 250))

    env = {"ph": poseidon.hash, "a": 12345678901234567890123456789, "b": 98765432109876543210987654321}
    n = 2000 if quick else 30000
    z = per_call("ph([a, b])", env, n, reps)
    c = median_c("poseidon_hash2", n, reps)
    r.append(("poseidon.hash([a, b])", z, "C %.0f" % c, "%.3fx C" % (z / c), "<= 1.3x", z / c <= 1.3))

    m = 10000 if quick else 1000000
    elems = b"".join((i * 0x9E3779B97F4A7C15 % poseidon.P).to_bytes(32, "little") for i in range(2 * m))
    hm = poseidon.hash_many
    zr = []
    cr = []
    for _ in range(3 if quick else 5):  # interleaved, so load drifts hit both alike
        t0 = time.perf_counter_ns()
        hm(elems, 2)
        zr.append((time.perf_counter_ns() - t0) / m)
        cr.append(_zkprim._c_time("poseidon_batch2", m))
    z, c = statistics.median(zr), statistics.median(cr)
    r.append(("poseidon.hash_many %d x 2" % m, z, "C %.0f" % c, "%.3fx C" % (z / c), "<= 1.05x", z / c <= 1.05))
    return r


def table(rs):
    lines = ["| case | zkprim (ns/op) | reference (ns/op) | ratio | target | met |", "|---|---:|---:|---:|---|---|"]
    for name, z, ref, ratio, target, ok in rs:
        lines.append("| %s | %.0f | %s | %s | %s | %s |" % (name, z, ref, ratio, target, "yes" if ok else "NO"))
    return "\n".join(lines)


def parse_size(s):
    mult = {"K": 1 << 10, "M": 1 << 20, "G": 1 << 30}
    return int(s[:-1]) * mult[s[-1].upper()] if s[-1].upper() in mult else int(s)


def dask_figure(size, workdir=None, rounds=1):
    import distributed

    import zkprim.dask as zdask
    cli = os.environ.get("ZKPRIM_CLI") or shutil.which("zkprim")
    if not cli:
        raise SystemExit("--dask: set ZKPRIM_CLI to the zkprim CLI")
    print("| round | input | `zkprim tree -a hemera --threads 2` | zkprim.dask.hemera_root, 2 worker processes | dask / CLI |")
    print("|---|---|---:|---:|---:|")
    ok = True
    with tempfile.TemporaryDirectory(dir=workdir) as d, \
            distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None,
                                     silence_logs=40) as cluster, distributed.Client(cluster) as client:
        path = os.path.join(d, "sparse.bin")
        with open(path, "wb") as f:
            f.truncate(size)
        for r in range(rounds):  # CLI and Dask alternate, so load drifts hit both
            t0 = time.perf_counter()
            want = subprocess.run([cli, "tree", "-a", "hemera", "--threads", "2", "--no-progress", path],
                                  capture_output=True, check=True).stdout.split()[0].decode()
            t_cli = time.perf_counter() - t0
            t0 = time.perf_counter()
            got = zdask.hemera_root(path, client=client).hex()
            t_dask = time.perf_counter() - t0
            print("| %d | %d MiB sparse | %.1f s | %.1f s | %.2f |" % (r + 1, size >> 20, t_cli, t_dask, t_dask / t_cli),
                  flush=True)
            ok = ok and got == want
    print("roots equal in every round: %s (%s)" % (ok, want))
    return ok


def main(argv=None):
    ap = argparse.ArgumentParser(prog="python -m zkprim.bench", description=__doc__.splitlines()[0])
    ap.add_argument("--quick", action="store_true", help="few iterations (a smoke run; figures are rough)")
    ap.add_argument("--dask", metavar="SIZE", help="also the Dask figure for a sparse file of SIZE (e.g. 8G)")
    ap.add_argument("--dir", help="where the sparse file goes (default: the temp directory)")
    ap.add_argument("--rounds", type=int, default=1, help="--dask: CLI and Dask runs, alternating (default 1)")
    ap.add_argument("--no-table", action="store_true", help="skip the per-call table")
    args = ap.parse_args(argv)
    print("zkprim %s, kernels: %s; Poseidon kernel %s; Python %s" % (
        zkprim.version(), zkprim.cpu_features(), poseidon.implementation(), sys.version.split()[0]))
    if not args.no_table:
        print(table(rows(args.quick)))
    ok = True
    if args.dask:
        ok = dask_figure(parse_size(args.dask), args.dir, args.rounds)
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
