#!/usr/bin/env python3
"""Modelled aarch64 cost of zkprim's hot operations (llvm-mca + exact counts).

No aarch64 hardware here, so (docs/aarch64.md): a static aarch64 program
(scripts/aarch64/counts.c, linked against an aarch64 build of the library)
runs each operation once between two marker calls under qemu-aarch64 with
one instruction per translation block and execution logging (-singlestep
-d exec,nochain, as scripts/zkvm-counts.sh counts; Debian's qemu 7.2 ships
no TCG plugins). That gives the exact number of instructions executed, and
the executed sequence itself: every instruction in order, loops unrolled as
they ran. This sequence is handed to llvm-mca (Debian's llvm-19) once per
scheduling model, which prints the modelled cycles. The models are
Neoverse-V2 and Neoverse-N2; LLVM has no Apple M-series model, so these are
modelled Neoverse cycles, not a measurement of any CPU. llvm-mca assumes
perfect branch prediction and L1 hits and does not model store-to-load
forwarding stalls, so the figures are a lower bound on a real core.

usage: scripts/aarch64-mca.py [BUILD_DIR] [--cc aarch64-linux-gnu-gcc|clang] [--only REGEX] [--dump DIR]
  BUILD_DIR (default build-aarch64-mca-<cc>) is configured and the static
  library built there if it is missing.
Needs gcc-aarch64-linux-gnu (or clang with its sysroot), binutils-aarch64-
linux-gnu, qemu-user and llvm-19.
"""
import argparse
import os
import re
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
MODELS = ("neoverse-v2", "neoverse-n2")
# per-operation divisor: products in a chain, permutations in a batch
PER = {"gl-mul-chain-64": 64, "gl-mul-indep-64": 64, "fr-montmul-chain-64": 64, "fr-montmul-a64-chain-64": 64,
       "fr-montmul-indep-64": 64, "fr-montmul-a64-indep-64": 64, "hemera-batch-4": 4, "hemera-batch-8": 8,
       "hemera-batch-16": 16, "hemera-phase-sbox-16": 16, "hemera-phase-partial-16": 16,
       "hemera-phase-mds-16": 16}
INSN = re.compile(r"^\s*([0-9a-f]+):\s+(\S.*)$")
TRACE = re.compile(r"^Trace \d+: \S+ \[[0-9a-f]+/([0-9a-f]+)/[0-9a-f]+/[0-9a-f]+\] (\S+)")
# operands objdump prints as a bare address (branch, adr/adrp and literal-load
# targets); llvm-mc wants a label there
ADDR = re.compile(r"(?<=[ ,])[0-9a-f]+( <[^>]*>)?$")
TO_LABEL = {"b", "bl", "cbz", "cbnz", "tbz", "tbnz", "adr", "adrp"}
LITERAL = {"ldr", "ldrsw", "prfm"}


def sh(cmd, **kw):
    return subprocess.run(cmd, check=True, capture_output=True, text=True, **kw).stdout


def build(bdir, cc):
    lib = os.path.join(bdir, "libzkprim.a")
    if not os.path.exists(lib):
        conf = ["cmake", "-S", ROOT, "-B", bdir, "-DCMAKE_BUILD_TYPE=Release", "-DZKP_SHARED=OFF"]
        if cc == "clang":  # the toolchain file would pin gcc
            conf += ["-DCMAKE_SYSTEM_NAME=Linux", "-DCMAKE_SYSTEM_PROCESSOR=aarch64", "-DCMAKE_C_COMPILER=clang",
                     "-DCMAKE_C_COMPILER_TARGET=aarch64-linux-gnu",
                     "-DCMAKE_CROSSCOMPILING_EMULATOR=qemu-aarch64;-L;/usr/aarch64-linux-gnu"]
        else:
            conf += ["-DCMAKE_TOOLCHAIN_FILE=%s/cmake/toolchains/aarch64-linux-gnu.cmake" % ROOT]
        sh(conf)
        sh(["cmake", "--build", bdir, "-j2", "--target", "zkprim_static"])
    exe = os.path.join(bdir, "aarch64_counts")
    cmd = [cc] + (["--target=aarch64-linux-gnu", "-fuse-ld=lld"] if cc == "clang" else [])
    sh(cmd + ["-O2", "-static", "-I%s/include" % ROOT, "-I%s/src" % ROOT, "-I%s/generated" % bdir,
              "%s/scripts/aarch64/counts.c" % ROOT, lib, "-o", exe])
    return exe


def disasm(exe):
    """address -> instruction text llvm-mca's assembler accepts."""
    out = sh(["aarch64-linux-gnu-objdump", "-d", "--no-show-raw-insn", exe])
    text = {}
    for line in out.splitlines():
        m = INSN.match(line)
        if not m:
            continue
        t = m.group(2).split("//")[0].strip().replace("\t", " ")
        t = re.sub(r"\s+", " ", t)
        op = t.split(" ")[0]
        if op in TO_LABEL or op.startswith("b.") or (op in LITERAL and "[" not in t):
            t = ADDR.sub("L0", t)
        text[int(m.group(1), 16)] = t
    return text


def traces(exe):
    """{operation: [pc, ...]} executed between the markers, and the program's output."""
    with tempfile.TemporaryDirectory() as tmp:
        log = os.path.join(tmp, "trace")
        names = sh(["qemu-aarch64", "-cpu", "max", "-singlestep", "-d", "exec,nochain", "-D", log, exe])
        ops, cur, pcs = [], None, []
        with open(log, errors="replace") as f:
            for line in f:
                m = TRACE.match(line)
                if not m:
                    continue
                sym = m.group(2)
                if sym == "aarch64_begin":
                    cur, pcs = True, []
                elif sym == "aarch64_end":
                    if cur:
                        ops.append(pcs)
                    cur = None
                elif cur:
                    pcs.append(int(m.group(1), 16))
    lines = names.splitlines()
    if not lines or not lines[-1].startswith("counts done"):
        sys.exit("aarch64_counts failed:\n" + names)
    return dict(zip(lines[:-1], ops)), lines[-1]


def mca(asm, cpu):
    with tempfile.NamedTemporaryFile("w", suffix=".s") as f:
        f.write("L0:\n" + "\n".join(asm) + "\n")
        f.flush()
        out = sh(["llvm-mca-19", "-mtriple=aarch64-linux-gnu", "-mcpu=" + cpu, "-iterations=1", f.name])
    return int(re.search(r"Total Cycles:\s+(\d+)", out).group(1))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("build", nargs="?")
    ap.add_argument("--cc", default="aarch64-linux-gnu-gcc")
    ap.add_argument("--only", help="model only the rows whose name matches this regex")
    ap.add_argument("--dump", help="write each row's executed sequence to DIR/<row>.s")
    a = ap.parse_args()
    bdir = os.path.abspath(a.build or "build-aarch64-mca-" + os.path.basename(a.cc))
    exe = build(bdir, a.cc)
    text = disasm(exe)
    ops, done = traces(exe)
    ver = sh(["llvm-mca-19", "--version"]).split("version")[1].split()[0]
    print("compiler: %s; kernels: %s; llvm-mca %s" % (sh([a.cc, "--version"]).splitlines()[0],
                                                      " / ".join(done.split()[2:5]), ver))
    print()
    print("| operation | per | instructions | " + " | ".join("cycles %s | IPC" % m for m in MODELS) + " |")
    print("|---|---:|---:|" + "---:|---:|" * len(MODELS))
    for name, pcs in ops.items():
        asm = [text[p] for p in pcs]
        if a.dump:  # the executed sequence, for llvm-mca's own views (-timeline, -bottleneck-analysis)
            with open(os.path.join(a.dump, name.replace("@", "-at-") + ".s"), "w") as f:
                f.write("L0:\n" + "\n".join(asm) + "\n")
        if a.only and not re.search(a.only, name):
            continue
        n = PER.get(name.split("@")[0], 1)
        cells = []
        for m in MODELS:
            c = mca(asm, m)
            cells += ["%.1f" % (c / n), "%.2f" % (len(pcs) / c)]
        print("| %s | %s | %s | %s |" % (name, "1/%d" % n if n > 1 else "1", "%.1f" % (len(pcs) / n),
                                         " | ".join(cells)))


if __name__ == "__main__":
    main()
