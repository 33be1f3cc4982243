/*
 * `zkprim hash -a poseidon2-bn254|poseidon2-babybear|poseidon2-koalabear`:
 * the Poseidon2 hashes of include/zkprim/poseidon2.h through the generic
 * cmd_hash, over a FILE of field elements (the references hash elements,
 * not bytes, and fix no byte encoding): decimal or 0x-hex integers below p
 * separated by blanks, commas or newlines, as `zkprim tree -a poseidon2-*`
 * reads them. The digest is printed as hex of its elements big-endian:
 * Noir's hash of the n elements (32 bytes: the element's 0x-hex), or
 * Plonky3's width-16 sponge (8 elements of 4 bytes). An element >= p is
 * ZKP_ERR_RANGE, a token that is not a number ZKP_ERR_PARAM, more than
 * P2H_MAX elements ZKP_ERR_LENGTH (Noir's sponge needs the count first,
 * so the elements are kept).
 */
#include <string.h>

#include "cli.h"
#include "tree_poseidon.h"
#include "zkprim/poseidon2.h"

#define P2H_MAX 65536 /* elements a file may hold */
#define P2H_TOKEN 96  /* longest token: 0x and 64 hex digits fit */

typedef struct {
    int kind; /* 0 bn254, 1 babybear, 2 koalabear */
    size_t n, tlen;
    zkp_status st;
    char tok[P2H_TOKEN + 1];
    zkp_poseidon_fr e[P2H_MAX];
} p2h_ctx;

static void flush_token(p2h_ctx *c) {
    if (c->tlen == 0 || c->st != ZKP_OK) return;
    c->tok[c->tlen] = 0;
    c->tlen = 0;
    if (c->n == P2H_MAX) {
        c->st = ZKP_ERR_LENGTH;
        return;
    }
    zkp_poseidon_fr *x = &c->e[c->n++];
    int r = ptree_parse_element(c->tok, x);
    if (r < 0) c->st = ZKP_ERR_PARAM;
    else if (r > 0) c->st = ZKP_ERR_RANGE;
    else if (c->kind && (x->limb[1] | x->limb[2] | x->limb[3] ||
                         x->limb[0] >= (c->kind == 1 ? ZKP_POSEIDON2_BABYBEAR_P : ZKP_POSEIDON2_KOALABEAR_P)))
        c->st = ZKP_ERR_RANGE;
}

static zkp_status p2h_update(void *ctx, const uint8_t *data, size_t len) {
    p2h_ctx *c = ctx;
    for (size_t i = 0; i < len && c->st == ZKP_OK; i++) {
        const uint8_t b = data[i];
        if (b == ' ' || b == '\t' || b == '\r' || b == '\n' || b == ',') flush_token(c);
        else if (c->tlen == P2H_TOKEN) c->st = ZKP_ERR_PARAM;
        else c->tok[c->tlen++] = (char)b;
    }
    return c->st;
}

static zkp_status p2h_final(void *ctx, uint8_t *out, size_t len) {
    p2h_ctx *c = ctx;
    flush_token(c);
    if (c->st != ZKP_OK) return c->st;
    if (c->kind == 0) {
        zkp_poseidon_fr h;
        zkp_status st = zkp_poseidon2_bn254_hash(c->e, c->n, &h);
        if (st == ZKP_OK && len == 32) zkp_poseidon_fr_to_be(out, &h);
        return st;
    }
    uint32_t *x = (uint32_t *)(void *)c->e, h[8]; /* the elements packed down in place */
    for (size_t i = 0; i < c->n; i++) x[i] = (uint32_t)c->e[i].limb[0];
    zkp_status st = c->kind == 1 ? zkp_poseidon2_babybear_hash(x, c->n, h) : zkp_poseidon2_koalabear_hash(x, c->n, h);
    for (size_t i = 0; st == ZKP_OK && i < 8 && 4 * i + 4 <= len; i++)
        for (int k = 0; k < 4; k++) out[4 * i + (size_t)k] = (uint8_t)(h[i] >> (24 - 8 * k));
    return st;
}

static zkp_status init_kind(void *ctx, int kind) {
    p2h_ctx *c = ctx;
    c->kind = kind;
    c->n = c->tlen = 0;
    c->st = ZKP_OK;
    return ZKP_OK;
}
static zkp_status init_bn254(void *ctx, const cli_hash_opts *o) { return (void)o, init_kind(ctx, 0); }
static zkp_status init_babybear(void *ctx, const cli_hash_opts *o) { return (void)o, init_kind(ctx, 1); }
static zkp_status init_koalabear(void *ctx, const cli_hash_opts *o) { return (void)o, init_kind(ctx, 2); }

const cli_hash_algo cli_hash_poseidon2_bn254 = {"poseidon2-bn254", 32, CLI_HASH_ELEMENTS, sizeof(p2h_ctx), init_bn254, p2h_update,
                                                p2h_final};
const cli_hash_algo cli_hash_poseidon2_babybear = {"poseidon2-babybear", 32, CLI_HASH_ELEMENTS, sizeof(p2h_ctx), init_babybear,
                                                   p2h_update, p2h_final};
const cli_hash_algo cli_hash_poseidon2_koalabear = {"poseidon2-koalabear", 32, CLI_HASH_ELEMENTS, sizeof(p2h_ctx), init_koalabear,
                                                    p2h_update, p2h_final};
