"""The package against the repository's vector files (tests/vectors/):
Keccak-256 and SHA3-256 KATs (XKCP), Hemera (cyber-hemera), Poseidon
(circomlibjs 0.1.7, light-poseidon 0.4 values and error cases), LeanIMT
(@zk-kit/lean-imt 2.2.5) and OpenZeppelin trees (@openzeppelin/merkle-tree
1.0.8)."""
import json
import os
import unittest

import zkprim
from zkprim import poseidon, tree

from util import VECTORS, pat


def kat(path):
    """(message bytes, digest) of every byte-aligned entry of an XKCP KAT file."""
    out, length, msg = [], None, None
    with open(path) as f:
        for line in f:
            k, _, v = line.partition(" = ")
            v = v.strip()
            if k == "Len":
                length = int(v)
            elif k == "Msg":
                msg = v
            elif k == "MD" and length % 8 == 0:
                out.append((bytes.fromhex(msg)[:length // 8], bytes.fromhex(v)))
    return out


def load(*parts):
    with open(os.path.join(VECTORS, *parts)) as f:
        return json.load(f)


def h2i(s):
    return int(s, 16)


class KeccakVectors(unittest.TestCase):
    def test_kats(self):
        for fname, ctor in (("ShortMsgKAT_Keccak-256.txt", zkprim.keccak_256), ("LongMsgKAT_Keccak-256.txt", zkprim.keccak_256),
                            ("Keccak-256_64B.txt", zkprim.keccak_256), ("ShortMsgKAT_SHA3-256.txt", zkprim.sha3_256),
                            ("LongMsgKAT_SHA3-256.txt", zkprim.sha3_256)):
            cases = kat(os.path.join(VECTORS, "keccak", fname))
            self.assertGreater(len(cases), 2, fname)
            for msg, md in cases:
                self.assertEqual(ctor(msg).digest(), md, (fname, len(msg)))


class HemeraVectors(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.v = load("hemera.json")

    @staticmethod
    def field(e, base):
        """A message field of hemera.json: base_utf8, base_hex, or a named
        pattern in base ("pat(N)", "N zero bytes", "long_context"; see its notes)."""
        if base + "_utf8" in e:
            return e[base + "_utf8"].encode()
        if base + "_hex" in e:
            return bytes.fromhex(e[base + "_hex"])
        spec = e[base]
        if spec.startswith("pat("):
            return pat(int(spec[4:-1]))
        if spec.endswith(" zero bytes"):
            return bytes(int(spec.split()[0]))
        if spec == "long_context":
            return b"a]" * 100
        raise AssertionError("unknown message pattern %r" % spec)

    def test_hash_keyed_derive_xof(self):
        v, m = self.v, self.field
        for e in v["hash"] + v["hash_generated"]:
            msg = m(e, "input")
            self.assertEqual(zkprim.hemera(msg).hexdigest(), e["digest"])
            self.assertEqual(zkprim.hemera(msg, secret=True).hexdigest(), e["digest"])
        for e in v["keyed_hash"]:
            h = zkprim.hemera(m(e, "message"), key=bytes.fromhex(e["key_hex"]))
            self.assertEqual(h.hexdigest(), e["digest"])
            self.assertEqual(h.mode, "keyed")
        for e in v["derive_key"] + v["derive_key_generated"]:
            h = zkprim.hemera(m(e, "material"), derive_key_context=m(e, "context"))
            self.assertEqual(h.hexdigest(), e["key"])
            if "context_utf8" in e:  # a str context is its UTF-8 bytes
                self.assertEqual(zkprim.hemera(m(e, "material"), derive_key_context=e["context_utf8"]).hexdigest(),
                                 e["key"])
        for e in v["xof"]:
            key = bytes.fromhex(e["key_hex"]) if e.get("mode") == "keyed" else None
            h = zkprim.hemera(m(e, "message"), key=key)
            self.assertEqual(h.hexdigest(length=e["n"]), e["output"])

    def test_tree_roots(self):
        v = self.v
        for e in v["tree"]:
            data = self.field(e, "input")
            self.assertEqual(tree.hemera_tree_root(data).hex(), e["root"], e["name"])
        for e in v["tree_fixed_4k"]:
            data = self.field(e, "input")
            for threads in (0, 2):
                self.assertEqual(tree.hemera_tree_root(data, threads=threads).hex(), e["root"], e["length"])
            h = tree.HemeraTreeHasher()
            h.update(data[:1000])
            h.update(data[1000:])
            self.assertEqual(h.finalize().hex(), e["root"])
        for e in v["tree_cdc"]:
            self.assertEqual(tree.hemera_tree_root(self.field(e, "input"), cdc=True).hex(), e["root"], e["length"])


class PoseidonVectors(unittest.TestCase):
    def test_circomlibjs(self):
        v = load("poseidon-bn254", "circomlibjs-vectors.json")
        self.assertEqual(len(v["widths"]), 16)
        for w in v["widths"]:
            n = w["n_inputs"]
            flat, outs = bytearray(), bytearray()
            for e in w["vectors"]:
                ins = [h2i(x) for x in e["inputs"]]
                self.assertEqual(poseidon.hash(ins), h2i(e["output"]), (n, e["label"]))
                for x in ins:
                    flat += x.to_bytes(32, "little")
                outs += h2i(e["output"]).to_bytes(32, "little")
                if n <= 12:
                    be = [x.to_bytes(32, "big") for x in ins]
                    self.assertEqual(poseidon.hash_bytes_be(be), h2i(e["output"]).to_bytes(32, "big"))
                    le = [x.to_bytes(32, "little") for x in ins]
                    self.assertEqual(poseidon.hash_bytes_le(le), h2i(e["output"]).to_bytes(32, "little"))
            self.assertEqual(poseidon.hash_batch(flat, n), bytes(outs), n)
            # the big-endian form and an unaligned buffer take the copying path
            flat_be = b"".join(flat[i:i + 32][::-1] for i in range(0, len(flat), 32))
            outs_be = b"".join(outs[i:i + 32][::-1] for i in range(0, len(outs), 32))
            self.assertEqual(poseidon.hash_batch(flat_be, n, byteorder="big"), outs_be)
            self.assertEqual(poseidon.hash_batch(memoryview(b"x" + bytes(flat))[1:], n), bytes(outs))

    def test_light_poseidon(self):
        v = load("poseidon-bn254", "light-poseidon-tests.json")
        for e in v["hash_vectors"]:
            out = bytes.fromhex(e["expected_output_bytes"])
            if e["api"].startswith("hash_bytes"):
                ins = [bytes.fromhex(x) for x in e["inputs_bytes"]]
                fn = poseidon.hash_bytes_be if e["api"] == "hash_bytes_be" else poseidon.hash_bytes_le
                self.assertEqual(fn(ins), out, e["test"])
            else:
                r = poseidon.hash([h2i(x) for x in e["inputs_field"]])
                self.assertEqual(r, h2i(e["output_field"]), e["test"])
        for e in v["derived_vectors"]:
            if "domain_tag" in e and "output_field" in e:
                r = poseidon.hash([h2i(x) for x in e["inputs_field"]], domain_tag=h2i(e["domain_tag"]))
                self.assertEqual(r, h2i(e["output_field"]), e["test"])
        concrete = [e for e in v["error_cases"] if isinstance(e.get("input_bytes"), str)
                    and all(c in "0123456789abcdef" for c in e["input_bytes"])]
        self.assertGreaterEqual(len(concrete), 4)
        for e in concrete:
            fn = poseidon.hash_bytes_be if e["api"] == "hash_bytes_be" else poseidon.hash_bytes_le
            with self.assertRaises(poseidon.PoseidonError) as cm:
                fn([bytes.fromhex(e["input_bytes"])])
            self.assertEqual(cm.exception.name, e["expected_error"])
        for e in v["error_cases"]:
            if isinstance(e.get("input_bytes"), list):  # padding collisions: 29..31-byte inputs
                fn = poseidon.hash_bytes_be if e["api"] == "hash_bytes_be" else poseidon.hash_bytes_le
                for x in e["input_bytes"]:
                    with self.assertRaises(poseidon.PoseidonError) as cm:
                        fn([bytes.fromhex(x), bytes(32)])
                    self.assertEqual(cm.exception.name, "InvalidInputLength")
                    self.assertEqual((cm.exception.len, cm.exception.modulus_bytes_len), (len(x) // 2, 32))
        with self.assertRaises(poseidon.PoseidonError) as cm:
            poseidon.hash_bytes_be([bytes(32), b""])
        self.assertEqual((cm.exception.name, cm.exception.index), ("EmptyInput", 1))
        with self.assertRaises(poseidon.PoseidonError) as cm:
            poseidon.hash_bytes_le([bytes(32)] * 13)
        self.assertEqual((cm.exception.name, cm.exception.inputs, cm.exception.max_limit, cm.exception.width),
                         ("InvalidNumberOfInputs", 13, 12, 14))
        self.assertTrue(issubclass(poseidon.PoseidonError, ValueError))


class TreeVectors(unittest.TestCase):
    def test_lean_imt(self):
        v = load("lean-imt", "lean-imt-poseidon.json")
        leaves = [h2i(x) for x in v["leaves"]]
        t = tree.LeanIMT()
        self.assertIsNone(t.root)
        roots = {r["size"]: r for r in v["roots"]}
        for i, x in enumerate(leaves):
            t.insert(x)
            if t.size in roots:
                self.assertEqual((t.root, t.depth), (h2i(roots[t.size]["root"]), roots[t.size]["depth"]), t.size)
        for p in v["proofs"]:
            u = tree.LeanIMT()
            u.insert_batch(leaves[:p["size"]])
            got = u.generate_proof(p["leaf_index"])
            want = {"root": h2i(p["root"]), "leaf": h2i(p["leaf"]), "index": p["index"],
                    "siblings": [h2i(s) for s in p["siblings"]]}
            self.assertEqual(got, want)
            self.assertTrue(u.verify_proof(got))
            self.assertTrue(tree.LeanIMT.verify_proof_consistency(got))
            bad = dict(got, leaf=(got["leaf"] + 1) % poseidon.P)
            self.assertFalse(u.verify_proof(bad))
            self.assertFalse(tree.LeanIMT.verify_proof_consistency(bad))
        u = tree.LeanIMT()
        u.insert_batch(leaves[:21])
        for e in v["updates_of_first_21"]:
            u.update(e["index"], h2i(e["leaf"]))
            self.assertEqual(u.root, h2i(e["root"]))
        self.assertEqual(u.index_of(leaves[1]), 1 if leaves.index(leaves[1]) == 1 else u.index_of(leaves[1]))

    def test_openzeppelin(self):
        v = load("oz-merkle-tree", "kat.json")
        for c in v["cases"]:
            if c["kind"] == "standard":
                leaves = []
                for item in c["items"]:
                    vals = [bytes.fromhex(x.get("word", x.get("bytes", "0x"))[2:]) for x in item]
                    leaves.append(tree.oz_leaf_hash(c["types"], vals))
            else:
                # a shorter value fills the word from the left, as tests/test_oz_tree.c reads it
                leaves = [bytes.fromhex(x[2:]).ljust(32, b"\0") for x in c["values"]]
            nodes, idx = tree.oz_tree_build(b"".join(leaves))
            self.assertEqual("0x" + nodes[:32].hex(), c["root"])
            self.assertEqual(["0x" + nodes[i:i + 32].hex() for i in range(0, len(nodes), 32)], c["tree"])
            self.assertEqual(idx, c["treeIndex"])
            for i, leaf in enumerate(leaves):
                proof = tree.oz_tree_proof(nodes, idx[i])
                self.assertTrue(tree.oz_tree_verify(nodes[:32], leaf, proof))
                if proof:
                    self.assertFalse(tree.oz_tree_verify(nodes[:32], bytes(32), proof))


if __name__ == "__main__":
    unittest.main()
