"""zkprim.poseidon2's HorizenLabs reference instances: the reference's own
known answers (tests/vectors/poseidon2-horizen/vectors.txt), every defined
width of every field accepting p - 1 and answering canonically, and the
errors (a width the reference does not define, values >= p, negatives)."""
import os
import unittest

from zkprim import poseidon2 as p2

from util import VECTORS

FIELDS = {  # name: (p, function, widths)
    "babybear": (p2.P_BABYBEAR, p2.horizen_babybear_permute, (16, 24)),
    "goldilocks": (p2.P_GOLDILOCKS, p2.horizen_goldilocks_permute, (8, 12, 16, 20)),
    "bn254": (p2.P_BN254, p2.horizen_bn254_permute, (3,)),
    "bls12_381": (p2.P_BLS12_381, p2.horizen_bls12_381_permute, (2, 3, 4, 8)),
    "pallas": (p2.P_PALLAS, p2.horizen_pallas_permute, (3, 4, 8)),
    "vesta": (p2.P_VESTA, p2.horizen_vesta_permute, (3,)),
}


class HorizenVectors(unittest.TestCase):
    def test_reference_vectors(self):
        seen = 0
        with open(os.path.join(VECTORS, "poseidon2-horizen", "vectors.txt")) as f:
            for line in f:
                line = line.split("#")[0]
                if not line.strip():
                    continue
                head, want = line.split("->")
                field, t, op, *args = head.split()
                self.assertEqual(op, "permute")
                self.assertEqual(len(args), int(t))
                got = FIELDS[field][1]([int(a) for a in args])
                self.assertEqual(got, [int(x, 16) for x in want.split()], field + " t=" + t)
                seen += 1
        self.assertEqual(seen, 8)


class HorizenShapes(unittest.TestCase):
    def test_widths_and_range(self):
        for name, (p, fn, widths) in FIELDS.items():
            for t in widths:
                out = fn([p - 1] * t)
                self.assertEqual(len(out), t)
                self.assertTrue(all(0 <= x < p for x in out), name)
                with self.assertRaises(ValueError):
                    fn([0] * (t - 1) + [p])
                with self.assertRaises(ValueError):
                    fn([-1] + [0] * (t - 1))
            for t in (0, 1, 5, 25, 100):
                if t not in widths:
                    with self.assertRaises(ValueError, msg=f"{name} width {t}"):
                        fn([0] * t)


class HorizenBabyBearBatch(unittest.TestCase):
    def test_batch_is_single_permutations(self):
        p = p2.P_BABYBEAR
        for t in (16, 24):
            rows = [[(i * 7919 + j * 104729 + t) % p for j in range(t)] for i in range(9)]
            rows[0] = [0] * t
            rows[1] = [p - 1] * t
            want = [p2.horizen_babybear_permute(r) for r in rows]
            self.assertEqual(p2.horizen_babybear_permute_batch(rows), want)
        self.assertEqual(p2.horizen_babybear_permute_batch([]), [])
        with self.assertRaises(ValueError):
            p2.horizen_babybear_permute_batch([[0] * 16, [0] * 15 + [p]])
        with self.assertRaises(ValueError):
            p2.horizen_babybear_permute_batch([[0] * 8])


if __name__ == "__main__":
    unittest.main()
