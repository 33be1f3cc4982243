/*
 * zkprim: hash permutations and field arithmetic for zero-knowledge proof
 * systems. This header holds what every module shares: the export macro,
 * the version, status codes, and CPU feature detection / kernel override.
 *
 * Module headers: goldilocks.h, hemera.h, keccak.h, poseidon.h, poseidon2.h, lean_imt.h,
 * gf2.h, gf2_iso.h, oz_tree.h. The rules every header follows: docs/api.md.
 */
#ifndef ZKPRIM_ZKPRIM_H
#define ZKPRIM_ZKPRIM_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* scripts/gen-api-table.py preprocesses these headers with -DZKP_API_TABLE
 * and defines every annotation macro below to its own name, so that the
 * preprocessed declarations still show them; a compiler never sees that. */
#ifndef ZKP_API_TABLE

/* Symbol visibility: the library is built with -fvisibility=hidden, so only
 * what is marked ZKP_API is exported from the shared object. */
#if defined(ZKP_STATIC)
#define ZKP_API
#elif defined(_WIN32)
#if defined(ZKP_BUILDING_LIBRARY)
#define ZKP_API __declspec(dllexport)
#else
#define ZKP_API __declspec(dllimport)
#endif
#else
#define ZKP_API __attribute__((visibility("default")))
#endif

/* Marks every function that returns a zkp_status: a status is the only
 * report of bad input or a failed check (a verify's ZKP_ERR_VERIFY, a
 * range error that left the output unwritten), so ignoring one is almost
 * always a bug. GCC and Clang then warn (-Wunused-result) at each call that
 * drops the result; C++17 gets [[nodiscard]], MSVC's analyser _Check_return_.
 * GCC does not take a (void) cast as a use, so a caller handles the status
 * even where it cannot fail. The macro goes first, before ZKP_API: C++
 * takes [[nodiscard]] only there. */
#if defined(__cplusplus) && __cplusplus >= 201703L
#define ZKP_MUST_USE [[nodiscard]]
#elif defined(__GNUC__) || defined(__clang__)
#define ZKP_MUST_USE __attribute__((warn_unused_result))
#elif defined(_MSC_VER)
#include <sal.h>
#define ZKP_MUST_USE _Check_return_
#else
#define ZKP_MUST_USE
#endif

/* Timing class of each public function (exactly one per declaration) and
 * whether it allocates; they expand to nothing and document the contract
 * (docs/api.md, "Timing classes"). Lengths, counts, indices, ids, kernel
 * names and the validity of a state are public everywhere.
 *   ZKP_CT         no branch and no memory address depends on the values of
 *                  the data (keys, messages, field elements, exponents); a
 *                  status that depends on a value (ZKP_ERR_RANGE for an
 *                  element >= p or an inverse of zero, ZKP_ERR_VERIFY)
 *                  reveals that fact and nothing more.
 *   ZKP_VARTIME    may branch on data or index memory by it: public data only.
 *   ZKP_QUERY      takes no data: version, names, CPU features, the kernel
 *                  in use, sizes and counts.
 *   ZKP_ALLOCATES  calls malloc (ZKP_ERR_NOMEM when that fails); every other
 *                  function works in caller memory and on the stack.
 * Order on a declaration:
 *   ZKP_MUST_USE ZKP_API <class> [ZKP_ALLOCATES] <return type> name(...); */
#define ZKP_CT
#define ZKP_VARTIME
#define ZKP_QUERY
#define ZKP_ALLOCATES

#endif /* ZKP_API_TABLE */

#define ZKP_VERSION_MAJOR 1
#define ZKP_VERSION_MINOR 1
#define ZKP_VERSION_PATCH 0

/* "MAJOR.MINOR.PATCH" of the library actually linked (may differ from the
 * header's ZKP_VERSION_* when linking a shared object). */
ZKP_API ZKP_QUERY const char *zkp_version(void);

/* Status codes. ZKP_OK is 0; every error is a distinct positive value with a
 * stable name, so callers in any language can match on them. One code per
 * situation in every module (docs/api.md, "Status codes"). */
typedef enum zkp_status {
    ZKP_OK = 0,
    ZKP_ERR_NULL = 1,            /* NULL pointer where data is required (e.g. NULL with length > 0) */
    ZKP_ERR_LENGTH = 2,          /* a byte length this function cannot take; also any byte size above
                                  * PTRDIFF_MAX (no object is larger) or a count * size / stride
                                  * extent that wraps or exceeds it, rejected before memory is touched */
    ZKP_ERR_RANGE = 3,           /* a value out of its range: an element >= the field modulus or
                                  * unreduced, a Merkle leaf or chunk index out of range, the
                                  * inverse of zero */
    ZKP_ERR_COUNT = 4,           /* a number of items this function cannot take: inputs per hash,
                                  * permutation width, leaves not a power of two (or none) */
    ZKP_ERR_STATE = 5,           /* call out of order (e.g. update after final), or a state struct
                                  * that was never initialised or whose private fields were
                                  * overwritten (checked at every entry) */
    ZKP_ERR_PARAM = 6,           /* an unknown id or name, or a bad option value (algorithm, field,
                                  * CPU level, window width) */
    ZKP_ERR_EMPTY_INPUT = 7,     /* an input of zero bytes where light-poseidon rejects one */
    ZKP_ERR_CPU = 8,             /* the requested kernel needs a CPU feature this machine lacks */
    ZKP_ERR_NOMEM = 9,           /* allocation failed; only the ZKP_ALLOCATES functions allocate:
                                  * zkp_gf2_fixed_base_new, the growing LeanIMT's
                                  * zkp_lean_imt_insert and zkp_lean_imt_insert_batch,
                                  * zkp_oz_leaf_hash_values, zkp_oz_tree_build, zkp_oz_tree_multi_proof,
                                  * zkp_oz_tree_multi_verify, and the batched and multiproof
                                  * verifiers zkp_keccak_tree_verify_batch,
                                  * zkp_keccak_tree_multi_verify, zkp_hemera_tree_verify_batch,
                                  * zkp_hemera_tree_multi_verify, zkp_poseidon_tree_verify_batch,
                                  * zkp_poseidon_tree_multi_verify, zkp_poseidon2_babybear_tree_verify_batch,
                                  * zkp_poseidon2_koalabear_tree_verify_batch,
                                  * zkp_poseidon2_bn254_tree_verify_batch,
                                  * zkp_poseidon2_babybear_tree_multi_verify,
                                  * zkp_poseidon2_koalabear_tree_multi_verify,
                                  * zkp_poseidon2_bn254_tree_multi_verify */
    ZKP_ERR_VERIFY = 10,         /* a proof or check did not verify */
    ZKP_ERR_PROOF_SHAPE = 11,    /* a proof of the wrong size or shape (more siblings than a
                                  * 64-bit index can address, a byte size the tree does not give) */
    ZKP_ERR_IO = 12              /* reading or writing failed (CLI helpers) */
} zkp_status;

/* Stable name of a status ("ZKP_OK", "ZKP_ERR_NULL", ...); never NULL. */
ZKP_API ZKP_QUERY const char *zkp_status_name(zkp_status s);
/* One-line English description of a status; never NULL. */
ZKP_API ZKP_QUERY const char *zkp_status_str(zkp_status s);

/* ------------------------------------------------------------------------ */
/* CPU features and kernel selection                                         */
/* ------------------------------------------------------------------------ */

/* Feature bits. x86-64 bits are set only when the OS also saves the
 * registers (XCR0), so a set bit means "usable", not just "present". */
#define ZKP_CPU_AVX2      (1u << 0)
#define ZKP_CPU_AVX512F   (1u << 1)
#define ZKP_CPU_AVX512VL  (1u << 2)
#define ZKP_CPU_AVX512BW  (1u << 3)
#define ZKP_CPU_BMI2      (1u << 4)
#define ZKP_CPU_ADX       (1u << 5)
#define ZKP_CPU_PCLMUL    (1u << 6)
#define ZKP_CPU_VPCLMUL   (1u << 7)
#define ZKP_CPU_SHANI     (1u << 8)
#define ZKP_CPU_AVX512DQ  (1u << 9)
#define ZKP_CPU_AVX512IFMA (1u << 10) /* 52-bit integer multiply-add (VPMADD52) */
#define ZKP_CPU_NEON      (1u << 16)
#define ZKP_CPU_PMULL     (1u << 17)
#define ZKP_CPU_SHA3      (1u << 18)

/* Features the CPU has (detected once, lazily, thread-safely). */
/* Freestanding builds (-DZKP_FREESTANDING=ON, docs/zkvm.md) have no CPU
 * detection: zkp_cpu_detected and zkp_cpu_active return 0, and the other
 * zkp_cpu_* functions below are left out. */
ZKP_API ZKP_QUERY uint32_t zkp_cpu_detected(void);

/* Features kernels may use now: the detected set, narrowed by the
 * ZKPRIM_CPU environment variable (read once) or by zkp_cpu_force(). */
ZKP_API ZKP_QUERY uint32_t zkp_cpu_active(void);

/* Restrict kernel selection to a named level or feature list:
 *   "native"   every detected feature (the default)
 *   "portable" no instruction-set kernel at all
 *   "bmi2" (BMI2+ADX), "pclmul", "avx2" (AVX2+BMI2+ADX+PCLMUL+VPCLMUL),
 *   "avx512" (avx2 + AVX-512F/VL/BW/DQ, and IFMA where present), "neon" (ASIMD+PMULL), "sha3" (neon+SHA3)
 *   or feature names joined by '+', e.g. "avx2+pclmul".
 * Names are exact: lower case, no spaces, each '+' between two names.
 * Returns ZKP_ERR_PARAM for an unknown or malformed name ("", "AVX2",
 * "avx2+", "+avx2", "avx2++bmi2", " avx2"), ZKP_ERR_NULL for NULL, and
 * ZKP_ERR_CPU if the machine lacks a requested feature; the selection is
 * unchanged in all three cases. The same grammar applies to ZKPRIM_CPU
 * (where an empty value counts as unset).
 * Meant for tests and benchmarks; not for use while other threads hash. */
ZKP_MUST_USE ZKP_API ZKP_QUERY zkp_status zkp_cpu_force(const char *level);

/* Status of the ZKPRIM_CPU environment variable: ZKP_OK when unset or valid.
 * When invalid, the library ignores it (uses every detected feature) and
 * this says why, so a tool can refuse to run with a clear message. */
ZKP_MUST_USE ZKP_API ZKP_QUERY zkp_status zkp_cpu_env_status(void);

/* Name of one feature bit ("avx2", "pclmul", ...), or NULL for an unknown bit. */
ZKP_API ZKP_QUERY const char *zkp_cpu_feature_name(uint32_t bit);

/* Writes the '+'-joined names of the features in mask into buf (always
 * NUL-terminated when cap > 0); "none" for an empty mask. Returns buf. */
ZKP_API ZKP_QUERY char *zkp_cpu_mask_string(uint32_t mask, char *buf, size_t cap);

/* Short description of the machine's CPU ("Intel(R) Xeon(R) ...") or "unknown". */
ZKP_API ZKP_QUERY const char *zkp_cpu_model(void);

#ifdef __cplusplus
}
#endif
#endif
