#!/usr/bin/env python3
"""Definitional oracle for `zkprim tree -a poseidon`, written for clarity, not speed.

Poseidon (t = 3) is computed round by round from circomlibjs' own constants
(tests/vectors/poseidon-bn254/circom-constants.json: C added at the start of
each round, x^5 on every lane in the 4 + 4 full rounds and on lane 0 in the
partial ones, then the MDS matrix M); none of zkprim's code is used. The tree
is node = poseidon([left, right]) level by level. Prints what the CLI should
print:

  poseidon_tree_oracle.py root LEAVES [pad]            'root R', 'depth D', 'leaves N'
  poseidon_tree_oracle.py prove LEAVES INDEX [pad]     the JSON proof line
  poseidon_tree_oracle.py multi LEAVES I,J,... [pad]   the multiproof text
(pad: zero leaves up to a power of two, as --pad)
  poseidon_tree_oracle.py random N SEED           N random leaves (edge values included)
"""
import hashlib
import json
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
CONSTANTS = os.path.join(HERE, "..", "vectors", "poseidon-bn254", "circom-constants.json")

with open(CONSTANTS) as f:
    _doc = json.load(f)
P = int(_doc["field_modulus"], 0)
_W3 = next(w for w in _doc["widths"] if w["t"] == 3)
C = [int(x, 16) for x in _W3["C"]]
M = [[int(x, 16) for x in row] for row in _W3["M"]]
FULL, PARTIAL = _doc["full_rounds"], _W3["partial_rounds"]


def poseidon2(a, b):
    s = [0, a, b]
    for r in range(FULL + PARTIAL):
        s = [(x + C[r * 3 + i]) % P for i, x in enumerate(s)]
        full = r < FULL // 2 or r >= FULL // 2 + PARTIAL
        s = [pow(x, 5, P) if (full or i == 0) else x for i, x in enumerate(s)]
        s = [sum(M[i][j] * s[j] for j in range(3)) % P for i in range(3)]
    return s[0]


def read_leaves(path, pad=False):
    leaves = [int(w, 0) if w.lower().startswith("0x") else int(w, 10)
              for w in (line.strip() for line in open(path)) if w]
    while pad and len(leaves) & (len(leaves) - 1):
        leaves.append(0)
    return leaves


def levels(leaves):
    """Every level of the tree, leaves first, the root's level last."""
    out = [leaves]
    while len(out[-1]) > 1:
        lv = out[-1]
        out.append([poseidon2(lv[i], lv[i + 1]) for i in range(0, len(lv), 2)])
    return out


def main(argv):
    cmd = argv[1]
    if cmd == "random":
        n, seed = int(argv[2]), argv[3]
        for i in range(n):
            h = hashlib.sha256(f"{seed}:{i}".encode()).hexdigest()
            kind = int(h[:2], 16) % 8
            v = 0 if kind == 0 else P - 1 if kind == 1 else int(h[2:6], 16) if kind == 2 else int(h, 16) % P
            print(hex(v) if kind == 3 else v)
        return
    tree = levels(read_leaves(argv[2], argv[-1] == "pad"))
    if cmd == "root":
        print(f"root {tree[-1][0]}\ndepth {len(tree) - 1}\nleaves {len(tree[0])}")
    elif cmd == "prove":
        i = int(argv[3])
        sib = [str(tree[k][(i >> k) ^ 1]) for k in range(len(tree) - 1)]
        print(json.dumps({"root": str(tree[-1][0]), "leaf": str(tree[0][i]), "index": i, "siblings": sib},
                         separators=(",", ":")))
    elif cmd == "multi":
        idx = sorted(int(x) for x in argv[3].split(","))
        print(f"zkprim-multiproof 1\nalgorithm poseidon\nleaves {len(tree[0])}\nindices {','.join(map(str, idx))}")
        known = set(idx)
        for k in range(len(tree) - 1):  # per level: the siblings the walk cannot compute, by index
            for j in sorted({i ^ 1 for i in known} - known):
                print(f"{tree[k][j]:064x}")
            known = {i >> 1 for i in known}


if __name__ == "__main__":
    main(sys.argv)
