"""Poseidon2 in the instances the proof systems ship (C: include/zkprim/poseidon2.h).

BN254, width 4 (barretenberg, Noir's standard library); elements are ints < P_BN254:
    bn254_permute([a, b, c, d]) -> list        Noir's poseidon2_permutation
    bn254_permute_batch(states) -> list        many states in one call (IFMA batches)
    bn254_hash([x, ...]) -> int                 Noir's Poseidon2::hash(in, len(in))
    bn254_tree_root(leaves) -> int              node = bn254_hash([left, right]) (Aztec, barretenberg)
    bn254_tree_proof(leaves, i) -> list         siblings of leaf i, bottom first
    bn254_tree_verify(root, leaf, i, proof) -> bool
    bn254_tree_build(leaves) -> list            all 2n - 1 nodes: the leaves first, the root last
    bn254_tree_verify_batch(root, leaves, indices, proofs, threads=0) -> bool
    bn254_tree_multi_proof(nodes, indices) -> list         the multiproof (docs/poseidon2.md)
    bn254_tree_multi_verify(root, leaves, indices, proof, depth, threads=0) -> bool

BabyBear and KoalaBear (Plonky3's default instances); elements are ints < P_BABYBEAR / P_KOALABEAR,
digests lists of 8 of them:
    babybear_permute(state) -> list             width 16 or 24
    babybear_permute_batch(states) -> list      many states, the vector kernels' path
    babybear_hash(inputs) -> list               PaddingFreeSponge<16, 8, 8> (fixed-length inputs)
    babybear_compress(left, right) -> list      TruncatedPermutation<2, 8, 16>
    babybear_tree_root(rows) -> list            MerkleTreeMmcs over one matrix: leaf = hash(row)
    babybear_tree_proof(rows, i) -> list        siblings (8 elements each), bottom first
    babybear_tree_verify(root, row, i, proof) -> bool
    babybear_tree_build(rows) -> list           all 2n - 1 nodes: the row digests first, the root last
    babybear_tree_verify_batch(root, rows, indices, proofs, threads=0) -> bool
    babybear_tree_multi_proof(nodes, indices) -> list      the multiproof (docs/poseidon2.md)
    babybear_tree_multi_verify(root, rows, indices, proof, depth, threads=0) -> bool
and the same koalabear_* functions. Tree sizes are powers of two.

Plonky3's MerkleTreeMmcs over several matrices of different heights (docs/poseidon2.md); a
matrix is a sequence of rows of equal length, every height on the ladder ceil(H / 2^k) of the
tallest H:
    babybear_mmcs_commit(matrices) -> list      every node, level 0 first, the root last
    babybear_mmcs_open(matrices, i, nodes=None) -> (rows, proof)
                                                row i >> (d - ceil(log2 height)) of each matrix, and
                                                the siblings bottom first (nodes: commit's, else built)
    babybear_mmcs_verify(root, shapes, i, rows, proof) -> bool
                                                shapes: (width, height) per matrix, the verifier's own
and koalabear_mmcs_*. A value >= p is a ValueError,
never reduced; a proof that does not lead to the root is False. The opened rows / leaves of
verify_batch and multi_verify are in the order of `indices`, which must be strictly increasing
(sort the openings, drop repeats; else a ValueError, as for an index out of range).

The HorizenLabs reference instances (github.com/HorizenLabs/poseidon2; other matrices and
constants than the instances above, docs/poseidon2.md), permutation only, the width being
len(state); a width the reference does not define is a ValueError:
    horizen_babybear_permute(state)    width 16 or 24      (ints < P_BABYBEAR)
    horizen_babybear_permute_batch(states)  rows of one width 16 or 24, batched
    horizen_goldilocks_permute(state)  width 8, 12, 16, 20 (ints < P_GOLDILOCKS)
    horizen_bn254_permute(state)       width 3             (ints < P_BN254)
    horizen_bls12_381_permute(state)   width 2, 3, 4, 8    (ints < P_BLS12_381)
    horizen_pallas_permute(state)      width 3, 4, 8       (ints < P_PALLAS)
    horizen_vesta_permute(state)       width 3             (ints < P_VESTA)
"""
from array import array as _array

from ._zkprim import (
    poseidon2_compress as _compress,
    poseidon2_horizen_babybear_permute_batch as _horizen_babybear_permute_batch,
    poseidon2_horizen_permute as _horizen_permute,
    poseidon2_hash as _hash,
    poseidon2_implementation as _implementation,
    poseidon2_mmcs_commit as _mmcs_commit,
    poseidon2_mmcs_open as _mmcs_open,
    poseidon2_mmcs_verify as _mmcs_verify,
    poseidon2_permute as _permute,
    poseidon2_permute_batch as _permute_batch,
    poseidon2_tree_build as _tree_build,
    poseidon2_tree_multi_proof as _tree_multi_proof,
    poseidon2_tree_multi_verify as _tree_multi_verify,
    poseidon2_tree_proof as _tree_proof,
    poseidon2_tree_root as _tree_root,
    poseidon2_tree_verify as _tree_verify,
    poseidon2_tree_verify_batch as _tree_verify_batch,
)

P_BN254 = 21888242871839275222246405745257275088548364400416034343698204186575808495617
P_BABYBEAR = 2013265921
P_KOALABEAR = 2130706433
DIGEST = 8  # elements of a 31-bit hash, compression or tree node
P_GOLDILOCKS = 2**64 - 2**32 + 1
P_BLS12_381 = 0x73EDA753299D7D483339D80809A1D80553BDA402FFFE5BFEFFFFFFFF00000001
P_PALLAS = 0x40000000000000000000000000000000224698FC094CF91B992D30ED00000001
P_VESTA = 0x40000000000000000000000000000000224698FC0994A8DD8C46EB2100000001

_BN254, _BABYBEAR, _KOALABEAR = 0, 1, 2


def implementation():
    """The kernel the 31-bit batches use: "avx512", "avx2" or "portable"."""
    return _implementation()


def bn254_permute(state):
    return _permute(_BN254, state)


def bn254_permute_batch(states):
    """Many 4-element states permuted in one call (eight at a time in AVX-512
    IFMA lanes where the CPU has them); the result in the same order."""
    flat = []
    for st in states:
        st = list(st)
        if len(st) != 4:
            raise ValueError("poseidon2.bn254_permute_batch: a state is 4 elements, got %d" % len(st))
        flat += st
    out = _permute_batch(_BN254, flat)
    return [out[i:i + 4] for i in range(0, len(out), 4)]


def bn254_hash(inputs):
    return _hash(_BN254, inputs)


def bn254_tree_root(leaves):
    return _tree_root(_BN254, leaves)


def bn254_tree_proof(leaves, index):
    return _tree_proof(_BN254, leaves, index)


def bn254_tree_verify(root, leaf, index, proof):
    return _tree_verify(_BN254, root, leaf, index, proof)


def babybear_permute(state):
    return _permute(_BABYBEAR, state)


def babybear_permute_batch(states):
    return _permute_batch(_BABYBEAR, states)


def babybear_hash(inputs):
    return _hash(_BABYBEAR, inputs)


def babybear_compress(left, right):
    return _compress(_BABYBEAR, left, right)


def babybear_tree_root(rows):
    return _tree_root(_BABYBEAR, rows)


def babybear_tree_proof(rows, index):
    return _tree_proof(_BABYBEAR, rows, index)


def babybear_tree_verify(root, row, index, proof):
    return _tree_verify(_BABYBEAR, root, row, index, proof)


def koalabear_permute(state):
    return _permute(_KOALABEAR, state)


def koalabear_permute_batch(states):
    return _permute_batch(_KOALABEAR, states)


def koalabear_hash(inputs):
    return _hash(_KOALABEAR, inputs)


def koalabear_compress(left, right):
    return _compress(_KOALABEAR, left, right)


def koalabear_tree_root(rows):
    return _tree_root(_KOALABEAR, rows)


def koalabear_tree_proof(rows, index):
    return _tree_proof(_KOALABEAR, rows, index)


def koalabear_tree_verify(root, row, index, proof):
    return _tree_verify(_KOALABEAR, root, row, index, proof)


def horizen_babybear_permute(state):
    return _horizen_permute(0, state)


def horizen_babybear_permute_batch(states):
    return _horizen_babybear_permute_batch(states)


def horizen_goldilocks_permute(state):
    return _horizen_permute(1, state)


def horizen_bn254_permute(state):
    return _horizen_permute(2, state)


def horizen_bls12_381_permute(state):
    return _horizen_permute(3, state)


def horizen_pallas_permute(state):
    return _horizen_permute(4, state)


def horizen_vesta_permute(state):
    return _horizen_permute(5, state)


def _whole_tree_functions(name, field):
    """{name}_tree_build, _verify_batch, _multi_proof and _multi_verify of one
    field: the same four calls into the extension with the field fixed."""
    def tree_build(leaves):
        return _tree_build(field, leaves)

    def tree_verify_batch(root, leaves, indices, proofs, threads=0):
        return _tree_verify_batch(field, root, leaves, indices, proofs, threads)

    def tree_multi_proof(nodes, indices):
        return _tree_multi_proof(field, nodes, indices)

    def tree_multi_verify(root, leaves, indices, proof, depth, threads=0):
        return _tree_multi_verify(field, root, leaves, indices, proof, depth, threads)

    fns = (tree_build, tree_verify_batch, tree_multi_proof, tree_multi_verify)
    for f in fns:
        f.__name__ = f.__qualname__ = "%s_%s" % (name, f.__name__)
    return fns


bn254_tree_build, bn254_tree_verify_batch, bn254_tree_multi_proof, bn254_tree_multi_verify = \
    _whole_tree_functions("bn254", _BN254)
babybear_tree_build, babybear_tree_verify_batch, babybear_tree_multi_proof, babybear_tree_multi_verify = \
    _whole_tree_functions("babybear", _BABYBEAR)
koalabear_tree_build, koalabear_tree_verify_batch, koalabear_tree_multi_proof, koalabear_tree_multi_verify = \
    _whole_tree_functions("koalabear", _KOALABEAR)


def _u32(values, what):
    """Elements packed as native uint32 (a value the field rejects is the library's ValueError)."""
    try:
        return _array("I", values)
    except OverflowError:
        raise ValueError("poseidon2.%s: an element outside 0..2^32 - 1" % what) from None


def _mmcs_pack(matrices, what):
    """The (width, height) shapes and every element, matrix by matrix, row by row."""
    shapes, data = [], _array("I")
    for m in matrices:
        rows = list(m)
        width = len(rows[0]) if rows else 0
        for r in rows:
            if len(r) != width:
                raise ValueError("poseidon2.%s: rows of different lengths (%d and %d)" % (what, width, len(r)))
            data.extend(_u32(r, what))
        shapes.append((width, len(rows)))
    return shapes, data.tobytes()


def _digests(buf):
    a = _array("I")
    a.frombytes(buf)
    return [a[i:i + DIGEST].tolist() for i in range(0, len(a), DIGEST)]


def _mmcs_functions(name, field):
    """{name}_mmcs_commit, _open and _verify of one field."""
    def mmcs_commit(matrices):
        shapes, data = _mmcs_pack(matrices, name + "_mmcs_commit")
        return _digests(_mmcs_commit(field, shapes, data))

    def mmcs_open(matrices, index, nodes=None):
        what = name + "_mmcs_open"
        shapes, data = _mmcs_pack(matrices, what)
        if nodes is None:
            packed = _mmcs_commit(field, shapes, data)
        else:
            packed = _array("I")
            for d in nodes:
                if len(d) != DIGEST:
                    raise ValueError("poseidon2.%s: a node is 8 elements, got %d" % (what, len(d)))
                packed.extend(_u32(d, what))
            packed = packed.tobytes()
        rows, proof = _mmcs_open(field, shapes, data, packed, index)
        flat, out = _array("I"), []
        flat.frombytes(rows)
        at = 0
        for width, _ in shapes:
            out.append(flat[at:at + width].tolist())
            at += width
        return out, _digests(proof)

    def mmcs_verify(root, shapes, index, rows, proof):
        what = name + "_mmcs_verify"
        shapes = [tuple(s) for s in shapes]
        if len(rows) != len(shapes):
            raise ValueError("poseidon2.%s: %d rows for %d matrices" % (what, len(rows), len(shapes)))
        flat = _array("I")
        for r, s in zip(rows, shapes):
            if len(r) != s[0]:
                raise ValueError("poseidon2.%s: a row of %d elements for width %d" % (what, len(r), s[0]))
            flat.extend(_u32(r, what))
        sib = _array("I")
        for d in proof:
            if len(d) != DIGEST:
                raise ValueError("poseidon2.%s: a node is 8 elements, got %d" % (what, len(d)))
            sib.extend(_u32(d, what))
        if len(root) != DIGEST:
            raise ValueError("poseidon2.%s: root: 8 elements, got %d" % (what, len(root)))
        return _mmcs_verify(field, _u32(root, what).tobytes(), shapes, index, flat.tobytes(), sib.tobytes())

    fns = (mmcs_commit, mmcs_open, mmcs_verify)
    for f in fns:
        f.__name__ = f.__qualname__ = "%s_%s" % (name, f.__name__)
    return fns


babybear_mmcs_commit, babybear_mmcs_open, babybear_mmcs_verify = _mmcs_functions("babybear", _BABYBEAR)
koalabear_mmcs_commit, koalabear_mmcs_open, koalabear_mmcs_verify = _mmcs_functions("koalabear", _KOALABEAR)
