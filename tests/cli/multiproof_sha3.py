#!/usr/bin/env python3
"""Independent check of a `zkprim tree -a keccak256 --sha3 prove --multi`
multiproof with python's hashlib (SHA3-256; hashlib has no Keccak-256):
the tree root of FILE computed here from scratch (leaves = SHA3-256 of
LEAF_SIZE-byte pieces, padded to a power of two with zero nodes, parent =
SHA3-256(left || right)), and the root implied by the opened leaves and the
multiproof, walked the documented way (level by level from the leaves up,
siblings by node index within a level). Both must equal ROOT; prints OK.

usage: multiproof_sha3.py FILE LEAF_SIZE MPROOF ROOT_HEX
"""
import hashlib
import sys


def h(b):
    return hashlib.sha3_256(b).digest()


def main():
    path, leaf_size, mproof, root_hex = sys.argv[1], int(sys.argv[2]), sys.argv[3], sys.argv[4]
    data = open(path, "rb").read()
    pieces = [data[i:i + leaf_size] for i in range(0, len(data), leaf_size)] or [b""]
    n = 1
    while n < len(pieces):
        n *= 2
    level = [h(p) for p in pieces] + [bytes(32)] * (n - len(pieces))
    leaves = list(level)
    while len(level) > 1:
        level = [h(level[i] + level[i + 1]) for i in range(0, len(level), 2)]
    if level[0].hex() != root_hex:
        sys.exit("root of the file: %s, want %s" % (level[0].hex(), root_hex))

    lines = open(mproof).read().split("\n")
    indices = [int(x) for x in next(l for l in lines if l.startswith("indices ")).split()[1].split(",")]
    siblings = [bytes.fromhex(l) for l in lines if len(l) == 64]
    known = {i: leaves[i] for i in indices}
    used = 0
    while n > 1:
        up = {}
        for a in sorted(known):
            if a ^ 1 in known:
                sib = known[a ^ 1]
            else:
                sib, used = siblings[used], used + 1
            up[a >> 1] = h(known[a] + sib) if a % 2 == 0 else h(sib + known[a])
        known, n = up, n // 2
    if used != len(siblings):
        sys.exit("the multiproof has %d siblings, the walk used %d" % (len(siblings), used))
    if known[0].hex() != root_hex:
        sys.exit("root from the multiproof: %s, want %s" % (known[0].hex(), root_hex))
    print("OK")


main()
