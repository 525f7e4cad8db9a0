/*
** A small JSON reader for the test programs (RFC 8259, strict: no trailing
** commas, comments, leading zeros or raw control characters; the text must
** be valid UTF-8).  Builds a tree with plain malloc; tests only.
**
** Strings are decoded to UTF-8 and keep their length, since they may contain
** NUL.  A \uXXXX escape for a lone surrogate decodes to U+FFFD (EF BF BD),
** which is what a browser's USVString conversion does before the URL parser
** sees the string; WPT relies on that in a few cases.
*/
#ifndef TESTS_JSON_H
#define TESTS_JSON_H

#include <stddef.h>

typedef enum json_type {
  JSON_NULL,
  JSON_FALSE,
  JSON_TRUE,
  JSON_NUMBER,
  JSON_STRING,
  JSON_ARRAY,
  JSON_OBJECT
} json_type;

typedef struct json_value json_value;
struct json_value {
  json_type type;
  double number;      /* JSON_NUMBER */
  char *str;          /* JSON_STRING: UTF-8 bytes, also NUL-terminated */
  size_t len;         /* JSON_STRING: byte length */
  size_t count;       /* JSON_ARRAY / JSON_OBJECT: number of items */
  json_value *items;  /* array elements, or object member values */
  json_value *keys;   /* JSON_OBJECT: member names (JSON_STRING values) */
};

/*
** Parses n bytes of JSON text.  On error prints "name:line:col: message" to
** stderr and returns NULL.  `name` labels the messages (a file name).
*/
json_value *json_parse(const char *text, size_t n, const char *name);

/* Reads and parses a whole file; NULL (with a message on stderr) on error. */
json_value *json_parse_file(const char *path);

/* Frees a tree returned by json_parse / json_parse_file (NULL is fine). */
void json_free(json_value *v);

/*
** Accessors.  All accept NULL and values of the wrong type, so lookups can
** be chained; they then return NULL / 0.
*/
/* The value of the first member named `key` of an object. */
const json_value *json_get(const json_value *obj, const char *key);
/* Number of elements of an array (0 for anything else). */
size_t json_len(const json_value *arr);
/* Element i of an array, NULL if out of range. */
const json_value *json_at(const json_value *arr, size_t i);
/* A string's bytes (NUL-terminated) and, if len is non-NULL, its length. */
const char *json_str(const json_value *v, size_t *len);
/* 1 if v is a string, 0 otherwise. */
int json_is_string(const json_value *v);
/* 1 if v is absent (NULL) or JSON null. */
int json_is_null(const json_value *v);

/*
** Prints s[0..n) to stdout as a double-quoted string for mismatch reports:
** '"' and '\\' escaped, other bytes outside printable ASCII as \xHH; NULL
** prints null.  Shared by every test program.
*/
void json_print_str(const char *s, size_t n);

#endif /* TESTS_JSON_H */
