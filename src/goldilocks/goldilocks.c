/* Public Goldilocks operations (include/zkprim/goldilocks.h): thin, out-of-
 * line wrappers over the constant-time forms of goldilocks/gl.h, canonicalised. */
#include "zkprim/goldilocks.h"

#include "goldilocks/gl.h"

uint64_t zkp_goldilocks_reduce(uint64_t x) { return gl_canon_ct(x); }
uint64_t zkp_goldilocks_reduce128(uint64_t lo, uint64_t hi) { return gl_canon_ct(gl_reduce128_ct(lo, hi)); }
uint64_t zkp_goldilocks_add(uint64_t a, uint64_t b) { return gl_canon_ct(gl_add_ct(a, b)); }
uint64_t zkp_goldilocks_sub(uint64_t a, uint64_t b) { return gl_canon_ct(gl_sub_ct(a, b)); }
uint64_t zkp_goldilocks_neg(uint64_t a) { return gl_neg_ct(a); }
uint64_t zkp_goldilocks_mul(uint64_t a, uint64_t b) { return gl_canon_ct(gl_mul_ct(a, b)); }
uint64_t zkp_goldilocks_square(uint64_t a) { return gl_canon_ct(gl_sqr_ct(a)); }

uint64_t zkp_goldilocks_pow(uint64_t a, uint64_t e) {
    uint64_t r = 1;
    for (int i = 63; i >= 0; i--) {
        r = gl_sqr_ct(r);
        uint64_t m = zkpi_value_barrier_u64(0 - ((e >> i) & 1));
        /* multiply by a or by 1, selected by mask: same work either way */
        r = gl_mul_ct(r, (a & m) | (1 & ~m));
    }
    return gl_canon_ct(r);
}

/* r = a^-1; a = 0 (mod p) gives r = 0 and ZKP_ERR_RANGE. The status is
 * computed without a branch: it reveals whether a is zero, nothing more. */
zkp_status zkp_goldilocks_inv(uint64_t *r, uint64_t a) {
    if (!r) return ZKP_ERR_NULL;
    *r = gl_canon_ct(gl_inv_chain_ct(a));
    return (zkp_status)(ZKP_ERR_RANGE & ~zkpi_ct_mask_nonzero(gl_canon_ct(a)));
}
zkp_status zkp_goldilocks_inv_vartime(uint64_t *r, uint64_t a) {
    if (!r) return ZKP_ERR_NULL;
    *r = gl_inv_vartime(a);
    return gl_canon_ct(a) ? ZKP_OK : ZKP_ERR_RANGE;
}
