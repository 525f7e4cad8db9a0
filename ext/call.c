/*
** One scalar call's storage (url_call, ext.h): its input, base and output
** on the stack, with the connection's cache (conn.c) for bases and inputs
** that would not fit there.
*/
#include <stdint.h>

#include "encoding.h"
#include "ext.h"

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
  if (c->kept && c->kept->cap > URL_KEEP_MAX) url_kept_free(c->kept);
  url_free(&c->u);
  url_free(&c->b);
  url_buf_free(&c->out);
  url_buf_free(&c->host);
}

/*
** The base argument v: *out is the connection's cached parse of the same
** bytes, or c->b parsed now where there is no cache, or NULL when v is
** NULL.  Returns URL_OK, URL_FAILURE (invalid base) or an error.
*/
static int call_base(url_call *c, sqlite3_value *v, const url **out) {
  *out = NULL;
  const char *p;
  size_t n;
  int rc = url_arg_bytes(v, &p, &n);
  if (rc == URL_FAILURE) return URL_OK; /* NULL: no base */
  if (rc != URL_OK) return rc;
  url_call_cache *cc = url_conn_cache(url_fn_conn(c->ctx));
  if (!cc) {
    rc = url_parse_value(&c->b, v, NULL);
    if (rc == URL_OK) *out = &c->b;
    return rc;
  }
  return url_call_cache_base(cc, v, p, n, c->max, out);
}

int url_call_base(url_call *c, sqlite3_value **argv, int ib, const url **out) {
  return call_base(c, argv[ib], out);
}

int url_call_parse(url_call *c, sqlite3_value **argv, int in, int ib) {
  return url_call_parse_enc(c, argv, in, ib, URL_ENC_UTF_8);
}

int url_call_parse_enc(url_call *c, sqlite3_value **argv, int in, int ib,
                       int enc) {
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
    url_call_cache *cc = url_conn_cache(url_fn_conn(c->ctx));
    if (cc) {
      c->kept = url_call_cache_long_input(cc);
      int rc = url_kept_parse_enc(c->kept, argv[in], base, c->max, enc);
      c->u = c->kept->u; /* href.ptr == href.stack: never freed */
      return rc;
    }
  }
  return url_parse_value_enc(&c->u, argv[in], base, enc);
}

int url_call_host(url_call *c, sqlite3_value *v, url_str *h,
                  url_host_type *t) {
  return url_value_host(v, &c->u, &c->host, h, t);
}

/* Whether s lies in b's contents. */
static int in_buf(const url_buf *b, url_str s) {
  uintptr_t p = (uintptr_t)s.s, lo = (uintptr_t)b->ptr;
  return s.s && p >= lo && p < lo + b->len;
}

void url_call_result_host_part(url_call *c, int rc, url_str s) {
  url_result_part(c->ctx, rc, s, in_buf(&c->host, s) ? &c->host : &c->u.href,
                  1);
}

void url_call_result(url_call *c, int rc) {
  if (rc == URL_OK) rc = c->out.err;
  url_result_buf(c->ctx, rc, (url_str){c->out.ptr, c->out.len}, &c->out);
  url_call_end(c);
}
