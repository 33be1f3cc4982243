"""Merkle trees from the zkprim C library.

Keccak-256 / SHA3-256:
    keccak_tree_root(data, leaf_size=64, alg="keccak_256")   = `zkprim tree -a keccak256`
    KeccakTreeHasher(leaf_size, alg).update(..).finalize()     the same, streamed
    keccak_merkle_root/build/proof/verify                     over 2^k 32-byte leaves, threads=
Hemera (fixed 4 KiB chunks; cdc=True for content-defined chunks):
    hemera_root(data, threads=0, cdc=False)                    = `zkprim tree -a hemera`
    HemeraTreeHasher(threads=0)                                the same, streamed
    hemera_proof(data, index) / hemera_verify(root, chunk, index, total_len, proof)
Subtrees (docs/streaming.md): hemera_subtree_split/root/merge, keccak_subtree_split/merge.
Poseidon (circom): poseidon_tree_root/build(leaves ints), poseidon_tree_proof, poseidon_tree_verify.
OpenZeppelin (@openzeppelin/merkle-tree 1.0.8): oz_tree_build, oz_tree_proof, oz_tree_verify, oz_leaf_hash.
LeanIMT (@zk-kit/lean-imt 2.2.5): LeanIMT().
"""
from ._zkprim import (  # noqa: F401
    KeccakTreeHasher, HemeraTreeHasher, LeanIMT,
    keccak_tree_root, keccak_merkle_root, keccak_merkle_build, keccak_merkle_proof, keccak_merkle_verify,
    keccak_subtree_split, keccak_subtree_merge,
    hemera_root, hemera_subtree_root, hemera_subtree_merge, hemera_subtree_split, hemera_proof, hemera_verify,
    poseidon_tree_root, poseidon_tree_build, poseidon_tree_proof_root,
    oz_tree_build, oz_tree_proof, oz_tree_verify, oz_leaf_hash,
)


def poseidon_tree_proof(leaves_or_nodes, index):
    """Siblings (ints, bottom first) of leaf `index`; takes the leaves or the
    full node list poseidon_tree_build returns."""
    nodes = list(leaves_or_nodes)
    n = len(nodes)
    if n & (n - 1) == 0:  # a power of two: the leaves
        nodes = poseidon_tree_build(nodes)
        n = len(nodes)
    leaves = (n + 1) // 2
    if not 0 <= index < leaves:
        raise ValueError("poseidon_tree_proof: index %d out of range for %d leaves" % (index, leaves))
    proof, base, width, i = [], 0, leaves, index
    while width > 1:
        proof.append(nodes[base + (i ^ 1)])
        base += width
        width //= 2
        i //= 2
    return proof


def poseidon_tree_verify(root, leaf, index, proof):
    """True when leaf at index with proof (bottom first) leads to root."""
    return poseidon_tree_proof_root(leaf, index, list(proof)) == root
