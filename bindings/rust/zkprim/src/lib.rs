//! Safe Rust API of zkprim, shaped like the crates Rust provers use:
//!
//! - [`keccak`]: Keccak-256, SHA3-224/256/384/512 and SHAKE128/256 hashers
//!   (`new`, `update`, `finalize`, `Clone`, `Default`, `std::io::Write`),
//!   XOF readers, the 64-byte Merkle parent, batches and Merkle trees;
//! - [`hemera`]: Poseidon2 over Goldilocks, named like the hemera crate
//!   (`hash`, `keyed_hash`, `derive_key`, `Hasher`, `OutputReader`, ...);
//! - [`poseidon`]: circom's Poseidon over BN254, shaped like light-poseidon
//!   0.4 (`Poseidon::<Fr>::new_circom`, `PoseidonHasher`,
//!   `PoseidonBytesHasher`, `PoseidonError`);
//! - [`gf2`]: binary fields, one element type per field, with fixed-base
//!   tables and the b256 ↔ ghash2 isomorphism.
//!
//! Every call goes to the C library (`zkprim-sys`); sizes and lengths are
//! checked here before the call, so no safe call can reach undefined
//! behaviour. Failures are [`Error`] (one variant per `zkp_status`), or
//! [`poseidon::PoseidonError`] on the light-poseidon surface.
//!
//! ```
//! # fn main() -> Result<(), Box<dyn std::error::Error>> {
//! use zkprim::poseidon::{Fr, Poseidon, PoseidonHasher};
//! let digest = zkprim::keccak::Keccak256::digest(b"abc");
//! let root = zkprim::hemera::root_hash(&digest);
//! let mut poseidon = Poseidon::<Fr>::new_circom(2)?; // light-poseidon's API and errors
//! let h = poseidon.hash(&[Fr::from_u64(1), Fr::from_u64(2)])?;
//! # assert_eq!((digest[0], h.to_be_bytes()[0]), (0x4e, 0x11));
//! # assert_eq!(root, zkprim::hemera::hash_leaf(&digest, 0, true));
//! # Ok(())
//! # }
//! ```
//!
//! (The README shows these five lines; `tests/readme.rs` keeps the two the same.)
#![deny(missing_docs)]

/// `Default` (= new) and `std::io::Write` (= update) for a hasher type.
macro_rules! default_and_write {
    ($name:ident) => {
        impl Default for $name {
            fn default() -> Self {
                Self::new()
            }
        }

        impl std::io::Write for $name {
            fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
                self.update(buf);
                Ok(buf.len())
            }
            fn flush(&mut self) -> std::io::Result<()> {
                Ok(())
            }
        }
    };
}

mod error;
pub mod gf2;
pub mod hemera;
pub mod keccak;
pub mod poseidon;
pub mod poseidon2;
mod slices;

pub use error::{Error, Result};

/// Version of the linked C library ("MAJOR.MINOR.PATCH").
///
/// ```
/// assert!(zkprim::version().starts_with("1."));
/// ```
pub fn version() -> &'static str {
    // SAFETY: zkp_version returns a static NUL-terminated ASCII string.
    unsafe { core::ffi::CStr::from_ptr(zkprim_sys::zkp_version()) }
        .to_str()
        .unwrap_or("?")
}

/// The kernels the library picked on this CPU, one `module=name` per module.
///
/// ```
/// assert!(zkprim::implementations().contains("keccak="));
/// ```
pub fn implementations() -> String {
    use zkprim_sys::*;
    let names: [(&str, unsafe extern "C" fn() -> *const core::ffi::c_char); 5] = [
        ("keccak", zkp_keccak_f1600_implementation),
        ("hemera", zkp_hemera_permute_implementation),
        ("poseidon", zkp_poseidon_implementation),
        ("gf2", zkp_gf2_implementation),
        ("gf2_iso", zkp_gf2_iso_implementation),
    ];
    names
        .iter()
        .map(|(m, f)| {
            // SAFETY: the *_implementation functions return static strings.
            let s = unsafe { core::ffi::CStr::from_ptr(f()) };
            format!("{m}={}", s.to_string_lossy())
        })
        .collect::<Vec<_>>()
        .join(" ")
}
