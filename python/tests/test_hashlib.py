"""The hash objects against hashlib (OpenSSL) and against themselves:
every SHA3/SHAKE length 0..3 rates with random chunking and every buffer
type, the hashlib object protocol, update_mmap, and one object hashed by
several threads at once."""
import array
import hashlib
import os
import tempfile
import threading
import unittest

import zkprim

from util import random_chunks, rng

try:
    import numpy
except ImportError:  # optional: numpy buffers are checked when present
    numpy = None

SHA3 = ["sha3_224", "sha3_256", "sha3_384", "sha3_512"]
SHAKE = ["shake_128", "shake_256"]
RATES = {"sha3_224": 144, "sha3_256": 136, "sha3_384": 104, "sha3_512": 72, "shake_128": 168, "shake_256": 136,
         "keccak_256": 136}


def as_type(r, b):
    """b as a random buffer-protocol type."""
    k = r.randrange(5 if numpy is not None else 4)
    if k == 0:
        return b
    if k == 1:
        return bytearray(b)
    if k == 2:
        return memoryview(b)
    if k == 3:
        return array.array("B", b)
    return numpy.frombuffer(b, dtype=numpy.uint8) if b else numpy.zeros(0, dtype=numpy.uint8)


class HashlibDifferential(unittest.TestCase):
    def test_every_length_to_three_rates_random_chunks(self):
        r = rng("hashlib")
        for name in SHA3 + SHAKE:
            rate = RATES[name]
            for n in range(0, 3 * rate + 1):
                data = r.randbytes(n)
                ref = hashlib.new(name, data)
                h = zkprim.new(name)
                for piece in random_chunks(r, data):
                    h.update(as_type(r, piece))
                if name in SHA3:
                    self.assertEqual(h.digest(), ref.digest(), (name, n))
                    self.assertEqual(zkprim.new(name, data).hexdigest(), ref.hexdigest(), (name, n))
                else:
                    out = r.choice([0, 1, 16, 32, rate - 1, rate, rate + 1, 2 * rate + 3])
                    self.assertEqual(h.digest(out), ref.digest(out), (name, n, out))
                    self.assertEqual(h.hexdigest(length=out), ref.hexdigest(out), (name, n, out))

    def test_long_inputs_release_the_gil_path(self):
        r = rng("long")
        for name in SHA3 + SHAKE:
            data = r.randbytes(r.randrange(2048, 300000))
            h = zkprim.new(name, data)
            ref = hashlib.new(name, data)
            if name in SHA3:
                self.assertEqual(h.digest(), ref.digest())
            else:
                self.assertEqual(h.digest(100000), ref.digest(100000))

    def test_shake_seek_reads_the_stream(self):
        r = rng("seek")
        for name in SHAKE:
            data = r.randbytes(77)
            stream = hashlib.new(name, data).digest(3000)
            h = zkprim.new(name, data)
            for _ in range(40):
                s, n = r.randrange(0, 2000), r.randrange(0, 600)
                self.assertEqual(h.digest(n, seek=s), stream[s:s + n])

    def test_zero_length_output_is_empty(self):
        # hashlib gives b"" for digest(0) whether or not a block was absorbed
        # (the one-shot path refused it with ValueError before).
        for name in SHAKE + ["hemera"]:
            for n in (0, 3, 200, 5000):
                h = zkprim.new(name, b"a" * n)
                self.assertEqual(h.digest(0), b"", (name, n))
                self.assertEqual(h.hexdigest(0), "", (name, n))
                self.assertEqual(h.digest(0, seek=7), b"", (name, n))
                if name != "hemera":
                    self.assertEqual(h.digest(0), hashlib.new(name, b"a" * n).digest(0))

    def test_object_protocol(self):
        for name in SHA3 + SHAKE + ["keccak_256", "hemera"]:
            h = zkprim.new(name)
            ref = hashlib.new(name) if name in SHA3 + SHAKE else None
            self.assertEqual(h.name, name)
            if ref is not None:
                self.assertEqual(h.digest_size, ref.digest_size)
                self.assertEqual(h.block_size, ref.block_size)
            h.update(b"abc")
            c = h.copy()
            c.update(b"def")
            args = (64,) if name in SHAKE else ()
            self.assertEqual(h.digest(*args), zkprim.new(name, b"abc").digest(*args))
            self.assertEqual(c.digest(*args), zkprim.new(name, b"abcdef").digest(*args))
            self.assertEqual(h.digest(*args), h.digest(*args))  # digest does not consume the state
        self.assertEqual(zkprim.keccak_256().digest_size, 32)
        self.assertEqual(zkprim.keccak_256().block_size, 136)
        self.assertEqual(zkprim.hemera().digest_size, 32)
        self.assertEqual(zkprim.hemera().block_size, 56)
        self.assertEqual(zkprim.algorithms_available,
                         {"keccak_256", "sha3_224", "sha3_256", "sha3_384", "sha3_512", "shake_128", "shake_256",
                          "hemera"})
        self.assertEqual(zkprim.new("SHA3-256", b"x").digest(), hashlib.sha3_256(b"x").digest())
        self.assertEqual(zkprim.sha3_256(string=b"x", usedforsecurity=False).digest(), hashlib.sha3_256(b"x").digest())

    @unittest.skipIf(numpy is None, "numpy not installed")
    def test_numpy_arrays_of_any_dtype_hash_their_bytes(self):
        a = numpy.arange(1000, dtype=numpy.uint32).reshape(10, 100)
        for name in ("sha3_256", "keccak_256", "hemera"):
            self.assertEqual(zkprim.new(name, a).digest(), zkprim.new(name, a.tobytes()).digest())
        with self.assertRaises((TypeError, ValueError)):  # a strided view would need a copy: refused
            zkprim.sha3_256(a[:, ::2])

    def test_hemera_xof_prefix_and_seek(self):
        h = zkprim.hemera(b"some data")
        stream = h.digest(length=500)
        self.assertEqual(stream[:32], h.digest())
        for s in (0, 1, 31, 32, 33, 100, 467):
            self.assertEqual(h.digest(length=33, seek=s), stream[s:s + 33])
        self.assertEqual(h.digest(0), b"")

    def test_update_mmap(self):
        r = rng("mmap")
        with tempfile.TemporaryDirectory() as d:
            for n in (0, 1, 4095, 4096, 100000, (1 << 20) - 1, 1 << 20, 3 * (1 << 20) + 17):
                data = r.randbytes(n)
                p = os.path.join(d, "f%d" % n)
                with open(p, "wb") as f:
                    f.write(data)
                for name in ("sha3_256", "keccak_256", "hemera"):
                    h = zkprim.new(name, b"prefix")
                    self.assertIs(h.update_mmap(p), h)
                    self.assertEqual(h.digest(), zkprim.new(name, b"prefix" + data).digest())
            with self.assertRaises(FileNotFoundError):
                zkprim.sha3_256().update_mmap(os.path.join(d, "missing"))
            with self.assertRaises(ValueError):
                zkprim.sha3_256().update_mmap(d)
        # A /proc file reports size 0 but has contents: they are what is
        # hashed (a map of st_size bytes hashed the empty string).
        proc = "/proc/self/cmdline"
        self.assertEqual(os.stat(proc).st_size, 0)
        with open(proc, "rb") as f:
            want = f.read()
        self.assertGreater(len(want), 0)
        for name in ("sha3_256", "hemera"):
            self.assertEqual(zkprim.new(name).update_mmap(proc).digest(), zkprim.new(name, want).digest(), name)

    def test_threads_share_one_object(self):
        # Every thread feeds the same chunk, so any interleaving gives
        # H(chunk * total); a lost or torn update changes the digest.
        chunk = bytes(range(256)) * 40  # 10 KiB: the GIL-released path
        small = b"0123456789abcdef"       # under the GIL
        for name, piece in (("sha3_256", chunk), ("hemera", chunk), ("keccak_256", small)):
            h = zkprim.new(name)
            per, nthreads = 150, 4
            barrier = threading.Barrier(nthreads)

            def work():
                barrier.wait()
                for i in range(per):
                    h.update(piece)
                    if i % 50 == 0:
                        h.copy().digest()

            ts = [threading.Thread(target=work) for _ in range(nthreads)]
            for t in ts:
                t.start()
            for t in ts:
                t.join()
            self.assertEqual(h.digest(), zkprim.new(name, piece * (per * nthreads)).digest(), name)


if __name__ == "__main__":
    unittest.main()
