#!/usr/bin/env python3
"""ctest api-table-planted: every check of scripts/gen-api-table.py can fail.

Each case copies include/ and docs/api.md to a scratch directory, breaks the
copy in one way, runs the generator's --check on it and expects exit 1 with
the message naming that problem. The unbroken copy must pass first, so a
case cannot pass because the copy itself is broken.

Also the CHANGELOG's Renamed table (made from scripts/api-renames-1.0.tsv)
and the misuse table of docs/reliability.md (a row per public function).

usage: planted.py SOURCE_ROOT SHARED_LIBRARY
"""
import os
import re
import shutil
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from plant import sub  # noqa: E402

ROOT, LIB = sys.argv[1], sys.argv[2]
GEN = os.path.join(ROOT, "scripts", "gen-api-table.py")
TSV = os.path.join(ROOT, "scripts", "api-renames-1.0.tsv")


def run(tmp, tsv=TSV):
    cmd = [sys.executable, GEN, "--check", "--include", os.path.join(tmp, "include"),
           "--doc", os.path.join(tmp, "api.md"), "--lib", LIB, "--renames", tsv,
           "--changelog", os.path.join(tmp, "CHANGELOG.md"), "--misuse-doc", os.path.join(tmp, "reliability.md")]
    r = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, universal_newlines=True)
    return r.returncode, r.stdout


def h(tmp, name):
    return os.path.join(tmp, "include", "zkprim", name)


def old_name(new):
    """The 0.x name the rename list maps to `new` (read from the list, so the
    old names appear nowhere else in the tree)."""
    with open(TSV) as f:
        for line in f:
            o, n = line.rstrip("\n").split("\t")
            if n == new:
                return o
    sys.exit("planted: %s is not a new name in %s" % (new, TSV))


# (what, how to break the copy, a regex the report must contain)
CASES = [
    ("a timing marker removed",
     lambda t: sub(h(t, "keccak.h"), "ZKP_API ZKP_CT void zkp_keccak_f1600(", "ZKP_API void zkp_keccak_f1600("),
     r"zkp_keccak_f1600: no timing markers"),
    ("two timing markers",
     lambda t: sub(h(t, "poseidon.h"), "ZKP_API ZKP_CT void zkp_poseidon_fr_to_be(",
                   "ZKP_API ZKP_CT ZKP_VARTIME void zkp_poseidon_fr_to_be("),
     r"zkp_poseidon_fr_to_be: 2 timing markers"),
    ("a marker against the module's naming rule (plain gf2 name marked vartime)",
     lambda t: sub(h(t, "gf2_iso.h"), "ZKP_API ZKP_CT void zkp_gf2_b256_to_ghash2(",
                   "ZKP_API ZKP_VARTIME void zkp_gf2_b256_to_ghash2("),
     r"zkp_gf2_b256_to_ghash2: marked ZKP_VARTIME, which contradicts the gf2_iso naming rule"),
    ("a marker against hemera's rule (plain hemera name marked ct)",
     lambda t: sub(h(t, "hemera.h"), "ZKP_API ZKP_VARTIME void zkp_hemera_permute(",
                   "ZKP_API ZKP_CT void zkp_hemera_permute("),
     r"zkp_hemera_permute: marked ZKP_CT, which contradicts the hemera naming rule"),
    ("a marker before ZKP_API",
     lambda t: sub(h(t, "goldilocks.h"), "ZKP_API ZKP_CT uint64_t zkp_goldilocks_add(",
                   "ZKP_CT ZKP_API uint64_t zkp_goldilocks_add("),
     r"zkp_goldilocks_add: annotations in the order"),
    ("ZKP_MUST_USE missing on a zkp_status function",
     lambda t: sub(h(t, "keccak.h"), "ZKP_MUST_USE ZKP_API ZKP_CT zkp_status zkp_keccak_init(",
                   "ZKP_API ZKP_CT zkp_status zkp_keccak_init("),
     r"zkp_keccak_init: returns zkp_status but lacks ZKP_MUST_USE"),
    ("ZKP_MUST_USE missing in the gf2 per-field macro",
     lambda t: sub(h(t, "gf2.h"), "ZKP_MUST_USE ZKP_API ZKP_CT zkp_status zkp_gf2_##F##_inv(",
                   "ZKP_API ZKP_CT zkp_status zkp_gf2_##F##_inv("),
     r"zkp_gf2_b256_inv: returns zkp_status but lacks ZKP_MUST_USE"),
    ("banned vocabulary (_many)",
     lambda t: sub(h(t, "poseidon.h"), "zkp_poseidon_hash_batch(", old_name("zkp_poseidon_hash_batch") + "("),
     old_name("zkp_poseidon_hash_batch") + r" \(poseidon\): banned vocabulary '_many'"),
    ("banned vocabulary (a hasher that is a configuration)",
     lambda t: sub(h(t, "poseidon.h"), "} zkp_poseidon_circom;", "} %s;" % old_name("zkp_poseidon_circom")),
     old_name("zkp_poseidon_circom") + r" \(poseidon\): banned vocabulary 'hasher'"),
    ("a name outside its module's prefix",
     lambda t: sub(h(t, "hemera.h"), "zkp_hemera_tree_root_cdc(", "zkp_tree_root_cdc("),
     r"zkp_tree_root_cdc: name outside the hemera module's prefixes"),
    ("an allocating function the NOMEM comment does not name",
     lambda t: sub(h(t, "hemera.h"), "ZKP_VARTIME zkp_status zkp_hemera_tree_root_cdc(",
                   "ZKP_VARTIME ZKP_ALLOCATES zkp_status zkp_hemera_tree_root_cdc("),
     r"ZKP_ERR_NOMEM comment lists"),
    ("the doc's table edited",
     lambda t: sub(os.path.join(t, "api.md"), "| `zkp_keccak_f1600_implementation` |", "| `zkp_keccak_f1600_impl` |"),
     r"the API table is not what the headers give"),
    ("a declaration the library does not export",
     lambda t: sub(h(t, "keccak.h"), "/* ---- sponge: one-shot",
                   "ZKP_API ZKP_QUERY const char *zkp_keccak_extra_implementation(void);\n/* ---- sponge: one-shot"),
     r"zkp_keccak_extra_implementation: declared in the headers but not exported"),
    ("an exported function missing from the headers",
     lambda t: sub(h(t, "gf2_iso.h"), "ZKP_API ZKP_QUERY void zkp_gf2_iso_root(zkp_gf2_ghash2 *r);", ""),
     r"zkp_gf2_iso_root: exported by .* but not a public declaration"),
    ("the CHANGELOG's Renamed table edited",
     lambda t: sub(os.path.join(t, "CHANGELOG.md"), "| `%s` | `zkp_keccak_f1600` |\n" % old_name("zkp_keccak_f1600"), ""),
     r"CHANGELOG.md: the Renamed table is not"),
    ("a public function the misuse probe does not cover",
     lambda t: sub(os.path.join(t, "reliability.md"), "| goldilocks | `zkp_goldilocks_inv` |", "| goldilocks | `zkp_goldilocks_inv_x` |"),
     r"zkp_goldilocks_inv: no row in the misuse table"),
    ("an old name still public (rename not applied)",
     lambda t: sub(h(t, "goldilocks.h"), "zkp_goldilocks_inv_vartime(", old_name("zkp_goldilocks_inv_vartime") + "("),
     old_name("zkp_goldilocks_inv_vartime") + r" is still a public name"),
]


def rename_cases(tmp):
    """The rename list's own checks: a chain and a prefix listed first."""
    out = []
    with open(TSV) as f:
        lines = f.read().splitlines()
    chained = os.path.join(tmp, "chain.tsv")
    with open(chained, "w") as f:
        f.write("\n".join(lines + ["zkp_keccak_hash_batch\tzkp_keccak_hash_all"]) + "\n")
    out.append(("a new name renamed again by a later line", chained, r"is renamed again by line"))
    swapped = os.path.join(tmp, "prefix.tsv")
    i = next(k for k, l in enumerate(lines) if l.endswith("\tzkp_keccak_hash_batch_ptrs"))
    j = next(k for k, l in enumerate(lines) if l.endswith("\tzkp_keccak_hash_batch"))
    lines[i], lines[j] = lines[j], lines[i]
    with open(swapped, "w") as f:
        f.write("\n".join(lines) + "\n")
    out.append(("a longer old name listed after its prefix", swapped, r"comes after its prefix"))
    return out


def fresh(base):
    tmp = tempfile.mkdtemp(dir=base)
    shutil.copytree(os.path.join(ROOT, "include"), os.path.join(tmp, "include"))
    shutil.copy(os.path.join(ROOT, "docs", "api.md"), os.path.join(tmp, "api.md"))
    shutil.copy(os.path.join(ROOT, "CHANGELOG.md"), os.path.join(tmp, "CHANGELOG.md"))
    shutil.copy(os.path.join(ROOT, "docs", "reliability.md"), os.path.join(tmp, "reliability.md"))
    return tmp


def reported(what, result, want):
    """One planted case: exit 1 with `want` in the report."""
    rc, out = result
    ok = rc == 1 and re.search(want, out) is not None
    print("%s: %s" % ("reported" if ok else "MISSED", what))
    if not ok:
        print("  exit %d, wanted /%s/ in:\n%s" % (rc, want, out))
    return ok


def main():
    with tempfile.TemporaryDirectory() as base:
        rc, out = run(fresh(base))
        if rc != 0:
            print(out)
            print("planted: the unbroken copy does not pass; fix that first")
            return 1
        results = []
        for what, brk, want in CASES:
            tmp = fresh(base)
            brk(tmp)
            results.append(reported(what, run(tmp), want))
        for what, tsv, want in rename_cases(base):
            results.append(reported(what, run(fresh(base), tsv), want))
    print("api-table-planted: %d of %d planted problems reported" % (sum(results), len(results)))
    return 0 if all(results) else 1

if __name__ == "__main__":
    sys.exit(main())
