//! circom's Poseidon over BN254 (x^5, the circomlibjs constants), shaped
//! like light-poseidon 0.4: a caller of light-poseidon changes its `use`
//! lines and little else.
//!
//! ```
//! use zkprim::poseidon::{Fr, Poseidon, PoseidonBytesHasher, PoseidonHasher};
//! let mut p = Poseidon::<Fr>::new_circom(2).unwrap();
//! let h = p.hash(&[Fr::from_u64(1), Fr::from_u64(2)]).unwrap();
//! assert_eq!(h.to_be_bytes()[..2], [0x11, 0x5c]);
//! let hb = p.hash_bytes_be(&[&Fr::from_u64(1).to_be_bytes(), &Fr::from_u64(2).to_be_bytes()]).unwrap();
//! assert_eq!(hb, h.to_be_bytes());
//! ```
//!
//! Also the library's own calls on 1..16 inputs: [`hash`], [`hash_batch`],
//! [`permute`] and circom-style Merkle trees. Everything is constant time in
//! the element values.
use crate::error::{Error, Result, expect_ok};
use crate::slices::with_ptr_arrays;
use core::fmt;
use core::marker::PhantomData;
use zkprim_sys as sys;

/// Byte length of an element and of a hash (light-poseidon's `HASH_LEN`).
///
/// ```
/// assert_eq!(zkprim::poseidon::HASH_LEN, 32);
/// ```
pub const HASH_LEN: usize = 32;
/// light-poseidon's `MAX_X5_LEN`: widths up to 13 (12 inputs) in the circom
/// configuration.
///
/// ```
/// assert!(zkprim::poseidon::Poseidon::new_circom(zkprim::poseidon::MAX_X5_LEN).is_err());
/// ```
pub const MAX_X5_LEN: usize = 13;

/// An element of BN254's scalar field (always canonical, < p).
///
/// ```
/// use zkprim::poseidon::Fr;
/// let x = Fr::from_u64(5);
/// assert_eq!(Fr::from_le_bytes(&x.to_le_bytes()).unwrap(), x);
/// assert_eq!(x.to_string(), format!("0x{}5", "0".repeat(63)));
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
#[repr(transparent)]
pub struct Fr([u64; 4]);

impl Fr {
    /// Zero.
    ///
    /// ```
    /// assert_eq!(zkprim::poseidon::Fr::ZERO, zkprim::poseidon::Fr::from_u64(0));
    /// ```
    pub const ZERO: Fr = Fr([0; 4]);
    /// One.
    ///
    /// ```
    /// assert_eq!(zkprim::poseidon::Fr::ONE, zkprim::poseidon::Fr::from_u64(1));
    /// ```
    pub const ONE: Fr = Fr([1, 0, 0, 0]);

    /// A small integer as an element.
    ///
    /// ```
    /// assert_eq!(zkprim::poseidon::Fr::from_u64(7).limbs()[0], 7);
    /// ```
    pub const fn from_u64(v: u64) -> Fr {
        Fr([v, 0, 0, 0])
    }

    /// The 256-bit integer, 64-bit limbs least significant first.
    ///
    /// ```
    /// assert_eq!(zkprim::poseidon::Fr::ONE.limbs(), [1, 0, 0, 0]);
    /// ```
    pub const fn limbs(&self) -> [u64; 4] {
        self.0
    }

    /// From limbs (least significant first); [`Error::Range`] if >= p.
    ///
    /// ```
    /// assert!(zkprim::poseidon::Fr::from_limbs([u64::MAX; 4]).is_err());
    /// ```
    pub fn from_limbs(limbs: [u64; 4]) -> Result<Fr> {
        let mut le = [0u8; 32];
        for (i, l) in limbs.iter().enumerate() {
            le[8 * i..8 * i + 8].copy_from_slice(&l.to_le_bytes());
        }
        Fr::from_le_bytes(&le)
    }

    /// From 32 big-endian bytes; [`Error::Range`] if the value is >= p.
    ///
    /// ```
    /// let mut b = [0u8; 32];
    /// b[31] = 9;
    /// assert_eq!(zkprim::poseidon::Fr::from_be_bytes(&b).unwrap(), zkprim::poseidon::Fr::from_u64(9));
    /// ```
    pub fn from_be_bytes(bytes: &[u8; 32]) -> Result<Fr> {
        let mut r = Fr::ZERO;
        // SAFETY: a 32-byte input and an element out.
        Error::check(unsafe { sys::zkp_poseidon_fr_from_be(r.raw_mut(), bytes.as_ptr()) })?;
        Ok(r)
    }

    /// From 32 little-endian bytes; [`Error::Range`] if the value is >= p.
    ///
    /// ```
    /// let mut b = [0u8; 32];
    /// b[0] = 9;
    /// assert_eq!(zkprim::poseidon::Fr::from_le_bytes(&b).unwrap(), zkprim::poseidon::Fr::from_u64(9));
    /// ```
    pub fn from_le_bytes(bytes: &[u8; 32]) -> Result<Fr> {
        let mut r = Fr::ZERO;
        // SAFETY: a 32-byte input and an element out.
        Error::check(unsafe { sys::zkp_poseidon_fr_from_le(r.raw_mut(), bytes.as_ptr()) })?;
        Ok(r)
    }

    /// 32 big-endian bytes.
    ///
    /// ```
    /// assert_eq!(zkprim::poseidon::Fr::ONE.to_be_bytes()[31], 1);
    /// ```
    pub fn to_be_bytes(&self) -> [u8; 32] {
        let mut out = [0u8; 32];
        // SAFETY: an element in, 32 bytes out.
        unsafe { sys::zkp_poseidon_fr_to_be(out.as_mut_ptr(), self.raw()) };
        out
    }

    /// 32 little-endian bytes.
    ///
    /// ```
    /// assert_eq!(zkprim::poseidon::Fr::ONE.to_le_bytes()[0], 1);
    /// ```
    pub fn to_le_bytes(&self) -> [u8; 32] {
        let mut out = [0u8; 32];
        // SAFETY: an element in, 32 bytes out.
        unsafe { sys::zkp_poseidon_fr_to_le(out.as_mut_ptr(), self.raw()) };
        out
    }

    fn raw(&self) -> *const sys::zkp_poseidon_fr {
        (self as *const Fr).cast()
    }

    fn raw_mut(&mut self) -> *mut sys::zkp_poseidon_fr {
        (self as *mut Fr).cast()
    }
}

impl fmt::Display for Fr {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("0x")?;
        self.to_be_bytes()
            .iter()
            .try_for_each(|b| write!(f, "{b:02x}"))
    }
}

impl fmt::Debug for Fr {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Fr({self})")
    }
}

/// light-poseidon's error, with its variants and fields in its order (the
/// ones this implementation can produce are noted; the others exist so a
/// `match` written for light-poseidon compiles unchanged).
///
/// ```
/// use zkprim::poseidon::{Fr, Poseidon, PoseidonError};
/// assert_eq!(
///     Poseidon::<Fr>::new_circom(13).err(),
///     Some(PoseidonError::InvalidWidthCircom { width: 14, max_limit: 13 })
/// );
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PoseidonError {
    /// The hasher was built for `max_limit` inputs (width `width`) and got
    /// `inputs`; also a one-shot call with a count outside 1..12.
    InvalidNumberOfInputs {
        /// Inputs given.
        inputs: usize,
        /// Inputs the configuration takes.
        max_limit: usize,
        /// Its width (inputs + 1).
        width: usize,
    },
    /// An input of zero bytes.
    EmptyInput,
    /// An input whose length is not 32 bytes.
    InvalidInputLength {
        /// The input's length.
        len: usize,
        /// 32.
        modulus_bytes_len: usize,
    },
    /// Not produced here (light-poseidon: bytes its field type cannot read).
    BytesToPrimeFieldElement {
        /// The bytes.
        bytes: Vec<u8>,
    },
    /// An input whose value is >= p.
    InputLargerThanModulus,
    /// Not produced here (light-poseidon: an internal conversion).
    VecToArray,
    /// Not produced here (light-poseidon: an internal conversion).
    U64Tou8,
    /// Not produced here (light-poseidon: an internal conversion).
    BytesToBigInt,
    /// `new_circom(n_inputs)` with `n_inputs` outside 1..12: `width` =
    /// `n_inputs` + 1, `max_limit` = 13.
    InvalidWidthCircom {
        /// `n_inputs` + 1 (usize::MAX for `n_inputs` = usize::MAX, whose width
        /// does not fit).
        width: usize,
        /// 13.
        max_limit: usize,
    },
}

impl fmt::Display for PoseidonError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PoseidonError::InvalidNumberOfInputs {
                inputs,
                max_limit,
                width,
            } => {
                write!(
                    f,
                    "{inputs} inputs given; this hasher takes {max_limit} (width {width})"
                )
            }
            PoseidonError::EmptyInput => f.write_str("an input has no bytes"),
            PoseidonError::InvalidInputLength {
                len,
                modulus_bytes_len,
            } => {
                write!(
                    f,
                    "an input has {len} bytes; field elements are {modulus_bytes_len} bytes"
                )
            }
            PoseidonError::BytesToPrimeFieldElement { bytes } => {
                write!(f, "{} bytes do not convert to a field element", bytes.len())
            }
            PoseidonError::InputLargerThanModulus => {
                f.write_str("an input is not below the field modulus")
            }
            PoseidonError::VecToArray => f.write_str("vector to array conversion failed"),
            PoseidonError::U64Tou8 => f.write_str("u64 to u8 conversion failed"),
            PoseidonError::BytesToBigInt => f.write_str("bytes to integer conversion failed"),
            PoseidonError::InvalidWidthCircom { width, max_limit } => {
                write!(
                    f,
                    "width {width} is outside 2..{} (1 to {} inputs)",
                    max_limit - 1,
                    max_limit - 2
                )
            }
        }
    }
}

impl std::error::Error for PoseidonError {}

fn lp_result(
    status: sys::zkp_status,
    d: &sys::zkp_poseidon_lp_detail,
) -> core::result::Result<(), PoseidonError> {
    if status == sys::ZKP_OK {
        return Ok(());
    }
    Err(match d.error {
        sys::ZKP_POSEIDON_LP_EMPTY_INPUT => PoseidonError::EmptyInput,
        sys::ZKP_POSEIDON_LP_INVALID_INPUT_LENGTH => PoseidonError::InvalidInputLength {
            len: d.len,
            modulus_bytes_len: d.modulus_bytes_len,
        },
        sys::ZKP_POSEIDON_LP_INPUT_LARGER_THAN_MODULUS => PoseidonError::InputLargerThanModulus,
        sys::ZKP_POSEIDON_LP_INVALID_NUMBER_OF_INPUTS => PoseidonError::InvalidNumberOfInputs {
            inputs: d.inputs,
            max_limit: d.max_limit,
            width: d.width,
        },
        sys::ZKP_POSEIDON_LP_INVALID_WIDTH_CIRCOM => PoseidonError::InvalidWidthCircom {
            width: d.width,
            max_limit: d.max_limit,
        },
        // NULL pointers and unconstructed hashers cannot come from safe code.
        _ => {
            expect_ok(status);
            unreachable!()
        }
    })
}

/// Runs a light-poseidon-style C call without a detail struct (the usual,
/// successful case pays nothing for it); on an error, runs it once more
/// with one to learn the error's fields (the calls are pure functions of
/// their inputs, so the second gives the same error).
#[inline]
fn lp_call(
    mut call: impl FnMut(*mut sys::zkp_poseidon_lp_detail) -> sys::zkp_status,
) -> core::result::Result<(), PoseidonError> {
    if call(core::ptr::null_mut()) == sys::ZKP_OK {
        return Ok(());
    }
    lp_error(&mut call)
}

#[cold]
fn lp_error(
    call: &mut impl FnMut(*mut sys::zkp_poseidon_lp_detail) -> sys::zkp_status,
) -> core::result::Result<(), PoseidonError> {
    // SAFETY: plain integers; all zero is the "no error" value.
    let mut d: sys::zkp_poseidon_lp_detail = unsafe { core::mem::zeroed() };
    let st = call(&mut d);
    lp_result(st, &d)
}

/// light-poseidon's `PoseidonHasher`: hashing field elements.
///
/// ```
/// use zkprim::poseidon::{Fr, Poseidon, PoseidonHasher};
/// let mut p = Poseidon::<Fr>::new_circom(1).unwrap();
/// assert!(p.hash(&[Fr::ONE]).is_ok());
/// ```
pub trait PoseidonHasher<F> {
    /// Hash of exactly as many elements as the configuration takes.
    ///
    /// ```
    /// use zkprim::poseidon::{Fr, Poseidon, PoseidonError, PoseidonHasher};
    /// let mut p = Poseidon::<Fr>::new_circom(2).unwrap();
    /// assert_eq!(
    ///     p.hash(&[Fr::ONE]),
    ///     Err(PoseidonError::InvalidNumberOfInputs { inputs: 1, max_limit: 2, width: 3 })
    /// );
    /// ```
    fn hash(&mut self, inputs: &[F]) -> core::result::Result<F, PoseidonError>;
}

/// light-poseidon's `PoseidonBytesHasher`: hashing 32-byte encodings.
///
/// ```
/// use zkprim::poseidon::{Fr, Poseidon, PoseidonBytesHasher};
/// let mut p = Poseidon::<Fr>::new_circom(1).unwrap();
/// let be = p.hash_bytes_be(&[&[1u8; 32]]).unwrap();
/// let mut le_in = [1u8; 32];
/// let mut le = p.hash_bytes_le(&[&le_in]).unwrap();
/// le.reverse();
/// assert_eq!(be, le);
/// ```
pub trait PoseidonBytesHasher {
    /// Inputs as big-endian bytes, the hash likewise. Checks in
    /// light-poseidon's order: each input empty / not 32 bytes, then each
    /// input >= p, then the count.
    ///
    /// ```
    /// use zkprim::poseidon::{Fr, Poseidon, PoseidonBytesHasher, PoseidonError};
    /// let mut p = Poseidon::<Fr>::new_circom(2).unwrap();
    /// assert_eq!(p.hash_bytes_be(&[&[1u8; 32], &[]]), Err(PoseidonError::EmptyInput));
    /// ```
    fn hash_bytes_be(
        &mut self,
        inputs: &[&[u8]],
    ) -> core::result::Result<[u8; HASH_LEN], PoseidonError>;
    /// Inputs as little-endian bytes, the hash likewise.
    ///
    /// ```
    /// use zkprim::poseidon::{Fr, Poseidon, PoseidonBytesHasher, PoseidonError};
    /// let mut p = Poseidon::<Fr>::new_circom(1).unwrap();
    /// assert_eq!(
    ///     p.hash_bytes_le(&[&[1u8; 31]]),
    ///     Err(PoseidonError::InvalidInputLength { len: 31, modulus_bytes_len: 32 })
    /// );
    /// ```
    fn hash_bytes_le(
        &mut self,
        inputs: &[&[u8]],
    ) -> core::result::Result<[u8; HASH_LEN], PoseidonError>;
}

/// A circom configuration, light-poseidon's `Poseidon<Fr>`: built by
/// [`Poseidon::new_circom`] or [`Poseidon::with_domain_tag_circom`]. Plain
/// data (`Clone`, `Send`, `Sync`).
///
/// ```
/// use zkprim::poseidon::{Fr, Poseidon, PoseidonHasher};
/// let mut a = Poseidon::<Fr>::new_circom(2).unwrap();
/// let mut b = Poseidon::<Fr>::with_domain_tag_circom(2, Fr::ONE).unwrap();
/// let x = [Fr::ONE, Fr::ONE];
/// assert_ne!(a.hash(&x).unwrap(), b.hash(&x).unwrap());
/// ```
#[derive(Clone)]
pub struct Poseidon<F = Fr> {
    c: sys::zkp_poseidon_circom,
    _f: PhantomData<F>,
}

impl Poseidon<Fr> {
    /// The configuration for `n_inputs` inputs (1..12); else
    /// `InvalidWidthCircom { width: n_inputs + 1, max_limit: 13 }` (the width
    /// saturates at `usize::MAX`).
    ///
    /// ```
    /// use zkprim::poseidon::{Fr, Poseidon};
    /// assert!(Poseidon::<Fr>::new_circom(12).is_ok());
    /// assert!(Poseidon::<Fr>::new_circom(0).is_err());
    /// ```
    pub fn new_circom(n_inputs: usize) -> core::result::Result<Poseidon<Fr>, PoseidonError> {
        let mut c = core::mem::MaybeUninit::<sys::zkp_poseidon_circom>::zeroed();
        // SAFETY: valid pointers; the struct is written on success.
        lp_call(|d| unsafe { sys::zkp_poseidon_new_circom(c.as_mut_ptr(), n_inputs, d) })?;
        // SAFETY: constructed above.
        Ok(Poseidon {
            c: unsafe { c.assume_init() },
            _f: PhantomData,
        })
    }

    /// As [`new_circom`](Self::new_circom) with the capacity lane set to
    /// `domain_tag`.
    ///
    /// ```
    /// use zkprim::poseidon::{Fr, Poseidon};
    /// assert!(Poseidon::<Fr>::with_domain_tag_circom(3, Fr::from_u64(42)).is_ok());
    /// ```
    pub fn with_domain_tag_circom(
        n_inputs: usize,
        domain_tag: Fr,
    ) -> core::result::Result<Poseidon<Fr>, PoseidonError> {
        let mut c = core::mem::MaybeUninit::<sys::zkp_poseidon_circom>::zeroed();
        // SAFETY: valid pointers; the tag is canonical (an Fr always is).
        lp_call(|d| unsafe {
            sys::zkp_poseidon_with_domain_tag_circom(c.as_mut_ptr(), n_inputs, domain_tag.raw(), d)
        })?;
        // SAFETY: constructed above.
        Ok(Poseidon {
            c: unsafe { c.assume_init() },
            _f: PhantomData,
        })
    }

    fn bytes(
        &self,
        inputs: &[&[u8]],
        f: unsafe extern "C" fn(
            *const sys::zkp_poseidon_circom,
            *const *const u8,
            *const usize,
            usize,
            *mut u8,
            *mut sys::zkp_poseidon_lp_detail,
        ) -> sys::zkp_status,
    ) -> core::result::Result<[u8; HASH_LEN], PoseidonError> {
        let mut out = [0u8; HASH_LEN];
        lp_call(|d| {
            with_ptr_arrays(inputs, |ptrs, lens| {
                // SAFETY: a constructed configuration, n pointers with their
                // lengths, 32 bytes out.
                unsafe { f(&self.c, ptrs, lens, inputs.len(), out.as_mut_ptr(), d) }
            })
        })?;
        Ok(out)
    }
}

impl PoseidonHasher<Fr> for Poseidon<Fr> {
    #[inline]
    fn hash(&mut self, inputs: &[Fr]) -> core::result::Result<Fr, PoseidonError> {
        let mut out = Fr::ZERO;
        // SAFETY: a constructed configuration, a slice of elements, one out.
        lp_call(|d| unsafe {
            sys::zkp_poseidon_circom_hash(
                &self.c,
                inputs.as_ptr().cast(),
                inputs.len(),
                out.raw_mut(),
                d,
            )
        })?;
        Ok(out)
    }
}

impl PoseidonBytesHasher for Poseidon<Fr> {
    fn hash_bytes_be(
        &mut self,
        inputs: &[&[u8]],
    ) -> core::result::Result<[u8; HASH_LEN], PoseidonError> {
        self.bytes(inputs, sys::zkp_poseidon_circom_hash_bytes_be)
    }
    fn hash_bytes_le(
        &mut self,
        inputs: &[&[u8]],
    ) -> core::result::Result<[u8; HASH_LEN], PoseidonError> {
        self.bytes(inputs, sys::zkp_poseidon_circom_hash_bytes_le)
    }
}

/// Hash of 1..16 elements (circomlibjs `poseidon(inputs)`); another count:
/// [`Error::Count`].
///
/// ```
/// use zkprim::poseidon::{hash, Fr};
/// assert_eq!(hash(&[Fr::ONE, Fr::from_u64(2)]).unwrap().to_be_bytes()[0], 0x11);
/// assert_eq!(hash(&[]), Err(zkprim::Error::Count));
/// ```
#[inline]
pub fn hash(inputs: &[Fr]) -> Result<Fr> {
    let mut out = Fr::ZERO;
    // SAFETY: a slice of canonical elements, one out.
    Error::check(unsafe {
        sys::zkp_poseidon_hash(inputs.as_ptr().cast(), inputs.len(), out.raw_mut())
    })?;
    Ok(out)
}

/// Hash with an explicit capacity element (light-poseidon's domain tag).
///
/// ```
/// use zkprim::poseidon::{hash, hash_tagged, Fr};
/// assert_eq!(hash_tagged(&Fr::ZERO, &[Fr::ONE]).unwrap(), hash(&[Fr::ONE]).unwrap());
/// ```
pub fn hash_tagged(capacity: &Fr, inputs: &[Fr]) -> Result<Fr> {
    let mut out = Fr::ZERO;
    // SAFETY: elements in, one out.
    Error::check(unsafe {
        sys::zkp_poseidon_hash_tagged(
            capacity.raw(),
            inputs.as_ptr().cast(),
            inputs.len(),
            out.raw_mut(),
        )
    })?;
    Ok(out)
}

/// `outs[i]` = hash of `inputs[i*n_inputs..(i+1)*n_inputs]`, interleaved for
/// speed. `inputs.len()` must be `outs.len() * n_inputs` ([`Error::Length`]),
/// `n_inputs` 1..16 ([`Error::Count`]).
///
/// ```
/// use zkprim::poseidon::{hash, hash_batch, Fr};
/// let inputs = [Fr::ONE, Fr::from_u64(2), Fr::from_u64(3), Fr::from_u64(4)];
/// let mut outs = [Fr::ZERO; 2];
/// hash_batch(&inputs, 2, &mut outs).unwrap();
/// assert_eq!(outs[1], hash(&inputs[2..]).unwrap());
/// ```
pub fn hash_batch(inputs: &[Fr], n_inputs: usize, outs: &mut [Fr]) -> Result<()> {
    if !(1..=16).contains(&n_inputs) {
        return Err(Error::Count);
    }
    if outs.len().checked_mul(n_inputs) != Some(inputs.len()) {
        return Err(Error::Length);
    }
    // SAFETY: n * n_inputs elements in, n out.
    Error::check(unsafe {
        sys::zkp_poseidon_hash_batch(
            inputs.as_ptr().cast(),
            n_inputs,
            outs.len(),
            outs.as_mut_ptr().cast(),
        )
    })
}

/// The permutation of t = `state.len()` = 2..17 lanes in place (lane 0 is
/// the capacity); another width: [`Error::Count`].
///
/// ```
/// use zkprim::poseidon::{hash, permute, Fr};
/// let mut s = [Fr::ZERO, Fr::ONE];
/// permute(&mut s).unwrap();
/// assert_eq!(s[0], hash(&[Fr::ONE]).unwrap());
/// ```
pub fn permute(state: &mut [Fr]) -> Result<()> {
    // SAFETY: t lanes.
    Error::check(unsafe { sys::zkp_poseidon_permute(state.as_mut_ptr().cast(), state.len()) })
}

/// Root of the circom-style Merkle tree (node = hash(left, right)) over a
/// power-of-two number of leaves ([`Error::Count`] otherwise).
///
/// ```
/// use zkprim::poseidon::{hash, tree_root, Fr};
/// let l = [Fr::ONE, Fr::from_u64(2)];
/// assert_eq!(tree_root(&l).unwrap(), hash(&l).unwrap());
/// ```
pub fn tree_root(leaves: &[Fr]) -> Result<Fr> {
    let mut root = Fr::ZERO;
    // SAFETY: n leaves, one out.
    Error::check(unsafe {
        sys::zkp_poseidon_tree_root(leaves.as_ptr().cast(), leaves.len(), root.raw_mut())
    })?;
    Ok(root)
}

/// Every node (`2n - 1`, leaves first, root last).
///
/// ```
/// use zkprim::poseidon::{tree_build, tree_root, Fr};
/// let l = [Fr::ONE; 4];
/// assert_eq!(tree_build(&l).unwrap()[6], tree_root(&l).unwrap());
/// ```
pub fn tree_build(leaves: &[Fr]) -> Result<Vec<Fr>> {
    let n = leaves.len();
    if n == 0 || !n.is_power_of_two() {
        return Err(Error::Count);
    }
    let mut nodes = vec![Fr::ZERO; 2 * n - 1];
    // SAFETY: n leaves, 2n - 1 nodes.
    Error::check(unsafe {
        sys::zkp_poseidon_tree_build(leaves.as_ptr().cast(), n, nodes.as_mut_ptr().cast())
    })?;
    Ok(nodes)
}

/// The siblings of leaf `index`, bottom first, from [`tree_build`]'s nodes.
///
/// ```
/// use zkprim::poseidon::{tree_build, tree_proof, tree_verify, Fr};
/// let l: Vec<Fr> = (0..8).map(Fr::from_u64).collect();
/// let nodes = tree_build(&l).unwrap();
/// let p = tree_proof(&nodes, 3).unwrap();
/// assert!(tree_verify(&nodes[14], &l[3], 3, &p).is_ok());
/// ```
pub fn tree_proof(nodes: &[Fr], index: u64) -> Result<Vec<Fr>> {
    let n = nodes.len().div_ceil(2);
    if nodes.len() % 2 == 0 || !n.is_power_of_two() {
        return Err(Error::Count);
    }
    let mut proof = vec![Fr::ZERO; n.trailing_zeros() as usize];
    // SAFETY: 2n - 1 nodes, log2 n out.
    Error::check(unsafe {
        sys::zkp_poseidon_tree_proof(nodes.as_ptr().cast(), n, index, proof.as_mut_ptr().cast())
    })?;
    Ok(proof)
}

/// The siblings of leaf `index`, bottom first, and the root, straight from
/// the leaves (no node list; about one [`tree_root`] of hashing). The same
/// leaf counts as [`tree_root`] ([`Error::Count`] otherwise); an index past
/// the leaves is [`Error::Range`].
///
/// ```
/// use zkprim::poseidon::{tree_build, tree_proof, tree_proof_from_leaves, tree_root, Fr};
/// let l: Vec<Fr> = (0..8).map(Fr::from_u64).collect();
/// let (p, root) = tree_proof_from_leaves(&l, 5).unwrap();
/// assert_eq!(p, tree_proof(&tree_build(&l).unwrap(), 5).unwrap());
/// assert_eq!(root, tree_root(&l).unwrap());
/// assert!(tree_proof_from_leaves(&l[..3], 0).is_err());
/// ```
pub fn tree_proof_from_leaves(leaves: &[Fr], index: u64) -> Result<(Vec<Fr>, Fr)> {
    // log2 of the count (the library refuses a count that is not a power of two)
    let depth = leaves.len().next_power_of_two().trailing_zeros() as usize;
    let mut proof = vec![Fr::ZERO; depth];
    let mut root = Fr::ZERO;
    // SAFETY: n leaves; room for log2 n siblings (when n is a power of two,
    // the only count the call accepts) and one root.
    Error::check(unsafe {
        sys::zkp_poseidon_tree_proof_from_leaves(
            leaves.as_ptr().cast(),
            leaves.len(),
            index,
            proof.as_mut_ptr().cast(),
            root.raw_mut(),
        )
    })?;
    Ok((proof, root))
}

/// `Ok(())` when `leaf` at `index` with `proof` leads to `root`,
/// [`Error::Verify`] when not.
///
/// ```
/// use zkprim::{poseidon::*, Error};
/// let l = [Fr::ONE, Fr::from_u64(2)];
/// let root = hash(&l).unwrap();
/// assert!(tree_verify(&root, &l[1], 1, &[l[0]]).is_ok());
/// assert_eq!(tree_verify(&root, &l[1], 0, &[l[0]]), Err(Error::Verify));
/// ```
pub fn tree_verify(root: &Fr, leaf: &Fr, index: u64, proof: &[Fr]) -> Result<()> {
    // SAFETY: elements and a slice of siblings.
    Error::check(unsafe {
        sys::zkp_poseidon_tree_verify(
            root.raw(),
            leaf.raw(),
            index,
            proof.as_ptr().cast(),
            proof.len(),
        )
    })
}
