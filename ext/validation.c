/*
** Why a URL is wrong: the URL Standard's validation errors by name, and its
** valid URL strings.
**
**   SELECT error, failure, position FROM url_validation_errors('http:\\host');
**   -- special-scheme-missing-following-solidus | 0 | 6   (three rows)
**   SELECT error FROM url_validation_errors('https://ex%41mple.com/');
**   -- domain-percent-encoded
**   SELECT url_valid_string('https://example.com/a?b#c');   -- 1
**   SELECT url_valid_string('https://user@example.com/');   -- 0
**   SELECT url_valid_string('../x', 'https://example.com/a/');  -- 1
**
**   -- which repairs are most common in a crawl
**   SELECT e.error, count(*) FROM links, url_validation_errors(links.url) e
**    GROUP BY 1 ORDER BY 2 DESC;
**
** url_validation_errors(input [, base]): one row per validation error that
** parsing input against base records (core/url.h, url_parse_errors), in
** order: error (the Standard's name), failure (1 for the error the parse
** failed on, else 0), position (where in input the step found the
** problem, as substr() counts input: 1-based, characters of a TEXT value,
** bytes of a BLOB; NULL when the step has none),
** description (a sentence).  No rows for a URL without validation errors,
** a NULL input, or a base that is not a valid URL (base NULL: no base).
**
** url_valid_string(input [, base]): 1 if input is a valid URL string
** (core/url.h, url_valid_string), else 0; NULL for a NULL input; 0 when
** base is not a valid URL.  url_valid() still means "parses".
*/
#include "ext.h"
#include "url_errors.h"

/* url_valid_string(input [, base]) */
static void url_fn_valid_string(sqlite3_context *ctx, int argc, sqlite3_value **argv) {
  if (sqlite3_value_type(argv[0]) == SQLITE_NULL) {
    sqlite3_result_null(ctx);
    return;
  }
  url_call c;
  url_call_begin(&c, ctx);
  const url *base = NULL;
  int rc = argc > 1 ? url_call_base(&c, argv, 1, &base) : URL_OK;
  if (rc == URL_OK) {
    url_arg in;
    rc = url_arg_read(&in, argv[0], c.max);
    if (rc == URL_OK) rc = url_valid_string(in.s, in.n, base, &url_mem_sqlite);
    url_arg_free(&in);
  }
  url_result_int(ctx, rc == URL_FAILURE ? URL_OK : rc, rc == URL_OK);
  url_call_end(&c);
}

/* ---------------------------- url_validation_errors(input [, base]) table */

typedef struct ve_cursor {
  url_tvf_cursor base;
  url_errors e;       /* the rows; positions made substr()'s */
  url_tvf_base b;     /* the last parsed base */
} ve_cursor;

static void ve_open(url_tvf_cursor *cur) {
  ve_cursor *c = (ve_cursor *)cur;
  url_errors_init(&c->e, &url_mem_sqlite);
  url_tvf_base_open(&c->b, cur->max);
}

static void ve_close(url_tvf_cursor *cur) {
  ve_cursor *c = (ve_cursor *)cur;
  url_errors_free(&c->e);
  url_tvf_base_close(&c->b);
}

/*
** Makes the byte offsets of e's positions, into in (url_arg_read's text of
** v), positions as substr() counts v (ext.h, url_position).
*/
static int to_positions(url_errors *e, sqlite3_value *v, const url_arg *in) {
  const char *p;
  size_t n;
  int rc = url_arg_bytes(v, &p, &n);
  if (rc != URL_OK) return rc;
  url_position x;
  url_position_init(&x, p, n, sqlite3_value_type(v) == SQLITE_BLOB,
               n > 0 && in->s != p);
  for (size_t i = 0; i < e->n; i++)
    if (e->v[i].pos != URL_NO_POS)
      e->v[i].pos = (size_t)url_position_of(&x, e->v[i].pos) - 1;
  return URL_OK;
}

/* argv: input, base.  One row per validation error. */
static int ve_filter(url_tvf_cursor *cur, sqlite3_value **argv) {
  ve_cursor *c = (ve_cursor *)cur;
  if (c->e.err) url_errors_free(&c->e); /* unusable after an error */
  c->e.n = 0;
  const url *base;
  int rc = url_tvf_base_get(cur, &c->b, 1, argv[1], &base);
  if (rc == URL_FAILURE || !argv[0] ||
      sqlite3_value_type(argv[0]) == SQLITE_NULL)
    return URL_OK; /* invalid base, NULL input: no rows */
  if (rc != URL_OK) return rc;
  url_arg in;
  char st[URL_STACK];
  url u;
  url_init(&u, &url_mem_sqlite, st, sizeof st, cur->max);
  rc = url_arg_read(&in, argv[0], cur->max);
  if (rc == URL_OK) rc = url_parse_errors(&u, in.s, in.n, base, &c->e);
  if (rc == URL_OK || rc == URL_FAILURE) {
    rc = to_positions(&c->e, argv[0], &in);
    if (rc == URL_OK) cur->n_rows = (sqlite3_int64)c->e.n;
  }
  url_free(&u);
  url_arg_free(&in);
  return rc;
}

static void ve_column(url_tvf_cursor *cur, sqlite3_context *ctx, int i) {
  const url_validation_error *x = &((ve_cursor *)cur)->e.v[cur->row];
  switch (i) {
    case 0:
      sqlite3_result_text(ctx, url_error_name((url_error_type)x->type), -1,
                          SQLITE_STATIC);
      break;
    case 1: sqlite3_result_int(ctx, x->failure); break;
    case 2:
      if (x->pos != URL_NO_POS) sqlite3_result_int64(ctx, (sqlite3_int64)x->pos + 1);
      break;
    case 3:
      sqlite3_result_text(ctx, url_error_description((url_error_type)x->type),
                          -1, SQLITE_STATIC);
      break;
  }
}

static const char *const ve_columns[] = {"error TEXT", "failure INTEGER",
                                         "position INTEGER", "description TEXT"};
static const char *const ve_args[] = {"input", "base"};

static const url_tvf url_validation_errors_tvf = {
    URL_TVF_SHAPE("url_validation_errors", ve_columns, ve_args, 1, ve_cursor),
    .open = ve_open, .close = ve_close,
    .filter = ve_filter, .column = ve_column};

/* ------------------------------------------------------ registration */

static const url_func funcs[] = {
    {"url_valid_string", URL_ARITY(1, 2), URL_PURE, 0, url_fn_valid_string},
};

static const url_tvf *const tvfs[] = {&url_validation_errors_tvf};

const url_family url_validation_family = {funcs, URL_COUNT(funcs), tvfs, URL_COUNT(tvfs)};
