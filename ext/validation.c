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
** failed on, else 0), position (the 1-based code point offset in input
** where the step found the problem, NULL when the step has none),
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
  url_errors e;       /* the rows; positions made code point offsets */
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
** Makes the byte offsets of e's positions 0-based code point offsets in
** s[0..n) (valid UTF-8).  Positions mostly ascend, so counting resumes
** from the previous one and restarts only where one goes back.
*/
static void to_code_points(url_errors *e, const char *s, size_t n) {
  size_t byte = 0, cp = 0;
  for (size_t i = 0; i < e->n; i++) {
    size_t p = e->v[i].pos;
    if (p == URL_NO_POS) continue;
    if (p > n) p = n;
    if (p < byte) byte = cp = 0;
    for (; byte < p; byte++) cp += ((unsigned char)s[byte] & 0xC0) != 0x80;
    e->v[i].pos = cp;
  }
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
    to_code_points(&c->e, in.s, in.n);
    cur->n_rows = (sqlite3_int64)c->e.n;
    rc = URL_OK;
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
    .name = "url_validation_errors",
    .columns = ve_columns,
    .n_columns = 4,
    .arg_names = ve_args,
    .n_args = 2,
    .n_required = 1,
    .cursor_size = sizeof(ve_cursor),
    .open = ve_open,
    .close = ve_close,
    .filter = ve_filter,
    .column = ve_column,
};

/* ------------------------------------------------------ registration */

static const url_func funcs[] = {
    {"url_valid_string", 1, URL_PURE, 0, url_fn_valid_string},
    {"url_valid_string", 2, URL_PURE, 0, url_fn_valid_string},
};

static const url_tvf *const tvfs[] = {&url_validation_errors_tvf};

const url_family url_validation_family = {funcs, URL_COUNT(funcs), tvfs, URL_COUNT(tvfs)};
