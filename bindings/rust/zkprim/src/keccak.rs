//! The Keccak family: Keccak-256 (Ethereum), SHA3-224/256/384/512 and
//! SHAKE128/256, the 64-byte Merkle parent, batches and Merkle trees over
//! 32-byte nodes. Every function here is constant time (the C library's
//! `ZKP_CT`): lengths, counts and indices are public, data may be secret.
//!
//! ```
//! use std::io::Write;
//! use zkprim::keccak::Sha3_256;
//! let mut h = Sha3_256::new();
//! h.write_all(b"ab").unwrap();
//! h.update(b"c");
//! assert_eq!(h.finalize(), Sha3_256::digest(b"abc"));
//! ```
use crate::error::{Error, Result, expect_ok};
use crate::slices::{boxed_copy, boxed_init, with_ptr_arrays};
use zkprim_sys as sys;

/// A sponge function of the family (`zkp_keccak_alg`).
///
/// ```
/// use zkprim::keccak::Algorithm;
/// assert_eq!(Algorithm::Sha3_384.digest_len(), Some(48));
/// assert_eq!(Algorithm::Shake128.digest_len(), None);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Algorithm {
    /// Keccak-256 as Ethereum's keccak256 (padding 0x01).
    Keccak256,
    /// SHA3-224 (FIPS 202).
    Sha3_224,
    /// SHA3-256.
    Sha3_256,
    /// SHA3-384.
    Sha3_384,
    /// SHA3-512.
    Sha3_512,
    /// SHAKE128 (XOF).
    Shake128,
    /// SHAKE256 (XOF).
    Shake256,
}

impl Algorithm {
    /// The C library's id.
    ///
    /// ```
    /// assert_eq!(zkprim::keccak::Algorithm::Keccak256.id(), zkprim_sys::ZKP_KECCAK_256);
    /// ```
    pub const fn id(self) -> sys::zkp_keccak_alg {
        match self {
            Algorithm::Keccak256 => sys::ZKP_KECCAK_256,
            Algorithm::Sha3_224 => sys::ZKP_SHA3_224,
            Algorithm::Sha3_256 => sys::ZKP_SHA3_256,
            Algorithm::Sha3_384 => sys::ZKP_SHA3_384,
            Algorithm::Sha3_512 => sys::ZKP_SHA3_512,
            Algorithm::Shake128 => sys::ZKP_SHAKE128,
            Algorithm::Shake256 => sys::ZKP_SHAKE256,
        }
    }

    /// Digest length in bytes; `None` for the XOFs (any length).
    ///
    /// ```
    /// assert_eq!(zkprim::keccak::Algorithm::Keccak256.digest_len(), Some(32));
    /// ```
    pub const fn digest_len(self) -> Option<usize> {
        match self {
            Algorithm::Sha3_224 => Some(28),
            Algorithm::Keccak256 | Algorithm::Sha3_256 => Some(32),
            Algorithm::Sha3_384 => Some(48),
            Algorithm::Sha3_512 => Some(64),
            Algorithm::Shake128 | Algorithm::Shake256 => None,
        }
    }
}

fn new_state(alg: Algorithm) -> sys::zkp_keccak_state {
    let mut st = core::mem::MaybeUninit::<sys::zkp_keccak_state>::uninit();
    // SAFETY: init writes the whole state for a known algorithm.
    unsafe {
        expect_ok(sys::zkp_keccak_init(st.as_mut_ptr(), alg.id()));
        st.assume_init()
    }
}

#[inline]
fn absorb(st: &mut sys::zkp_keccak_state, data: &[u8]) {
    // SAFETY: a valid state in absorbing phase (finalize consumes the
    // hasher) and a slice (at most isize::MAX bytes).
    expect_ok(unsafe { sys::zkp_keccak_update(st, data.as_ptr(), data.len()) });
}

macro_rules! fixed_hasher {
    ($name:ident, $alg:ident, $oneshot:ident, $n:expr, $label:expr, $abc0:expr) => {
        #[doc = concat!("A streaming ", $label, " hasher (", stringify!($n), "-byte digest).")]
        ///
        /// `Clone` copies the state mid-stream; `std::io::Write` feeds `update`.
        ///
        /// ```
        #[doc = concat!("use zkprim::keccak::", stringify!($name), ";")]
        #[doc = concat!("let mut h = ", stringify!($name), "::new();")]
        /// h.update(b"a");
        /// let fork = h.clone();
        /// h.update(b"bc");
        #[doc = concat!("assert_eq!(h.finalize()[0], ", stringify!($abc0), ");")]
        #[doc = concat!("assert_eq!(fork.finalize(), ", stringify!($name), "::digest(b\"a\"));")]
        /// ```
        #[derive(Clone)]
        pub struct $name {
            st: sys::zkp_keccak_state,
        }

        impl $name {
            /// Digest length in bytes.
            ///
            /// ```
            #[doc = concat!("assert_eq!(zkprim::keccak::", stringify!($name), "::OUTPUT_LEN, ", stringify!($n), ");")]
            /// ```
            pub const OUTPUT_LEN: usize = $n;

            /// A fresh hasher.
            ///
            /// ```
            #[doc = concat!("let h = zkprim::keccak::", stringify!($name), "::new();")]
            #[doc = concat!("assert_eq!(h.finalize(), zkprim::keccak::", stringify!($name), "::digest(b\"\"));")]
            /// ```
            pub fn new() -> Self {
                Self { st: new_state(Algorithm::$alg) }
            }

            /// Absorbs more input; any chunking gives the one-shot digest.
            ///
            /// ```
            #[doc = concat!("let mut h = zkprim::keccak::", stringify!($name), "::new();")]
            /// h.update(b"ab").update(b"c");
            #[doc = concat!("assert_eq!(h.finalize(), zkprim::keccak::", stringify!($name), "::digest(b\"abc\"));")]
            /// ```
            #[inline]
            pub fn update(&mut self, data: &[u8]) -> &mut Self {
                absorb(&mut self.st, data);
                self
            }

            /// Pads and returns the digest.
            ///
            /// ```
            #[doc = concat!("let d = zkprim::keccak::", stringify!($name), "::new().finalize();")]
            #[doc = concat!("assert_eq!(d.len(), ", stringify!($n), ");")]
            /// ```
            #[inline]
            pub fn finalize(mut self) -> [u8; $n] {
                let mut out = [0u8; $n];
                // SAFETY: an absorbing state and an output of the digest length.
                expect_ok(unsafe { sys::zkp_keccak_final(&mut self.st, out.as_mut_ptr(), $n) });
                out
            }

            /// One-shot digest of `data`.
            ///
            /// ```
            #[doc = concat!("assert_eq!(zkprim::keccak::", stringify!($name), "::digest(b\"abc\")[0], ", stringify!($abc0), ");")]
            /// ```
            #[inline]
            pub fn digest(data: &[u8]) -> [u8; $n] {
                let mut out = [0u8; $n];
                // SAFETY: a slice in, an output of exactly the digest length.
                expect_ok(unsafe { sys::$oneshot(data.as_ptr(), data.len(), out.as_mut_ptr()) });
                out
            }
        }

        default_and_write!($name);
    };
}

fixed_hasher!(
    Keccak256,
    Keccak256,
    zkp_keccak256,
    32,
    "Keccak-256 (Ethereum keccak256)",
    0x4e
);
fixed_hasher!(Sha3_224, Sha3_224, zkp_sha3_224, 28, "SHA3-224", 0xe6);
fixed_hasher!(Sha3_256, Sha3_256, zkp_sha3_256, 32, "SHA3-256", 0x3a);
fixed_hasher!(Sha3_384, Sha3_384, zkp_sha3_384, 48, "SHA3-384", 0xec);
fixed_hasher!(Sha3_512, Sha3_512, zkp_sha3_512, 64, "SHA3-512", 0xb7);

/// The output stream of a SHAKE hasher: reads of any sizes concatenate to
/// one stream. Also `std::io::Read` (never short, never an error).
///
/// ```
/// use zkprim::keccak::Shake128;
/// let mut r = Shake128::new().finalize_xof();
/// let mut a = [0u8; 5];
/// let mut b = [0u8; 27];
/// r.fill(&mut a);
/// r.fill(&mut b);
/// let whole: [u8; 32] = Shake128::new().finalize();
/// assert_eq!(&whole[..5], &a);
/// assert_eq!(&whole[5..], &b);
/// ```
#[derive(Clone)]
pub struct XofReader {
    st: sys::zkp_keccak_state,
}

impl XofReader {
    /// Writes the next `out.len()` bytes of the stream.
    ///
    /// ```
    /// let mut r = zkprim::keccak::Shake256::new().finalize_xof();
    /// let mut out = [0u8; 100];
    /// r.fill(&mut out);
    /// assert_eq!(out[0], 0x46);
    /// ```
    #[inline]
    pub fn fill(&mut self, out: &mut [u8]) {
        if out.is_empty() {
            return;
        }
        // SAFETY: an XOF state (only Shake* make readers) and a slice.
        expect_ok(unsafe { sys::zkp_keccak_squeeze(&mut self.st, out.as_mut_ptr(), out.len()) });
    }
}

impl std::io::Read for XofReader {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        self.fill(buf);
        Ok(buf.len())
    }
}

macro_rules! xof_hasher {
    ($name:ident, $alg:ident, $label:expr, $e0:expr) => {
        #[doc = concat!("A streaming ", $label, " hasher (extendable output).")]
        ///
        /// ```
        #[doc = concat!("use zkprim::keccak::", stringify!($name), ";")]
        #[doc = concat!("let mut h = ", stringify!($name), "::default();")]
        /// h.update(b"");
        /// let d: [u8; 16] = h.clone().finalize();
        #[doc = concat!("assert_eq!(d[0], ", stringify!($e0), ");")]
        /// ```
        #[derive(Clone)]
        pub struct $name {
            st: sys::zkp_keccak_state,
        }

        impl $name {
            /// A fresh hasher.
            ///
            /// ```
            #[doc = concat!("let d: [u8; 8] = zkprim::keccak::", stringify!($name), "::new().finalize();")]
            #[doc = concat!("assert_eq!(d[0], ", stringify!($e0), ");")]
            /// ```
            pub fn new() -> Self {
                Self { st: new_state(Algorithm::$alg) }
            }

            /// Absorbs more input.
            ///
            /// ```
            #[doc = concat!("let mut h = zkprim::keccak::", stringify!($name), "::new();")]
            /// h.update(b"a").update(b"b");
            #[doc = concat!("assert_eq!(h.finalize::<32>(), zkprim::keccak::", stringify!($name), "::digest::<32>(b\"ab\"));")]
            /// ```
            #[inline]
            pub fn update(&mut self, data: &[u8]) -> &mut Self {
                absorb(&mut self.st, data);
                self
            }

            /// The first `N` bytes of the output.
            ///
            /// ```
            #[doc = concat!("let d: [u8; 64] = zkprim::keccak::", stringify!($name), "::new().finalize();")]
            #[doc = concat!("assert_eq!(d[0], ", stringify!($e0), ");")]
            /// ```
            pub fn finalize<const N: usize>(self) -> [u8; N] {
                let mut out = [0u8; N];
                self.finalize_xof().fill(&mut out);
                out
            }

            /// The output as a reader of any length.
            ///
            /// ```
            /// use std::io::Read;
            #[doc = concat!("let mut r = zkprim::keccak::", stringify!($name), "::new().finalize_xof();")]
            /// let mut v = Vec::new();
            /// r.by_ref().take(1000).read_to_end(&mut v).unwrap();
            /// assert_eq!(v.len(), 1000);
            /// ```
            pub fn finalize_xof(self) -> XofReader {
                XofReader { st: self.st }
            }

            /// One-shot: the first `N` bytes of the output for `data`.
            ///
            /// ```
            #[doc = concat!("let d = zkprim::keccak::", stringify!($name), "::digest::<16>(b\"\");")]
            #[doc = concat!("assert_eq!(d[0], ", stringify!($e0), ");")]
            /// ```
            pub fn digest<const N: usize>(data: &[u8]) -> [u8; N] {
                let mut h = Self::new();
                h.update(data);
                h.finalize()
            }
        }

        default_and_write!($name);
    };
}

xof_hasher!(Shake128, Shake128, "SHAKE128", 0x7f);
xof_hasher!(Shake256, Shake256, "SHAKE256", 0x46);

/// The Merkle parent Keccak-256(left || right): one permutation.
///
/// ```
/// let p = zkprim::keccak::keccak256_pair(&[0; 32], &[0; 32]);
/// assert_eq!(p, zkprim::keccak::Keccak256::digest(&[0; 64]));
/// ```
#[inline]
pub fn keccak256_pair(left: &[u8; 32], right: &[u8; 32]) -> [u8; 32] {
    let mut out = [0u8; 32];
    // SAFETY: three 32-byte arrays.
    unsafe { sys::zkp_keccak256_pair(left.as_ptr(), right.as_ptr(), out.as_mut_ptr()) };
    out
}

/// The Merkle parent SHA3-256(left || right).
///
/// ```
/// let p = zkprim::keccak::sha3_256_pair(&[1; 32], &[2; 32]);
/// let mut both = [1u8; 64];
/// both[32..].fill(2);
/// assert_eq!(p, zkprim::keccak::Sha3_256::digest(&both));
/// ```
#[inline]
pub fn sha3_256_pair(left: &[u8; 32], right: &[u8; 32]) -> [u8; 32] {
    let mut out = [0u8; 32];
    // SAFETY: three 32-byte arrays.
    unsafe { sys::zkp_sha3_256_pair(left.as_ptr(), right.as_ptr(), out.as_mut_ptr()) };
    out
}

fn check_out_len(alg: Algorithm, n: usize) -> Result<()> {
    match alg.digest_len() {
        Some(d) if d != n => Err(Error::Length),
        None if n == 0 => Err(Error::Length),
        _ => Ok(()),
    }
}

/// Hashes many independent inputs at once (the multi-lane kernels):
/// `out[i]` = the `N`-byte digest of `inputs[i]`. `out.len()` must equal
/// `inputs.len()` and `N` the digest length (any `N >= 1` for the XOFs),
/// else [`Error::Length`].
///
/// The C call is `zkp_keccak_hash_batch_ptrs` (a pointer and a length per
/// input); equal-length inputs in one buffer are cheaper through
/// [`hash_batch`].
///
/// ```
/// use zkprim::keccak::{hash_batch_ptrs, Algorithm, Keccak256};
/// let mut out = [[0u8; 32]; 3];
/// hash_batch_ptrs(Algorithm::Keccak256, &[b"a", b"bc", b""], &mut out).unwrap();
/// assert_eq!(out[1], Keccak256::digest(b"bc"));
/// ```
pub fn hash_batch_ptrs<const N: usize>(
    alg: Algorithm,
    inputs: &[&[u8]],
    out: &mut [[u8; N]],
) -> Result<()> {
    check_out_len(alg, N)?;
    if out.len() != inputs.len() {
        return Err(Error::Length);
    }
    if inputs.is_empty() {
        return Ok(());
    }
    // Pointer and length arrays (equal-length inputs in one buffer:
    // hash_batch needs neither).
    with_ptr_arrays(inputs, |ptrs, lens| {
        // SAFETY: n pointers with their lengths, n outputs of N bytes.
        Error::check(unsafe {
            sys::zkp_keccak_hash_batch_ptrs(
                alg.id(),
                ptrs,
                lens,
                inputs.len(),
                out.as_mut_ptr().cast(),
                N,
            )
        })
    })
}

/// Hashes consecutive `chunk_len`-byte pieces of `data` (`data.len()` must
/// be `out.len() * chunk_len`, else [`Error::Length`]): the strided batch,
/// no pointer arrays. `out[i]` = digest of `data[i*chunk_len..][..chunk_len]`
/// (the C call `zkp_keccak_hash_batch` with stride = `chunk_len`).
///
/// ```
/// use zkprim::keccak::{hash_batch, Algorithm, Sha3_256};
/// let data = [7u8; 128];
/// let mut out = [[0u8; 32]; 2];
/// hash_batch(Algorithm::Sha3_256, &data, 64, &mut out).unwrap();
/// assert_eq!(out[1], Sha3_256::digest(&[7; 64]));
/// ```
pub fn hash_batch<const N: usize>(
    alg: Algorithm,
    data: &[u8],
    chunk_len: usize,
    out: &mut [[u8; N]],
) -> Result<()> {
    check_out_len(alg, N)?;
    if out.len().checked_mul(chunk_len) != Some(data.len()) {
        return Err(Error::Length);
    }
    // SAFETY: out.len() inputs of chunk_len bytes at stride chunk_len inside
    // data, out.len() outputs of N bytes.
    Error::check(unsafe {
        sys::zkp_keccak_hash_batch(
            alg.id(),
            data.as_ptr(),
            chunk_len,
            chunk_len,
            out.len(),
            out.as_mut_ptr().cast(),
            N,
        )
    })
}

/// The 1.0 name of [`hash_batch_ptrs`] (named after the C call since 1.1).
///
/// ```
/// # #![allow(deprecated)]
/// let mut out = [[0u8; 32]; 1];
/// zkprim::keccak::hash_many(zkprim::keccak::Algorithm::Keccak256, &[b"a"], &mut out).unwrap();
/// assert_eq!(out[0], zkprim::keccak::Keccak256::digest(b"a"));
/// ```
#[deprecated(
    since = "1.1.0",
    note = "renamed hash_batch_ptrs, after its C function zkp_keccak_hash_batch_ptrs"
)]
pub fn hash_many<const N: usize>(
    alg: Algorithm,
    inputs: &[&[u8]],
    out: &mut [[u8; N]],
) -> Result<()> {
    hash_batch_ptrs(alg, inputs, out)
}

/// The 1.0 name of [`hash_batch`] (named after the C call since 1.1).
///
/// ```
/// # #![allow(deprecated)]
/// let mut out = [[0u8; 32]; 1];
/// zkprim::keccak::hash_many_chunks(zkprim::keccak::Algorithm::Keccak256, b"a", 1, &mut out).unwrap();
/// assert_eq!(out[0], zkprim::keccak::Keccak256::digest(b"a"));
/// ```
#[deprecated(
    since = "1.1.0",
    note = "renamed hash_batch, after its C function zkp_keccak_hash_batch"
)]
pub fn hash_many_chunks<const N: usize>(
    alg: Algorithm,
    data: &[u8],
    chunk_len: usize,
    out: &mut [[u8; N]],
) -> Result<()> {
    hash_batch(alg, data, chunk_len, out)
}

fn tree_alg(alg: Algorithm) -> Result<()> {
    match alg {
        Algorithm::Keccak256 | Algorithm::Sha3_256 => Ok(()),
        _ => Err(Error::Param),
    }
}

/// Root of the Merkle tree over `leaves` (a power of two of them, else
/// [`Error::Count`]) with parent = H(left || right), H = Keccak-256 or
/// SHA3-256 (else [`Error::Param`]). `threads` > 1 builds subtrees on that
/// many threads; the root does not depend on it.
///
/// ```
/// use zkprim::keccak::{keccak256_pair, tree_root, Algorithm};
/// let leaves = [[1u8; 32], [2u8; 32]];
/// let root = tree_root(Algorithm::Keccak256, &leaves, 1).unwrap();
/// assert_eq!(root, keccak256_pair(&leaves[0], &leaves[1]));
/// ```
pub fn tree_root(alg: Algorithm, leaves: &[[u8; 32]], threads: u32) -> Result<[u8; 32]> {
    tree_alg(alg)?;
    let mut root = [0u8; 32];
    // SAFETY: n leaves of 32 bytes, a 32-byte root.
    Error::check(unsafe {
        sys::zkp_keccak_tree_root(
            alg.id(),
            leaves.as_ptr().cast(),
            leaves.len(),
            threads,
            root.as_mut_ptr(),
        )
    })?;
    Ok(root)
}

/// Every node of the tree, level by level: the `n` leaves, then `n/2`
/// parents, ..., the root last (`2n - 1` nodes).
///
/// ```
/// use zkprim::keccak::{tree_build, tree_root, Algorithm};
/// let leaves = [[3u8; 32]; 4];
/// let nodes = tree_build(Algorithm::Sha3_256, &leaves, 1).unwrap();
/// assert_eq!(nodes.len(), 7);
/// assert_eq!(nodes[6], tree_root(Algorithm::Sha3_256, &leaves, 1).unwrap());
/// ```
pub fn tree_build(alg: Algorithm, leaves: &[[u8; 32]], threads: u32) -> Result<Vec<[u8; 32]>> {
    tree_alg(alg)?;
    let n = leaves.len();
    if n == 0 || !n.is_power_of_two() {
        return Err(Error::Count);
    }
    let mut nodes = vec![[0u8; 32]; 2 * n - 1];
    // SAFETY: n leaves, 2n - 1 nodes (n a power of two, so no overflow: the
    // leaves already exist in memory).
    Error::check(unsafe {
        sys::zkp_keccak_tree_build(
            alg.id(),
            leaves.as_ptr().cast(),
            n,
            threads,
            nodes.as_mut_ptr().cast(),
        )
    })?;
    Ok(nodes)
}

/// Inclusion proof of leaf `index` from the nodes [`tree_build`] gave:
/// log2(n) siblings, bottom first.
///
/// ```
/// use zkprim::keccak::{tree_build, tree_proof, tree_verify, Algorithm};
/// let leaves: Vec<[u8; 32]> = (0..8u8).map(|i| [i; 32]).collect();
/// let nodes = tree_build(Algorithm::Keccak256, &leaves, 1).unwrap();
/// let proof = tree_proof(&nodes, 5).unwrap();
/// assert_eq!(proof.len(), 3);
/// assert!(tree_verify(Algorithm::Keccak256, &nodes[14], &leaves[5], 5, &proof).is_ok());
/// ```
pub fn tree_proof(nodes: &[[u8; 32]], index: u64) -> Result<Vec<[u8; 32]>> {
    let n = nodes.len().div_ceil(2);
    if nodes.len() % 2 == 0 || !n.is_power_of_two() {
        return Err(Error::Count);
    }
    let mut proof = vec![[0u8; 32]; n.trailing_zeros() as usize];
    // SAFETY: 2n - 1 nodes, log2 n proof slots.
    Error::check(unsafe {
        sys::zkp_keccak_tree_proof(nodes.as_ptr().cast(), n, index, proof.as_mut_ptr().cast())
    })?;
    Ok(proof)
}

/// `Ok(())` when `leaf` at `index` with `proof` (siblings, bottom first)
/// hashes to `root`; [`Error::Verify`] when not.
///
/// ```
/// use zkprim::keccak::{keccak256_pair, tree_verify, Algorithm};
/// use zkprim::Error;
/// let (a, b) = ([1u8; 32], [2u8; 32]);
/// let root = keccak256_pair(&a, &b);
/// assert!(tree_verify(Algorithm::Keccak256, &root, &b, 1, &[a]).is_ok());
/// assert_eq!(tree_verify(Algorithm::Keccak256, &root, &b, 0, &[a]), Err(Error::Verify));
/// ```
pub fn tree_verify(
    alg: Algorithm,
    root: &[u8; 32],
    leaf: &[u8; 32],
    index: u64,
    proof: &[[u8; 32]],
) -> Result<()> {
    tree_alg(alg)?;
    // SAFETY: 32-byte root and leaf, proof.len() siblings.
    Error::check(unsafe {
        sys::zkp_keccak_tree_verify(
            alg.id(),
            root.as_ptr(),
            leaf.as_ptr(),
            index,
            proof.as_ptr().cast(),
            proof.len(),
        )
    })
}

/// The tree over leaf data of any length, given in pieces (the
/// `zkprim tree -a keccak256` tree, docs/streaming.md): leaf i is H of the
/// i-th `leaf_size` bytes (the last one shorter; an empty input is one
/// leaf; a `leaf_size` past the data makes it one leaf), the leaf count
/// padded to a power of two with zero nodes. Memory is
/// bounded (one ~6 KiB struct on the heap); any split of the data gives the
/// same root, and `finalize` leaves the hasher usable.
///
/// ```
/// use zkprim::keccak::{tree_root, Algorithm, Keccak256, TreeHasher};
/// let data = [7u8; 96];
/// let mut t = TreeHasher::new(Algorithm::Keccak256, 32).unwrap();
/// t.update(&data[..50]).unwrap().update(&data[50..]).unwrap();
/// let leaves = [Keccak256::digest(&[7; 32]); 3];
/// let padded = [leaves[0], leaves[1], leaves[2], [0; 32]];
/// assert_eq!(t.finalize(), tree_root(Algorithm::Keccak256, &padded, 1).unwrap());
/// ```
pub struct TreeHasher {
    h: Box<sys::zkp_keccak_tree_hasher>,
}

impl TreeHasher {
    /// A tree hasher with parent H = Keccak-256 or SHA3-256 (else
    /// [`Error::Param`]) and `leaf_size`-byte leaves (0: [`Error::Length`]).
    ///
    /// ```
    /// use zkprim::keccak::{Algorithm, TreeHasher};
    /// assert!(TreeHasher::new(Algorithm::Sha3_256, 4096).is_ok());
    /// assert!(TreeHasher::new(Algorithm::Shake128, 4096).is_err());
    /// ```
    pub fn new(alg: Algorithm, leaf_size: usize) -> Result<Self> {
        let mut st = sys::ZKP_OK;
        // SAFETY: a valid pointer to a zeroed struct; on an error it is
        // dropped unused.
        let h = boxed_init(|p| {
            st = unsafe { sys::zkp_keccak_tree_hasher_init(p, alg.id(), leaf_size) }
        });
        Error::check(st)?;
        Ok(TreeHasher { h })
    }

    /// As [`new`](Self::new), hashing long updates on `threads` threads
    /// (the caller's included; 0 and 1: one, above 64: 64) in aligned blocks
    /// of at least 256 KiB. The root never depends on the thread count.
    ///
    /// ```
    /// use zkprim::keccak::{Algorithm, TreeHasher};
    /// let data = vec![3u8; 1 << 20];
    /// let mut one = TreeHasher::new(Algorithm::Keccak256, 100).unwrap();
    /// let mut four = TreeHasher::with_threads(Algorithm::Keccak256, 100, 4).unwrap();
    /// one.update(&data).unwrap();
    /// four.update(&data).unwrap();
    /// assert_eq!(one.finalize(), four.finalize());
    /// ```
    pub fn with_threads(alg: Algorithm, leaf_size: usize, threads: u32) -> Result<Self> {
        let mut st = sys::ZKP_OK;
        // SAFETY: as in `new`.
        let h = boxed_init(|p| {
            st =
                unsafe { sys::zkp_keccak_tree_hasher_init_threads(p, alg.id(), leaf_size, threads) }
        });
        Error::check(st)?;
        Ok(TreeHasher { h })
    }

    /// Takes more data. [`Error::Length`] only for a stream past 2^64 - 1
    /// bytes.
    ///
    /// ```
    /// use zkprim::keccak::{Algorithm, TreeHasher};
    /// let mut t = TreeHasher::new(Algorithm::Keccak256, 8).unwrap();
    /// t.update(b"0123456789").unwrap();
    /// ```
    pub fn update(&mut self, data: &[u8]) -> Result<&mut Self> {
        // SAFETY: an initialised hasher and a slice.
        Error::check(unsafe {
            sys::zkp_keccak_tree_hasher_update(&mut *self.h, data.as_ptr(), data.len())
        })?;
        Ok(self)
    }

    /// The root of everything so far.
    ///
    /// ```
    /// use zkprim::keccak::{Algorithm, Keccak256, TreeHasher};
    /// let t = TreeHasher::new(Algorithm::Keccak256, 32).unwrap();
    /// assert_eq!(t.finalize(), Keccak256::digest(b"")); // one empty leaf
    /// ```
    pub fn finalize(&self) -> [u8; 32] {
        let mut root = [0u8; 32];
        // SAFETY: an initialised hasher, 32 bytes out.
        expect_ok(unsafe { sys::zkp_keccak_tree_hasher_finalize(&*self.h, root.as_mut_ptr()) });
        root
    }
}

impl Clone for TreeHasher {
    fn clone(&self) -> Self {
        TreeHasher {
            h: boxed_copy(&*self.h),
        }
    }
}

impl std::io::Write for TreeHasher {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.update(buf)?;
        Ok(buf.len())
    }
    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}
