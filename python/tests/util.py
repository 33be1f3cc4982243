"""Shared by the zkprim Python tests: paths, the C CLI, seeded randomness."""
import os
import random
import subprocess
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(HERE))
VECTORS = os.path.join(REPO, "tests", "vectors")
SEED = int(os.environ.get("ZKPRIM_TEST_SEED", "20261202"))


def rng(salt):
    """A random.Random seeded per test, so a failure reproduces (ZKPRIM_TEST_SEED)."""
    return random.Random("%d:%s" % (SEED, salt))


def pat(n):
    """hemera.json's pat(n): b[i] = i mod 251."""
    return bytes(i % 251 for i in range(n))


def cli_path():
    """The zkprim CLI: $ZKPRIM_CLI, else a build in the repository."""
    p = os.environ.get("ZKPRIM_CLI")
    cands = [p] if p else [os.path.join(REPO, d, "zkprim") for d in ("build-native", "build")]
    for c in cands:
        if c and os.access(c, os.X_OK):
            return c
    raise unittest.SkipTest("zkprim CLI not found (set ZKPRIM_CLI)")


def cli(*args, stdin=None):
    r = subprocess.run([cli_path()] + [str(a) for a in args], input=stdin, capture_output=True, check=False)
    if r.returncode != 0:
        raise AssertionError("zkprim %s: exit %d: %s" % (" ".join(map(str, args)), r.returncode, r.stderr.decode()))
    return r.stdout.decode()


def random_chunks(r, data):
    """data cut at random points (empty pieces included)."""
    i, out = 0, []
    while i < len(data):
        n = r.choice([0, 1, 2, r.randrange(1, 300), r.randrange(1, 5000)])
        out.append(data[i:i + n])
        i += n
    out.append(b"")
    return out
