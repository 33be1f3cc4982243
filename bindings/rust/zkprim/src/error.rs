//! One error type for every `zkp_status` of the C library.
use core::fmt;
use zkprim_sys as sys;

/// A failed call: one variant per `zkp_status` error code (docs/api.md,
/// "Status codes"), with the C library's stable name and description.
///
/// ```
/// use zkprim::Error;
/// let e = zkprim::poseidon::Fr::from_be_bytes(&[0xff; 32]).unwrap_err();
/// assert_eq!(e, Error::Range);
/// assert_eq!(e.name(), "ZKP_ERR_RANGE");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Error {
    /// `ZKP_ERR_NULL`: a NULL pointer where data is required.
    Null,
    /// `ZKP_ERR_LENGTH`: a byte length or extent the function cannot take.
    Length,
    /// `ZKP_ERR_RANGE`: a value out of its range (element >= modulus,
    /// index out of range, inverse of zero).
    Range,
    /// `ZKP_ERR_COUNT`: a number of items the function cannot take.
    Count,
    /// `ZKP_ERR_STATE`: a call out of order, or a corrupted state.
    State,
    /// `ZKP_ERR_PARAM`: an unknown id or name, or a bad option value.
    Param,
    /// `ZKP_ERR_EMPTY_INPUT`: an empty input where light-poseidon rejects one.
    EmptyInput,
    /// `ZKP_ERR_CPU`: the requested kernel needs a CPU feature this machine lacks.
    Cpu,
    /// `ZKP_ERR_NOMEM`: an allocation failed.
    NoMem,
    /// `ZKP_ERR_VERIFY`: a proof or check did not verify.
    Verify,
    /// `ZKP_ERR_PROOF_SHAPE`: a proof of the wrong size or shape.
    ProofShape,
    /// `ZKP_ERR_IO`: reading or writing failed.
    Io,
    /// A status this version of the crate does not know (a newer library).
    Unknown(i32),
}

/// `Result<T, zkprim::Error>`.
///
/// ```
/// fn root() -> zkprim::Result<[u8; 32]> {
///     zkprim::keccak::tree_root(zkprim::keccak::Algorithm::Keccak256, &[[0u8; 32]; 2], 1)
/// }
/// assert!(root().is_ok());
/// ```
pub type Result<T> = core::result::Result<T, Error>;

impl Error {
    /// The error for a status, `Ok(())` for `ZKP_OK`.
    ///
    /// ```
    /// use zkprim::Error;
    /// assert_eq!(Error::check(0), Ok(()));
    /// assert_eq!(Error::check(10), Err(Error::Verify));
    /// ```
    #[inline]
    pub fn check(status: sys::zkp_status) -> Result<()> {
        if status == sys::ZKP_OK {
            Ok(())
        } else {
            Err(Self::from_code(status))
        }
    }

    #[cold]
    fn from_code(status: sys::zkp_status) -> Self {
        match status {
            sys::ZKP_ERR_NULL => Error::Null,
            sys::ZKP_ERR_LENGTH => Error::Length,
            sys::ZKP_ERR_RANGE => Error::Range,
            sys::ZKP_ERR_COUNT => Error::Count,
            sys::ZKP_ERR_STATE => Error::State,
            sys::ZKP_ERR_PARAM => Error::Param,
            sys::ZKP_ERR_EMPTY_INPUT => Error::EmptyInput,
            sys::ZKP_ERR_CPU => Error::Cpu,
            sys::ZKP_ERR_NOMEM => Error::NoMem,
            sys::ZKP_ERR_VERIFY => Error::Verify,
            sys::ZKP_ERR_PROOF_SHAPE => Error::ProofShape,
            sys::ZKP_ERR_IO => Error::Io,
            other => Error::Unknown(other),
        }
    }

    /// The `zkp_status` code of this error.
    ///
    /// ```
    /// assert_eq!(zkprim::Error::Length.status(), 2);
    /// ```
    pub fn status(&self) -> sys::zkp_status {
        match *self {
            Error::Null => sys::ZKP_ERR_NULL,
            Error::Length => sys::ZKP_ERR_LENGTH,
            Error::Range => sys::ZKP_ERR_RANGE,
            Error::Count => sys::ZKP_ERR_COUNT,
            Error::State => sys::ZKP_ERR_STATE,
            Error::Param => sys::ZKP_ERR_PARAM,
            Error::EmptyInput => sys::ZKP_ERR_EMPTY_INPUT,
            Error::Cpu => sys::ZKP_ERR_CPU,
            Error::NoMem => sys::ZKP_ERR_NOMEM,
            Error::Verify => sys::ZKP_ERR_VERIFY,
            Error::ProofShape => sys::ZKP_ERR_PROOF_SHAPE,
            Error::Io => sys::ZKP_ERR_IO,
            Error::Unknown(s) => s,
        }
    }

    /// The C library's stable name of the status ("ZKP_ERR_VERIFY", ...).
    ///
    /// ```
    /// assert_eq!(zkprim::Error::Verify.name(), "ZKP_ERR_VERIFY");
    /// ```
    pub fn name(&self) -> &'static str {
        // SAFETY: never NULL, a static string, for any value.
        unsafe { static_str(sys::zkp_status_name(self.status())) }
    }
}

/// A static C string of the library as &str.
///
/// # Safety
/// `p` must point to a NUL-terminated string that lives forever.
pub(crate) unsafe fn static_str(p: *const core::ffi::c_char) -> &'static str {
    // SAFETY: the caller's promise.
    unsafe { core::ffi::CStr::from_ptr(p) }
        .to_str()
        .unwrap_or("?")
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // SAFETY: never NULL, a static string, for any value.
        let s = unsafe { static_str(sys::zkp_status_str(self.status())) };
        write!(f, "{s} ({})", self.name())
    }
}

impl std::error::Error for Error {}

impl From<Error> for std::io::Error {
    fn from(e: Error) -> Self {
        std::io::Error::other(e)
    }
}

/// For calls that cannot fail on input the safe wrapper has checked: a
/// failing status there is a bug in this crate or the library, never
/// something to carry on from with a wrong result.
#[inline]
#[track_caller]
pub(crate) fn expect_ok(status: sys::zkp_status) {
    if status != sys::ZKP_OK {
        unexpected(status)
    }
}

#[cold]
#[track_caller]
fn unexpected(status: sys::zkp_status) -> ! {
    panic!(
        "zkprim: unexpected {} from a checked call",
        Error::from_code(status)
    )
}
