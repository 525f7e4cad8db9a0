/*
** A small strict JSON reader for the tests; see json.h.
*/
#include "json.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_DEPTH 512 /* deeper nesting is an error, not a stack overflow */

typedef struct parser {
  const unsigned char *s, *end, *p;
  const char *name;
  int failed;
} parser;

static void fail(parser *ps, const char *msg) {
  if (ps->failed) return;
  ps->failed = 1;
  int line = 1, col = 1;
  for (const unsigned char *q = ps->s; q < ps->p && q < ps->end; q++) {
    if (*q == '\n') line++, col = 1;
    else col++;
  }
  fprintf(stderr, "%s:%d:%d: JSON error: %s\n", ps->name, line, col, msg);
}

static void *xrealloc(parser *ps, void *p, size_t n) {
  void *q = realloc(p, n ? n : 1);
  if (!q) fail(ps, "out of memory");
  return q;
}

static void skip_ws(parser *ps) {
  while (ps->p < ps->end &&
         (*ps->p == ' ' || *ps->p == '\t' || *ps->p == '\n' || *ps->p == '\r'))
    ps->p++;
}

/* Growable byte string used while decoding a JSON string. */
typedef struct sbuf {
  char *ptr;
  size_t len, cap;
} sbuf;

static int sbuf_put(parser *ps, sbuf *b, const void *bytes, size_t n) {
  if (b->len + n + 1 > b->cap) {
    size_t cap = b->cap ? b->cap : 32;
    while (b->len + n + 1 > cap) cap *= 2;
    char *q = xrealloc(ps, b->ptr, cap);
    if (!q) return 0;
    b->ptr = q, b->cap = cap;
  }
  memcpy(b->ptr + b->len, bytes, n);
  b->len += n;
  b->ptr[b->len] = 0;
  return 1;
}

static int put_utf8(parser *ps, sbuf *b, uint32_t cp) {
  unsigned char u[4];
  size_t n;
  if (cp < 0x80) {
    u[0] = (unsigned char)cp, n = 1;
  } else if (cp < 0x800) {
    u[0] = (unsigned char)(0xC0 | cp >> 6);
    u[1] = (unsigned char)(0x80 | (cp & 0x3F)), n = 2;
  } else if (cp < 0x10000) {
    u[0] = (unsigned char)(0xE0 | cp >> 12);
    u[1] = (unsigned char)(0x80 | (cp >> 6 & 0x3F));
    u[2] = (unsigned char)(0x80 | (cp & 0x3F)), n = 3;
  } else {
    u[0] = (unsigned char)(0xF0 | cp >> 18);
    u[1] = (unsigned char)(0x80 | (cp >> 12 & 0x3F));
    u[2] = (unsigned char)(0x80 | (cp >> 6 & 0x3F));
    u[3] = (unsigned char)(0x80 | (cp & 0x3F)), n = 4;
  }
  return sbuf_put(ps, b, u, n);
}

/* Length of the valid UTF-8 sequence at p (RFC 3629), 0 if invalid. */
static size_t utf8_len(const unsigned char *p, const unsigned char *end) {
  size_t avail = (size_t)(end - p);
  unsigned c = p[0];
  if (c < 0x80) return 1;
  size_t n;
  unsigned lo = 0x80, hi = 0xBF; /* allowed range of the second byte */
  if (c >= 0xC2 && c <= 0xDF) n = 2;
  else if (c >= 0xE0 && c <= 0xEF) {
    n = 3;
    if (c == 0xE0) lo = 0xA0;      /* no overlong forms */
    if (c == 0xED) hi = 0x9F;      /* no surrogates */
  } else if (c >= 0xF0 && c <= 0xF4) {
    n = 4;
    if (c == 0xF0) lo = 0x90;
    if (c == 0xF4) hi = 0x8F;      /* nothing above U+10FFFF */
  } else return 0;
  if (avail < n || p[1] < lo || p[1] > hi) return 0;
  for (size_t i = 2; i < n; i++)
    if ((p[i] & 0xC0) != 0x80) return 0;
  return n;
}

static int hex4(parser *ps, uint32_t *out) {
  uint32_t v = 0;
  for (int i = 0; i < 4; i++) {
    if (ps->p >= ps->end) return fail(ps, "truncated \\u escape"), 0;
    unsigned c = *ps->p++;
    if (c >= '0' && c <= '9') v = v * 16 + (c - '0');
    else if (c >= 'a' && c <= 'f') v = v * 16 + (c - 'a' + 10);
    else if (c >= 'A' && c <= 'F') v = v * 16 + (c - 'A' + 10);
    else return fail(ps, "bad hex digit in \\u escape"), 0;
  }
  *out = v;
  return 1;
}

/* Parses a string starting at the opening quote into out (fresh storage). */
static int parse_string(parser *ps, json_value *out) {
  sbuf b = {0};
  ps->p++; /* opening quote */
  if (!sbuf_put(ps, &b, "", 0)) return 0;
  for (;;) {
    if (ps->p >= ps->end) {
      fail(ps, "unterminated string");
      break;
    }
    unsigned c = *ps->p;
    if (c == '"') {
      ps->p++;
      out->type = JSON_STRING;
      out->str = b.ptr;
      out->len = b.len;
      return 1;
    }
    if (c < 0x20) {
      fail(ps, "raw control character in string");
      break;
    }
    if (c != '\\') {
      size_t n = utf8_len(ps->p, ps->end);
      if (n == 0) {
        fail(ps, "invalid UTF-8 in string");
        break;
      }
      if (!sbuf_put(ps, &b, ps->p, n)) break;
      ps->p += n;
      continue;
    }
    ps->p++;
    if (ps->p >= ps->end) {
      fail(ps, "truncated escape");
      break;
    }
    char e = (char)*ps->p++, ch;
    switch (e) {
      case '"': ch = '"'; break;
      case '\\': ch = '\\'; break;
      case '/': ch = '/'; break;
      case 'b': ch = '\b'; break;
      case 'f': ch = '\f'; break;
      case 'n': ch = '\n'; break;
      case 'r': ch = '\r'; break;
      case 't': ch = '\t'; break;
      case 'u': {
        uint32_t cp;
        if (!hex4(ps, &cp)) goto error;
        if (cp >= 0xD800 && cp <= 0xDBFF && ps->end - ps->p >= 6 &&
            ps->p[0] == '\\' && ps->p[1] == 'u') {
          /* A high surrogate: combine with a following low surrogate. */
          const unsigned char *save = ps->p;
          uint32_t lo;
          ps->p += 2;
          if (!hex4(ps, &lo)) goto error;
          if (lo >= 0xDC00 && lo <= 0xDFFF) {
            cp = 0x10000 + ((cp - 0xD800) << 10) + (lo - 0xDC00);
          } else {
            ps->p = save; /* not a pair: the next escape stands alone */
          }
        }
        if (cp >= 0xD800 && cp <= 0xDFFF) cp = 0xFFFD; /* lone surrogate */
        if (!put_utf8(ps, &b, cp)) goto error;
        continue;
      }
      default:
        fail(ps, "invalid escape");
        goto error;
    }
    if (!sbuf_put(ps, &b, &ch, 1)) break;
  }
error:
  free(b.ptr);
  return 0;
}

/* number = [ minus ] int [ frac ] [ exp ], per RFC 8259. */
static int parse_number(parser *ps, json_value *out) {
  const unsigned char *start = ps->p, *q = ps->p, *e = ps->end;
#define DIGIT(x) ((x) < e && *(x) >= '0' && *(x) <= '9')
  if (q < e && *q == '-') q++;
  if (!DIGIT(q)) return fail(ps, "invalid number"), 0;
  if (*q == '0') {
    q++;
    if (DIGIT(q)) return fail(ps, "leading zero in number"), 0;
  } else {
    while (DIGIT(q)) q++;
  }
  if (q < e && *q == '.') {
    q++;
    if (!DIGIT(q)) return fail(ps, "digit expected after '.'"), 0;
    while (DIGIT(q)) q++;
  }
  if (q < e && (*q == 'e' || *q == 'E')) {
    q++;
    if (q < e && (*q == '+' || *q == '-')) q++;
    if (!DIGIT(q)) return fail(ps, "digit expected in exponent"), 0;
    while (DIGIT(q)) q++;
  }
#undef DIGIT
  char tmp[64];
  size_t n = (size_t)(q - start);
  if (n >= sizeof tmp) return fail(ps, "number too long"), 0;
  memcpy(tmp, start, n);
  tmp[n] = 0;
  out->type = JSON_NUMBER;
  out->number = strtod(tmp, NULL);
  ps->p = q;
  return 1;
}

static int parse_value(parser *ps, json_value *out, int depth);

/* Appends a parsed value (and key, for objects) to a container. */
static int push(parser *ps, json_value *c, size_t *cap, json_value *v,
                json_value *key) {
  if (c->count == *cap) {
    size_t ncap = *cap ? *cap * 2 : 8;
    json_value *items = xrealloc(ps, c->items, ncap * sizeof *items);
    if (!items) return 0;
    c->items = items;
    if (key) {
      json_value *keys = xrealloc(ps, c->keys, ncap * sizeof *keys);
      if (!keys) return 0;
      c->keys = keys;
    }
    *cap = ncap;
  }
  c->items[c->count] = *v;
  if (key) c->keys[c->count] = *key;
  c->count++;
  return 1;
}

static void free_children(json_value *v);

/* Arrays and objects: ps->p is at '[' or '{'. */
static int parse_container(parser *ps, json_value *out, int depth) {
  int is_obj = *ps->p == '{';
  char close = is_obj ? '}' : ']';
  size_t cap = 0;
  memset(out, 0, sizeof *out);
  out->type = is_obj ? JSON_OBJECT : JSON_ARRAY;
  if (depth >= MAX_DEPTH) return fail(ps, "nesting too deep"), 0;
  ps->p++;
  skip_ws(ps);
  if (ps->p < ps->end && *ps->p == close) {
    ps->p++;
    return 1;
  }
  for (;;) {
    json_value key = {0}, val = {0};
    if (is_obj) {
      skip_ws(ps);
      if (ps->p >= ps->end || *ps->p != '"') {
        fail(ps, "member name expected");
        break;
      }
      if (!parse_string(ps, &key)) break;
      skip_ws(ps);
      if (ps->p >= ps->end || *ps->p != ':') {
        free(key.str);
        fail(ps, "':' expected");
        break;
      }
      ps->p++;
    }
    if (!parse_value(ps, &val, depth + 1) ||
        !push(ps, out, &cap, &val, is_obj ? &key : NULL)) {
      free(key.str);
      free_children(&val);
      break;
    }
    skip_ws(ps);
    if (ps->p < ps->end && *ps->p == ',') {
      ps->p++;
      continue;
    }
    if (ps->p < ps->end && *ps->p == close) {
      ps->p++;
      return 1;
    }
    fail(ps, is_obj ? "',' or '}' expected" : "',' or ']' expected");
    break;
  }
  free_children(out);
  return 0;
}

static int literal(parser *ps, const char *word, json_type t, json_value *out) {
  size_t n = strlen(word);
  if ((size_t)(ps->end - ps->p) < n || memcmp(ps->p, word, n) != 0)
    return fail(ps, "unexpected character"), 0;
  ps->p += n;
  out->type = t;
  return 1;
}

static int parse_value(parser *ps, json_value *out, int depth) {
  memset(out, 0, sizeof *out);
  skip_ws(ps);
  if (ps->p >= ps->end) return fail(ps, "value expected"), 0;
  switch (*ps->p) {
    case '{': case '[': return parse_container(ps, out, depth);
    case '"': return parse_string(ps, out);
    case 't': return literal(ps, "true", JSON_TRUE, out);
    case 'f': return literal(ps, "false", JSON_FALSE, out);
    case 'n': return literal(ps, "null", JSON_NULL, out);
    default: return parse_number(ps, out);
  }
}

static void free_children(json_value *v) {
  for (size_t i = 0; i < v->count; i++) {
    free_children(&v->items[i]);
    if (v->keys) free(v->keys[i].str);
  }
  free(v->items);
  free(v->keys);
  free(v->str);
  v->items = v->keys = NULL;
  v->str = NULL;
  v->count = 0;
}

json_value *json_parse(const char *text, size_t n, const char *name) {
  parser ps = {(const unsigned char *)text, (const unsigned char *)text + n,
               (const unsigned char *)text, name ? name : "<json>", 0};
  json_value *v = malloc(sizeof *v);
  if (!v) {
    fprintf(stderr, "%s: out of memory\n", ps.name);
    return NULL;
  }
  /* A UTF-8 byte order mark is tolerated, as RFC 8259 allows. */
  if (n >= 3 && memcmp(text, "\xEF\xBB\xBF", 3) == 0) ps.p += 3;
  if (parse_value(&ps, v, 0)) {
    skip_ws(&ps);
    if (ps.p == ps.end) return v;
    fail(&ps, "trailing characters after the value");
  }
  free_children(v);
  free(v);
  return NULL;
}

json_value *json_parse_file(const char *path) {
  FILE *f = fopen(path, "rb");
  if (!f) {
    perror(path);
    return NULL;
  }
  char *buf = NULL;
  size_t len = 0, cap = 0;
  for (;;) {
    if (len == cap) {
      cap = cap ? cap * 2 : 65536;
      char *q = realloc(buf, cap);
      if (!q) {
        fprintf(stderr, "%s: out of memory\n", path);
        free(buf);
        fclose(f);
        return NULL;
      }
      buf = q;
    }
    size_t got = fread(buf + len, 1, cap - len, f);
    len += got;
    if (got == 0) break;
  }
  int err = ferror(f);
  fclose(f);
  if (err) {
    fprintf(stderr, "%s: read error\n", path);
    free(buf);
    return NULL;
  }
  json_value *v = json_parse(buf, len, path);
  free(buf);
  return v;
}

void json_free(json_value *v) {
  if (!v) return;
  free_children(v);
  free(v);
}

const json_value *json_get(const json_value *obj, const char *key) {
  if (!obj || obj->type != JSON_OBJECT) return NULL;
  size_t n = strlen(key);
  for (size_t i = 0; i < obj->count; i++)
    if (obj->keys[i].len == n && memcmp(obj->keys[i].str, key, n) == 0)
      return &obj->items[i];
  return NULL;
}

size_t json_len(const json_value *arr) {
  return arr && arr->type == JSON_ARRAY ? arr->count : 0;
}

const json_value *json_at(const json_value *arr, size_t i) {
  return arr && arr->type == JSON_ARRAY && i < arr->count ? &arr->items[i]
                                                          : NULL;
}

const char *json_str(const json_value *v, size_t *len) {
  if (!v || v->type != JSON_STRING) {
    if (len) *len = 0;
    return NULL;
  }
  if (len) *len = v->len;
  return v->str;
}

int json_is_string(const json_value *v) { return v && v->type == JSON_STRING; }

int json_is_null(const json_value *v) { return !v || v->type == JSON_NULL; }

void json_print_str(const char *s, size_t n) {
  if (!s) {
    fputs("null", stdout);
    return;
  }
  putchar('"');
  for (size_t i = 0; i < n; i++) {
    unsigned char ch = (unsigned char)s[i];
    if (ch == '"' || ch == '\\') printf("\\%c", ch);
    else if (ch < 0x20 || ch >= 0x7F) printf("\\x%02X", ch);
    else putchar(ch);
  }
  putchar('"');
}
