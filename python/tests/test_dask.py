"""zkprim.dask on a real distributed.LocalCluster (2 worker processes):
roots bit-identical to `zkprim tree` for random file sizes and split
counts; a worker killed in the middle of a job (its parts rerun elsewhere,
the root still right); a file that shrinks, grows or changes under the job
is an error, never a wrong root."""
import os
import signal
import tempfile
import time
import unittest

from util import cli, rng

try:
    import distributed
    import zkprim.dask as zdask
except ImportError as e:  # the stage's interpreter has them (Debian's python3-dask, python3-distributed)
    raise unittest.SkipTest("dask/distributed not importable: %s" % e)


def cli_hemera(path):
    return bytes.fromhex(cli("tree", "-a", "hemera", path).split()[0])


def cli_keccak(path, leaf, alg):
    args = ["tree", "-a", "keccak256", "--leaf-size", leaf] + (["--sha3"] if alg == "sha3_256" else []) + [path]
    return bytes.fromhex(cli(*args).split()[0])


class Arguments(unittest.TestCase):
    def test_bad_split_arguments(self):
        """leaf_size, part_bytes and max_parts below 1 are a ValueError naming
        the argument (a 0 divided by zero, a negative max_parts meant one
        part), a float a TypeError; max_parts=None is the automatic split."""
        with tempfile.NamedTemporaryFile() as f:
            f.write(bytes(100000))
            f.flush()
            for kw in ({"max_parts": 0}, {"max_parts": -3}, {"part_bytes": 0}, {"part_bytes": -1}):
                for plan in (zdask.plan_hemera, zdask.plan_keccak):
                    # The message names the call and the argument (docs/python.md).
                    want = "^%s: %s: expected an integer >= 1" % (plan.__name__, list(kw)[0])
                    with self.assertRaisesRegex(ValueError, want, msg=(plan.__name__, kw)):
                        plan(f.name, **kw)
            for bad in (0, -64):
                with self.assertRaisesRegex(ValueError, "^plan_keccak: leaf_size: expected an integer >= 1"):
                    zdask.plan_keccak(f.name, leaf_size=bad)
            with self.assertRaisesRegex(ValueError, "^hemera_tree_root: max_parts: "):
                zdask.hemera_tree_root(f.name, max_parts=0)
            with self.assertRaisesRegex(ValueError, "^keccak_tree_root_data: leaf_size: "):
                zdask.keccak_tree_root_data(f.name, leaf_size=0)
            with self.assertRaises(TypeError):
                zdask.plan_keccak(f.name, leaf_size=64.0)
            with self.assertRaises(TypeError):
                zdask.plan_hemera(f.name, max_parts=2.5)
            self.assertLessEqual(len(zdask.plan_hemera(f.name, max_parts=3).offsets) - 1, 3)
            self.assertGreaterEqual(len(zdask.plan_hemera(f.name, max_parts=None).offsets) - 1, 1)

    def test_pre_1_1_names_warn(self):
        """hemera_root and keccak_tree_root (pre-1.1 names) still work, warn,
        and give the roots of hemera_tree_root / keccak_tree_root_data."""
        with tempfile.NamedTemporaryFile() as f:
            f.write(bytes(range(256)) * 50)
            f.flush()
            with self.assertWarnsRegex(DeprecationWarning, "use dask.hemera_tree_root"):
                self.assertEqual(zdask.hemera_root(f.name), zdask.hemera_tree_root(f.name))
            with self.assertWarnsRegex(DeprecationWarning, "use dask.keccak_tree_root_data"):
                self.assertEqual(zdask.keccak_tree_root(f.name, leaf_size=100),
                                 zdask.keccak_tree_root_data(f.name, leaf_size=100))

    def test_proc_file_is_refused(self):
        """A /proc file has size 0 but contents: planned from its size, its
        root would be the empty file's. The last part sees the byte past the
        size and raises FileChangedError."""
        proc = "/proc/self/cmdline"
        self.assertEqual(os.stat(proc).st_size, 0)
        for plan in (zdask.plan_hemera(proc), zdask.plan_keccak(proc)):
            with self.assertRaisesRegex(zdask.FileChangedError, "past its size"):
                zdask.part_root(plan, len(plan.offsets) - 2)


class DaskCluster(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.cluster = distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                               dashboard_address=None, silence_logs=40)
        cls.client = distributed.Client(cls.cluster)
        cls.dir = tempfile.TemporaryDirectory()

    @classmethod
    def tearDownClass(cls):
        cls.client.close()
        cls.cluster.close()
        cls.dir.cleanup()

    def file(self, name, data=None, sparse=0):
        p = os.path.join(self.dir.name, name)
        with open(p, "wb") as f:
            if data is not None:
                f.write(data)
            if sparse:
                f.truncate(sparse)
        return p

    def test_random_sizes_and_split_counts(self):
        r = rng("dask")
        paths = []
        for i in range(10):
            n = r.choice([0, 1, 4095, 4096, 4097, r.randrange(1, 200000), r.randrange(200000, 3000000)])
            paths.append(self.file("r%d" % i, r.randbytes(n)))
        for p in paths:
            parts = r.choice([1, 2, 3, 5, 8, 17, 64])
            self.assertEqual(zdask.hemera_tree_root(p, client=self.client, max_parts=parts), cli_hemera(p), (p, parts))
            leaf, alg = r.choice([1, 64, 100, 4096]), r.choice(["keccak_256", "sha3_256"])
            got = zdask.keccak_tree_root_data(p, leaf_size=leaf, alg=alg, client=self.client, max_parts=parts)
            self.assertEqual(got, cli_keccak(p, leaf, alg), (p, parts, leaf, alg))
        # many files in one job, default split
        self.assertEqual(zdask.hemera_tree_root(paths, client=self.client), [cli_hemera(p) for p in paths])

    def test_changed_file_is_an_error(self):
        p = self.file("shrink", sparse=8 << 20)
        plan = zdask.plan_hemera(p, max_parts=8)
        os.truncate(p, (8 << 20) - 4096)
        with self.assertRaises(zdask.FileChangedError):
            zdask.finish([plan], zdask.submit([plan], self.client), self.client)
        plan = zdask.plan_keccak(p, max_parts=8)
        with open(p, "ab") as f:
            f.write(b"more")
        with self.assertRaises(zdask.FileChangedError):
            zdask.finish([plan], zdask.submit([plan], self.client), self.client)
        # same size, new content: the recorded mtime catches it
        plan = zdask.plan_hemera(p, max_parts=4)
        time.sleep(0.01)
        with open(p, "r+b") as f:
            f.write(b"x")
        with self.assertRaises(zdask.FileChangedError):
            zdask.finish([plan], zdask.submit([plan], self.client), self.client)

    def test_file_shrinking_mid_job(self):
        p = self.file("shrink-mid", sparse=96 << 20)
        plan = zdask.plan_hemera(p, max_parts=96)
        futs = zdask.submit([plan], self.client)
        distributed.wait(futs[0][:1])          # the job is running: a part is done
        os.truncate(p, 50 << 20)
        with self.assertRaises(zdask.FileChangedError):
            zdask.finish([plan], futs, self.client)

    def test_worker_killed_mid_job(self):
        p = self.file("kill", sparse=96 << 20)
        want = cli_hemera(p)
        plan = zdask.plan_hemera(p, max_parts=48)
        pids = self.client.run(os.getpid)
        futs = zdask.submit([plan], self.client)
        distributed.wait(futs[0][:1])
        busy = {w: ks for w, ks in self.client.processing().items() if ks}
        self.assertTrue(busy, "no worker was processing when the kill came")
        victim = sorted(busy)[0]
        os.kill(pids[victim], signal.SIGKILL)
        self.assertEqual(zdask.finish([plan], futs, self.client)[0], want)
        self.assertNotIn(victim, self.client.scheduler_info()["workers"])  # it really died
        self.client.wait_for_workers(2, timeout=60)


if __name__ == "__main__":
    unittest.main()
