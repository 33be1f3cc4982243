//! Binary fields GF(2^n): one element type per field ([`B127`],
//! [`Ghash128`], [`B163`], [`B191`], [`Sect193`], [`Ghash2`], [`B256`]),
//! polynomial basis in little-endian 64-bit limbs (gf2.h), with `+` and `*`,
//! `square`, `inv`, `pow`, byte conversions, [`BinaryField::mul_batch`] on
//! slices, [`FixedBase`] tables and the b256 ↔ ghash2 isomorphism.
//!
//! Every value of these types is reduced (the constructors check), so the
//! arithmetic is always defined. Everything is constant time except the
//! names ending in `_vartime` (public data only).
//!
//! ```
//! use zkprim::gf2::{BinaryField, B127};
//! let a = B127::from_limbs([3, 0]).unwrap();
//! let b = a * a.inv().unwrap();
//! assert_eq!(b, B127::ONE);
//! assert_eq!(a + a, B127::ZERO);
//! ```
use crate::error::{Error, Result, expect_ok};
use core::ops::{Add, AddAssign, Mul, MulAssign};
use zkprim_sys as sys;

/// What every element type shares (the generic `zkp_gf2_*` forms and the
/// fixed-base tables use it).
///
/// ```
/// use zkprim::gf2::{BinaryField, B163};
/// assert_eq!(B163::DEGREE, 163);
/// assert_eq!(B163::BYTES, 24);
/// ```
pub trait BinaryField:
    Copy + Eq + core::fmt::Debug + Add<Output = Self> + Mul<Output = Self>
{
    /// The C library's field id.
    ///
    /// ```
    /// use zkprim::gf2::{BinaryField, B256};
    /// assert_eq!(B256::FIELD, zkprim_sys::ZKP_GF2_B256);
    /// ```
    const FIELD: sys::zkp_gf2_field;
    /// Degree over GF(2).
    ///
    /// ```
    /// use zkprim::gf2::{BinaryField, Sect193};
    /// assert_eq!(Sect193::DEGREE, 193);
    /// ```
    const DEGREE: u32;
    /// 64-bit limbs per element.
    ///
    /// ```
    /// use zkprim::gf2::{BinaryField, B191};
    /// assert_eq!(B191::LIMBS, 3);
    /// ```
    const LIMBS: usize;
    /// Bytes of the encoding (8 per limb).
    ///
    /// ```
    /// use zkprim::gf2::{BinaryField, Ghash128};
    /// assert_eq!(Ghash128::BYTES, 16);
    /// ```
    const BYTES: usize;
    /// Zero.
    ///
    /// ```
    /// use zkprim::gf2::{BinaryField, B127};
    /// assert_eq!(B127::ZERO + B127::ONE, B127::ONE);
    /// ```
    const ZERO: Self;
    /// One.
    ///
    /// ```
    /// use zkprim::gf2::{BinaryField, B163};
    /// assert_eq!(B163::ONE * B163::ONE, B163::ONE);
    /// ```
    const ONE: Self;

    /// The limbs, least significant first.
    ///
    /// ```
    /// use zkprim::gf2::{BinaryField, Ghash2};
    /// assert_eq!(Ghash2::ONE.limb_slice(), &[1, 0, 0, 0]);
    /// ```
    fn limb_slice(&self) -> &[u64];
    /// An element from limbs; [`Error::Range`] for bits at or above the
    /// degree, [`Error::Length`] for a wrong number of limbs.
    ///
    /// ```
    /// use zkprim::gf2::{BinaryField, B127};
    /// assert_eq!(B127::from_limb_slice(&[1, 0]), Ok(B127::ONE));
    /// assert_eq!(B127::from_limb_slice(&[1]), Err(zkprim::Error::Length));
    /// ```
    fn from_limb_slice(limbs: &[u64]) -> Result<Self>;
    /// `out[i] = a[i] * b[i]`; the three slices must have equal lengths
    /// ([`Error::Length`]).
    ///
    /// ```
    /// use zkprim::gf2::{BinaryField, B256};
    /// let a = [B256::from_limbs([3, 0, 0, 0]).unwrap(); 4];
    /// let mut out = [B256::ZERO; 4];
    /// B256::mul_batch(&mut out, &a, &a).unwrap();
    /// assert_eq!(out[3], a[3].square());
    /// assert!(B256::mul_batch(&mut out[..3], &a, &a).is_err());
    /// ```
    fn mul_batch(out: &mut [Self], a: &[Self], b: &[Self]) -> Result<()>;
}

macro_rules! field {
    ($ty:ident, $c:ident, $id:ident, $nl:expr, $deg:expr, $label:expr,
     $add:ident, $mul:ident, $sq:ident, $mb:ident, $inv:ident, $pow:ident, $fb:ident, $tb:ident) => {
        #[doc = concat!("An element of ", $label, " (", stringify!($nl), " limbs).")]
        ///
        /// ```
        #[doc = concat!("use zkprim::gf2::{BinaryField, ", stringify!($ty), "};")]
        #[doc = concat!("let mut limbs = [0u64; ", stringify!($nl), "];")]
        /// limbs[0] = 0x1234_5678_9abc_def1;
        #[doc = concat!("let x = ", stringify!($ty), "::from_limbs(limbs).unwrap();")]
        /// assert_eq!(x.square(), x * x);
        /// assert_eq!(x.pow(&[3]), x * x * x);
        #[doc = concat!("assert_eq!(", stringify!($ty), "::from_bytes(&x.to_bytes()).unwrap(), x);")]
        /// ```
        #[derive(Clone, Copy, PartialEq, Eq, Hash, Default, Debug)]
        #[repr(transparent)]
        pub struct $ty([u64; $nl]);

        impl $ty {
            /// From limbs, least significant first; [`Error::Range`] if a bit
            /// at or above the degree is set.
            ///
            /// ```
            #[doc = concat!("assert!(zkprim::gf2::", stringify!($ty), "::from_limbs([u64::MAX; ", stringify!($nl), "]).is_err() == (", stringify!($deg), " < 64 * ", stringify!($nl), "));")]
            /// ```
            pub fn from_limbs(limbs: [u64; $nl]) -> Result<Self> {
                // SAFETY: NL limbs of this field.
                Error::check(unsafe { sys::zkp_gf2_check(sys::$id, limbs.as_ptr()) })?;
                Ok($ty(limbs))
            }

            /// The limbs, least significant first.
            ///
            /// ```
            #[doc = concat!("use zkprim::gf2::{BinaryField, ", stringify!($ty), "};")]
            #[doc = concat!("assert_eq!(", stringify!($ty), "::ONE.limbs()[0], 1);")]
            /// ```
            pub const fn limbs(&self) -> [u64; $nl] {
                self.0
            }

            /// From the little-endian encoding ([`Error::Range`] if unreduced).
            ///
            /// ```
            #[doc = concat!("use zkprim::gf2::{BinaryField, ", stringify!($ty), "};")]
            #[doc = concat!("let mut b = [0u8; ", stringify!($nl), " * 8];")]
            /// b[0] = 1;
            #[doc = concat!("assert_eq!(", stringify!($ty), "::from_bytes(&b).unwrap(), ", stringify!($ty), "::ONE);")]
            /// ```
            pub fn from_bytes(bytes: &[u8; $nl * 8]) -> Result<Self> {
                let mut r = Self::default();
                // SAFETY: NL * 8 bytes in, one element out.
                Error::check(unsafe { sys::$fb(r.raw_mut(), bytes.as_ptr()) })?;
                Ok(r)
            }

            /// The little-endian encoding.
            ///
            /// ```
            #[doc = concat!("use zkprim::gf2::{BinaryField, ", stringify!($ty), "};")]
            #[doc = concat!("assert_eq!(", stringify!($ty), "::ONE.to_bytes()[0], 1);")]
            /// ```
            pub fn to_bytes(&self) -> [u8; $nl * 8] {
                let mut out = [0u8; $nl * 8];
                // SAFETY: one element in, NL * 8 bytes out.
                unsafe { sys::$tb(out.as_mut_ptr(), self.raw()) };
                out
            }

            /// The square.
            ///
            /// ```
            #[doc = concat!("use zkprim::gf2::{BinaryField, ", stringify!($ty), "};")]
            #[doc = concat!("assert_eq!(", stringify!($ty), "::ONE.square(), ", stringify!($ty), "::ONE);")]
            /// ```
            #[inline]
            pub fn square(&self) -> Self {
                let mut r = Self::default();
                // SAFETY: reduced elements in and out.
                unsafe { sys::$sq(r.raw_mut(), self.raw()) };
                r
            }

            /// The inverse; [`Error::Range`] for zero.
            ///
            /// ```
            #[doc = concat!("use zkprim::gf2::{BinaryField, ", stringify!($ty), "};")]
            #[doc = concat!("assert_eq!(", stringify!($ty), "::ZERO.inv(), Err(zkprim::Error::Range));")]
            /// ```
            pub fn inv(&self) -> Result<Self> {
                let mut r = Self::default();
                // SAFETY: reduced elements in and out.
                Error::check(unsafe { sys::$inv(r.raw_mut(), self.raw()) })?;
                Ok(r)
            }

            /// `self^e`, e an integer of little-endian 64-bit limbs (constant
            /// time for a given `e.len()`; a^0 = 1).
            ///
            /// ```
            #[doc = concat!("use zkprim::gf2::{BinaryField, ", stringify!($ty), "};")]
            #[doc = concat!("assert_eq!(", stringify!($ty), "::ZERO.pow(&[0]), ", stringify!($ty), "::ONE);")]
            /// ```
            pub fn pow(&self, e: &[u64]) -> Self {
                let mut r = Self::default();
                // SAFETY: reduced elements, a slice of limbs.
                expect_ok(unsafe { sys::$pow(r.raw_mut(), self.raw(), e.as_ptr(), e.len()) });
                r
            }

            fn raw(&self) -> *const sys::$c {
                (self as *const Self).cast()
            }

            fn raw_mut(&mut self) -> *mut sys::$c {
                (self as *mut Self).cast()
            }
        }

        impl BinaryField for $ty {
            const FIELD: sys::zkp_gf2_field = sys::$id;
            const DEGREE: u32 = $deg;
            const LIMBS: usize = $nl;
            const BYTES: usize = $nl * 8;
            const ZERO: Self = $ty([0; $nl]);
            const ONE: Self = {
                let mut l = [0u64; $nl];
                l[0] = 1;
                $ty(l)
            };

            fn limb_slice(&self) -> &[u64] {
                &self.0
            }

            fn from_limb_slice(limbs: &[u64]) -> Result<Self> {
                let arr: [u64; $nl] = limbs.try_into().map_err(|_| Error::Length)?;
                Self::from_limbs(arr)
            }

            #[inline]
            fn mul_batch(out: &mut [Self], a: &[Self], b: &[Self]) -> Result<()> {
                if a.len() != out.len() || b.len() != out.len() {
                    return Err(Error::Length);
                }
                // SAFETY: three slices of n reduced elements (transparent).
                Error::check(unsafe {
                    sys::$mb(out.as_mut_ptr().cast(), a.as_ptr().cast(), b.as_ptr().cast(), out.len())
                })
            }
        }

        impl Add for $ty {
            type Output = Self;
            #[inline]
            fn add(self, rhs: Self) -> Self {
                let mut r = Self::default();
                // SAFETY: reduced elements in and out.
                unsafe { sys::$add(r.raw_mut(), self.raw(), rhs.raw()) };
                r
            }
        }

        impl AddAssign for $ty {
            fn add_assign(&mut self, rhs: Self) {
                *self = *self + rhs;
            }
        }

        impl Mul for $ty {
            type Output = Self;
            #[inline]
            fn mul(self, rhs: Self) -> Self {
                let mut r = Self::default();
                // SAFETY: reduced elements in and out.
                unsafe { sys::$mul(r.raw_mut(), self.raw(), rhs.raw()) };
                r
            }
        }

        impl MulAssign for $ty {
            fn mul_assign(&mut self, rhs: Self) {
                *self = *self * rhs;
            }
        }
    };
}

field!(
    B127,
    zkp_gf2_b127,
    ZKP_GF2_B127,
    2,
    127,
    "GF(2^127), x^127 + x + 1",
    zkp_gf2_b127_add,
    zkp_gf2_b127_mul,
    zkp_gf2_b127_square,
    zkp_gf2_b127_mul_batch,
    zkp_gf2_b127_inv,
    zkp_gf2_b127_pow,
    zkp_gf2_b127_from_bytes,
    zkp_gf2_b127_to_bytes
);
field!(
    Ghash128,
    zkp_gf2_ghash128,
    ZKP_GF2_GHASH128,
    2,
    128,
    "GF(2^128), x^128 + x^7 + x^2 + x + 1 (plain basis)",
    zkp_gf2_ghash128_add,
    zkp_gf2_ghash128_mul,
    zkp_gf2_ghash128_square,
    zkp_gf2_ghash128_mul_batch,
    zkp_gf2_ghash128_inv,
    zkp_gf2_ghash128_pow,
    zkp_gf2_ghash128_from_bytes,
    zkp_gf2_ghash128_to_bytes
);
field!(
    B163,
    zkp_gf2_b163,
    ZKP_GF2_B163,
    3,
    163,
    "GF(2^163), x^163 + x^7 + x^6 + x^3 + 1",
    zkp_gf2_b163_add,
    zkp_gf2_b163_mul,
    zkp_gf2_b163_square,
    zkp_gf2_b163_mul_batch,
    zkp_gf2_b163_inv,
    zkp_gf2_b163_pow,
    zkp_gf2_b163_from_bytes,
    zkp_gf2_b163_to_bytes
);
field!(
    B191,
    zkp_gf2_b191,
    ZKP_GF2_B191,
    3,
    191,
    "GF(2^191), x^191 + x^9 + 1",
    zkp_gf2_b191_add,
    zkp_gf2_b191_mul,
    zkp_gf2_b191_square,
    zkp_gf2_b191_mul_batch,
    zkp_gf2_b191_inv,
    zkp_gf2_b191_pow,
    zkp_gf2_b191_from_bytes,
    zkp_gf2_b191_to_bytes
);
field!(
    Sect193,
    zkp_gf2_sect193,
    ZKP_GF2_SECT193,
    4,
    193,
    "GF(2^193), x^193 + x^15 + 1",
    zkp_gf2_sect193_add,
    zkp_gf2_sect193_mul,
    zkp_gf2_sect193_square,
    zkp_gf2_sect193_mul_batch,
    zkp_gf2_sect193_inv,
    zkp_gf2_sect193_pow,
    zkp_gf2_sect193_from_bytes,
    zkp_gf2_sect193_to_bytes
);
field!(
    Ghash2,
    zkp_gf2_ghash2,
    ZKP_GF2_GHASH2,
    4,
    256,
    "ghash2 = ghash128\\[v\\]/(v^2 + v + x^121) (c0 in limbs 0-1, c1 in 2-3)",
    zkp_gf2_ghash2_add,
    zkp_gf2_ghash2_mul,
    zkp_gf2_ghash2_square,
    zkp_gf2_ghash2_mul_batch,
    zkp_gf2_ghash2_inv,
    zkp_gf2_ghash2_pow,
    zkp_gf2_ghash2_from_bytes,
    zkp_gf2_ghash2_to_bytes
);
field!(
    B256,
    zkp_gf2_b256,
    ZKP_GF2_B256,
    4,
    256,
    "GF(2^256), x^256 + x^10 + x^5 + x^2 + 1",
    zkp_gf2_b256_add,
    zkp_gf2_b256_mul,
    zkp_gf2_b256_square,
    zkp_gf2_b256_mul_batch,
    zkp_gf2_b256_inv,
    zkp_gf2_b256_pow,
    zkp_gf2_b256_from_bytes,
    zkp_gf2_b256_to_bytes
);

impl B256 {
    /// The isomorphic image in ghash2 (constant time).
    ///
    /// ```
    /// use zkprim::gf2::{BinaryField, B256};
    /// let x = B256::from_limbs([2, 0, 0, 0]).unwrap();
    /// assert_eq!(x.to_ghash2().to_b256(), x);
    /// assert_eq!((x * x).to_ghash2(), x.to_ghash2() * x.to_ghash2());
    /// ```
    pub fn to_ghash2(&self) -> Ghash2 {
        let mut r = Ghash2::default();
        // SAFETY: one element each way (every 256-bit value is valid in both).
        unsafe { sys::zkp_gf2_b256_to_ghash2(r.raw_mut(), self.raw()) };
        r
    }

    /// The same map, faster, variable time (public data only).
    ///
    /// ```
    /// use zkprim::gf2::B256;
    /// let x = B256::from_limbs([9, 8, 7, 6]).unwrap();
    /// assert_eq!(x.to_ghash2_vartime(), x.to_ghash2());
    /// ```
    pub fn to_ghash2_vartime(&self) -> Ghash2 {
        let mut r = Ghash2::default();
        // SAFETY: as above.
        unsafe { sys::zkp_gf2_b256_to_ghash2_vartime(r.raw_mut(), self.raw()) };
        r
    }
}

impl Ghash2 {
    /// The inverse map to b256 (constant time).
    ///
    /// ```
    /// use zkprim::gf2::{BinaryField, Ghash2};
    /// assert_eq!(Ghash2::ONE.to_b256().to_ghash2(), Ghash2::ONE);
    /// ```
    pub fn to_b256(&self) -> B256 {
        let mut r = B256::default();
        // SAFETY: one element each way.
        unsafe { sys::zkp_gf2_ghash2_to_b256(r.raw_mut(), self.raw()) };
        r
    }

    /// The same map, variable time (public data only).
    ///
    /// ```
    /// use zkprim::gf2::{BinaryField, Ghash2};
    /// assert_eq!(Ghash2::ONE.to_b256_vartime(), Ghash2::ONE.to_b256());
    /// ```
    pub fn to_b256_vartime(&self) -> B256 {
        let mut r = B256::default();
        // SAFETY: one element each way.
        unsafe { sys::zkp_gf2_ghash2_to_b256_vartime(r.raw_mut(), self.raw()) };
        r
    }
}

/// `out[i]` = the ghash2 image of `a[i]`, variable time; equal lengths or
/// [`Error::Length`].
///
/// ```
/// use zkprim::gf2::{b256_to_ghash2_batch_vartime, Ghash2, B256};
/// let a = [B256::from_limbs([1, 2, 3, 4]).unwrap(); 3];
/// let mut out = [Ghash2::default(); 3];
/// b256_to_ghash2_batch_vartime(&a, &mut out).unwrap();
/// assert_eq!(out[2], a[2].to_ghash2());
/// ```
pub fn b256_to_ghash2_batch_vartime(a: &[B256], out: &mut [Ghash2]) -> Result<()> {
    if a.len() != out.len() {
        return Err(Error::Length);
    }
    // SAFETY: n elements each way.
    Error::check(unsafe {
        sys::zkp_gf2_b256_to_ghash2_batch_vartime(
            out.as_mut_ptr().cast(),
            a.as_ptr().cast(),
            a.len(),
        )
    })
}

/// `out[i]` = the b256 image of `a[i]`, variable time; equal lengths or
/// [`Error::Length`].
///
/// ```
/// use zkprim::gf2::{ghash2_to_b256_batch_vartime, Ghash2, B256};
/// let a = [Ghash2::from_limbs([1, 2, 3, 4]).unwrap(); 2];
/// let mut out = [B256::default(); 2];
/// ghash2_to_b256_batch_vartime(&a, &mut out).unwrap();
/// assert_eq!(out[0], a[0].to_b256());
/// ```
pub fn ghash2_to_b256_batch_vartime(a: &[Ghash2], out: &mut [B256]) -> Result<()> {
    if a.len() != out.len() {
        return Err(Error::Length);
    }
    // SAFETY: n elements each way.
    Error::check(unsafe {
        sys::zkp_gf2_ghash2_to_b256_batch_vartime(
            out.as_mut_ptr().cast(),
            a.as_ptr().cast(),
            a.len(),
        )
    })
}

/// A fixed-base table: powers of one base `g` with 128-bit exponents by
/// table lookups (`ZKP_VARTIME`: the exponent indexes the table, so never a
/// secret exponent). Freed on drop.
///
/// ```
/// use zkprim::gf2::{BinaryField, FixedBase, B163};
/// let g = B163::from_limbs([7, 1, 0]).unwrap();
/// let t = FixedBase::new(g, 0).unwrap();
/// assert_eq!(t.pow_vartime(1000), g.pow(&[1000]));
/// ```
pub struct FixedBase<F: BinaryField> {
    t: *mut sys::zkp_gf2_fixed_base,
    _f: core::marker::PhantomData<F>,
}

// SAFETY: the table is immutable after construction; the powers only read it.
unsafe impl<F: BinaryField> Send for FixedBase<F> {}
// SAFETY: as above.
unsafe impl<F: BinaryField> Sync for FixedBase<F> {}

impl<F: BinaryField> FixedBase<F> {
    /// Builds the table for `base` with window width `window_bits` (1..20,
    /// 0 = the field's default); [`Error::Param`] for another width,
    /// [`Error::NoMem`] when it does not fit in memory.
    ///
    /// ```
    /// use zkprim::gf2::{BinaryField, FixedBase, B127};
    /// assert!(FixedBase::new(B127::ONE, 21).is_err());
    /// assert_eq!(FixedBase::new(B127::ONE, 4).unwrap().window(), 4);
    /// ```
    pub fn new(base: F, window_bits: u32) -> Result<Self> {
        let mut t = core::ptr::null_mut();
        // SAFETY: a reduced base of this field's limbs; t receives the table.
        Error::check(unsafe {
            sys::zkp_gf2_fixed_base_new(&mut t, F::FIELD, base.limb_slice().as_ptr(), window_bits)
        })?;
        Ok(FixedBase {
            t,
            _f: core::marker::PhantomData,
        })
    }

    /// The window width in use.
    ///
    /// ```
    /// use zkprim::gf2::{BinaryField, FixedBase, B256};
    /// assert!(FixedBase::new(B256::ONE, 0).unwrap().window() >= 1);
    /// ```
    pub fn window(&self) -> u32 {
        // SAFETY: a table from new.
        unsafe { sys::zkp_gf2_fixed_base_window(self.t) }
    }

    /// `g^e`.
    ///
    /// ```
    /// use zkprim::gf2::{BinaryField, FixedBase, Ghash128};
    /// let g = Ghash128::from_limbs([3, 0]).unwrap();
    /// assert_eq!(FixedBase::new(g, 0).unwrap().pow_vartime(0), Ghash128::ONE);
    /// ```
    pub fn pow_vartime(&self, e: u128) -> F {
        let mut out = [0u64; 4];
        let exp = [e as u64, (e >> 64) as u64];
        // SAFETY: a table from new, room for 4 limbs (the most any field has).
        expect_ok(unsafe {
            sys::zkp_gf2_fixed_base_pow_vartime(self.t, out.as_mut_ptr(), exp.as_ptr())
        });
        F::from_limb_slice(&out[..F::LIMBS]).expect("the library returns reduced elements")
    }

    /// `out[i] = g^exps[i]`, interleaved across SIMD lanes; equal lengths or
    /// [`Error::Length`].
    ///
    /// ```
    /// use zkprim::gf2::{BinaryField, FixedBase, B191};
    /// let g = B191::from_limbs([5, 0, 0]).unwrap();
    /// let t = FixedBase::new(g, 0).unwrap();
    /// let mut out = [B191::ZERO; 3];
    /// t.pow_batch_vartime(&[1, 2, 3], &mut out).unwrap();
    /// assert_eq!(out[2], g * g * g);
    /// ```
    pub fn pow_batch_vartime(&self, exps: &[u128], out: &mut [F]) -> Result<()> {
        if exps.len() != out.len() {
            return Err(Error::Length);
        }
        let e: Vec<u64> = exps
            .iter()
            .flat_map(|&x| [x as u64, (x >> 64) as u64])
            .collect();
        let mut limbs = vec![0u64; exps.len() * F::LIMBS];
        // SAFETY: a table from new, 2n exponent limbs, n * LIMBS output limbs.
        Error::check(unsafe {
            sys::zkp_gf2_fixed_base_pow_batch_vartime(
                self.t,
                limbs.as_mut_ptr(),
                e.as_ptr(),
                exps.len(),
            )
        })?;
        for (o, l) in out.iter_mut().zip(limbs.chunks_exact(F::LIMBS)) {
            *o = F::from_limb_slice(l).expect("the library returns reduced elements");
        }
        Ok(())
    }
}

impl<F: BinaryField> Drop for FixedBase<F> {
    fn drop(&mut self) {
        // SAFETY: a table from new, freed once.
        unsafe { sys::zkp_gf2_fixed_base_free(self.t) }
    }
}
