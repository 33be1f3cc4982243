"""Trees: Keccak / SHA3 Merkle trees against a plain oracle on hashlib's
SHA3-256 and the package's Keccak-256, Poseidon trees against poseidon.hash,
Hemera proofs (round trip, tampering), the subtree split and merge that
zkprim.dask plans with, and the thread counts (the root never depends on
them)."""
import hashlib
import threading
import unittest

import zkprim
from zkprim import poseidon, tree

from util import random_chunks, rng

H = {"keccak_256": lambda b: zkprim.keccak_256(b).digest(), "sha3_256": lambda b: hashlib.sha3_256(b).digest()}


def oracle_root(alg, leaves):
    level = list(leaves)
    while len(level) > 1:
        level = [H[alg](level[i] + level[i + 1]) for i in range(0, len(level), 2)]
    return level[0]


def oracle_data_root(alg, data, leaf):
    """`zkprim tree -a keccak256`: leaf hashes, padded with zero nodes to a power of two."""
    nodes = [H[alg](data[i:i + leaf]) for i in range(0, len(data), leaf)] or [H[alg](b"")]
    n = 1
    while n < len(nodes):
        n *= 2
    return oracle_root(alg, nodes + [bytes(32)] * (n - len(nodes)))


class KeccakTrees(unittest.TestCase):
    def test_merkle_against_oracle(self):
        r = rng("keccak-merkle")
        for alg in H:
            for k in range(0, 8):
                leaves = [r.randbytes(32) for _ in range(1 << k)]
                flat = b"".join(leaves)
                root = oracle_root(alg, leaves)
                for threads in (0, 1, 2, 4):
                    self.assertEqual(tree.keccak_tree_root(flat, alg, threads=threads), root, (alg, k, threads))
                nodes = tree.keccak_tree_build(flat, alg, threads=2)
                self.assertEqual(nodes[-32:], root)
                for i in r.sample(range(1 << k), min(4, 1 << k)):
                    proof = tree.keccak_tree_proof(nodes, i)
                    self.assertTrue(tree.keccak_tree_verify(root, leaves[i], i, proof, alg))
                    if k:
                        self.assertFalse(tree.keccak_tree_verify(root, leaves[i], i ^ 1, proof, alg))

    def test_data_roots_streamed_and_split(self):
        r = rng("keccak-data")
        for _ in range(25):
            alg = r.choice(list(H))
            leaf = r.choice([1, 7, 64, 100, 4096])
            data = r.randbytes(r.randrange(0, 40 * leaf))
            want = oracle_data_root(alg, data, leaf)
            self.assertEqual(tree.keccak_tree_root_data(data, leaf_size=leaf, alg=alg), want)
            h = tree.KeccakTreeHasher(leaf_size=leaf, alg=alg)
            for piece in random_chunks(r, data):
                h.update(piece)
            self.assertEqual(h.finalize(), want)
            off = tree.keccak_subtree_split(len(data), leaf, r.randrange(1, 9))
            cvs = [tree.keccak_tree_root_data(data[a:b], leaf_size=leaf, alg=alg) for a, b in zip(off, off[1:])]
            self.assertEqual(tree.keccak_subtree_merge_parts(cvs, off, leaf, alg), want, (len(data), leaf, off))

    def test_threads_give_the_unthreaded_root(self):
        """KeccakTreeHasher / keccak_tree_root_data with threads= (the C
        tree hasher's threads, blocks of >= 256 KiB): the root of one thread,
        on random data past a few blocks, across leaf sizes and update cuts."""
        r = rng("keccak-threads")
        data = r.randbytes(4 * 256 * 1024 + r.randrange(1, 4096))
        for leaf in (7, 31, 136, 4096, 5000, 300000, len(data) + 1):
            alg = r.choice(list(H))
            want = tree.keccak_tree_root_data(data, leaf_size=leaf, alg=alg)
            for threads in (3, 1000):
                self.assertEqual(tree.keccak_tree_root_data(data, leaf, alg, threads=threads), want, (leaf, threads))
            h = tree.KeccakTreeHasher(leaf_size=leaf, alg=alg, threads=r.choice([2, 4]))
            cut = r.randrange(len(data))
            h.update(data[:cut])
            h.update(data[cut:])
            self.assertEqual(h.finalize(), want, leaf)
        self.assertEqual(oracle_data_root("keccak_256", data[:70000], 7),
                         tree.keccak_tree_root_data(data[:70000], 7, threads=2))
        with self.assertRaises(ValueError):
            tree.KeccakTreeHasher(threads=-1)

    def test_leaf_size_past_the_data_is_one_leaf(self):
        """The library takes any leaf size >= 1 (1.1.0): one past the data is
        one leaf, the root H(data); the binding no longer clamps it."""
        r = rng("keccak-one-leaf")
        for n in (0, 1, 135, 136, 5000):
            data = r.randbytes(n)
            for alg in H:
                for leaf in (n + 1, 2 ** 32, 2 ** 63, 2 ** 64 - 1):
                    self.assertEqual(tree.keccak_tree_root_data(data, leaf_size=leaf, alg=alg), H[alg](data), (n, leaf))
                    h = tree.KeccakTreeHasher(leaf_size=leaf, alg=alg)
                    h.update(data)
                    self.assertEqual(h.finalize(), H[alg](data))
            self.assertEqual(tree.keccak_subtree_split(n, 2 ** 64 - 1, 4), [0, n])
            self.assertEqual(tree.keccak_subtree_merge_parts([H["keccak_256"](data)], [0, n], 2 ** 64 - 1),
                             H["keccak_256"](data))


class HemeraTrees(unittest.TestCase):
    def test_proofs(self):
        r = rng("hemera-proof")
        for n in (0, 1, 4096, 4097, 3 * 4096 + 5, 9 * 4096):
            data = r.randbytes(n)
            root = tree.hemera_tree_root(data)
            chunks = max(1, -(-n // 4096))
            for i in {0, chunks - 1, r.randrange(chunks)}:
                proof = tree.hemera_tree_proof(data, i)
                chunk = data[4096 * i:4096 * (i + 1)]
                self.assertTrue(tree.hemera_tree_verify(root, chunk, i, n, proof))
                self.assertFalse(tree.hemera_tree_verify(root, chunk + b"x" if len(chunk) < 4096 else chunk[:-1] + b"x",
                                                    i, n, proof))

    def test_streamed_threads_and_subtrees(self):
        r = rng("hemera-sub")
        for _ in range(12):
            n = r.choice([r.randrange(0, 70000), r.randrange(4096, 600000)])
            data = r.randbytes(n)
            want = tree.hemera_tree_root(data)
            self.assertEqual(tree.hemera_tree_root(data, threads=3), want)
            h = tree.HemeraTreeHasher(threads=r.choice([0, 2]))
            for piece in random_chunks(r, data):
                h.update(piece)
            self.assertEqual(h.finalize(), want)
            off = tree.hemera_subtree_split(n, r.randrange(1, 12))
            if len(off) > 2:
                cvs = [tree.hemera_subtree_root(data[a:b], a // 4096) for a, b in zip(off, off[1:])]
                self.assertEqual(tree.hemera_subtree_merge_parts(cvs, off), want, (n, off))


class LeanIMTThreads(unittest.TestCase):
    def test_threads_insert_into_one_tree(self):
        # insert_batch drops the GIL; the tree's lock keeps the C tree whole.
        # Every thread inserts the same batch, so any order gives batch * k.
        batch = list(range(1, 2001))
        t, k = tree.LeanIMT(), 4
        ths = [threading.Thread(target=lambda: [t.insert_batch(batch), t.root, t.size]) for _ in range(k)]
        for th in ths:
            th.start()
        for th in ths:
            th.join()
        ref = tree.LeanIMT()
        ref.insert_batch(batch * k)
        self.assertEqual((t.size, t.root), (ref.size, ref.root))


class LeanIMTVerify(unittest.TestCase):
    """verify_proof on a tree checks the proof against that tree's root;
    before 1.1.0 it was zk-kit's static consistency check, so an empty tree
    (or any tree) said True for a proof from another tree."""

    def test_against_the_trees_own_root(self):
        other = tree.LeanIMT()
        other.insert_batch([1, 2, 3])
        proof = other.generate_proof(1)
        self.assertFalse(tree.LeanIMT().verify_proof(proof))          # empty: nothing is in it
        mine = tree.LeanIMT()
        mine.insert_batch([7, 8, 9])
        self.assertFalse(mine.verify_proof(proof))                    # consistent, but another tree's root
        same = tree.LeanIMT()
        same.insert_batch([1, 2, 3])
        self.assertTrue(same.verify_proof(proof))
        self.assertTrue(other.verify_proof(proof))
        other.insert(4)                                               # the root moved on
        self.assertFalse(other.verify_proof(proof))
        self.assertTrue(other.verify_proof(other.generate_proof(1)))
        forged = dict(proof, leaf=5)
        self.assertFalse(same.verify_proof(forged))

    def test_consistency_check_is_named_as_such(self):
        t = tree.LeanIMT()
        t.insert_batch([1, 2, 3])
        proof = t.generate_proof(2)
        self.assertTrue(tree.LeanIMT.verify_proof_consistency(proof))
        self.assertFalse(tree.LeanIMT.verify_proof_consistency(dict(proof, leaf=4)))
        # A proof of a tree nobody trusts is consistent: the weaker check says True.
        fake = tree.LeanIMT()
        fake.insert_batch([11, 12])
        self.assertTrue(tree.LeanIMT.verify_proof_consistency(fake.generate_proof(0)))
        # The pre-1.1 static call still answers the consistency question, and warns.
        with self.assertWarns(DeprecationWarning):
            self.assertTrue(tree.LeanIMT.verify_proof(proof))


class PoseidonTrees(unittest.TestCase):
    def test_against_hash(self):
        r = rng("poseidon-tree")
        for k in range(0, 6):
            leaves = [r.randrange(poseidon.P) for _ in range(1 << k)]
            level = leaves
            while len(level) > 1:
                level = [poseidon.hash([level[i], level[i + 1]]) for i in range(0, len(level), 2)]
            self.assertEqual(tree.poseidon_tree_root(leaves), level[0])
            nodes = tree.poseidon_tree_build(leaves)
            self.assertEqual(nodes[-1], level[0])
            for i in range(len(leaves)):
                proof = tree.poseidon_tree_proof(leaves, i)
                self.assertEqual(len(proof), k)
                self.assertEqual(proof, tree.poseidon_tree_proof_nodes(nodes, i))
                self.assertTrue(tree.poseidon_tree_verify(level[0], leaves[i], i, proof))
                if k:
                    self.assertFalse(tree.poseidon_tree_verify(level[0], (leaves[i] + 1) % poseidon.P, i, proof))

    def test_proof_takes_the_counts_the_root_takes(self):
        """Issue 26, defect 2: poseidon_tree_proof([1, 2, 3], 0) returned [2]
        (the list read as the node list of a 2-leaf tree) while the root of
        the same leaves is refused. The proof takes the leaves, as
        poseidon_tree_root does, and refuses the same counts with the same
        message; the node list goes to poseidon_tree_proof_nodes."""
        for n in (0, 3, 5, 6, 7, 9):
            leaves = list(range(1, n + 1))
            with self.assertRaises(ValueError) as root_error:
                tree.poseidon_tree_root(leaves)
            for i in {0, max(n - 1, 0)}:
                with self.assertRaises(ValueError, msg=(n, i)) as proof_error:
                    tree.poseidon_tree_proof(leaves, i)
                self.assertTrue(str(proof_error.exception).split(":", 1)[1].startswith(
                    str(root_error.exception).split(":", 1)[1]), (str(proof_error.exception), str(root_error.exception)))
                self.assertEqual("poseidon_tree_proof_nodes" in str(proof_error.exception), n in (3, 7))
            with self.assertRaises(ValueError):
                tree.poseidon_tree_build(leaves)
        nodes = tree.poseidon_tree_build([1, 2])
        self.assertEqual(tree.poseidon_tree_proof([1, 2], 0), [2])
        self.assertEqual(tree.poseidon_tree_proof_nodes(nodes, 1), [1])
        for bad in ([], [1, 2], [1, 2, 3, 4, 5]):       # not 2n - 1 nodes with n = 2^k
            with self.assertRaises(ValueError):
                tree.poseidon_tree_proof_nodes(bad, 0)
        for call in (tree.poseidon_tree_proof, tree.poseidon_tree_proof_nodes):
            with self.assertRaises(ValueError):
                call([1, 2] if call is tree.poseidon_tree_proof else nodes, 2)   # index past the leaves
        with self.assertRaises(ValueError):
            tree.poseidon_tree_verify(poseidon.P, 1, 0, [2])                      # a root >= p
        self.assertFalse(tree.poseidon_tree_verify(nodes[-1], 1, 0, [3]))


class OzTrees(unittest.TestCase):
    TYPES = ["address", "uint256", "bytes", "string", "bool", "int8", "bytes4"]

    def row(self, r):
        word = lambda k: bytes(32 - k) + r.randbytes(k)
        return [word(20), r.randbytes(32), r.randbytes(r.randrange(70)), "é€".encode() * r.randrange(3),
                bytes(31) + bytes([r.randrange(2)]), bytes(31) + bytes([r.randrange(128)]), r.randbytes(4) + bytes(28)]

    def test_leaf_hash_values_is_leaf_hash_per_row(self):
        r = rng("oz-rows")
        rows = [self.row(r) for _ in range(r.randrange(1, 40))]
        flat = tree.oz_leaf_hash_values(self.TYPES, rows)
        self.assertEqual(flat, b"".join(tree.oz_leaf_hash(self.TYPES, v) for v in rows))
        self.assertEqual(tree.oz_leaf_hash_values(self.TYPES, []), b"")
        nodes, _ = tree.oz_tree_build(flat)
        self.assertIsNone(tree.oz_tree_check(nodes))

    def test_errors_name_the_value(self):
        r = rng("oz-errors")
        rows = [self.row(r) for _ in range(5)]
        rows[3][5] = b"\x01" * 32                 # int8 not sign-extended
        with self.assertRaisesRegex(ValueError, r"oz_leaf_hash_values: row 3, value 5 \(int8\)"):
            tree.oz_leaf_hash_values(self.TYPES, rows)
        with self.assertRaisesRegex(ValueError, r"oz_leaf_hash: value 0 \(address\)"):
            tree.oz_leaf_hash(["address"], [b"\xff" * 32])
        with self.assertRaisesRegex(ValueError, "oz_leaf_hash: unsupported ABI type 'uint7'"):
            tree.oz_leaf_hash(["uint7"], [bytes(32)])
        with self.assertRaisesRegex(ValueError, "as many values as types"):
            tree.oz_leaf_hash_values(["bool"], [[bytes(32)], []])
        with self.assertRaises(TypeError):
            tree.oz_leaf_hash_values(["bytes"], [["text"]])

    def test_check_names_the_bad_node(self):
        r = rng("oz-check")
        nodes, _ = tree.oz_tree_build(r.randbytes(32 * 6))      # 11 nodes
        for k in (0, 2, 4):
            bad = bytearray(nodes)
            bad[32 * k] ^= 1
            with self.assertRaisesRegex(ValueError, "node %d is not the hash of its children" % k):
                tree.oz_tree_check(bad)
        bad = bytearray(nodes)
        bad[32 * 10] ^= 1                                       # a leaf: its parent (4) no longer matches
        with self.assertRaisesRegex(ValueError, "node 4 "):
            tree.oz_tree_check(bad)
        for wrong in (nodes[:-32], nodes + b"x", b""):
            with self.assertRaises(ValueError):
                tree.oz_tree_check(wrong)


if __name__ == "__main__":
    unittest.main()
