/*
** The one way in and out of ext/: reading SQLite values as the Standard's
** strings, the storage of one call, results, and error messages.
*/
#include <stdarg.h>

#include "ext.h"
#include "canonical.h"
#include "host.h"
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

int url_arg_choice(sqlite3_context *ctx, sqlite3_value *v, const char *what,
                   const char *const *names, int n) {
  if (sqlite3_value_type(v) == SQLITE_NULL) return URL_ARG_NULL;
  if (sqlite3_value_type(v) == SQLITE_TEXT) {
    const char *s = (const char *)sqlite3_value_text(v);
    if (!s) {
      sqlite3_result_error_nomem(ctx);
      return URL_ARG_ERROR;
    }
    size_t len = (size_t)sqlite3_value_bytes(v);
    for (int i = 0; i < n; i++)
      if (strlen(names[i]) == len && !memcmp(names[i], s, len)) return i;
  }
  url_error_choice(ctx, v, what, names, n);
  return URL_ARG_ERROR;
}

void url_error_choice(sqlite3_context *ctx, sqlite3_value *v,
                      const char *what, const char *const *names, int n) {
  sqlite3_str *msg = sqlite3_str_new(NULL);
  sqlite3_str_appendf(msg, "%s: unknown %s ", url_fn_name(ctx), what);
  url_quote(msg, v);
  sqlite3_str_appendall(msg, " (expected one of: ");
  for (int i = 0; i < n; i++)
    sqlite3_str_appendf(msg, "%s%s", i ? ", " : "", names[i]);
  sqlite3_str_appendall(msg, ")");
  result_error(ctx, msg);
}

int url_arg_bool(sqlite3_context *ctx, sqlite3_value *v, const char *what) {
  switch (sqlite3_value_numeric_type(v)) {
    case SQLITE_NULL: return 0;
    case SQLITE_INTEGER:
    case SQLITE_FLOAT: return sqlite3_value_double(v) != 0.0;
  }
  url_error(ctx, "%s must be 0 or 1", what);
  return URL_ARG_ERROR;
}

/* ------------------------------------------------------------- one call */

/* Kept storage (the connection's, below) beyond this is given back after
   the call that grew it. */
#define KEEP_MAX ((size_t)1 << 22)

void url_call_begin(url_call *c, sqlite3_context *ctx) {
  c->ctx = ctx;
  c->kept = NULL;
  c->max = url_max_len(ctx);
  url_init(&c->u, &url_mem_sqlite, c->ust, sizeof c->ust, c->max);
  url_init(&c->b, &url_mem_sqlite, c->bst, sizeof c->bst, c->max);
  url_buf_init(&c->out, &url_mem_sqlite, c->ost, sizeof c->ost, c->max);
  url_buf_init(&c->host, &url_mem_sqlite, c->hst, sizeof c->hst, c->max);
}

void url_call_end(url_call *c) {
  if (c->kept && c->kept->cap > KEEP_MAX) url_kept_free(c->kept);
  url_free(&c->u);
  url_free(&c->b);
  url_buf_free(&c->out);
  url_buf_free(&c->host);
}

int url_arg_bytes(sqlite3_value *v, const char **p, size_t *n) {
  return value_bytes(v, p, n);
}

int url_parse_value(url *u, sqlite3_value *v, const url *base, size_t max) {
  const char *p;
  size_t n;
  int rc = value_bytes(v, &p, &n);
  if (rc != URL_OK) return rc;
  /* Most stored URLs are canonical: checked and copied in one pass over
     the bytes as SQLite holds them (the fast path takes only ASCII), with
     no UTF-8 repair or tab and newline removal to do first. */
  rc = url_parse_canonical(u, p, n);
  if (rc != URL_NOT_CANONICAL) return rc;
  url_arg a;
  rc = url_arg_read(&a, v, max);
  if (rc == URL_OK) rc = url_parse_full(u, a.s, a.n, base);
  url_arg_free(&a);
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
  url_init(&k->u, &url_mem_sqlite, k->mem, k->cap, max);
  int rc = url_parse_value(&k->u, v, base, max);
  if (k->u.href.ptr != k->mem) { /* it grew: keep the larger buffer */
    if (k->mem != k->st) sqlite3_free(k->mem);
    k->mem = k->u.href.stack = k->u.href.ptr;
    k->cap = k->u.href.cap;
  }
  return rc;
}

/* ------------------------------------------------------ connection cache */

/*
** What a connection keeps from call to call (its url_conn holds it; calls
** on one connection never overlap, and no URL function runs SQL):
**   - the bases it parsed, looked up by their bytes (and the length limit
**     they were parsed under): a constant base is parsed once, and a base
**     that changes every row is parsed into a slot's kept storage, so
**     url_resolve(page, href) allocates nothing per row;
**   - kept storage for inputs too long for a call's stack, so that long
**     URLs do not allocate per row either.
** Whether a statement scans a table or is run once per row with bound
** values, nothing is allocated per call.  Kept storage beyond KEEP_MAX is
** given back after the call that needed it.
*/
#define BASE_SLOTS 2

typedef struct base_slot {
  int rc;       /* URL_OK or URL_FAILURE (invalid base); -1: empty */
  size_t max;   /* the length limit it was parsed under */
  url_buf key;  /* the base argument's bytes */
  url_kept b;   /* the parsed base, when rc is URL_OK */
  char kst[128];
} base_slot;

struct url_call_cache {
  base_slot slot[BASE_SLOTS];
  int next;       /* the slot a miss replaces */
  url_kept long_input;
};
typedef struct url_call_cache url_call_cache;

void url_call_cache_free(url_call_cache *cc) {
  if (!cc) return;
  for (int i = 0; i < BASE_SLOTS; i++) {
    url_buf_free(&cc->slot[i].key);
    url_kept_free(&cc->slot[i].b);
  }
  url_kept_free(&cc->long_input);
  sqlite3_free(cc);
}

/* The connection's cache, made on first use; NULL if out of memory. */
static url_call_cache *call_cache(sqlite3_context *ctx) {
  url_call_cache **p = url_conn_cache(url_fn_conn(ctx));
  if (*p) return *p;
  url_call_cache *cc = sqlite3_malloc64(sizeof *cc);
  if (!cc) return NULL;
  for (int i = 0; i < BASE_SLOTS; i++) {
    base_slot *s = &cc->slot[i];
    s->rc = -1;
    url_buf_init(&s->key, &url_mem_sqlite, s->kst, sizeof s->kst,
                 (size_t)0x7fffffff);
    url_kept_init(&s->b);
  }
  cc->next = 0;
  url_kept_init(&cc->long_input);
  return *p = cc;
}

/* Parses the base v, whose bytes are p[0..n), into the slot s. */
static int base_slot_fill(base_slot *s, sqlite3_value *v, const char *p,
                          size_t n, size_t max) {
  s->rc = -1;
  if (s->key.err || s->key.cap > KEEP_MAX) {
    url_buf_free(&s->key);
    url_buf_init(&s->key, &url_mem_sqlite, s->kst, sizeof s->kst, s->key.max);
  }
  if (s->b.cap > KEEP_MAX) url_kept_free(&s->b);
  s->key.len = 0;
  url_buf_append(&s->key, p, n);
  if (s->key.err) return s->key.err;
  int rc = url_kept_parse(&s->b, v, NULL, max);
  if (rc == URL_OK || rc == URL_FAILURE) {
    s->rc = rc;
    s->max = max;
  }
  return rc;
}

/*
** The base argument v: *out is the statement's cached parse of the same
** bytes, or c->b parsed now where there is no cache, or NULL when v is
** NULL.  Returns URL_OK, URL_FAILURE (invalid base) or an error.
*/
static int call_base(url_call *c, sqlite3_value *v, const url **out) {
  *out = NULL;
  const char *p;
  size_t n;
  int rc = value_bytes(v, &p, &n);
  if (rc == URL_FAILURE) return URL_OK; /* NULL: no base */
  if (rc != URL_OK) return rc;
  url_call_cache *bc = call_cache(c->ctx);
  if (!bc) {
    rc = url_parse_value(&c->b, v, NULL, c->max);
    if (rc == URL_OK) *out = &c->b;
    return rc;
  }
  base_slot *s = NULL;
  for (int i = 0; i < BASE_SLOTS && !s; i++) {
    base_slot *t = &bc->slot[i];
    if (t->rc >= 0 && t->key.len == n && t->max == c->max &&
        (n == 0 || memcmp(t->key.ptr, p, n) == 0))
      s = t;
  }
  if (!s) {
    s = &bc->slot[bc->next];
    bc->next = (bc->next + 1) % BASE_SLOTS;
    rc = base_slot_fill(s, v, p, n, c->max);
    if (rc != URL_OK && rc != URL_FAILURE) return rc;
  }
  if (s->rc == URL_OK) *out = &s->b.u;
  return s->rc;
}

int url_call_base(url_call *c, sqlite3_value **argv, int ib, const url **out) {
  return call_base(c, argv[ib], out);
}

int url_call_parse(url_call *c, sqlite3_value **argv, int in, int ib) {
  if (sqlite3_value_type(argv[in]) == SQLITE_NULL) return URL_FAILURE;
  const url *base = NULL;
  if (ib >= 0) {
    int rc = call_base(c, argv[ib], &base);
    if (rc != URL_OK) return rc;
  }
  /* An input whose URL may not fit the call's stack (percent-encoding
     triples a byte; a relative one adds its base) is parsed into the
     connection's kept storage: c->u is then a view of it. */
  size_t need = 3 * (size_t)sqlite3_value_bytes(argv[in]) +
                (base ? base->href.len : 0);
  if (need > sizeof c->ust) {
    url_call_cache *cc = call_cache(c->ctx);
    if (cc) {
      c->kept = &cc->long_input;
      int rc = url_kept_parse(c->kept, argv[in], base, c->max);
      c->u = c->kept->u; /* href.ptr == href.stack: never freed */
      return rc;
    }
  }
  return url_parse_value(&c->u, argv[in], base, c->max);
}

int url_call_host(url_call *c, sqlite3_value *v, url_str *h,
                  url_host_type *t) {
  return url_value_host(v, c->max, &c->u, &c->host, h, t);
}

int url_value_host(sqlite3_value *v, size_t max, url *u, url_buf *hb,
                   url_str *h, url_host_type *t) {
  *t = URL_HOST_NONE;
  *h = (url_str){"", 0};
  url_arg a;
  int rc = url_arg_read(&a, v, max);
  if (rc == URL_OK) {
    rc = url_parse(u, a.s, a.n, NULL);
    if (rc == URL_OK) {
      *h = url_hostname(u);
      *t = u->host_type;
    } else if (rc == URL_FAILURE) {
      rc = url_host_parse(a.s, a.n, 0, hb, t);
      if (rc == URL_OK) *h = (url_str){hb->ptr, hb->len};
    }
  }
  url_arg_free(&a);
  return rc;
}

/* --------------------------------------------------------------- results */

void url_result(sqlite3_context *ctx, int rc, const char *s, size_t n) {
  switch (rc) {
    case URL_OK:
      if (n > (size_t)0x7fffffff) {
        sqlite3_result_error_toobig(ctx);
      } else {
        sqlite3_result_text(ctx, n ? s : "", (int)n, SQLITE_TRANSIENT);
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

void url_call_result(url_call *c, int rc) {
  if (rc == URL_OK) rc = c->out.err;
  url_result_buf(c->ctx, rc, (url_str){c->out.ptr, c->out.len}, &c->out);
  url_call_end(c);
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
