#!/usr/bin/env python3
"""bindings/rust/zkprim-sys/src/bindings.rs, generated from the public headers.

The headers are read the way scripts/gen-api-table.py reads them (the same
preprocessing, so ZKP_GF2_DECLARE_FIELD expands and array sizes become
numbers): every ZKP_API function becomes an `extern "C"` declaration, every
public struct a #[repr(C)] struct with the same fields, every enum a type
alias of c_int with one constant per value, every numeric #define a const.
When a branch adds public functions, re-run this script; nothing else.

usage:
  gen-rust-sys.py --write [--include DIR] [--out FILE]
  gen-rust-sys.py --check [--include DIR] [--out FILE] [--lib LIBRARY]
      exit 1 when FILE is not what --write would produce, or (--lib) when a
      zkp_* symbol the library defines (nm) has no declaration in FILE.
Only the Python 3 standard library is used (plus CC, default cc, to
preprocess, and NM, default nm, for --lib).
"""
import argparse
import importlib.util
import os
import re
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DEFAULT_OUT = os.path.join(ROOT, "bindings", "rust", "zkprim-sys", "src", "bindings.rs")


def api_table_module():
    """scripts/gen-api-table.py, for its header list, preprocessing and splitter."""
    spec = importlib.util.spec_from_file_location("gen_api_table", os.path.join(ROOT, "scripts", "gen-api-table.py"))
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


SCALARS = {
    "void": "::core::ffi::c_void", "char": "::core::ffi::c_char", "int": "::core::ffi::c_int",
    "unsigned": "::core::ffi::c_uint", "unsigned int": "::core::ffi::c_uint", "size_t": "usize",
    "uint8_t": "u8", "uint16_t": "u16", "uint32_t": "u32", "uint64_t": "u64",
}


class Header:
    def __init__(self):
        self.enums = set()

    def base(self, words):
        """Rust type of a C base type (qualifiers removed)."""
        name = " ".join(w for w in words if w not in ("const", "struct", "enum"))
        if name in SCALARS:
            return SCALARS[name]
        if re.fullmatch(r"zkp_\w+", name):
            return name
        raise SystemExit("gen-rust-sys: unknown C type %r" % name)

    def param(self, decl):
        """(name, Rust type) of one parameter; arrays decay to pointers."""
        decl = " ".join(decl.replace("*", " * ").replace("(", " ( ").replace(")", " ) ")
                        .replace("[", " [ ").replace("]", " ] ").split())
        m = re.fullmatch(r"(.*?) \( \* (\w+) \) \[ ([^\]]+) \]", decl)
        if m:  # pointer to array: uint8_t (*cvs)[32]
            words = m.group(1).split()
            const = "const" in words
            elem = self.base(words)
            return m.group(2), "*%s [%s; %s]" % ("const" if const else "mut", elem, m.group(3))
        m = re.fullmatch(r"(.*?)(?: (\w+))?((?: \[ [^\]]* \])*)", decl)
        spec, name, arrays = m.group(1), m.group(2), m.group(3)
        tokens = spec.split()
        if name is None or name in ("const",):
            raise SystemExit("gen-rust-sys: unnamed parameter %r" % decl)
        # Split into the base type's words and the pointer levels with their consts.
        first_star = tokens.index("*") if "*" in tokens else len(tokens)
        base_words, rest = tokens[:first_star], tokens[first_star:]
        ty = self.base(base_words)
        const = "const" in base_words
        levels = []
        for t in rest:
            if t == "*":
                levels.append(False)
            elif t == "const":
                levels[-1] = True
        if arrays.strip():
            levels.append(False)  # T x[N]: pointer to T
        for i in range(len(levels)):
            inner_const = const if i == 0 else levels[i - 1]
            ty = "*%s %s" % ("const" if inner_const else "mut", ty)
        return name, ty

    def ret(self, words):
        words = [w for w in words if w != "const"] if "*" not in words else words
        if words == ["void"]:
            return None
        stars = words.count("*")
        base_words = [w for w in words if w != "*"]
        ty = self.base(base_words)
        for _ in range(stars):
            ty = "*%s %s" % ("const" if "const" in base_words else "mut", ty)
        return ty

    def field(self, decl):
        decl = " ".join(decl.replace("*", " * ").replace("[", " [ ").replace("]", " ] ").split())
        m = re.fullmatch(r"(.*?) (\w+)((?: \[ [^\]]+ \])*)", decl)
        spec, name, arrays = m.group(1).split(), m.group(2), m.group(3)
        stars = spec.count("*")
        ty = self.base([w for w in spec if w != "*"])
        for _ in range(stars):
            ty = "*%s %s" % ("const" if spec[0] == "const" else "mut", ty)
        for size in reversed(re.findall(r"\[ ([^\]]+) \]", arrays)):
            ty = "[%s; %s]" % (ty, rust_int(size))
        return name, ty


def rust_int(expr):
    """A C integer constant expression as Rust (suffixes dropped)."""
    expr = re.sub(r"\b(0x[0-9A-Fa-f]+|\d+)(?:ull|ULL|u|U|ul|UL)\b", r"\1", expr)
    expr = expr.replace("UINT64_MAX", "u64::MAX").strip()
    while expr.startswith("(") and expr.endswith(")") and expr.count("(") == 1:
        expr = expr[1:-1].strip()  # (1u << 3): Rust warns about the parentheses
    return expr


def define_type(name, raw):
    if "ull" in raw or "UINT64_MAX" in raw:
        return "u64"
    if re.search(r"\d+u\b", raw):
        return "u32"
    return "usize"


def generate(include, cc):
    gat = api_table_module()
    pp = gat.preprocess(include, cc)
    module_of = dict(gat.MODULES)
    h = Header()
    out = ["// Generated by scripts/gen-rust-sys.py from include/zkprim/*.h: do not edit.",
           "// Re-run the script after changing a public header (ctest rust-sys-bindings checks).",
           ""]
    # Numeric #defines, straight from the headers (the preprocessor removed them).
    for header, _ in gat.MODULES:
        with open(os.path.join(include, "zkprim", header)) as f:
            text = f.read()
        defs = re.findall(r"^#define\s+(ZKP_[A-Z0-9_]+)\s+([^/\n]*?)\s*(?:/\*.*)?$", text, re.M)
        emitted = False
        for name, value in defs:
            if name.startswith("ZKPRIM_") or not re.fullmatch(r"[\w\s()<<*+\-]+", value) \
                    or not re.search(r"\d|UINT64_MAX", value) or name in ("ZKP_MUST_USE",):
                continue
            if not emitted:
                out.append("// ---- %s" % header)
                emitted = True
            out.append("pub const %s: %s = %s;" % (name, define_type(name, value), rust_int(value)))
    out.append("")
    decls = []
    for header, text in gat.statements(pp):
        if header not in module_of:
            continue
        t = " ".join(text.split())
        for m in re.finditer(r"typedef enum (zkp_\w+)? ?\{([^}]*)\} ?(zkp_\w+) ?;", t):
            name = m.group(3)
            h.enums.add(name)
            out.append("pub type %s = ::core::ffi::c_int;" % name)
            value = -1
            for item in m.group(2).split(","):
                item = item.strip()
                if not item:
                    continue
                k, _, v = item.partition("=")
                value = int(v.strip(), 0) if v.strip() else value + 1
                out.append("pub const %s: %s = %d;" % (k.strip(), name, value))
            out.append("")
        for m in re.finditer(r"typedef struct (zkp_\w+) ?\{([^}]*)\} ?(zkp_\w+) ?;", t):
            out.append("#[repr(C)]")
            out.append("#[derive(Clone, Copy)]")
            out.append("pub struct %s {" % m.group(3))
            for fdecl in m.group(2).split(";"):
                if fdecl.strip():
                    fname, fty = h.field(fdecl.strip())
                    out.append("    pub %s: %s," % (fname, fty))
            out.append("}")
            out.append("")
        for m in re.finditer(r"typedef struct (zkp_\w+) (zkp_\w+) ?;", t):
            out.append("/// Opaque: only ever behind a pointer.")
            out.append("#[repr(C)]")
            out.append("pub struct %s {" % m.group(2))
            out.append("    _private: [u8; 0],")
            out.append("}")
            out.append("")
        # Function declarations (several per statement list after a macro expansion).
        for piece in re.split(r";", t):
            if not re.search(r"\bZKP_API\b", piece) or "(" not in piece:
                continue
            piece = re.sub(r"^.*?\}\s*zkp_\w+\s*", "", piece) if "typedef" in piece else piece
            m = re.match(r"^\s*(.*?)\b(zkp_\w+)\s*\((.*)\)\s*$", piece)
            if not m:
                raise SystemExit("gen-rust-sys: cannot parse %r" % piece)
            head = [w for w in m.group(1).replace("*", " * ").split() if w not in gat.ANNOTATIONS]
            args = m.group(3).strip()
            params = [] if args in ("void", "") else [h.param(a.strip()) for a in split_args(args)]
            decls.append((m.group(2), params, h.ret(head)))
    out.append('extern "C" {')
    for name, params, ret in decls:
        ps = ", ".join("%s: %s" % (rust_name(n), ty) for n, ty in params)
        out.append("    pub fn %s(%s)%s;" % (name, ps, " -> " + ret if ret else ""))
    out.append("}")
    return "\n".join(out) + "\n", [d[0] for d in decls]


def split_args(args):
    parts, depth, cur = [], 0, ""
    for ch in args:
        if ch == "(":
            depth += 1
        elif ch == ")":
            depth -= 1
        if ch == "," and depth == 0:
            parts.append(cur)
            cur = ""
        else:
            cur += ch
    parts.append(cur)
    return parts


def rust_name(n):
    return n + "_" if n in ("type", "in", "ref", "box", "move", "fn", "self", "mod", "use", "impl") else n


def library_symbols(lib):
    nm = os.environ.get("NM", "nm")
    r = subprocess.run([nm, "-g", "--defined-only", lib], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                       universal_newlines=True)
    if r.returncode != 0:
        sys.exit("gen-rust-sys: %s failed on %s:\n%s" % (nm, lib, r.stderr))
    return {m.group(1) for m in re.finditer(r"\s[TDRB]\s+(zkp_\w+)$", r.stdout, re.M)}


def main():
    ap = argparse.ArgumentParser()
    mode = ap.add_mutually_exclusive_group(required=True)
    mode.add_argument("--write", action="store_true")
    mode.add_argument("--check", action="store_true")
    ap.add_argument("--include", default=os.path.join(ROOT, "include"))
    ap.add_argument("--out", default=DEFAULT_OUT)
    ap.add_argument("--lib")
    ap.add_argument("--cc", default=os.environ.get("CC", "cc"))
    a = ap.parse_args()
    text, names = generate(a.include, a.cc)
    if a.write:
        with open(a.out, "w") as f:
            f.write(text)
        print("gen-rust-sys: wrote %d functions to %s" % (len(names), a.out))
        return 0
    problems = []
    try:
        with open(a.out) as f:
            current = f.read()
    except OSError as e:
        current = ""
        problems.append("cannot read %s: %s" % (a.out, e))
    if current and current != text:
        problems.append("%s is not what the headers give: run scripts/gen-rust-sys.py --write" % a.out)
    if a.lib:
        declared = set(re.findall(r"pub fn (zkp_\w+)\(", current))
        for sym in sorted(library_symbols(a.lib) - declared):
            problems.append("%s exports %s, which %s does not declare" % (a.lib, sym, a.out))
    for p in problems:
        print("gen-rust-sys: " + p)
    if not problems:
        print("gen-rust-sys: %s matches the headers (%d functions)%s"
              % (a.out, len(names), ", and declares every zkp_* symbol of " + a.lib if a.lib else ""))
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
