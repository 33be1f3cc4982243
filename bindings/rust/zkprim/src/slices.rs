//! Memory shapes the C calls want: pointer and length arrays for the calls
//! that take many byte strings (`const uint8_t *const *in, const size_t
//! *lens`), and heap copies of the large streaming structs.

/// Calls `f` with arrays of the pointers and lengths of `inputs`: on the
/// stack up to 64 inputs (a batch call's usual size, so the binding adds no
/// allocation there), on the heap beyond.
pub(crate) fn with_ptr_arrays<R>(
    inputs: &[&[u8]],
    f: impl FnOnce(*const *const u8, *const usize) -> R,
) -> R {
    const STACK: usize = 64;
    if inputs.len() <= STACK {
        let mut ptrs = [core::ptr::null::<u8>(); STACK];
        let mut lens = [0usize; STACK];
        for (i, s) in inputs.iter().enumerate() {
            ptrs[i] = s.as_ptr();
            lens[i] = s.len();
        }
        f(ptrs.as_ptr(), lens.as_ptr())
    } else {
        let ptrs: Vec<*const u8> = inputs.iter().map(|s| s.as_ptr()).collect();
        let lens: Vec<usize> = inputs.iter().map(|s| s.len()).collect();
        f(ptrs.as_ptr(), lens.as_ptr())
    }
}

/// A plain-data C struct on the heap (the tree hashers are 66 KiB to
/// 258 KiB, too large for a small stack), zeroed and then given to `init`.
/// T must be plain data (integers and arrays of them), for which all zero
/// bytes are a value, so the box is initialised even if `init` writes
/// nothing (e.g. a C init that rejects its arguments).
pub(crate) fn boxed_init<T: Copy>(init: impl FnOnce(*mut T)) -> Box<T> {
    let mut b = Box::<T>::new_uninit();
    // SAFETY: one T of writable memory.
    unsafe { core::ptr::write_bytes(b.as_mut_ptr(), 0, 1) };
    init(b.as_mut_ptr());
    // SAFETY: zeroed plain data, then whatever init wrote.
    unsafe { b.assume_init() }
}

/// A heap copy of a plain C struct, without a temporary on the stack.
pub(crate) fn boxed_copy<T: Copy>(src: &T) -> Box<T> {
    // SAFETY: T is Copy (plain data); the copy fills the whole allocation.
    boxed_init(|p| unsafe { core::ptr::copy_nonoverlapping(src, p, 1) })
}
