/* Minimal recursive-descent JSON parser: see json.h. */
#define _POSIX_C_SOURCE 200809L
#include "json.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct { const char *p; int err; } parser;

static void skip_ws(parser *ps) {
    while (*ps->p == ' ' || *ps->p == '\n' || *ps->p == '\r' || *ps->p == '\t') ps->p++;
}

static json *node(json_type t) {
    json *j = calloc(1, sizeof *j);
    j->type = t;
    return j;
}

static json *parse_value(parser *ps);

static char *parse_string_raw(parser *ps) {
    if (*ps->p != '"') { ps->err = 1; return NULL; }
    ps->p++;
    size_t cap = 16, n = 0;
    char *out = malloc(cap);
    while (*ps->p && *ps->p != '"') {
        char c = *ps->p++;
        if (c == '\\') {
            char e = *ps->p++;
            switch (e) {
            case 'n': c = '\n'; break;
            case 't': c = '\t'; break;
            case 'r': c = '\r'; break;
            case 'b': c = '\b'; break;
            case 'f': c = '\f'; break;
            case 'u': {
                unsigned v = 0;
                for (int i = 0; i < 4; i++) {
                    char h = *ps->p++;
                    v = v * 16 + (unsigned)(h >= 'a' ? h - 'a' + 10 : h >= 'A' ? h - 'A' + 10 : h - '0');
                }
                if (v > 127) { ps->err = 1; free(out); return NULL; }
                c = (char)v;
                break;
            }
            default: c = e; break;
            }
        }
        if (n + 2 > cap) out = realloc(out, cap *= 2);
        out[n++] = c;
    }
    if (*ps->p != '"') { ps->err = 1; free(out); return NULL; }
    ps->p++;
    out[n] = 0;
    return out;
}

static void push(json *parent, json *child) {
    parent->items = realloc(parent->items, (parent->n + 1) * sizeof *parent->items);
    parent->items[parent->n++] = child;
}

static json *parse_value(parser *ps) {
    skip_ws(ps);
    char c = *ps->p;
    if (c == '{' || c == '[') {
        json *j = node(c == '{' ? JSON_OBJECT : JSON_ARRAY);
        char close = c == '{' ? '}' : ']';
        ps->p++;
        skip_ws(ps);
        if (*ps->p == close) { ps->p++; return j; }
        for (;;) {
            char *key = NULL;
            if (j->type == JSON_OBJECT) {
                skip_ws(ps);
                key = parse_string_raw(ps);
                skip_ws(ps);
                if (ps->err || *ps->p != ':') { ps->err = 1; free(key); json_free(j); return NULL; }
                ps->p++;
            }
            json *v = parse_value(ps);
            if (!v) { free(key); json_free(j); return NULL; }
            v->key = key;
            push(j, v);
            skip_ws(ps);
            if (*ps->p == ',') { ps->p++; continue; }
            if (*ps->p == close) { ps->p++; return j; }
            ps->err = 1;
            json_free(j);
            return NULL;
        }
    }
    if (c == '"') {
        json *j = node(JSON_STRING);
        j->str = parse_string_raw(ps);
        if (!j->str) { json_free(j); return NULL; }
        return j;
    }
    if (strncmp(ps->p, "true", 4) == 0 || strncmp(ps->p, "false", 5) == 0) {
        json *j = node(JSON_BOOL);
        j->str = strdup(c == 't' ? "true" : "false");
        ps->p += c == 't' ? 4 : 5;
        return j;
    }
    if (strncmp(ps->p, "null", 4) == 0) {
        ps->p += 4;
        return node(JSON_NULL);
    }
    if (c == '-' || (c >= '0' && c <= '9')) {
        const char *s = ps->p;
        while (*ps->p && strchr("+-0123456789.eE", *ps->p)) ps->p++;
        json *j = node(JSON_NUMBER);
        j->str = strndup(s, (size_t)(ps->p - s));
        return j;
    }
    ps->err = 1;
    return NULL;
}

json *json_parse(const char *text) {
    parser ps = {text, 0};
    json *j = parse_value(&ps);
    if (j) {
        skip_ws(&ps);
        if (*ps.p) { json_free(j); j = NULL; }
    }
    if (!j) fprintf(stderr, "json: syntax error near offset %ld\n", (long)(ps.p - text));
    return j;
}

void json_free(json *j) {
    if (!j) return;
    for (size_t i = 0; i < j->n; i++) json_free(j->items[i]);
    free(j->items);
    free(j->str);
    free(j->key);
    free(j);
}

const json *json_get(const json *obj, const char *key) {
    if (!obj || obj->type != JSON_OBJECT) return NULL;
    for (size_t i = 0; i < obj->n; i++)
        if (strcmp(obj->items[i]->key, key) == 0) return obj->items[i];
    return NULL;
}

const json *json_at(const json *arr, size_t i) {
    if (!arr || (arr->type != JSON_ARRAY && arr->type != JSON_OBJECT) || i >= arr->n) return NULL;
    return arr->items[i];
}

const char *json_str(const json *obj, const char *key) {
    const json *v = json_get(obj, key);
    return v ? v->str : NULL;
}

const json *json_path(const json *root, const char *path) {
    char buf[256];
    snprintf(buf, sizeof buf, "%s", path);
    const json *cur = root;
    for (char *tok = strtok(buf, "."); tok && cur; tok = strtok(NULL, ".")) {
        char *end;
        unsigned long idx = strtoul(tok, &end, 10);
        cur = (*end == 0 && cur->type == JSON_ARRAY) ? json_at(cur, idx) : json_get(cur, tok);
    }
    return cur;
}
