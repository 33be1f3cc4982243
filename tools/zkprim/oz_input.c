/*
 * Values of `zkprim tree oz` read the way @openzeppelin/merkle-tree 1.0.8
 * (through @metamask/abi-utils) reads them, so a values file gives the
 * package's tree:
 *   address, bytesN, bytes   a "0x" hex string ("0X" too; an odd digit count
 *                            gets a leading 0; "0x" alone is empty); an
 *                            address is padded on the left to 20 bytes,
 *                            bytesN on the right to N
 *   uintN, intN              a decimal string (a sign allowed), a "0x" hex
 *                            string, or a JSON integer up to 2^53 - 1 (a
 *                            larger JSON number loses digits in JSON.parse:
 *                            refused, write it as a string)
 *   bool                     true / false, or the strings "true" / "false"
 *   string                   any JSON string (its UTF-8 bytes)
 *   simple-tree leaves       "0x" with an even number of hex digits, at
 *                            most 64, padded on the right to 32 bytes
 * Stricter than BigInt(): no spaces, no "0b"/"0o", no empty string.
 */
#include "oz_input.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"

#define WORD 32

static int errf(char *err, size_t cap, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(err, cap, fmt, ap);
    va_end(ap);
    return -1;
}

/* A value as messages show it: whole up to 40 bytes, else its first 28 and
 * last 8 bytes around "...", so a cut value is never taken for the whole one
 * (issue 26: "0x" + 42 digits "is longer than 20 bytes" showed 19 bytes). */
#define SHOWN 48
static const char *shown(const char *s, size_t len, char out[SHOWN]) {
    if (len <= 40) snprintf(out, SHOWN, "%.*s", (int)len, s);
    else snprintf(out, SHOWN, "%.28s...%.8s", s, s + len - 8);
    return out;
}

/* A growing scratch buffer. */
typedef struct {
    uint8_t *p;
    size_t len, cap;
} buf;

static int buf_reserve(buf *b, size_t more) {
    if (b->cap - b->len >= more) return 0;
    size_t cap = b->cap ? b->cap : 256;
    while (cap - b->len < more) {
        if (cap > ((size_t)-1) / 2) return -1;
        cap *= 2;
    }
    uint8_t *np = realloc(b->p, cap);
    if (!np) return -1;
    b->p = np, b->cap = cap;
    return 0;
}

/* The decoded text of string node `node` in s (reused), NUL-terminated. */
static const char *str_of(const cj_doc *d, size_t node, buf *s, size_t *len) {
    size_t raw = d->nodes[node].end - d->nodes[node].start;
    s->len = 0;
    if (buf_reserve(s, raw + 1)) return NULL;
    *len = cj_string(d, node, (char *)s->p);
    s->p[*len] = 0;
    return (const char *)s->p;
}

/* createBytes: "0x"/"0X" alone is empty, else "0x" + hex digits (either
 * case, odd count padded on the left). Bytes to out (room for max); -1 if
 * not hex, -2 if longer than max. */
static int hex_bytes(const char *s, size_t len, uint8_t *out, size_t max, size_t *outlen) {
    if (len < 2 || s[0] != '0' || (s[1] != 'x' && s[1] != 'X')) return -1;
    s += 2, len -= 2;
    if (len == 0 && s[-1] == 'X') { /* "0X" alone: createBytes' toLowerCase() === '0x' */
        *outlen = 0;
        return 0;
    }
    for (size_t i = 0; i < len; i++)
        if (cli_hex_digit(s[i]) < 0) return -1;
    size_t n = (len + 1) / 2;
    if (n > max) return -2;
    size_t odd = len % 2;
    for (size_t i = 0; i < n; i++) {
        int hi = (i == 0 && odd) ? 0 : cli_hex_digit(s[2 * i - odd]);
        int lo = cli_hex_digit(s[2 * i + 1 - odd]);
        out[i] = (uint8_t)(hi << 4 | lo);
    }
    *outlen = n;
    return 0;
}

/* v = v * base + digit over a 256-bit big-endian word; -1 on overflow. */
static int word_muladd(uint8_t v[WORD], unsigned base, unsigned digit) {
    unsigned carry = digit;
    for (int i = WORD - 1; i >= 0; i--) {
        unsigned x = v[i] * base + carry;
        v[i] = (uint8_t)x;
        carry = x >> 8;
    }
    return carry ? -1 : 0;
}

static void word_negate(uint8_t v[WORD]) {
    unsigned carry = 1;
    for (int i = WORD - 1; i >= 0; i--) {
        unsigned x = (uint8_t)~v[i] + carry;
        v[i] = (uint8_t)x;
        carry = x >> 8;
    }
}

static int word_is_zero(const uint8_t v[WORD]) {
    for (int i = 0; i < WORD; i++)
        if (v[i]) return 0;
    return 1;
}

/* Magnitude bits of v (0 for zero). */
static unsigned word_bits(const uint8_t v[WORD]) {
    for (int i = 0; i < WORD; i++)
        if (v[i]) {
            unsigned b = 8;
            while (!(v[i] >> (b - 1))) b--;
            return (unsigned)(WORD - 1 - i) * 8 + b;
        }
    return 0;
}

/* A uintN / intN value: the ABI word, or -1 with err. */
static int number_word(const cj_doc *d, size_t node, const zkp_oz_abi_type *t, buf *s, uint8_t w[WORD], char *err,
                       size_t cap) {
    const cj_node *nd = &d->nodes[node];
    const char *txt;
    size_t len;
    int neg = 0;
    char sh[SHOWN];
    memset(w, 0, WORD);
    if (nd->type == CJ_NUMBER) {
        txt = d->src + nd->start, len = nd->end - nd->start;
        if (memchr(txt, '.', len) || memchr(txt, 'e', len) || memchr(txt, 'E', len))
            return errf(err, cap, "number %s is not an integer", shown(txt, len, sh));
        if (txt[0] == '-') neg = 1, txt++, len--;
        if (len > 16) return errf(err, cap, "JSON number above 2^53 - 1 loses digits in JSON.parse; give it as a string");
        for (size_t i = 0; i < len; i++) (void)word_muladd(w, 10, (unsigned)(txt[i] - '0'));
        if (word_bits(w) > 53) return errf(err, cap, "JSON number above 2^53 - 1 loses digits in JSON.parse; give it as a string");
    } else if (nd->type == CJ_STRING) {
        txt = str_of(d, node, s, &len);
        if (!txt) return errf(err, cap, "out of memory");
        if (len > 2 && txt[0] == '0' && (txt[1] == 'x' || txt[1] == 'X')) {
            for (size_t i = 2; i < len; i++)
                if (cli_hex_digit(txt[i]) < 0 || word_muladd(w, 16, (unsigned)cli_hex_digit(txt[i])))
                    return errf(err, cap, "bad or too large hex number \"%s\"", shown(txt, len, sh));
        } else {
            size_t i = 0;
            if (len && (txt[0] == '-' || txt[0] == '+')) neg = txt[0] == '-', i = 1;
            if (i == len) return errf(err, cap, "\"%s\" is not a number (decimal or 0x hex)", shown(txt, len, sh));
            for (; i < len; i++)
                if (txt[i] < '0' || txt[i] > '9' || word_muladd(w, 10, (unsigned)(txt[i] - '0')))
                    return errf(err, cap, "\"%s\" is not a number in range (decimal or 0x hex)", shown(txt, len, sh));
        }
    } else return errf(err, cap, "expected a number or a numeric string");
    unsigned bits = word_bits(w);
    int is_signed = t->kind == ZKP_OZ_ABI_INT;
    if (neg && !word_is_zero(w)) {
        if (!is_signed) return errf(err, cap, "negative value for uint%u", t->size);
        /* -2^(N-1) is the smallest: magnitude bits <= N-1, or exactly 2^(N-1) */
        uint8_t lim[WORD] = {0};
        lim[WORD - 1 - (t->size - 1) / 8] = (uint8_t)(1u << ((t->size - 1) % 8));
        if (bits > t->size || (bits == t->size && memcmp(w, lim, WORD)))
            return errf(err, cap, "value out of range for int%u", t->size);
        word_negate(w);
        return 0;
    }
    if (bits > (is_signed ? t->size - 1u : t->size))
        return errf(err, cap, "value out of range for %s%u", is_signed ? "int" : "uint", t->size);
    return 0;
}

/* One value of type t as an ABI value: the word for static types (in w),
 * the bytes for dynamic ones (in dyn, reused). */
static int abi_value(const cj_doc *d, size_t node, const zkp_oz_abi_type *t, buf *s, buf *dyn, uint8_t w[WORD],
                     zkp_oz_abi_value *out, char *err, size_t cap) {
    const cj_node *nd = &d->nodes[node];
    size_t len, n;
    const char *txt;
    char sh[SHOWN];
    memset(w, 0, WORD);
    *out = (zkp_oz_abi_value){w, WORD};
    switch (t->kind) {
    case ZKP_OZ_ABI_UINT:
    case ZKP_OZ_ABI_INT:
        return number_word(d, node, t, s, w, err, cap);
    case ZKP_OZ_ABI_BOOL:
        if (nd->type == CJ_TRUE || nd->type == CJ_FALSE) w[WORD - 1] = nd->type == CJ_TRUE;
        else if (cj_string_is(d, node, "true")) w[WORD - 1] = 1;
        else if (!cj_string_is(d, node, "false")) return errf(err, cap, "expected true, false, \"true\" or \"false\"");
        return 0;
    case ZKP_OZ_ABI_STRING:
        if (nd->type != CJ_STRING) return errf(err, cap, "expected a string");
        dyn->len = 0;
        if (buf_reserve(dyn, nd->end - nd->start + 1)) return errf(err, cap, "out of memory");
        *out = (zkp_oz_abi_value){dyn->p, cj_string(d, node, (char *)dyn->p)};
        return 0;
    default:
        break;
    }
    /* address, bytesN, bytes: hex strings */
    if (nd->type != CJ_STRING) return errf(err, cap, "expected a 0x hex string");
    txt = str_of(d, node, s, &len);
    if (!txt) return errf(err, cap, "out of memory");
    size_t max = t->kind == ZKP_OZ_ABI_ADDRESS ? 20 : t->kind == ZKP_OZ_ABI_FIXED_BYTES ? t->size : len / 2 + 1;
    dyn->len = 0;
    if (buf_reserve(dyn, max + 1)) return errf(err, cap, "out of memory");
    int r = hex_bytes(txt, len, dyn->p, max, &n);
    if (r == -1) return errf(err, cap, "\"%s\" is not a 0x hex string", shown(txt, len, sh));
    if (r == -2) return errf(err, cap, "\"%s\" is %zu bytes, longer than %zu", shown(txt, len, sh), (len - 1) / 2, max);
    if (t->kind == ZKP_OZ_ABI_ADDRESS) memcpy(w + WORD - n, dyn->p, n);
    else if (t->kind == ZKP_OZ_ABI_FIXED_BYTES) memcpy(w, dyn->p, n);
    else *out = (zkp_oz_abi_value){dyn->p, n};
    return 0;
}

/* A simple-tree leaf: "0x" + an even number (<= 64) of hex digits. */
static int simple_leaf(const cj_doc *d, size_t node, buf *s, uint8_t leaf[WORD], char *err, size_t cap) {
    if (d->nodes[node].type != CJ_STRING) return errf(err, cap, "a simple-tree value must be a 0x hex string");
    size_t len, n;
    char sh[SHOWN];
    const char *txt = str_of(d, node, s, &len);
    if (!txt) return errf(err, cap, "out of memory");
    memset(leaf, 0, WORD);
    if (len < 2 || txt[1] != 'x' || len % 2 || hex_bytes(txt, len, leaf, WORD, &n))
        return errf(err, cap, "\"%s\" is not \"0x\" + an even number of hex digits, at most 64", shown(txt, len, sh));
    return 0;
}

int oz_leaf_hashes(const cj_doc *d, const size_t *vals, size_t n, const oz_encoding *enc, uint8_t *leaves, char *err,
                   size_t errcap) {
    if (!enc->types) {
        buf s = {0};
        int rc = 0;
        for (size_t i = 0; i < n && !rc; i++)
            if ((rc = simple_leaf(d, vals[i], &s, leaves + WORD * i, err, errcap)) != 0) {
                size_t l = strlen(err);
                snprintf(err + l, errcap - l, " (value %zu)", i);
            }
        free(s.p);
        return rc;
    }
    /* JSON -> ABI values (the words, and the dynamic values' bytes back to
     * back in `bytes`), then one library call encodes and hashes them all */
    const size_t m = enc->n_types;
    const int fits = !m || n <= (SIZE_MAX / 2 / WORD - 1) / m; /* a word, an av and an `at` per value */
    const size_t total = fits ? n * m : 0;
    buf s = {0}, dyn = {0}, bytes = {0};
    uint8_t *words = fits ? malloc(WORD * total + 1) : NULL;
    zkp_oz_abi_value *av = fits ? malloc(sizeof *av * total + 1) : NULL;
    size_t *at = fits ? malloc(sizeof *at * total + 1) : NULL; /* a dynamic value's offset in bytes */
    int rc = -1;
    if (!words || !av || !at) {
        errf(err, errcap, "out of memory");
        goto out;
    }
    for (size_t i = 0; i < n; i++) {
        const cj_node *nd = &d->nodes[vals[i]];
        if (nd->type != CJ_ARRAY || nd->count != m) {
            errf(err, errcap, "value %zu: expected an array of %zu values (the leaf encoding)", i, m);
            goto out;
        }
        size_t j = 0;
        for (size_t e = nd->first; e != CJ_NONE; e = d->nodes[e].next, j++) {
            const size_t k = m * i + j;
            if (abi_value(d, e, &enc->types[j], &s, &dyn, words + WORD * k, &av[k], err, errcap)) {
                size_t l = strlen(err);
                snprintf(err + l, errcap - l, " (value %zu, item %zu)", i, j);
                goto out;
            }
            at[k] = SIZE_MAX;
            if (av[k].data != words + WORD * k) { /* bytes or string: kept until the call */
                if (buf_reserve(&bytes, av[k].len)) {
                    errf(err, errcap, "out of memory");
                    goto out;
                }
                if (av[k].len) memcpy(bytes.p + bytes.len, av[k].data, av[k].len);
                at[k] = bytes.len;
                bytes.len += av[k].len;
            }
        }
    }
    for (size_t k = 0; k < total; k++)
        if (at[k] != SIZE_MAX) av[k].data = bytes.p ? bytes.p + at[k] : NULL;
    size_t bad;
    zkp_status st = zkp_oz_leaf_hash_values(enc->types, m, av, n, leaves, &bad);
    if (st == ZKP_OK) rc = 0;
    else if (bad != SIZE_MAX) errf(err, errcap, "value %zu, item %zu: %s", bad / m, bad % m, zkp_status_str(st));
    else errf(err, errcap, "the values cannot be encoded and hashed: %s", zkp_status_str(st));
out:
    free(words), free(av), free(at), free(s.p), free(dyn.p), free(bytes.p);
    return rc;
}

int oz_parse_types(const char *list, oz_encoding *enc, char *err, size_t errcap) {
    size_t m = 1;
    for (const char *c = list; *c; c++) m += *c == ',';
    enc->types = malloc(m * sizeof *enc->types);
    enc->n_types = 0;
    if (!enc->types) return errf(err, errcap, "out of memory");
    for (const char *c = list;;) {
        size_t l = strcspn(c, ",");
        if (zkp_oz_abi_type_parse(c, l, &enc->types[enc->n_types]) != ZKP_OK) {
            char sh[SHOWN];
            free(enc->types), enc->types = NULL;
            return errf(err, errcap, "unsupported type '%s' (address, bool, bytes, string, uintN, intN, bytesN)",
                        shown(c, l, sh));
        }
        enc->n_types++;
        if (!c[l]) break;
        c += l + 1;
    }
    return 0;
}

int oz_node_from_json(const cj_doc *d, size_t node, uint8_t out[32]) {
    const cj_node *nd = &d->nodes[node];
    if (nd->type != CJ_STRING) return -1;
    const char *s = d->src + nd->start + 1;
    size_t len = nd->end - nd->start - 2;
    if (len == 66 && s[0] == '0' && s[1] == 'x') s += 2, len -= 2;
    if (len != 64 || memchr(s, '\\', len)) return -1;
    return cli_decode_hex(s, out, 32);
}

/* ---- load() ---------------------------------------------------------------------- */

static int canonical_node(const cj_doc *d, size_t node, uint8_t out[32]) {
    const cj_node *nd = &d->nodes[node];
    if (nd->type != CJ_STRING || nd->end - nd->start != 68) return -1;
    const char *s = d->src + nd->start + 1;
    if (s[0] != '0' || s[1] != 'x') return -1;
    for (int i = 2; i < 66; i++)
        if (!((s[i] >= '0' && s[i] <= '9') || (s[i] >= 'a' && s[i] <= 'f'))) return -1;
    return cli_decode_hex(s + 2, out, 32);
}

int oz_dump_load(oz_dump *t, const char *text, size_t len, char *err, size_t errcap) {
    memset(t, 0, sizeof *t);
    t->enc_node = CJ_NONE;
    if (cj_parse(&t->doc, text, len)) return errf(err, errcap, "%s", t->doc.err);
    const cj_doc *d = &t->doc;
    size_t fmt = cj_get(d, 0, "format");
    if (fmt == CJ_NONE) goto bad_format;
    if (cj_string_is(d, fmt, "simple-v1")) {
        t->simple = 1;
        size_t h = cj_get(d, 0, "hash");
        if (h != CJ_NONE && cj_string_is(d, h, "custom"))
            return oz_dump_free(t), errf(err, errcap, "the dump uses a custom node hash, which zkprim does not have");
    } else if (!cj_string_is(d, fmt, "standard-v1")) goto bad_format;
    if (!t->simple) {
        size_t e = t->enc_node = cj_get(d, 0, "leafEncoding");
        if (e == CJ_NONE || d->nodes[e].type != CJ_ARRAY)
            return oz_dump_free(t), errf(err, errcap, "expected a leafEncoding array");
        t->enc.n_types = d->nodes[e].count;
        t->enc.types = malloc((t->enc.n_types + 1) * sizeof *t->enc.types);
        if (!t->enc.types) return oz_dump_free(t), errf(err, errcap, "out of memory");
        size_t j = 0;
        for (size_t x = d->nodes[e].first; x != CJ_NONE; x = d->nodes[x].next, j++) {
            const cj_node *nd = &d->nodes[x];
            if (nd->type != CJ_STRING || memchr(d->src + nd->start, '\\', nd->end - nd->start) ||
                zkp_oz_abi_type_parse(d->src + nd->start + 1, nd->end - nd->start - 2, &t->enc.types[j]) != ZKP_OK)
                return oz_dump_free(t), errf(err, errcap, "leafEncoding item %zu: unsupported type", j);
        }
    }
    size_t tree = cj_get(d, 0, "tree"), vals = cj_get(d, 0, "values");
    if (tree == CJ_NONE || d->nodes[tree].type != CJ_ARRAY || vals == CJ_NONE || d->nodes[vals].type != CJ_ARRAY)
        return oz_dump_free(t), errf(err, errcap, "expected the arrays tree and values");
    t->n_nodes = d->nodes[tree].count;
    if (t->n_nodes % 2 == 0) return oz_dump_free(t), errf(err, errcap, "Merkle tree is invalid: %zu nodes", t->n_nodes);
    t->nodes = malloc(WORD * t->n_nodes);
    if (!t->nodes) return oz_dump_free(t), errf(err, errcap, "out of memory");
    size_t i = 0;
    for (size_t x = d->nodes[tree].first; x != CJ_NONE; x = d->nodes[x].next, i++)
        if (canonical_node(d, x, t->nodes + WORD * i))
            return oz_dump_free(t), errf(err, errcap, "tree node %zu is not \"0x\" + 64 lower-case hex digits", i);
    size_t k;
    if (zkp_oz_tree_check(t->nodes, t->n_nodes, &k) != ZKP_OK)
        return oz_dump_free(t), errf(err, errcap, "Merkle tree is invalid: node %zu is not the hash of its children", k);
    t->n_values = d->nodes[vals].count;
    t->value_node = malloc((t->n_values + 1) * sizeof *t->value_node);
    t->tree_index = malloc((t->n_values + 1) * sizeof *t->tree_index);
    uint8_t *leaves = malloc(WORD * t->n_values + 1);
    if (!t->value_node || !t->tree_index || !leaves) {
        free(leaves);
        return oz_dump_free(t), errf(err, errcap, "out of memory");
    }
    i = 0;
    for (size_t x = d->nodes[vals].first; x != CJ_NONE; x = d->nodes[x].next, i++) {
        size_t v = cj_get(d, x, "value"), ti = cj_get(d, x, "treeIndex");
        uint64_t idx = 0;
        int ok = v != CJ_NONE && ti != CJ_NONE && d->nodes[ti].type == CJ_NUMBER && d->nodes[v].type != CJ_NUMBER;
        if (ok) {
            const char *s = d->src + d->nodes[ti].start;
            size_t l = d->nodes[ti].end - d->nodes[ti].start;
            ok = l <= 15 && strspn(s, "0123456789") >= l;
            for (size_t c = 0; ok && c < l; c++) idx = idx * 10 + (uint64_t)(s[c] - '0');
            ok = ok && idx >= t->n_nodes / 2 && idx < t->n_nodes;
        }
        if (!ok) {
            free(leaves);
            return oz_dump_free(t), errf(err, errcap, "values[%zu]: expected {value, treeIndex} with a leaf's index", i);
        }
        t->value_node[i] = v, t->tree_index[i] = idx;
    }
    if (oz_leaf_hashes(d, t->value_node, t->n_values, &t->enc, leaves, err, errcap)) {
        free(leaves);
        return oz_dump_free(t), -1;
    }
    for (i = 0; i < t->n_values; i++)
        if (memcmp(leaves + WORD * i, t->nodes + WORD * t->tree_index[i], WORD)) {
            free(leaves);
            return oz_dump_free(t), errf(err, errcap, "Merkle tree does not contain the expected value (values[%zu])", i);
        }
    free(leaves);
    return 0;
bad_format:
    oz_dump_free(t);
    return errf(err, errcap, "unknown format (expected \"standard-v1\" or \"simple-v1\")");
}

void oz_dump_free(oz_dump *t) {
    cj_free(&t->doc);
    free(t->enc.types), free(t->nodes), free(t->value_node), free(t->tree_index);
    t->enc.types = NULL, t->nodes = NULL, t->value_node = NULL, t->tree_index = NULL;
}
