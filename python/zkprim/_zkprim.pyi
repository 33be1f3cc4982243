# Type stubs of zkprim._zkprim, the C extension (private: the public names
# are re-exported, some renamed, by zkprim, zkprim.tree, zkprim.poseidon and
# zkprim.gf2, whose stubs describe them). Only what those stubs refer to,
# and the bench module's timer.
class LeanIMT:
    """The C type zkprim.tree.LeanIMT extends (tree.pyi has its members)."""

def _c_time(case: str, n: int, /) -> float: ...
