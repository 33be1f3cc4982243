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
                self.assertEqual(proof, tree.poseidon_tree_proof(nodes, i) if len(nodes) & (len(nodes) - 1) else proof)
                self.assertTrue(tree.poseidon_tree_verify(level[0], leaves[i], i, proof))
                if k:
                    self.assertFalse(tree.poseidon_tree_verify(level[0], (leaves[i] + 1) % poseidon.P, i, proof))


if __name__ == "__main__":
    unittest.main()
