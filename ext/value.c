/*
** The one way in and out of ext/: reading SQLite values as the Standard's
** strings (and parsing them as URLs or hosts, also into storage kept from
** row to row), results, and error messages.  Below the connection's state
** (conn.c) and one call's storage (call.c), which build on it.
*/
#include <stdarg.h>
#include <string.h>

#include "ext.h"
#include "host.h"
#include "parse.h"
#include "utf8.h"

/* ---------------------------------------------------------------- limits */

size_t url_db_max_len(sqlite3 *db) {
  int lim = sqlite3_limit(db, SQLITE_LIMIT_LENGTH, -1);
  return lim > 0 ? (size_t)lim : 0;
}

size_t url_max_len(sqlite3_context *ctx) {
  return url_db_max_len(sqlite3_context_db_handle(ctx));
}

/* ------------------------------------------------------------- arguments */

/*
** The bytes of v: TEXT through sqlite3_value_bytes() then _blob(), which
** read a column's text where it lies (sqlite3_value_text would first copy
** it to add a NUL terminator) and, in a UTF-16 database, have _bytes()
** convert it to UTF-8 in place first; numbers as their text.  Returns
** URL_OK (*p NULL when empty), URL_FAILURE for NULL, or URL_NOMEM.
*/
static int value_bytes(sqlite3_value *v, const char **p, size_t *n) {
  int len;
  *p = NULL;
  *n = 0;
  switch (sqlite3_value_type(v)) {
    case SQLITE_NULL:
      return URL_FAILURE;
    case SQLITE_TEXT:
      len = sqlite3_value_bytes(v);
      if (len <= 0) /* empty, or the conversion ran out of memory */
        return sqlite3_value_text(v) ? URL_OK : URL_NOMEM;
      *p = sqlite3_value_blob(v);
      break;
    case SQLITE_BLOB:
      *p = sqlite3_value_blob(v);
      len = sqlite3_value_bytes(v);
      break;
    default: /* numbers, rendered as their text */
      *p = (const char *)sqlite3_value_text(v);
      if (!*p) return URL_NOMEM;
      len = sqlite3_value_bytes(v);
      break;
  }
  if (len <= 0) return URL_OK;
  if (!*p) return URL_NOMEM; /* a zeroblob that could not be expanded */
  *n = (size_t)len;
  return URL_OK;
}

int url_arg_read(url_arg *a, sqlite3_value *v, size_t max) {
  url_buf_init(&a->fix, &url_mem_sqlite, a->stack, sizeof a->stack, max);
  a->s = "";
  a->n = 0;
  const char *p;
  size_t n;
  int rc = value_bytes(v, &p, &n);
  if (rc != URL_OK || n == 0) return rc;
  return url_utf8_sanitize(p, n, &a->fix, &a->s, &a->n);
}

void url_arg_free(url_arg *a) { url_buf_free(&a->fix); }

int url_arg_octets(url_arg *a, sqlite3_value *v, size_t max) {
  if (sqlite3_value_type(v) != SQLITE_BLOB) return url_arg_read(a, v, max);
  url_buf_init(&a->fix, &url_mem_sqlite, a->stack, sizeof a->stack, max);
  const char *p;
  size_t n;
  int rc = value_bytes(v, &p, &n);
  a->s = p ? p : "";
  a->n = n;
  return rc;
}

/*
** Sets the message msg (from sqlite3_str_new(NULL): a message built under
** SQLITE_LIMIT_LENGTH would become out of memory) as the call's error.
** SQLite drops an error message that does not fit the limit with its
** terminator, so a long one is cut to fit, at a character boundary.
*/
static void result_error(sqlite3_context *ctx, sqlite3_str *msg) {
  char *z = sqlite3_str_finish(msg);
  if (!z) {
    sqlite3_result_error_nomem(ctx);
    return;
  }
  size_t n = strlen(z), max = url_max_len(ctx);
  if (max > 0 && n >= max) {
    n = max - 1;
    while (n > 0 && ((unsigned char)z[n] & 0xC0) == 0x80) n--;
  }
  sqlite3_result_error(ctx, z, (int)n);
  sqlite3_free(z);
}

int url_label_find(sqlite3_value *v, const char *const *names, int n, int *k) {
  const char *s;
  size_t len;
  int rc = url_arg_label(v, &s, &len);
  *k = -1;
  if (rc != URL_OK) return rc;
  /* "name|alias": the project's name then the standards' own */
  *k = url_names_index(names, n, s, len);
  return URL_OK;
}

int url_arg_choice(sqlite3_context *ctx, sqlite3_value **argv, int i,
                   const char *what, const char *const *names, int n) {
  /* A constant argument is looked up once per statement: its index + 1 is
     kept as the auxdata pointer (nothing to free). */
  void *kept = sqlite3_get_auxdata(ctx, i);
  if (kept) return (int)((intptr_t)kept - 1);
  int k;
  int rc = url_label_find(argv[i], names, n, &k);
  if (rc == URL_FAILURE) return URL_ARG_NULL;
  if (rc != URL_OK) {
    sqlite3_result_error_nomem(ctx);
    return URL_ARG_ERROR;
  }
  if (k < 0) {
    url_error_choice(ctx, argv[i], what, names, n);
    return URL_ARG_ERROR;
  }
  sqlite3_set_auxdata(ctx, i, (void *)(intptr_t)(k + 1), NULL);
  return k;
}

int url_arg_option(sqlite3_context *ctx, int argc, sqlite3_value **argv,
                   int i, const char *what, const char *const *names, int n,
                   int dflt) {
  if (i >= argc) return dflt;
  int k = url_arg_choice(ctx, argv, i, what, names, n);
  return k == URL_ARG_NULL ? dflt : k;
}

int url_arg_pairs(sqlite3_context *ctx, int argc, sqlite3_value **argv,
                  const char *first, const char *what,
                  const char *const *names, int n, int *which) {
  if (argc < 3 || argc % 2 == 0) {
    url_error(ctx, "expected %s followed by %s, value pairs", first, what);
    return URL_ARG_ERROR;
  }
  int pairs = (argc - 1) / 2, null = 0;
  if (pairs > URL_MAX_PAIRS) {
    url_error(ctx, "at most %d %s, value pairs", URL_MAX_PAIRS, what);
    return URL_ARG_ERROR;
  }
  /* Every name is checked first: misuse is an error even when the input
     is NULL or invalid. */
  for (int i = 0; i < pairs; i++) {
    int k = url_arg_choice(ctx, argv, 1 + 2 * i, what, names, n);
    if (k == URL_ARG_ERROR) return k;
    null |= k == URL_ARG_NULL;
    which[i] = k;
  }
  return null ? URL_ARG_NULL : pairs;
}

void url_error_choice(sqlite3_context *ctx, sqlite3_value *v,
                      const char *what, const char *const *names, int n) {
  sqlite3_str *msg = sqlite3_str_new(NULL);
  sqlite3_str_appendf(msg, "%s: unknown %s ", url_fn_name(ctx), what);
  url_quote(msg, v);
  sqlite3_str_appendall(msg, " (expected one of: ");
  for (int i = 0; i < n; i++) {
    /* every name of the choice, aliases as names of their own */
    for (const char *p = names[i]; *p;) {
      size_t k = strcspn(p, "|");
      sqlite3_str_appendf(msg, "%s%.*s", i || p != names[i] ? ", " : "",
                          (int)k, p);
      p += k + (p[k] == '|');
    }
  }
  sqlite3_str_appendall(msg, ")");
  result_error(ctx, msg);
}

int url_arg_bool(sqlite3_context *ctx, sqlite3_value *v, const char *what) {
  /* The value's own type: text such as '1' is not converted. */
  switch (sqlite3_value_type(v)) {
    case SQLITE_NULL: return 0;
    case SQLITE_INTEGER:
    case SQLITE_FLOAT: {
      double d = sqlite3_value_double(v);
      if (d == 0.0 || d == 1.0) return d == 1.0;
    }
  }
  url_error(ctx, "%s must be 0 or 1", what);
  return URL_ARG_ERROR;
}

/* ------------------------------------------------------------- positions */

void url_position_init(url_position *x, const void *p, size_t n, int blob, int repaired) {
  x->p = p ? p : (const unsigned char *)"";
  x->n = p ? n : 0;
  x->blob = blob;
  x->repaired = repaired;
  x->b = x->si = x->so = 0;
  x->c = 0;
}

sqlite3_int64 url_position_of(url_position *x, size_t off) {
  if (x->repaired) off = url_utf8_source_offset(x->p, x->n, off, &x->si, &x->so);
  if (off > x->n) off = x->n;
  if (x->blob) return (sqlite3_int64)off + 1;
  if (off < x->b) x->b = 0, x->c = 0; /* behind: count again */
  /* SQLite's SQLITE_SKIP_UTF8, as substr() steps through text */
  for (;;) {
    size_t e = x->b;
    if (e < x->n && x->p[e++] >= 0xC0)
      while (e < x->n && (x->p[e] & 0xC0) == 0x80) e++;
    if (off < e || x->b == x->n) return x->c + 1;
    x->b = e;
    x->c++;
  }
}

/* --------------------------------------------------------- parsed values */

int url_arg_bytes(sqlite3_value *v, const char **p, size_t *n) {
  return value_bytes(v, p, n);
}

int url_arg_label(sqlite3_value *v, const char **p, size_t *n) {
  /* Bytes, then blob: UTF-8 without a terminator to add; a BLOB's bytes
     as UTF-8 text, as every argument's (a label is ASCII: invalid UTF-8
     matches nothing, so needs no U+FFFD). */
  int rc = value_bytes(v, p, n);
  if (rc == URL_OK && !*p) *p = "";
  return rc;
}

/* v's bytes parsed by url_parse_input into u; t keeps what it read. */
static int parse_value(url *u, sqlite3_value *v, const url *base,
                       url_input *t, int enc) {
  const char *p;
  size_t n;
  url_input_init(t);
  int rc = value_bytes(v, &p, &n);
  if (rc != URL_OK) return rc;
  return url_parse_input_enc(u, p ? p : "", n, base, t, NULL, enc);
}

int url_parse_value(url *u, sqlite3_value *v, const url *base) {
  return url_parse_value_enc(u, v, base, URL_ENC_UTF_8);
}

int url_parse_value_enc(url *u, sqlite3_value *v, const url *base, int enc) {
  url_input t;
  int rc = parse_value(u, v, base, &t, enc);
  url_input_free(&t);
  return rc;
}

int url_value_host(sqlite3_value *v, url *u, url_buf *hb,
                   url_str *h, url_host_type *t) {
  *t = URL_HOST_NONE;
  *h = (url_str){"", 0};
  url_input in;
  int rc = parse_value(u, v, NULL, &in, URL_ENC_UTF_8);
  if (rc == URL_OK) {
    *h = url_hostname(u);
    *t = u->host_type;
  } else if (rc == URL_FAILURE && in.s) { /* not a URL: maybe a host */
    rc = url_host_parse(in.s, in.n, 0, hb, t);
    if (rc == URL_OK) *h = (url_str){hb->ptr, hb->len};
  }
  url_input_free(&in);
  return rc;
}

/* ------------------------------------------------------------- kept URLs */

void url_kept_init(url_kept *k) {
  k->mem = k->st;
  k->cap = sizeof k->st;
  url_init(&k->u, &url_mem_sqlite, k->mem, k->cap, 0);
}

void url_kept_free(url_kept *k) {
  if (k->mem != k->st) sqlite3_free(k->mem);
  k->mem = k->st;
  k->cap = sizeof k->st;
}

int url_kept_parse(url_kept *k, sqlite3_value *v, const url *base,
                   size_t max) {
  return url_kept_parse_enc(k, v, base, max, URL_ENC_UTF_8);
}

int url_kept_parse_enc(url_kept *k, sqlite3_value *v, const url *base,
                       size_t max, int enc) {
  url_init(&k->u, &url_mem_sqlite, k->mem, k->cap, max);
  int rc = url_parse_value_enc(&k->u, v, base, enc);
  if (k->u.href.ptr != k->mem) { /* it grew: keep the larger buffer */
    if (k->mem != k->st) sqlite3_free(k->mem);
    k->mem = k->u.href.stack = k->u.href.ptr;
    k->cap = k->u.href.cap;
  }
  return rc;
}

/* --------------------------------------------------------------- results */

void url_result(sqlite3_context *ctx, int rc, const char *s, size_t n) {
  switch (rc) {
    case URL_OK:
      if (n > (size_t)0x7fffffff) {
        sqlite3_result_error_toobig(ctx);
      } else if (n == 0) {
        /* Terminated (length -1), so that a consumer reading it as a C
           string does not make SQLite reallocate it to add the NUL; and
           copied (TRANSIENT), so that the result register keeps its
           storage for the next row's result. */
        sqlite3_result_text(ctx, "", -1, SQLITE_TRANSIENT);
      } else {
        sqlite3_result_text(ctx, s, (int)n, SQLITE_TRANSIENT);
      }
      break;
    case URL_FAILURE:
      sqlite3_result_null(ctx);
      break;
    case URL_TOOBIG:
      sqlite3_result_error_toobig(ctx);
      break;
    default:
      sqlite3_result_error_nomem(ctx);
      break;
  }
}

void url_result_str(sqlite3_context *ctx, int rc, url_str s) {
  url_result(ctx, rc, s.s, s.n);
}

void url_result_int(sqlite3_context *ctx, int rc, sqlite3_int64 v) {
  if (rc == URL_OK) {
    sqlite3_result_int64(ctx, v);
  } else {
    url_result(ctx, rc, NULL, 0); /* NULL, or the error */
  }
}

void url_result_buf(sqlite3_context *ctx, int rc, url_str s, url_buf *b) {
  if (rc == URL_OK && s.n > 0 && s.s == b->ptr && b->ptr != b->stack) {
    /* s starts b's heap storage: SQLite takes it over (and frees it, also
       when it is too big) instead of copying it. */
    sqlite3_result_text64(ctx, b->ptr, s.n, sqlite3_free, SQLITE_UTF8);
    b->ptr = b->stack;
    b->cap = b->len = 0;
    return;
  }
  url_result_str(ctx, rc, s);
}

void url_result_part(sqlite3_context *ctx, int rc, url_str s, url_buf *b,
                     int scratch) {
  if (!s.s) { /* no result: NULL, or the error */
    url_result_str(ctx, rc, s);
    return;
  }
  char *end = (char *)s.s + s.n;
  int handover = scratch && s.s == b->ptr && b->ptr != b->stack;
  if (rc == URL_OK && s.n > 0 && s.n <= (size_t)0x7fffffff && !handover &&
      s.s >= b->ptr && end < b->ptr + b->cap &&
      (scratch || end == b->ptr + b->len)) {
    /* Terminated, so that SQLite's copy is too: a consumer reading it as a
       C string (length(), sqlite3_column_text) then need not copy it
       again to add the NUL.  Past the contents, or inside scratch. */
    *end = 0;
    sqlite3_result_text(ctx, s.s, -1, SQLITE_TRANSIENT);
    return;
  }
  if (scratch) {
    url_result_buf(ctx, rc, s, b);
  } else {
    url_result_str(ctx, rc, s);
  }
}

/* ---------------------------------------------------------------- errors */

void url_error(sqlite3_context *ctx, const char *fmt, ...) {
  sqlite3_str *msg = sqlite3_str_new(NULL);
  sqlite3_str_appendf(msg, "%s: ", url_fn_name(ctx));
  va_list ap;
  va_start(ap, fmt);
  sqlite3_str_vappendf(msg, fmt, ap);
  va_end(ap);
  result_error(ctx, msg);
}

#define QUOTE_MAX 64 /* bytes of an argument shown in a message */

/*
** Appends p[0..n): whole valid UTF-8 sequences that fit are copied; anything
** else (an invalid byte, a control character, a sequence cut by the limit)
** is written as \xHH.
*/
static void quote_text(sqlite3_str *str, const unsigned char *p, size_t n) {
  for (size_t i = 0; i < n;) {
    size_t k = url_utf8_valid_prefix(p + i, n - i);
    size_t run = 0;
    while (run < k && p[i + run] >= 0x20 && p[i + run] != 0x7F) run++;
    if (run) {
      sqlite3_str_append(str, (const char *)p + i, (int)run);
      i += run;
    } else {
      sqlite3_str_appendf(str, "\\x%02X", p[i]);
      i++;
    }
  }
}

void url_quote(sqlite3_str *str, sqlite3_value *v) {
  int type = sqlite3_value_type(v);
  if (type == SQLITE_NULL) {
    sqlite3_str_appendall(str, "NULL");
    return;
  }
  const unsigned char *p = type == SQLITE_BLOB
                               ? sqlite3_value_blob(v)
                               : sqlite3_value_text(v);
  size_t n = (size_t)sqlite3_value_bytes(v);
  if (!p) n = 0;
  size_t shown = n > QUOTE_MAX ? QUOTE_MAX : n;
  if (type == SQLITE_BLOB) { /* as SQL writes a blob */
    sqlite3_str_appendall(str, "X'");
    for (size_t i = 0; i < shown; i++) sqlite3_str_appendf(str, "%02x", p[i]);
  } else {
    sqlite3_str_appendchar(str, 1, '\'');
    quote_text(str, p, shown);
  }
  sqlite3_str_appendchar(str, 1, '\'');
  if (shown < n) sqlite3_str_appendall(str, "...");
}
