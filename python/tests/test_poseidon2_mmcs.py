"""zkprim.poseidon2 mmcs_*: Plonky3's MerkleTreeMmcs over several matrices
against an oracle written from Plonky3's MerkleTree::new (the tallest
matrices' rows hashed together, odd levels padded with the zero digest,
shorter matrices' rows compressed in where their next power of two is the
level's) over the public hash / compress (which test_poseidon2 holds to
their definitions); one matrix of 2^d rows against tree_build; openings
round trip, a changed row, sibling or index is False; off-ladder heights,
values >= p and ragged rows are ValueErrors."""
import unittest

from zkprim import poseidon2 as p2

from util import rng

FIELDS = {
    "babybear": (p2.P_BABYBEAR, p2.babybear_hash, p2.babybear_compress, p2.babybear_tree_build,
                 p2.babybear_mmcs_commit, p2.babybear_mmcs_open, p2.babybear_mmcs_verify),
    "koalabear": (p2.P_KOALABEAR, p2.koalabear_hash, p2.koalabear_compress, p2.koalabear_tree_build,
                  p2.koalabear_mmcs_commit, p2.koalabear_mmcs_open, p2.koalabear_mmcs_verify),
}
ZERO = [0] * 8


def npt(x):
    r = 1
    while r < x:
        r *= 2
    return r


def oracle_layers(h, c, mats):
    """MerkleTree::new's digest layers (a stable sort, tallest first)."""
    order = sorted(range(len(mats)), key=lambda i: -len(mats[i]))
    H = len(mats[order[0]])
    nxt = 0
    while nxt < len(order) and len(mats[order[nxt]]) == H:
        nxt += 1

    def rows_hash(group, i):
        return h([x for j in group for x in mats[j][i]])

    layer = [rows_hash(order[:nxt], i) for i in range(H)]
    if H > 1 and H % 2:
        layer.append(ZERO)
    layers = [layer]
    while len(layer) > 1:
        raw = len(layer) // 2
        b = nxt
        while b < len(order) and npt(len(mats[order[b]])) == npt(raw):
            b += 1
        inj = order[nxt:b]
        up = []
        for i in range(raw):
            d = c(layer[2 * i], layer[2 * i + 1])
            if inj:
                d = c(d, rows_hash(inj, i) if i < len(mats[inj[0]]) else ZERO)
            up.append(d)
        if raw > 1 and raw % 2:
            up.append(ZERO)
        nxt, layer = b, up
        layers.append(layer)
    return layers


def random_shape(r, p, H, n):
    d = (H - 1).bit_length()
    mats = []
    for i in range(n):
        k = 0 if i == 0 else r.randrange(d + 1)
        h = ((H - 1) >> k) + 1
        w = r.choice([0, 1, 3, 7, 8, 9, 16, 17])
        mats.append([[r.choice([0, p - 1, r.randrange(p)]) for _ in range(w)] for _ in range(h)])
    r.shuffle(mats)
    return mats


class Mmcs(unittest.TestCase):
    def test_against_oracle(self):
        r = rng(self.id())
        for name, (p, h, c, _, commit, open_, verify) in FIELDS.items():
            for H, n in ((1, 2), (2, 1), (5, 3), (7, 2), (8, 3), (13, 4), (33, 3)):
                with self.subTest(field=name, H=H, n=n):
                    mats = random_shape(r, p, H, n)
                    layers = oracle_layers(h, c, mats)
                    nodes = commit(mats)
                    self.assertEqual(nodes, [d for layer in layers for d in layer])
                    d = (H - 1).bit_length()
                    for index in {0, H - 1, r.randrange(H)}:
                        rows, proof = open_(mats, index, nodes)
                        self.assertEqual(rows, [m[index >> (d - (len(m) - 1).bit_length())] for m in mats])
                        self.assertEqual(proof, [layers[k][(index >> k) ^ 1] for k in range(d)])
                        self.assertEqual(open_(mats, index), (rows, proof))
                        shapes = [(len(m[0]) if m else 0, len(m)) for m in mats]
                        root = nodes[-1]
                        self.assertTrue(verify(root, shapes, index, rows, proof))
                        if proof:
                            bad = [list(s) for s in proof]
                            bad[-1][0] = (bad[-1][0] + 1) % p
                            self.assertFalse(verify(root, shapes, index, rows, bad))
                        widest = max(range(n), key=lambda i: shapes[i][0])
                        if shapes[widest][0]:
                            bad = [list(x) for x in rows]
                            bad[widest][0] = (bad[widest][0] + 1) % p
                            self.assertFalse(verify(root, shapes, index, bad, proof))

    def test_one_matrix_is_tree_build(self):
        r = rng(self.id())
        for name, (p, _, _, build, commit, _, _) in FIELDS.items():
            rows = [[r.randrange(p) for _ in range(9)] for _ in range(16)]
            self.assertEqual(commit([rows]), build(rows), name)

    def test_errors(self):
        p, _, _, _, commit, open_, verify = FIELDS["babybear"]
        a7 = [[1, 2]] * 7
        with self.assertRaises(ValueError):  # 3 is off the ladder of 7 (7, 4, 2, 1)
            commit([a7, [[1]] * 3])
        with self.assertRaises(ValueError):
            commit([])
        with self.assertRaises(ValueError):
            commit([[[1, 2], [p, 0]]])
        with self.assertRaises(ValueError):
            commit([[[1, 2], [3]]])
        with self.assertRaises(ValueError):
            commit([[[2**32]]])
        mats = [a7, [[5]] * 4]
        nodes = commit(mats)
        with self.assertRaises(ValueError):
            open_(mats, 7, nodes)
        rows, proof = open_(mats, 6, nodes)
        shapes = [(2, 7), (1, 4)]
        self.assertTrue(verify(nodes[-1], shapes, 6, rows, proof))
        with self.assertRaises(ValueError):  # Plonky3 rejects the claim of height 3 for 4
            verify(nodes[-1], [(2, 7), (1, 3)], 6, rows, proof)
        with self.assertRaises(ValueError):
            verify(nodes[-1], shapes, 6, rows, proof[:-1])
        with self.assertRaises(ValueError):
            verify(nodes[-1], [(1, 7), (2, 4)], 6, rows, proof)


if __name__ == "__main__":
    unittest.main()
