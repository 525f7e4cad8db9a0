/*
** RFC 3986 / RFC 3987 beside the URL Standard: the uri_* functions
** (uri/; docs/uri.md).  The prefix names the standard: url_host('https:h/p')
** is 'h', uri_host('https:h/p') NULL (no authority).
**
**   SELECT uri_valid('https://"www.example.com/');             -- 0
**   SELECT uri_error('https://"www.example.com/');
**     -- {"offset":8,"component":"host","char":"\""}
**   SELECT uri_resolve('foo:bar', 'g');                         -- 'foo:g'
**   SELECT uri_relative('http://a/b/c/g?y', 'http://a/b/c/d;p?q'); -- 'g?y'
**   SELECT uri_normalize('eXAMPLE://a/./b/../b/%63/%7bfoo%7d');
**     -- 'example://a/b/c/%7Bfoo%7D'
**   SELECT host, host_type, port FROM uri_components('http://[::1]:8/');
**
** Input is read as SQLite holds it (bytes that are not valid UTF-8 never
** match a rule, so no repair is needed); a reference that does not match
** its rule gives NULL.  Nothing allocates on the common path: results are
** built in a stack buffer (url_mem_sqlite past it).
*/
#include <string.h>

#include "ext.h"
#include "uri.h"
#include "utf8.h"

/* An input argument's bytes; URL_FAILURE for NULL. */
static int arg_bytes(sqlite3_value *v, const char **s, size_t *n) {
  int rc = url_arg_bytes(v, s, n);
  if (!*s) *s = "";
  return rc;
}

/* argv[0] parsed under `rule`: URL_OK, URL_FAILURE (NULL or no match) or
   URL_NOMEM. */
static int parse_arg(sqlite3_value *v, uri_rule rule, const char **s,
                     size_t *n, uri_parts *p) {
  int rc = arg_bytes(v, s, n);
  if (rc == URL_OK && !uri_parse(*s, *n, rule, p)) rc = URL_FAILURE;
  return rc;
}

/* The optional argument argv[i] naming one of names[0..n) (a rule, level,
   set, mode): its index, dflt when absent, or -1 when the result is set
   (NULL for a NULL option, or the error listing the names). */
static int option_arg(sqlite3_context *ctx, int argc, sqlite3_value **argv,
                      int i, const char *what, const char *const *names, int n,
                      int dflt) {
  if (argc <= i) return dflt;
  int r = url_arg_choice(ctx, argv, i, what, names, n);
  if (r == URL_ARG_NULL) sqlite3_result_null(ctx);
  return r < 0 ? -1 : r;
}

static int rule_arg(sqlite3_context *ctx, int argc, sqlite3_value **argv) {
  return option_arg(ctx, argc, argv, 1, "rule", uri_rule_names, URI_RULE_COUNT,
                    URI_RULE_URI);
}

/* An output buffer on the stack, growing with SQLite's allocator. */
typedef struct out_buf {
  url_buf b;
  char st[URL_STACK];
} out_buf;

static void out_begin(out_buf *o, sqlite3_context *ctx) {
  url_buf_init(&o->b, &url_mem_sqlite, o->st, sizeof o->st, url_max_len(ctx));
}

/* Sets the result: o's text for URL_OK (or o's error), then frees it.
   The text of a URI has no NUL, so SQLite gets it NUL-terminated
   (url_result_part: reading it as a C string then costs no copy). */
static void out_result(sqlite3_context *ctx, int rc, out_buf *o) {
  if (rc == URL_OK) rc = o->b.err;
  url_result_part(ctx, rc, (url_str){rc == URL_OK ? o->b.ptr : NULL, o->b.len},
                  &o->b, 1);
  url_buf_free(&o->b);
}

/* The same for text that may hold NUL bytes (uri_decode's). */
static void out_result_bytes(sqlite3_context *ctx, int rc, out_buf *o) {
  if (rc == URL_OK) rc = o->b.err;
  url_result_buf(ctx, rc, (url_str){o->b.ptr, o->b.len}, &o->b);
  url_buf_free(&o->b);
}

/* ------------------------------------------------------------ validation */

/* uri_valid(x [, rule]) */
static void uri_fn_valid(sqlite3_context *ctx, int argc, sqlite3_value **argv) {
  int rule = rule_arg(ctx, argc, argv);
  if (rule < 0) return;
  const char *s;
  size_t n;
  int rc = arg_bytes(argv[0], &s, &n);
  uri_parts p;
  url_result_int(ctx, rc, rc == URL_OK && uri_parse(s, n, (uri_rule)rule, &p));
}

/* uri_error(x [, rule]): NULL when x matches, else
   {"offset":N,"component":"...","char":"c"|null}. */
static void uri_fn_error(sqlite3_context *ctx, int argc, sqlite3_value **argv) {
  int rule = rule_arg(ctx, argc, argv);
  if (rule < 0) return;
  const char *s;
  size_t n;
  uri_parts p;
  int rc = arg_bytes(argv[0], &s, &n);
  if (rc != URL_OK || uri_parse(s, n, (uri_rule)rule, &p)) {
    url_result(ctx, rc == URL_OK ? URL_FAILURE : rc, "", 0);
    return;
  }
  sqlite3_str *j = sqlite3_str_new(NULL);
  sqlite3_str_appendf(j, "{\"offset\":%llu,\"component\":\"%s\",\"char\":",
                      (unsigned long long)p.err_off,
                      uri_component_names[p.err_component]);
  if (p.err_at_end) {
    sqlite3_str_appendall(j, "null");
  } else {
    /* the character there: one code point, or one byte of bad UTF-8 */
    size_t len = url_utf8_seqlen((unsigned char)s[p.err_off]);
    if (len > n - p.err_off) len = n - p.err_off;
    len = url_utf8_valid_prefix((const unsigned char *)s + p.err_off, len);
    url_json_append_string(j, s + p.err_off, len ? len : 1);
  }
  sqlite3_str_appendchar(j, 1, '}');
  if (sqlite3_str_errcode(j) != SQLITE_OK) {
    sqlite3_free(sqlite3_str_finish(j));
    sqlite3_result_error_nomem(ctx);
    return;
  }
  int len = sqlite3_str_length(j);
  sqlite3_result_text(ctx, sqlite3_str_finish(j), len, sqlite3_free);
}

/* ------------------------------------------------------------- components */

/* uri_scheme(x) ... uri_fragment(x), uri_host_type(x): x as an
   IRI-reference (the URI-reference rule is the ASCII part of it); the row
   argument is the uri_component, or URI_COMPONENT_COUNT for the host
   type.  An absent component is NULL, an empty one ''. */
static void uri_fn_part(sqlite3_context *ctx, int argc, sqlite3_value **argv) {
  const char *s;
  size_t n;
  uri_parts p;
  int rc = parse_arg(argv[0], URI_RULE_IRI_REFERENCE, &s, &n, &p);
  int c = url_fn_arg(ctx);
  if (rc != URL_OK) {
    url_result(ctx, rc, "", 0);
  } else if (c == URI_COMPONENT_COUNT) {
    const char *t = uri_host_type_names[p.host_type];
    if (t) sqlite3_result_text(ctx, t, -1, SQLITE_STATIC);
  } else if (uri_has(&p, (uri_component)c)) {
    url_result(ctx, URL_OK, s + p.c[c].off, p.c[c].len);
  }
}

/* uri_components(x): one row of the components of x as uri_fn_part gives
   them; no row when x does not match. */
static const char *const comp_columns[] = {
    "scheme TEXT", "userinfo TEXT", "host TEXT", "host_type TEXT",
    "port TEXT",   "path TEXT",     "query TEXT", "fragment TEXT"};
/* Which component each column shows (URI_COMPONENT_COUNT: host_type). */
static const unsigned char comp_of[] = {URI_SCHEME, URI_USERINFO, URI_HOST,
                                        URI_COMPONENT_COUNT, URI_PORT, URI_PATH,
                                        URI_QUERY, URI_FRAGMENT};

typedef struct uri_cursor {
  url_tvf_cursor base;
  uri_parts p;
  url_buf in; /* the input's bytes, kept for the columns */
  char st[URL_STACK];
} uri_cursor;

static void comp_open(url_tvf_cursor *cur) {
  uri_cursor *c = (uri_cursor *)cur;
  url_buf_init(&c->in, &url_mem_sqlite, c->st, sizeof c->st, (size_t)-1);
}

static void comp_close(url_tvf_cursor *cur) {
  url_buf_free(&((uri_cursor *)cur)->in);
}

static int comp_filter(url_tvf_cursor *cur, sqlite3_value **argv) {
  uri_cursor *c = (uri_cursor *)cur;
  const char *s;
  size_t n;
  if (!argv[0]) return URL_OK;
  int rc = arg_bytes(argv[0], &s, &n);
  if (rc == URL_FAILURE) return URL_OK;
  if (rc != URL_OK) return rc;
  if (!uri_parse(s, n, URI_RULE_IRI_REFERENCE, &c->p)) return URL_OK;
  c->in.len = 0;
  url_buf_append(&c->in, s, n);
  if (c->in.err) return c->in.err;
  cur->n_rows = 1;
  return URL_OK;
}

static void comp_column(url_tvf_cursor *cur, sqlite3_context *ctx, int i) {
  uri_cursor *c = (uri_cursor *)cur;
  int k = comp_of[i];
  if (k == URI_COMPONENT_COUNT) {
    const char *t = uri_host_type_names[c->p.host_type];
    if (t) sqlite3_result_text(ctx, t, -1, SQLITE_STATIC);
  } else if (uri_has(&c->p, (uri_component)k)) {
    url_result(ctx, URL_OK, c->in.ptr + c->p.c[k].off, c->p.c[k].len);
  }
}

static const char *const comp_args[] = {"input"};

static const url_tvf uri_components_tvf = {
    .name = "uri_components",
    .columns = comp_columns,
    .n_columns = URL_COUNT(comp_columns),
    .arg_names = comp_args,
    .n_args = 1,
    .n_required = 1,
    .cursor_size = sizeof(uri_cursor),
    .open = comp_open,
    .close = comp_close,
    .filter = comp_filter,
    .column = comp_column,
};

/* ------------------------------------------------------------- resolution */

/* uri_resolve(base, ref): base an IRI (a scheme), ref an IRI-reference. */
static void uri_fn_resolve(sqlite3_context *ctx, int argc, sqlite3_value **argv) {
  const char *b, *r;
  size_t bn, rn;
  uri_parts bp, rp;
  out_buf o;
  out_begin(&o, ctx);
  int rc = parse_arg(argv[0], URI_RULE_IRI, &b, &bn, &bp);
  if (rc == URL_OK) rc = parse_arg(argv[1], URI_RULE_IRI_REFERENCE, &r, &rn, &rp);
  if (rc == URL_OK) uri_resolve(&o.b, b, &bp, r, &rp);
  out_result(ctx, rc, &o);
}

/* uri_relative(target, base): both IRIs. */
static void uri_fn_relative(sqlite3_context *ctx, int argc, sqlite3_value **argv) {
  const char *t, *b;
  size_t tn, bn;
  uri_parts tp, bp;
  out_buf o;
  out_begin(&o, ctx);
  int rc = parse_arg(argv[0], URI_RULE_IRI, &t, &tn, &tp);
  if (rc == URL_OK) rc = parse_arg(argv[1], URI_RULE_IRI, &b, &bn, &bp);
  if (rc == URL_OK) uri_relative(&o.b, t, &tp, b, &bp);
  out_result(ctx, rc, &o);
}

/* ---------------------------------------------------------- normalization */

static const char *const norm_levels[] = {"syntax", "scheme"};

/* One transformation of an IRI-reference, with its option. */
typedef void (*uri_xform)(url_buf *out, const char *s, const uri_parts *p, int opt);

/* Sets the result: argv[0] (an IRI-reference) transformed by f. */
static void xform_result(sqlite3_context *ctx, sqlite3_value **argv,
                         uri_xform f, int opt) {
  const char *s;
  size_t n;
  uri_parts p;
  out_buf o;
  out_begin(&o, ctx);
  int rc = parse_arg(argv[0], URI_RULE_IRI_REFERENCE, &s, &n, &p);
  if (rc == URL_OK) f(&o.b, s, &p, opt);
  out_result(ctx, rc, &o);
}

static void normalize_x(url_buf *out, const char *s, const uri_parts *p, int level) {
  uri_normalize(out, s, p, (uri_norm_level)level);
}

/* uri_normalize(x [, level]) */
static void uri_fn_normalize(sqlite3_context *ctx, int argc, sqlite3_value **argv) {
  int level = option_arg(ctx, argc, argv, 1, "level", norm_levels, 2, URI_NORM_SYNTAX);
  if (level >= 0) xform_result(ctx, argv, normalize_x, level);
}

/* uri_equivalent's levels: §6.2.1's ladder, each also without the
   fragment. */
static const char *const eq_levels[] = {"simple", "syntax", "scheme",
                                        "simple-nofragment", "syntax-nofragment",
                                        "scheme-nofragment"};

/* x's form at `level` (0 simple: as written) into o, the fragment left
   out when nofrag. */
static void comparable(url_buf *o, const char *s, uri_parts *p, int level,
                       int nofrag) {
  if (nofrag) p->present &= ~(1u << URI_FRAGMENT);
  if (level == 0) uri_recompose(o, s, p);
  else uri_normalize(o, s, p, level == 1 ? URI_NORM_SYNTAX : URI_NORM_SCHEME);
}

/* uri_equivalent(a, b [, level]) */
static void uri_fn_equivalent(sqlite3_context *ctx, int argc, sqlite3_value **argv) {
  int level = option_arg(ctx, argc, argv, 2, "level", eq_levels, 6, 1);
  if (level < 0) return;
  const char *a, *b;
  size_t an, bn;
  uri_parts ap, bp;
  out_buf oa, ob;
  out_begin(&oa, ctx);
  out_begin(&ob, ctx);
  oa.b.max = ob.b.max = (size_t)-1; /* compared, never returned */
  int rc = parse_arg(argv[0], URI_RULE_IRI_REFERENCE, &a, &an, &ap);
  if (rc == URL_OK) rc = parse_arg(argv[1], URI_RULE_IRI_REFERENCE, &b, &bn, &bp);
  int same = 0;
  if (rc == URL_OK) {
    comparable(&oa.b, a, &ap, level % 3, level >= 3);
    comparable(&ob.b, b, &bp, level % 3, level >= 3);
    rc = oa.b.err ? oa.b.err : ob.b.err;
    same = oa.b.len == ob.b.len && memcmp(oa.b.ptr, ob.b.ptr, oa.b.len) == 0;
  }
  url_result_int(ctx, rc, same);
  url_buf_free(&oa.b);
  url_buf_free(&ob.b);
}

/* -------------------------------------------------------- percent-encoding */

/* uri_encode(text [, set]) */
static void uri_fn_encode(sqlite3_context *ctx, int argc, sqlite3_value **argv) {
  int set = option_arg(ctx, argc, argv, 1, "set", uri_set_names, URI_SET_COUNT,
                       URI_SET_UNRESERVED);
  if (set < 0) return;
  out_buf o;
  out_begin(&o, ctx);
  url_arg in;
  int rc = url_arg_read(&in, argv[0], o.b.max);
  if (rc == URL_OK) uri_encode(&o.b, in.s, in.n, (uri_set)set);
  url_arg_free(&in);
  out_result(ctx, rc, &o);
}

/* uri_decode(text [, mode]): bytes that are not UTF-8 after decoding
   become U+FFFD, as url_decode's do. */
static void uri_fn_decode(sqlite3_context *ctx, int argc, sqlite3_value **argv) {
  int mode = option_arg(ctx, argc, argv, 1, "mode", uri_decode_names,
                        URI_DECODE_COUNT, URI_DECODE_ALL);
  if (mode < 0) return;
  out_buf o, fixed;
  out_begin(&o, ctx);
  out_begin(&fixed, ctx);
  url_arg in;
  int rc = url_arg_read(&in, argv[0], o.b.max);
  if (rc == URL_OK) uri_decode(&o.b, in.s, in.n, (uri_decode_mode)mode);
  url_arg_free(&in);
  if (rc == URL_OK && !o.b.err &&
      url_utf8_valid_prefix((const unsigned char *)o.b.ptr, o.b.len) != o.b.len) {
    const char *t;
    size_t tn;
    rc = url_utf8_sanitize(o.b.ptr, o.b.len, &fixed.b, &t, &tn);
    url_buf_free(&o.b);
    out_result_bytes(ctx, rc, &fixed);
    return;
  }
  url_buf_free(&fixed.b);
  out_result_bytes(ctx, rc, &o);
}

/* ------------------------------------------------------------------ IRIs */

static const char *const host_modes[] = {"percent", "idna"};

static void to_iri_x(url_buf *out, const char *s, const uri_parts *p, int opt) {
  uri_to_iri(out, s, p);
}

/* uri_from_iri(x [, host]): host 'percent' (default) or 'idna'. */
static void uri_fn_from_iri(sqlite3_context *ctx, int argc, sqlite3_value **argv) {
  int idna = option_arg(ctx, argc, argv, 1, "host mode", host_modes, 2, 0);
  if (idna >= 0) xform_result(ctx, argv, uri_from_iri, idna);
}

/* uri_to_iri(x) */
static void uri_fn_to_iri(sqlite3_context *ctx, int argc, sqlite3_value **argv) {
  xform_result(ctx, argv, to_iri_x, 0);
}

/* uri_from_url(x): the URL Standard's href of x, made an RFC 3986 URI. */
static void uri_fn_from_url(sqlite3_context *ctx, int argc, sqlite3_value **argv) {
  url_call c;
  url_call_begin(&c, ctx);
  int rc = url_call_parse(&c, argv, 0, -1);
  if (rc == URL_OK) {
    url_str h = url_href(&c.u);
    uri_from_href(&c.out, h.s, h.n);
  }
  url_call_result(&c, rc);
}

/* ----------------------------------------------------------- registration */

static const url_func funcs[] = {
    {"uri_valid", 1, URL_PURE, 0, uri_fn_valid},
    {"uri_valid", 2, URL_PURE, 0, uri_fn_valid},
    {"uri_error", 1, URL_PURE, 0, uri_fn_error},
    {"uri_error", 2, URL_PURE, 0, uri_fn_error},
    {"uri_scheme", 1, URL_PURE, URI_SCHEME, uri_fn_part},
    {"uri_userinfo", 1, URL_PURE, URI_USERINFO, uri_fn_part},
    {"uri_host", 1, URL_PURE, URI_HOST, uri_fn_part},
    {"uri_host_type", 1, URL_PURE, URI_COMPONENT_COUNT, uri_fn_part},
    {"uri_port", 1, URL_PURE, URI_PORT, uri_fn_part},
    {"uri_path", 1, URL_PURE, URI_PATH, uri_fn_part},
    {"uri_query", 1, URL_PURE, URI_QUERY, uri_fn_part},
    {"uri_fragment", 1, URL_PURE, URI_FRAGMENT, uri_fn_part},
    {"uri_resolve", 2, URL_PURE, 0, uri_fn_resolve},
    {"uri_relative", 2, URL_PURE, 0, uri_fn_relative},
    {"uri_normalize", 1, URL_PURE, 0, uri_fn_normalize},
    {"uri_normalize", 2, URL_PURE, 0, uri_fn_normalize},
    {"uri_equivalent", 2, URL_PURE, 0, uri_fn_equivalent},
    {"uri_equivalent", 3, URL_PURE, 0, uri_fn_equivalent},
    {"uri_encode", 1, URL_PURE, 0, uri_fn_encode},
    {"uri_encode", 2, URL_PURE, 0, uri_fn_encode},
    {"uri_decode", 1, URL_PURE, 0, uri_fn_decode},
    {"uri_decode", 2, URL_PURE, 0, uri_fn_decode},
    {"uri_from_iri", 1, URL_PURE, 0, uri_fn_from_iri},
    {"uri_from_iri", 2, URL_PURE, 0, uri_fn_from_iri},
    {"uri_to_iri", 1, URL_PURE, 0, uri_fn_to_iri},
    {"uri_from_url", 1, URL_PURE, 0, uri_fn_from_url},
};

static const url_tvf *const tvfs[] = {&uri_components_tvf};

const url_family url_uri_family = {funcs, URL_COUNT(funcs), tvfs, URL_COUNT(tvfs)};
