/*
 * A small strict JSON reader (RFC 8259) for the CLI's JSON inputs (the
 * OpenZeppelin tree values, dumps and proofs). The whole text becomes a flat
 * array of nodes that keep their source spans, so a value can be written
 * back exactly as it was given.
 *
 * Strict: one value with only JSON whitespace around it, valid UTF-8, no
 * control characters in strings, the JSON number grammar, no trailing
 * commas, nesting at most CJ_MAX_DEPTH deep. An object may repeat a key;
 * as in JSON.parse, the last one counts (cj_get).
 */
#ifndef ZKPRIM_CLI_JSON_H
#define ZKPRIM_CLI_JSON_H

#include <stddef.h>
#include <stdint.h>

#define CJ_NONE ((size_t)-1)
#define CJ_MAX_DEPTH 128

typedef enum { CJ_NULL, CJ_FALSE, CJ_TRUE, CJ_NUMBER, CJ_STRING, CJ_ARRAY, CJ_OBJECT } cj_type;

typedef struct cj_node {
    uint8_t type;   /* cj_type */
    size_t start;   /* source span [start, end): a string's includes its quotes */
    size_t end;
    size_t count;   /* members of an array / object */
    size_t first;   /* first member (CJ_NONE when empty) */
    size_t next;    /* next member of the parent (CJ_NONE at the end) */
    size_t key;     /* in an object: the member's key string node, else CJ_NONE */
} cj_node;

typedef struct cj_doc {
    const char *src;
    size_t len;
    cj_node *nodes;  /* nodes[0] is the top value */
    size_t n, cap;
    char err[160];   /* why parsing failed, with the byte offset */
} cj_doc;

/* 0 and a document, or -1 with d->err set (nodes freed). */
int cj_parse(cj_doc *d, const char *src, size_t len);
void cj_free(cj_doc *d);

/* The decoded bytes of string node `node` (UTF-8; a lone surrogate escape
 * becomes U+FFFD as TextEncoder makes it) into out, which needs room for the
 * node's source length; returns the decoded length. */
size_t cj_string(const cj_doc *d, size_t node, char *out);
/* 1 when string node `node` decodes to exactly lit. */
int cj_string_is(const cj_doc *d, size_t node, const char *lit);
/* The value of the last member named key of object node obj, or CJ_NONE. */
size_t cj_get(const cj_doc *d, size_t obj, const char *key);

#endif
