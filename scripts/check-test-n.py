#!/usr/bin/env python3
"""Every randomised loop in the tests scales with ZKPRIM_TEST_N.

tests/harness.h: th_count(dflt) is the count of a randomised loop (dflt by
default, ZKPRIM_TEST_N when set), so a deep run (ZKPRIM_TEST_N=1000000)
reaches every loop. This flags a `for` loop over a literal bound whose body
draws random input (th_rand*, rand_*, rnd(), fill_state()) and checks
something: that is a repetition count, and should be th_count(literal).
A loop over a fixed set (each width, each lane count, each operation) says
so with the comment `fixed set` on its `for` line.

usage: check-test-n.py SOURCE_ROOT
"""
import glob
import os
import re
import sys

LOOP = re.compile(r"for \((?:[\w ]+ )?(\w+) = [^;]*; \1 (<|<=) (\d+)\w*;")
RANDOM = re.compile(r"th_rand|\brand_\w+\(|\brnd\(|\bfill_state\(")


def body_of(lines, i):
    """The loop's text: its line and, for a braced body, through the closing brace."""
    text, depth, j = lines[i], lines[i].count("{") - lines[i].count("}"), i + 1
    while depth > 0 and j < len(lines):
        text += "\n" + lines[j]
        depth += lines[j].count("{") - lines[j].count("}")
        j += 1
    return text


def main(root):
    files = sorted(glob.glob(os.path.join(root, "tests", p)) for p in ("*.c", "ref/*.c", "ct/*.c"))
    files = [f for group in files for f in group]
    if not files:
        print("check-test-n: no test sources found")
        return 1
    bad = 0
    for f in files:
        lines = open(f).read().split("\n")
        for i, line in enumerate(lines):
            if not LOOP.search(line) or "fixed set" in line:
                continue
            body = body_of(lines, i)
            if RANDOM.search(body) and "CHECK" in body:
                print(f"{os.path.relpath(f, root)}:{i + 1}: randomised loop with a fixed count "
                      f"(use th_count, or mark a loop over a fixed set): {line.strip()}")
                bad += 1
    print(f"{len(files)} test sources, {bad} loops that ignore ZKPRIM_TEST_N")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1] if len(sys.argv) > 1 else os.path.dirname(os.path.dirname(os.path.abspath(__file__)))))
