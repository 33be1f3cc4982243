/* The JSON form of a LeanIMT proof (zkprim tree -a lean-imt prove / verify),
 * the package's LeanIMTMerkleProof with its BigInts as decimal strings:
 *
 *   {"root":"<dec>","leaf":"<dec>","index":<n>,"siblings":["<dec>",...]}
 *
 * Read back strictly: exactly those four keys once each, in any order;
 * elements as decimal or 0x-hex strings or bare decimal numbers; index a
 * bare non-negative integer below 2^64; at most ZKP_LEAN_IMT_MAX_DEPTH
 * siblings; JSON whitespace anywhere between tokens; nothing after the
 * object but whitespace. */
#ifndef ZKPRIM_CLI_LEAN_IMT_JSON_H
#define ZKPRIM_CLI_LEAN_IMT_JSON_H

#include <stddef.h>
#include <stdio.h>

#include "zkprim/lean_imt.h"

/* Writes the proof and a newline. */
void cli_lean_proof_print(FILE *f, const zkp_lean_imt_proof *p);

/* Parses len bytes (no terminator needed). ZKP_OK; ZKP_ERR_PROOF_SHAPE for
 * more than 64 siblings; ZKP_ERR_PARAM for anything else that is not the
 * form above (an element >= 2^256 included; one in p .. 2^256 - 1 is kept
 * for zkp_lean_imt_tree_verify to reject). why gets a one-line reason. */
zkp_status cli_lean_proof_parse(const char *text, size_t len, zkp_lean_imt_proof *out, char *why, size_t why_cap);

#endif
