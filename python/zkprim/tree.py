"""Merkle trees from the zkprim C library; the names follow the C 1.0 names.

Keccak-256 / SHA3-256:
    keccak_tree_root_data(data, leaf_size=64, alg="keccak_256")   = `zkprim tree -a keccak256`
    KeccakTreeHasher(leaf_size, alg).update(..).finalize()          the same, streamed
    keccak_tree_root/build/proof/verify                            over 2^k 32-byte leaves, threads=
Hemera (fixed 4 KiB chunks; cdc=True for content-defined chunks):
    hemera_tree_root(data, threads=0, cdc=False)                   = `zkprim tree -a hemera`
    HemeraTreeHasher(threads=0)                                    the same, streamed
    hemera_tree_proof(data, index) / hemera_tree_verify(root, chunk, index, total_len, proof) -> bool
Subtrees (docs/streaming.md): hemera_subtree_split/root/merge_parts, keccak_subtree_split/merge_parts.
Poseidon (circom): poseidon_tree_root/build/proof(leaves ints), poseidon_tree_proof_nodes(nodes),
    poseidon_tree_verify; 2^k leaves for all of them (pad with zeros, or use LeanIMT).
OpenZeppelin (@openzeppelin/merkle-tree 1.0.8): oz_tree_build, oz_tree_proof, oz_tree_verify,
    oz_tree_check (validate), oz_leaf_hash (leafHash), oz_leaf_hash_values (many rows at once).
LeanIMT (@zk-kit/lean-imt 2.2.5, zk-kit's method names): LeanIMT().

Since 1.1.0 keccak_tree_root takes 32-byte leaves (it was the root over leaf
data, now keccak_tree_root_data; an old-style call is a TypeError naming it).
The other pre-1.1 names (keccak_merkle_*, hemera_root/proof/verify,
*_subtree_merge, LeanIMT.insert_many) still work and warn (DeprecationWarning).
"""
from . import _deprecated, _zkprim
from ._zkprim import (  # noqa: F401
    KeccakTreeHasher, HemeraTreeHasher,
    keccak_tree_root_data, keccak_tree_root, keccak_tree_build, keccak_tree_proof, keccak_tree_verify,
    keccak_subtree_split, keccak_subtree_merge_parts,
    hemera_tree_root, hemera_tree_proof, hemera_tree_verify,
    hemera_subtree_root, hemera_subtree_merge_parts, hemera_subtree_split,
    poseidon_tree_root, poseidon_tree_build, poseidon_tree_proof, poseidon_tree_proof_nodes,
    poseidon_tree_proof_root, poseidon_tree_verify,
    oz_tree_build, oz_tree_proof, oz_tree_verify, oz_tree_check, oz_leaf_hash, oz_leaf_hash_values,
)


# ---- LeanIMT ----------------------------------------------------------------------

class _VerifyProof:
    """LeanIMT.verify_proof: on a tree, the check against that tree's root.
    Called on the class (LeanIMT.verify_proof(proof), the pre-1.1 static
    form), it is the consistency check and warns: that proves no membership."""

    def __get__(self, tree, cls=None):
        if tree is not None:
            return _zkprim.LeanIMT.verify_proof.__get__(tree, cls)
        return _class_verify_proof


def _class_verify_proof(proof):
    import warnings
    warnings.warn("LeanIMT.verify_proof(proof) called on the class checks only that the proof is consistent with the "
                  "root it carries, which anyone can make for any leaf; since zkprim 1.1.0 call it on a tree (tree.verify_proof(proof) "
                  "checks against that tree's root) or name the weaker check: LeanIMT.verify_proof_consistency(proof)",
                  DeprecationWarning, stacklevel=2)
    return _zkprim.LeanIMT.verify_proof_consistency(proof)


class LeanIMT(_zkprim.LeanIMT):
    """LeanIMT(): Semaphore's lean incremental Merkle tree over Poseidon
    (@zk-kit/lean-imt 2.2.5). insert, insert_batch, update, index_of,
    generate_proof; verify_proof(proof) checks the proof against this tree's
    root (False on an empty tree); LeanIMT.verify_proof_consistency(proof)
    (static) only checks the proof against the root it carries, which proves
    no membership by itself."""
    __slots__ = ()
    verify_proof = _VerifyProof()

    def insert_many(self, leaves):
        """Deprecated since zkprim 1.1.0: use insert_batch."""
        import warnings
        warnings.warn("zkprim.tree.LeanIMT.insert_many is deprecated since zkprim 1.1.0; use insert_batch",
                      DeprecationWarning, stacklevel=2)
        return self.insert_batch(leaves)


# ---- the pre-1.1 names ---------------------------------------------------------------

keccak_merkle_root = _deprecated.alias("tree", "keccak_merkle_root", "keccak_tree_root", keccak_tree_root)
keccak_merkle_build = _deprecated.alias("tree", "keccak_merkle_build", "keccak_tree_build", keccak_tree_build)
keccak_merkle_proof = _deprecated.alias("tree", "keccak_merkle_proof", "keccak_tree_proof", keccak_tree_proof)
keccak_merkle_verify = _deprecated.alias("tree", "keccak_merkle_verify", "keccak_tree_verify", keccak_tree_verify)
keccak_subtree_merge = _deprecated.alias("tree", "keccak_subtree_merge", "keccak_subtree_merge_parts",
                                         keccak_subtree_merge_parts)
hemera_root = _deprecated.alias("tree", "hemera_root", "hemera_tree_root", hemera_tree_root)
hemera_proof = _deprecated.alias("tree", "hemera_proof", "hemera_tree_proof", hemera_tree_proof)
hemera_verify = _deprecated.alias("tree", "hemera_verify", "hemera_tree_verify", hemera_tree_verify)
hemera_subtree_merge = _deprecated.alias("tree", "hemera_subtree_merge", "hemera_subtree_merge_parts",
                                         hemera_subtree_merge_parts)
