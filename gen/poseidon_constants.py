#!/usr/bin/env python3
"""Poseidon over BN254 with circom's parameters: round constants, MDS
matrices and the sparse-MDS ("optimised") form, written as C tables in
Montgomery form.

usage: gen/poseidon_constants.py ROOT
writes ROOT/src/poseidon/constants_sparse.c (with the MDS matrices), constants_table.c,
constants_ifma.inc (the sparse and rescaled tables again for the AVX-512 IFMA kernel:
five 52-bit limbs per element, Montgomery form with R' = 2^260), and
ROOT/tests/ref/poseidon_constants_dense.c (the dense round constants: only the
tests' plain round-by-round permutation uses them, so they stay out of the library)

Dense constants follow the Poseidon authors' generate_parameters_grain.sage
(field 1 = prime field, S-box 0 = x^alpha, n = 254 bits, t, R_F = 8, R_P per
width): an 80-bit Grain LFSR seeded with those parameters, 160 warm-up
clocks, self-shrinking output (pairs of bits; the second is kept when the
first is 1). Round constants are 254-bit big-endian draws, redrawn while >= p.
The MDS matrix is Cauchy, M[i][j] = 1/(x_i + y_j), from 2t further 254-bit
draws (reduced mod p, not redrawn) -- the first candidate is what circomlib
uses for every width here, and tests/test_poseidon.c checks every value
against circom-constants.json.

The sparse form (same permutation, fewer multiplications in the partial
rounds) is derived by linear algebra mod p:
  * constants move behind the S-box: round i computes M(sbox(s) + K_i) with
    K_i = M^-1 c_{i+1}; in partial rounds only lane 0 meets the S-box, so the
    other lanes of K_i are pushed one round further back (through M^-1), until
    the last full round of the first half absorbs them;
  * each partial-round M is split as M = S_r * D_r with
    D_r = diag(1, A_hat) and S_r = [[a00, v], [w, I]] (A = M, then
    A = D_r * M going backwards); the D_r move into the round before, and the
    product that reaches the last first-half full round is the "pre-sparse" P.
Python standard library only; deterministic.
"""
import os
import sys

P = 0x30644E72E131A029B85045B68181585D2833E84879B9709143E1F593F0000001
R = 1 << 256
RF = 8
RP = {2: 56, 3: 57, 4: 56, 5: 60, 6: 60, 7: 63, 8: 64, 9: 63, 10: 60,
      11: 66, 12: 60, 13: 65, 14: 70, 15: 60, 16: 64, 17: 68}
WIDTHS = list(range(2, 18))


class Grain:
    """The 80-bit Grain LFSR of the Poseidon parameter script."""

    def __init__(self, field, sbox, n, t, rf, rp):
        fields = [(field, 2), (sbox, 4), (n, 12), (t, 12), (rf, 10), (rp, 10), ((1 << 30) - 1, 30)]
        self.b = []
        for v, w in fields:
            self.b += [(v >> i) & 1 for i in range(w - 1, -1, -1)]
        for _ in range(160):
            self._clock()

    def _clock(self):
        b = self.b
        nb = b[62] ^ b[51] ^ b[38] ^ b[23] ^ b[13] ^ b[0]
        b.pop(0)
        b.append(nb)
        return nb

    def bit(self):
        while True:
            keep = self._clock()
            out = self._clock()
            if keep:
                return out

    def bits(self, n):
        v = 0
        for _ in range(n):
            v = (v << 1) | self.bit()
        return v


def dense_params(t):
    rp = RP[t]
    g = Grain(1, 0, 254, t, RF, rp)
    c = []
    for _ in range((RF + rp) * t):
        v = g.bits(254)
        while v >= P:
            v = g.bits(254)
        c.append(v)
    xs = [g.bits(254) % P for _ in range(t)]
    ys = [g.bits(254) % P for _ in range(t)]
    for i in range(t):
        for j in range(t):
            assert (xs[i] + ys[j]) % P != 0
    m = [[pow(xs[i] + ys[j], P - 2, P) for j in range(t)] for i in range(t)]
    return c, m


def matinv(a):
    n = len(a)
    m = [list(r) + [1 if i == j else 0 for j in range(n)] for i, r in enumerate(a)]
    for col in range(n):
        piv = next(r for r in range(col, n) if m[r][col])
        m[col], m[piv] = m[piv], m[col]
        iv = pow(m[col][col], P - 2, P)
        m[col] = [x * iv % P for x in m[col]]
        for r in range(n):
            if r != col and m[r][col]:
                f = m[r][col]
                m[r] = [(x - f * y) % P for x, y in zip(m[r], m[col])]
    return [r[n:] for r in m]


def matmul(a, b):
    return [[sum(a[i][k] * b[k][j] for k in range(len(b))) % P for j in range(len(b[0]))]
            for i in range(len(a))]


def matvec(a, v):
    return [sum(x * y for x, y in zip(row, v)) % P for row in a]


def sparse_params(t, c_flat, m):
    rp = RP[t]
    nr = RF + rp
    minv = matinv(m)
    c = [c_flat[i * t:(i + 1) * t] for i in range(nr)]
    k = [matvec(minv, c[i + 1]) for i in range(nr - 1)]
    first_partial = RF // 2
    for i in range(first_partial + rp - 1, first_partial - 1, -1):
        back = matvec(minv, [0] + k[i][1:])
        k[i - 1] = [(x + y) % P for x, y in zip(k[i - 1], back)]
        k[i] = [k[i][0]] + [0] * (t - 1)
    sc = list(c[0])
    for r in range(first_partial):
        sc += k[r]
    sc += [k[first_partial + r][0] for r in range(rp)]
    for r in range(first_partial - 1):
        sc += k[first_partial + rp + r]
    a = m
    ss = [None] * rp
    for r in range(rp - 1, -1, -1):
        ahat = [row[1:] for row in a[1:]]
        w = [a[i][0] for i in range(1, t)]
        ahat_inv_t = [list(x) for x in zip(*matinv(ahat))]
        v = matvec(ahat_inv_t, a[0][1:])
        ss[r] = [a[0][0]] + v + w
        d = [[1] + [0] * (t - 1)] + [[0] + ahat[i] for i in range(t - 1)]
        a = matmul(d, m)
    assert len(sc) == 8 * t + rp
    return sc, [x for row in ss for x in row], a


def scaled_partial(t, sc, ss):
    """The partial rounds again, on a rescaled state, so that the S-box
    output enters every new lane with coefficient 1 (see docs/poseidon.md).

    The kernels keep s_0 = e * s0hat and s_k = D_k * uhat_k for k >= 1. With
    y = s0hat^5 the round computes z = y + chat, s0hat' = z + sum_k what_k
    uhat_k and uhat_k' = beta_k uhat_k + z: y is only ever added, so its
    product x^4 * x is reduced together with each new lane instead of on its
    own. Rescaling is free: lanes 1.. are linear in the partial rounds, and
    lane 0's scale passes through the S-box as e^5. Per round the layout is
    [chat, what_1..what_(t-1), beta_1..beta_(t-1)]; after the R_P rounds
    [e, D_1..D_(t-1)] multiply the state back (scales start at 1)."""
    rp = RP[t]
    n = 2 * t - 1
    e, d, out = 1, [1] * (t - 1), []
    for r in range(rp):
        row, col = ss[r * n:r * n + t], ss[r * n + t:(r + 1) * n]
        assert row[0] and all(col), "a zero coefficient: the rescaling needs another pivot"
        e5 = pow(e, 5, P)
        e_next = row[0] * e5 % P
        d_next = [col[k] * e5 % P for k in range(t - 1)]
        chat = sc[5 * t + r] * pow(e5, -1, P) % P
        what = [row[k + 1] * d[k] * pow(e_next, -1, P) % P for k in range(t - 1)]
        beta = [d[k] * pow(d_next[k], -1, P) % P for k in range(t - 1)]
        out += [chat] + what + beta
        e, d = e_next, d_next
    out += [e] + d
    check_scaled(t, sc, ss, out)
    return out


def check_scaled(t, sc, ss, sz):
    """Both partial-round forms on pseudo-random states must agree."""
    rp, n = RP[t], 2 * t - 1
    seed = 0x9E3779B97F4A7C15 * t
    for _ in range(4):
        st = []
        for _ in range(t):
            seed = (seed * 6364136223846793005 + 1442695040888963407) % (1 << 256)
            st.append(seed % P)
        a, b = list(st), list(st)
        for r in range(rp):
            row, col = ss[r * n:r * n + t], ss[r * n + t:(r + 1) * n]
            x = (pow(a[0], 5, P) + sc[5 * t + r]) % P
            a = [(row[0] * x + sum(row[k] * a[k] for k in range(1, t))) % P] + \
                [(a[k] + col[k - 1] * x) % P for k in range(1, t)]
            q = sz[r * n:(r + 1) * n]
            z = (pow(b[0], 5, P) + q[0]) % P
            b = [(z + sum(q[k] * b[k] for k in range(1, t))) % P] + \
                [(q[t - 1 + k] * b[k] + z) % P for k in range(1, t)]
        fin = sz[rp * n:]
        assert a == [fin[i] * b[i] % P for i in range(t)], "scaled partial rounds differ (t = %d)" % t


def fr_c(v):
    x = v * R % P
    limbs = [(x >> (64 * i)) & 0xFFFFFFFFFFFFFFFF for i in range(4)]
    return "{{" + ", ".join("0x%016xu" % l for l in limbs) + "}}"


R52 = 1 << 260
M52 = (1 << 52) - 1


def fr52_c(v, mont=True):
    x = v * R52 % P if mont else v
    return "{{" + ", ".join("0x%013xu" % ((x >> (52 * i)) & M52) for i in range(5)) + "}}"


def table52(name, vals):
    out = ["static const zkpi_fr52 %s[%d] = {" % (name, len(vals))]
    for v in vals:
        out.append("    %s," % fr52_c(v))
    out.append("};")
    return "\n".join(out) + "\n"


def limbs52(v):
    x = v * R52 % P
    return [(x >> (52 * i)) & M52 for i in range(5)]


def vec_table(name, sets, t):
    """sets: list of per-lane value lists (length t each); emits
    uint64_t name[len(sets)][G][5][8], lane l of group g = element 8g + l
    (zero past t): the single-state vector layout of kernel_ifma.c."""
    g = (t + 7) // 8
    out = ["static const uint64_t %s[%d][%d][5][8] = {" % (name, len(sets), g)]
    for vals in sets:
        out.append("    {")
        for gi in range(g):
            lanes = [limbs52(vals[8 * gi + l]) if 8 * gi + l < t else [0] * 5 for l in range(8)]
            rows = ["{" + ", ".join("0x%013xu" % lanes[l][k] for l in range(8)) + "}" for k in range(5)]
            out.append("        {" + ",\n         ".join(rows) + "},")
        out.append("    },")
    out.append("};")
    return "\n".join(out) + "\n"


IFMA_HEADER = """/* Generated by gen/poseidon_constants.py -- do not edit; run scripts/regen.sh.
 * Included by kernel_ifma.c only (the tables exist only where that kernel is built).
 * The sparse-MDS tables of constants_sparse.c (the folded round constants
 * without the partial rounds' ones, which the rescaled partial-round table sz
 * carries as chat), the rescaled partial rounds, and the matrices as per-lane
 * column tables (mdsv52/spv52, which the many-state path reads too), every
 * element as five 52-bit limbs (little-endian) in Montgomery form for
 * R' = 2^260: x * 2^260 mod p. Plus the kernel's conversion constants (p and
 * -p^-1 in radix 2^52 are the field layer's, bn254/fr52_ifma.h). */

/* 2^264 mod p (enters R' form from R form: mont'(x 2^256, 2^264) = x 2^260),
 * 2^256 mod p (leaves it). */
static const zkpi_fr52 ifma_k_in = %s;
static const zkpi_fr52 ifma_k_out = %s;

"""


def table(name, vals):
    out = ["static const zkpi_fr %s[%d] = {" % (name, len(vals))]
    for v in vals:
        out.append("    %s," % fr_c(v))
    out.append("};")
    return "\n".join(out) + "\n"


HEADER = """/* Generated by gen/poseidon_constants.py -- do not edit; run scripts/regen.sh.
 * %s
 * Every element is in Montgomery form (x * 2^256 mod p), limbs little-endian. */
#include "poseidon/params.h"

"""


def main():
    if len(sys.argv) != 2:
        sys.stderr.write("usage: %s ROOT\n" % sys.argv[0])
        sys.exit(2)
    root = sys.argv[1]
    outdir = os.path.join(root, "src", "poseidon")
    os.makedirs(outdir, exist_ok=True)
    dense = [HEADER % "Test code: the dense circom round constants, (R_F + R_P) * t per width (the plain\n * permutation), and the sparse form's partial-round vectors before rescaling, (2t - 1) * R_P\n * (checked against circom-constants-sparse.json)."]
    sparse = [HEADER % "Sparse-MDS form: folded constants (8t + R_P), rescaled partial rounds ((2t - 1) * R_P + t),\n * pre-sparse matrix P; and the t x t MDS matrix, row-major."]
    tab = [HEADER % "Per-width parameter table (index t = 2..17)."]
    ifma = [IFMA_HEADER % (fr52_c((1 << 264) % P, False), fr52_c((1 << 256) % P, False))]
    for t in WIDTHS:
        c, m = dense_params(t)
        sc, ss, pm = sparse_params(t, c, m)
        sz = scaled_partial(t, sc, ss)
        # the many-state path takes its partial-round constants from sz (chat),
        # so sc52 drops the R_P partial entries: [entry t][f = 0..3: 4t][f = 4..6: 3t]
        ifma.append(table52("sc52_t%d" % t, sc[:5 * t] + sc[5 * t + RP[t]:]))
        ifma.append(table52("sz52_t%d" % t, sz))
        # single-state layout (lanes = state elements): round constants of the
        # entry and the seven full rounds that add them, and the columns of M, P
        full_sets = [sc[0:t]] + [sc[t * (1 + f):t * (2 + f)] for f in range(4)] + \
                    [sc[5 * t + RP[t] + t * f:6 * t + RP[t] + t * f] for f in range(3)]
        ifma.append(vec_table("scv52_t%d" % t, full_sets, t))
        ifma.append(vec_table("mdsv52_t%d" % t, [[m[i][j] for i in range(t)] for j in range(t)], t))
        ifma.append(vec_table("spv52_t%d" % t, [[pm[i][j] for i in range(t)] for j in range(t)], t))
        dense.append(table("rc_t%d" % t, c))
        # a build with ZKP_POSEIDON_ONLY_T (params.h) keeps one width's tables
        sparse.append("#if ZKPI_POSEIDON_HAS_T(%d)" % t)
        sparse.append(table("mds_t%d" % t, [x for row in m for x in row]))
        sparse.append(table("sc_t%d" % t, sc))
        dense.append(table("ss_t%d" % t, ss))
        sparse.append(table("sz_t%d" % t, sz))
        sparse.append(table("sp_t%d" % t, [x for row in pm for x in row]))
        sparse.append("#define W%d(k) k##_t%d\n#else\n#define W%d(k) NULL\n#endif\n" % (t, t, t))
    dense.append("const zkpi_fr *const zkpi_poseidon_rc[18] = {NULL, NULL, %s};\n" %
                 ", ".join("rc_t%d" % t for t in WIDTHS))
    sparse.append("const zkpi_fr *const zkpi_poseidon_mds[18] = {NULL, NULL, %s};\n" %
                 ", ".join("W%d(mds)" % t for t in WIDTHS))
    sparse.append("const zkpi_fr *const zkpi_poseidon_sc[18] = {NULL, NULL, %s};\n" %
                  ", ".join("W%d(sc)" % t for t in WIDTHS))
    dense.append("const zkpi_fr *const zkpi_poseidon_ss[18] = {NULL, NULL, %s};\n" %
                 ", ".join("ss_t%d" % t for t in WIDTHS))
    sparse.append("const zkpi_fr *const zkpi_poseidon_sz[18] = {NULL, NULL, %s};\n" %
                  ", ".join("W%d(sz)" % t for t in WIDTHS))
    sparse.append("const zkpi_fr *const zkpi_poseidon_sp[18] = {NULL, NULL, %s};\n" %
                  ", ".join("W%d(sp)" % t for t in WIDTHS))
    tab.append("const unsigned char zkpi_poseidon_rp[18] = {0, 0, %s};\n" %
               ", ".join(str(RP[t]) for t in WIDTHS))
    for k in ("sc", "sz"):
        ifma.append("static const zkpi_fr52 *const ifma_%s[18] = {NULL, NULL, %s};\n" %
                    (k, ", ".join("%s52_t%d" % (k, t) for t in WIDTHS)))
    for k in ("scv", "mdsv", "spv"):
        ifma.append("static const uint64_t *const ifma_%s[18] = {NULL, NULL, %s};\n" %
                    (k, ", ".join("&%s52_t%d[0][0][0][0]" % (k, t) for t in WIDTHS)))
    testdir = os.path.join(root, "tests", "ref")
    os.makedirs(testdir, exist_ok=True)
    for d, name, parts in ((outdir, "constants_sparse.c", sparse), (outdir, "constants_table.c", tab),
                           (outdir, "constants_ifma.inc", ifma), (testdir, "poseidon_constants_dense.c", dense)):
        with open(os.path.join(d, name), "w") as f:
            f.write("\n".join(parts))


if __name__ == "__main__":
    main()
