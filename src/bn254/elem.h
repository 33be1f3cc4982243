/*
 * BN254 scalar field Fr: the element types and the modulus, shared by the
 * three arithmetic layers (bn254/fr.h, fr_mulx.h, fr52_ifma.h) and by the
 * generated Poseidon tables (poseidon/params.h), which need the types only.
 */
#ifndef ZKPRIM_BN254_ELEM_H
#define ZKPRIM_BN254_ELEM_H

#include <stdint.h>

/* p = 21888242871839275222246405745257275088548364400416034343698204186575808495617,
 * little-endian 64-bit limbs. */
#define ZKPI_BN254_P0 0x43e1f593f0000001u
#define ZKPI_BN254_P1 0x2833e84879b97091u
#define ZKPI_BN254_P2 0xb85045b68181585du
#define ZKPI_BN254_P3 0x30644e72e131a029u
/* -p^-1 mod 2^64 */
#define ZKPI_BN254_PINV 0xc2e1f593efffffffu

/* An element in Montgomery form for R = 2^256, four little-endian 64-bit
 * limbs (bn254/fr.h, fr_mulx.h). */
typedef struct zkpi_bn254_fr {
    uint64_t v[4];
} zkpi_bn254_fr;

/* An element as five little-endian 52-bit limbs (bn254/fr52_ifma.h: one
 * lane of the radix-2^52 vector layer, or a constant broadcast to it). */
typedef struct zkpi_bn254_fr52 {
    uint64_t l[5];
} zkpi_bn254_fr52;

#endif
