/*
 * The Solidity ABI encoding of StandardMerkleTree leaves (what
 * @metamask/abi-utils' encode(types, values) gives for the value types the
 * package's users put in leaves) and the double Keccak-256 leaf hash.
 */
#include <string.h>

#include "core/util.h"
#include "keccak/many_internal.h"
#include "zkprim/keccak.h"
#include "zkprim/oz_tree.h"

#define WORD 32

static int eq(const char *a, size_t alen, const char *lit) {
    return strlen(lit) == alen && memcmp(a, lit, alen) == 0;
}

/* Digits after a prefix as the package's coder reads them: uint/int take
 * any number of digits (parseInt, so leading zeros pass), bytes one or two. */
static int digits(const char *s, size_t len, size_t max_digits, unsigned *out) {
    if (len == 0 || len > max_digits) return 0;
    unsigned v = 0;
    for (size_t i = 0; i < len; i++) {
        if (s[i] < '0' || s[i] > '9') return 0;
        if (v > 1000) return 0; /* already out of every range */
        v = v * 10 + (unsigned)(s[i] - '0');
    }
    *out = v;
    return 1;
}

zkp_status zkp_oz_abi_type_parse(const char *name, size_t len, zkp_oz_abi_type *type) {
    if (!type || (!name && len)) return ZKP_ERR_NULL;
    if (!zkpi_bytes_ok(len)) return ZKP_ERR_LENGTH;
    unsigned v;
    zkp_oz_abi_type t = {0, 0};
    if (eq(name, len, "address")) t.kind = ZKP_OZ_ABI_ADDRESS;
    else if (eq(name, len, "bool")) t.kind = ZKP_OZ_ABI_BOOL;
    else if (eq(name, len, "bytes")) t.kind = ZKP_OZ_ABI_BYTES;
    else if (eq(name, len, "string")) t.kind = ZKP_OZ_ABI_STRING;
    else if (eq(name, len, "uint")) t = (zkp_oz_abi_type){ZKP_OZ_ABI_UINT, 256};
    else if (eq(name, len, "int")) t = (zkp_oz_abi_type){ZKP_OZ_ABI_INT, 256};
    else if (len > 4 && memcmp(name, "uint", 4) == 0 && digits(name + 4, len - 4, len, &v) && v >= 8 && v <= 256 &&
             v % 8 == 0)
        t = (zkp_oz_abi_type){ZKP_OZ_ABI_UINT, (uint16_t)v};
    else if (len > 3 && memcmp(name, "int", 3) == 0 && digits(name + 3, len - 3, len, &v) && v >= 8 && v <= 256 &&
             v % 8 == 0)
        t = (zkp_oz_abi_type){ZKP_OZ_ABI_INT, (uint16_t)v};
    else if (len > 5 && memcmp(name, "bytes", 5) == 0 && digits(name + 5, len - 5, 2, &v) && v >= 1 && v <= 32)
        t = (zkp_oz_abi_type){ZKP_OZ_ABI_FIXED_BYTES, (uint16_t)v};
    else return ZKP_ERR_PARAM;
    *type = t;
    return ZKP_OK;
}

static int all_bytes(const uint8_t *p, size_t n, uint8_t b) {
    for (size_t i = 0; i < n; i++)
        if (p[i] != b) return 0;
    return 1;
}

static int is_dynamic(const zkp_oz_abi_type *t) { return t->kind == ZKP_OZ_ABI_BYTES || t->kind == ZKP_OZ_ABI_STRING; }

/* ZKP_OK when the value is a canonical ABI value of its type. */
static zkp_status check_value(const zkp_oz_abi_type *t, const zkp_oz_abi_value *v) {
    if (!v->data && v->len) return ZKP_ERR_NULL;
    if (!zkpi_bytes_ok(v->len)) return ZKP_ERR_LENGTH;
    switch (t->kind) {
    case ZKP_OZ_ABI_BYTES:
    case ZKP_OZ_ABI_STRING:
        return t->size == 0 ? ZKP_OK : ZKP_ERR_PARAM;
    case ZKP_OZ_ABI_ADDRESS:
    case ZKP_OZ_ABI_BOOL:
        if (t->size != 0) return ZKP_ERR_PARAM;
        break;
    case ZKP_OZ_ABI_UINT:
    case ZKP_OZ_ABI_INT:
        if (t->size < 8 || t->size > 256 || t->size % 8) return ZKP_ERR_PARAM;
        break;
    case ZKP_OZ_ABI_FIXED_BYTES:
        if (t->size < 1 || t->size > 32) return ZKP_ERR_PARAM;
        break;
    default:
        return ZKP_ERR_PARAM;
    }
    if (v->len != WORD) return ZKP_ERR_LENGTH;
    const uint8_t *w = v->data;
    int ok = 1;
    switch (t->kind) {
    case ZKP_OZ_ABI_ADDRESS: ok = all_bytes(w, 12, 0); break;
    case ZKP_OZ_ABI_BOOL: ok = all_bytes(w, 31, 0) && w[31] <= 1; break;
    case ZKP_OZ_ABI_UINT: ok = all_bytes(w, WORD - t->size / 8u, 0); break;
    case ZKP_OZ_ABI_INT: {
        size_t high = WORD - t->size / 8u;
        ok = all_bytes(w, high, (w[high] & 0x80) ? 0xff : 0);
        break;
    }
    case ZKP_OZ_ABI_FIXED_BYTES: ok = all_bytes(w + t->size, WORD - t->size, 0); break;
    }
    return ok ? ZKP_OK : ZKP_ERR_RANGE;
}

static size_t padded(size_t len) { return (len + WORD - 1) / WORD * WORD; }

static void put_word_u64(uint8_t *w, uint64_t x) {
    memset(w, 0, WORD);
    for (int i = 0; i < 8; i++) w[WORD - 1 - i] = (uint8_t)(x >> (8 * i));
}

zkp_status zkp_oz_abi_encode(const zkp_oz_abi_type *types, const zkp_oz_abi_value *values, size_t n, uint8_t *out,
                             size_t cap, size_t *outlen) {
    if (!outlen || (n && (!types || !values))) return ZKP_ERR_NULL;
    if (!zkpi_array_ok(n, WORD)) return ZKP_ERR_LENGTH;
    /* validate and size: the head, then each dynamic value's length word and padded data */
    size_t total = WORD * n;
    for (size_t i = 0; i < n; i++) {
        zkp_status st = check_value(&types[i], &values[i]);
        if (st != ZKP_OK) return st;
        if (is_dynamic(&types[i])) {
            size_t add = WORD + padded(values[i].len);
            if (values[i].len > ZKP_MAX_BYTES - WORD || add > ZKP_MAX_BYTES - total) return ZKP_ERR_LENGTH;
            total += add;
        }
    }
    *outlen = total;
    if (cap < total) return ZKP_ERR_LENGTH;
    if (total && !out) return ZKP_ERR_NULL;
    size_t tail = WORD * n;
    for (size_t i = 0; i < n; i++) {
        if (!is_dynamic(&types[i])) {
            memcpy(out + WORD * i, values[i].data, WORD);
            continue;
        }
        size_t len = values[i].len;
        put_word_u64(out + WORD * i, tail);      /* offset from the tuple's start */
        put_word_u64(out + tail, len);
        if (len) memcpy(out + tail + WORD, values[i].data, len);
        memset(out + tail + WORD + len, 0, padded(len) - len);
        tail += WORD + padded(len);
    }
    return ZKP_OK;
}

zkp_status zkp_oz_leaf_hash_batch(const uint8_t *const *encoded, const size_t *lens, size_t n, uint8_t *out) {
    if (n && (!encoded || !lens || !out)) return ZKP_ERR_NULL;
    zkp_status st = zkp_keccak_hash_batch_ptrs(ZKP_KECCAK_256, encoded, lens, n, out, WORD);
    if (st != ZKP_OK || n == 0) return st;
    keccak_params p;
    (void)keccak_params_of(ZKP_KECCAK_256, &p);
    zkpi_keccak_many_stride(&p, out, WORD, WORD, n, out, WORD); /* in place: outlen <= stride */
    return ZKP_OK;
}
