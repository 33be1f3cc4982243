#!/usr/bin/env python3
"""Writes the two Keccak-f[1600] round templates, so that every kernel shares
one derivation of theta/rho/pi/chi/iota instead of hand-typed index tables:

  src/keccak/f1600_round_tmpl.h      one round as a macro over 25 named lane
                                     variables, generic in the lane type V
                                     and its operations V_XOR, V_ANDN, V_ROL
                                     (portable, BMI2, AVX2 x4), plus the
                                     round constant and rho tables;
  src/keccak/f1600_vec_round_tmpl.h  one round over an array of 25 vectors
                                     and five abstract vector operations
                                     V_XOR5, V_THETA_D, V_XROT, V_CHI, V_XOR
                                     (NEON x2, SHA3 x1/x2, AVX-512 x8).

The round constants, rho offsets and the pi source of every lane are
computed here from their FIPS 202 definitions (LFSR rc(t); rho walk
(x, y) -> (y, 2x + 3y); pi (x, y) -> (y, 2x + 3y)), not typed in.
Usage: gen/keccak_round.py ROOT  (writes both files under ROOT/src/keccak/)
"""
import os
import random
import sys


def rc_bit(t):
    # FIPS 202 algorithm 5: LFSR x^8 + x^6 + x^5 + x^4 + 1.
    if t % 255 == 0:
        return 1
    r = [1, 0, 0, 0, 0, 0, 0, 0]
    for _ in range(t % 255):
        r = [0] + r
        r[0] ^= r[8]
        r[4] ^= r[8]
        r[5] ^= r[8]
        r[6] ^= r[8]
        r = r[:8]
    return r[0]


def round_constants():
    out = []
    for ir in range(24):
        v = 0
        for j in range(7):
            if rc_bit(j + 7 * ir):
                v |= 1 << ((1 << j) - 1)
        out.append(v)
    return out


def rho_offsets():
    rho = [0] * 25
    x, y = 1, 0
    for t in range(24):
        rho[x + 5 * y] = ((t + 1) * (t + 2) // 2) % 64
        x, y = y, (2 * x + 3 * y) % 5
    return rho


def pi_source(X, Y):
    """The lane (index x + 5y) that pi moves to output lane (X, Y): pi takes
    (x, y) to (y, 2x + 3y), so x = (X + 3Y) mod 5 and y = X."""
    return (X + 3 * Y) % 5 + 5 * X


MASK = (1 << 64) - 1


def rol(v, n):
    return ((v << n) | (v >> (64 - n))) & MASK if n % 64 else v


def plain_round(a, rho, rc):
    """One round as FIPS 202 writes it (pi as the forward map), on a[x + 5y]."""
    c = [a[x] ^ a[x + 5] ^ a[x + 10] ^ a[x + 15] ^ a[x + 20] for x in range(5)]
    a = [a[i] ^ c[(i % 5 + 4) % 5] ^ rol(c[(i % 5 + 1) % 5], 1) for i in range(25)]
    b = [0] * 25
    for x in range(5):
        for y in range(5):
            b[y + 5 * ((2 * x + 3 * y) % 5)] = rol(a[x + 5 * y], rho[x + 5 * y])
    e = [b[i] ^ (~b[5 * (i // 5) + (i + 1) % 5] & b[5 * (i // 5) + (i + 2) % 5]) for i in range(25)]
    e[0] ^= rc
    return e


def planes(rho):
    """Per output plane Y: (source lane, theta column, rho offset) for X = 0..4."""
    return [[(pi_source(X, Y), pi_source(X, Y) % 5, rho[pi_source(X, Y)]) for X in range(5)] for Y in range(5)]


def check_planes(rho, rc):
    """Runs the emitted plane tables the way KECCAK_VEC_ROUND does on random states
    and compares with plain_round, so a wrong table is never written."""
    rnd = random.Random(1600)
    P = planes(rho)
    for t in range(24):
        a = [rnd.getrandbits(64) for _ in range(25)]
        c = [a[x] ^ a[x + 5] ^ a[x + 10] ^ a[x + 15] ^ a[x + 20] for x in range(5)]
        d = [c[(x + 4) % 5] ^ rol(c[(x + 1) % 5], 1) for x in range(5)]
        e = [0] * 25
        for Y in range(5):
            bb = [rol(a[s] ^ d[dx], r) for s, dx, r in P[Y]]
            for X in range(5):
                e[5 * Y + X] = bb[X] ^ (~bb[(X + 1) % 5] & bb[(X + 2) % 5])
        e[0] ^= rc[t]
        assert e == plain_round(a, rho, rc[t]), "plane tables disagree with FIPS 202 (round %d)" % t


def write(root, name, lines):
    path = os.path.join(root, "src", "keccak", name)
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w") as f:
        f.write("\n".join(lines) + "\n")


def cont(line):
    """A macro line padded so its continuation backslash sits in column 92."""
    return line.ljust(91) + "\\"


def tf_round(rho):
    """KECCAK_VEC_ROUND_TF as statements (op, destination, operands...), so the
    same list is both rendered to C and run by check_tf_round."""
    out = []
    for x in range(5):
        out.append(("xor5", "C%d" % x) + tuple("A[%d]" % (x + 5 * y) for y in range(5)))
    for x in range(5):
        out.append(("thetad", "D%d" % x, "C%d" % ((x + 4) % 5), "C%d" % ((x + 1) % 5)))
    for x in range(5):
        for y in range(5):
            lane = "A[%d]" % (x + 5 * y)
            out.append(("xor", lane, lane, "D%d" % x))
    for Y, plane in enumerate(planes(rho)):
        for X, (src, _col, r) in enumerate(plane):
            out.append(("rol", "B%d" % X, "A[%d]" % src, r))
        for X in range(5):
            out.append(("chi", "E[%d]" % (5 * Y + X), "B%d" % X, "B%d" % ((X + 1) % 5), "B%d" % ((X + 2) % 5)))
    out.append(("xor", "E[0]", "E[0]", "RC"))
    return out


def render_tf(st):
    op, dst, args = st[0], st[1], st[2:]
    decl = "V " if dst[0] in "CD" else ""
    if op == "xor5":
        return "%s%s = V_XOR5(%s);" % (decl, dst, ", ".join(args))
    if op == "thetad":
        return "%s%s = V_XOR(%s, V_ROL(%s, 1));" % (decl, dst, args[0], args[1])
    if op == "rol":
        if args[1] == 0:
            return "%s = %s;" % (dst, args[0])
        return "%s = V_ROL(%s, %d);" % (dst, args[0], args[1])
    if op == "chi":
        return "%s = V_CHI(%s);" % (dst, ", ".join(args))
    return "%s = V_XOR(%s);" % (dst, ", ".join(args))


def render_tf_grouped(prog):
    """tf_round's statements as C, with each column's five theta XORs one
    KV_THETA_COLUMN and each plane's five rotations and five chis one
    KV_PLANE_TF; asserts that every group has exactly the shape the macro
    expands to, so the C is the program check_tf_round ran."""
    out, i = [], 0
    while i < len(prog):
        st = prog[i]
        if st[0] == "xor" and st[1].startswith("A["):
            x = int(st[1][2:-1])
            group = prog[i:i + 5]
            assert group == [("xor", "A[%d]" % (x + 5 * y), "A[%d]" % (x + 5 * y), st[3]) for y in range(5)]
            out.append("KV_THETA_COLUMN(A, %d, %s);" % (x, st[3]))
            i += 5
        elif st[0] == "rol" and st[1] == "B0":
            rols, chis = prog[i:i + 5], prog[i + 5:i + 10]
            y = int(chis[0][1][2:-1]) // 5
            assert [r[1] for r in rols] == ["B%d" % X for X in range(5)]
            assert chis == [("chi", "E[%d]" % (5 * y + X), "B%d" % X, "B%d" % ((X + 1) % 5), "B%d" % ((X + 2) % 5))
                            for X in range(5)]
            exprs = [r[2] if r[3] == 0 else "V_ROL(%s, %d)" % (r[2], r[3]) for r in rols]
            out.append("KV_PLANE_TF(E, %d, %s," % (y, ", ".join(exprs[:3])))
            out.append("            %s);" % ", ".join(exprs[3:]))
            i += 10
        else:
            out.append(render_tf(st))
            i += 1
    return out


def check_tf_round(rho, rc):
    """Interprets tf_round's statements on random states (A overwritten in
    place, E separate) and compares with plain_round."""
    rnd = random.Random(1601)
    prog = tf_round(rho)
    for t in range(24):
        a = [rnd.getrandbits(64) for _ in range(25)]
        env = {"A[%d]" % i: a[i] for i in range(25)}
        env["RC"] = rc[t]
        for st in prog:
            op, dst, args = st[0], st[1], st[2:]
            if op == "rol":
                env[dst] = rol(env[args[0]], args[1])
            elif op == "thetad":
                env[dst] = env[args[0]] ^ rol(env[args[1]], 1)
            elif op == "chi":
                env[dst] = env[args[0]] ^ (~env[args[1]] & env[args[2]] & MASK)
            else:
                v = 0
                for n in args:
                    v ^= env[n]
                env[dst] = v
        e = [env["E[%d]" % i] for i in range(25)]
        assert e == plain_round(a, rho, rc[t]), "KECCAK_VEC_ROUND_TF disagrees with FIPS 202 (round %d)" % t


def vec_round(rho):
    """src/keccak/f1600_vec_round_tmpl.h: the round over V_* vector operations."""
    L = []
    w = L.append
    w("/* Generated by gen/keccak_round.py; do not edit. */")
    w("/*")
    w(" * Template: one Keccak-f[1600] round (theta, rho, pi, chi, iota) written")
    w(" * once over abstract vector operations, shared by the NEON, SHA3 and")
    w(" * AVX-512 x8 kernels. Lanes are numbered x + 5*y. Convention:")
    w(" * docs/internals.md. Parameters, defined by the including file:")
    w(" *")
    w(" *   V                       the vector type")
    w(" *   V_XOR5(a, b, c, d, e)   a ^ b ^ c ^ d ^ e               (theta column parity)")
    w(" *   V_THETA_D(cl, cr)       cl ^ rotl(cr, 1)                (theta effect)")
    w(" *   V_XROT(a, d, r)         rotl(a ^ d, r), 0 <= r < 64     (theta apply + rho)")
    w(" *   V_CHI(a, b, c)          a ^ (~b & c)                    (chi)")
    w(" *   V_XOR(a, b)             a ^ b                           (iota)")
    w(" *")
    w(" * and then uses KECCAK_VEC_ROUND(A, E, RC) with A and E arrays of 25 vectors")
    w(" * (E may not alias A) and RC the round constant already broadcast to a")
    w(" * vector.")
    w(" *")
    w(" * A kernel with a 3-input XOR may define, before including, V_XROT3(a, cl,")
    w(" * d, r) = rotl(a ^ cl ^ d, r) together with V_THETA_D(cl, cr) = rotl(cr, 1)")
    w(" * (and no V_XROT): theta's effect then stays split in its two halves,")
    w(" * C[x-1] and rotl(C[x+1], 1), which each lane takes in one instruction,")
    w(" * saving the 5 per-column XORs.")
    w(" *")
    w(" * Pi is folded into the indexing: output lane X + 5Y reads the input lane")
    w(" * ((X + 3Y) mod 5) + 5X, so no separate data movement happens. Each")
    w(" * KV_PLANE row below lists, for X = 0..4, that source lane, the theta")
    w(" * column it belongs to and its FIPS 202 rho offset.")
    w(" */")
    w("#ifndef ZKPRIM_KECCAK_F1600_VEC_ROUND_TMPL_H")
    w("#define ZKPRIM_KECCAK_F1600_VEC_ROUND_TMPL_H")
    w("")
    w("#ifndef V_XROT3")
    w("#define V_XROT3(a, cl, d, r) V_XROT((a), (d), (r))")
    w("#endif")
    w("/* C[x-1] for theta column x (names of KECCAK_VEC_ROUND's locals). */")
    for x in range(5):
        w("#define KV_CL%d C%d" % (x, (x + 4) % 5))
    w("")
    w("/* Plane y of the output: (source lane, its theta D index, rho offset) x 5. */")
    w("#define KV_PLANE(A, E, y, s0, d0, r0, s1, d1, r1, s2, d2, r2, s3, d3, r3, s4, d4, r4) \\")
    w("    do {                                                                                   \\")
    for X in range(5):
        w("        B%d = V_XROT3(A[s%d], KV_CL##d%d, D##d%d, r%d);                                         \\" % (X, X, X, X, X))
    for X in range(5):
        w("        E[5 * (y) + %d] = V_CHI(B%d, B%d, B%d);                                                \\" % (
            X, X, (X + 1) % 5, (X + 2) % 5))
    w("    } while (0)")
    w("")
    w("#define KECCAK_VEC_ROUND(A, E, RC)                                                         \\")
    w("    do {                                                                                   \\")
    for x in range(5):
        w("        V C%d = V_XOR5(%s);                                    \\" % (
            x, ", ".join("A[%d]" % (x + 5 * y) for y in range(5))))
    for x in range(5):
        w("        V D%d = V_THETA_D(C%d, C%d);                                                          \\" % (
            x, (x + 4) % 5, (x + 1) % 5))
    w("        V B0, B1, B2, B3, B4;                                                              \\")
    for Y, plane in enumerate(planes(rho)):
        args = ["%2d, %d, %2d" % lane for lane in plane]
        w("        KV_PLANE(A, E, %d, %s);          \\" % (Y, ", ".join(args)))
    w("        E[0] = V_XOR(E[0], RC);                                                            \\")
    w("    } while (0)")
    w("")
    w("/*")
    w(" * Theta-first form, KECCAK_VEC_ROUND_TF(A, E, RC), for a kernel whose")
    w(" * rotate does not overwrite its input (AVX-512 x8). It needs V_XOR5, V_CHI,")
    w(" * V_XOR and")
    w(" *")
    w(" *   V_ROL(a, r)             rotl(a, r), r a literal, 0 < r < 64")
    w(" *")
    w(" * Theta's effect D[x] = C[x-1] ^ rotl(C[x+1], 1) is formed once per column")
    w(" * and XORed into all 25 lanes of A in place first, so C and D die before")
    w(" * rho; the planes then only rotate A into B and apply chi into E. At most")
    w(" * 25 + 5 vectors are live in the planes, where KECCAK_VEC_ROUND keeps D (or")
    w(" * C and D with V_XROT3) live through all five. A is overwritten (it holds")
    w(" * theta's output afterwards). Measurements: docs/keccak-kernels.md.")
    w(" */")
    w("/* Theta's effect D on the five lanes of column x. */")
    w(cont("#define KV_THETA_COLUMN(A, x, D)"))
    w(cont("    do {"))
    for y in range(5):
        w(cont("        A[(x) + %2d] = V_XOR(A[(x) + %2d], D);" % (5 * y, 5 * y)))
    w("    } while (0)")
    w("")
    w("/* Plane y of the output from its five rotated (rho) input lanes. */")
    w(cont("#define KV_PLANE_TF(E, y, b0, b1, b2, b3, b4)"))
    w(cont("    do {"))
    w(cont("        V B0 = (b0), B1 = (b1), B2 = (b2), B3 = (b3), B4 = (b4);"))
    for X in range(5):
        w(cont("        E[5 * (y) + %d] = V_CHI(B%d, B%d, B%d);" % (X, X, (X + 1) % 5, (X + 2) % 5)))
    w("    } while (0)")
    w("")
    w(cont("#define KECCAK_VEC_ROUND_TF(A, E, RC)"))
    w(cont("    do {"))
    for line in render_tf_grouped(tf_round(rho)):
        w(cont("        " + line))
    w("    } while (0)")
    w("")
    w("#endif")
    return L


def main():
    root = sys.argv[1] if len(sys.argv) > 1 else "."
    rho = rho_offsets()
    rc = round_constants()
    L = []
    w = L.append
    w("/* Generated by gen/keccak_round.py; do not edit. */")
    w("/*")
    w(" * Template: one Keccak-f[1600] round over 25 named lanes, generic in the")
    w(" * lane type (portable and BMI2 scalar kernels through f1600_scalar_tmpl.h,")
    w(" * AVX2 x4). Convention: docs/internals.md. Parameters, defined by the")
    w(" * including file before it uses the macros:")
    w(" *   V               the lane type")
    w(" *   V_XOR(a, b)     a ^ b")
    w(" *   V_ANDN(a, b)    ~a & b")
    w(" *   V_ROL(a, n)     a left rotation by a constant n in 1..63 (rho offset 0")
    w(" *                   is skipped here)")
    w(" * KECCAK_ROUND(A, E, RCV) reads lanes A00..A24 (lane x+5y is A<x+5y as two")
    w(" * digits>) and assigns E00..E24 = iota(chi(pi(rho(theta(A))))), RCV the")
    w(" * round constant as a V. A and E must be distinct variable sets; kernels")
    w(" * ping-pong A -> E -> A, two rounds per loop iteration, so no lane is ever")
    w(" * copied.")
    w(" *")
    w(" * pi moves lane (x, y) to (y, 2x + 3y); read backwards, output (X, Y) of")
    w(" * rho+pi comes from input lane ((X + 3Y) mod 5, X).")
    w(" */")
    w("#ifndef ZKPRIM_KECCAK_F1600_ROUND_TMPL_H")
    w("#define ZKPRIM_KECCAK_F1600_ROUND_TMPL_H")
    w("")
    w("/* rho offsets by lane index x + 5y */")
    w("#define KECCAK_RHO_TABLE {" + ", ".join(str(r) for r in rho) + "}")
    w("/* iota constants by round */")
    w("#define KECCAK_RC_TABLE {" + ", ".join("0x%016XULL" % c for c in rc[:12]) + ", \\")
    w("                        " + ", ".join("0x%016XULL" % c for c in rc[12:]) + "}")
    w("")
    def emit_round(name, carry):
        body = []
        b = body.append
        if not carry:
            for x in range(5):
                b("V C%d = V_XOR(V_XOR(V_XOR(A##%02d, A##%02d), V_XOR(A##%02d, A##%02d)), A##%02d);" % (
                    x, x, x + 5, x + 10, x + 15, x + 20))
        for x in range(5):
            b("V D%d = V_XOR(C%d, V_ROL(C%d, 1));" % (x, (x + 4) % 5, (x + 1) % 5))
        for Y in range(5):
            b("{")
            for X in range(5):
                lane = pi_source(X, Y)
                sx = lane % 5
                if rho[lane] == 0:
                    b("V B%d = V_XOR(A##%02d, D%d);" % (X, lane, sx))
                else:
                    b("V B%d = V_ROL(V_XOR(A##%02d, D%d), %d);" % (X, lane, sx, rho[lane]))
            for X in range(5):
                out = "V_XOR(B%d, V_ANDN(B%d, B%d))" % (X, (X + 1) % 5, (X + 2) % 5)
                if X == 0 and Y == 0:
                    out = "V_XOR(%s, RCV)" % out
                b("E##%02d = %s;" % (5 * Y + X, out))
                if carry:
                    # column parity of the output, for the next round's theta
                    b("C%d = %s;" % (X, ("E##%02d" % (5 * Y + X)) if Y == 0 else ("V_XOR(C%d, E##%02d)" % (X, 5 * Y + X))))
            b("}")
        args = "A, E, RCV"
        w("#define %s(%s) \\" % (name, args))
        w("    do { \\")
        for line in body:
            w("        %s \\" % line)
        w("    } while (0)")
        w("")

    emit_round("KECCAK_ROUND", False)
    w("/* The same round with theta's column parities carried in variables")
    w(" * C0..C4 (declared by the caller): on entry they must hold the parities of")
    w(" * A, on exit they hold those of E, computed while E is still in registers")
    w(" * instead of re-reading 25 lanes at the start of the next round. */")
    emit_round("KECCAK_ROUND_CARRY", True)
    w("/* Declares V P00..P24 (uninitialised). */")
    w("#define KECCAK_DECLARE_LANES(P) V " + ", ".join("P##%02d" % i for i in range(25)))
    w("/* Applies M(P##ii, ii) to each lane (ii as a decimal integer constant). */")
    w("#define KECCAK_FOR_LANES(M, P) " + " ".join("M(P##%02d, %d);" % (i, i) for i in range(25)))
    w("")
    w("#endif")
    write(root, "f1600_round_tmpl.h", L)
    check_planes(rho, rc)
    check_tf_round(rho, rc)
    write(root, "f1600_vec_round_tmpl.h", vec_round(rho))


if __name__ == "__main__":
    main()
