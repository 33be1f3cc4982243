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
            poseidon.hash_batch(bytes(33), 1)
        with self.assertRaises(ValueError):
            poseidon.hash_batch(bytes(64), 0)
        with self.assertRaises(ValueError):
            poseidon.hash_batch(b"\xff" * 32, 1)
        with self.assertRaises(ValueError):
            poseidon.hash_batch(bytes(32), 1, byteorder="middle")
        self.assertEqual(poseidon.hash_batch(b"", 2), b"")

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
            tree.keccak_tree_root(bytes(96))        # 3 leaves
        with self.assertRaises(TypeError):
            tree.keccak_tree_root(bytes(33))          # not 32-byte leaves: the pre-1.1 data call
        with self.assertRaises(ValueError):
            tree.keccak_tree_root_data(b"x", leaf_size=0)
        with self.assertRaises(ValueError):
            tree.keccak_tree_root_data(b"x", alg="md5")
        with self.assertRaises(ValueError):
            tree.hemera_tree_proof(bytes(5000), 2)          # 2 chunks: index 2 out of range
        with self.assertRaises(ValueError):
            tree.hemera_subtree_merge_parts([bytes(32)], [0, 4096])  # one part is the whole
        with self.assertRaises(ValueError):
            tree.hemera_subtree_merge_parts([bytes(32)] * 2, [0, 100, 8192])  # not on a chunk boundary
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
            t.insert_batch([])
        with self.assertRaises(TypeError):
            t.insert("1")

    def test_tree_data_arguments(self):
        """A str or a non-contiguous view as tree data is a TypeError, as
        for the hash objects (the tree functions raised BufferError for a
        non-contiguous view)."""
        calls = {
            "keccak_tree_root_data": lambda d: tree.keccak_tree_root_data(d),
            "keccak_tree_root": lambda d: tree.keccak_tree_root(d),
            "keccak_tree_build": lambda d: tree.keccak_tree_build(d),
            "keccak_tree_proof": lambda d: tree.keccak_tree_proof(d, 0),
            "keccak_tree_verify": lambda d: tree.keccak_tree_verify(bytes(32), bytes(32), 0, d),
            "hemera_tree_root": lambda d: tree.hemera_tree_root(d),
            "hemera_subtree_root": lambda d: tree.hemera_subtree_root(d, 0),
            "hemera_tree_proof": lambda d: tree.hemera_tree_proof(d, 0),
            "hemera_tree_verify chunk": lambda d: tree.hemera_tree_verify(bytes(32), d, 0, 4096, b""),
            "hemera_tree_verify proof": lambda d: tree.hemera_tree_verify(bytes(32), bytes(4096), 0, 4096, d),
            "oz_tree_proof": lambda d: tree.oz_tree_proof(d, 0),
        }
        for what, call in calls.items():
            for bad in ("text", memoryview(bytes(8192))[::2]):
                with self.assertRaises(TypeError, msg=(what, type(bad))):
                    call(bad)

    def test_hemera_verify_answers_false(self):
        """hemera_tree_verify is -> bool: a proof that does not show the chunk
        (wrong total_len, index past the end, proof of another length) is
        False; before 1.1.0 those raised ValueError. Wrong types still raise."""
        data = bytes(range(256)) * 40                # 3 chunks
        root, proof = tree.hemera_tree_root(data), tree.hemera_tree_proof(data, 1)
        chunk = data[4096:8192]
        self.assertTrue(tree.hemera_tree_verify(root, chunk, 1, len(data), proof))
        # (A total_len giving the same path and chunk length verifies: the root
        # does not record the length, include/zkprim/hemera.h.)
        for total in (0, 4096, 4097, 1 << 40):
            self.assertFalse(tree.hemera_tree_verify(root, chunk, 1, total, proof), total)
        self.assertFalse(tree.hemera_tree_verify(root, chunk, 3, len(data), proof))      # past the end
        self.assertFalse(tree.hemera_tree_verify(root, chunk, 1, len(data), proof + b"x"))
        self.assertFalse(tree.hemera_tree_verify(root, chunk, 1, len(data), b""))
        with self.assertRaises(TypeError):
            tree.hemera_tree_verify(root, "text", 1, len(data), proof)
        with self.assertRaises(ValueError):
            tree.hemera_tree_verify(root[:31], chunk, 1, len(data), proof)            # a root is 32 bytes

    def test_lean_imt_proof_shape(self):
        """A proof dict without a key is a TypeError naming the key (a bare
        KeyError before 1.1.0)."""
        t = tree.LeanIMT()
        t.insert_batch([1, 2])
        good = t.generate_proof(0)
        for check in (t.verify_proof, tree.LeanIMT.verify_proof_consistency):
            for key in ("root", "leaf", "index", "siblings"):
                bad = {k: v for k, v in good.items() if k != key}
                with self.assertRaisesRegex(TypeError, "the proof has no '%s'" % key):
                    check(bad)
            with self.assertRaisesRegex(TypeError, "no 'root'"):
                check({})
            with self.assertRaises(TypeError):
                check([1, 2])

    def test_integer_arguments(self):
        """Counts, indices, offsets and thread counts: a negative or too large
        int is a ValueError naming the range, never wrapped into another value
        (-1 used to be read as 2^64 - 1 and 2^64 as 0); a float is a
        TypeError; any object with __index__ (numpy integers) is accepted."""
        class Idx:
            def __init__(self, v):
                self.v = v

            def __index__(self):
                return self.v

        data = bytes(range(256)) * 40                # 10240 bytes: 3 chunks
        # what the message names (the call and the argument) -> the call
        calls = {
            "hemera_subtree_split: total_len": lambda v: tree.hemera_subtree_split(v, 4),
            "keccak_subtree_split: total_len": lambda v: tree.keccak_subtree_split(v, 64, 4),
            "hemera_subtree_root: first_chunk": lambda v: tree.hemera_subtree_root(data[:4096], v),
            "hemera_subtree_merge_parts: offsets": lambda v: tree.hemera_subtree_merge_parts([bytes(32)] * 2, [0, v, 8192]),
            "hemera_tree_proof: index": lambda v: tree.hemera_tree_proof(data, v),
            "hemera_tree_verify: index": lambda v: tree.hemera_tree_verify(bytes(32), data[:4096], v, len(data), b""),
            "hemera_tree_verify: total_len": lambda v: tree.hemera_tree_verify(bytes(32), data[:4096], 0, v, b""),
            "keccak_tree_proof: index": lambda v: tree.keccak_tree_proof(bytes(96), v),
            "keccak_tree_verify: index": lambda v: tree.keccak_tree_verify(bytes(32), bytes(32), v, b""),
            "poseidon_tree_proof_root: index": lambda v: tree.poseidon_tree_proof_root(1, v, [2]),
            "poseidon_tree_proof: index": lambda v: tree.poseidon_tree_proof([1, 2], v),
            "poseidon_tree_proof_nodes: index": lambda v: tree.poseidon_tree_proof_nodes([1, 2, 3], v),
            "poseidon_tree_verify: index": lambda v: tree.poseidon_tree_verify(1, 1, v, [2]),
            "oz_tree_proof: index": lambda v: tree.oz_tree_proof(bytes(96), v),
            "hemera_tree_root: threads": lambda v: tree.hemera_tree_root(data, threads=v),
            "HemeraTreeHasher: threads": lambda v: tree.HemeraTreeHasher(threads=v),
            "keccak_tree_build: threads": lambda v: tree.keccak_tree_build(bytes(64), "keccak_256", threads=v),
            "keccak_tree_root: threads": lambda v: tree.keccak_tree_root(bytes(64), "keccak_256", threads=v),
            "keccak_tree_root_data: threads": lambda v: tree.keccak_tree_root_data(data, threads=v),
            "KeccakTreeHasher: threads": lambda v: tree.KeccakTreeHasher(threads=v),
            "update: index": lambda v: lean.update(v, 5),
            "generate_proof: index": lambda v: lean.generate_proof(v),
            "verify_proof: index": lambda v: lean.verify_proof(dict(lean.generate_proof(0), index=v)),
            "fixed_base: window": lambda v: gf2.Field("b256").fixed_base(3, window=v),
            # sizes and counts (the "n" format raised OverflowError at 2^63)
            "keccak_tree_root_data: leaf_size": lambda v: tree.keccak_tree_root_data(data, v),
            "KeccakTreeHasher: leaf_size": lambda v: tree.KeccakTreeHasher(leaf_size=v),
            "keccak_subtree_split: leaf_size": lambda v: tree.keccak_subtree_split(len(data), v, 4),
            "keccak_subtree_split: max_parts": lambda v: tree.keccak_subtree_split(len(data), 64, v),
            "keccak_subtree_merge_parts: leaf_size": lambda v: tree.keccak_subtree_merge_parts([bytes(32)], [0, 64], v),
            "hemera_subtree_split: max_parts": lambda v: tree.hemera_subtree_split(len(data), v),
            "hash_batch: n_inputs": lambda v: poseidon.hash_batch(bytes(64), v),
        }
        lean = tree.LeanIMT()
        lean.insert_batch([1, 2, 3])
        thread_calls = {k for k in calls if "threads" in k or "window" in k}
        for what, call in calls.items():
            too_big = 1 << 32 if what in thread_calls else 1 << 64
            for bad in (-1, -(1 << 64), too_big, 1 << 200):
                with self.assertRaises(ValueError, msg=(what, bad)) as cm:
                    call(bad)
                # The message names the call and the argument (docs/python.md;
                # before 1.1.0 it was only "expected an integer in 0..N").
                self.assertTrue(str(cm.exception).startswith(what + ": expected an integer in "),
                                (what, bad, str(cm.exception)))
            with self.assertRaises(TypeError, msg=what) as cm:
                call(1.0)
            self.assertTrue(str(cm.exception).startswith(what + ": "), (what, str(cm.exception)))
        # In range, an __index__ object is the int itself.
        self.assertEqual(tree.hemera_tree_proof(data, Idx(1)), tree.hemera_tree_proof(data, 1))
        self.assertEqual(tree.hemera_subtree_split(Idx(len(data)), 2), tree.hemera_subtree_split(len(data), 2))
        self.assertEqual(tree.hemera_tree_root(data, threads=Idx(2)), tree.hemera_tree_root(data))
        self.assertEqual(lean.generate_proof(Idx(2)), lean.generate_proof(2))
        # A leaf size past the data is one leaf, as `zkprim tree --leaf-size`
        # reads it (the library takes every size >= 1 since 1.1.0).
        one = tree.keccak_tree_root_data(data, len(data))
        for big in ((1 << 63) - 1, 1 << 63, (1 << 64) - 1):
            self.assertEqual(tree.keccak_tree_root_data(data, big), one, big)
            h = tree.KeccakTreeHasher(leaf_size=Idx(big))
            h.update(data)
            self.assertEqual(h.finalize(), one, big)
            self.assertEqual(tree.keccak_subtree_split(len(data), big, 4), [0, len(data)], big)
        # An index past the end says so (the status text names indices).
        with self.assertRaisesRegex(ValueError, "index past the end"):
            tree.hemera_tree_proof(data, 3)


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
