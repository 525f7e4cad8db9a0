/*
** JSON as SQL hands it to us: the options of url_surt and the URLPattern
** constructor's arguments are JSON text (what SQLite's json_object()
** writes).  One small reader turns such text into a few values (url_json,
** ext.h) for the function files to interpret; the layers below ext/ take
** plain C structs and never see JSON.
**
**   {"with_scheme": true, "canonicalizer": "google"}
**   ["/books/:id", "https://example.com", {"ignoreCase": true}]
**
** RFC 8259's grammar; strings decoded (escapes, surrogate pairs; a lone
** surrogate becomes U+FFFD, as a USVString does) into the reader's store,
** at most URL_JSON_VALUES values nested at most URL_JSON_DEPTH deep (an
** options object is a few): anything more is refused as too large.
*/
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "ext.h"
#include "percent.h"
#include "utf8.h"

#define URL_JSON_DEPTH 8

typedef struct reader {
  url_json *j;
  const char *s;
  size_t n, i;
} reader;

/* A value's strings as offsets into the store until the end, where it
   stops growing and they become pointers. */
typedef struct offsets {
  size_t text, text_n, name, name_n;
  int in_input; /* text is of the input (a number), not of the store */
  int has_name;
} offsets;

static void ws(reader *r) {
  while (r->i < r->n && (r->s[r->i] == ' ' || r->s[r->i] == '\t' ||
                         r->s[r->i] == '\n' || r->s[r->i] == '\r'))
    r->i++;
}

static int peek(reader *r) {
  ws(r);
  return r->i < r->n ? (unsigned char)r->s[r->i] : -1;
}

static int eat(reader *r, char c) {
  if (peek(r) != c) return 0;
  r->i++;
  return 1;
}

static int bad(reader *r, const char *why) {
  snprintf(r->j->why, sizeof r->j->why, "%s", why);
  return URL_FAILURE;
}

static int hex4(reader *r, uint32_t *v) {
  *v = 0;
  if (r->n - r->i < 4) return 0;
  for (int k = 0; k < 4; k++) {
    unsigned char c = (unsigned char)r->s[r->i + (size_t)k];
    if (!url_is_hex(c)) return 0;
    *v = *v * 16 + (uint32_t)url_hex_val(c);
  }
  r->i += 4;
  return 1;
}

/* A string, decoded onto the end of the store: its offset and length. */
static int string(reader *r, size_t *off, size_t *len) {
  url_buf *b = &r->j->store;
  if (!eat(r, '"')) return bad(r, "expected a string");
  *off = b->len;
  while (r->i < r->n) {
    unsigned char c = (unsigned char)r->s[r->i++];
    if (c == '"') {
      *len = b->len - *off;
      return b->err;
    }
    if (c < 0x20) break;
    if (c != '\\') {
      url_buf_putc(b, (char)c);
      continue;
    }
    if (r->i >= r->n) break;
    char e = r->s[r->i++];
    const char *from = "\"\\/bfnrt", *to = "\"\\/\b\f\n\r\t";
    const char *k = e ? strchr(from, e) : NULL;
    if (k) {
      url_buf_putc(b, to[k - from]);
      continue;
    }
    uint32_t v, lo;
    if (e != 'u' || !hex4(r, &v)) break;
    if (v >= 0xD800 && v <= 0xDBFF && r->n - r->i >= 6 &&
        r->s[r->i] == '\\' && r->s[r->i + 1] == 'u') {
      size_t save = r->i;
      r->i += 2;
      if (hex4(r, &lo) && lo >= 0xDC00 && lo <= 0xDFFF)
        v = 0x10000 + ((v - 0xD800) << 10) + (lo - 0xDC00);
      else
        r->i = save;
    }
    if (v >= 0xD800 && v <= 0xDFFF) v = 0xFFFD; /* a lone surrogate */
    url_buf_put_utf8(b, v);
  }
  return bad(r, "invalid string");
}

static int digits(reader *r) {
  size_t start = r->i;
  while (r->i < r->n && r->s[r->i] >= '0' && r->s[r->i] <= '9') r->i++;
  return r->i > start;
}

/* A number, as written (RFC 8259 §6). */
static int number(reader *r, offsets *o) {
  size_t start = r->i;
  if (r->i < r->n && r->s[r->i] == '-') r->i++;
  if (r->i < r->n && r->s[r->i] == '0') r->i++;
  else if (!digits(r)) return bad(r, "invalid number");
  if (r->i < r->n && r->s[r->i] == '.') {
    r->i++;
    if (!digits(r)) return bad(r, "invalid number");
  }
  if (r->i < r->n && (r->s[r->i] == 'e' || r->s[r->i] == 'E')) {
    r->i++;
    if (r->i < r->n && (r->s[r->i] == '+' || r->s[r->i] == '-')) r->i++;
    if (!digits(r)) return bad(r, "invalid number");
  }
  o->text = start;
  o->text_n = r->i - start;
  o->in_input = 1;
  return URL_OK;
}

static int word(reader *r, const char *w) {
  size_t k = strlen(w);
  if (r->n - r->i < k || memcmp(r->s + r->i, w, k)) return 0;
  r->i += k;
  return 1;
}

static int value(reader *r, offsets *offs, int depth);

/* Appends a value to j->v; returns its index, or -1 when full. */
static int add(reader *r, offsets *offs, url_json_type t) {
  url_json *j = r->j;
  if (j->n == URL_JSON_VALUES) return -1;
  j->v[j->n] = (url_json_value){.type = t, .first = -1, .next = -1};
  offs[j->n] = (offsets){0, 0, 0, 0, 0, 0};
  return j->n++;
}

/* The items of an array (close ']') or the members of an object ('}'). */
static int items(reader *r, offsets *offs, int self, char close, int depth) {
  int prev = -1;
  if (eat(r, close)) return URL_OK;
  do {
    size_t name = 0, name_n = 0;
    if (close == '}') {
      int rc = string(r, &name, &name_n);
      if (rc != URL_OK) return rc;
      if (!eat(r, ':')) return bad(r, "expected ':' in an object");
    }
    int k = r->j->n;
    int rc = value(r, offs, depth + 1);
    if (rc != URL_OK) return rc;
    if (close == '}') {
      offs[k].name = name;
      offs[k].name_n = name_n;
      offs[k].has_name = 1;
    }
    if (prev < 0) r->j->v[self].first = k;
    else r->j->v[prev].next = k;
    prev = k;
  } while (eat(r, ','));
  if (!eat(r, close))
    return bad(r, close == '}' ? "expected ',' or '}' in an object"
                               : "expected ',' or ']' in an array");
  return URL_OK;
}

static int value(reader *r, offsets *offs, int depth) {
  if (depth > URL_JSON_DEPTH) return bad(r, "nested too deeply");
  int c = peek(r);
  url_json_type t = c == '{'   ? URL_JSON_OBJECT
                    : c == '[' ? URL_JSON_ARRAY
                    : c == '"' ? URL_JSON_STRING
                    : c == 't' ? URL_JSON_TRUE
                    : c == 'f' ? URL_JSON_FALSE
                    : c == 'n' ? URL_JSON_NULL
                               : URL_JSON_NUMBER;
  if (c < 0 || (t == URL_JSON_NUMBER && c != '-' && (c < '0' || c > '9')))
    return bad(r, "expected a value");
  int k = add(r, offs, t);
  if (k < 0) return bad(r, "too many values");
  switch (t) {
    case URL_JSON_OBJECT:
    case URL_JSON_ARRAY:
      r->i++;
      return items(r, offs, k, t == URL_JSON_OBJECT ? '}' : ']', depth);
    case URL_JSON_STRING:
      return string(r, &offs[k].text, &offs[k].text_n);
    case URL_JSON_TRUE:
      return word(r, "true") ? URL_OK : bad(r, "expected a value");
    case URL_JSON_FALSE:
      return word(r, "false") ? URL_OK : bad(r, "expected a value");
    case URL_JSON_NULL:
      return word(r, "null") ? URL_OK : bad(r, "expected a value");
    default:
      return number(r, &offs[k]);
  }
}

int url_json_parse(url_json *j, const char *s, size_t n, size_t max) {
  url_buf_init(&j->store, &url_mem_sqlite, j->st, sizeof j->st, max);
  j->n = 0;
  j->why[0] = '\0';
  reader r = {j, s ? s : "", n, 0};
  offsets offs[URL_JSON_VALUES];
  int rc = value(&r, offs, 0);
  if (rc == URL_OK && peek(&r) >= 0) rc = bad(&r, "text after the value");
  if (rc != URL_OK) return j->store.err ? j->store.err : rc;
  /* The store stopped growing: strings become pointers. */
  for (int k = 0; k < j->n; k++) {
    url_json_value *v = &j->v[k];
    const offsets *o = &offs[k];
    if (o->in_input)
      v->text = (url_str){r.s + o->text, o->text_n};
    else if (v->type == URL_JSON_STRING)
      v->text = (url_str){o->text_n ? j->store.ptr + o->text : "", o->text_n};
    if (o->has_name)
      v->name = (url_str){o->name_n ? j->store.ptr + o->name : "", o->name_n};
  }
  return URL_OK;
}

void url_json_free(url_json *j) { url_buf_free(&j->store); }

int url_json_name_is(const url_json_value *v, const char *name) {
  size_t k = strlen(name);
  return v->name.s && v->name.n == k && memcmp(v->name.s, name, k) == 0;
}

int url_json_name_shown(const url_json_value *v, size_t max) {
  size_t k = v->name.n < max ? v->name.n : max;
  return (int)url_utf8_valid_prefix((const unsigned char *)v->name.s, k);
}

void url_json_append_string(sqlite3_str *out, const char *s, size_t n) {
  char st[256];
  url_buf fix;
  url_buf_init(&fix, &url_mem_sqlite, st, sizeof st, SIZE_MAX);
  const char *t;
  size_t tn;
  if (url_utf8_sanitize(s, n, &fix, &t, &tn) != URL_OK) {
    t = "";
    tn = 0; /* out of memory: sqlite3_str_errcode tells the caller */
  }
  sqlite3_str_appendchar(out, 1, '"');
  for (size_t i = 0; i < tn; i++) {
    unsigned char c = (unsigned char)t[i];
    if (c == '"' || c == '\\')
      sqlite3_str_appendf(out, "\\%c", c);
    else if (c < 0x20 || c == 0x7f)
      sqlite3_str_appendf(out, "\\u%04x", c);
    else
      sqlite3_str_appendchar(out, 1, (char)c);
  }
  sqlite3_str_appendchar(out, 1, '"');
  url_buf_free(&fix);
}

void url_json_array_add(sqlite3_str *out, const char *s, size_t n) {
  sqlite3_str_appendchar(out, 1, sqlite3_str_length(out) ? ',' : '[');
  url_json_append_string(out, s, n);
}

char *url_json_array_finish(sqlite3_str *out, int *len) {
  if (!sqlite3_str_length(out)) sqlite3_str_appendchar(out, 1, '[');
  sqlite3_str_appendchar(out, 1, ']');
  *len = sqlite3_str_length(out);
  return sqlite3_str_finish(out);
}
