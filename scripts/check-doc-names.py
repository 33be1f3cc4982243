#!/usr/bin/env python3
"""Every `zkp_` / `zkpi_` name the documentation mentions exists in the code.

Reads README.md and docs/*.md, and fails (ctest doc-names), naming
file:line, on a name that no source, header, build or script file of the
repository contains: a renamed function the prose still calls by its old
name (`zkp_keccakf1600`), a prefix that changed (`zkp_` for a `zkpi_`
helper). A placeholder in capitals (`zkp_gf2_F_add`) is skipped; a pattern (a
name followed by `<`, `*` or `{`, or ending in `_`: `zkpi_keccakf1600x<N>`,
`zkp_sha3_*`) passes when its stem is real (a name starts with it, or it is
the stem that token pasting extends). NOT_NAMES lists the
names the docs mention because the code does not use them.

usage: check-doc-names.py [--root DIR]
Only the Python 3 standard library is used.
"""
import argparse
import os
import re
import subprocess
import sys

CODE = re.compile(r"\.(c|h|S|s|inc|cpp|py|pyi|sh|cmake|rs|js)$|(^|/)CMakeLists\.txt$")
NAME = re.compile(r"\bzkpi?_\w+")
# Names the docs mention on purpose although no code has them.
NOT_NAMES = {
    "zkp_poseidon_circom_init": "docs/api.md: the constructor name the API does not use (light-poseidon's instead)",
}


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--root", default=os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    a = ap.parse_args()
    files = subprocess.run(["git", "-C", a.root, "ls-files"], stdout=subprocess.PIPE,
                           universal_newlines=True).stdout.split()
    known = set()
    for rel in files:
        if CODE.search(rel) and not rel.startswith(("tests/fuzz/corpus/", "tests/vectors/")):
            with open(os.path.join(a.root, rel), errors="replace") as f:
                known |= set(NAME.findall(f.read()))
    docs = ["README.md"] + sorted(r for r in files if r.startswith("docs/") and r.endswith(".md"))
    problems = []
    for rel in docs:
        with open(os.path.join(a.root, rel), errors="replace") as f:
            for i, line in enumerate(f, 1):
                for m in NAME.finditer(line):
                    name, after = m.group(0), line[m.end():m.end() + 1]
                    if name in known or name in NOT_NAMES:
                        continue
                    if re.search(r"_[A-Z]+(_|$)", name):
                        continue  # a placeholder: zkp_gf2_F_add
                    if (after in ("<", "*", "{") or name.endswith("_")) and \
                            (name.rstrip("_") in known or any(k.startswith(name) for k in known)):
                        continue  # a pattern whose stem is real: zkp_sha3_*, zkpi_keccakf1600x<N>
                    problems.append("%s:%d: %s is in no source, header, build or script file" % (rel, i, name))
    for p in problems:
        print("doc-names: " + p)
    if problems:
        print("doc-names: %d name(s) in the docs that the code does not have" % len(problems))
        return 1
    print("doc-names: every zkp_/zkpi_ name in README.md and docs/ exists in the code")
    return 0


if __name__ == "__main__":
    sys.exit(main())
