"""The package against the C CLI (`zkprim`) on random inputs: every hash
algorithm and mode the CLI has, the Keccak and Hemera tree roots, Poseidon;
and the binary fields against a definitional Python oracle (the CLI has no
field arithmetic command)."""
import os
import tempfile
import unittest

import zkprim
from zkprim import gf2, poseidon, tree

from util import cli, rng

CLI_ALGS = {"keccak_256": "keccak256", "sha3_224": "sha3-224", "sha3_256": "sha3-256", "sha3_384": "sha3-384",
            "sha3_512": "sha3-512", "shake_128": "shake128", "shake_256": "shake256", "hemera": "hemera"}


class CliDifferential(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.dir = tempfile.TemporaryDirectory()
        r = rng("cli")
        sizes = [0, 1, 55, 56, 136, 4095, 4096, 4097, 65536 + 17, r.randrange(1, 300000)]
        cls.files = []
        for i, n in enumerate(sizes):
            p = os.path.join(cls.dir.name, "f%d" % i)
            data = r.randbytes(n)
            with open(p, "wb") as f:
                f.write(data)
            cls.files.append((p, data))

    @classmethod
    def tearDownClass(cls):
        cls.dir.cleanup()

    def test_hashes(self):
        r = rng("cli-hash")
        for name, algo in CLI_ALGS.items():
            xof = name.startswith("shake") or name == "hemera"
            for p, data in self.files:
                if xof:
                    n = r.choice([1, 32, 100, 300])
                    out = cli("hash", "-a", algo, "--length", n, p).split()[0]
                    self.assertEqual(zkprim.new(name, data).hexdigest(n), out, (name, len(data), n))
                else:
                    out = cli("hash", "-a", algo, p).split()[0]
                    self.assertEqual(zkprim.new(name, data).hexdigest(), out, (name, len(data)))

    def test_hemera_keyed_and_derive_key(self):
        r = rng("cli-keyed")
        for p, data in self.files[:6]:
            key = r.randbytes(32)
            out = cli("hash", "-a", "hemera", "--keyed", p, stdin=key).split()[0]
            self.assertEqual(zkprim.hemera(data, key=key).hexdigest(), out)
            ctx = "zkprim python %d" % r.randrange(1000)
            out = cli("hash", "-a", "hemera", "--derive-key", ctx, p).split()[0]
            self.assertEqual(zkprim.hemera(data, derive_key_context=ctx).hexdigest(), out)

    def test_tree_roots(self):
        r = rng("cli-tree")
        for p, data in self.files:
            self.assertEqual(tree.hemera_tree_root(data).hex(), cli("tree", "-a", "hemera", p).split()[0])
            self.assertEqual(tree.hemera_tree_root(data, threads=2).hex(), cli("tree", "-a", "hemera", p).split()[0])
            self.assertEqual(tree.hemera_tree_root(data, cdc=True).hex(), cli("tree", "-a", "hemera", "--cdc", p).split()[0])
            leaf = r.choice([1, 32, 64, 100, 4096, 5000])
            want = cli("tree", "-a", "keccak256", "--leaf-size", leaf, p).split()[0]
            self.assertEqual(tree.keccak_tree_root_data(data, leaf_size=leaf).hex(), want, (len(data), leaf))
            want = cli("tree", "-a", "keccak256", "--sha3", "--leaf-size", leaf, p).split()[0]
            self.assertEqual(tree.keccak_tree_root_data(data, leaf_size=leaf, alg="sha3_256").hex(), want)
            for leaf in (len(data) + 1, 2 ** 64 - 1):       # one leaf: no clamping in either front end
                want = cli("tree", "-a", "keccak256", "--leaf-size", leaf, p).split()[0]
                self.assertEqual(tree.keccak_tree_root_data(data, leaf_size=leaf).hex(), want, (len(data), leaf))
                self.assertEqual(want, zkprim.keccak_256(data).hexdigest())
            want = cli("tree", "-a", "keccak256", "--threads", 2, "--leaf-size", 100, p).split()[0]
            self.assertEqual(tree.keccak_tree_root_data(data, 100, threads=2).hex(), want)

    def test_poseidon(self):
        r = rng("cli-poseidon")
        for _ in range(20):
            n = r.randrange(1, 17)
            xs = [r.randrange(poseidon.P) for _ in range(n)]
            self.assertEqual(poseidon.hash(xs), int(cli("poseidon", *xs).split()[0]), n)
            tag = r.randrange(poseidon.P)
            self.assertEqual(poseidon.hash(xs, domain_tag=tag), int(cli("poseidon", "--tag", tag, *xs).split()[0]))


# ---- binary fields: a definitional oracle -----------------------------------

MODULI = {  # x^n + low terms, as in include/zkprim/gf2.h
    "b127": (127, [1, 0]), "ghash128": (128, [7, 2, 1, 0]), "b163": (163, [7, 6, 3, 0]),
    "b191": (191, [9, 0]), "sect193": (193, [15, 0]), "b256": (256, [10, 5, 2, 0]),
}


def clmul(a, b):
    r = 0
    while b:
        if b & 1:
            r ^= a
        a <<= 1
        b >>= 1
    return r


def reduce(x, n, low):
    mod = (1 << n) | sum(1 << e for e in low)
    while x.bit_length() > n:
        x ^= mod << (x.bit_length() - 1 - n)
    return x


def oracle_mul(name, a, b):
    if name == "ghash2":  # (a0 + a1 v)(b0 + b1 v), v^2 = v + y^121 over ghash128
        k = lambda x, y: reduce(clmul(x, y), *MODULI["ghash128"])  # noqa: E731
        m = (1 << 128) - 1
        a0, a1, b0, b1 = a & m, a >> 128, b & m, b >> 128
        hh = k(a1, b1)
        c0 = k(a0, b0) ^ k(hh, 1 << 121)
        c1 = k(a0, b1) ^ k(a1, b0) ^ hh
        return c0 | c1 << 128
    return reduce(clmul(a, b), *MODULI[name])


def degree_bits(name):
    return 256 if name == "ghash2" else MODULI[name][0]


class Gf2Oracle(unittest.TestCase):
    def test_fields_against_the_oracle(self):
        r = rng("gf2")
        for name in gf2.FIELDS:
            F = gf2.Field(name)
            n = degree_bits(name)
            self.assertEqual(F.degree, n)
            for _ in range(30):
                a, b = r.getrandbits(n), r.getrandbits(n)
                ab = oracle_mul(name, a, b)
                self.assertEqual(F.mul(a, b), ab, name)
                self.assertEqual(F.square(a), oracle_mul(name, a, a), name)
                self.assertEqual(F.add(a, b), a ^ b)
                eb = F.element_bytes
                self.assertEqual(F.mul(a.to_bytes(eb, "little"), b), ab.to_bytes(eb, "little"))
                if a:
                    self.assertEqual(F.mul(a, F.inv(a)), 1, name)
                e = r.getrandbits(r.choice([1, 8, 64, 200]))
                want, base, k = 1, a, e
                while k:
                    if k & 1:
                        want = oracle_mul(name, want, base)
                    base = oracle_mul(name, base, base)
                    k >>= 1
                self.assertEqual(F.pow(a, e), want, (name, e))
            xs = [r.getrandbits(n) for _ in range(37)]
            ys = [r.getrandbits(n) for _ in range(37)]
            eb = F.element_bytes
            got = F.mul_batch(b"".join(x.to_bytes(eb, "little") for x in xs),
                              b"".join(y.to_bytes(eb, "little") for y in ys))
            self.assertEqual(got, b"".join(oracle_mul(name, x, y).to_bytes(eb, "little") for x, y in zip(xs, ys)))
            g = r.getrandbits(n)
            t = F.fixed_base(g)
            es = [r.getrandbits(128) for _ in range(9)] + [0, 1, (1 << 128) - 1]
            for e in es:
                self.assertEqual(t.pow(e), F.pow(g, e))
            self.assertEqual(t.pow_batch(es), b"".join(F.pow(g, e).to_bytes(eb, "little") for e in es))

    def test_b256_ghash2_isomorphism(self):
        r = rng("iso")
        B, G = gf2.Field("b256"), gf2.Field("ghash2")
        xs = [r.getrandbits(256) for _ in range(20)]
        for a, b in zip(xs, xs[1:]):
            ga, gb = gf2.b256_to_ghash2(a), gf2.b256_to_ghash2(b)
            self.assertEqual(gf2.ghash2_to_b256(ga), a)
            self.assertEqual(gf2.b256_to_ghash2(B.mul(a, b)), G.mul(ga, gb))  # multiplicative
            self.assertEqual(gf2.b256_to_ghash2(a ^ b), ga ^ gb)               # additive
        flat = b"".join(x.to_bytes(32, "little") for x in xs)
        mapped = gf2.b256_to_ghash2_batch(flat)
        self.assertEqual(mapped, b"".join(gf2.b256_to_ghash2(x).to_bytes(32, "little") for x in xs))
        self.assertEqual(gf2.ghash2_to_b256_batch(mapped), flat)


if __name__ == "__main__":
    unittest.main()
