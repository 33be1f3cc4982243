#!/usr/bin/env python3
"""Generates the b256 <-> ghash2 isomorphism tables (python3 stdlib only).

    gen/gf2_iso.py ROOT

writes ROOT/src/gf2/iso_tables.c and ROOT/src/gf2/iso_tables.h.

Fields (polynomial basis, little-endian limbs):
  b256     = GF(2)[x]/F,   F = x^256 + x^10 + x^5 + x^2 + 1
  ghash128 = GF(2)[y]/G,   G = y^128 + y^7 + y^2 + y + 1          (K)
  ghash2   = K[v]/(v^2 + v + y^121)                                (E)
A ghash2 element c0 + c1*v is the 256-bit integer c0 | c1 << 128, i.e. 32
bytes: c0 (16 bytes LE) then c1 (16 bytes LE).

Method
  1. Find one root of F in E by trace splitting: for F irreducible of degree
     256 over GF(2), F splits into 256 distinct linear factors over
     E = GF(2^256). For beta in E, T(X) = Tr(beta*X) mod F is 0 or 1 at each
     root, so gcd(G, T mod G) splits the current factor G. X^(2^k) mod F has
     coefficients in GF(2), so T mod F is a GF(2)-combination of
     beta^(2^k) and costs only XORs; the gcds run over E. The betas come from
     SHA-256 of a counter, so the run is deterministic.
  2. The roots are the 256 Frobenius conjugates r^(2^k) of the root found.
     Canonical choice: the conjugate with the smallest 256-bit encoding
     (c0 | c1 << 128). Any conjugate gives a field isomorphism; this rule
     makes the choice independent of the splitting path.
  3. Checks F(r) = 0 by direct evaluation, builds the forward matrix (column
     i = r^i), inverts it by Gaussian elimination over GF(2), checks
     A*B = B*A = I, and checks iso(a*b) = iso(a)*iso(b) for a few pairs.
  4. Emits lookup tables, per direction: each 64-bit input limb is cut into
     twelve 5-bit windows (bits 0..59) and one 4-bit window (bits 60..63), so
     no window straddles a limb; 4 x 13 = 52 lookups per element, tables of
     4 x (12*32 + 16) = 1600 entries of 256 bits = 51200 bytes.
"""
import hashlib
import os
import sys

M128 = (1 << 128) - 1
M256 = (1 << 256) - 1

# ---- carry-less multiplication ---------------------------------------------
# Spread each bit into its own byte, multiply as integers (a coefficient sum
# of at most 128 terms fits in a byte, so no carry crosses bytes), keep each
# byte's parity. Exact for operands below 2^128.
_T01 = bytes.maketrans(b'01', b'\x00\x01')
_PAR = bytes(0x30 | (i & 1) for i in range(256))


def clmul128(a, b):
    if not a or not b:
        return 0
    assert a >> 128 == 0 and b >> 128 == 0
    sa = int.from_bytes(format(a, 'b').encode().translate(_T01), 'big')
    sb = int.from_bytes(format(b, 'b').encode().translate(_T01), 'big')
    p = sa * sb
    return int(p.to_bytes((p.bit_length() + 7) // 8, 'big').translate(_PAR), 2)


def clmul(a, b):
    """Carry-less product of arbitrary non-negative ints (128-bit chunks)."""
    r = 0
    i = 0
    while a >> i:
        ai = (a >> i) & M128
        j = 0
        while b >> j:
            r ^= clmul128(ai, (b >> j) & M128) << (i + j)
            j += 128
        i += 128
    return r


def gf2_square(a):
    """a(x)^2 over GF(2): bit i moves to bit 2i."""
    return int('0'.join(format(a, 'b')), 2)


# ---- K = ghash128 -------------------------------------------------------------

def k_reduce(t):
    while t >> 128:
        h = t >> 128
        t = (t & M128) ^ h ^ (h << 1) ^ (h << 2) ^ (h << 7)
    return t


def k_mul(a, b):
    return k_reduce(clmul128(a, b))


def k_inv(a):
    """Inverse in K by the extended Euclidean algorithm over GF(2)[y]."""
    assert a
    g = (1 << 128) | 0x87
    r0, r1, s0, s1 = g, a, 0, 1
    while r1:
        while r0.bit_length() >= r1.bit_length():
            sh = r0.bit_length() - r1.bit_length()
            r0 ^= r1 << sh
            s0 ^= s1 << sh
        r0, r1, s0, s1 = r1, r0, s1, s0
    assert r0 == 1
    return k_reduce(s0)


W = 1 << 121  # v^2 = v + W


# ---- E = ghash2 ----------------------------------------------------------------

def e_mul(a, b):
    if not a or not b:
        return 0
    a0, a1 = a & M128, a >> 128
    b0, b1 = b & M128, b >> 128
    p00 = clmul128(a0, b0)
    p11 = clmul128(a1, b1)
    pm = clmul128(a0 ^ a1, b0 ^ b1)
    # (a0 + a1 v)(b0 + b1 v) = a0b0 + a1b1 W + (a0b1 + a1b0 + a1b1) v
    c0 = k_reduce(p00 ^ (p11 << 121))
    c1 = k_reduce(pm ^ p00)
    return c0 | (c1 << 128)


def e_sqr(a):
    a0, a1 = a & M128, a >> 128
    s0, s1 = gf2_square(a0), gf2_square(a1)
    return k_reduce(s0 ^ (s1 << 121)) | (k_reduce(s1) << 128)


def e_inv(a):
    a0, a1 = a & M128, a >> 128
    # N(a) = a * conj(a), conj(a0 + a1 v) = (a0 + a1) + a1 v
    n = k_reduce(gf2_square(a0) ^ clmul128(a0, a1) ^ (gf2_square(a1) << 121))
    ni = k_inv(n)
    return k_mul(a0 ^ a1, ni) | (k_mul(a1, ni) << 128)


def e_pow(a, e):
    r = 1
    while e:
        if e & 1:
            r = e_mul(r, a)
        a = e_sqr(a)
        e >>= 1
    return r


# ---- b256 ------------------------------------------------------------------------

F_LOW = (1 << 10) | (1 << 5) | (1 << 2) | 1


def b_reduce(t):
    while t >> 256:
        h = t >> 256
        t = (t & M256) ^ h ^ (h << 2) ^ (h << 5) ^ (h << 10)
    return t


def b_mul(a, b):
    return b_reduce(clmul(a, b))


# ---- polynomials over E (lists, lowest degree first) --------------------------

def p_trim(a):
    while a and a[-1] == 0:
        a.pop()
    return a


def p_monic(a):
    li = e_inv(a[-1])
    return [e_mul(c, li) for c in a]


def p_mod(a, g):
    """a mod g, g monic."""
    a = list(a)
    d = len(g) - 1
    nz = [(j, c) for j, c in enumerate(g[:-1]) if c]
    for i in range(len(a) - 1, d - 1, -1):
        c = a[i]
        if c:
            a[i] = 0
            base = i - d
            for j, gj in nz:
                a[base + j] ^= gj if c == 1 else (c if gj == 1 else e_mul(c, gj))
    return p_trim(a[:d])


def p_gcd(a, b):
    a, b = p_trim(list(a)), p_trim(list(b))
    while b:
        b = p_monic(b)
        a, b = b, p_mod(a, b)
    return p_monic(a)


def find_root():
    # P[k] = X^(2^k) mod F, a polynomial over GF(2) stored as an int.
    P = [2]
    for _ in range(255):
        P.append(b_reduce(gf2_square(P[-1])))
    # X^(2^256) = X mod F is the statement that F divides X^(2^256) - X.
    assert b_reduce(gf2_square(P[-1])) == 2
    g = [1 if (F_LOW >> j) & 1 else 0 for j in range(256)] + [1]
    counter = 0
    while len(g) > 2:
        counter += 1
        beta = int.from_bytes(hashlib.sha256(b'gf2iso beta %d' % counter).digest(), 'little')
        # T(X) = sum_k beta^(2^k) X^(2^k) mod F
        t = [0] * 256
        bk = beta
        for k in range(256):
            pk = P[k]
            while pk:
                low = pk & -pk
                t[low.bit_length() - 1] ^= bk
                pk ^= low
            bk = e_sqr(bk)
        assert bk == beta
        h = p_gcd(g, p_mod(p_trim(t), g))
        if 1 < len(h) < len(g):
            g = h
    return g[0]  # X + c has root c


def conjugates(r):
    out = [r]
    for _ in range(255):
        out.append(e_sqr(out[-1]))
    assert e_sqr(out[-1]) == r
    return out


def f_eval(r):
    r2 = e_sqr(r)
    r4 = e_sqr(r2)
    r5 = e_mul(r4, r)
    r10 = e_sqr(r5)
    r256 = r
    for _ in range(8):
        r256 = e_sqr(r256)
    return r256 ^ r10 ^ r5 ^ r2 ^ 1


# ---- GF(2) matrices: list of 256 column ints -------------------------------------

def mat_apply(cols, a):
    r = 0
    i = 0
    while a:
        if a & 1:
            r ^= cols[i]
        a >>= 1
        i += 1
    return r


def mat_inverse(cols):
    """Inverse of the 256x256 matrix with the given columns (Gauss-Jordan)."""
    n = 256
    # rows[i] = (row i of A as int over columns) | (row i of I) << n
    rows = []
    for i in range(n):
        row = 0
        for j in range(n):
            row |= ((cols[j] >> i) & 1) << j
        rows.append(row | (1 << (n + i)))
    for c in range(n):
        piv = next(i for i in range(c, n) if (rows[i] >> c) & 1)
        rows[c], rows[piv] = rows[piv], rows[c]
        pc = rows[c]
        for i in range(n):
            if i != c and (rows[i] >> c) & 1:
                rows[i] ^= pc
    inv_rows = [r >> n for r in rows]
    inv_cols = []
    for j in range(n):
        col = 0
        for i in range(n):
            col |= ((inv_rows[i] >> j) & 1) << i
        inv_cols.append(col)
    return inv_cols


# ---- output -------------------------------------------------------------------------

WINDOWS = []  # (limb, shift, width) in lookup order
for limb in range(4):
    for w in range(12):
        WINDOWS.append((limb, 5 * w, 5))
    WINDOWS.append((limb, 60, 4))
assert len(WINDOWS) == 52


def tables(cols):
    out = []
    for limb, shift, width in WINDOWS:
        base = 64 * limb + shift
        for idx in range(1 << width):
            v = 0
            for b in range(width):
                if (idx >> b) & 1:
                    v ^= cols[base + b]
            out.append(v)
    return out


def limbs(v):
    return ', '.join('0x%016xull' % ((v >> (64 * i)) & ((1 << 64) - 1)) for i in range(4))


def emit(root, r, fwd, inv):
    d = os.path.join(root, 'src', 'gf2')
    os.makedirs(d, exist_ok=True)
    n = 4 * (12 * 32 + 16)
    hdr = f"""/* Generated by gen/gf2_iso.py; do not edit (scripts/regen.sh rewrites it). */
/*
 * Lookup tables for the b256 <-> ghash2 isomorphism (src/gf2/iso.c).
 *
 * Each 64-bit limb of the input is cut into twelve 5-bit windows (bits
 * 0..59) and one 4-bit window (bits 60..63): 52 windows per element. For
 * limb L, window w < 12 the table entry for index i (0..31) is at
 * ZKP_GF2ISO_OFF(L, w) + i, and for the 4-bit window at ZKP_GF2ISO_OFF(L, 12)
 * + i (i in 0..15). An entry is the XOR of the matrix columns selected by
 * the window's set bits, as four little-endian 64-bit limbs.
 */
#ifndef ZKPRIM_GF2_ISO_TABLES_H
#define ZKPRIM_GF2_ISO_TABLES_H

#include <stdint.h>

#define ZKP_GF2ISO_ENTRIES {n}
#define ZKP_GF2ISO_LIMB_ENTRIES (12 * 32 + 16)
#define ZKP_GF2ISO_OFF(limb, w) ((limb) * ZKP_GF2ISO_LIMB_ENTRIES + (w) * 32)

/* x -> r (b256 to ghash2) and its inverse; 32-byte aligned for vector loads. */
extern const uint64_t zkpi_gf2iso_fwd_tab[ZKP_GF2ISO_ENTRIES][4];
extern const uint64_t zkpi_gf2iso_inv_tab[ZKP_GF2ISO_ENTRIES][4];

/* The root r of x^256 + x^10 + x^5 + x^2 + 1 in ghash2 that x maps to
 * (c0 limbs then c1 limbs), and the two matrices by columns: column i of the
 * forward matrix is r^i in ghash2; column i of the inverse is the b256
 * element that ghash2's basis vector i (bit i of c0 | c1 << 128) maps to. */
extern const uint64_t zkpi_gf2iso_root[4];
extern const uint64_t zkpi_gf2iso_fwd_cols[256][4];
extern const uint64_t zkpi_gf2iso_inv_cols[256][4];

#endif
"""
    lines = ['/* Generated by gen/gf2_iso.py; do not edit (scripts/regen.sh rewrites it). */',
             '#include "gf2/iso_tables.h"', '',
             '/* r = the smallest-encoding root of x^256+x^10+x^5+x^2+1 in ghash2. */',
             'const uint64_t zkpi_gf2iso_root[4] = {%s};' % limbs(r), '']
    for name, cols in (('fwd', fwd), ('inv', inv)):
        lines.append('const uint64_t zkpi_gf2iso_%s_cols[256][4] = {' % name)
        lines += ['    {%s},' % limbs(c) for c in cols]
        lines += ['};', '']
    for name, cols in (('fwd', fwd), ('inv', inv)):
        lines.append('_Alignas(64) const uint64_t zkpi_gf2iso_%s_tab[ZKP_GF2ISO_ENTRIES][4] = {' % name)
        lines += ['    {%s},' % limbs(v) for v in tables(cols)]
        lines += ['};', '']
    with open(os.path.join(d, 'iso_tables.h'), 'w') as f:
        f.write(hdr)
    with open(os.path.join(d, 'iso_tables.c'), 'w') as f:
        f.write('\n'.join(lines))


def main():
    if len(sys.argv) != 2:
        sys.exit('usage: gen/gf2_iso.py ROOT')
    # Sanity of the field code: v is a root of v^2 + v + W, and W has trace 1
    # in K (so that polynomial is irreducible).
    v = 1 << 128
    assert e_mul(v, v) == v ^ W
    tr, t = 0, W
    for _ in range(128):
        tr ^= t
        t = k_reduce(gf2_square(t))
    assert tr == 1

    r0 = find_root()
    assert f_eval(r0) == 0
    r = min(conjugates(r0))
    assert f_eval(r) == 0

    fwd = [1]
    for _ in range(255):
        fwd.append(e_mul(fwd[-1], r))
    inv = mat_inverse(fwd)
    for i in range(256):
        assert mat_apply(inv, fwd[i]) == 1 << i
        assert mat_apply(fwd, inv[i]) == 1 << i
    # Homomorphism spot checks on deterministic pseudo-random pairs.
    for k in range(8):
        a = int.from_bytes(hashlib.sha256(b'gf2iso check a %d' % k).digest(), 'little')
        b = int.from_bytes(hashlib.sha256(b'gf2iso check b %d' % k).digest(), 'little')
        assert mat_apply(fwd, b_mul(a, b)) == e_mul(mat_apply(fwd, a), mat_apply(fwd, b))
        assert mat_apply(inv, e_mul(a, b)) == b_mul(mat_apply(inv, a), mat_apply(inv, b))
    emit(sys.argv[1], r, fwd, inv)


if __name__ == '__main__':
    main()
