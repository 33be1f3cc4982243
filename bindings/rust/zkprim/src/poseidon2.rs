//! Poseidon2 in the instances the proof systems ship (C: `include/zkprim/poseidon2.h`):
//! BabyBear and KoalaBear at widths 16 and 24 with Plonky3's default constants,
//! Plonky3's sponge (`PaddingFreeSponge<16, 8, 8>`), 2-to-1 compression
//! (`TruncatedPermutation<2, 8, 16>`) and `MerkleTreeMmcs` over one matrix
//! (`*_tree_*`) or several of different heights (`*_mmcs_*`);
//! BN254 width 4 as barretenberg and Noir use it, Noir's hash, and Merkle
//! trees with node = Noir's hash of the two children (barretenberg's
//! `hash_pair`).
//!
//! ```
//! use zkprim::poseidon::Fr;
//! use zkprim::poseidon2;
//! let h = poseidon2::bn254_hash(&[Fr::from_u64(1), Fr::from_u64(2), Fr::from_u64(3), Fr::from_u64(4)]).unwrap();
//! assert_eq!(h.to_be_bytes()[..2], [0x13, 0x0b]);
//! let rows = [1u32, 2, 3, 4];
//! let root = poseidon2::babybear_tree_root(&rows, 2).unwrap(); // two rows of width 2
//! let l = poseidon2::babybear_hash(&rows[..2]).unwrap();
//! let r = poseidon2::babybear_hash(&rows[2..]).unwrap();
//! assert_eq!(root, poseidon2::babybear_compress(&l, &r).unwrap());
//! ```
//!
//! Elements are canonical integers (`u32` below p, [`Fr`]); a value >= p is
//! [`Error::Range`], never reduced. Tree sizes are powers of two.
//!
//! The `horizen_*_permute` functions are the HorizenLabs reference
//! implementation's own instances (BabyBear, Goldilocks, BN254, BLS12-381,
//! Pallas, Vesta; other matrices and constants than the instances above),
//! permutation only, the width being the slice's length.
use crate::error::{Error, Result};
use crate::poseidon::Fr;
use zkprim_sys as sys;

/// A 31-bit digest, compression output and tree node: 8 elements.
pub type Digest = [u32; 8];
/// BabyBear's modulus 2^31 - 2^27 + 1.
pub const BABYBEAR_P: u32 = 2013265921;
/// KoalaBear's modulus 2^31 - 2^24 + 1.
pub const KOALABEAR_P: u32 = 2130706433;

/// The kernel the 31-bit batches use: "avx512", "avx2" or "portable".
pub fn implementation() -> &'static str {
    // SAFETY: a static string.
    unsafe { crate::error::static_str(sys::zkp_poseidon2_implementation()) }
}

/// Rows of `row_len` elements: their count (a power of two, checked by C).
fn rows_of(rows: &[u32], row_len: usize) -> Result<usize> {
    if row_len == 0 {
        return Err(Error::Count);
    }
    if rows.len() % row_len != 0 {
        return Err(Error::Length);
    }
    Ok(rows.len() / row_len)
}

/// Depth of a power-of-two count.
fn depth_of(n: usize) -> usize {
    n.trailing_zeros() as usize
}

type Perm = unsafe extern "C" fn(*mut u32, usize) -> sys::zkp_status;
type PermBatch = unsafe extern "C" fn(*mut u32, usize, usize) -> sys::zkp_status;
type Hash = unsafe extern "C" fn(*const u32, usize, *mut u32) -> sys::zkp_status;
type Compress = unsafe extern "C" fn(*const u32, *const u32, *mut u32) -> sys::zkp_status;
type Root = unsafe extern "C" fn(*const u32, usize, usize, *mut u32) -> sys::zkp_status;
type Proof = unsafe extern "C" fn(*const u32, usize, u64, *mut u32) -> sys::zkp_status;
type Verify =
    unsafe extern "C" fn(*const u32, *const u32, usize, u64, *const u32, usize) -> sys::zkp_status;
type VerifyBatch = unsafe extern "C" fn(
    *const u32,
    *const u32,
    usize,
    *const u64,
    usize,
    *const u32,
    usize,
    core::ffi::c_uint,
) -> sys::zkp_status;

fn permute31(f: Perm, state: &mut [u32]) -> Result<()> {
    // SAFETY: state.len() lanes.
    Error::check(unsafe { f(state.as_mut_ptr(), state.len()) })
}

fn permute_batch31(f: PermBatch, states: &mut [u32], width: usize) -> Result<()> {
    if width == 0 || states.len() % width != 0 {
        return Err(if width == 0 {
            Error::Count
        } else {
            Error::Length
        });
    }
    // SAFETY: states.len() / width states of width lanes.
    Error::check(unsafe { f(states.as_mut_ptr(), width, states.len() / width) })
}

fn hash31(f: Hash, input: &[u32]) -> Result<Digest> {
    let mut out = [0u32; 8];
    // SAFETY: input.len() elements in, 8 out.
    Error::check(unsafe { f(input.as_ptr(), input.len(), out.as_mut_ptr()) })?;
    Ok(out)
}

fn compress31(f: Compress, left: &Digest, right: &Digest) -> Result<Digest> {
    let mut out = [0u32; 8];
    // SAFETY: 8 elements each.
    Error::check(unsafe { f(left.as_ptr(), right.as_ptr(), out.as_mut_ptr()) })?;
    Ok(out)
}

fn tree_root31(f: Root, rows: &[u32], row_len: usize) -> Result<Digest> {
    let n = rows_of(rows, row_len)?;
    let mut out = [0u32; 8];
    // SAFETY: n rows of row_len elements.
    Error::check(unsafe { f(rows.as_ptr(), n, row_len, out.as_mut_ptr()) })?;
    Ok(out)
}

fn tree_build31(f: Root, rows: &[u32], row_len: usize) -> Result<Vec<Digest>> {
    let n = rows_of(rows, row_len)?;
    if n == 0 {
        return Err(Error::Count);
    }
    let mut nodes = vec![[0u32; 8]; 2 * n - 1];
    // SAFETY: 2n - 1 digests of room.
    Error::check(unsafe { f(rows.as_ptr(), n, row_len, nodes.as_mut_ptr().cast()) })?;
    Ok(nodes)
}

fn tree_proof31(f: Proof, nodes: &[Digest], index: u64) -> Result<Vec<Digest>> {
    let n = nodes.len().div_ceil(2);
    if nodes.is_empty() || 2 * n - 1 != nodes.len() || !n.is_power_of_two() {
        return Err(Error::Count);
    }
    let mut proof = vec![[0u32; 8]; depth_of(n)];
    // SAFETY: the 2n - 1 nodes of a tree of n leaves; depth digests of room.
    Error::check(unsafe { f(nodes.as_ptr().cast(), n, index, proof.as_mut_ptr().cast()) })?;
    Ok(proof)
}

fn tree_verify31(
    f: Verify,
    root: &Digest,
    row: &[u32],
    index: u64,
    proof: &[Digest],
) -> Result<()> {
    // SAFETY: row.len() elements, proof.len() digests.
    Error::check(unsafe {
        f(
            root.as_ptr(),
            row.as_ptr(),
            row.len(),
            index,
            proof.as_ptr().cast(),
            proof.len(),
        )
    })
}

#[allow(clippy::too_many_arguments)]
fn tree_verify_batch31(
    f: VerifyBatch,
    root: &Digest,
    rows: &[u32],
    row_len: usize,
    indices: &[u64],
    proofs: &[Digest],
    depth: usize,
    threads: u32,
) -> Result<()> {
    if rows_of(rows, row_len)? != indices.len()
        || indices.len().checked_mul(depth) != Some(proofs.len())
    {
        return Err(Error::Length);
    }
    // SAFETY: k rows, k indices, k * depth digests.
    Error::check(unsafe {
        f(
            root.as_ptr(),
            rows.as_ptr(),
            row_len,
            indices.as_ptr(),
            indices.len(),
            proofs.as_ptr().cast(),
            depth,
            threads,
        )
    })
}

type MultiProof = unsafe extern "C" fn(
    *const u32,
    usize,
    *const u64,
    usize,
    *mut u32,
    usize,
    *mut usize,
) -> sys::zkp_status;
type MultiVerify = unsafe extern "C" fn(
    *const u32,
    *const u32,
    usize,
    *const u64,
    usize,
    *const u32,
    usize,
    usize,
    core::ffi::c_uint,
) -> sys::zkp_status;

/// The leaf count of a node array of 2n - 1 nodes (n a power of two).
fn leaves_of_nodes(count: usize) -> Result<usize> {
    let n = count.div_ceil(2);
    if count == 0 || 2 * n - 1 != count || !n.is_power_of_two() {
        return Err(Error::Count);
    }
    Ok(n)
}

/// The size, in nodes, of the multiproof of the leaves at `indices`
/// (strictly increasing) of a tree of depth `depth`: the same for the three
/// trees (a node is 8 elements for BabyBear and KoalaBear, one [`Fr`] for
/// BN254).
pub fn tree_multi_proof_size(indices: &[u64], depth: usize) -> Result<usize> {
    let mut size = 0usize;
    // SAFETY: indices.len() indices; one usize out.
    Error::check(unsafe {
        sys::zkp_poseidon2_tree_multi_proof_size(indices.as_ptr(), indices.len(), depth, &mut size)
    })?;
    Ok(size)
}

/// A node array of `n` 32-byte nodes (Digest or Fr) and its multiproof,
/// through `copy` (the field's C multi_proof on raw pointers).
fn multi_proof_nodes<T: Copy>(
    nodes: &[T],
    indices: &[u64],
    zero: T,
    copy: impl FnOnce(*const T, usize, *mut T, usize, &mut usize) -> sys::zkp_status,
) -> Result<Vec<T>> {
    let n = leaves_of_nodes(nodes.len())?;
    let size = tree_multi_proof_size(indices, depth_of(n))?;
    let mut proof = vec![zero; size];
    let mut got = 0usize;
    Error::check(copy(nodes.as_ptr(), n, proof.as_mut_ptr(), size, &mut got))?;
    proof.truncate(got);
    Ok(proof)
}

fn tree_multi_proof31(f: MultiProof, nodes: &[Digest], indices: &[u64]) -> Result<Vec<Digest>> {
    multi_proof_nodes(nodes, indices, [0u32; 8], |nd, n, out, cap, got| {
        // SAFETY: the 2n - 1 nodes of a tree of n leaves; cap digests of room.
        unsafe {
            f(
                nd.cast(),
                n,
                indices.as_ptr(),
                indices.len(),
                out.cast(),
                cap,
                got,
            )
        }
    })
}

#[allow(clippy::too_many_arguments)]
fn tree_multi_verify31(
    f: MultiVerify,
    root: &Digest,
    rows: &[u32],
    row_len: usize,
    indices: &[u64],
    proof: &[Digest],
    depth: usize,
    threads: u32,
) -> Result<()> {
    if rows_of(rows, row_len)? != indices.len() {
        return Err(Error::Length);
    }
    // SAFETY: k rows, k indices, proof.len() digests.
    Error::check(unsafe {
        f(
            root.as_ptr(),
            rows.as_ptr(),
            row_len,
            indices.as_ptr(),
            indices.len(),
            proof.as_ptr().cast(),
            proof.len(),
            depth,
            threads,
        )
    })
}

/// The BabyBear permutation of 16 or 24 lanes in place (another width: [`Error::Count`]).
pub fn babybear_permute(state: &mut [u32]) -> Result<()> {
    permute31(sys::zkp_poseidon2_babybear_permute, state)
}
/// Many BabyBear states of `width` (16 or 24) lanes back to back, in place.
pub fn babybear_permute_batch(states: &mut [u32], width: usize) -> Result<()> {
    permute_batch31(sys::zkp_poseidon2_babybear_permute_batch, states, width)
}
/// Plonky3's BabyBear hash (`PaddingFreeSponge<16, 8, 8>`; fixed-length inputs).
pub fn babybear_hash(input: &[u32]) -> Result<Digest> {
    hash31(sys::zkp_poseidon2_babybear_hash, input)
}
/// Plonky3's BabyBear 2-to-1 compression (`TruncatedPermutation<2, 8, 16>`).
pub fn babybear_compress(left: &Digest, right: &Digest) -> Result<Digest> {
    compress31(sys::zkp_poseidon2_babybear_compress, left, right)
}
/// The root of the BabyBear tree over `rows` (rows of `row_len` elements, a
/// power of two of them): leaf = hash(row), node = compress(left, right).
pub fn babybear_tree_root(rows: &[u32], row_len: usize) -> Result<Digest> {
    tree_root31(sys::zkp_poseidon2_babybear_tree_root, rows, row_len)
}
/// Every node of the BabyBear tree (2n - 1 digests: the leaf digests first, the root last).
pub fn babybear_tree_build(rows: &[u32], row_len: usize) -> Result<Vec<Digest>> {
    tree_build31(sys::zkp_poseidon2_babybear_tree_build, rows, row_len)
}
/// The siblings of leaf `index`, bottom first, from [`babybear_tree_build`]'s nodes.
pub fn babybear_tree_proof(nodes: &[Digest], index: u64) -> Result<Vec<Digest>> {
    tree_proof31(sys::zkp_poseidon2_babybear_tree_proof, nodes, index)
}
/// Checks that `row` is leaf `index` under `root`: Ok, or [`Error::Verify`].
pub fn babybear_tree_verify(
    root: &Digest,
    row: &[u32],
    index: u64,
    proof: &[Digest],
) -> Result<()> {
    tree_verify31(
        sys::zkp_poseidon2_babybear_tree_verify,
        root,
        row,
        index,
        proof,
    )
}
/// Many openings of one BabyBear tree at once: `rows` the opened rows (`row_len`
/// each) in strictly increasing `indices` order, `proofs` their proofs back
/// to back (`depth` digests each), one batched hash per level.
pub fn babybear_tree_verify_batch(
    root: &Digest,
    rows: &[u32],
    row_len: usize,
    indices: &[u64],
    proofs: &[Digest],
    depth: usize,
    threads: u32,
) -> Result<()> {
    let f = sys::zkp_poseidon2_babybear_tree_verify_batch;
    tree_verify_batch31(f, root, rows, row_len, indices, proofs, depth, threads)
}
/// The multiproof of the leaves at `indices` (strictly increasing) from
/// [`babybear_tree_build`]'s nodes: the siblings a verifier cannot compute, level
/// by level from the leaves up, by index within a level.
pub fn babybear_tree_multi_proof(nodes: &[Digest], indices: &[u64]) -> Result<Vec<Digest>> {
    tree_multi_proof31(sys::zkp_poseidon2_babybear_tree_multi_proof, nodes, indices)
}
/// Checks a multiproof of one BabyBear tree of depth `depth`: `rows` the opened
/// rows (`row_len` each) in `indices` order; Ok, or [`Error::Verify`].
pub fn babybear_tree_multi_verify(
    root: &Digest,
    rows: &[u32],
    row_len: usize,
    indices: &[u64],
    proof: &[Digest],
    depth: usize,
    threads: u32,
) -> Result<()> {
    let f = sys::zkp_poseidon2_babybear_tree_multi_verify;
    tree_multi_verify31(f, root, rows, row_len, indices, proof, depth, threads)
}

/// The KoalaBear permutation of 16 or 24 lanes in place (another width: [`Error::Count`]).
pub fn koalabear_permute(state: &mut [u32]) -> Result<()> {
    permute31(sys::zkp_poseidon2_koalabear_permute, state)
}
/// Many KoalaBear states of `width` (16 or 24) lanes back to back, in place.
pub fn koalabear_permute_batch(states: &mut [u32], width: usize) -> Result<()> {
    permute_batch31(sys::zkp_poseidon2_koalabear_permute_batch, states, width)
}
/// Plonky3's KoalaBear hash (`PaddingFreeSponge<16, 8, 8>`; fixed-length inputs).
pub fn koalabear_hash(input: &[u32]) -> Result<Digest> {
    hash31(sys::zkp_poseidon2_koalabear_hash, input)
}
/// Plonky3's KoalaBear 2-to-1 compression (`TruncatedPermutation<2, 8, 16>`).
pub fn koalabear_compress(left: &Digest, right: &Digest) -> Result<Digest> {
    compress31(sys::zkp_poseidon2_koalabear_compress, left, right)
}
/// The root of the KoalaBear tree over `rows` (rows of `row_len` elements, a
/// power of two of them): leaf = hash(row), node = compress(left, right).
pub fn koalabear_tree_root(rows: &[u32], row_len: usize) -> Result<Digest> {
    tree_root31(sys::zkp_poseidon2_koalabear_tree_root, rows, row_len)
}
/// Every node of the KoalaBear tree (2n - 1 digests: the leaf digests first, the root last).
pub fn koalabear_tree_build(rows: &[u32], row_len: usize) -> Result<Vec<Digest>> {
    tree_build31(sys::zkp_poseidon2_koalabear_tree_build, rows, row_len)
}
/// The siblings of leaf `index`, bottom first, from [`koalabear_tree_build`]'s nodes.
pub fn koalabear_tree_proof(nodes: &[Digest], index: u64) -> Result<Vec<Digest>> {
    tree_proof31(sys::zkp_poseidon2_koalabear_tree_proof, nodes, index)
}
/// Checks that `row` is leaf `index` under `root`: Ok, or [`Error::Verify`].
pub fn koalabear_tree_verify(
    root: &Digest,
    row: &[u32],
    index: u64,
    proof: &[Digest],
) -> Result<()> {
    tree_verify31(
        sys::zkp_poseidon2_koalabear_tree_verify,
        root,
        row,
        index,
        proof,
    )
}
/// Many openings of one KoalaBear tree at once: `rows` the opened rows (`row_len`
/// each) in strictly increasing `indices` order, `proofs` their proofs back
/// to back (`depth` digests each), one batched hash per level.
pub fn koalabear_tree_verify_batch(
    root: &Digest,
    rows: &[u32],
    row_len: usize,
    indices: &[u64],
    proofs: &[Digest],
    depth: usize,
    threads: u32,
) -> Result<()> {
    let f = sys::zkp_poseidon2_koalabear_tree_verify_batch;
    tree_verify_batch31(f, root, rows, row_len, indices, proofs, depth, threads)
}
/// The multiproof of the leaves at `indices` (strictly increasing) from
/// [`koalabear_tree_build`]'s nodes: the siblings a verifier cannot compute, level
/// by level from the leaves up, by index within a level.
pub fn koalabear_tree_multi_proof(nodes: &[Digest], indices: &[u64]) -> Result<Vec<Digest>> {
    tree_multi_proof31(
        sys::zkp_poseidon2_koalabear_tree_multi_proof,
        nodes,
        indices,
    )
}
/// Checks a multiproof of one KoalaBear tree of depth `depth`: `rows` the opened
/// rows (`row_len` each) in `indices` order; Ok, or [`Error::Verify`].
pub fn koalabear_tree_multi_verify(
    root: &Digest,
    rows: &[u32],
    row_len: usize,
    indices: &[u64],
    proof: &[Digest],
    depth: usize,
    threads: u32,
) -> Result<()> {
    let f = sys::zkp_poseidon2_koalabear_tree_multi_verify;
    tree_multi_verify31(f, root, rows, row_len, indices, proof, depth, threads)
}

/// The BN254 width-4 permutation in place (Noir's `poseidon2_permutation`).
pub fn bn254_permute(state: &mut [Fr; 4]) -> Result<()> {
    // SAFETY: four lanes.
    Error::check(unsafe { sys::zkp_poseidon2_bn254_permute(state.as_mut_ptr().cast()) })
}

/// Many t = 4 states permuted in one call (eight at a time in AVX-512 IFMA
/// lanes where the CPU has them); [`Error::Range`] for an element >= p, the
/// states left unchanged.
pub fn bn254_permute_batch(states: &mut [[Fr; 4]]) -> Result<()> {
    // SAFETY: states.len() contiguous states of four lanes.
    Error::check(unsafe {
        sys::zkp_poseidon2_bn254_permute_batch(states.as_mut_ptr().cast(), states.len())
    })
}

/// Noir's `Poseidon2::hash(input, input.len())`.
pub fn bn254_hash(input: &[Fr]) -> Result<Fr> {
    let mut out = Fr::ZERO;
    // SAFETY: input.len() elements in, one out.
    Error::check(unsafe {
        sys::zkp_poseidon2_bn254_hash(
            input.as_ptr().cast(),
            input.len(),
            (&mut out as *mut Fr).cast(),
        )
    })?;
    Ok(out)
}

/// The root of the BN254 tree over `leaves` (a power of two of them),
/// node = Noir's hash of [left, right].
pub fn bn254_tree_root(leaves: &[Fr]) -> Result<Fr> {
    let mut out = Fr::ZERO;
    // SAFETY: leaves.len() elements.
    Error::check(unsafe {
        sys::zkp_poseidon2_bn254_tree_root(
            leaves.as_ptr().cast(),
            leaves.len(),
            (&mut out as *mut Fr).cast(),
        )
    })?;
    Ok(out)
}

/// Every node of the BN254 tree (2n - 1: the leaves first, the root last).
pub fn bn254_tree_build(leaves: &[Fr]) -> Result<Vec<Fr>> {
    if leaves.is_empty() {
        return Err(Error::Count);
    }
    let mut nodes = vec![Fr::ZERO; 2 * leaves.len() - 1];
    // SAFETY: 2n - 1 elements of room.
    Error::check(unsafe {
        sys::zkp_poseidon2_bn254_tree_build(
            leaves.as_ptr().cast(),
            leaves.len(),
            nodes.as_mut_ptr().cast(),
        )
    })?;
    Ok(nodes)
}

/// The siblings of leaf `index`, bottom first, from [`bn254_tree_build`]'s nodes.
pub fn bn254_tree_proof(nodes: &[Fr], index: u64) -> Result<Vec<Fr>> {
    let n = nodes.len().div_ceil(2);
    if nodes.is_empty() || 2 * n - 1 != nodes.len() || !n.is_power_of_two() {
        return Err(Error::Count);
    }
    let mut proof = vec![Fr::ZERO; depth_of(n)];
    // SAFETY: the 2n - 1 nodes of a tree of n leaves; depth elements of room.
    Error::check(unsafe {
        sys::zkp_poseidon2_bn254_tree_proof(
            nodes.as_ptr().cast(),
            n,
            index,
            proof.as_mut_ptr().cast(),
        )
    })?;
    Ok(proof)
}

/// Checks that `leaf` is leaf `index` under `root`: Ok, or [`Error::Verify`].
pub fn bn254_tree_verify(root: &Fr, leaf: &Fr, index: u64, proof: &[Fr]) -> Result<()> {
    // SAFETY: proof.len() siblings.
    Error::check(unsafe {
        sys::zkp_poseidon2_bn254_tree_verify(
            (root as *const Fr).cast(),
            (leaf as *const Fr).cast(),
            index,
            proof.as_ptr().cast(),
            proof.len(),
        )
    })
}

/// Many openings of one BN254 tree: `leaves` in strictly increasing
/// `indices` order, `proofs` back to back (`depth` each).
pub fn bn254_tree_verify_batch(
    root: &Fr,
    leaves: &[Fr],
    indices: &[u64],
    proofs: &[Fr],
    depth: usize,
    threads: u32,
) -> Result<()> {
    if leaves.len() != indices.len() || indices.len().checked_mul(depth) != Some(proofs.len()) {
        return Err(Error::Length);
    }
    // SAFETY: k leaves, k indices, k * depth siblings.
    Error::check(unsafe {
        sys::zkp_poseidon2_bn254_tree_verify_batch(
            (root as *const Fr).cast(),
            leaves.as_ptr().cast(),
            indices.as_ptr(),
            indices.len(),
            proofs.as_ptr().cast(),
            depth,
            threads,
        )
    })
}

// ---- HorizenLabs reference instances ----------------------------------------

/// Goldilocks' modulus 2^64 - 2^32 + 1 (the HorizenLabs Goldilocks instances).
pub const GOLDILOCKS_P: u64 = 0xffff_ffff_0000_0001;

/// The HorizenLabs reference permutation over BabyBear (github.com/HorizenLabs/
/// poseidon2; not Plonky3's instance): width `state.len()` = 16 or 24, else
/// [`Error::Count`].
pub fn horizen_babybear_permute(state: &mut [u32]) -> Result<()> {
    // SAFETY: state.len() lanes.
    Error::check(unsafe {
        sys::zkp_poseidon2_horizen_babybear_permute(state.as_mut_ptr(), state.len())
    })
}

/// Many HorizenLabs BabyBear states of `width` (16 or 24) lanes back to
/// back, in place, on the vector kernels.
pub fn horizen_babybear_permute_batch(states: &mut [u32], width: usize) -> Result<()> {
    permute_batch31(
        sys::zkp_poseidon2_horizen_babybear_permute_batch,
        states,
        width,
    )
}

/// The HorizenLabs permutation over Goldilocks: width 8, 12, 16 or 20.
pub fn horizen_goldilocks_permute(state: &mut [u64]) -> Result<()> {
    // SAFETY: state.len() lanes.
    Error::check(unsafe {
        sys::zkp_poseidon2_horizen_goldilocks_permute(state.as_mut_ptr(), state.len())
    })
}

/// The HorizenLabs permutation over BN254 Fr: width 3.
pub fn horizen_bn254_permute(state: &mut [Fr]) -> Result<()> {
    // SAFETY: state.len() lanes; Fr is a transparent [u64; 4], the C element.
    Error::check(unsafe {
        sys::zkp_poseidon2_horizen_bn254_permute(state.as_mut_ptr().cast(), state.len())
    })
}

/// The HorizenLabs permutation over the BLS12-381 scalar field: width 2, 3, 4
/// or 8. Elements are 64-bit limbs, least significant first, below p
/// (0x73eda753...00000001), else [`Error::Range`].
pub fn horizen_bls12_381_permute(state: &mut [[u64; 4]]) -> Result<()> {
    // SAFETY: state.len() lanes of four limbs, the layout of zkp_poseidon_fr.
    Error::check(unsafe {
        sys::zkp_poseidon2_horizen_bls12_381_permute(state.as_mut_ptr().cast(), state.len())
    })
}

/// The HorizenLabs permutation over Pallas' base field: width 3, 4 or 8 (limbs
/// as for [`horizen_bls12_381_permute`]).
pub fn horizen_pallas_permute(state: &mut [[u64; 4]]) -> Result<()> {
    // SAFETY: as horizen_bls12_381_permute.
    Error::check(unsafe {
        sys::zkp_poseidon2_horizen_pallas_permute(state.as_mut_ptr().cast(), state.len())
    })
}

/// The HorizenLabs permutation over Vesta's base field: width 3 (limbs as
/// for [`horizen_bls12_381_permute`]).
pub fn horizen_vesta_permute(state: &mut [[u64; 4]]) -> Result<()> {
    // SAFETY: as horizen_bls12_381_permute.
    Error::check(unsafe {
        sys::zkp_poseidon2_horizen_vesta_permute(state.as_mut_ptr().cast(), state.len())
    })
}

/// The multiproof of the leaves at `indices` (strictly increasing) from
/// [`bn254_tree_build`]'s nodes (the format of [`babybear_tree_multi_proof`]).
pub fn bn254_tree_multi_proof(nodes: &[Fr], indices: &[u64]) -> Result<Vec<Fr>> {
    multi_proof_nodes(nodes, indices, Fr::ZERO, |nd, n, out, cap, got| {
        // SAFETY: the 2n - 1 nodes of a tree of n leaves; cap elements of room.
        unsafe {
            sys::zkp_poseidon2_bn254_tree_multi_proof(
                nd.cast(),
                n,
                indices.as_ptr(),
                indices.len(),
                out.cast(),
                cap,
                got,
            )
        }
    })
}

/// Checks a multiproof of one BN254 tree of depth `depth`: `leaves` in
/// `indices` order; Ok, or [`Error::Verify`].
pub fn bn254_tree_multi_verify(
    root: &Fr,
    leaves: &[Fr],
    indices: &[u64],
    proof: &[Fr],
    depth: usize,
    threads: u32,
) -> Result<()> {
    if leaves.len() != indices.len() {
        return Err(Error::Length);
    }
    // SAFETY: k leaves, k indices, proof.len() siblings.
    Error::check(unsafe {
        sys::zkp_poseidon2_bn254_tree_multi_verify(
            (root as *const Fr).cast(),
            leaves.as_ptr().cast(),
            indices.as_ptr(),
            indices.len(),
            proof.as_ptr().cast(),
            proof.len(),
            depth,
            threads,
        )
    })
}

// ---- Plonky3's MerkleTreeMmcs over several matrices -------------------------

/// A matrix for the MMCS functions: `(values, width, height)`, `height` rows
/// of `width` elements row by row (`values.len() == width * height`).
pub type MmcsMatrix<'a> = (&'a [u32], usize, usize);

/// The C views of `mats`, or [`Error::Length`] when a matrix's values are not
/// width * height elements.
fn mmcs_views(mats: &[MmcsMatrix<'_>]) -> Result<Vec<sys::zkp_poseidon2_matrix>> {
    mats.iter()
        .map(|&(values, width, height)| {
            if width.checked_mul(height) != Some(values.len()) {
                return Err(Error::Length);
            }
            Ok(sys::zkp_poseidon2_matrix {
                values: values.as_ptr(),
                width,
                height,
            })
        })
        .collect()
}

/// C views of shapes only (`(width, height)`; no values).
fn mmcs_dims(shapes: &[(usize, usize)]) -> Vec<sys::zkp_poseidon2_matrix> {
    shapes
        .iter()
        .map(|&(width, height)| sys::zkp_poseidon2_matrix {
            values: core::ptr::null(),
            width,
            height,
        })
        .collect()
}

/// For the MMCS over matrices of these `(width, height)` shapes: the node
/// count of the tree, the siblings of an opening and the elements of an
/// opening's rows. [`Error::Count`] for no matrix, a height 0 or a height off
/// Plonky3's ladder ceil(H / 2^k) of the tallest H.
pub fn mmcs_size(shapes: &[(usize, usize)]) -> Result<(usize, usize, usize)> {
    let dims = mmcs_dims(shapes);
    let (mut n_nodes, mut proof_n, mut row_n) = (0usize, 0usize, 0usize);
    // SAFETY: dims.len() shapes; three usize outputs.
    Error::check(unsafe {
        sys::zkp_poseidon2_mmcs_size(
            dims.as_ptr(),
            dims.len(),
            &mut n_nodes,
            &mut proof_n,
            &mut row_n,
        )
    })?;
    Ok((n_nodes, proof_n, row_n))
}

type MmcsCommit = unsafe extern "C" fn(
    *const sys::zkp_poseidon2_matrix,
    usize,
    *mut u32,
    usize,
) -> sys::zkp_status;
type MmcsOpen = unsafe extern "C" fn(
    *const sys::zkp_poseidon2_matrix,
    usize,
    *const u32,
    usize,
    u64,
    *mut u32,
    usize,
    *mut u32,
    usize,
) -> sys::zkp_status;
type MmcsVerify = unsafe extern "C" fn(
    *const u32,
    *const sys::zkp_poseidon2_matrix,
    usize,
    u64,
    *const u32,
    usize,
    *const u32,
    usize,
) -> sys::zkp_status;

fn mmcs_commit31(f: MmcsCommit, mats: &[MmcsMatrix<'_>]) -> Result<Vec<Digest>> {
    let views = mmcs_views(mats)?;
    let mut n_nodes = 0usize;
    // SAFETY: views.len() matrices, each over its own values; one usize out.
    Error::check(unsafe {
        sys::zkp_poseidon2_mmcs_size(
            views.as_ptr(),
            views.len(),
            &mut n_nodes,
            core::ptr::null_mut(),
            core::ptr::null_mut(),
        )
    })?;
    let mut nodes = vec![[0u32; 8]; n_nodes];
    // SAFETY: the matrices as above; n_nodes digests of 8 elements out.
    Error::check(unsafe {
        f(
            views.as_ptr(),
            views.len(),
            nodes.as_mut_ptr().cast(),
            n_nodes,
        )
    })?;
    Ok(nodes)
}

fn mmcs_open31(
    f: MmcsOpen,
    mats: &[MmcsMatrix<'_>],
    nodes: &[Digest],
    index: u64,
) -> Result<(Vec<u32>, Vec<Digest>)> {
    let views = mmcs_views(mats)?;
    let (mut n_nodes, mut proof_n, mut row_n) = (0usize, 0usize, 0usize);
    // SAFETY: views.len() matrices; three usize outputs.
    Error::check(unsafe {
        sys::zkp_poseidon2_mmcs_size(
            views.as_ptr(),
            views.len(),
            &mut n_nodes,
            &mut proof_n,
            &mut row_n,
        )
    })?;
    let (mut rows, mut proof) = (vec![0u32; row_n], vec![[0u32; 8]; proof_n]);
    // SAFETY: the matrices; nodes.len() digests in; row_n elements and proof_n digests out.
    Error::check(unsafe {
        f(
            views.as_ptr(),
            views.len(),
            nodes.as_ptr().cast(),
            nodes.len(),
            index,
            rows.as_mut_ptr(),
            row_n,
            proof.as_mut_ptr().cast(),
            proof_n,
        )
    })?;
    Ok((rows, proof))
}

fn mmcs_verify31(
    f: MmcsVerify,
    root: &Digest,
    shapes: &[(usize, usize)],
    index: u64,
    rows: &[u32],
    proof: &[Digest],
) -> Result<()> {
    let dims = mmcs_dims(shapes);
    // SAFETY: 8 root elements, dims.len() shapes (values unread), rows.len() elements, proof.len() digests.
    Error::check(unsafe {
        f(
            root.as_ptr(),
            dims.as_ptr(),
            dims.len(),
            index,
            rows.as_ptr(),
            rows.len(),
            proof.as_ptr().cast(),
            proof.len(),
        )
    })
}

/// Plonky3's `MerkleTreeMmcs` commitment (BabyBear) of several matrices of
/// different heights (docs/poseidon2.md): every node, level 0 first, the root last.
pub fn babybear_mmcs_commit(mats: &[MmcsMatrix<'_>]) -> Result<Vec<Digest>> {
    mmcs_commit31(sys::zkp_poseidon2_babybear_mmcs_commit, mats)
}
/// The opening of leaf `index` from [`babybear_mmcs_commit`]'s nodes: each
/// matrix's row `index >> (d - ceil(log2 height))` back to back, and the siblings bottom first.
pub fn babybear_mmcs_open(
    mats: &[MmcsMatrix<'_>],
    nodes: &[Digest],
    index: u64,
) -> Result<(Vec<u32>, Vec<Digest>)> {
    mmcs_open31(sys::zkp_poseidon2_babybear_mmcs_open, mats, nodes, index)
}
/// Checks an opening against `root` for the `(width, height)` shapes: Ok, or [`Error::Verify`].
pub fn babybear_mmcs_verify(
    root: &Digest,
    shapes: &[(usize, usize)],
    index: u64,
    rows: &[u32],
    proof: &[Digest],
) -> Result<()> {
    mmcs_verify31(
        sys::zkp_poseidon2_babybear_mmcs_verify,
        root,
        shapes,
        index,
        rows,
        proof,
    )
}
/// [`babybear_mmcs_commit`] over KoalaBear.
pub fn koalabear_mmcs_commit(mats: &[MmcsMatrix<'_>]) -> Result<Vec<Digest>> {
    mmcs_commit31(sys::zkp_poseidon2_koalabear_mmcs_commit, mats)
}
/// [`babybear_mmcs_open`] over KoalaBear.
pub fn koalabear_mmcs_open(
    mats: &[MmcsMatrix<'_>],
    nodes: &[Digest],
    index: u64,
) -> Result<(Vec<u32>, Vec<Digest>)> {
    mmcs_open31(sys::zkp_poseidon2_koalabear_mmcs_open, mats, nodes, index)
}
/// [`babybear_mmcs_verify`] over KoalaBear.
pub fn koalabear_mmcs_verify(
    root: &Digest,
    shapes: &[(usize, usize)],
    index: u64,
    rows: &[u32],
    proof: &[Digest],
) -> Result<()> {
    mmcs_verify31(
        sys::zkp_poseidon2_koalabear_mmcs_verify,
        root,
        shapes,
        index,
        rows,
        proof,
    )
}
