"""The package's names and its import-time checks: the 1.1.0 names follow
the C library's (tree_root, tree_proof, hash_batch, insert_batch ...), the
pre-1.1 names still work and warn, keccak_tree_root refuses a pre-1.1 call
rather than give another tree's root, and an invalid ZKPRIM_CPU stops the
import as it stops the CLI."""
import os
import platform
import subprocess
import sys
import unittest

import zkprim
from zkprim import poseidon, tree


class DeprecatedNames(unittest.TestCase):
    def test_aliases_warn_and_agree(self):
        data = bytes(range(256)) * 20
        leaves = bytes(range(128))                   # four 32-byte leaves
        nodes = tree.keccak_tree_build(leaves)
        proof = tree.hemera_tree_proof(data, 1)
        root = tree.hemera_tree_root(data)
        off = tree.hemera_subtree_split(len(data), 2)
        cvs = [tree.hemera_subtree_root(data[a:b], a // 4096) for a, b in zip(off, off[1:])]
        koff = tree.keccak_subtree_split(len(data), 64, 2)
        kcvs = [tree.keccak_tree_root_data(data[a:b], 64) for a, b in zip(koff, koff[1:])]
        elems = bytes(64)
        cases = [
            (tree.keccak_merkle_root, (leaves,), tree.keccak_tree_root(leaves)),
            (tree.keccak_merkle_build, (leaves,), nodes),
            (tree.keccak_merkle_proof, (nodes, 2), tree.keccak_tree_proof(nodes, 2)),
            (tree.keccak_merkle_verify, (nodes[-32:], leaves[64:96], 2, tree.keccak_tree_proof(nodes, 2)), True),
            (tree.keccak_subtree_merge, (kcvs, koff, 64), tree.keccak_tree_root_data(data, 64)),
            (tree.hemera_root, (data,), root),
            (tree.hemera_proof, (data, 1), proof),
            (tree.hemera_verify, (root, data[4096:8192], 1, len(data), proof), True),
            (tree.hemera_subtree_merge, (cvs, off), root),
            (poseidon.hash_many, (elems, 2), poseidon.hash_batch(elems, 2)),
        ]
        for old, args, want in cases:
            with self.assertWarnsRegex(DeprecationWarning, "deprecated since zkprim 1.1.0; use "):
                self.assertEqual(old(*args), want, old.__name__)
        a, b = tree.LeanIMT(), tree.LeanIMT()
        a.insert_batch([1, 2, 3])
        with self.assertWarnsRegex(DeprecationWarning, "use insert_batch"):
            b.insert_many([1, 2, 3])
        self.assertEqual(a.root, b.root)

    def test_keccak_tree_root_refuses_the_pre_1_1_call(self):
        """keccak_tree_root(data, leaf_size=64) was the root over leaf data;
        since 1.1.0 that is keccak_tree_root_data and keccak_tree_root takes
        32-byte leaves (C zkp_keccak_tree_root). Every old-shaped call that can
        be told apart is a TypeError naming the new function."""
        for call in (lambda: tree.keccak_tree_root(b"abc"),
                     lambda: tree.keccak_tree_root(bytes(64), leaf_size=64),
                     lambda: tree.keccak_tree_root(bytes(64), 64),
                     lambda: tree.keccak_tree_root(bytes(100), leaf_size=10, alg="sha3_256")):
            with self.assertRaisesRegex(TypeError, "keccak_tree_root_data"):
                call()
        # 2^k leaves: the tree over them, as the C call.
        leaves = bytes(range(64))
        self.assertEqual(tree.keccak_tree_root(leaves),
                         zkprim.keccak_256(leaves).digest())


class ModuleInit(unittest.TestCase):
    """The extension uses multi-phase initialisation (PEP 489) with heap
    types in its module state: a second module object from the same
    extension gets its own types, and both work (a single-phase module with
    static types hands back the same type objects)."""
    HEAPTYPE = 1 << 9       # Py_TPFLAGS_HEAPTYPE

    def test_types_are_heap_types(self):
        from zkprim import _zkprim, gf2
        for t in (_zkprim.KeccakHash, _zkprim.HemeraHash, _zkprim.KeccakTreeHasher, _zkprim.HemeraTreeHasher,
                  _zkprim.LeanIMT, gf2.Field, gf2.FixedBase, poseidon.PoseidonError):
            self.assertTrue(t.__flags__ & self.HEAPTYPE, t)
        with self.assertRaises(TypeError):          # made by the constructors only, as hashlib's
            _zkprim.KeccakHash()

    def test_second_module_object_has_its_own_state(self):
        import importlib.util
        from zkprim import _zkprim
        spec = importlib.util.find_spec("zkprim._zkprim")
        other = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(other)
        self.assertIsNot(other.KeccakHash, _zkprim.KeccakHash)
        self.assertIsNot(other.PoseidonError, _zkprim.PoseidonError)
        self.assertIsInstance(other.keccak_256(b"abc"), other.KeccakHash)
        self.assertEqual(other.keccak_256(b"abc").digest(), _zkprim.keccak_256(b"abc").digest())
        with self.assertRaises(other.PoseidonError):
            other.poseidon_hash_bytes_be([b""])
        f = other.Field("b256")
        self.assertIsInstance(f.fixed_base(3), other.FixedBase)


class CpuEnvironment(unittest.TestCase):
    """ZKPRIM_CPU is refused at import when invalid, as the CLI refuses it
    (before 1.1.0 the package ignored it silently and used every kernel)."""

    def run_import(self, value):
        env = dict(os.environ, ZKPRIM_CPU=value)
        return subprocess.run([sys.executable, "-c", "import zkprim; print(zkprim.cpu_features())"], env=env,
                              capture_output=True, text=True, check=False)

    def test_invalid_values_stop_the_import(self):
        other = "neon" if platform.machine() in ("x86_64", "AMD64") else "avx2"
        for value, why in (("AVX2", "unknown level"), ("avx2+", "unknown level"), (other, "this CPU lacks a feature")):
            r = self.run_import(value)
            self.assertNotEqual(r.returncode, 0, value)
            self.assertIn("ImportError: zkprim: ZKPRIM_CPU=%s: %s" % (value, why), r.stderr, value)
            self.assertIn("native, portable", r.stderr)

    def test_valid_values_import(self):
        for value in ("portable", "native", ""):
            r = self.run_import(value)
            self.assertEqual(r.returncode, 0, (value, r.stderr))
        self.assertEqual(self.run_import("portable").stdout.strip(), "none")


if __name__ == "__main__":
    unittest.main()
