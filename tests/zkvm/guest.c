/*
 * A small zkVM-style guest linked against the freestanding library
 * (cmake/freestanding.cmake): Keccak through the external permutation hook
 * (tests/zkvm/f1600_soft.c plays the precompile), Hemera and Poseidon BN254,
 * each against a published digest, plus the Keccak paths against each other
 * (pair = 64-byte hash = one tree level, streaming in pieces = one shot, a
 * proof of the built tree verifies). Prints "guest ok" and exits 0, or names
 * what failed and exits 1. Run by ctest zkvm-guest-* under qemu-riscv*.
 */
#include <string.h>

#include "guest.h"
#include "zkprim/hemera.h"
#include "zkprim/keccak.h"
#include "zkprim/poseidon.h"

static int failures;

static void expect(int ok, const char *what) {
    if (!ok) {
        guest_write("FAIL ", 5);
        guest_puts(what);
        failures++;
    }
}

static int hex_eq(const uint8_t *b, const char *hex) {
    static const char digits[] = "0123456789abcdef";
    for (size_t i = 0; hex[2 * i]; i++)
        if (digits[b[i] >> 4] != hex[2 * i] || digits[b[i] & 15] != hex[2 * i + 1]) return 0;
    return 1;
}

int guest_main(void) {
    uint8_t d[32], e[32];
    /* Keccak-256("abc"), the Ethereum value */
    expect(zkp_keccak256((const uint8_t *)"abc", 3, d) == ZKP_OK &&
               hex_eq(d, "4e03657aea45a94fc7d47ba826c8d667c0d1e6e33a64a036ec44f58fa12d6c45"),
           "keccak256(abc)");

    uint8_t msg[300];
    for (size_t i = 0; i < sizeof msg; i++) msg[i] = (uint8_t)(i * 7 + 1);
    zkp_keccak256_pair(msg, msg + 32, d);
    expect(zkp_keccak256(msg, 64, e) == ZKP_OK && !memcmp(d, e, 32), "pair = keccak256 of 64 bytes");

    zkp_keccak_state s;
    expect(zkp_keccak_init(&s, ZKP_KECCAK_256) == ZKP_OK && zkp_keccak_update(&s, msg, 1) == ZKP_OK &&
               zkp_keccak_update(&s, msg + 1, 150) == ZKP_OK && zkp_keccak_update(&s, msg + 151, 149) == ZKP_OK &&
               zkp_keccak_final(&s, d, 32) == ZKP_OK && zkp_keccak256(msg, 300, e) == ZKP_OK && !memcmp(d, e, 32),
           "streaming = one shot");

    uint8_t nodes[15 * 32], proof[3 * 32];
    expect(zkp_keccak_tree_build(ZKP_KECCAK_256, msg, 8, 1, nodes) == ZKP_OK &&
               zkp_keccak_tree_proof(nodes, 8, 5, proof) == ZKP_OK &&
               zkp_keccak_tree_verify(ZKP_KECCAK_256, nodes + 14 * 32, nodes + 5 * 32, 5, proof, 3) == ZKP_OK,
           "keccak tree proof");
    zkp_keccak256_pair(msg, msg + 32, e);
    expect(!memcmp(nodes + 8 * 32, e, 32), "tree level 1 = pair");

    /* Hemera: the cyber-hemera 0.2.0 vector (tests/vectors/hemera.json) */
    expect(zkp_hemera_hash((const uint8_t *)"hello", 5, d) == ZKP_OK &&
               hex_eq(d, "e1b19b8235443e9fac8f1d6a1203de66e9a58c53e36cbbc1f71a031c3d13ce77"),
           "hemera(hello)");

    /* Poseidon BN254 (circomlibjs poseidon([1, 2])), big-endian bytes */
    const zkp_poseidon_fr in[2] = {{{1, 0, 0, 0}}, {{2, 0, 0, 0}}};
    zkp_poseidon_fr out;
    expect(zkp_poseidon_hash(in, 2, &out) == ZKP_OK, "poseidon status");
    zkp_poseidon_fr_to_be(d, &out);
    expect(hex_eq(d, "115cc0f5e7d690413df64c6b9662e9cf2a3617f2743245519e19607a4417189a"), "poseidon([1,2])");

    guest_puts(failures ? "guest FAILED" : "guest ok");
    return failures ? 1 : 0;
}
