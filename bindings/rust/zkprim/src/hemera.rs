//! Hemera: Poseidon2 over Goldilocks, bit-exact with the hemera crate
//! (cyber-hemera), with its names: [`hash`], [`keyed_hash`], [`derive_key`],
//! [`Hasher`], [`OutputReader`], the permutation and the tree functions.
//!
//! Timing classes as in the C library (spec section 10): constant time are
//! [`permute_ct`], [`hash_secret`], [`keyed_hash`], [`derive_key`] and the
//! hashers from [`Hasher::new_secret`], [`Hasher::new_keyed`] and
//! [`Hasher::new_derive_key`]; everything else is fast and for public data.
//!
//! ```
//! let h = zkprim::hemera::hash(b"hello");
//! assert_eq!(&h.to_hex()[..8], "e1b19b82");
//! ```
use crate::error::{Error, Result, expect_ok};
use crate::slices::{boxed_copy, boxed_init, with_ptr_arrays};
use core::fmt;
use zkprim_sys as sys;

/// Digest length in bytes.
///
/// ```
/// assert_eq!(zkprim::hemera::OUT_LEN, 32);
/// ```
pub const OUT_LEN: usize = 32;
/// Key length in bytes (keyed_hash).
///
/// ```
/// assert_eq!(zkprim::hemera::KEY_LEN, 32);
/// ```
pub const KEY_LEN: usize = 32;
/// Chunk size of the fixed tree.
///
/// ```
/// assert_eq!(zkprim::hemera::CHUNK_LEN, 4096);
/// ```
pub const CHUNK_LEN: usize = 4096;
/// Width of the permutation state (Goldilocks elements).
///
/// ```
/// let mut s = [0u64; zkprim::hemera::WIDTH];
/// zkprim::hemera::permute(&mut s);
/// ```
pub const WIDTH: usize = 16;

/// A 32-byte Hemera digest (four canonical little-endian Goldilocks limbs).
///
/// ```
/// use zkprim::hemera::{hash, Hash};
/// let h = hash(b"");
/// assert_eq!(Hash::from_bytes(*h.as_bytes()), h);
/// assert_eq!(h.to_string(), h.to_hex());
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
#[repr(transparent)]
pub struct Hash([u8; OUT_LEN]);

impl Hash {
    /// The digest's bytes.
    ///
    /// ```
    /// assert_eq!(zkprim::hemera::hash(b"").as_bytes()[0], 0xa6);
    /// ```
    pub fn as_bytes(&self) -> &[u8; OUT_LEN] {
        &self.0
    }

    /// A digest from its bytes (no check: any 32 bytes are a chaining value).
    ///
    /// ```
    /// let h = zkprim::hemera::Hash::from_bytes([0; 32]);
    /// assert_eq!(h.as_bytes(), &[0; 32]);
    /// ```
    pub const fn from_bytes(bytes: [u8; OUT_LEN]) -> Self {
        Hash(bytes)
    }

    /// Lower-case hex, byte 0 first.
    ///
    /// ```
    /// assert_eq!(zkprim::hemera::Hash::from_bytes([0xab; 32]).to_hex().len(), 64);
    /// ```
    pub fn to_hex(&self) -> String {
        self.0.iter().map(|b| format!("{b:02x}")).collect()
    }
}

impl From<[u8; OUT_LEN]> for Hash {
    fn from(b: [u8; OUT_LEN]) -> Self {
        Hash(b)
    }
}

impl From<Hash> for [u8; OUT_LEN] {
    fn from(h: Hash) -> Self {
        h.0
    }
}

impl AsRef<[u8]> for Hash {
    fn as_ref(&self) -> &[u8] {
        &self.0
    }
}

impl fmt::Display for Hash {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.to_hex())
    }
}

impl fmt::Debug for Hash {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Hash({})", self.to_hex())
    }
}

/// The permutation on public data (may branch on the state's values).
///
/// ```
/// let mut a = [1u64; 16];
/// let mut b = a;
/// zkprim::hemera::permute(&mut a);
/// zkprim::hemera::permute_ct(&mut b);
/// assert_eq!(a, b);
/// ```
#[inline]
pub fn permute(state: &mut [u64; WIDTH]) {
    // SAFETY: 16 lanes.
    unsafe { sys::zkp_hemera_permute(state.as_mut_ptr()) }
}

/// The same permutation in constant time (no branch or address depends on
/// the state): for secret states.
///
/// ```
/// let mut s = [0u64; 16];
/// zkprim::hemera::permute_ct(&mut s);
/// assert!(s.iter().all(|&x| x < 0xffff_ffff_0000_0001));
/// ```
#[inline]
pub fn permute_ct(state: &mut [u64; WIDTH]) {
    // SAFETY: 16 lanes.
    unsafe { sys::zkp_hemera_permute_ct(state.as_mut_ptr()) }
}

/// Many independent permutations (the lane kernels); the same results as
/// [`permute`] on each.
///
/// ```
/// let mut states = vec![[3u64; 16]; 8];
/// zkprim::hemera::permute_batch(&mut states);
/// let mut one = [3u64; 16];
/// zkprim::hemera::permute(&mut one);
/// assert!(states.iter().all(|s| *s == one));
/// ```
#[inline]
pub fn permute_batch(states: &mut [[u64; WIDTH]]) {
    // SAFETY: n states of 16 lanes; a slice is at most isize::MAX bytes.
    expect_ok(unsafe { sys::zkp_hemera_permute_batch(states.as_mut_ptr(), states.len()) })
}

macro_rules! one_shot {
    ($(#[$m:meta])* $name:ident, $c:ident) => {
        $(#[$m])*
        pub fn $name(input: &[u8]) -> Hash {
            let mut out = Hash::default();
            // SAFETY: a slice in, 32 bytes out.
            expect_ok(unsafe { sys::$c(input.as_ptr(), input.len(), out.0.as_mut_ptr()) });
            out
        }
    };
}

one_shot!(
    /// Hash of `input` (fast; public data).
    ///
    /// ```
    /// assert_eq!(&zkprim::hemera::hash(b"").to_hex()[..8], "a67a71b2");
    /// ```
    hash,
    zkp_hemera_hash
);
one_shot!(
    /// The same digest as [`hash`], computed in constant time (secrets).
    ///
    /// ```
    /// assert_eq!(zkprim::hemera::hash_secret(b"x"), zkprim::hemera::hash(b"x"));
    /// ```
    hash_secret,
    zkp_hemera_hash_secret
);

/// Keyed hash (a MAC) of `input` under a 32-byte key; constant time.
///
/// ```
/// let k = [7u8; 32];
/// assert_ne!(zkprim::hemera::keyed_hash(&k, b"m"), zkprim::hemera::hash(b"m"));
/// ```
pub fn keyed_hash(key: &[u8; KEY_LEN], input: &[u8]) -> Hash {
    let mut out = Hash::default();
    // SAFETY: 32-byte key, a slice, 32 bytes out.
    expect_ok(unsafe {
        sys::zkp_hemera_keyed_hash(
            key.as_ptr(),
            input.as_ptr(),
            input.len(),
            out.0.as_mut_ptr(),
        )
    });
    out
}

/// A 32-byte key derived from a context string and key material; constant
/// time.
///
/// ```
/// let k = zkprim::hemera::derive_key("test context", b"test material");
/// assert_eq!(k[0], 0x8c);
/// ```
pub fn derive_key(context: &str, key_material: &[u8]) -> [u8; OUT_LEN] {
    let mut out = [0u8; OUT_LEN];
    // SAFETY: two slices, 32 bytes out.
    expect_ok(unsafe {
        sys::zkp_hemera_derive_key(
            context.as_ptr(),
            context.len(),
            key_material.as_ptr(),
            key_material.len(),
            out.as_mut_ptr(),
        )
    });
    out
}

/// A streaming hasher. `finalize` does not consume it (update may go on);
/// `Clone` copies it mid-stream; `std::io::Write` feeds `update`.
///
/// ```
/// use zkprim::hemera::{hash, Hasher};
/// let mut h = Hasher::new();
/// h.update(b"hel");
/// let fork = h.clone();
/// h.update(b"lo");
/// assert_eq!(h.finalize(), hash(b"hello"));
/// assert_eq!(fork.finalize(), hash(b"hel"));
/// ```
#[derive(Clone)]
pub struct Hasher {
    h: sys::zkp_hemera_hasher,
}

impl Hasher {
    fn with(init: impl FnOnce(*mut sys::zkp_hemera_hasher)) -> Self {
        let mut h = core::mem::MaybeUninit::<sys::zkp_hemera_hasher>::uninit();
        init(h.as_mut_ptr());
        // SAFETY: every init function writes the whole struct.
        Hasher {
            h: unsafe { h.assume_init() },
        }
    }

    /// A fast hasher (public data), the digest of [`hash`].
    ///
    /// ```
    /// assert_eq!(zkprim::hemera::Hasher::new().finalize(), zkprim::hemera::hash(b""));
    /// ```
    pub fn new() -> Self {
        // SAFETY: a valid pointer to the struct.
        Self::with(|p| unsafe { sys::zkp_hemera_hasher_init(p) })
    }

    /// The same digests in constant time (secret data).
    ///
    /// ```
    /// let mut h = zkprim::hemera::Hasher::new_secret();
    /// h.update(b"pw");
    /// assert_eq!(h.finalize(), zkprim::hemera::hash(b"pw"));
    /// ```
    pub fn new_secret() -> Self {
        // SAFETY: a valid pointer to the struct.
        Self::with(|p| unsafe { sys::zkp_hemera_hasher_init_secret(p) })
    }

    /// The keyed hasher of [`keyed_hash`]; constant time.
    ///
    /// ```
    /// let k = [1u8; 32];
    /// let mut h = zkprim::hemera::Hasher::new_keyed(&k);
    /// h.update(b"m");
    /// assert_eq!(h.finalize(), zkprim::hemera::keyed_hash(&k, b"m"));
    /// ```
    pub fn new_keyed(key: &[u8; KEY_LEN]) -> Self {
        // SAFETY: a valid pointer and a 32-byte key.
        Self::with(|p| unsafe { sys::zkp_hemera_hasher_init_keyed(p, key.as_ptr()) })
    }

    /// The key-material hasher of [`derive_key`] for `context`; constant
    /// time.
    ///
    /// ```
    /// let mut h = zkprim::hemera::Hasher::new_derive_key("ctx");
    /// h.update(b"material");
    /// assert_eq!(*h.finalize().as_bytes(), zkprim::hemera::derive_key("ctx", b"material"));
    /// ```
    pub fn new_derive_key(context: &str) -> Self {
        let mut ctx = Self::with(|p| unsafe { sys::zkp_hemera_hasher_init_derive_key_context(p) });
        ctx.update(context.as_bytes());
        let key = ctx.finalize();
        // SAFETY: a valid pointer and the 32-byte context key.
        Self::with(|p| unsafe {
            sys::zkp_hemera_hasher_init_derive_key_material(p, key.0.as_ptr())
        })
    }

    /// Absorbs more input; any split gives the same digest.
    ///
    /// ```
    /// let mut h = zkprim::hemera::Hasher::new();
    /// h.update(b"a").update(b"b");
    /// assert_eq!(h.finalize(), zkprim::hemera::hash(b"ab"));
    /// ```
    #[inline]
    pub fn update(&mut self, input: &[u8]) -> &mut Self {
        // SAFETY: an initialised hasher and a slice.
        expect_ok(unsafe {
            sys::zkp_hemera_hasher_update(&mut self.h, input.as_ptr(), input.len())
        });
        self
    }

    /// The digest of everything so far (the hasher stays usable).
    ///
    /// ```
    /// let mut h = zkprim::hemera::Hasher::new();
    /// h.update(b"x");
    /// assert_eq!(h.finalize(), h.finalize());
    /// ```
    pub fn finalize(&self) -> Hash {
        let mut out = Hash::default();
        // SAFETY: an initialised hasher, 32 bytes out.
        expect_ok(unsafe { sys::zkp_hemera_hasher_finalize(&self.h, out.0.as_mut_ptr()) });
        out
    }

    /// The output stream (its first 32 bytes are the digest).
    ///
    /// ```
    /// let mut r = zkprim::hemera::Hasher::new().finalize_xof();
    /// let mut out = [0u8; 100];
    /// r.fill(&mut out);
    /// assert_eq!(out[..32], *zkprim::hemera::hash(b"").as_bytes());
    /// ```
    pub fn finalize_xof(&self) -> OutputReader {
        let mut x = core::mem::MaybeUninit::<sys::zkp_hemera_xof>::uninit();
        // SAFETY: an initialised hasher; finalize_xof writes the whole reader.
        unsafe {
            expect_ok(sys::zkp_hemera_hasher_finalize_xof(&self.h, x.as_mut_ptr()));
            OutputReader { x: x.assume_init() }
        }
    }
}

default_and_write!(Hasher);

/// The XOF stream of a [`Hasher`]: reads of any sizes concatenate; also
/// `std::io::Read`.
///
/// ```
/// use std::io::Read;
/// let mut r = zkprim::hemera::Hasher::new().finalize_xof();
/// let mut a = [0u8; 40];
/// r.read_exact(&mut a).unwrap();
/// ```
#[derive(Clone)]
pub struct OutputReader {
    x: sys::zkp_hemera_xof,
}

impl OutputReader {
    /// Writes the next `buf.len()` bytes of the stream.
    ///
    /// ```
    /// let mut r = zkprim::hemera::Hasher::new().finalize_xof();
    /// let mut a = [0u8; 3];
    /// r.fill(&mut a);
    /// assert_eq!(a[0], 0xa6);
    /// ```
    pub fn fill(&mut self, buf: &mut [u8]) {
        // SAFETY: an initialised reader and a slice.
        expect_ok(unsafe { sys::zkp_hemera_xof_fill(&mut self.x, buf.as_mut_ptr(), buf.len()) });
    }
}

impl std::io::Read for OutputReader {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        self.fill(buf);
        Ok(buf.len())
    }
}

/// The leaf of chunk number `counter` (spec 7.1); `is_root` on a one-chunk
/// tree.
///
/// ```
/// let l = zkprim::hemera::hash_leaf(b"hello", 0, true);
/// assert_eq!(l, zkprim::hemera::root_hash(b"hello"));
/// ```
pub fn hash_leaf(chunk: &[u8], counter: u64, is_root: bool) -> Hash {
    let mut out = Hash::default();
    // SAFETY: a slice, 32 bytes out.
    expect_ok(unsafe {
        sys::zkp_hemera_hash_leaf(
            chunk.as_ptr(),
            chunk.len(),
            counter,
            is_root as i32,
            out.0.as_mut_ptr(),
        )
    });
    out
}

/// The parent of two chaining values (spec 7.2).
///
/// ```
/// use zkprim::hemera::{hash_leaf, hash_node, root_hash};
/// let data = vec![5u8; 8192];
/// let root = hash_node(&hash_leaf(&data[..4096], 0, false), &hash_leaf(&data[4096..], 1, false), true);
/// assert_eq!(root, root_hash(&data));
/// ```
#[inline]
pub fn hash_node(left: &Hash, right: &Hash, is_root: bool) -> Hash {
    let mut out = Hash::default();
    // SAFETY: three 32-byte values.
    unsafe {
        sys::zkp_hemera_hash_node(
            left.0.as_ptr(),
            right.0.as_ptr(),
            is_root as i32,
            out.0.as_mut_ptr(),
        )
    };
    out
}

/// `out[i]` = hash_node of the two halves of `pairs[i]`: the lane kernels.
/// `out.len()` must equal `pairs.len()` ([`Error::Length`]).
///
/// ```
/// use zkprim::hemera::{hash_node, hash_node_batch, Hash};
/// let (l, r) = (Hash::from_bytes([1; 32]), Hash::from_bytes([2; 32]));
/// let mut pair = [1u8; 64];
/// pair[32..].fill(2);
/// let mut out = [Hash::default(); 1];
/// hash_node_batch(&[pair], false, &mut out).unwrap();
/// assert_eq!(out[0], hash_node(&l, &r, false));
/// ```
pub fn hash_node_batch(pairs: &[[u8; 64]], is_root: bool, out: &mut [Hash]) -> Result<()> {
    if out.len() != pairs.len() {
        return Err(Error::Length);
    }
    // SAFETY: n pairs of 64 bytes, n outputs of 32 (Hash is transparent).
    Error::check(unsafe {
        sys::zkp_hemera_hash_node_batch(
            pairs.as_ptr(),
            pairs.len(),
            is_root as i32,
            out.as_mut_ptr().cast(),
        )
    })
}

/// `out[i]` = `hash_leaf(chunks[i], counters[i], is_root)`: the lane kernels.
/// The three slices must have equal lengths ([`Error::Length`]).
///
/// ```
/// use zkprim::hemera::{hash_leaf, hash_leaf_batch, Hash};
/// let mut out = [Hash::default(); 2];
/// hash_leaf_batch(&[b"a", b"bc"], &[0, 1], false, &mut out).unwrap();
/// assert_eq!(out[1], hash_leaf(b"bc", 1, false));
/// ```
pub fn hash_leaf_batch(
    chunks: &[&[u8]],
    counters: &[u64],
    is_root: bool,
    out: &mut [Hash],
) -> Result<()> {
    let n = chunks.len();
    if counters.len() != n || out.len() != n {
        return Err(Error::Length);
    }
    with_ptr_arrays(chunks, |ptrs, lens| {
        // SAFETY: n chunk pointers with lengths, n counters, n outputs.
        Error::check(unsafe {
            sys::zkp_hemera_hash_leaf_batch(
                ptrs,
                lens,
                counters.as_ptr(),
                n,
                is_root as i32,
                out.as_mut_ptr().cast(),
            )
        })
    })
}

/// Root of the fixed 4 KiB-chunk tree (the crate's root hash of the
/// version that proofs use), on the calling thread.
///
/// ```
/// assert_eq!(&zkprim::hemera::root_hash(b"").to_hex()[..8], "ea57b2e6");
/// ```
pub fn root_hash(data: &[u8]) -> Hash {
    tree_root_fixed(data, 1).expect("one thread does not allocate")
}

/// [`root_hash`] on `threads` threads (more than one allocates scratch,
/// hence the `Result`: [`Error::NoMem`]). The root does not depend on it.
/// Named after its C function, `zkp_hemera_tree_root_fixed`.
///
/// ```
/// let data = vec![9u8; 100_000];
/// assert_eq!(zkprim::hemera::tree_root_fixed(&data, 2).unwrap(), zkprim::hemera::root_hash(&data));
/// ```
pub fn tree_root_fixed(data: &[u8], threads: u32) -> Result<Hash> {
    let mut out = Hash::default();
    // SAFETY: a slice, 32 bytes out.
    Error::check(unsafe {
        sys::zkp_hemera_tree_root_fixed(data.as_ptr(), data.len(), threads, out.0.as_mut_ptr())
    })?;
    Ok(out)
}

/// The 1.0 name of [`tree_root_fixed`] (named after the C call since 1.1).
///
/// ```
/// # #![allow(deprecated)]
/// assert_eq!(zkprim::hemera::root_hash_threads(b"x", 2).unwrap(), zkprim::hemera::root_hash(b"x"));
/// ```
#[deprecated(
    since = "1.1.0",
    note = "renamed tree_root_fixed, after its C function zkp_hemera_tree_root_fixed"
)]
pub fn root_hash_threads(data: &[u8], threads: u32) -> Result<Hash> {
    tree_root_fixed(data, threads)
}

/// Root of the content-defined-chunking tree (the newest crate's root hash,
/// spec 7.6).
///
/// ```
/// assert_eq!(zkprim::hemera::root_hash_cdc(b"hello"), zkprim::hemera::root_hash(b"hello"));
/// ```
pub fn root_hash_cdc(data: &[u8]) -> Hash {
    let mut out = Hash::default();
    // SAFETY: a slice, 32 bytes out.
    expect_ok(unsafe {
        sys::zkp_hemera_tree_root_cdc(data.as_ptr(), data.len(), out.0.as_mut_ptr())
    });
    out
}

/// The inclusion proof of chunk `index` of `data` in its fixed tree: the
/// sibling digests bottom-up, 32 bytes each. `index` past the last chunk:
/// [`Error::Range`].
///
/// ```
/// use zkprim::hemera::{root_hash, tree_proof, tree_verify};
/// let data = vec![1u8; 3 * 4096 + 10];
/// let proof = tree_proof(&data, 2).unwrap();
/// let chunk = &data[2 * 4096..3 * 4096];
/// assert!(tree_verify(&root_hash(&data), chunk, 2, data.len() as u64, &proof).is_ok());
/// ```
pub fn tree_proof(data: &[u8], index: u64) -> Result<Vec<u8>> {
    let mut size = 0usize;
    // SAFETY: a valid out-pointer.
    Error::check(unsafe { sys::zkp_hemera_tree_proof_size(data.len() as u64, index, &mut size) })?;
    let mut proof = vec![0u8; size];
    let mut len = 0usize;
    // SAFETY: a slice, an output of the size the library asked for.
    Error::check(unsafe {
        sys::zkp_hemera_tree_proof(
            data.as_ptr(),
            data.len(),
            index,
            proof.as_mut_ptr(),
            size,
            &mut len,
        )
    })?;
    proof.truncate(len);
    Ok(proof)
}

/// `Ok(())` when `chunk` is chunk `index` of the `total_len` bytes whose
/// fixed root is `root`; [`Error::Verify`] when not, [`Error::ProofShape`]
/// for a proof of the wrong size, [`Error::Range`] for an index past the end.
///
/// ```
/// use zkprim::{hemera::*, Error};
/// let data = b"hello".to_vec();
/// assert!(tree_verify(&root_hash(&data), &data, 0, 5, &[]).is_ok());
/// assert_eq!(tree_verify(&root_hash(&data), b"hellp", 0, 5, &[]), Err(Error::Verify));
/// ```
pub fn tree_verify(
    root: &Hash,
    chunk: &[u8],
    index: u64,
    total_len: u64,
    proof: &[u8],
) -> Result<()> {
    // SAFETY: a 32-byte root and two slices.
    Error::check(unsafe {
        sys::zkp_hemera_tree_verify(
            root.0.as_ptr(),
            chunk.as_ptr(),
            chunk.len(),
            index,
            total_len,
            proof.as_ptr(),
            proof.len(),
        )
    })
}

macro_rules! streaming_root {
    ($(#[$m:meta])* $name:ident, $c:ident, $update:ident, $finalize:ident) => {
        $(#[$m])*
        pub struct $name {
            h: Box<sys::$c>,
        }

        impl $name {
            /// Takes more data; any split gives the one-shot root.
            /// [`Error::Length`] only for a stream past 2^64 - 1 bytes.
            ///
            /// ```
            #[doc = concat!("let mut t = zkprim::hemera::", stringify!($name), "::default();")]
            /// t.update(b"hel").unwrap().update(b"lo").unwrap();
            /// assert_eq!(t.finalize(), zkprim::hemera::root_hash(b"hello"));
            /// ```
            pub fn update(&mut self, data: &[u8]) -> Result<&mut Self> {
                // SAFETY: an initialised hasher and a slice.
                Error::check(unsafe { sys::$update(&mut *self.h, data.as_ptr(), data.len()) })?;
                Ok(self)
            }

            /// The root of everything so far (the hasher stays usable).
            ///
            /// ```
            #[doc = concat!("let t = zkprim::hemera::", stringify!($name), "::default();")]
            /// assert_eq!(t.finalize(), zkprim::hemera::root_hash(b""));
            /// ```
            pub fn finalize(&self) -> Hash {
                let mut out = Hash::default();
                // SAFETY: an initialised hasher, 32 bytes out.
                expect_ok(unsafe { sys::$finalize(&*self.h, out.0.as_mut_ptr()) });
                out
            }
        }

        impl Clone for $name {
            fn clone(&self) -> Self {
                $name { h: boxed_copy(&*self.h) }
            }
        }

        impl std::io::Write for $name {
            fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
                self.update(buf)?;
                Ok(buf.len())
            }
            fn flush(&mut self) -> std::io::Result<()> {
                Ok(())
            }
        }
    };
}

streaming_root!(
    /// [`root_hash`] of data given in pieces, in bounded memory (a 66 KiB
    /// struct on the heap).
    ///
    /// ```
    /// use std::io::Write;
    /// let data = vec![3u8; 10_000];
    /// let mut t = zkprim::hemera::TreeHasher::new(1);
    /// t.write_all(&data).unwrap();
    /// assert_eq!(t.finalize(), zkprim::hemera::root_hash(&data));
    /// ```
    TreeHasher,
    zkp_hemera_tree_hasher,
    zkp_hemera_tree_hasher_update,
    zkp_hemera_tree_hasher_finalize
);
streaming_root!(
    /// [`root_hash_cdc`] of data given in pieces, in bounded memory (a
    /// 258 KiB struct on the heap).
    ///
    /// ```
    /// let data = vec![4u8; 20_000];
    /// let mut t = zkprim::hemera::CdcHasher::new();
    /// t.update(&data[..7]).unwrap().update(&data[7..]).unwrap();
    /// assert_eq!(t.finalize(), zkprim::hemera::root_hash_cdc(&data));
    /// ```
    CdcHasher,
    zkp_hemera_cdc_hasher,
    zkp_hemera_cdc_hasher_update,
    zkp_hemera_cdc_hasher_finalize
);

impl TreeHasher {
    /// A fixed-tree hasher; `threads` > 1 hashes long updates on that many
    /// threads (at most 64), with the same root.
    ///
    /// ```
    /// let mut t = zkprim::hemera::TreeHasher::new(2);
    /// t.update(&[1; 5000]).unwrap();
    /// assert_eq!(t.finalize(), zkprim::hemera::root_hash(&[1; 5000]));
    /// ```
    pub fn new(threads: u32) -> Self {
        // SAFETY: init writes the whole struct.
        TreeHasher {
            h: boxed_init(|p| unsafe { sys::zkp_hemera_tree_hasher_init(p, threads) }),
        }
    }
}

impl Default for TreeHasher {
    fn default() -> Self {
        Self::new(1)
    }
}

impl CdcHasher {
    /// A content-defined-chunking tree hasher.
    ///
    /// ```
    /// let t = zkprim::hemera::CdcHasher::new();
    /// assert_eq!(t.finalize(), zkprim::hemera::root_hash_cdc(b""));
    /// ```
    pub fn new() -> Self {
        // SAFETY: init writes the whole struct.
        CdcHasher {
            h: boxed_init(|p| unsafe { sys::zkp_hemera_cdc_hasher_init(p) }),
        }
    }
}

impl Default for CdcHasher {
    fn default() -> Self {
        Self::new()
    }
}
