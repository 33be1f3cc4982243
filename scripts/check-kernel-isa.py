#!/usr/bin/env python3
"""Every instruction a kernel object executes is promised by its kernel-table entry.

The dispatcher (src/core/cpu_internal.h) runs a table entry only on a CPU
that reports every ZKP_CPU_* bit in the entry's `need`; an instruction whose
feature is not in `need` is an illegal instruction on a CPU (or VM) that has
the others but not that one. This check cannot drift from the code because
it reads both sides from the build itself:

  * the tables: each source holding a kernel table is run through the
    preprocessor with its exact compile command (compile_commands.json), so
    #if'd-out entries vanish and `need` macros become numbers;
  * the objects: `nm` maps each entry's functions/ops symbols to the object
    defining them (and, transitively, objects those objects call into);
    `objdump -d` lists what each object executes.

An object reached through no table entry (portable code, the dispatcher
itself) may use only baseline x86-64.

usage: check-kernel-isa.py BUILD_DIR OBJECT.o...
        (ctest passes $<TARGET_OBJECTS:zkprim_objects>)
"""
import json
import os
import re
import shlex
import subprocess
import sys

# ---------------------------------------------------------------------------
# Instruction -> feature. Feature names are ZKP_CPU_* suffixes where one
# exists; anything else (FMA, VBMI, ...) has no bit, so no entry can promise
# it and any use fails.
# ---------------------------------------------------------------------------

GPR_BMI2 = {"mulx", "shrx", "shlx", "sarx", "rorx", "pdep", "pext", "bzhi"}
GPR_BMI1 = {"andn", "bextr", "blsi", "blsmsk", "blsr", "tzcnt"}
GPR_OTHER = {"adcx": "ADX", "adox": "ADX", "popcnt": "POPCNT", "lzcnt": "LZCNT", "movbe": "MOVBE",
             "crc32": "SSE4.2"}
SSE3 = {"lddqu", "movddup", "movshdup", "movsldup", "haddpd", "haddps", "hsubpd", "hsubps", "addsubpd",
        "addsubps", "fisttp"}
SSSE3 = {"pshufb", "palignr", "phaddw", "phaddd", "phaddsw", "phsubw", "phsubd", "phsubsw", "pabsb",
         "pabsw", "pabsd", "pmaddubsw", "pmulhrsw", "psignb", "psignw", "psignd"}
SSE41 = {"pblendw", "pblendvb", "blendpd", "blendps", "blendvpd", "blendvps", "pextrb", "pextrd",
         "pextrq", "pinsrb", "pinsrd", "pinsrq", "pmuldq", "pmulld", "ptest", "pminsb", "pminsd",
         "pminud", "pminuw", "pmaxsb", "pmaxsd", "pmaxud", "pmaxuw", "packusdw", "pcmpeqq", "roundps",
         "roundpd", "roundss", "roundsd", "dpps", "dppd", "insertps", "extractps", "movntdqa",
         "mpsadbw", "phminposuw"} | {f"pmov{s}x{a}{b}" for s in "sz" for a, b in
                                     ("bw", "bd", "bq", "wd", "wq", "dq")}
SSE42 = {"pcmpgtq", "pcmpestri", "pcmpestrm", "pcmpistri", "pcmpistrm"}
SHA = {"sha1rnds4", "sha1nexte", "sha1msg1", "sha1msg2", "sha256rnds2", "sha256msg1", "sha256msg2"}
AVX2_ANY_WIDTH = {"vpbroadcastb", "vpbroadcastw", "vpbroadcastd", "vpbroadcastq", "vbroadcasti128",
                  "vpblendd", "vpsllvd", "vpsllvq", "vpsrlvd", "vpsrlvq", "vpsravd", "vpermd", "vpermq",
                  "vpermps", "vpermpd", "vperm2i128", "vextracti128", "vinserti128", "vpmaskmovd",
                  "vpmaskmovq"}
# EVEX operations on byte/word elements (AVX512BW) and the DQ additions.
BW_RE = re.compile(r"^(vmovdqu(8|16)|vpblendm[bw]|vpcmpu?[bw]|vpcmp(eq|gt|n?(lt|le|eq))u?[bw]|"
                   r"vp(add|sub)(u?s)?[bw]|vpavg[bw]|vp(min|max)[su][bw]|vpabs[bw]|vpmull?w|vpmulh(u|rs)?w|"
                   r"vpmaddwd|vpmaddubsw|vpsadbw|vdbpsadbw|vpshufb|vpshuf[hl]w|vpalignr|vp[sl][lr]dq|"
                   r"vps(ll|rl|ra)v?w|vpunpck[hl](bw|wd)|vpack[su]s(wb|dw)|vpmov[sz]xb[w]|vpmov(us|s)?wb|"
                   r"vpbroadcast[bw]|vpextr[bw]|vpinsr[bw]|vperm[it]?2?w|vpermw|vptestn?m[bw]|vpmovm2[bw]|"
                   r"vpmov[bw]2m)$")
DQ_RE = re.compile(r"^(vpmullq|vcvt(t?p[sd]2u?qq|u?qq2p[sd])|v(extract|insert)[if](64x2|32x8)|"
                   r"vbroadcast[if](32x2|64x2|32x8)|vpmovm2[dq]|vpmov[dq]2m|v(and|andn|or|xor)p[sd]|"
                   r"vfpclass[ps][sd]|vrange[ps][sd]|vreduce[ps][sd])$")
SCALAR_EVEX = re.compile(r"^(vmov[dq]|vpextr[bwdq]|vpinsr[bwdq]|vmovs[sd]|vcvt\w*s[sd]\w*)$")
# Mask-register instructions are VEX-encoded; the suffix says the subset.
K_SUFFIX = {"w": set(), "b": {"AVX512DQ"}, "d": {"AVX512BW"}, "q": {"AVX512BW"}}

VEC = re.compile(r"%([xyz])mm(\d+)")
KREG = re.compile(r"%k[0-7]")
LEGACY_PREFIX = {"66", "67", "f2", "f3", "2e", "3e", "26", "36", "64", "65", "f0"}


def features_of(raw, mnem, ops, bmi_flags=True):
    """Features needed by one decoded instruction (raw bytes as hex strings).

    bmi_flags: the object was compiled with BMI enabled. Without it, a
    `tzcnt` is gcc's `rep bsf` idiom for a non-zero input, which runs as BSF
    on any x86-64 CPU (same encoding), so it needs nothing."""
    f = set()
    i = 0
    while i < len(raw) and raw[i] in LEGACY_PREFIX:
        i += 1
    first = raw[i] if i < len(raw) else ""
    evex, vex = first == "62", first in ("c4", "c5")
    regs = VEC.findall(ops)
    widths = {w for w, _ in regs}
    if mnem in GPR_BMI2:
        return {"BMI2"}
    if mnem in GPR_BMI1:
        return {"BMI1"} if bmi_flags or mnem != "tzcnt" else set()
    if mnem in GPR_OTHER:
        return {GPR_OTHER[mnem]}
    base = mnem[1:] if mnem.startswith("v") else mnem
    if "pclmul" in mnem:
        if evex or widths & {"y", "z"}:
            f |= {"VPCLMUL", "PCLMUL"}
        else:
            f.add("PCLMUL")
    if mnem.startswith("k") and vex:
        f.add("AVX512F")
        f |= K_SUFFIX.get(mnem[-1], set())
        return f
    if mnem.startswith("vpmadd52"):
        f.add("AVX512IFMA")
    if re.match(r"^(vpermb|vperm[it]2b|vpmultishiftqb)$", mnem):
        f.add("AVX512VBMI")
    if re.match(r"^(vp(compress|expand)[bw]|vpsh[lr]dv?[wdq])$", mnem):
        f.add("AVX512VBMI2")
    if re.match(r"^vfn?m(add|sub)", mnem):
        f.add("FMA")
    if evex:
        f.add("AVX512F")
        if "z" not in widths and not SCALAR_EVEX.match(mnem):
            f.add("AVX512VL")
        if BW_RE.match(mnem):
            f.add("AVX512BW")
        if DQ_RE.match(mnem):
            f.add("AVX512DQ")
    elif vex:
        f.add("AVX")
        integer = (mnem.startswith("vp") and "pclmul" not in mnem) or mnem in AVX2_ANY_WIDTH
        if mnem in AVX2_ANY_WIDTH or ("y" in widths and integer):
            f.add("AVX2")
    else:
        if KREG.search(ops) or "z" in widths or any(int(n) >= 16 for _, n in regs):
            f.add("AVX512F")  # cannot happen without EVEX; kept as a guard
        for name, table in (("SSE3", SSE3), ("SSSE3", SSSE3), ("SSE4.1", SSE41), ("SSE4.2", SSE42),
                            ("SHANI", SHA)):
            if base in table:
                f.add(name)
    return f


_CACHE = {}


def classify(raw, mnem, ops, bmi_flags):
    """features_of, memoised on what it reads (encoding, mnemonic, register
    classes): objects have 10^5 instructions but few distinct kinds."""
    i = 0
    while i < len(raw) and raw[i] in LEGACY_PREFIX:
        i += 1
    first = raw[i] if i < len(raw) and raw[i] in ("62", "c4", "c5") else "90"
    regs = VEC.findall(ops)
    key = (first, mnem, frozenset(w for w, _ in regs), any(int(n) >= 16 for _, n in regs),
           bool(KREG.search(ops)), bmi_flags)
    f = _CACHE.get(key)
    if f is None:
        shape = " ".join([f"%{w}mm0" for w in key[2]] + (["%xmm16"] if key[3] else []) + (["%k1"] if key[4] else []))
        f = _CACHE[key] = features_of([first], mnem, shape, bmi_flags)
    return f


# What an entry's ZKP_CPU_* bits guarantee beyond themselves. Checked by
# src/core/cpu.c: AVX2, AVX-512 and VPCLMULQDQ are reported only with AVX and
# OS ymm state (so VEX xmm code is fine under them), VPCLMULQDQ only with
# PCLMULQDQ. Assumed, because no CPU ships without them and cpu.c has no bit
# for them: BMI1 and LZCNT/POPCNT with BMI2 (Haswell, Excavator on), the SSE
# 3/3S/4.1/4.2 levels with PCLMULQDQ (Westmere, Bulldozer, Silvermont on) and
# with AVX.
IMPLIES = {
    "AVX2": {"AVX"},
    "AVX512F": {"AVX"},
    "VPCLMUL": {"AVX", "PCLMUL"},
    "BMI2": {"BMI1", "LZCNT", "POPCNT"},
    "PCLMUL": {"SSE3", "SSSE3", "SSE4.1", "SSE4.2"},
    "AVX": {"SSE3", "SSSE3", "SSE4.1", "SSE4.2"},
}


def closure(feats):
    out, todo = set(feats), list(feats)
    while todo:
        for g in IMPLIES.get(todo.pop(), ()):
            if g not in out:
                out.add(g)
                todo.append(g)
    return out


# The classifier on one instruction of each kind (objdump -d -w fields), so a
# broken rule fails loudly instead of passing every object.
SELF_TEST = [
    ("c4 e2 fb f6 c1", "mulx", "%rcx,%rax,%rax", {"BMI2"}),
    ("c4 e2 f3 f7 c0", "shlx", "%rcx,%rax,%rax", {"BMI2"}),
    ("66 48 0f 38 f6 c1", "adcx", "%rcx,%rax", {"ADX"}),
    ("f3 48 0f bc c1", "tzcnt", "%rcx,%rax", {"BMI1"}),
    ("c5 f9 fe c1", "vpaddd", "%xmm1,%xmm0,%xmm0", {"AVX"}),
    ("c5 fd fe c1", "vpaddd", "%ymm1,%ymm0,%ymm0", {"AVX", "AVX2"}),
    ("62 f1 fd 48 6f 00", "vmovdqa64", "(%rax),%zmm0", {"AVX512F"}),
    ("62 f1 fd 28 6f 00", "vmovdqa64", "(%rax),%ymm0", {"AVX512F", "AVX512VL"}),
    ("62 f1 7d 48 fd c1", "vpaddw", "%zmm1,%zmm0,%zmm0", {"AVX512F", "AVX512BW"}),
    ("62 f2 fd 48 40 c1", "vpmullq", "%zmm1,%zmm0,%zmm0", {"AVX512F", "AVX512DQ"}),
    ("62 f2 f5 48 b4 c2", "vpmadd52luq", "%zmm2,%zmm1,%zmm0", {"AVX512F", "AVX512IFMA"}),
    ("c5 f8 90 c8", "kmovw", "%k0,%k1", {"AVX512F"}),
    ("c5 f9 90 c8", "kmovb", "%k0,%k1", {"AVX512F", "AVX512DQ"}),
    ("c4 e1 f8 90 c8", "kmovq", "%k0,%k1", {"AVX512F", "AVX512BW"}),
    ("66 0f 3a 44 c1 00", "pclmullqlqdq", "%xmm1,%xmm0", {"PCLMUL"}),
    ("c4 e3 75 44 c2 00", "vpclmullqlqdq", "%ymm2,%ymm1,%ymm0", {"AVX", "VPCLMUL", "PCLMUL"}),
    ("66 0f 38 00 c1", "pshufb", "%xmm1,%xmm0", {"SSSE3"}),
    ("48 01 c8", "add", "%rcx,%rax", set()),
]


def self_test():
    for raw, mnem, ops, want in SELF_TEST:
        got = features_of(raw.split(), mnem, ops)
        if got != want:
            raise SystemExit(f"check-kernel-isa: self-test: {mnem} {ops} -> {sorted(got)}, want {sorted(want)}")
    if features_of(["f3", "48", "0f", "bc", "c1"], "tzcnt", "%rcx,%rax", bmi_flags=False):
        raise SystemExit("check-kernel-isa: self-test: rep bsf without -mbmi must need nothing")


# ---------------------------------------------------------------------------


def run(cmd, **kw):
    return subprocess.run(cmd, check=True, capture_output=True, text=True, **kw).stdout


def cpu_bits(src_root):
    """ZKP_CPU_<NAME> bit numbers from include/zkprim/zkprim.h."""
    text = open(os.path.join(src_root, "include/zkprim/zkprim.h")).read()
    return {int(b): n for n, b in re.findall(r"#define\s+ZKP_CPU_(\w+)\s+\(1u\s*<<\s*(\d+)\)", text)}


def eval_need(expr, bits):
    expr = re.sub(r"(\d+)[uU]\b", r"\1", " ".join(expr.split()))
    if not re.fullmatch(r"[\d\s()|<]+", expr):
        raise SystemExit(f"check-kernel-isa: cannot evaluate need expression {expr!r}")
    v = eval(expr, {"__builtins__": {}})  # digits, parentheses, | and << only
    names = set()
    for b, n in bits.items():
        if v >> b & 1:
            names.add(n)
            v &= ~(1 << b)
    if v:
        raise SystemExit(f"check-kernel-isa: unknown ZKP_CPU bits {v:#x}")
    return names


BMI_FLAGS = {}  # object -> compiled with BMI enabled (tables() fills it)
ENTRY = re.compile(r'\{\s*\{\s*"([\w.+-]+)"\s*,\s*([^,{}]+?)\s*,\s*[^,{}]+\}\s*,([^{}]*)\}')


def tables(build, objects, bits):
    """[(source, entry name, need set, identifiers)] for every kernel-table entry."""
    cmds = json.load(open(os.path.join(build, "compile_commands.json")))
    by_obj = {}
    for c in cmds:
        args = c.get("arguments") or shlex.split(c["command"])
        if "-o" in args:
            by_obj[os.path.normpath(os.path.join(c["directory"], args[args.index("-o") + 1]))] = (c, args)
    out = []
    for o in objects:
        c, args = by_obj.get(os.path.normpath(o), (None, None))
        if c is None:
            raise SystemExit(f"check-kernel-isa: {o} not in compile_commands.json")
        BMI_FLAGS[o] = any(a in ("-mbmi", "-mbmi2") or a.startswith("-march") for a in args)
        if '{{"' not in open(c["file"]).read() and "{{ \"" not in open(c["file"]).read():
            continue
        pp = list(args)
        i = pp.index("-o")
        del pp[i:i + 2]
        pp = [a for a in pp if a != "-c"] + ["-E", "-P"]
        text = run(pp, cwd=c["directory"])
        for name, need, rest in ENTRY.findall(text):
            idents = set(re.findall(r"[A-Za-z_]\w*", rest)) - {"NULL"}
            out.append((c["file"], name, eval_need(need, bits), idents))
    return out


def main(argv):
    if len(argv) < 3:
        print(__doc__)
        return 2
    # ctest hands $<TARGET_OBJECTS:...> over as one ;-separated argument
    build, objects = argv[1], [os.path.abspath(o) for a in argv[2:] for o in a.split(";") if o]
    src_root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    objdump = os.environ.get("OBJDUMP", "objdump")
    nm = os.environ.get("NM", "nm")
    bits = cpu_bits(src_root)
    self_test()

    defines, undefs = {}, {o: set() for o in objects}
    for line in run([nm, "-A", "--defined-only", "-g"] + objects).splitlines():
        path, _, rest = line.partition(":")
        parts = rest.split()
        if len(parts) == 3:
            defines.setdefault(parts[2], os.path.abspath(path))
    for line in run([nm, "-A", "-u"] + objects).splitlines():
        path, _, rest = line.partition(":")
        if rest.split():
            undefs[os.path.abspath(path)].add(rest.split()[-1])

    # need per object: intersection over every entry (or caller) reaching it
    need = {}
    entries = tables(build, objects, bits)
    if not entries:
        raise SystemExit("check-kernel-isa: no kernel tables found (the check would pass vacuously)")
    users = {}
    for src, name, nd, idents in entries:
        for ident in idents:
            o = defines.get(ident)
            if o:
                need[o] = need[o] & nd if o in need else set(nd)
                users.setdefault(o, set()).add(f"{os.path.relpath(src, src_root)}:{name}")
    # An object no entry names directly (a helper a kernel calls) is held to
    # what every one of its callers promises: the intersection over callers,
    # where a caller that promises nothing (portable code) makes it baseline.
    direct = set(need)
    callers = {o: {c for c in objects if c != o and undefs[c] & syms} for o, syms in
               ((o, {s for s, d in defines.items() if d == o}) for o in objects)}
    for _ in range(len(objects)):  # a fixpoint within len(objects) rounds
        changed = False
        for o in objects:
            if o in direct or not callers[o]:
                continue
            new = None
            for c in callers[o]:
                cn = need.get(c, set())
                new = set(cn) if new is None else new & cn
            if new != need.get(o):
                need[o] = new
                users[o] = {f"called from {os.path.basename(c)}" for c in callers[o]}
                changed = True
        if not changed:
            break

    bad = 0
    for o in sorted(objects):
        have = closure(need.get(o, set()))
        missing = {}
        for line in run([objdump, "-d", "-w", o]).splitlines():
            m = re.match(r"^\s*[0-9a-f]+:\t((?:[0-9a-f]{2} )+)\s*\t(\S+)\s*(.*)$", line)
            if not m:
                continue
            raw, mnem, ops = m.group(1).split(), m.group(2), m.group(3)
            if mnem in ("rep", "repz", "repnz", "lock", "data16", "cs", "ds", "notrack", "bnd") and ops:
                mnem, _, ops = ops.partition(" ")
            for feat in classify(raw, mnem, ops, BMI_FLAGS.get(o, True)) - have:
                missing.setdefault(feat, set()).add(mnem)
        rel = os.path.relpath(o, build)
        reached = ", ".join(sorted(users.get(o, ()))) or "no kernel-table entry (baseline x86-64 only)"
        if missing:
            bad += 1
            print(f"FAIL {rel}: reached through {reached}")
            print(f"     promised: {'+'.join(sorted(need.get(o, set()))) or 'nothing'}")
            for feat, ms in sorted(missing.items()):
                print(f"     uses {feat} without it: {' '.join(sorted(ms)[:12])}")
        elif need.get(o):
            print(f"ok   {rel}: {'+'.join(sorted(need[o]))} ({reached})")
    print(f"{len(objects)} objects, {len(entries)} table entries, {bad} failing")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
