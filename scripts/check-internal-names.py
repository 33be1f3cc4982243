#!/usr/bin/env python3
"""`zkp_` is the public prefix (docs/api.md, rule 1): every `zkp_` identifier
in the library's sources must be a public name, one the headers in
include/zkprim/ declare or mention (functions, types, struct tags, the
zkVM's program-supplied zkp_keccakf1600_external). Internal types and
helpers are `zkpi_` (or static with no prefix).

usage:
  check-internal-names.py [--root DIR] [DIRS...]
      exit 1, naming each file:line, when DIRS (default: src) hold a `zkp_`
      identifier that is not public; ctest internal-names
  check-internal-names.py --list [--root DIR] [DIRS...]
      print the internal names found, one per line (scripts/rename-internal.sh
      renames each zkp_X to zkpi_X)
Names of the build's CMake functions (zkp_add_kernel, ...) are not C
identifiers and are ignored, as is a prefix written in prose ("the public
zkp_goldilocks_* functions") and the test fixture in PUBLIC_LOOKING. Only the Python 3 standard library is used.
"""
import argparse
import glob
import importlib.util
import os
import re
import subprocess
import sys

SOURCES = re.compile(r"\.(c|h|S|s|inc|cpp)$")
# Names that look public on purpose.
PUBLIC_LOOKING = {
    "zkp_mustuse_unmarked": "tests/mustuse/unmarked.h: a public-looking declaration without ZKP_MUST_USE, "
                            "which the mustuse self-test must find among the zkp_ functions",
}


def public_names(root):
    spec = importlib.util.spec_from_file_location("gen_api_table", os.path.join(root, "scripts", "gen-api-table.py"))
    api = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(api)
    inc = os.path.join(root, "include")
    funcs, types = api.parse(api.preprocess(inc, os.environ.get("CC", "cc")), [])
    names = {f["name"] for f in funcs} | {t for _, t in types}
    for h in glob.glob(os.path.join(inc, "zkprim", "*.h")):
        with open(h) as f:
            names |= set(re.findall(r"\bzkp_\w+", f.read()))
    return names


def cmake_functions(root):
    names = set()
    for dirpath, _, files in os.walk(root):
        if "/." in dirpath or "/build" in dirpath:
            continue
        for n in files:
            if n.endswith(".cmake") or n == "CMakeLists.txt":
                with open(os.path.join(dirpath, n), errors="replace") as f:
                    names |= set(re.findall(r"^\s*(?:function|macro)\s*\(\s*(zkp_\w+)", f.read(), re.M | re.I))
    return names


def scan(root, dirs, public, cmake):
    """{name: [file:line, ...]} of the non-public zkp_ identifiers."""
    files = subprocess.run(["git", "-C", root, "ls-files", "--"] + dirs, stdout=subprocess.PIPE,
                           universal_newlines=True).stdout.split()
    if not files:  # not a git checkout (a copied tree): every file under the directories
        files = [os.path.relpath(os.path.join(d, n), root) for top in dirs
                 for d, _, ns in os.walk(os.path.join(root, top)) for n in ns]
    found = {}
    for rel in sorted(files):
        if not SOURCES.search(rel):
            continue
        with open(os.path.join(root, rel), errors="replace") as f:
            for i, line in enumerate(f, 1):
                for name in re.findall(r"\bzkp_\w+", line):
                    if name in public or name in cmake or name in PUBLIC_LOOKING:
                        continue
                    if name.endswith("_") and any(p.startswith(name) for p in public):
                        continue  # a prefix in prose: "the zkp_goldilocks_* functions"
                    found.setdefault(name, []).append("%s:%d" % (rel, i))
    return found


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--root", default=os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    ap.add_argument("--list", action="store_true")
    ap.add_argument("dirs", nargs="*", default=["src"])
    a = ap.parse_args()
    found = scan(a.root, a.dirs, public_names(a.root), cmake_functions(a.root))
    if a.list:
        for name in sorted(found):
            print(name)
        return 0
    for name in sorted(found):
        where = found[name]
        print("internal-names: %s is not a public name (internal: zkpi_%s): %s%s" % (
            name, name[4:], ", ".join(where[:3]), " and %d more" % (len(where) - 3) if len(where) > 3 else ""))
    if found:
        print("internal-names: %d internal names with the public prefix in %s (scripts/rename-internal.sh "
              "renames them)" % (len(found), " ".join(a.dirs)))
        return 1
    print("internal-names: every zkp_ identifier in %s is public" % " ".join(a.dirs))
    return 0


if __name__ == "__main__":
    sys.exit(main())
