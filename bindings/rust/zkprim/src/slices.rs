//! Pointer and length arrays for the C calls that take many byte strings
//! (`const uint8_t *const *in, const size_t *lens`).

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
