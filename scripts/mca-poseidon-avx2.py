#!/usr/bin/env python3
"""Modelled x86 cost of Poseidon's hash_batch at the avx2 level (llvm-mca).

The way scripts/aarch64-mca.py models aarch64 (docs/aarch64.md), for the x86
CPUs without AVX-512 this machine is not: a static driver
(scripts/x86/poseidon_avx2_counts.c, linked against a Release build of the
library) runs each operation once between two marker calls under qemu-x86_64
(-cpu max: AVX2, BMI2, ADX) with one instruction per translation block and
execution logging, which gives the exact executed sequence: every instruction
in order, loops unrolled as they ran, both kernels' states as the code
interleaves them. llvm-mca-19 then models that sequence once per scheduling
model (-iterations=1 for whole hashes). Rows:
  <kernel>-hash-t<t>      one state (bmi2: what the avx2 level runs for single hashes)
  <kernel>-many4-t<t>     hash_many of four states (bmi2: two interleaved, two passes;
                          avx2: one pass, one state per ymm lane), per hash
  avx2-many5-t<t>         hash_many of five states, per hash: a four-lane pass and
                          one scalar hash (with the hybrid pass of commit af1570a,
                          backed out, docs/poseidon.md: that pass)
  ...-partial             one partial round, sliced from the hash's trace (the
                          segment between two executions of an instruction that
                          runs once per round), repeated 20 times (a chain of
                          rounds of the same states, as in the hash), per state
  bmi2-mul-4chains-16     4 independent MULX/ADX product chains x 4, per product
  avx2-mul-4lanes         one 4-lane product + reduction (incl. its loads and
                          stores), 50 independent repeats, per lane
  hybrid-t<t>-partial     not code that exists: the avx2 partial round (4 states)
                          with one bmi2 state's partial round spread evenly
                          through it (one scalar instruction every ~3 vector
                          ones), per state of the 5; the vector side's few
                          integer instructions (loop and pointer arithmetic)
                          dropped, its addresses made (%rsp) and its moves
                          from integer registers loads, so no register is
                          shared with the scalar side. The
                          question it answers: would stitching a scalar
                          MULX/ADX state into the vector round pay on a model?
  hybrid-seq-t<t>-partial the same two rounds one after the other (what
                          calling the two round functions in turn gives)
llvm-mca assumes perfectly predicted branches and L1 hits and does not model
store-to-load forwarding; calls get -call-latency=2 (its default, 100, is a
guess for unknown callees). A model, not a measurement of any CPU.

usage: scripts/mca-poseidon-avx2.py [BUILD_DIR] [--cc gcc|clang] [--models m1,m2] [--dump DIR]
  BUILD_DIR (default build-mca-<cc>) is configured and libzkprim.a built
  there if missing. Needs qemu-user and llvm-19.
"""
import argparse
import collections
import os
import re
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
MODELS = ("znver3", "skylake", "icelake-client", "alderlake", "znver4")
RP = {2: 56, 3: 57, 4: 56, 5: 60}
INSN = re.compile(r"^\s*([0-9a-f]+):\s+(\S.*)$")
TRACE = re.compile(r"^Trace \d+: \S+ \[[0-9a-f]+/([0-9a-f]+)/[0-9a-f]+/[0-9a-f]+\] (\S+)")
TARGET = re.compile(r"\b[0-9a-f]+ <[^>]*>$")


def sh(cmd, **kw):
    return subprocess.run(cmd, check=True, capture_output=True, text=True, **kw).stdout


def build(bdir, cc):
    lib = os.path.join(bdir, "libzkprim.a")
    if not os.path.exists(lib):
        sh(["cmake", "-S", ROOT, "-B", bdir, "-DCMAKE_BUILD_TYPE=Release", "-DZKP_SHARED=OFF", "-DCMAKE_C_COMPILER=" + cc])
        sh(["cmake", "--build", bdir, "-j2", "--target", "zkprim_static"])
    exe = os.path.join(bdir, "poseidon_avx2_counts")
    sh([cc, "-O2", "-static", "-I%s/include" % ROOT, "-I%s/src" % ROOT, "-I%s/generated" % bdir,
        "%s/scripts/x86/poseidon_avx2_counts.c" % ROOT, lib, "-o", exe])
    return exe


def disasm(exe):
    """address -> AT&T text llvm-mc accepts (branch targets as a label)."""
    text = {}
    for line in sh(["objdump", "-d", "--no-show-raw-insn", exe]).splitlines():
        m = INSN.match(line)
        if not m:
            continue
        t = re.sub(r"\s+", " ", m.group(2).split("#")[0].strip())
        if "nop" in t:  # padding (objdump prints prefixed nops llvm-mc rejects); none on a hot path
            t = "nop"
        t = TARGET.sub("L0", t)
        t = re.sub(r"^(bnd|notrack) ", "", t)
        text[int(m.group(1), 16)] = t
    return text


def traces(exe, text):
    """{operation: [pc, ...]} executed between the markers, in order."""
    reps = {pc for pc, t in text.items() if t.startswith("rep")}
    with tempfile.TemporaryDirectory() as tmp:
        log = os.path.join(tmp, "trace")
        names = sh(["qemu-x86_64", "-cpu", "max", "-singlestep", "-d", "exec,nochain", "-D", log, exe]).splitlines()
        with open(log, errors="replace") as f:
            steps = [(int(m.group(1), 16), m.group(2)) for m in map(TRACE.match, f) if m]
    if not names or names[-1] != "counts done":
        sys.exit("poseidon_avx2_counts failed:\n" + "\n".join(names))
    # an operation: from the last step in mca_begin to the first in mca_end
    ends = [i for i, (_, sym) in enumerate(steps) if sym == "mca_end" and steps[i - 1][1] != "mca_end"]
    ops = []
    for e in ends:
        b = e
        while steps[b - 1][1] != "mca_begin":
            b -= 1
        # qemu logs each iteration of a rep-prefixed instruction: keep one
        ops.append([pc for k, (pc, _) in enumerate(steps[b:e]) if not (k and pc in reps and steps[b + k - 1][0] == pc)])
    return dict(zip(names[:-1], ops))


def mca(asm, cpu, iterations=1):
    with tempfile.NamedTemporaryFile("w", suffix=".s") as f:
        f.write("L0:\n" + "\n".join(asm) + "\n")
        f.flush()
        out = sh(["llvm-mca-19", "-mtriple=x86_64-linux-gnu", "-mcpu=" + cpu, "-iterations=%d" % iterations,
                  "-call-latency=2", f.name])
    return int(re.search(r"Total Cycles:\s+(\d+)", out).group(1))


def one_round(pcs, rounds):
    """One partial round: the trace between two executions (in the middle) of
    the first instruction that runs exactly `rounds` times at equal spacing."""
    cnt = collections.Counter(pcs)
    pos = collections.defaultdict(list)
    for i, p in enumerate(pcs):
        if cnt[p] == rounds:
            pos[p].append(i)
    for p, occ in sorted(pos.items(), key=lambda kv: kv[1][0]):
        gaps = {occ[i + 1] - occ[i] for i in range(1, len(occ) - 2)}
        if len(gaps) == 1 and min(gaps) > 50:
            mid = len(occ) // 2
            return pcs[occ[mid]:occ[mid + 1]]
    return None


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("build", nargs="?")
    ap.add_argument("--cc", default="gcc")
    ap.add_argument("--models", default=",".join(MODELS))
    ap.add_argument("--only", help="rows whose name matches this regex")
    ap.add_argument("--dump", help="write each row's executed sequence to DIR/<row>.s")
    a = ap.parse_args()
    models = a.models.split(",")
    bdir = os.path.abspath(a.build or "build-mca-" + a.cc)
    exe = build(bdir, a.cc)
    text = disasm(exe)
    ops = traces(exe, text)
    ver = sh(["llvm-mca-19", "--version"]).split("version")[1].split()[0]
    print("compiler: %s; llvm-mca %s; cycles per hash (rows -partial: per partial round and state)"
          % (sh([a.cc, "--version"]).splitlines()[0], ver))
    print()
    print("| operation | instructions | " + " | ".join(models) + " |")
    print("|---|---:|" + "---:|" * len(models))
    rows = []
    for name, pcs in ops.items():
        m = re.match(r"(\w+)-(hash|many4|many5)-t(\d)$", name)
        if m:
            t, per = int(m.group(3)), {"hash": 1, "many4": 4, "many5": 5}[m.group(2)]
            rows.append((name, pcs, per, 1))
            passes = 2 if m.group(1) == "bmi2" and per == 4 else 1  # bmi2: two states per pass
            seg = one_round(pcs, RP[t] * passes)
            if seg:
                rows.append((name + "-partial", seg, per // passes, 20))
        elif name == "bmi2-mul-4chains-16":
            rows.append((name, pcs, 16, 1))
        elif name == "avx2-mul-4lanes":
            rows.append((name, pcs, 4, 50))
    seg = {name: pcs for name, pcs, per, it in rows}
    hybrid = []
    for t in RP:
        v, sc = seg.get("avx2-many4-t%d-partial" % t), seg.get("bmi2-hash-t%d-partial" % t)
        if v and sc:
            V = [re.sub(r"-?\w*\(%r\w+(,%r\w+,\d)?\)", "(%rsp)", text[p]) for p in v]
            V = [re.sub(r"^(vmov[dq]) %[re]\w+,", r"\1 (%rsp),", x) for x in V if x.startswith("v")]
            S = [text[p] for p in sc]
            mixed, j = [], 0
            for i, x in enumerate(V):
                mixed.append(x)
                while j < len(S) and j * len(V) <= (i + 1) * len(S):
                    mixed.append(S[j])
                    j += 1
            hybrid.append(("hybrid-t%d-partial" % t, mixed + S[j:], 5, 20))
            hybrid.append(("hybrid-seq-t%d-partial" % t, V + S, 5, 20))
    for name, pcs, per, it in rows + hybrid:
        if isinstance(pcs[0], str):
            asm = pcs
        else:
            asm = [text[p] for p in pcs]
        if a.only and not re.search(a.only, name):
            continue
        if a.dump:
            with open(os.path.join(a.dump, name + ".s"), "w") as f:
                f.write("L0:\n" + "\n".join(asm) + "\n")
        cells = ["%.1f" % (mca(asm, cpu, it) / (per * it)) for cpu in models]
        print("| %s | %.1f | %s |" % (name, len(asm) / per, " | ".join(cells)))


if __name__ == "__main__":
    main()
