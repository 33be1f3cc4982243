/* JSON proofs of `zkprim tree -a lean-imt` (lean_imt_json.h): a writer and
 * a strict reader for exactly one shape, so a proof file is either that
 * shape or rejected with the place it went wrong. */
#include <stdarg.h>
#include <string.h>

#include "cli.h"
#include "lean_imt_json.h"

static void be_to_limbs(const uint8_t b[32], uint64_t v[4]) {
    for (int i = 0; i < 4; i++) {
        v[i] = 0;
        for (int k = 0; k < 8; k++) v[i] = v[i] << 8 | b[8 * (3 - i) + k];
    }
}

static void limbs_to_be(const uint64_t v[4], uint8_t b[32]) {
    for (int i = 0; i < 32; i++) b[i] = (uint8_t)(v[(31 - i) / 8] >> (8 * ((31 - i) % 8)));
}

static void print_elem(FILE *f, const uint8_t b[32]) {
    uint64_t v[4];
    char dec[CLI_DEC_U256];
    be_to_limbs(b, v);
    cli_u256_to_dec(v, dec);
    fprintf(f, "\"%s\"", dec);
}

void cli_lean_proof_print(FILE *f, const zkp_lean_imt_proof *p) {
    fputs("{\"root\":", f);
    print_elem(f, p->root);
    fputs(",\"leaf\":", f);
    print_elem(f, p->leaf);
    fprintf(f, ",\"index\":%llu,\"siblings\":[", (unsigned long long)p->index);
    for (size_t k = 0; k < p->n_siblings && k < ZKP_LEAN_IMT_MAX_DEPTH; k++) {
        if (k) fputc(',', f);
        print_elem(f, p->siblings[k]);
    }
    fputs("]}\n", f);
}

/* ---- the reader ---------------------------------------------------------------- */

typedef struct {
    const char *s;
    size_t n, i;
    char *why;
    size_t cap;
} lj_in;

static zkp_status lj_fail(lj_in *in, zkp_status st, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static zkp_status lj_fail(lj_in *in, zkp_status st, const char *fmt, ...) {
    if (in->why && in->cap) {
        char msg[160];
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(msg, sizeof msg, fmt, ap);
        va_end(ap);
        snprintf(in->why, in->cap, "%s (at byte %zu)", msg, in->i);
    }
    return st;
}

static void lj_ws(lj_in *in) {
    while (in->i < in->n && strchr(" \t\r\n", in->s[in->i]) && in->s[in->i]) in->i++;
}

/* The next token char after whitespace is c: consume it. */
static int lj_eat(lj_in *in, char c) {
    lj_ws(in);
    if (in->i < in->n && in->s[in->i] == c) {
        in->i++;
        return 1;
    }
    return 0;
}

/* A run of characters from `set` (at most cap - 1), copied NUL-terminated. */
static size_t lj_span(lj_in *in, const char *set, char *out, size_t cap) {
    size_t k = 0;
    while (in->i < in->n && in->s[in->i] && strchr(set, in->s[in->i]) && k + 1 < cap) out[k++] = in->s[in->i++];
    out[k] = 0;
    return k;
}

/* A string without escapes, or a bare number; its text into out. */
static int lj_scalar(lj_in *in, char *out, size_t cap, int *quoted) {
    lj_ws(in);
    *quoted = lj_eat(in, '"');
    const size_t k = lj_span(in, *quoted ? "0123456789abcdefABCDEFxX" : "0123456789", out, cap);
    if (k == 0 || k + 1 >= cap) return -1;
    if (*quoted && !lj_eat(in, '"')) return -1;
    return 0;
}

static zkp_status lj_elem(lj_in *in, const char *what, uint8_t out[32]) {
    char text[100];
    uint64_t v[4];
    int quoted;
    if (lj_scalar(in, text, sizeof text, &quoted) || cli_parse_u256(text, v) != 0 ||
        (!quoted && (text[0] == '0' && text[1])))
        return lj_fail(in, ZKP_ERR_PARAM, "%s is not a field element (a decimal or 0x-hex string below 2^256)", what);
    limbs_to_be(v, out);
    return ZKP_OK;
}

static zkp_status lj_index(lj_in *in, uint64_t *out) {
    char text[32];
    uint64_t v[4];
    int quoted;
    if (lj_scalar(in, text, sizeof text, &quoted) || quoted || (text[0] == '0' && text[1]) ||
        cli_parse_u256(text, v) != 0 || v[1] | v[2] | v[3])
        return lj_fail(in, ZKP_ERR_PARAM, "index is not a number from 0 to 2^64 - 1");
    *out = v[0];
    return ZKP_OK;
}

static zkp_status lj_siblings(lj_in *in, zkp_lean_imt_proof *p) {
    if (!lj_eat(in, '[')) return lj_fail(in, ZKP_ERR_PARAM, "siblings is not an array");
    p->n_siblings = 0;
    if (lj_eat(in, ']')) return ZKP_OK;
    do {
        if (p->n_siblings == ZKP_LEAN_IMT_MAX_DEPTH)
            return lj_fail(in, ZKP_ERR_PROOF_SHAPE, "more than %d siblings", ZKP_LEAN_IMT_MAX_DEPTH);
        zkp_status st = lj_elem(in, "a sibling", p->siblings[p->n_siblings]);
        if (st != ZKP_OK) return st;
        p->n_siblings++;
    } while (lj_eat(in, ','));
    return lj_eat(in, ']') ? ZKP_OK : lj_fail(in, ZKP_ERR_PARAM, "siblings: expected ',' or ']'");
}

zkp_status cli_lean_proof_parse(const char *text, size_t len, zkp_lean_imt_proof *out, char *why, size_t why_cap) {
    lj_in in = {text, len, 0, why, why_cap};
    memset(out, 0, sizeof *out);
    static const char *const keys[4] = {"root", "leaf", "index", "siblings"};
    int seen[4] = {0};
    if (!lj_eat(&in, '{')) return lj_fail(&in, ZKP_ERR_PARAM, "not a JSON object");
    do {
        char key[16];
        lj_ws(&in);
        if (!lj_eat(&in, '"')) return lj_fail(&in, ZKP_ERR_PARAM, "expected a key");
        lj_span(&in, "abcdefghijklmnopqrstuvwxyz", key, sizeof key);
        int k = 0;
        while (k < 4 && strcmp(key, keys[k])) k++;
        if (!lj_eat(&in, '"') || k == 4) return lj_fail(&in, ZKP_ERR_PARAM, "unknown key (root, leaf, index, siblings)");
        if (seen[k]++) return lj_fail(&in, ZKP_ERR_PARAM, "key %s twice", keys[k]);
        if (!lj_eat(&in, ':')) return lj_fail(&in, ZKP_ERR_PARAM, "expected ':'");
        zkp_status st = k == 0   ? lj_elem(&in, "root", out->root)
                        : k == 1 ? lj_elem(&in, "leaf", out->leaf)
                        : k == 2 ? lj_index(&in, &out->index)
                                 : lj_siblings(&in, out);
        if (st != ZKP_OK) return st;
    } while (lj_eat(&in, ','));
    if (!lj_eat(&in, '}')) return lj_fail(&in, ZKP_ERR_PARAM, "expected ',' or '}'");
    for (int k = 0; k < 4; k++)
        if (!seen[k]) return lj_fail(&in, ZKP_ERR_PARAM, "key %s missing", keys[k]);
    lj_ws(&in);
    if (in.i != in.n) return lj_fail(&in, ZKP_ERR_PARAM, "text after the object");
    return ZKP_OK;
}
