/*
** URLSearchParams and percent-encoding from SQL (URL Standard §5, §6.2).
**
**   SELECT name, value FROM url_search_params('https://a/?q=sqlite+url&x=%C3%A9');
**   -- q | sqlite url
**   -- x | é
**   SELECT url_search_param('https://a/?q=1&q=2', 'q');           -- '1'
**   SELECT url_search_param('?utm_source=x&id=7', 'id');          -- '7'
**   SELECT url_search_param_append('https://a/?a=1', 'b', 'x y'); -- 'https://a/?a=1&b=x+y'
**   SELECT url_search_param_set('https://a/?a=1&a=2#f', 'a', 3);  -- 'https://a/?a=3#f'
**   SELECT url_search_param_delete('https://a/?a=1&b=2', 'a');    -- 'https://a/?b=2'
**   SELECT url_search_param_delete('https://a/?a=1&a=2', 'a', 2); -- 'https://a/?a=1'
**   SELECT url_search_params_sort('https://a/?z=1&a=2');          -- 'https://a/?a=2&z=1'
**   SELECT url_encode('a b&c');                                   -- 'a%20b%26c'
**   SELECT url_encode('a b&c', 'form');                           -- 'a+b%26c'
**   SELECT url_decode('caf%C3%A9+au+lait', 'form');               -- 'café au lait'
**
** Sources.  url_search_params(input) and url_search_param(input, name) take
** a URL or a query string: when input is a valid absolute URL (the basic
** URL parser without a base succeeds) its query is used, and a URL with a
** null query has no parameters; otherwise input itself is the query string,
** after removing one leading '?'.  (So 'a=1&b=2' and '?a=1&b=2' are query
** strings; a query string that happens to parse as a URL, such as
** 'x:y=1', is taken as a URL: pass '?x:y=1' to be explicit.)
**
** url_search_params(input): a table-valued function, one row per tuple of
** the application/x-www-form-urlencoded parse of the query, in order:
** columns `name` and `value` (decoded: '+' is a space, percent-decoded,
** UTF-8 decoded with U+FFFD replacement) and the hidden `input`.  NULL input
** gives no rows.  Usable in joins:
**     SELECT l.id, p.name, p.value FROM links AS l, url_search_params(l.url) AS p;
**
** url_search_param(input, name): URLSearchParams get(name): the first value
** for name, or NULL when there is none.  NULL input or name gives NULL.
**
** The modifiers return the new href, exactly as
**     u = new URL(url); u.searchParams.OP(...); return u.href
**   url_search_param_append(url, name, value)
**   url_search_param_set(url, name, value)
**   url_search_param_delete(url, name [, value])
**   url_search_params_sort(url)
** The update steps re-serialize the whole query with the form serializer,
** so any operation normalizes it ('?a=b c' becomes '?a=b+c', '?a' becomes
** '?a='), and an empty list leaves no '?' at all.  The fragment is kept.
** `url` must be an absolute URL: an invalid one gives NULL.  NULL url or
** name gives NULL, so does a NULL value of append and set (a NULL value is
** not '').  delete's value is optional, and an optional argument given as
** NULL is one not given (as a NULL encoding is UTF-8): a NULL value
** deletes every value of name, as delete(name), also with an encoding.
**
** url_encode(text [, set]): UTF-8 percent-encodes text (a BLOB: its
** octets) with a named set (uri/encode.c: the URL Standard's 'component',
** the default and JavaScript's encodeURIComponent, 'userinfo', 'path',
** 'query', 'special-query', 'fragment', 'c0-control', 'form'
** (application/x-www-form-urlencoded: also ! ' ( ) ~, and space becomes
** '+'); RFC 3986's 'unreserved', 'pchar', 'reg-name', 'rfc3986-*';
** JavaScript's 'uri').  uri_encode is the same function.  Names are ASCII
** case-insensitive; an unknown one is an SQL error that lists the names.
**
** url_decode(text [, mode]): percent-decodes text (a '%' not followed by
** two hex digits stays as it is), then UTF-8 decodes the bytes with U+FFFD
** replacement; with mode 'form', '+' is a space first ('percent', the
** default: it is not).  Any other mode is an SQL error.
**
** Encodings (an Encoding Standard label as the last argument; NULL is
** UTF-8, an unknown label the error "FN: unknown encoding 'x'"):
**   url_encode(text, set, encoding): the Standard's percent-encode after
**     encoding in the label's output encoding: a code point it lacks is
**     '%26%23N%3B' (&#N;).  (url.bs uses it with 'special-query' and
**     'form' only; here every set works, byte by byte.)
**   url_decode(text, mode, encoding): the percent-decoded bytes decoded in
**     the encoding with replacement (no BOM sniffing), e.g. a search
**     keyword in GBK: url_decode('%C4%E3%BA%C3', 'percent', 'gbk') = '你好';
**     'binary' returns the bytes themselves, as a BLOB.
**   url_search_param_append / _set (url, name, value, encoding),
**   url_search_param_delete(url, name, value, encoding),
**   url_search_params_sort(url, encoding): the URL parsed with the
**     encoding, its query decoded in it and the list serialized in it (the
**     form serializer's encoding argument), as a form of a page in that
**     encoding would; beyond the Standard, whose URLSearchParams is UTF-8.
**   url_search_param(input, name, encoding): get(name) with the names and
**     the value decoded in the encoding (the URL parsed with it).
**   url_search_params(input, encoding): names and values decoded in the
**     encoding (the URL parsed with it); beyond the Standard, whose form
**     parser decodes UTF-8.
**   The URL functions take the label's output encoding (UTF-8 for UTF-16
**   and replacement, as a page's URLs do), and a URL's query in the
**   encoding the parser wrote it in (url_query_encoding: UTF-8 for ws, wss
**   and non-special URLs, as url_href); url_decode decodes in the
**   encoding itself.
**
** For both, NULL text gives NULL; a NULL set, mode or encoding is the
** default (one not given).  Arguments are read as everywhere in this
** extension (numbers as their text, invalid UTF-8 as U+FFFD), but for the
** BLOBs url_encode and url_decode take: their octets as they are.
**
** Performance: the decoded list lives in stack storage (1 KiB of text, 64
** tuples) and moves to the heap only beyond that; the table-valued
** function's cursor (a url_tvf, ext/vtab.c) holds that storage inline (one
** allocation per cursor) and reuses it from row to row of a join.  url_search_param decodes only
** the names it compares.  Every operation is linear in the query's length
** except sort (a stable merge sort).
*/
#include "encoding.h"
#include "ext.h"
#include "parse.h"
#include "percent.h"
#include "uri.h"
#include "urlencoded.h"

/* url_fn_search_modify's row argument. */
enum { URL_SP_APPEND, URL_SP_SET, URL_SP_DELETE, URL_SP_SORT };
/* Added to it in the rows whose last argument is an encoding. */
#define URL_SP_ENC 0x10

#define SP_TEXT 1024 /* bytes of decoded text in stack storage */
#define SP_PAIRS 64  /* tuples in stack storage */

/*
** The query string of a source (URL or query string) s[0..n), parsed with
** *enc: *q is NULL when s is a URL with a null query.  u (freshly
** initialised) holds the parsed URL, which *q may point into; *enc becomes
** the encoding its query is in (url_query_encoding: UTF-8 for ws, wss and
** non-special URLs).  Returns URL_OK or an error.
*/
static int source_query(const char *s, size_t n, url *u, url_str *q, int *enc) {
  int rc = url_parse_enc(u, s, n, NULL, *enc);
  if (rc == URL_OK) {
    *q = url_query(u);
    *enc = url_query_encoding(u, *enc);
    return URL_OK;
  }
  if (rc != URL_FAILURE) return rc;
  if (n > 0 && s[0] == '?') {
    s++;
    n--;
  }
  q->s = s;
  q->n = n;
  return URL_OK;
}

/* ------------------------------------------------------ scalar: get */

/* url_search_param(input, name [, encoding]) */
static void url_fn_search_param(sqlite3_context *ctx, int argc, sqlite3_value **argv) {
  int enc = URL_ENC_UTF_8;
  if (argc > 2) {
    enc = url_arg_encoding(ctx, argv, 2);
    if (enc == URL_ARG_ERROR) return;
    enc = enc == URL_ARG_NULL ? URL_ENC_UTF_8 : url_encoding_output(enc);
  }
  url_call c;
  url_call_begin(&c, ctx);
  url_arg in, name;
  int rc = url_arg_read(&in, argv[0], c.max);
  int rn = url_arg_read(&name, argv[1], c.max);
  if (rc == URL_OK) rc = rn;
  url_str q = {NULL, 0};
  if (rc == URL_OK) rc = source_query(in.s, in.n, &c.u, &q, &enc);
  if (rc == URL_OK)
    rc = q.s ? url_sp_get_in_enc(q.s, q.n, name.s, name.n, &c.out, enc)
             : URL_FAILURE;
  url_arg_free(&name);
  url_arg_free(&in);
  url_call_result(&c, rc);
}

/* ------------------------------------------------- scalar: modifiers */

/* Applies the row's operation (URL_SP_*) to the list p. */
static int modify(int op, url_search_params *p, const url_arg *name,
                  const url_arg *value) {
  switch (op) {
    case URL_SP_APPEND:
      return url_sp_append(p, name->s, name->n, value->s, value->n);
    case URL_SP_SET:
      return url_sp_set(p, name->s, name->n, value->s, value->n);
    case URL_SP_DELETE:
      return url_sp_delete(p, name->s, name->n, value ? value->s : NULL,
                           value ? value->n : 0);
    default:
      return url_sp_sort(p);
  }
}

/*
** url_search_param_append / _set / _delete, url_search_params_sort: one
** implementation; the operation is the row argument.  argv: url, then
** name and value when the operation takes them.
*/
static void url_fn_search_modify(sqlite3_context *ctx, int argc,
                          sqlite3_value **argv) {
  int op = url_fn_arg(ctx), enc = URL_ENC_UTF_8;
  if (op & URL_SP_ENC) {
    /* The encoding: the URL is parsed, its query decoded and the list
       serialized in it. */
    enc = url_arg_encoding(ctx, argv, --argc);
    if (enc == URL_ARG_ERROR) return;
    if (enc == URL_ARG_NULL) enc = URL_ENC_UTF_8;
    enc = url_encoding_output(enc);
    op &= ~URL_SP_ENC;
  }
  /* delete's value: NULL is no value, delete(name), as a NULL encoding is
     UTF-8 (an optional argument given as NULL is one not given). */
  if (op == URL_SP_DELETE && argc > 2 &&
      sqlite3_value_type(argv[2]) == SQLITE_NULL)
    argc = 2;
  url_call c;
  url_call_begin(&c, ctx);
  url_arg args[3];
  int rc = URL_OK;
  for (int i = 0; i < argc; i++) {
    int ri = url_arg_read(&args[i], argv[i], c.max);
    if (rc == URL_OK) rc = ri;
  }
  char text[SP_TEXT];
  url_sp_pair pairs[SP_PAIRS];
  url_search_params p;
  url_sp_init(&p, &url_mem_sqlite, text, sizeof text, pairs, SP_PAIRS, c.max);
  if (rc == URL_OK) rc = url_parse_enc(&c.u, args[0].s, args[0].n, NULL, enc);
  /* The query is decoded and the list serialized in the encoding the
     parser wrote the query in: UTF-8 for ws, wss and non-special URLs, as
     url_href's. */
  if (rc == URL_OK) enc = url_query_encoding(&c.u, enc);
  url_str q = url_query(&c.u);
  if (rc == URL_OK && q.s) rc = url_sp_parse_enc(&p, q.s, q.n, enc);
  if (rc == URL_OK)
    rc = modify(op, &p, &args[1], argc > 2 ? &args[2] : NULL);
  if (rc == URL_OK) rc = url_sp_update_enc(&c.u, &p, &c.b, enc); /* b: the new URL */
  url_result_str(ctx, rc, url_href(&c.b));
  url_sp_free(&p);
  for (int i = 0; i < argc; i++) url_arg_free(&args[i]);
  url_call_end(&c);
}

/* ------------------------------------------------ encode and decode */

/*
** url_encode(text [, set [, encoding]]), and uri_encode, which is the same
** function (docs/conventions.md, rule 5: one name, one set, in both
** families; uri/encode.c holds the table).  A BLOB is encoded octet by
** octet, whatever the encoding (RFC 3986 §2.1 encodes octets); TEXT is
** encoded after encoding it in the label's output encoding (UTF-8 by
** default, NULL included).
*/
void url_fn_percent_encode(sqlite3_context *ctx, int argc, sqlite3_value **argv) {
  int set = url_arg_option(ctx, argc, argv, 1, "percent-encode set",
                           uri_set_names, URI_SET_COUNT, URI_SET_COMPONENT);
  if (set < 0) return;
  int enc = argc > 2 ? url_arg_encoding(ctx, argv, 2) : URL_ENC_UTF_8;
  if (enc == URL_ARG_ERROR) return;
  if (enc == URL_ARG_NULL) enc = URL_ENC_UTF_8;
  url_call c;
  url_call_begin(&c, ctx);
  int rc;
  if (sqlite3_value_type(argv[0]) == SQLITE_BLOB) {
    const char *p;
    size_t n;
    rc = url_arg_bytes(argv[0], &p, &n);
    if (rc == URL_OK) uri_encode(&c.out, URL_ENC_UTF_8, p ? p : "", n, (uri_set)set);
  } else {
    url_arg in;
    rc = url_arg_read(&in, argv[0], c.max);
    if (rc == URL_OK)
      uri_encode(&c.out, url_encoding_output(enc), in.s, in.n, (uri_set)set);
    url_arg_free(&in);
  }
  url_call_result(&c, rc);
}

/* url_decode(text [, mode [, encoding]]): the percent-decoded bytes (with
   'form', '+' as a space first) as text in the encoding, or as a BLOB
   ('binary'). */
static void url_fn_decode(sqlite3_context *ctx, int argc, sqlite3_value **argv) {
  static const char *const modes[] = {"percent", "form"};
  int form = url_arg_option(ctx, argc, argv, 1, "mode", modes, 2, 0);
  if (form < 0) return;
  int enc = url_arg_decode_to(ctx, argc, argv, 2);
  if (enc == URL_ARG_ERROR) return;
  url_call_decode(ctx, argv[0], enc, url_pct_decode, form);
}

/* ------------------------------------- url_search_params(input) table */

typedef struct sp_cursor {
  url_tvf_cursor base;
  url_search_params p; /* the tuples */
  url_sp_pair pairs[SP_PAIRS];
  char text[SP_TEXT];
} sp_cursor;

static void sp_open(url_tvf_cursor *cur) {
  sp_cursor *c = (sp_cursor *)cur;
  url_sp_init(&c->p, &url_mem_sqlite, c->text, sizeof c->text, c->pairs,
              SP_PAIRS, cur->max);
}

static void sp_close(url_tvf_cursor *cur) { url_sp_free(&((sp_cursor *)cur)->p); }

/* argv: input.  One row per tuple of its query. */
static int sp_filter(url_tvf_cursor *cur, sqlite3_value **argv) {
  sp_cursor *c = (sp_cursor *)cur;
  /* Keep storage grown on the heap from row to row of a join, unless an
     error made it unusable. */
  if (url_sp_error(&c->p)) {
    url_sp_free(&c->p);
    sp_open(cur);
  } else {
    url_sp_clear(&c->p);
  }
  if (!argv[0]) return URL_OK;
  int enc = URL_ENC_UTF_8;
  if (argv[1] && sqlite3_value_type(argv[1]) != SQLITE_NULL) {
    char *msg;
    enc = url_value_encoding(argv[1], &msg);
    if (enc == URL_ARG_ERROR) {
      if (!msg) return URL_NOMEM;
      url_tvf_error(cur, msg);
      sqlite3_free(msg);
      return URL_FAILURE;
    }
    enc = url_encoding_output(enc); /* as a page's URLs use it */
  }
  url_arg in;
  int rc = url_arg_read(&in, argv[0], cur->max);
  char ust[URL_STACK];
  url u;
  url_init(&u, &url_mem_sqlite, ust, sizeof ust, cur->max);
  url_str q = {NULL, 0};
  if (rc == URL_OK) rc = source_query(in.s, in.n, &u, &q, &enc);
  if (rc == URL_OK && q.s) rc = url_sp_parse_enc(&c->p, q.s, q.n, enc);
  url_free(&u);
  url_arg_free(&in);
  if (rc == URL_FAILURE) rc = URL_OK; /* NULL input: no rows */
  if (rc == URL_OK) cur->n_rows = (sqlite3_int64)c->p.count;
  return rc;
}

static void sp_column(url_tvf_cursor *cur, sqlite3_context *ctx, int i) {
  sp_cursor *c = (sp_cursor *)cur;
  size_t row = (size_t)cur->row;
  url_result_str(ctx, URL_OK,
                 i == 0 ? url_sp_name(&c->p, row) : url_sp_value(&c->p, row));
}

static const char *const sp_columns[] = {"name TEXT", "value TEXT"};
static const char *const sp_args[] = {"input", "encoding"};

static const url_tvf url_search_params_tvf = {
    URL_TVF_SHAPE("url_search_params", sp_columns, sp_args, 1, sp_cursor),
    .open = sp_open, .close = sp_close,
    .filter = sp_filter, .column = sp_column};

/* ------------------------------------------------------ registration */

/* URL_SP_* is url_fn_search_modify's row argument. */
static const url_func funcs[] = {
    {"url_search_param", URL_ARITY(2, 3), URL_PURE, 0, url_fn_search_param},
    {"url_search_param_append", 3, URL_PURE, URL_SP_APPEND, url_fn_search_modify},
    {"url_search_param_append", 4, URL_PURE, URL_SP_APPEND | URL_SP_ENC, url_fn_search_modify},
    {"url_search_param_set", 3, URL_PURE, URL_SP_SET, url_fn_search_modify},
    {"url_search_param_set", 4, URL_PURE, URL_SP_SET | URL_SP_ENC, url_fn_search_modify},
    {"url_search_param_delete", URL_ARITY(2, 3), URL_PURE, URL_SP_DELETE, url_fn_search_modify},
    {"url_search_param_delete", 4, URL_PURE, URL_SP_DELETE | URL_SP_ENC, url_fn_search_modify},
    {"url_search_params_sort", 1, URL_PURE, URL_SP_SORT, url_fn_search_modify},
    {"url_search_params_sort", 2, URL_PURE, URL_SP_SORT | URL_SP_ENC, url_fn_search_modify},
    {"url_encode", URL_ARITY(1, 3), URL_PURE, 0, url_fn_percent_encode},
    {"url_decode", URL_ARITY(1, 3), URL_PURE, 0, url_fn_decode},
};

static const url_tvf *const tvfs[] = {&url_search_params_tvf};

const url_family url_search_params_family = {funcs, URL_COUNT(funcs), tvfs, URL_COUNT(tvfs)};
