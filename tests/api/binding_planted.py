#!/usr/bin/env python3
"""ctest binding-names-planted: every check of scripts/gen-binding-names.py can fail.

Each case copies the Rust sources, the Python stubs (python/zkprim/*.pyi, or
the fixture tests/api/binding-stubs/ while the package has none), the list
scripts/binding-names.tsv and docs/api.md to a scratch directory, breaks the
copy in one way, runs the generator's --check on it and expects exit 1 with
the message naming that problem. The unbroken copy (its table rewritten from
the copy) must pass first, so a case cannot pass because the copy itself is
broken.

usage: binding_planted.py SOURCE_ROOT
"""
import os
import shutil
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from plant import append, sub  # noqa: E402

ROOT = sys.argv[1]
GEN = os.path.join(ROOT, "scripts", "gen-binding-names.py")


def stub_dir():
    real = os.path.join(ROOT, "python", "zkprim")
    if any(n.endswith(".pyi") for n in os.listdir(real)):
        return real
    return os.path.join(ROOT, "tests", "api", "binding-stubs")


def args(tmp, mode="--check", stubs=None):
    return [sys.executable, GEN, mode, "--include", os.path.join(ROOT, "include"),
            "--rust-src", os.path.join(tmp, "rust"), "--python-stubs", stubs or os.path.join(tmp, "stubs"),
            "--names", os.path.join(tmp, "names.tsv"), "--doc", os.path.join(tmp, "api.md")]


def run(tmp, stubs=None, env=None):
    e = dict(os.environ)
    e.pop("ZKPRIM_REQUIRE_ALL_STAGES", None)
    e.update(env or {})
    r = subprocess.run(args(tmp, stubs=stubs), stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                       universal_newlines=True, env=e)
    return r.returncode, r.stdout


def copy(tmp):
    shutil.copytree(os.path.join(ROOT, "bindings", "rust", "zkprim", "src"), os.path.join(tmp, "rust"))
    os.mkdir(os.path.join(tmp, "stubs"))
    src = stub_dir()
    for n in os.listdir(src):
        if n.endswith(".pyi"):
            shutil.copy(os.path.join(src, n), os.path.join(tmp, "stubs", n))
    shutil.copy(os.path.join(ROOT, "scripts", "binding-names.tsv"), os.path.join(tmp, "names.tsv"))
    shutil.copy(os.path.join(ROOT, "docs", "api.md"), os.path.join(tmp, "api.md"))
    r = subprocess.run(args(tmp, "--write"), stdout=subprocess.PIPE, stderr=subprocess.STDOUT, universal_newlines=True)
    if r.returncode != 0:
        sys.exit("binding-planted: --write on the unbroken copy failed:\n" + r.stdout)


def rs(t, name):
    return os.path.join(t, "rust", name)


def tsv(t):
    return os.path.join(t, "names.tsv")


# (what, how to break the copy, a text the report must contain)
CASES = [
    ("a public C function with no binding and no 'c' row",
     lambda t: sub(tsv(t), "c\tzkp_goldilocks_add\t", "#c\tzkp_goldilocks_add\t"),
     "zkp_goldilocks_add: no Rust or Python name and no 'c' row"),
    ("a Rust name that calls no C function and has no row",
     lambda t: append(rs(t, "keccak.rs"), "\n/// A stray helper.\npub fn stray() -> u32 {\n    1\n}\n"),
     "rust keccak::stray: neither mapped to a C function"),
    ("a Rust name not named after the C function it calls",
     lambda t: sub(rs(t, "keccak.rs"), "pub fn hash_batch_ptrs<", "pub fn hash_lots<"),
     "rust keccak::hash_lots: calls zkp_keccak_hash_batch_ptrs but is not named after it"),
    ("a 1.0 name kept without #[deprecated]",
     lambda t: sub(rs(t, "hemera.rs"), "#[deprecated(", "#[cfg(all()"),
     "rust hemera::root_hash_threads: calls zkp_hemera_tree_root_fixed but is not named after it"),
    ("a row that matches no binding name",
     lambda t: append(tsv(t), "rust\tkeccak::gone\t-\ta name that was removed\n"),
     "rust keccak::gone matches no binding name (a stale row)"),
    ("a Rust row whose C names are not what the code calls",
     lambda t: sub(tsv(t), "rust\themera::root_hash\t=\t", "rust\themera::root_hash\tzkp_hemera_tree_root_cdc\t"),
     "rust hemera::root_hash calls zkp_hemera_tree_root_fixed, the row says zkp_hemera_tree_root_cdc"),
    ("a 'c' row for a function a binding calls",
     lambda t: append(tsv(t), "c\tzkp_hemera_hash\t-\tnot bound, it says\n"),
     "zkp_hemera_hash is bound"),
    ("a row naming a C function that does not exist",
     lambda t: sub(tsv(t), "python\tgf2.FixedBase.pow\tzkp_gf2_fixed_base_pow_vartime\t",
                   "python\tgf2.FixedBase.pow\tzkp_gf2_fixed_base_power\t"),
     "zkp_gf2_fixed_base_power is not a public C function or type"),
    ("a Python name with no C function and no row",
     lambda t: append(os.path.join(t, "stubs", "tree.pyi"), "\ndef stray_helper() -> None: ...\n"),
     "python tree.stray_helper: neither mapped to a C function"),
    ("a Python 1.0 name whose row is gone",
     lambda t: sub(tsv(t), "python\tposeidon.hash_many\t", "#python\tposeidon.hash_many\t"),
     "python poseidon.hash_many: neither mapped to a C function"),
    ("the doc's table edited by hand",
     lambda t: sub(os.path.join(t, "api.md"), "| `zkp_version` | `version` |", "| `zkp_version` | `versions` |"),
     "the binding-name table is not what the bindings give"),
]


def main():
    failures = 0
    with tempfile.TemporaryDirectory() as tmp:
        print("binding-planted: Python stubs from %s" % os.path.relpath(stub_dir(), ROOT))
        base = os.path.join(tmp, "base")
        os.mkdir(base)
        copy(base)
        rc, out = run(base)
        if rc != 0:
            print(out)
            sys.exit("binding-planted: the unbroken copy does not pass; fix that first")
        # Without stubs, the check skips Python; required stages refuse the skip.
        empty = os.path.join(tmp, "empty")
        os.mkdir(empty)
        rc, out = run(base, stubs=empty, env={"ZKPRIM_REQUIRE_ALL_STAGES": "1"})
        ok = rc == 1 and "SKIPPED the Python names" in out and "may not be skipped" in out
        print("%s: no stubs under ZKPRIM_REQUIRE_ALL_STAGES=1" % ("reported" if ok else "MISSED"))
        failures += not ok
        for i, (what, plant, want) in enumerate(CASES):
            t = os.path.join(tmp, "case%d" % i)
            os.mkdir(t)
            copy(t)
            plant(t)
            rc, out = run(t)
            ok = rc == 1 and want in out
            print("%s: %s" % ("reported" if ok else "MISSED", what))
            if not ok:
                print("  exit %d, wanted %r in:\n%s" % (rc, want, out))
                failures += 1
    if failures:
        print("binding-planted: %d planted problem(s) not reported" % failures)
        return 1
    print("binding-planted: all %d planted problems reported" % (len(CASES) + 1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
