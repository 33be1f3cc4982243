/* The strict JSON reader of cli_json.h: recursive descent over the bytes,
 * nodes appended to one growing array (members linked by index). */
#include "cli_json.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
    cj_doc *d;
    size_t pos;
    int failed;
} parser;

static void fail(parser *p, const char *fmt, ...) {
    if (p->failed) return;
    p->failed = 1;
    char msg[120];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    snprintf(p->d->err, sizeof p->d->err, "JSON error at byte %zu: %s", p->pos, msg);
}

static size_t new_node(parser *p, cj_type t) {
    cj_doc *d = p->d;
    if (d->n == d->cap) {
        size_t cap = d->cap ? 2 * d->cap : 64;
        cj_node *nn = cap > ((size_t)-1) / sizeof *nn ? NULL : realloc(d->nodes, cap * sizeof *nn);
        if (!nn) {
            fail(p, "out of memory");
            return CJ_NONE;
        }
        d->nodes = nn, d->cap = cap;
    }
    d->nodes[d->n] = (cj_node){(uint8_t)t, p->pos, p->pos, 0, CJ_NONE, CJ_NONE, CJ_NONE};
    return d->n++;
}

static void skip_ws(parser *p) {
    const char *s = p->d->src;
    while (p->pos < p->d->len && (s[p->pos] == ' ' || s[p->pos] == '\t' || s[p->pos] == '\n' || s[p->pos] == '\r'))
        p->pos++;
}

static int peek(parser *p) { return p->pos < p->d->len ? (unsigned char)p->d->src[p->pos] : -1; }

static int hexval(int c) {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
}

/* Length of the valid UTF-8 sequence at s[0..n) (1..4), or 0 when invalid
 * (overlong, a surrogate, above U+10FFFF, truncated). */
static size_t utf8_len(const unsigned char *s, size_t n) {
    unsigned c = s[0];
    if (c < 0x80) return 1;
    size_t len;
    unsigned min, cp;
    if (c >= 0xC2 && c <= 0xDF) len = 2, min = 0x80, cp = c & 0x1F;
    else if (c >= 0xE0 && c <= 0xEF) len = 3, min = 0x800, cp = c & 0x0F;
    else if (c >= 0xF0 && c <= 0xF4) len = 4, min = 0x10000, cp = c & 0x07;
    else return 0;
    if (n < len) return 0;
    for (size_t i = 1; i < len; i++) {
        if ((s[i] & 0xC0) != 0x80) return 0;
        cp = cp << 6 | (s[i] & 0x3F);
    }
    if (cp < min || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF)) return 0;
    return len;
}

static void parse_string(parser *p, size_t node) {
    const unsigned char *s = (const unsigned char *)p->d->src;
    p->pos++; /* the opening quote */
    for (;;) {
        if (p->pos >= p->d->len) return fail(p, "unterminated string");
        unsigned c = s[p->pos];
        if (c == '"') {
            p->pos++;
            break;
        }
        if (c < 0x20) return fail(p, "control character in a string");
        if (c == '\\') {
            int e = p->pos + 1 < p->d->len ? s[p->pos + 1] : -1;
            if (e == 'u') {
                for (int i = 2; i < 6; i++)
                    if (p->pos + i >= p->d->len || hexval(s[p->pos + i]) < 0) return fail(p, "bad \\u escape");
                p->pos += 6;
            } else if (e > 0 && strchr("\"\\/bfnrt", e)) {
                p->pos += 2;
            } else return fail(p, "bad escape");
            continue;
        }
        size_t l = utf8_len(s + p->pos, p->d->len - p->pos);
        if (!l) return fail(p, "invalid UTF-8");
        p->pos += l;
    }
    p->d->nodes[node].end = p->pos;
}

static void parse_number(parser *p, size_t node) {
    const char *s = p->d->src;
    size_t n = p->d->len;
#define DIGIT(i) ((i) < n && s[i] >= '0' && s[i] <= '9')
    size_t i = p->pos;
    if (i < n && s[i] == '-') i++;
    if (i < n && s[i] == '0') i++;
    else if (DIGIT(i)) while (DIGIT(i)) i++;
    else return fail(p, "bad number");
    if (i < n && s[i] == '.') {
        i++;
        if (!DIGIT(i)) return fail(p, "bad number");
        while (DIGIT(i)) i++;
    }
    if (i < n && (s[i] == 'e' || s[i] == 'E')) {
        i++;
        if (i < n && (s[i] == '+' || s[i] == '-')) i++;
        if (!DIGIT(i)) return fail(p, "bad number");
        while (DIGIT(i)) i++;
    }
#undef DIGIT
    p->pos = i;
    p->d->nodes[node].end = i;
}

static size_t parse_value(parser *p, int depth);

/* Members of an array (keys = 0) or an object (keys = 1). */
static void parse_members(parser *p, size_t node, int keys, int depth) {
    char close = keys ? '}' : ']';
    p->pos++;
    skip_ws(p);
    if (peek(p) == close) {
        p->pos++;
        p->d->nodes[node].end = p->pos;
        return;
    }
    size_t last = CJ_NONE;
    for (;;) {
        size_t key = CJ_NONE;
        if (keys) {
            skip_ws(p);
            if (peek(p) != '"') return fail(p, "expected a key string");
            key = new_node(p, CJ_STRING);
            if (key == CJ_NONE) return;
            parse_string(p, key);
            if (p->failed) return;
            skip_ws(p);
            if (peek(p) != ':') return fail(p, "expected ':'");
            p->pos++;
        }
        size_t v = parse_value(p, depth + 1);
        if (p->failed) return;
        cj_node *nodes = p->d->nodes;
        nodes[v].key = key;
        if (last == CJ_NONE) nodes[node].first = v;
        else nodes[last].next = v;
        last = v;
        nodes[node].count++;
        skip_ws(p);
        int c = peek(p);
        if (c == ',') {
            p->pos++;
            continue;
        }
        if (c == close) {
            p->pos++;
            p->d->nodes[node].end = p->pos;
            return;
        }
        return fail(p, "expected ',' or '%c'", close);
    }
}

static int literal(parser *p, const char *lit) {
    size_t l = strlen(lit);
    if (p->d->len - p->pos < l || memcmp(p->d->src + p->pos, lit, l)) return 0;
    p->pos += l;
    return 1;
}

static size_t parse_value(parser *p, int depth) {
    if (depth > CJ_MAX_DEPTH) {
        fail(p, "nested deeper than %d", CJ_MAX_DEPTH);
        return CJ_NONE;
    }
    skip_ws(p);
    int c = peek(p);
    size_t node;
    switch (c) {
    case '{':
    case '[':
        node = new_node(p, c == '{' ? CJ_OBJECT : CJ_ARRAY);
        if (node != CJ_NONE) parse_members(p, node, c == '{', depth);
        return node;
    case '"':
        node = new_node(p, CJ_STRING);
        if (node != CJ_NONE) parse_string(p, node);
        return node;
    case 't':
    case 'f':
    case 'n':
        node = new_node(p, c == 't' ? CJ_TRUE : c == 'f' ? CJ_FALSE : CJ_NULL);
        if (node == CJ_NONE) return node;
        if (!literal(p, c == 't' ? "true" : c == 'f' ? "false" : "null")) fail(p, "bad literal");
        p->d->nodes[node].end = p->pos;
        return node;
    default:
        if (c == '-' || (c >= '0' && c <= '9')) {
            node = new_node(p, CJ_NUMBER);
            if (node != CJ_NONE) parse_number(p, node);
            return node;
        }
        fail(p, c < 0 ? "unexpected end of input" : "unexpected character");
        return CJ_NONE;
    }
}

int cj_parse(cj_doc *d, const char *src, size_t len) {
    *d = (cj_doc){.src = src, .len = len};
    parser p = {d, 0, 0};
    parse_value(&p, 0);
    if (!p.failed) {
        skip_ws(&p);
        if (p.pos != len) fail(&p, "text after the JSON value");
    }
    if (p.failed) {
        free(d->nodes);
        d->nodes = NULL, d->n = d->cap = 0;
        return -1;
    }
    return 0;
}

void cj_free(cj_doc *d) {
    free(d->nodes);
    d->nodes = NULL, d->n = d->cap = 0;
}

static size_t put_utf8(char *o, unsigned cp) {
    if (cp < 0x80) return o[0] = (char)cp, 1;
    if (cp < 0x800) return o[0] = (char)(0xC0 | cp >> 6), o[1] = (char)(0x80 | (cp & 0x3F)), 2;
    if (cp < 0x10000) {
        o[0] = (char)(0xE0 | cp >> 12), o[1] = (char)(0x80 | ((cp >> 6) & 0x3F)), o[2] = (char)(0x80 | (cp & 0x3F));
        return 3;
    }
    o[0] = (char)(0xF0 | cp >> 18), o[1] = (char)(0x80 | ((cp >> 12) & 0x3F));
    o[2] = (char)(0x80 | ((cp >> 6) & 0x3F)), o[3] = (char)(0x80 | (cp & 0x3F));
    return 4;
}

static unsigned hex4(const char *s) {
    return (unsigned)(hexval(s[0]) << 12 | hexval(s[1]) << 8 | hexval(s[2]) << 4 | hexval(s[3]));
}

size_t cj_string(const cj_doc *d, size_t node, char *out) {
    const cj_node *nd = &d->nodes[node];
    const char *s = d->src + nd->start + 1, *end = d->src + nd->end - 1;
    size_t o = 0;
    while (s < end) {
        if (*s != '\\') {
            out[o++] = *s++;
            continue;
        }
        char e = s[1];
        if (e != 'u') {
            const char *from = "\"\\/bfnrt", *to = "\"\\/\b\f\n\r\t";
            out[o++] = to[strchr(from, e) - from];
            s += 2;
            continue;
        }
        unsigned cp = hex4(s + 2);
        s += 6;
        if (cp >= 0xD800 && cp <= 0xDBFF && end - s >= 6 && s[0] == '\\' && s[1] == 'u') {
            unsigned lo = hex4(s + 2);
            if (lo >= 0xDC00 && lo <= 0xDFFF) {
                cp = 0x10000 + ((cp - 0xD800) << 10) + (lo - 0xDC00);
                s += 6;
            }
        }
        if (cp >= 0xD800 && cp <= 0xDFFF) cp = 0xFFFD; /* lone surrogate: TextEncoder's replacement */
        o += put_utf8(out + o, cp);
    }
    return o;
}

int cj_string_is(const cj_doc *d, size_t node, const char *lit) {
    const cj_node *nd = &d->nodes[node];
    if (nd->type != CJ_STRING) return 0;
    size_t raw = nd->end - nd->start, l = strlen(lit);
    if (raw == l + 2 && memcmp(d->src + nd->start + 1, lit, l) == 0) return 1; /* no escapes: the common case */
    char small[256];
    if (raw > sizeof small) return 0; /* decodes to at least raw / 6 bytes: longer than any key we ask for */
    size_t n = cj_string(d, node, small);
    return n == l && memcmp(small, lit, l) == 0;
}

size_t cj_get(const cj_doc *d, size_t obj, const char *key) {
    if (obj == CJ_NONE || d->nodes[obj].type != CJ_OBJECT) return CJ_NONE;
    size_t found = CJ_NONE;
    for (size_t v = d->nodes[obj].first; v != CJ_NONE; v = d->nodes[v].next)
        if (cj_string_is(d, d->nodes[v].key, key)) found = v;
    return found;
}
