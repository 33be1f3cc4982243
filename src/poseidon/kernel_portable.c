/* Portable kernel: the permutation template over the portable layer of the
 * BN254 field (bn254/fr.h: unsigned __int128 products on 64-bit targets,
 * 64-bit halves and carries elsewhere; bn254/fr32.h in WebAssembly). */
#include "bn254/fr.h"
#include "bn254/fr32.h"

#if ZKPI_BN254_W32
/* WebAssembly (or forced by ZKP_TEST_WASM_ARITH): 32-bit limbs, one i64.mul
 * per limb product, no __int128 libcalls (bn254/fr32.h). Called, not
 * inlined (below): inlined into every width's rounds the module doubles
 * (1.9 against 0.9 MB for tests/wasm's bench) and a Poseidon t3 hash under
 * node took 1.4x as long, for a Montgomery product 5% faster alone. */
#define FR_FORM(op) zkpi_bn254_##op##_w32
#elif !ZKP_HAVE_U128
/* Without __int128 (rv32im) a 512-bit product or reduction is a few hundred
 * 32-bit instructions: one out-of-line copy each, called from every width's
 * rounds. Inlined into all of them, GCC took 80 s to compile this file for
 * rv32im (13 s for rv64im), for code that saves only the calls. */
#define FR_FORM(op) zkpi_bn254_##op##_c
#endif

#ifdef FR_FORM
__attribute__((noinline)) static void fr_mul512_call(uint64_t T[8], const uint64_t a[4], const uint64_t b[4]) {
    FR_FORM(mul512)(T, a, b);
}
__attribute__((noinline)) static void fr_sqr512_call(uint64_t T[8], const uint64_t a[4]) { FR_FORM(sqr512)(T, a); }
__attribute__((noinline)) static void fr_mac512_call(uint64_t T[8], const uint64_t a[4], const uint64_t b[4]) {
    FR_FORM(mac512)(T, a, b);
}
__attribute__((noinline)) static void fr_redc8_call(uint64_t T[8]) { FR_FORM(redc8)(T); }
#define V_MUL512 fr_mul512_call
#define V_SQR512 fr_sqr512_call
#define V_MAC512 fr_mac512_call
#define V_REDC8 fr_redc8_call
#if ZKPI_BN254_W32 /* the one-pass product (fr32.h) */
__attribute__((noinline)) static void fr_montmul_call(uint64_t T[8], const uint64_t a[4], const uint64_t b[4]) {
    zkpi_bn254_montmul_w32(T, a, b);
}
#define V_MONTMUL fr_montmul_call
#endif
#else
#define V_MUL512 zkpi_bn254_mul512_c
#define V_SQR512 zkpi_bn254_sqr512_c
#define V_MAC512 zkpi_bn254_mac512_c
#define V_REDC8 zkpi_bn254_redc8_c
#endif
#define TMPL_SUFFIX portable
#if ZKPI_BN254_W32
#define TMPL_OWN_OPS
#endif
#include "poseidon/perm_tmpl.h"

#if ZKPI_BN254_W32
/* WebAssembly: the permutation on 29-bit limbs (poseidon/perm_wasm29.h,
 * about half the V8 operations of the 32-bit-limb products above); the
 * template's is the fallback when a width's converted tables cannot be
 * allocated, and mul, sqr and dot stay the template's. */
#include "poseidon/perm_wasm29.h"

static void w29_op_permute(unsigned t, zkpi_fr *s) {
    const w29_tables *w = w29_tables_for(t);
    if (w) w29_permute(w, t, s, 0);
    else op_permute_portable(t, s);
}
static void w29_op_hash(unsigned t, zkpi_fr *s) {
    const w29_tables *w = w29_tables_for(t);
    if (w) w29_permute(w, t, s, 1);
    else op_hash_portable(t, s);
}
static void w29_op_hash_many(unsigned t, zkpi_fr *s, size_t count) {
    const w29_tables *w = w29_tables_for(t);
    if (!w) {
        op_hash_many_portable(t, s, count);
        return;
    }
    for (size_t i = 0; i < count; i++) w29_permute(w, t, s + i * t, 1);
}

const zkpi_poseidon_ops zkpi_poseidon_ops_portable = {
    op_mul_portable, op_sqr_portable, op_dot_portable, w29_op_permute, w29_op_hash, w29_op_hash_many, 1,
};
#endif
