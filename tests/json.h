/*
 * A small JSON reader for test vectors (tests only). Numbers are kept as
 * their source text, so 256-bit integers survive; strings are unescaped
 * (\uXXXX outside ASCII is not needed by any vector file and is rejected).
 */
#ifndef ZKPRIM_TESTS_JSON_H
#define ZKPRIM_TESTS_JSON_H

#include <stddef.h>

typedef enum { JSON_NULL, JSON_BOOL, JSON_NUMBER, JSON_STRING, JSON_ARRAY, JSON_OBJECT } json_type;

typedef struct json {
    json_type type;
    char *str;              /* JSON_STRING: value; JSON_NUMBER: source text; JSON_BOOL: "true"/"false" */
    char *key;              /* member name when inside an object */
    struct json **items;    /* JSON_ARRAY / JSON_OBJECT children in order */
    size_t n;
} json;

/* Parses a whole document; NULL on a syntax error (a message is printed). */
json *json_parse(const char *text);
void json_free(json *j);

/* Object member by name, or NULL. */
const json *json_get(const json *obj, const char *key);
/* Array element, or NULL if out of range / not an array. */
const json *json_at(const json *arr, size_t i);
/* String (or number text) of a member, or NULL. */
const char *json_str(const json *obj, const char *key);
/* Path lookup: "a.b.3.c" (numbers index arrays). */
const json *json_path(const json *root, const char *path);

#endif
