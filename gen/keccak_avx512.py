#!/usr/bin/env python3
"""Writes src/keccak/f1600_avx512_cycle.h: four Keccak-f[1600] rounds for the
single-state AVX-512 kernel (src/keccak/f1600_avx512.c), the state held as
five zmm registers of 5 used qword slots.

Where each lane sits changes from round to round. A layout is a map
(register, slot) -> lane (x, y); the generator tracks it symbolically and
derives every index table from it, instead of typing tables by hand:

  * theta needs slot s of every register to hold column x = s ("aligned");
  * rho is one vprolvq per register with per-slot counts;
  * pi moves lanes, and the chosen slot order decides the next step:
      - rows in (register = one row y): pi turns each row into a column;
        vpermq orders its slots so slot s holds row h(s) in every register,
        and chi is lane-wise across registers (column X with X+1, X+2);
      - a diagonal in (register r, slot x = lane (x, a*x + b_r), a != 0, 1):
        after pi every register holds each column once; vpermq orders
        slots by row the same way in all registers, and chi is again
        lane-wise across registers (the register holding X'+1 of the same
        rows is found by search); one more vpermq per register re-aligns
        slots to columns for the next theta;
      - a diagonal with a == 1: pi makes each register one row with its
        columns rotated; chi reads that row three times through vpermq
        (x, x+1, x+2) and writes it aligned: the state is rows again;
  * after a "columns" chi the next theta needs a transposition: vpblendmq
    gathers one lane from each column register per slot (a diagonal) and
    vpermq aligns it.
  The cycle rows -> (transpose) a=2 -> a=4 -> a=1 -> rows takes exactly
  four rounds, so 24 rounds are six cycles and start and end as rows.

Every generated step is simulated here on random states against a plain
Keccak-f[1600] before anything is written (the tests then check the C).
Usage: gen/keccak_avx512.py ROOT  (writes ROOT/src/keccak/f1600_avx512_cycle.h)
"""
import os
import random
import sys

# The step constants (rho offsets, iota round constants) and the plain round
# the simulation is checked against come from the scalar round generator;
# its output is what the KAT tests check.
from keccak_round import MASK, plain_round, rho_offsets, rol, round_constants

RHO = rho_offsets()
RC = round_constants()


def ref_round(a, rc):
    """One plain round on a[x + 5y]."""
    return plain_round(a, RHO, rc)


class Gen:
    """Emits C for a sequence of vector operations and simulates them.

    Registers are C variable names; self.lay[name] is its layout (8 slots of
    (x, y) or None) and self.val[name][k] its value on simulation state k."""

    def __init__(self, nsim):
        self.lines = []
        self.tables = []  # unique 8-entry index vectors
        self.rhos = []  # unique 8-entry rotation-count vectors
        self.ntmp = 0
        self.lay = {}
        self.val = {}
        self.nsim = nsim
        self.counts = {}

    def count(self, op):
        self.counts[op] = self.counts.get(op, 0) + 1

    def tmp(self):
        self.ntmp += 1
        return "v%d" % self.ntmp

    def table(self, idx):
        idx = list(idx) + list(range(len(idx), 8))
        if idx not in self.tables:
            self.tables.append(idx)
        return "KZ_IDX(%d)" % self.tables.index(idx)

    def rhotab(self, cnt):
        cnt = list(cnt) + [0] * (8 - len(cnt))
        if cnt not in self.rhos:
            self.rhos.append(cnt)
        return "KZ_RHO(%d)" % self.rhos.index(cnt)

    def emit(self, dst, expr, lay, val, op):
        self.lines.append("__m512i %s = %s;" % (dst, expr))
        self.lay[dst] = lay
        self.val[dst] = val
        self.count(op)
        return dst

    # ---- operations (each returns the new variable) ----
    def xor3(self, a, b, c, lay=None):
        d = self.tmp()
        val = [[p ^ q ^ r for p, q, r in zip(A, B, C)] for A, B, C in zip(self.val[a], self.val[b], self.val[c])]
        return self.emit(d, "XOR3(%s, %s, %s)" % (a, b, c), lay or self.lay[a], val, "vpternlogq")

    def chi(self, a, b, c, lay):
        d = self.tmp()
        val = [[(p ^ (~q & r)) & MASK for p, q, r in zip(A, B, C)] for A, B, C in zip(self.val[a], self.val[b], self.val[c])]
        return self.emit(d, "CHI(%s, %s, %s)" % (a, b, c), lay, val, "vpternlogq")

    def rol1(self, a):
        d = self.tmp()
        val = [[rol(p, 1) for p in A] for A in self.val[a]]
        return self.emit(d, "_mm512_rol_epi64(%s, 1)" % a, self.lay[a], val, "vprolq")

    def rolv(self, a, cnt):
        d = self.tmp()
        val = [[rol(p, c) for p, c in zip(A, cnt + [0] * 3)] for A in self.val[a]]
        return self.emit(d, "_mm512_rolv_epi64(%s, %s)" % (a, self.rhotab(cnt)), self.lay[a], val, "vprolvq")

    def perm(self, idx, a):
        """slot s <- slot idx[s]; identity permutations are not emitted."""
        if list(idx) == list(range(5)):
            return a
        full = list(idx) + list(range(5, 8))
        d = self.tmp()
        lay = [self.lay[a][full[s]] for s in range(8)]
        val = [[A[full[s]] for s in range(8)] for A in self.val[a]]
        return self.emit(d, "PERM(%s, %s)" % (self.table(idx), a), lay, val, "vpermq")

    def blend5(self, srcs):
        """slot s from srcs[s] (s < 5), junk slots from srcs[0]; a two-level
        tree so the chain is three blends deep."""
        def blend(m, a, b):
            d = self.tmp()
            lay = [self.lay[b][s] if m >> s & 1 else self.lay[a][s] for s in range(8)]
            val = [[B[s] if m >> s & 1 else A[s] for s in range(8)] for A, B in zip(self.val[a], self.val[b])]
            return self.emit(d, "BLEND(0x%02X, %s, %s)" % (m, a, b), lay, val, "vpblendmq")
        lo = blend(0x02, srcs[0], srcs[1])
        hi = blend(0x08, srcs[2], srcs[3])
        return blend(0x10, blend(0x0C, lo, hi), srcs[4])

    def iota(self, a, slot, rnd):
        d = self.tmp()
        val = [list(A) for A in self.val[a]]
        for A in val:
            A[slot] ^= RC[rnd]
        self.lines.append("__m512i %s = _mm512_mask_xor_epi64(%s, 0x%02X, %s, _mm512_set1_epi64((long long)rc[%d]));"
                          % (d, a, 1 << slot, a, rnd % 4))
        self.lay[d] = self.lay[a]
        self.val[d] = val
        self.count("vpxorq")
        return d


def aligned(g, regs):
    return all(g.lay[r][s][0] == s for r in regs for s in range(5))


def pi_lane(l):
    x, y = l
    return (y, (2 * x + 3 * y) % 5)


def gen_round(g, regs, rnd):
    """One round on five aligned registers; returns the five output
    registers and whether they are 'columns' (one X per register)."""
    assert aligned(g, regs)
    # theta
    c = g.xor3(g.xor3(regs[0], regs[1], regs[2], lay=[None] * 8), regs[3], regs[4], lay=[None] * 8)
    cm = g.perm([4, 0, 1, 2, 3], c)  # C[x-1]
    cp = g.perm([1, 2, 3, 4, 0], g.rol1(c))  # rotl(C[x+1], 1)
    regs = [g.xor3(r, cm, cp) for r in regs]
    # rho (lane (0, 0) rotates by 0; a register with all-zero counts is skipped)
    out = []
    for r in regs:
        cnt = [RHO[l[0] + 5 * l[1]] for l in g.lay[r][:5]]
        out.append(g.rolv(r, cnt) if any(cnt) else r)
    regs = out
    # pi: relabel lanes (no data moves yet)
    for r in regs:
        g.lay[r] = [pi_lane(l) if l else None for l in g.lay[r]]
    rows = [set(l[1] for l in g.lay[r][:5]) for r in regs]
    cols = [set(l[0] for l in g.lay[r][:5]) for r in regs]
    if all(len(s) == 1 for s in rows):
        # one row per register, columns rotated: chi through vpermq, rows out
        out = [None] * 5
        for r in regs:
            y = g.lay[r][0][1]
            pos = {g.lay[r][s][0]: s for s in range(5)}
            p = [g.perm([pos[(x + k) % 5] for x in range(5)], r) for k in range(3)]
            out[y] = g.chi(p[0], p[1], p[2], [(x, y) for x in range(5)] + [None] * 3)
        out[0] = g.iota(out[0], 0, rnd)
        return out, False
    # every register holds each row once (columns in) or each column once
    # (diagonal in): order slots by row as register 0 has them
    h = [g.lay[regs[0]][s][1] for s in range(5)]
    b = []
    for r in regs:
        pos = {g.lay[r][s][1]: s for s in range(5)}
        b.append(g.perm([pos[h[s]] for s in range(5)], r))
    # chi partners: the register holding (X + 1, same row) in the same slot
    def partner(r, k):
        want = [((g.lay[r][s][0] + k) % 5, g.lay[r][s][1]) for s in range(5)]
        for q in b:
            if g.lay[q][:5] == want:
                return q
        raise SystemExit("no chi partner")
    out = [g.chi(r, partner(r, 1), partner(r, 2), list(g.lay[r])) for r in b]
    # iota into lane (0, 0)
    for i, r in enumerate(out):
        for s in range(5):
            if g.lay[r][s] == (0, 0):
                out[i] = g.iota(r, s, rnd)
    is_cols = all(len(s) == 1 for s in cols)
    if not is_cols:
        # re-align slots to columns for the next theta
        out = [g.perm([[l[0] for l in g.lay[r][:5]].index(x) for x in range(5)], r) for r in out]
    return out, is_cols


def transpose(g, regs, a):
    """Column registers -> diagonal (x, a*x + b_j), b_j chosen so that
    register 0 needs no vpermq: blends pick slot s from the column register
    holding that slot's lane, one vpermq aligns."""
    rowof = [g.lay[regs[0]][s][1] for s in range(5)]  # slot -> row, same in every register
    colreg = {g.lay[r][0][0]: r for r in regs}
    out = []
    b0 = (rowof[0] - a * 0) % 5
    for j in range(5):
        bj = (b0 + j) % 5
        # slot s holds row rowof[s]; its column X solves rowof[s] = a X + bj
        inv = [0, 1, 3, 2, 4][a]
        srcs = [colreg[((rowof[s] - bj) * inv) % 5] for s in range(5)]
        d = g.blend5(srcs)
        out.append(g.perm([[l[0] for l in g.lay[d][:5]].index(x) for x in range(5)], d))
    return out


def build():
    nsim = 4
    g = Gen(nsim)
    rnd = random.Random(1600)
    states = [[rnd.getrandbits(64) for _ in range(25)] for _ in range(nsim)]
    regs = []
    for y in range(5):
        name = "s%d" % y
        g.lay[name] = [(x, y) for x in range(5)] + [None] * 3
        g.val[name] = [[st[x + 5 * y] for x in range(5)] + [0] * 3 for st in states]
        regs.append(name)
    ref = [list(st) for st in states]
    cols = False
    for r in range(4):
        if cols:
            regs = transpose(g, regs, 2)
        regs, cols = gen_round(g, regs, r)
        ref = [ref_round(st, RC[r]) for st in ref]
        # check every lane of every simulated state
        for reg in regs:
            for s in range(5):
                x, y = g.lay[reg][s]
                for k in range(nsim):
                    assert g.val[reg][k][s] == ref[k][x + 5 * y], "round %d lane %d,%d" % (r, x, y)
    for y, reg in enumerate(regs):
        assert g.lay[reg][:5] == [(x, y) for x in range(5)], "cycle must end as aligned rows"
    return g, regs


def main():
    root = sys.argv[1] if len(sys.argv) > 1 else "."
    g, regs = build()
    L = []
    w = L.append
    w("/* Generated by gen/keccak_avx512.py; do not edit. */")
    w("/*")
    w(" * Four Keccak-f[1600] rounds (rows -> transpose -> diagonal a=2 -> a=4 ->")
    w(" * a=1 -> rows) on five zmm registers s0..s4 holding the rows (slot x of")
    w(" * s<y> = lane (x, y)); rc points at the four round constants. The index")
    w(" * tables and the derivation are in gen/keccak_avx512.py, which simulates")
    w(" * these exact steps against a plain Keccak before writing this file.")
    ops = ", ".join("%d %s" % (v, k) for k, v in sorted(g.counts.items()))
    w(" * Instructions per four rounds: %s." % ops)
    w(" * Needs: XOR3, CHI, PERM, BLEND, KZ_IDX(n), KZ_RHO(n) (f1600_avx512.c).")
    w(" */")
    w("#ifndef ZKPRIM_KECCAK_F1600_AVX512_CYCLE_H")
    w("#define ZKPRIM_KECCAK_F1600_AVX512_CYCLE_H")
    w("")
    w("#include <stdint.h>")
    w("")
    w("#define KZ_NIDX %d" % len(g.tables))
    w("#define KZ_NRHO %d" % len(g.rhos))
    w("/* vpermq index vectors: slot s <- slot idx[s] */")
    w("static const uint64_t kz_idx[KZ_NIDX][8] __attribute__((aligned(64))) = {")
    for t in g.tables:
        w("    {%s}," % ", ".join(str(v) for v in t))
    w("};")
    w("/* vprolvq counts: the FIPS 202 rho offset of the lane in each slot */")
    w("static const uint64_t kz_rho[KZ_NRHO][8] __attribute__((aligned(64))) = {")
    for t in g.rhos:
        w("    {%s}," % ", ".join(str(v) for v in t))
    w("};")
    w("")
    w("#define KZ_CYCLE4(s0, s1, s2, s3, s4, rc)                                               \\")
    w("    do {                                                                                \\")
    for line in g.lines:
        w("        %s \\" % line)
    w("        s0 = %s; \\" % regs[0])
    w("        s1 = %s; \\" % regs[1])
    w("        s2 = %s; \\" % regs[2])
    w("        s3 = %s; \\" % regs[3])
    w("        s4 = %s; \\" % regs[4])
    w("    } while (0)")
    w("")
    w("#endif")
    path = os.path.join(root, "src/keccak/f1600_avx512_cycle.h")
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w") as f:
        f.write("\n".join(L) + "\n")


if __name__ == "__main__":
    main()
