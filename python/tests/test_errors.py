"""Bad input raises TypeError / ValueError with a message, never a crash;
a loop of 10^6 calls keeps the resident set flat (no leak)."""
import gc
import unittest

import zkprim
from zkprim import gf2, poseidon, tree


def rss_kib():
    with open("/proc/self/status") as f:
        for line in f:
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    raise unittest.SkipTest("no /proc/self/status")


class BadInput(unittest.TestCase):
    def test_hash_objects(self):
        for name in sorted(zkprim.algorithms_available):
            with self.assertRaises(TypeError):
                zkprim.new(name, "text")
            h = zkprim.new(name)
            for bad in ("str", 1, None, 1.5, [1, 2], object()):
                with self.assertRaises(TypeError, msg=(name, bad)):
                    h.update(bad)
            with self.assertRaises(TypeError):
                zkprim.new(name, b"", bogus=1)
        with self.assertRaises(ValueError):
            zkprim.new("md5")
        with self.assertRaises(TypeError):
            zkprim.new(b"sha3_256")
        with self.assertRaises(TypeError):
            zkprim.sha3_256().digest(10)       # fixed output: no length
        with self.assertRaises(TypeError):
            zkprim.shake_128().digest()        # XOF: length required (hashlib)
        with self.assertRaises(ValueError):
            zkprim.shake_128().digest(-1)
        with self.assertRaises(ValueError):
            zkprim.shake_128().digest(4, seek=-1)
        with self.assertRaises(ValueError):
            zkprim.hemera(key=b"short")
        with self.assertRaises(ValueError):
            zkprim.hemera(key=bytes(32), derive_key_context="x")
        with self.assertRaises(ValueError):
            zkprim.hemera(key=bytes(32), secret=True)
        with self.assertRaises(TypeError):
            zkprim.hemera(derive_key_context=5)
        with self.assertRaises(TypeError):  # non-contiguous buffers are refused, not copied
            zkprim.sha3_256(memoryview(bytes(10))[::2])

    def test_poseidon(self):
        with self.assertRaises(ValueError):
            poseidon.hash([])
        with self.assertRaises(ValueError):
            poseidon.hash([1] * 17)
        with self.assertRaises(ValueError):
            poseidon.hash([poseidon.P])
        with self.assertRaises(ValueError):
            poseidon.hash([-1])
        with self.assertRaises(ValueError):
            poseidon.hash([1 << 300])
        with self.assertRaises(TypeError):
            poseidon.hash([1.0])
        with self.assertRaises(TypeError):
            poseidon.hash(5)
        with self.assertRaises(TypeError):
            poseidon.hash_bytes_be(["str"])
        with self.assertRaises(ValueError):
            poseidon.hash_many(bytes(33), 1)
        with self.assertRaises(ValueError):
            poseidon.hash_many(bytes(64), 0)
        with self.assertRaises(ValueError):
            poseidon.hash_many(b"\xff" * 32, 1)
        with self.assertRaises(ValueError):
            poseidon.hash_many(bytes(32), 1, byteorder="middle")
        self.assertEqual(poseidon.hash_many(b"", 2), b"")

    def test_gf2(self):
        with self.assertRaises(ValueError):
            gf2.Field("b999")
        F = gf2.Field("b127")
        with self.assertRaises(ValueError):
            F.mul(1 << 127, 1)          # unreduced
        with self.assertRaises(ValueError):
            F.mul(1 << 200, 1)          # wider than the encoding
        with self.assertRaises(ValueError):
            F.mul(-1, 1)
        with self.assertRaises(ValueError):
            F.mul(bytes(15), 1)         # wrong length
        with self.assertRaises(TypeError):
            F.mul("1", 1)
        with self.assertRaises(ZeroDivisionError):
            F.inv(0)
        with self.assertRaises(ValueError):
            F.pow(2, -1)
        with self.assertRaises(ValueError):
            F.mul_batch(bytes(16), bytes(32))
        with self.assertRaises(ValueError):
            F.mul_batch(bytes(17), bytes(17))
        with self.assertRaises(ValueError):
            F.fixed_base(3, window=21)
        with self.assertRaises(ValueError):
            F.fixed_base(3).pow(1 << 128)

    def test_trees(self):
        with self.assertRaises(ValueError):
            tree.keccak_merkle_root(bytes(96))        # 3 leaves
        with self.assertRaises(ValueError):
            tree.keccak_merkle_root(bytes(33))
        with self.assertRaises(ValueError):
            tree.keccak_tree_root(b"x", leaf_size=0)
        with self.assertRaises(ValueError):
            tree.keccak_tree_root(b"x", alg="md5")
        with self.assertRaises(ValueError):
            tree.hemera_proof(bytes(5000), 2)          # 2 chunks: index 2 out of range
        with self.assertRaises(ValueError):
            tree.hemera_subtree_merge([bytes(32)], [0, 4096])  # one part is the whole
        with self.assertRaises(ValueError):
            tree.hemera_subtree_merge([bytes(32)] * 2, [0, 100, 8192])  # not on a chunk boundary
        with self.assertRaises(ValueError):
            tree.hemera_subtree_root(b"", 0)
        with self.assertRaises(ValueError):
            tree.poseidon_tree_root([1, 2, 3])
        with self.assertRaises(ValueError):
            tree.poseidon_tree_root([poseidon.P, 0])
        with self.assertRaises(ValueError):
            tree.oz_tree_build(b"")
        with self.assertRaises(ValueError):
            tree.oz_leaf_hash(["uint7"], [bytes(32)])
        with self.assertRaises(ValueError):
            tree.oz_leaf_hash(["address"], [b"\xff" * 32])  # high bytes of an address
        t = tree.LeanIMT()
        with self.assertRaises(ValueError):
            t.generate_proof(0)
        with self.assertRaises(ValueError):
            t.insert(poseidon.P)
        with self.assertRaises(ValueError):
            t.insert_many([])
        with self.assertRaises(TypeError):
            t.insert("1")


class NoLeak(unittest.TestCase):
    def test_million_calls_keep_rss_flat(self):
        # Warm up (allocator pools, caches), then 10^6 calls across the API's
        # allocation paths; the resident set may not grow by more than 4 MiB.
        F = gf2.Field("b256")
        k, c = bytes(32), b"x" * 64

        def round_(i):
            zkprim.keccak_256(c).digest()
            if i % 4 == 0:
                h = zkprim.hemera(c, key=k)
                h.copy().hexdigest(40)
            if i % 16 == 0:
                poseidon.hash([i, 2])
                F.mul(i, 3)
                try:
                    poseidon.hash_bytes_be([b""])
                except poseidon.PoseidonError:
                    pass
                try:
                    zkprim.sha3_256("bad")
                except TypeError:
                    pass

        for i in range(50000):
            round_(i)
        gc.collect()
        before = rss_kib()
        for i in range(1000000):
            round_(i)
        gc.collect()
        grown = rss_kib() - before
        self.assertLess(grown, 4096, "resident set grew by %d KiB over 10^6 calls" % grown)


if __name__ == "__main__":
    unittest.main()
