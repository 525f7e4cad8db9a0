/*
** application/x-www-form-urlencoded (URL Standard §5) and the list
** operations of URLSearchParams (§6.2), with the URL "update" steps.
**
** A list is an array of (name, value) pairs, each a slice (offset, length)
** of one text buffer that holds the decoded strings back to back.  Both the
** array and the text start in caller storage (url_buf), so parsing a typical
** query allocates nothing; they move to the heap only when they outgrow it.
** Offsets, not pointers, so that growing the text never invalidates a pair.
**
** Every operation is linear in the size of the list (delete and set compact
** the array in one pass; text made unreachable by set/delete stays in the
** buffer until the list is freed), except sort: a stable merge sort,
** O(n log n) comparisons of names as UTF-16 code units.
**
** All strings in and out are valid UTF-8 (names and values are scalar value
** strings; the parser replaces invalid sequences produced by percent-
** decoding with U+FFFD).  Errors are sticky, as in url_buf: an operation
** that runs out of memory (URL_NOMEM) or past the size limit (URL_TOOBIG)
** leaves the list in some valid state and every later operation fails too;
** check url_sp_error() or the return value.
*/
#ifndef URL_URLENCODED_H
#define URL_URLENCODED_H

#include <stddef.h>
#include <stdint.h>

#include "url.h"
#include "url_buf.h"

/* One name-value tuple: name is text[name, name + name_len), likewise value. */
typedef struct url_sp_pair {
  uint32_t name, name_len;
  uint32_t value, value_len;
} url_sp_pair;

typedef struct url_search_params {
  url_buf text;   /* decoded names and values */
  url_buf pairs;  /* url_sp_pair[count], as bytes */
  size_t count;
} url_search_params;

/*
** Starts an empty list over caller storage: `text` (text_cap bytes) for the
** strings and `pairs` (pair_cap elements) for the array; either may be NULL
** with 0.  Both grow with `mem`.  `max` bounds the text in bytes (capped at
** UINT32_MAX).  Release with url_sp_free().
*/
void url_sp_init(url_search_params *p, const url_allocator *mem, char *text,
                 size_t text_cap, url_sp_pair *pairs, size_t pair_cap,
                 size_t max);
void url_sp_free(url_search_params *p);

/* Empties the list, keeping its storage. */
void url_sp_clear(url_search_params *p);

/* URL_OK, or the sticky error of either buffer. */
static inline int url_sp_error(const url_search_params *p) {
  return p->text.err ? p->text.err : p->pairs.err;
}

static inline const url_sp_pair *url_sp_at(const url_search_params *p,
                                           size_t i) {
  return (const url_sp_pair *)(const void *)p->pairs.ptr + i;
}
static inline url_str url_sp_name(const url_search_params *p, size_t i) {
  const url_sp_pair *t = url_sp_at(p, i);
  url_str s = {p->text.ptr + t->name, t->name_len};
  return s;
}
static inline url_str url_sp_value(const url_search_params *p, size_t i) {
  const url_sp_pair *t = url_sp_at(p, i);
  url_str s = {p->text.ptr + t->value, t->value_len};
  return s;
}

/*
** The application/x-www-form-urlencoded parser: appends the tuples of
** s[0..n) (valid UTF-8; the Standard's input is bytes, but ours is always
** the UTF-8 encoding of a string) to the list.  Returns URL_OK or an error.
*/
int url_sp_parse(url_search_params *p, const char *s, size_t n);

/*
** The list of a URL's query object: the tuples of u's query (none when the
** query is null).  p must be empty.
*/
int url_sp_parse_url(url_search_params *p, const url *u);

/*
** Iterates over the raw tuples of a query string without decoding them:
** starting at *pos (initially 0), finds the next non-empty '&'-separated
** sequence, splits it at its first '=' into raw name and raw value (value
** "" when there is no '='), advances *pos and returns 1; 0 at the end.
*/
int url_sp_next_raw(const char *s, size_t n, size_t *pos, url_str *name,
                    url_str *value);

/*
** Percent-decodes s[0..n) (valid UTF-8) into out, with '+' as a space first
** when plus_as_space (as the form parser does), then "UTF-8 decode without
** BOM": the bytes appended are repaired into valid UTF-8 (U+FFFD).  Returns
** out's error state.
*/
int url_sp_decode(url_buf *out, const char *s, size_t n, int plus_as_space);
/* The same, the bytes decoded in enc (core/encoding.h) with replacement
   instead of UTF-8: beyond the Standard, whose form parser decodes UTF-8. */
int url_sp_decode_enc(url_buf *out, const char *s, size_t n,
                      int plus_as_space, int enc);
/* url_sp_parse with names and values decoded in enc (url_sp_decode_enc). */
int url_sp_parse_enc(url_search_params *p, const char *s, size_t n, int enc);

/*
** URLSearchParams get() on an unparsed query string: the value of the first
** tuple of s[0..n) whose decoded name is name[0..name_n), decoded and
** appended to out.  Decodes only the names it must compare (and the one
** value).  Returns URL_OK (found), URL_FAILURE (no such tuple) or an error.
*/
int url_sp_get_in(const char *s, size_t n, const char *name, size_t name_n,
                  url_buf *out);

/* append(name, value): both valid UTF-8. */
int url_sp_append(url_search_params *p, const char *name, size_t name_n,
                  const char *value, size_t value_n);

/*
** delete(name [, value]): removes every tuple named name (and, when value is
** not NULL, whose value is value).  One pass; returns the error state.
*/
int url_sp_delete(url_search_params *p, const char *name, size_t name_n,
                  const char *value, size_t value_n);

/* get(name): index of the first tuple named name, or -1. */
ptrdiff_t url_sp_find(const url_search_params *p, const char *name,
                      size_t name_n);

/*
** set(name, value): the first tuple named name gets value and the others go;
** if there is none, append (name, value).  One pass.
*/
int url_sp_set(url_search_params *p, const char *name, size_t name_n,
               const char *value, size_t value_n);

/*
** sort(): stable sort by name, names compared as sequences of UTF-16 code
** units (so U+1F308 sorts before U+FB03).  Merge sort; the scratch array
** is on the stack for small lists.
*/
int url_sp_sort(url_search_params *p);

/*
** The same merge sort with another order: cmp(text, a, b) compares two
** tuples whose strings are in text (<0, 0, >0).  Stable.
*/
typedef int (*url_sp_cmp)(const char *text, const url_sp_pair *a,
                          const url_sp_pair *b);
int url_sp_sort_by(url_search_params *p, url_sp_cmp cmp);

/*
** Appends a tuple whose strings are already in the text: name is
** text[name, name + name_n), value text[value, value + value_n).  For lists
** built in place (the canonicalizers' query parts).  Returns the error state.
*/
int url_sp_push(url_search_params *p, size_t name, size_t name_n,
                size_t value, size_t value_n);

/*
** Compares two UTF-8 strings as their UTF-16 code unit sequences would
** compare: <0, 0 or >0.
*/
int url_sp_utf16_cmp(const char *a, size_t an, const char *b, size_t bn);

/*
** The application/x-www-form-urlencoded serializer: appends the
** serialization of the list to out.  Returns out's error state.
*/
int url_sp_serialize(const url_search_params *p, url_buf *out);
/* The same with an encoding (url.bs: "optional encoding", default UTF-8):
   names and values percent-encoded after encoding in enc's output
   encoding (core/encoding.h). */
int url_sp_serialize_enc(const url_search_params *p, url_buf *out, int enc);

/*
** The URLSearchParams "update" steps for a query object whose URL object is
** u: writes into `out` (a freshly initialised URL) u with its query set to
** the list's serialization (null, so no '?', when that is empty); the
** fragment is kept.  u itself is not changed.  Returns a status code.
*/
int url_sp_update(const url *u, const url_search_params *p, url *out);
/* The update steps with the list serialized in enc (url_sp_serialize_enc):
   beyond the Standard, whose URLSearchParams always serializes in UTF-8. */
int url_sp_update_enc(const url *u, const url_search_params *p, url *out,
                      int enc);

#endif /* URL_URLENCODED_H */
