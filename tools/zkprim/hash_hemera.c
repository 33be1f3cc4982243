/*
 * `zkprim hash -a hemera`: the Hemera sponge through the generic cmd_hash.
 * Plain hash (fast class), --keyed (32-byte key from standard input) or
 * --derive-key CONTEXT (the file is the key material), any --length (XOF;
 * the first 32 bytes are the digest). Keyed and derive-key run the
 * constant-time class.
 */
#include <string.h>

#include "cli.h"
#include "zkprim/hemera.h"

typedef struct {
    zkp_hemera_hasher h;
} hemera_cli_ctx;

static zkp_status hemera_init(void *ctx, const cli_hash_opts *o) {
    hemera_cli_ctx *c = ctx;
    if (o->key) {
        zkp_hemera_hasher_init_keyed(&c->h, o->key);
        return ZKP_OK;
    }
    if (o->context) {
        /* derive_key: context phase (tag 2) -> 32-byte context key, then the
         * material phase seeded with it; the file is the material. */
        zkp_hemera_hasher ch;
        uint8_t ck[ZKP_HEMERA_DIGEST_BYTES];
        zkp_hemera_hasher_init_derive_key_context(&ch);
        zkp_status st = zkp_hemera_hasher_update(&ch, (const uint8_t *)o->context, strlen(o->context));
        if (st == ZKP_OK) st = zkp_hemera_hasher_finalize(&ch, ck);
        if (st == ZKP_OK) zkp_hemera_hasher_init_derive_key_material(&c->h, ck);
        return st;
    }
    zkp_hemera_hasher_init(&c->h);
    return ZKP_OK;
}

static zkp_status hemera_update(void *ctx, const uint8_t *data, size_t len) {
    return zkp_hemera_hasher_update(&((hemera_cli_ctx *)ctx)->h, data, len);
}

static zkp_status hemera_final(void *ctx, uint8_t *out, size_t len) {
    zkp_hemera_xof x;
    zkp_status st = zkp_hemera_hasher_finalize_xof(&((hemera_cli_ctx *)ctx)->h, &x);
    if (st == ZKP_OK) st = zkp_hemera_xof_fill(&x, out, len);
    return st;
}

const cli_hash_algo cli_hash_hemera = {
    "hemera", ZKP_HEMERA_DIGEST_BYTES, CLI_HASH_XOF | CLI_HASH_KEYED | CLI_HASH_DERIVE, sizeof(hemera_cli_ctx),
    hemera_init, hemera_update, hemera_final,
};
