#!/usr/bin/env python3
"""Static Zen 3 estimate for the Keccak kernels (llvm-mca, not a measurement).

Extracts the steady-state round loops of our `bmi2` and `avx2-x4` kernels
(from the build's object files) and of OpenSSL's x86-64 KeccakF1600 (from
libcrypto, located through its round-constant table), runs llvm-mca on each
and prints cycles per permutation and the ratios that the performance
targets in docs/keccak.md use.

usage: scripts/keccak-mca.py [BUILD_DIR] [--cpu znver3] [--libcrypto PATH]
Needs objdump and llvm-mca (llvm-mca-14 on Debian 12).
"""
import argparse
import glob
import re
import shutil
import struct
import subprocess
import sys
import tempfile

INSN = re.compile(r"^\s*([0-9a-f]+):\s+(.*)$")
BRANCH = re.compile(r"^j\w+\s+([0-9a-f]+)\b")


def disasm(path, start=None, stop=None):
    cmd = ["objdump", "-d", "--no-show-raw-insn", path]
    if start is not None:
        cmd += ["--start-address=0x%x" % start, "--stop-address=0x%x" % stop]
    out = subprocess.run(cmd, check=True, capture_output=True, text=True).stdout
    rows = []
    for line in out.splitlines():
        m = INSN.match(line)
        if m:
            text = re.sub(r"<[^>]*>", "", m.group(2)).split("#")[0].strip()
            rows.append((int(m.group(1), 16), text))
    return rows


def function_rows(obj, name):
    out = subprocess.run(["objdump", "-d", "--no-show-raw-insn", obj], check=True, capture_output=True,
                         text=True).stdout
    rows, inside = [], False
    for line in out.splitlines():
        if line.endswith("<%s>:" % name):
            inside = True
            continue
        if inside and line.strip() == "":
            if rows:
                break
            continue
        if inside:
            m = INSN.match(line)
            if m:
                rows.append((int(m.group(1), 16), re.sub(r"<[^>]*>", "", m.group(2)).split("#")[0].strip()))
    return rows


def hottest_loop(rows):
    """The body of the largest backward conditional branch's loop."""
    best = None
    for addr, text in rows:
        m = BRANCH.match(text)
        if m and not text.startswith("jmp"):
            target = int(m.group(1), 16)
            if target < addr and (best is None or addr - target > best[1] - best[0]):
                best = (target, addr)
    if best is None:
        raise SystemExit("no loop found")
    return [t for a, t in rows if best[0] <= a < best[1]]


def openssl_loop(lib):
    data = open(lib, "rb").read()
    off = data.find(struct.pack("<QQQ", 1, 0x8082, 0x800000000000808A))
    if off < 0:
        raise SystemExit("OpenSSL iotas table not found in " + lib)
    out = subprocess.run(["objdump", "-d", "--no-show-raw-insn", lib], check=True, capture_output=True,
                         text=True).stdout
    # the permutation's caller loads the table's address, then calls it
    lines = out.splitlines()
    for i, line in enumerate(lines):
        if re.search(r"#\s*%x\b" % off, line) and "lea" in line:
            for nxt in lines[i + 1:i + 6]:
                m = re.search(r"call\s+([0-9a-f]+)", nxt)
                if m:
                    start = int(m.group(1), 16)
                    return hottest_loop(disasm(lib, start, start + 0x400))
    raise SystemExit("OpenSSL KeccakF1600 not found")


def mca(body, cpu, iters=200):
    exe = shutil.which("llvm-mca") or shutil.which("llvm-mca-14")
    with tempfile.NamedTemporaryFile("w", suffix=".s") as f:
        f.write("\n".join(body) + "\n")
        f.flush()
        out = subprocess.run([exe, "-mcpu=" + cpu, "-iterations=%d" % iters, f.name], check=True,
                             capture_output=True, text=True).stdout
    return int(re.search(r"Total Cycles:\s+(\d+)", out).group(1)) / iters


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("build", nargs="?", default="build")
    ap.add_argument("--cpu", default="znver3")
    ap.add_argument("--libcrypto", default="/usr/lib/x86_64-linux-gnu/libcrypto.so.3")
    a = ap.parse_args()
    objs = {}
    for name, src in (("bmi2", "f1600_bmi2.c.o"), ("x4", "f1600x4_avx2.c.o")):
        hits = glob.glob("%s/CMakeFiles/zkprim_objects.dir/src/keccak/%s" % (a.build, src))
        if not hits:
            sys.exit("missing %s in %s" % (src, a.build))
        objs[name] = hits[0]
    bmi2 = hottest_loop(function_rows(objs["bmi2"], "zkpi_keccakf1600_bmi2"))
    x4 = hottest_loop(function_rows(objs["x4"], "zkpi_keccakf1600x4_avx2"))
    ossl = openssl_loop(a.libcrypto)
    # rounds per loop iteration: chi has 25 ANDNs per round in ours; OpenSSL's
    # loop steps its round-constant pointer by one 8-byte entry per iteration
    r_bmi2 = sum(t.startswith("andn") for t in bmi2) // 25
    r_x4 = sum(t.startswith("vpandn") for t in x4) // 25
    if r_bmi2 < 1 or r_x4 < 1 or not any(re.match(r"lea\s+0x8\(%r\w+\),%r", t) for t in ossl):
        sys.exit("unexpected loop shapes; cannot tell rounds per iteration")
    c_ossl = mca(ossl, a.cpu) * 24
    c_bmi2 = mca(bmi2, a.cpu) * 24 / r_bmi2
    c_x4 = mca(x4, a.cpu) * 24 / r_x4
    print("llvm-mca -mcpu=%s (estimate; loop bodies: OpenSSL %d, bmi2 %d, avx2-x4 %d instructions)"
          % (a.cpu, len(ossl), len(bmi2), len(x4)))
    print("cycles per permutation: OpenSSL %.0f, bmi2 %.0f, avx2-x4 %.0f per call = %.0f per lane"
          % (c_ossl, c_bmi2, c_x4, c_x4 / 4))
    print("ratios: single bmi2 / OpenSSL %.2f (target <= 0.85); 4-way per lane / OpenSSL %.2f (target <= 0.35)"
          % (c_bmi2 / c_ossl, c_x4 / 4 / c_ossl))


if __name__ == "__main__":
    main()
