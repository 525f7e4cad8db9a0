/*
** URLPatternInit dictionaries and the constructor's arguments written as
** JSON (what SQL hands us):
**
**   {"pathname": "/books/:id", "baseURL": "https://example.com"}
**   {"hostname": "*.example.com", "ignoreCase": true}
**   ["/books/:id", "https://example.com", {"ignoreCase": true}]
**
** A small reader of exactly that: objects of string members (and the
** boolean ignoreCase), arrays of up to three such values.  Strings are
** decoded into the caller's store (escapes, surrogate pairs; a lone
** surrogate becomes U+FFFD, as a USVString does).
*/
#include <stdio.h>
#include <string.h>

#include "internal.h"

typedef struct jr {
  const char *s;
  size_t n, i;
  url_buf *store;
  char *err;
  size_t errn;
  int syntax; /* the error is one of JSON syntax */
} jr;

/* A URLPatternInit or options object as read: offsets into the store. */
typedef struct jobj {
  pat_ref c[PAT_N], base;
  int ignore_case; /* -1: absent */
} jobj;

static void ws(jr *j) {
  while (j->i < j->n && strchr(" \t\n\r", j->s[j->i]) && j->s[j->i]) j->i++;
}

static int peek(jr *j) {
  ws(j);
  return j->i < j->n ? (unsigned char)j->s[j->i] : -1;
}

static int eat(jr *j, char c) {
  if (peek(j) != c) return 0;
  j->i++;
  return 1;
}

static int word(jr *j, const char *w) {
  size_t k = strlen(w);
  ws(j);
  if (j->n - j->i < k || memcmp(j->s + j->i, w, k)) return 0;
  j->i += k;
  return 1;
}

/* A JSON syntax error. */
static int bad(jr *j, const char *what) {
  if (j->errn) snprintf(j->err, j->errn, "%s", what);
  j->syntax = 1;
  return URL_FAILURE;
}

/* The result of a read: PAT_NOT_JSON for a syntax error. */
static int result(const jr *j, int rc) {
  return rc == URL_FAILURE && j->syntax ? PAT_NOT_JSON : rc;
}

static int hex4(jr *j, uint32_t *v) {
  *v = 0;
  if (j->n - j->i < 4) return 0;
  for (int k = 0; k < 4; k++) {
    char c = j->s[j->i + (size_t)k];
    int d = c >= '0' && c <= '9' ? c - '0'
          : (c | 0x20) >= 'a' && (c | 0x20) <= 'f' ? (c | 0x20) - 'a' + 10 : -1;
    if (d < 0) return 0;
    *v = *v * 16 + (uint32_t)d;
  }
  j->i += 4;
  return 1;
}

/* A JSON string, decoded into the store at *out. */
static int jstring(jr *j, pat_ref *out) {
  if (!eat(j, '"')) return bad(j, "expected a JSON string");
  out->off = j->store->len;
  while (j->i < j->n) {
    unsigned char c = (unsigned char)j->s[j->i++];
    if (c == '"') {
      out->len = j->store->len - out->off;
      return j->store->err;
    }
    if (c < 0x20) break;
    if (c != '\\') {
      url_buf_putc(j->store, (char)c);
      continue;
    }
    if (j->i >= j->n) break;
    char e = j->s[j->i++];
    const char *from = "\"\\/bfnrt", *to = "\"\\/\b\f\n\r\t";
    const char *k = strchr(from, e);
    if (k && e) {
      url_buf_putc(j->store, to[k - from]);
      continue;
    }
    uint32_t v, lo;
    if (e != 'u' || !hex4(j, &v)) break;
    if (v >= 0xD800 && v <= 0xDBFF && j->n - j->i >= 6 && j->s[j->i] == '\\' &&
        j->s[j->i + 1] == 'u') {
      size_t save = j->i;
      j->i += 2;
      if (hex4(j, &lo) && lo >= 0xDC00 && lo <= 0xDFFF)
        v = 0x10000 + ((v - 0xD800) << 10) + (lo - 0xDC00);
      else
        j->i = save;
    }
    if (v >= 0xD800 && v <= 0xDFFF) v = 0xFFFD; /* a lone surrogate */
    url_buf_put_utf8(j->store, v);
  }
  return bad(j, "invalid JSON string");
}

static const char *const member_list =
    "protocol, username, password, hostname, port, pathname, search, hash, "
    "baseURL";

/* An object of URLPatternInit members (init) or of options (!init);
   ignoreCase allowed where `ignore_case` says. */
static int jobject(jr *j, jobj *o, int init, int ignore_case) {
  for (int c = 0; c < PAT_N; c++) o->c[c].off = PAT_ABSENT;
  o->base.off = PAT_ABSENT;
  o->ignore_case = -1;
  if (!eat(j, '{')) return bad(j, "expected a JSON object");
  if (eat(j, '}')) return URL_OK;
  do {
    pat_ref key;
    int rc = jstring(j, &key);
    if (rc != URL_OK) return rc;
    char name[16] = "";
    if (key.len < sizeof name) memcpy(name, j->store->ptr + key.off, key.len);
    url_buf_truncate(j->store, key.off);
    if (!eat(j, ':')) return bad(j, "expected ':' in a JSON object");
    if (ignore_case && !strcmp(name, "ignoreCase")) {
      if (word(j, "true")) o->ignore_case = 1;
      else if (word(j, "false")) o->ignore_case = 0;
      else {
        if (j->errn) snprintf(j->err, j->errn, "ignoreCase must be true or false");
        return URL_FAILURE;
      }
      continue;
    }
    pat_ref *slot = NULL;
    for (int c = 0; init && c < PAT_N; c++)
      if (!strcmp(name, pat_component_names[c])) slot = &o->c[c];
    if (init && !strcmp(name, "baseURL")) slot = &o->base;
    if (!slot) {
      if (j->errn)
        snprintf(j->err, j->errn, "unknown member \"%s\" (expected %s%s)",
                 key.len < sizeof name ? name : "...",
                 init ? member_list : "ignoreCase",
                 init && ignore_case ? ", ignoreCase" : "");
      return URL_FAILURE;
    }
    if (peek(j) != '"') {
      if (j->errn) snprintf(j->err, j->errn, "\"%s\" must be a string", name);
      return URL_FAILURE;
    }
    rc = jstring(j, slot);
    if (rc != URL_OK) return rc;
  } while (eat(j, ','));
  return eat(j, '}') ? URL_OK : bad(j, "expected ',' or '}' in a JSON object");
}

static url_str ref_str(const url_buf *store, pat_ref r) {
  if (r.off == PAT_ABSENT) return (url_str){NULL, 0};
  if (!r.len) return (url_str){"", 0};
  return (url_str){store->ptr + r.off, r.len};
}

static void to_init(const url_buf *store, const jobj *o, pat_init *init) {
  for (int c = 0; c < PAT_N; c++) init->c[c] = ref_str(store, o->c[c]);
  init->base_url = ref_str(store, o->base);
}

static int at_end(jr *j) {
  ws(j);
  return j->i == j->n ? URL_OK : bad(j, "unexpected text after the JSON value");
}

int pat_init_from_json(const char *json, size_t n, pat_init *init,
                       int *ignore_case, url_buf *store, char *err,
                       size_t errn) {
  jr j = {json, n, 0, store, err, errn, 0};
  jobj o;
  int rc = jobject(&j, &o, 1, ignore_case != NULL);
  if (rc == URL_OK) rc = at_end(&j);
  if (rc != URL_OK) return result(&j, rc);
  to_init(store, &o, init);
  if (ignore_case) *ignore_case = o.ignore_case > 0;
  return URL_OK;
}

/* [input, baseURL?, options?] */
static int jarray(jr *j, pat_input *input, url_str *base, int *ignore_case) {
  jobj in, opts;
  pat_ref str = {PAT_ABSENT, 0}, b = {PAT_ABSENT, 0};
  int rc = URL_OK, have_opts = 0;
  input->is_init = 1;
  for (int c = 0; c < PAT_N; c++) in.c[c].off = PAT_ABSENT;
  in.base.off = PAT_ABSENT;
  j->i++; /* '[' */
  if (!eat(j, ']')) {
    if (peek(j) == '"') {
      input->is_init = 0;
      rc = jstring(j, &str);
    } else {
      rc = jobject(j, &in, 1, 0);
    }
    if (rc == URL_OK && eat(j, ',')) {
      if (peek(j) == '"') rc = jstring(j, &b);
      else have_opts = 1, rc = jobject(j, &opts, 0, 1);
      if (rc == URL_OK && !have_opts && eat(j, ',')) {
        have_opts = 1;
        rc = jobject(j, &opts, 0, 1);
      }
    }
    if (rc == URL_OK && !eat(j, ']'))
      rc = bad(j, "expected [input, baseURL, options] in the JSON array");
  }
  if (rc != URL_OK) return rc;
  if (input->is_init) to_init(j->store, &in, &input->init);
  else input->string = ref_str(j->store, str);
  *base = ref_str(j->store, b);
  *ignore_case = have_opts && opts.ignore_case > 0;
  return URL_OK;
}

int pat_args_from_text(const char *s, size_t n, pat_input *input,
                       url_str *base, int *ignore_case, url_buf *store,
                       char *err, size_t errn) {
  jr j = {s, n, 0, store, err, errn, 0};
  memset(input, 0, sizeof *input);
  *base = (url_str){NULL, 0};
  *ignore_case = 0;
  int c = peek(&j);
  if (c == '[') {
    int rc = jarray(&j, input, base, ignore_case);
    return result(&j, rc == URL_OK ? at_end(&j) : rc);
  }
  if (c == '{') {
    input->is_init = 1;
    return pat_init_from_json(s, n, &input->init, ignore_case, store, err, errn);
  }
  input->string = (url_str){s ? s : "", n};
  return URL_OK;
}

int url_pattern_from_text(url_pattern **out, const char *s, size_t n,
                          const url_allocator *mem, char *err, size_t errn) {
  char st[256];
  url_buf store;
  url_buf_init(&store, mem, st, sizeof st, (size_t)1 << 30);
  pat_input input;
  url_str base;
  int ignore_case;
  int rc = pat_args_from_text(s, n, &input, &base, &ignore_case, &store, err, errn);
  if (rc == URL_OK) {
    rc = url_pattern_create(out, &input, base.s, base.n, ignore_case, mem, err, errn);
  } else if (rc == PAT_NOT_JSON) {
    /* not JSON after all: perhaps a constructor string that starts with
       "{" or "[" */
    char err2[8];
    input = (pat_input){0};
    input.string = (url_str){s, n};
    rc = url_pattern_create(out, &input, NULL, 0, 0, mem, err2, sizeof err2);
    if (rc == URL_OK) err[0] = 0;
    else if (rc == URL_FAILURE && errn) {
      char j[200];
      snprintf(j, sizeof j, "%s", err);
      snprintf(err, errn, "not valid JSON: %s", j);
    }
  }
  url_buf_free(&store);
  return rc;
}

int pat_input_from_text(const char *s, size_t n, pat_input *input,
                        url_buf *store, char *err, size_t errn) {
  memset(input, 0, sizeof *input);
  jr j = {s, n, 0, store, err, errn, 0};
  if (peek(&j) == '{') {
    size_t mark = store->len;
    int rc = pat_init_from_json(s, n, &input->init, NULL, store, err, errn);
    input->is_init = rc == URL_OK;
    if (rc != PAT_NOT_JSON) return rc;
    url_buf_truncate(store, mark); /* not JSON: a URL string */
  }
  input->string = (url_str){s ? s : "", n};
  return URL_OK;
}
